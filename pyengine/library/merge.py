"""Importing a backup into a browser that already has records: a plan first, then only what
the player chose. Nothing is overwritten silently and nothing is lost.

:func:`plan_import` compares the file with the device, record by record (a record is its
current text and its earlier versions together) and item by item (drafts, what is kept
aside): each is ``new`` (not on this device), ``same`` (the same current text; earlier
versions the device lacks are added) or ``changed``. A file entry whose text does not read
is named (:attr:`PlanItem.damaged`) and still imported as it is, to be set aside like any
damaged record. :func:`apply_plan` writes it; for a changed record the choices are

* ``"device"`` -- keep this device's (the default): the file's text joins its earlier versions;
* ``"file"`` -- take the file's: this device's becomes an earlier version;
* ``"both"`` -- keep both: the file's is added as a copy under a new id;

and the earlier versions of both are merged, oldest first, none lost. For a changed draft or
item set aside, ``"device"`` or ``"file"`` (this device's is then set aside, never deleted).
Fight mode's open fight (its draft and which saved fight it is) goes together: the file's is
taken only with the file's draft. Deleted records kept aside are merged.

Importing into an empty browser (:func:`import_into_empty`) writes every item exactly as it is
in the file. Either import is one unit (:mod:`.journal`): a crash half-way is taken back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from pyengine.errors import RecordError, StorageError
from pyengine.library.backup import Backup, Duplicate, app_items, read_backup
from pyengine.library.damaged import OWN_READERS
from pyengine.library.deleted import Bin, read_bin
from pyengine.library.fights import read_fight
from pyengine.library.history import History, Version, pack, read_history, unpack, write_history
from pyengine.library.journal import atomic
from pyengine.library.kinds import history_key, label, parse_key, record_key
from pyengine.library.records import Damaged, Reader, read_one, write_struct
from pyengine.library.versions import UNKNOWN_WHY
from pyengine.library.writing import put, put_pair, put_quietly, set_aside
from pyengine.storage.keys import CURRENT_FIGHT, DELETED, FIGHT_DRAFT
from pyengine.storage.store import Store
from pyengine.tables import Record

DEVICE, FILE, BOTH = "device", "file", "both"


class PlanItem(Record, frozen=True):
    """One record or item of the file, against this device."""

    key: str
    """The record's key (its current text's), or the item's."""
    status: str
    """``"new"``, ``"same"`` or ``"changed"``."""
    kind: str = ""
    """The record's kind; ``""`` for an item without versions (a draft, something set aside)."""
    ident: str = ""
    device: str | None = None
    """This device's current text."""
    file: str | None = None
    """The file's."""
    device_when: str = ""
    """When this device's was written, if known."""
    file_when: str = ""
    earlier_new: int = 0
    """The file's earlier versions this device does not have."""
    damaged: str = ""
    """Why the file's text (or its earlier versions) does not read; ``""``: it reads."""
    choices: tuple[str, ...] = ()
    """What the player may choose (a changed item only; the first is the default)."""


class Plan(Record, frozen=True):
    """What importing the file would do."""

    app: str
    made: str
    items: tuple[PlanItem, ...]
    refused: tuple[Damaged, ...] = ()
    """Entries of the file that are not imported (named, with the reason)."""
    backup: Backup | None = None
    duplicates: tuple[Duplicate, ...] = ()
    """Items the file names more than once (the last copy taken, the others set aside)."""

    def count(self, status: str) -> int:
        return sum(1 for item in self.items if item.status == status)


class Applied(Record, frozen=True):
    """What importing did."""

    written: tuple[str, ...] = ()
    """Keys of the records and items written."""
    copies: dict[str, str] = {}
    """A record kept as a copy (its key in the file -> its key now)."""
    failed: tuple[Damaged, ...] = ()
    """What did not fit (the rest was imported; nothing on the device was lost)."""
    notes: tuple[str, ...] = ()


# -- the plan ------------------------------------------------------------------------------


def plan_import(store: Store, text: str | bytes, readers: Mapping[str, Reader] | None = None) -> Plan:
    """What importing the backup ``text`` into ``store`` would do. ``readers``: how each kind
    of record is read (the pages give ``character`` and ``gear``), to name damaged entries.

    :raises RecordError: ``backup file: …`` (not a backup, damaged, newer).
    """
    backup = read_backup(text)
    read = {**OWN_READERS, **(readers or {})}
    items = []
    records = sorted({parsed[:2] for key in backup.items if (parsed := parse_key(key)) is not None})
    for kind, ident in records:
        items.append(_record_plan(store, backup, kind, ident, read.get(kind)))
    for key, text_ in backup.items.items():
        if parse_key(key) is None and key != CURRENT_FIGHT:
            items.append(_plain_plan(store, key, text_))
    return Plan(app=backup.app, made=backup.made, items=tuple(items), refused=backup.refused, backup=backup,
                duplicates=backup.duplicates)


def _record_plan(store: Store, backup: Backup, kind: str, ident: str, read: Reader | None) -> PlanItem:
    key, hkey = record_key(kind, ident), history_key(kind, ident)
    device, file = store.get(key), backup.items.get(key)
    damaged = ""
    if file is not None and read is not None:
        damaged = read_one(read, file)[1]
    file_history, file_earlier, problem = _parsed(backup.items.get(hkey), kind, ident)
    damaged = "; ".join(p for p in (damaged, problem) if p)
    device_history, device_earlier, _ = _parsed(store.get(hkey), kind, ident)
    known = {_identity(v) for v in device_earlier} | ({_identity_of(device, device_history)} if device else set())
    earlier_new = sum(1 for v in file_earlier if _identity(v) not in known)
    if device is None and store.get(hkey) is None:
        status = "new"
    elif file is None or file == device or device is None:
        status = "new" if device is None else "same"
    else:
        status = "changed"
    return PlanItem(
        key=key, status=status, kind=kind, ident=ident, device=device, file=file,
        device_when=_when(device, device_history, kind), file_when=_when(file, file_history, kind), earlier_new=earlier_new,
        damaged=damaged, choices=(DEVICE, FILE, BOTH) if status == "changed" else (),
    )


def _plain_plan(store: Store, key: str, text: str) -> PlanItem:
    device = store.get(key)
    status = "new" if device is None else "same" if device == text else "changed"
    damaged = ""
    if key == DELETED:
        damaged = read_one(read_bin, text)[1]
    choices = (DEVICE, FILE) if status == "changed" and key != DELETED else ()
    return PlanItem(key=key, status=status, device=device, file=text, damaged=damaged, choices=choices)


# -- applying ------------------------------------------------------------------------------


def import_into_empty(store: Store, text: str | bytes | Backup, *, now: str = "") -> Applied:
    """The backup written into a store that holds none of the app's items: exactly as in the file
    (``now``: when, ISO text, for the journal of the import).

    :raises RecordError: the file is not a backup (``backup file: …``), or the store is not
        empty (use :func:`plan_import`).
    """
    backup = text if isinstance(text, Backup) else read_backup(text)
    if app_items(store):
        raise RecordError("backup: this browser already keeps records; import it as a merge, choosing what to keep")
    written, failed = [], []
    with atomic(store, f"importing a backup file ({len(backup.items)} items)", when=now,
                keys=backup.items) as tx:
        for key in sorted(backup.items, key=_write_order):
            try:
                put(tx, key, backup.items[key], f"{key!r} was not imported (it did not fit)")
                written.append(key)
            except StorageError as exc:
                failed.append(Damaged(key=key, reason=str(exc)))
    return Applied(written=tuple(written), failed=tuple(failed), notes=tuple(d.said() for d in backup.duplicates))


def apply_plan(store: Store, plan: Plan, choices: Mapping[str, str] | None = None, *, now: str,
               new_id: Callable[[], str]) -> Applied:
    """The plan carried out with the player's ``choices`` (item key -> ``"device"``, ``"file"``
    or ``"both"``; a changed item without one keeps this device's). Each record is written
    earlier versions first, so one that does not fit is left as it was; the others go on.

    :raises RecordError: a choice that is not one of the item's.
    """
    assert plan.backup is not None
    if not app_items(store):  # nothing here to merge with: the file as it is
        return import_into_empty(store, plan.backup, now=now)
    choices = dict(choices or {})
    for item in plan.items:
        chosen = choices.get(item.key)
        if chosen is not None and chosen not in (item.choices or (DEVICE,)):
            raise RecordError(f"backup: {chosen!r} is not a choice for {item.key!r} ({', '.join(item.choices)})",
                              field=item.key)
    out = _Result()
    out.notes.extend(d.said() for d in plan.duplicates)
    with atomic(store, f"importing a backup file ({len(plan.items)} records and items)", when=now,
                keys=_new_keys(plan)) as tx:
        for item in plan.items:
            chosen = choices.get(item.key, DEVICE)
            try:
                if item.kind:
                    _apply_record(tx, plan.backup, item, chosen, now, new_id, out)
                elif item.key == DELETED:
                    _apply_bin(tx, item, out)
                elif item.status == "new" or (item.status == "changed" and chosen == FILE):
                    _apply_plain(tx, plan.backup, item, now, out)
            except StorageError as exc:
                out.failed.append(Damaged(key=item.key, reason=str(exc), kind=item.kind, ident=item.ident))
    return Applied(written=tuple(out.written), copies=out.copies, failed=tuple(out.failed), notes=tuple(out.notes))


class _Result:
    def __init__(self) -> None:
        self.written: list[str] = []
        self.copies: dict[str, str] = {}
        self.failed: list[Damaged] = []
        self.notes: list[str] = []


def _apply_record(store: Store, backup: Backup, item: PlanItem, chosen: str, now: str,
                  new_id: Callable[[], str], out: _Result) -> None:
    kind, ident = item.kind, item.ident
    key, hkey = item.key, history_key(kind, ident)
    file_history_text = backup.items.get(hkey)
    if item.status == "new" and store.get(hkey) is None:
        _write_pair(store, key, hkey, item.file, file_history_text, f"{label(kind, ident)} was not imported")
        out.written.append(key)
        return
    if item.status == "changed" and chosen == BOTH:
        copy = _copy_id(store, kind, ident, new_id)
        _write_pair(store, record_key(kind, copy), history_key(kind, copy), item.file, file_history_text,
                    f"the copy of {label(kind, ident)} was not imported")
        out.written.append(record_key(kind, copy))
        out.copies[key] = record_key(kind, copy)
        return
    file_history, file_earlier, problem = _parsed(file_history_text, kind, ident)
    if problem:
        out.notes.append(f"{label(kind, ident)}: the file's earlier versions were not merged ({problem})")
    device_text = store.get(hkey)
    device_history, device_earlier, device_problem = _parsed(device_text, kind, ident)
    device = store.get(key)
    take_file = item.file is not None and (device is None or (item.status == "changed" and chosen == FILE))
    current, current_history = (item.file, file_history) if take_file else (device, device_history)
    pool = list(device_earlier) + list(file_earlier)
    for text, history in ((device, device_history), (item.file, file_history)):
        if text is not None and text != current:
            pool.append(_as_version(text, history))
    merged = _merged(pool, exclude=_identity_of(current, current_history) if current is not None else None)
    meta = current_history.current if current_history and current_history.current and \
        current_history.current.describes(current) else None
    if not take_file and not device_problem and [_identity(v) for v in merged] == [_identity(v) for v in device_earlier]:
        return
    if meta is not None:
        meta = msgspec.structs.replace(meta, back=None)  # the versions moved: undo starts from the newest again
    if device_problem:
        aside = set_aside(store, hkey, now)
        out.notes.append(f"{label(kind, ident)}: this device's earlier versions were damaged; set aside under {aside!r}")
        device_text = None
    what = f"{label(kind, ident)} was not imported"
    new_history = History(current=meta, count=len(merged), versions=pack(merged))
    put_pair(store, hkey, write_history(new_history), key, current if take_file else None, before=device_text,
             what=what)
    out.written.append(key)


def _apply_plain(store: Store, backup: Backup, item: PlanItem, now: str, out: _Result) -> None:
    if item.file is None:
        return
    aside = set_aside(store, item.key, now) if item.device is not None else None
    try:
        put(store, item.key, item.file, f"{item.key!r} was not imported (it did not fit)")
    except StorageError:
        if aside is not None:  # moved back: this device's stays where it was
            put_quietly(store, item.key, item.device or "")
            store.remove(aside)
        raise
    if aside is not None:
        out.notes.append(f"{item.key!r}: this device's is set aside under {aside!r}")
    out.written.append(item.key)
    if item.key == FIGHT_DRAFT:  # fight mode's open fight goes with its draft
        _point_at_files_fight(store, backup, out)


def _point_at_files_fight(store: Store, backup: Backup, out: _Result) -> None:
    """Fight mode's draft is the file's now: it belongs to the file's saved fight if that one is
    on the device as the file has it; else to none (its next change is kept as a new fight)."""
    pointer = backup.items.get(CURRENT_FIGHT)
    fight = record_key("fight", pointer) if pointer else None
    if pointer and fight is not None and store.get(fight) == backup.items.get(fight) and put_quietly(store, CURRENT_FIGHT, pointer):
        out.written.append(CURRENT_FIGHT)
    else:
        store.remove(CURRENT_FIGHT)


def _apply_bin(store: Store, item: PlanItem, out: _Result) -> None:
    if item.status == "same" or item.file is None:
        return
    try:
        file_bin = read_bin(item.file)
    except RecordError as exc:
        if item.device is None:
            put(store, DELETED, item.file, "the deleted records kept aside were not imported (they did not fit)")
            out.written.append(DELETED)
        else:
            out.notes.append(f"the file's deleted records kept aside were not merged ({exc})")
        return
    try:
        device_bin = read_bin(item.device) if item.device is not None else Bin()
    except RecordError as exc:
        out.notes.append(f"the file's deleted records kept aside were not merged: this device's are damaged ({exc})")
        return
    seen = {(i.kind, i.ident, i.when) for i in device_bin.items}
    items = sorted((*device_bin.items, *(i for i in file_bin.items if (i.kind, i.ident, i.when) not in seen)),
                   key=lambda i: i.when, reverse=True)
    put(store, DELETED, write_struct(Bin(items=tuple(items))),
        "the deleted records kept aside were not merged (they did not fit)")
    out.written.append(DELETED)


# -- helpers -------------------------------------------------------------------------------


def _new_keys(plan: Plan) -> list[str]:
    """The keys a plan writes that hold nothing yet, announced to the journal at once (each of
    the others goes in the journal, with its text, when it is first written)."""
    keys = []
    for item in plan.items:
        if item.status == "new":
            keys.append(item.key)
            if item.kind:
                keys.append(history_key(item.kind, item.ident))
    return keys


def _write_order(key: str) -> tuple[int, str]:
    """Earlier versions before the records they belong to; fight mode's open fight last."""
    parsed = parse_key(key)
    return (0 if parsed and parsed[2] else 1 if parsed else 2 if key != CURRENT_FIGHT else 3), key


def _write_pair(store: Store, key: str, hkey: str, text: str | None, history: str | None, what: str) -> None:
    put_pair(store, hkey, history, key, text, before=store.get(hkey), what=what)


def _copy_id(store: Store, kind: str, ident: str, new_id: Callable[[], str]) -> str:
    """A free id for a copy: a new id, or for a gear list (its id is its name) the name marked."""
    def taken(candidate: str) -> bool:
        return store.get(record_key(kind, candidate)) is not None or store.get(history_key(kind, candidate)) is not None

    if kind != "gear":
        copy = new_id()
        while taken(copy):
            copy = new_id()
        return copy
    n, copy = 1, f"{ident} (from backup)"
    while taken(copy):
        n += 1
        copy = f"{ident} (from backup {n})"
    return copy


def _parsed(text: str | None, kind: str, ident: str) -> tuple[History | None, tuple[Version, ...], str]:
    """A history record read: ``(record, earlier versions, "")`` or ``(None, (), why not)``."""
    if text is None:
        return None, (), ""
    source = f"earlier versions of {label(kind, ident)}"
    try:
        history = read_history(text, source)
        return history, unpack(history.versions, source), ""
    except RecordError as exc:
        return None, (), str(exc)


def _as_version(text: str, history: History | None) -> Version:
    meta = history.current if history is not None else None
    if meta is not None and meta.describes(text):
        return Version(when=meta.when, why=meta.why, text=text)
    return Version(when="", why=UNKNOWN_WHY, text=text)


def _identity(version: Version) -> tuple[str, str, str]:
    return version.when, version.why, version.text


def _identity_of(text: str | None, history: History | None) -> tuple[str, str, str]:
    return _identity(_as_version(text or "", history))


def _merged(versions: list[Version], exclude: tuple[str, str, str] | None) -> list[Version]:
    """Each version once, oldest first (a version of unknown time first), the current one left
    out; a text of unknown time that is there with its time too counts once."""
    seen: set[tuple[str, str, str]] = set() if exclude is None else {exclude}
    known = {v.text for v in versions if v.why != UNKNOWN_WHY} | ({exclude[2]} if exclude else set())
    out = []
    for version in versions:
        if _identity(version) in seen or (version.why == UNKNOWN_WHY and not version.when and version.text in known):
            continue
        seen.add(_identity(version))
        out.append(version)
    out.sort(key=lambda v: v.when)
    return out


def _when(text: str | None, history: History | None, kind: str = "") -> str:
    """When ``text`` was written: its earlier versions' record says, or a fight's own record
    (a fight keeps no earlier versions as it goes); ``""``: nothing says."""
    if text is None:
        return ""
    known = _as_version(text, history).when
    if not known and kind == "fight":
        fight = read_one(read_fight, text)[0]
        known = fight.changed if fight is not None else ""
    return known


def describe_plan(plan: Plan) -> dict[str, Any]:
    """How many records are new, the same, changed, damaged, refused (for the page's summary)."""
    return {
        "new": plan.count("new"), "same": plan.count("same"), "changed": plan.count("changed"),
        "damaged": sum(1 for item in plan.items if item.damaged), "refused": len(plan.refused),
    }

