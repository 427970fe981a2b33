"""The tables compiler: tables/**/*.toml, validated into the engine's schemas, as msgpack."""

from __future__ import annotations

from pathlib import Path

from builder.base import BuildError
from pyengine.errors import TableDataError
from pyengine.tables import decode_toml, encode_table, schema_for


def compile_tables(src: Path, out: Path) -> list[str]:
    """Decodes every ``src/**/*.toml`` into its schema and writes ``out/<id>.msgpack``.

    :raises BuildError: a file has no schema or does not fit it; the message names
        the file and msgspec's path to the row and field.
    """
    ids = []
    for path in sorted(src.rglob("*.toml")):
        table_id = path.relative_to(src).with_suffix("").as_posix()
        shown = path.relative_to(src.parent).as_posix() if src.parent in path.parents else str(path)
        try:
            table = decode_toml(schema_for(table_id), path.read_bytes(), shown)
        except TableDataError as exc:
            raise BuildError(str(exc)) from None
        target = out / f"{table_id}.msgpack"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encode_table(table))
        ids.append(table_id)
    return ids

