"""The kinds of record the device keeps, and where each is stored.

A record is a text stored under its kind's prefix and its id (``strike-rank/character/<id>``:
its current version, the key other pages read) and, once it has earlier versions, a second
key under :data:`~pyengine.storage.keys.HISTORY_PREFIX` (``strike-rank/history/character/<id>``).
Everything else under ``strike-rank/`` (drafts, which fight is being played, what was
deleted) is a plain item: one key, no versions.
"""

from __future__ import annotations

from pyengine.errors import RecordError
from pyengine.storage.keys import (
    APP_PREFIX,
    CHARACTER_PREFIX,
    FIGHT_PREFIX,
    GEAR_PREFIX,
    HISTORY_PREFIX,
    PARTY_PREFIX,
    TEMPLATE_PREFIX,
)
from pyengine.storage.store import Store

__all__ = ["APP_PREFIX", "NAMES", "PREFIXES", "check_kind", "has_records", "history_key", "ident_of", "label",
           "parse_key", "record_key"]

#: Each kind of record and the prefix of its current version's key.
PREFIXES: dict[str, str] = {
    "character": CHARACTER_PREFIX,
    "template": TEMPLATE_PREFIX,
    "party": PARTY_PREFIX,
    "fight": FIGHT_PREFIX,
    "gear": GEAR_PREFIX,
}
#: What the kinds are called where a person reads them.
NAMES: dict[str, str] = {
    "character": "adventurer", "template": "opponent template", "party": "party", "fight": "fight",
    "gear": "gear list",
}


def check_kind(kind: str) -> str:
    """``kind`` itself.

    :raises RecordError: it is not one of :data:`PREFIXES`.
    """
    if kind not in PREFIXES:
        raise RecordError(f"library: {kind!r} is not a kind of record ({', '.join(PREFIXES)})", field="kind")
    return kind


def record_key(kind: str, ident: str) -> str:
    """Where a record's current version is stored.

    :raises RecordError: an unknown kind, or an empty id.
    """
    if not ident:
        raise RecordError(f"library: a {NAMES.get(kind, kind)} needs an id", field="id")
    return PREFIXES[check_kind(kind)] + ident


def history_key(kind: str, ident: str) -> str:
    """Where a record's earlier versions are stored.

    :raises RecordError: an unknown kind, or an empty id.
    """
    record_key(kind, ident)
    return f"{HISTORY_PREFIX}{kind}/{ident}"


def parse_key(key: str) -> tuple[str, str, bool] | None:
    """``(kind, id, is_history)`` of a record's key, or ``None`` for a plain item (or a key
    that is not the app's)."""
    if key.startswith(HISTORY_PREFIX):
        kind, slash, ident = key[len(HISTORY_PREFIX):].partition("/")
        return (kind, ident, True) if slash and ident and kind in PREFIXES else None
    for kind, prefix in PREFIXES.items():
        if key.startswith(prefix) and len(key) > len(prefix):
            return kind, key[len(prefix):], False
    return None


def ident_of(key: str, kind: str) -> str | None:
    """The id of ``kind``'s record stored under ``key`` (``None``: the key is not one of them)."""
    parsed = parse_key(key)
    return parsed[1] if parsed is not None and parsed[0] == kind and not parsed[2] else None


def has_records(store: Store, kind: str) -> bool:
    """Whether any record of ``kind`` is stored (a page that shows none need not load its reader)."""
    prefix = PREFIXES[kind]
    return any(key.startswith(prefix) and len(key) > len(prefix) for key in store.keys())


def label(kind: str, ident: str) -> str:
    """How a message names a record: ``adventurer 'a1b2c3d4e5f6'``."""
    return f"{NAMES.get(kind, kind)} {ident!r}"
