"""Rules tables: the shared Struct base, finding a table's schema, and loading.

Tables are written by hand as TOML under ``tables/<family>/<name>.toml``. The
build decodes each file into the schema its rule set names for its id
(``"<family>/<name>"``, :func:`schema_for`), which validates every value range and
every cross-row rule, and writes the same Struct as msgpack to
``dist/tables/<id>.msgpack``. The page loads those bytes back with :func:`load_table`;
the command line reads the TOML files (:mod:`pyengine.cli.tables`).
"""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

import msgspec

from pyengine.errors import TableDataError


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every table and result Struct.

    * ``frozen``: values never change after decoding; a changed copy is made with
      :func:`msgspec.structs.replace`, so a result can be shared and replayed as is.
    * ``kw_only``: fields are always named, in code as in the TOML files.
    * ``forbid_unknown_fields``: a misspelt key in a table file is an error,
      never silently dropped.

    A subclass that the type checker reads (the core, storage, the library) says
    ``frozen=True`` again: mypy takes each class's own arguments, not its base's.
    """


T = TypeVar("T")

def schema_for(table_id: str) -> type[Any]:
    """Returns the schema Struct for a table id (``"<family>/<name>"``).

    Each rule set lists its tables in its own ``tables`` module's ``SCHEMAS`` (table id ->
    ``"module:Struct"``), e.g. :data:`pyengine.runequest.tables.SCHEMAS`; the core knows
    no rule set, only that convention.

    :raises TableDataError: no rule set has a table of that id.
    """
    family, _, _ = table_id.partition("/")
    schemas = family_schemas(family)
    try:
        target = schemas[table_id]
    except KeyError:
        known = ", ".join(sorted(schemas)) or "none"
        raise TableDataError(f"table {table_id!r}: no schema for it (known {family} tables: {known})") from None
    module, _, name = target.partition(":")
    schema: type[Any] = getattr(importlib.import_module(module), name)
    return schema


def family_schemas(family: str) -> dict[str, str]:
    """A rule set's tables (id -> ``"module:Struct"``); empty for an unknown family."""
    if not family.isidentifier():
        return {}
    try:
        module = importlib.import_module(f"pyengine.{family}.tables")
    except ModuleNotFoundError:
        return {}
    schemas: dict[str, str] = getattr(module, "SCHEMAS", {})
    return schemas


def decode_toml(schema: type[T], text: str | bytes, source: str) -> T:
    """Decodes and validates a TOML table file; ``source`` names it in errors.

    :raises TableDataError: "<source>: <what is wrong> - at `$.rows[3].field`".
    """
    try:
        return msgspec.toml.decode(text, type=schema)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise TableDataError(f"{source}: {exc}") from None


def encode_table(table: msgspec.Struct) -> bytes:
    """The compiled form of a table: msgpack of the validated Struct."""
    return msgspec.msgpack.encode(table)


def load_table(schema: type[T], data: bytes, source: str = "table") -> T:
    """Decodes a compiled table, validating it again.

    :raises TableDataError: the bytes are damaged or do not fit the schema.
    """
    try:
        return msgspec.msgpack.decode(data, type=schema)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise TableDataError(f"{source}: {exc}") from None
