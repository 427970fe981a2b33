"""Versioned records: saving keeps the previous version, undo brings it back, nothing is lost.

A record's current text stays under its own key (``strike-rank/character/<id>``: what every
page reads); its earlier versions are packed beside it (:mod:`.history`). Every write here
puts the earlier versions first and the current text second, so a full storage or a closed
tab never loses the current record or leaves it half-written: when the earlier versions do
not fit, nothing is written and the error says what did not fit; when they fit but the new
text does not, they are put back as they were.

* :func:`save` -- a new text for a record; the one it replaces becomes an earlier version.
  ``expected``: the text the page read, so a save over another tab's is refused.
* :func:`undo` -- back to the version before; again, further back. The text undone is kept
  as an earlier version too, so :func:`redo` (or :func:`restore`) takes an undo back.
* :func:`restore` -- any earlier version made current again, the same way.
* :func:`read_versions` -- the current version and the earlier ones, with when and why.

Each save is one unit (:func:`pyengine.library.journal.atomic`): a crash half-way is taken
back when a page next starts.
"""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.errors import ConflictError, RecordError
from pyengine.library.history import (
    Current,
    History,
    Version,
    appended,
    describe,
    pack,
    read_history,
    unpack,
    write_history,
)
from pyengine.library.journal import atomic
from pyengine.library.kinds import history_key, label, record_key
from pyengine.library.writing import put, put_pair, put_quietly, set_aside
from pyengine.storage.store import Store
from pyengine.tables import Record

#: The ``why`` of a version the library did not write (saved before versions were kept, or by
#: a page that wrote the record itself).
UNKNOWN_WHY = "saved without a note (before versions were kept, or by another page)"


class RecordVersions(Record, frozen=True):
    """A record's versions as they stand."""

    kind: str
    ident: str
    current: Version | None
    """The text under the record's key (``None``: there is none), with when and why when the
    library wrote it (else ``when`` ``""`` and :data:`UNKNOWN_WHY`)."""
    earlier: tuple[Version, ...] = ()
    """Every earlier version, oldest first; :func:`restore` takes an index into it."""
    back: int | None = None
    """The current text was restored from ``earlier[back]`` (an undo, a restore)."""

    @property
    def undo_index(self) -> int | None:
        """The earlier version :func:`undo` goes back to (``None``: nothing earlier)."""
        index = len(self.earlier) - 1 if self.back is None else self.back - 1
        return index if index >= 0 else None


class Saved(Record, frozen=True):
    """What a write did."""

    key: str
    """The record's key."""
    changed: bool
    """False when the text was already the current one (nothing was written)."""
    versions: int
    """How many earlier versions the record has now."""
    note: str = ""
    """Something the page should say (an earlier-versions record found damaged and set aside)."""


def read_versions(store: Store, kind: str, ident: str) -> RecordVersions:
    """The record's current version and its earlier ones.

    :raises RecordError: its earlier versions are damaged (the message says how; they stay
        where they are).
    """
    text = store.get(record_key(kind, ident))
    history = _history(store, kind, ident)
    return _versions(kind, ident, text, history, unpack(history.versions, _source(kind, ident)))


def save(store: Store, kind: str, ident: str, text: str, *, when: str, why: str,
         expected: str | None = None, keep: bool = True) -> Saved:
    """Stores ``text`` as the record's current version; the one it replaces is kept as an
    earlier version (``keep=False``: replaced, as a fight's progress is).

    ``expected``: the text the page read when it opened the record; when what is stored now
    differs (another tab saved it since), nothing is written. ``None``: no check (an
    overwrite the player chose).

    :raises ConflictError: the record changed since ``expected`` (``exc.current`` is it now).
    :raises StorageError: the device would not store it; nothing was changed, and the message
        says what did not fit.
    """
    with atomic(store, f"saving {label(kind, ident)}", when=when, keys=_keys(kind, ident)) as tx:
        current = _unchanged(tx, kind, ident, expected, "it was not saved")
        return _write(tx, kind, ident, text, current, when=when, why=why, keep=keep)


def undo(store: Store, kind: str, ident: str, *, when: str, expected: str | None = None) -> Saved:
    """Back to the version before the current one (after an undo, the one before that); the
    text undone becomes an earlier version, so it can be brought back.

    :raises RecordError: there is no earlier version, or the earlier versions are damaged.
    :raises ConflictError: as :func:`save`.
    :raises StorageError: as :func:`save`.
    """
    versions = read_versions(store, kind, ident)
    index = versions.undo_index
    if index is None:
        raise RecordError(f"{label(kind, ident)}: there is no earlier version to go back to")
    target = versions.earlier[index]
    why = f"undo (back to the version of {target.when or 'an unknown time'})"
    return _restored(store, versions, index, when=when, why=why, expected=expected)


def redo(store: Store, kind: str, ident: str, *, when: str, expected: str | None = None) -> Saved:
    """The last undo taken back: the text it replaced is current again.

    :raises RecordError: the current text was not restored by an undo, or the earlier
        versions are damaged.
    :raises ConflictError: as :func:`save`.
    :raises StorageError: as :func:`save`.
    """
    versions = read_versions(store, kind, ident)
    if versions.back is None or not versions.earlier:
        raise RecordError(f"{label(kind, ident)}: there is no undo to take back")
    index = len(versions.earlier) - 1
    return _restored(store, versions, index, when=when, why="undo taken back", expected=expected, back=None)


def restore(store: Store, kind: str, ident: str, index: int, *, when: str, expected: str | None = None) -> Saved:
    """The earlier version ``index`` (oldest 0) made current; the current one is kept (an
    undo then takes the restore back).

    :raises RecordError: there is no such version, or the earlier versions are damaged.
    :raises ConflictError: as :func:`save`.
    :raises StorageError: as :func:`save`.
    """
    versions = read_versions(store, kind, ident)
    if not 0 <= index < len(versions.earlier):
        raise RecordError(f"{label(kind, ident)}: there is no version {index}", field="version")
    target = versions.earlier[index]
    why = f"restored the version of {target.when or 'an unknown time'}"
    return _restored(store, versions, index, when=when, why=why, expected=expected, back=None)


def _restored(store: Store, versions: RecordVersions, index: int, *, when: str, why: str,
              expected: str | None, back: int | None | str = "index") -> Saved:
    kind, ident = versions.kind, versions.ident
    with atomic(store, f"{why} of {label(kind, ident)}", when=when, keys=_keys(kind, ident)) as tx:
        current = _unchanged(tx, kind, ident, expected, "nothing was undone")
        text = versions.earlier[index].text
        return _write(tx, kind, ident, text, current, when=when, why=why, keep=True,
                      back=index if back == "index" else None, force=True)


def _keys(kind: str, ident: str) -> tuple[str, str]:
    """The keys a save of the record changes: its text and its earlier versions."""
    return record_key(kind, ident), history_key(kind, ident)


def record_keys(kind: str, idents: Iterable[str]) -> list[str]:
    """The keys saves of these records change, for :func:`~pyengine.library.journal.atomic`'s
    ``keys``: a save of several records that announces them has its journal written once, not
    again (and longer) for each record (six adventurers written back wrote 4.3 times the
    characters their records hold, most of it the journal written over and over)."""
    return [key for ident in idents for key in _keys(kind, ident)]


# -- writing -------------------------------------------------------------------------------


def _unchanged(store: Store, kind: str, ident: str, expected: str | None, outcome: str) -> str | None:
    """The record's text now, checked against ``expected``.

    :raises ConflictError: another tab saved it since ``expected`` was read.
    """
    current = store.get(record_key(kind, ident))
    if expected is not None and current is not None and current != expected:
        raise ConflictError(
            f"{label(kind, ident)} was changed on this device since it was opened (another tab saved it); {outcome}",
            current=current,
        )
    return current


def _write(store: Store, kind: str, ident: str, text: str, current: str | None, *, when: str, why: str,
           keep: bool, back: int | None = None, force: bool = False) -> Saved:
    key, hkey = record_key(kind, ident), history_key(kind, ident)
    old_text = store.get(hkey)
    if text == current and not force:  # nothing to write (and nothing set aside)
        try:
            count = read_history(old_text).count if old_text is not None else 0
        except RecordError:
            count = 0
        return Saved(key=key, changed=False, versions=count)
    note = ""
    packed: str | None = None  # the versions with the current text's added, when made without reading them
    try:
        history = read_history(old_text, _source(kind, ident)) if old_text is not None else None
        meta = history.current if history is not None else None
        known = current is not None and meta is not None and meta.describes(current)
        if keep and history is not None and meta is not None and current is not None and known:
            packed = appended(history.versions, history.count, Version(when=meta.when, why=meta.why, text=current))
        earlier = unpack(history.versions, _source(kind, ident)) if history is not None and keep and packed is None else ()
    except RecordError as exc:
        note = _set_aside(store, hkey, when, exc)
        history, earlier, old_text, meta, known = None, (), None, None, False
    now = describe(text, when, why, back)
    if not keep:
        put(store, key, text, f"{label(kind, ident)} was not saved (its new text, {len(text)} characters, "
                               "did not fit); nothing was changed")
        if history is not None:
            put_quietly(store, hkey, write_history(History(current=now, count=history.count, versions=history.versions)))
        return Saved(key=key, changed=True, versions=history.count if history else 0, note=note)
    if packed is not None and history is not None:
        count = history.count + 1
    else:
        pushed = list(earlier)
        # Not the same text twice (a write cut short between the history and the record).
        if current is not None and (known or not pushed or pushed[-1].text != current):
            said = meta if known else None
            pushed.append(Version(when=said.when if said else "", why=said.why if said else UNKNOWN_WHY, text=current))
        count, packed = len(pushed), pack(pushed)
    new_history = write_history(History(current=now, count=count, versions=packed))
    if current is None and old_text is None:  # a new record: the record first, its note after
        put(store, key, text, f"{label(kind, ident)} was not saved (it needs {len(text)} characters); "
                               "nothing was changed")
        put_quietly(store, hkey, new_history)
        return Saved(key=key, changed=True, versions=0, note=note)
    put_pair(store, hkey, new_history, key, text, before=old_text, what=f"{label(kind, ident)} was not saved",
             needs=f" ({count}, {len(new_history)} characters packed) and the new text ({len(text)} characters)")
    return Saved(key=key, changed=True, versions=count, note=note)


def _set_aside(store: Store, key: str, when: str, why: RecordError) -> str:
    """A damaged history moved out of the way, never deleted.

    :raises StorageError: it could not be moved (nothing was changed).
    """
    return f"{why}; they are set aside, as they were, under {set_aside(store, key, when)!r}"


# -- reading -------------------------------------------------------------------------------


def _source(kind: str, ident: str) -> str:
    return f"earlier versions of {label(kind, ident)}"


def _history(store: Store, kind: str, ident: str) -> History:
    text = store.get(history_key(kind, ident))
    return History() if text is None else read_history(text, _source(kind, ident))


def _versions(kind: str, ident: str, text: str | None, history: History, earlier: tuple[Version, ...]) -> RecordVersions:
    meta: Current | None = history.current
    known = meta is not None and meta.describes(text)
    current = None if text is None else Version(
        when=meta.when if known and meta else "", why=meta.why if known and meta else UNKNOWN_WHY, text=text,
    )
    back = meta.back if known and meta and meta.back is not None and meta.back < len(earlier) else None
    return RecordVersions(kind=kind, ident=ident, current=current, earlier=earlier, back=back)
