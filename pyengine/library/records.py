"""Reading every record of a kind: those that read, and those that do not, set aside.

A record that does not read is never deleted or overwritten: it is listed as damaged with
its key and the reason, and :func:`export_item` gives it as a file, exactly as stored (the
start page's "Export it", as for characters since 0.1.0).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec

from pyengine.errors import RecordError, RulesError
from pyengine.library.kinds import APP_PREFIX, PREFIXES, check_kind, record_key
from pyengine.library.versions import Saved, save
from pyengine.storage.store import Store
from pyengine.tables import Record
from pyengine.validation import explain

#: What a reader of stored text may raise for a text it cannot read (a :class:`RulesError`
#: is a ``ValueError``; msgspec's and json's errors are too).
UNREADABLE = (ValueError, TypeError, KeyError, AttributeError)

Reader = Callable[[str], Any]
"""Reads a record's text: returns what it holds, raises (a :class:`RulesError`) when it cannot."""


class Entry(Record, frozen=True):
    """A record that reads."""

    kind: str
    ident: str
    key: str
    value: Any
    """What the kind's reader made of it."""


class Damaged(Record, frozen=True):
    """Something stored that does not read: kept as it is."""

    key: str
    reason: str
    """Why it does not read (the reader's message)."""
    kind: str = ""
    ident: str = ""


class Listing(Record, frozen=True):
    """Every record of a kind, in key order."""

    entries: tuple[Entry, ...] = ()
    damaged: tuple[Damaged, ...] = ()


def reason_of(exc: BaseException) -> str:
    """A reader's error as the page says it."""
    if isinstance(exc, RulesError):
        return str(exc)
    return "it does not read (this app cannot tell why: keep a backup, and tell the app's makers)"


def read_one(read: Reader, text: str) -> tuple[Any, str]:
    """``(what read gave, "")`` or ``(None, why it does not read)``."""
    try:
        return read(text), ""
    except UNREADABLE as exc:
        return None, reason_of(exc)


def ids_of(store: Store, kind: str) -> list[str]:
    """The ids of every record of ``kind`` stored, in key order."""
    prefix = PREFIXES[kind]
    return sorted(key[len(prefix):] for key in store.keys() if key.startswith(prefix) and len(key) > len(prefix))


def record_text(store: Store, kind: str, ident: str) -> str | None:
    """The current text of ``kind``'s record ``ident`` as stored (``None``: there is none, or no id)."""
    return store.get(PREFIXES[check_kind(kind)] + ident) if ident else None


def read_record(store: Store, kind: str, ident: str, read: Reader) -> tuple[Any, str] | None:
    """``(what read made of it, its text)`` for ``kind``'s record ``ident`` (``None``: there is none).

    :raises: whatever ``read`` raises for a text it cannot read (a :class:`RecordError`).
    """
    text = record_text(store, kind, ident)
    return None if text is None else (read(text), text)


def put_record(store: Store, kind: str, ident: str, text: str) -> None:
    """``text`` stored as ``kind``'s record ``ident``, with no earlier version kept (a gear list:
    saving it again under its name replaces it). A record with versions is saved with
    :func:`pyengine.library.save`.

    :raises StorageError: the device would not store it (what was there stays).
    """
    store.put(record_key(kind, ident), text)


def read_all(store: Store, kind: str, read: Reader) -> Listing:
    """Every record of ``kind``, read by ``read``."""
    entries, damaged = [], []
    for ident in ids_of(store, kind):
        key = record_key(kind, ident)
        text = store.get(key)
        if text is None:
            continue
        value, reason = read_one(read, text)
        if reason:
            damaged.append(Damaged(key=key, reason=reason, kind=kind, ident=ident))
        else:
            entries.append(Entry(kind=kind, ident=ident, key=key, value=value))
    return Listing(entries=tuple(entries), damaged=tuple(damaged))


def export_item(store: Store, key: str) -> tuple[str, str] | None:
    """A stored item as a file ``(name, text)``, exactly as stored (``None``: nothing there).
    A damaged character keeps 0.1.0's name, ``damaged-<id>.json``."""
    text = store.get(key)
    if text is None:
        return None
    character = PREFIXES["character"]
    if key.startswith(character):
        return f"damaged-{key[len(character):]}.json", text
    name = "".join(c if c.isalnum() or c in "-_." else "-" for c in key.removeprefix(APP_PREFIX))
    return f"damaged-{name[:80]}.json", text


def json_object(text: str, source: str) -> dict[str, Any]:
    """``text`` as a JSON object.

    :raises RecordError: it is not JSON, or not an object (the message starts with ``source``).
    """
    try:
        data = json.loads(text)
    except ValueError:
        raise RecordError(f"{source}: damaged (not JSON)") from None
    if not isinstance(data, dict):
        raise RecordError(f"{source}: damaged (not a JSON object)")
    return data


def read_struct(text: str, kind: type[Any], source: str, version: int) -> Any:
    """One of the library's own records (a ``format`` number first, up to ``version``).

    :raises RecordError: not JSON, no ``format``, made by a newer version, or a field that
        does not fit (named, with the value found).
    """
    data = json_object(text, source)
    found = data.get("format")
    if not isinstance(found, int) or isinstance(found, bool):
        raise RecordError(f"{source}: damaged (no \"format\" number)")
    if found > version:
        raise RecordError(f"{source}: made by a newer version (format {found}); this app reads format {version}")
    try:
        return msgspec.convert(data, type=kind)
    except msgspec.ValidationError as exc:
        raise RecordError(f"{source}: damaged ({explain(exc, data, root='record')})") from None


def write_struct(value: Any) -> str:
    """One of the library's records as stored: JSON, ASCII only (any text stores)."""
    return json.dumps(msgspec.to_builtins(value), separators=(",", ":"))


def save_new_or(store: Store, kind: str, value: Any, *, when: str, new_id: Callable[[], str], ident: str | None,
                why: str, expected: str | None) -> tuple[str, Saved]:
    """One of the library's records stored under ``ident`` (``None``: a new one, its id from
    ``new_id``), its previous version kept. Returns the id and what was written.

    :raises ConflictError: it changed since ``expected`` was read.
    :raises StorageError: the device would not store it (nothing changed).
    """
    ident = ident or new_id()
    return ident, save(store, kind, ident, write_struct(value), when=when, why=why, expected=expected)


def by_name(store: Store, kind: str, read: Reader) -> Listing:
    """Every record of ``kind`` (whose value has a ``name``), by name without case; damaged ones apart."""
    listing = read_all(store, kind, read)
    entries = sorted(listing.entries, key=lambda e: (e.value.name.casefold(), e.ident))
    return Listing(entries=tuple(entries), damaged=listing.damaged)
