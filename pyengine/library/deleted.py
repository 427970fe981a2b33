"""Deleting with undo: a deleted record is kept aside, with its earlier versions, until it is
put back or :data:`KEEP` later deletions have pushed it out.

What is kept aside (``strike-rank/deleted``, docs/formats.md "Device library") is JSON,
newest first::

    {"format": 1, "items": [{"kind": "fight", "id": "9f8e7d6c5b4a", "when": "2025-03-01T22:40:00.000Z",
                             "text": "…the record…", "history": "…its history record…" or null}]}

Deleting writes the kept copy first and removes the record after, so a full storage or a closed
tab never loses it: when the copy does not fit, nothing is deleted (unless the player asks to
delete it for good). Each deletion and each undo is one unit (:mod:`.journal`).
"""

from __future__ import annotations

import msgspec

from pyengine.errors import ConflictError, RecordError
from pyengine.library.journal import atomic
from pyengine.library.kinds import check_kind, history_key, label, record_key
from pyengine.library.records import read_struct, write_struct
from pyengine.library.writing import put, put_pair, put_quietly, set_aside
from pyengine.storage.keys import DELETED
from pyengine.storage.store import Store
from pyengine.tables import Record

FORMAT = 1
#: How many deleted records are kept aside; the oldest goes for good when one more is deleted.
KEEP = 10


class DeletedRecord(Record, frozen=True):
    """A record kept aside."""

    kind: str
    ident: str = msgspec.field(name="id")
    when: str
    """When it was deleted."""
    text: str
    """The record, as it was stored."""
    history: str | None = None
    """Its history record (earlier versions), as stored."""


class Bin(Record, frozen=True):
    format: int = FORMAT
    items: tuple[DeletedRecord, ...] = ()


def read_bin(text: str) -> Bin:
    """What is kept aside.

    :raises RecordError: it does not read.
    """
    return read_struct(text, Bin, "deleted records", FORMAT)


def kept_aside(store: Store, kind: str | None = None) -> tuple[DeletedRecord, ...]:
    """The records kept aside (of ``kind``, or all), newest first; nothing when what is kept
    aside does not read (it stays as it is, listed as damaged)."""
    try:
        items = _bin(store).items
    except RecordError:
        return ()
    return tuple(item for item in items if kind is None or item.kind == kind)


def delete(store: Store, kind: str, ident: str, *, when: str, for_good: bool = False) -> DeletedRecord | None:
    """The record and its earlier versions removed, kept aside first (``for_good``: not kept;
    the page asks first). Returns what is kept aside (``None`` for good), so it can be undone.

    :raises RecordError: there is no such record.
    :raises StorageError: the copy kept aside does not fit; nothing was deleted (say so, and
        offer to export it and delete it for good).
    """
    key, hkey = record_key(check_kind(kind), ident), history_key(kind, ident)
    text = store.get(key)
    if text is None:
        raise RecordError(f"{label(kind, ident)}: it is not on this device (deleted already?)")
    item = DeletedRecord(kind=kind, ident=ident, when=when, text=text, history=store.get(hkey))
    with atomic(store, f"deleting {label(kind, ident)}", when=when, keys=(DELETED, key, hkey)) as tx:
        if not for_good:
            try:
                kept = _bin(tx)
            except RecordError:
                kept = _set_bin_aside(tx, when)
            items = (item, *kept.items)[:KEEP]
            put(tx, DELETED, write_struct(Bin(items=items)),
                f"{label(kind, ident)} was not deleted: the copy kept to undo it ({len(text)} characters) did not fit; "
                "export it, then delete it for good")
        tx.remove(key)
        tx.remove(hkey)
    return None if for_good else item


def undelete(store: Store, kind: str | None = None, ident: str | None = None) -> DeletedRecord:
    """A record kept aside put back (the newest, or the one of ``kind`` and ``ident``), with
    its earlier versions.

    :raises RecordError: nothing (or not that record) is kept aside.
    :raises ConflictError: a record is stored under its key again; nothing was changed.
    :raises StorageError: it does not fit back; nothing was changed.
    """
    kept = _bin(store)
    found = next((i for i in kept.items if (kind is None or i.kind == kind) and (ident is None or i.ident == ident)), None)
    if found is None:
        raise RecordError("undo: nothing deleted is kept to put back" if kind is None
                          else f"undo: {label(kind, ident or '')} is not kept aside")
    key, hkey = record_key(found.kind, found.ident), history_key(found.kind, found.ident)
    if store.get(key) is not None or (found.history is not None and store.get(hkey) is not None):
        raise ConflictError(f"undo: another {label(found.kind, found.ident)} is stored there now; nothing was changed",
                            current=store.get(key))
    with atomic(store, f"putting back {label(found.kind, found.ident)}", when=found.when,
                keys=(key, hkey, DELETED)) as tx:
        put_pair(tx, hkey, found.history, key, found.text, before=None,
                 what=f"{label(found.kind, found.ident)} was not put back")
        put_quietly(tx, DELETED, write_struct(Bin(items=tuple(i for i in kept.items if i is not found))))
    return found


def _bin(store: Store) -> Bin:
    text = store.get(DELETED)
    return Bin() if text is None else read_bin(text)


def _set_bin_aside(store: Store, when: str) -> Bin:
    """A damaged bin moved out of the way (never deleted), an empty one in its place."""
    set_aside(store, DELETED, when)
    return Bin()
