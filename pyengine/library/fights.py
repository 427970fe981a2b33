"""Fights kept on the device: every fight in progress under its own id, listed, resumed,
renamed, deleted with undo.

Fight mode keeps what it is doing in its draft (``strike-rank/draft/fight``:
:func:`pyengine.pages.fight.draft.read_draft` reads it). After each change the page hands the same
draft text to :func:`keep_fight`, which stores it as the saved fight the draft belongs to
(``strike-rank/current/fight`` holds its id; a new id the first time). A saved fight
(``strike-rank/fight/<id>``, docs/formats.md "Device library") is JSON::

    {"format": 1, "name": "Broos at the ford", "started": "2025-03-01T20:02:11.000Z",
     "changed": "2025-03-01T20:41:57.000Z", "rounds": 3,
     "sides": [{"side": "Sartar", "names": ["Rurik", "Vasana"]}, {"side": "Chaos", "names": ["Broo 1"]}],
     "link": "1.eNrtmO9v…", "draft": {"format": 2, "add": {…}, "declare": {…}, "applied": []}}

``link`` is the fight's share-link fragment; ``draft`` the draft as fight mode keeps it, its
``link`` left out (it is ``link``). ``sides`` and ``rounds`` are what the start page shows, as
the page that read the fight gave them: the library does not read fights.

A fight's progress replaces its record (the link holds every round, and fight mode undoes a
round itself); the version before is kept only when the rounds played go down (a round undone
in fight mode), so the rounds taken back can still be had.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import msgspec

from pyengine.errors import RecordError, RulesError, StorageError
from pyengine.library.deleted import DeletedRecord, delete, undelete
from pyengine.library.journal import atomic
from pyengine.library.kinds import record_key
from pyengine.library.records import Damaged, json_object, read_all, read_struct, write_struct
from pyengine.library.versions import Saved, record_keys, save
from pyengine.library.writing import put
from pyengine.storage.keys import CURRENT_FIGHT, FIGHT_DRAFT
from pyengine.storage.store import Store
from pyengine.tables import Record

FORMAT = 1
MAX_NAME = 60


class Side(Record, frozen=True):
    side: str
    names: tuple[str, ...] = ()
    """Its combatants' names, in the fight's order."""


class SavedFight(Record, frozen=True, kw_only=True):
    """A fight kept on the device."""

    format: int = FORMAT
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    started: str
    """When it was first kept (ISO text)."""
    changed: str
    """When it last changed."""
    rounds: Annotated[int, msgspec.Meta(ge=0)] = 0
    """Rounds played."""
    sides: tuple[Side, ...] = ()
    link: str = ""
    """The fight's share-link fragment."""
    draft: dict[str, Any] = {}
    """Fight mode's draft, without its ``link`` (that is :attr:`link`)."""

    def draft_text(self) -> str:
        """The draft as fight mode keeps it under ``strike-rank/draft/fight``."""
        return json.dumps({**self.draft, "link": self.link})


class FightEntry(Record, frozen=True):
    """A fight as the start page lists it."""

    ident: str
    name: str
    sides: tuple[Side, ...]
    rounds: int
    started: str
    changed: str
    current: bool
    """It is the fight fight mode has open."""
    link: str = ""
    """Its share-link fragment, as :attr:`SavedFight.link` (``""``: no round, no one yet)."""


class FightListing(Record, frozen=True):
    entries: tuple[FightEntry, ...] = ()
    """Newest change first."""
    damaged: tuple[Damaged, ...] = ()


def read_fight(text: str) -> SavedFight:
    """A saved fight.

    :raises RecordError: it does not read (the message says where).
    """
    return read_struct(text, SavedFight, "saved fight", FORMAT)


def default_name(sides: Mapping[str, Sequence[str]] | Sequence[Side]) -> str:
    """"Sartar against Chaos" (``"A fight"`` with no sides yet)."""
    names = [s.side for s in sides] if not isinstance(sides, Mapping) else list(sides)
    return (" against ".join(n for n in names if n) or "A fight")[:MAX_NAME]


def current_fight(store: Store) -> str | None:
    """The id of the saved fight fight mode has open (``None``: none yet)."""
    return store.get(CURRENT_FIGHT) or None


def keep_fight(store: Store, draft: str, *, sides: Mapping[str, Sequence[str]], rounds: int, now: str,
               new_id: Callable[[], str], name: str | None = None) -> str | None:
    """Fight mode's draft text kept as the saved fight it belongs to (a new one the first
    time, named ``name`` or after its sides). ``sides``: each side's combatants' names, in
    order; ``rounds``: rounds played. Returns the fight's id (``None``: the draft holds no
    fight yet, nothing is kept).

    :raises RecordError: ``draft`` is not a fight mode draft (a JSON object).
    :raises StorageError: the device would not store it; nothing was changed.
    """
    with atomic(store, "keeping the fight in fight mode among the saved fights", when=now) as store:
        data, link = _draft_and_link(draft)
        if not link:
            return None
        ident = current_fight(store)
        old = _readable(store, ident)
        if ident is not None and old is None and store.get(record_key("fight", ident)) is not None:
            ident = None  # a damaged record stays as it is: this fight goes under a new id
        fight, why, keep = _kept(old, data, link, sides=sides, rounds=rounds, now=now, name=name)
        if ident is not None and old is not None:
            save(store, "fight", ident, write_struct(fight), when=now, why=why, keep=keep)
            return ident
        ident = new_id()
        put(store, CURRENT_FIGHT, ident, "this fight is not kept among the saved fights (its id did not fit)")
        try:
            save(store, "fight", ident, write_struct(fight), when=now, why="fight started", keep=False)
        except StorageError:
            store.remove(CURRENT_FIGHT)
            raise
        return ident


def fight_mode_keys(kept: str | None) -> list[str]:
    """The keys a save of fight mode's fight changes (announced so its journal is written once):
    its draft, which fight is fight mode's, and the saved fight ``kept`` (``None``: none yet)."""
    return [FIGHT_DRAFT, CURRENT_FIGHT, *record_keys("fight", [kept] if kept else [])]


def open_fight(store: Store, draft: str, *, sides: Mapping[str, Sequence[str]], name: str, why: str, when: str,
               now: str, new_id: Callable[[], str]) -> str | None:
    """A fight set up elsewhere (a party's, on the start page) opened in fight mode: ``draft``
    becomes fight mode's draft and is kept as a new saved fight (after :func:`new_fight`), one
    unit (``why``, journalled ``when``; the fight kept ``now``).

    :raises StorageError: the device would not store it; nothing was changed.
    """
    with atomic(store, why, when=when) as store:
        store.put(FIGHT_DRAFT, draft)
        return keep_fight(store, draft, sides=sides, rounds=0, now=now, new_id=new_id, name=name)


def keep_fight_apart(store: Store, draft: str, *, ident: str | None, sides: Mapping[str, Sequence[str]], rounds: int,
                     now: str, new_id: Callable[[], str], name: str) -> str | None:
    """Like :func:`keep_fight`, for a tab whose fight is no longer fight mode's (another tab or
    the start page opened another one there since): kept under ``ident`` (a new id the first
    time, named ``name``), never under the fight mode's current fight, which is left alone.
    Returns its id (``None``: the draft holds no fight yet).

    :raises RecordError: ``draft`` is not a fight mode draft (a JSON object).
    :raises StorageError: the device would not store it; nothing was changed.
    """
    with atomic(store, f"keeping {name!r} among the saved fights", when=now) as store:
        data, link = _draft_and_link(draft)
        if not link:
            return None
        old = _readable(store, ident)
        if ident is None or (old is None and store.get(record_key("fight", ident)) is not None):
            ident, old = new_id(), None
        fight, why, keep = _kept(old, data, link, sides=sides, rounds=rounds, now=now, name=None if old else name)
        save(store, "fight", ident, write_struct(fight), when=now, why=why if old else "fight kept apart", keep=keep)
        return ident


def _draft_and_link(draft: str) -> tuple[dict[str, Any], str]:
    """Fight mode's draft read, and the fight's link in it (``""``: no fight yet).

    :raises RecordError: ``draft`` is not a fight mode draft (a JSON object).
    """
    data = json_object(draft, "fight draft")
    link = data.get("link")
    return data, link if isinstance(link, str) else ""


def _kept(old: SavedFight | None, data: Mapping[str, Any], link: str, *, sides: Mapping[str, Sequence[str]],
          rounds: int, now: str, name: str | None) -> tuple[SavedFight, str, bool]:
    """The saved fight a draft makes, why it is saved, and whether the version before is kept."""
    summary = tuple(Side(side=side, names=tuple(names)) for side, names in sides.items())
    fight = SavedFight(
        name=(name or (old.name if old else "") or default_name(summary))[:MAX_NAME].strip() or "A fight",
        started=old.started if old else now, changed=now, rounds=max(0, rounds), sides=summary, link=link,
        draft={k: v for k, v in data.items() if k != "link"},
    )
    if old is not None and fight.rounds < old.rounds:
        return fight, f"round {old.rounds} undone in fight mode", True
    return fight, (f"round {fight.rounds} played" if old and fight.rounds > old.rounds else "fight changed"), False


def list_fights(store: Store) -> FightListing:
    """Every saved fight, the newest change first; damaged ones apart."""
    listing = read_all(store, "fight", read_fight)
    current = current_fight(store)
    entries = [
        FightEntry(ident=e.ident, name=e.value.name, sides=e.value.sides, rounds=e.value.rounds,
                   started=e.value.started, changed=e.value.changed, current=e.ident == current, link=e.value.link)
        for e in listing.entries
    ]
    entries.sort(key=lambda e: (e.changed, e.ident), reverse=True)
    return FightListing(entries=tuple(entries), damaged=listing.damaged)


def load_fight(store: Store, ident: str) -> SavedFight:
    """One saved fight.

    :raises RecordError: there is none under ``ident``, or it does not read.
    """
    text = store.get(record_key("fight", ident))
    if text is None:
        raise RecordError(f"saved fight {ident!r}: it is not on this device (deleted?)")
    return read_fight(text)


def resume(store: Store, ident: str, *, now: str, new_id: Callable[[], str]) -> str:
    """The saved fight ``ident`` opened in fight mode: its draft written as fight mode's draft
    and returned (fight mode then opens it). The fight fight mode had open is kept first.

    :raises RecordError: there is no such fight, or it does not read.
    :raises StorageError: the device would not store it; fight mode's draft is as it was.
    """
    with atomic(store, f"opening saved fight {ident!r} in fight mode", when=now) as store:
        fight = load_fight(store, ident)
        secure_current(store, now=now, new_id=new_id)
        before = store.get(CURRENT_FIGHT)
        store.remove(CURRENT_FIGHT)  # between the two writes, a change in fight mode makes a new fight, never overwrites one
        text = fight.draft_text()
        try:
            put(store, FIGHT_DRAFT, text, f"the fight {fight.name!r} was not opened (it did not fit)")
        except StorageError:
            if before is not None:
                store.put(CURRENT_FIGHT, before)
            raise
        put(store, CURRENT_FIGHT, ident, f"the fight {fight.name!r} was opened but is kept as a new fight")
        return text


def secure_current(store: Store, *, now: str, new_id: Callable[[], str]) -> str | None:
    """Makes sure the fight in fight mode's draft is kept among the saved fights (after a
    change the page did not hand on, or a draft from before fights were kept). Returns its id.

    :raises StorageError: the device would not store it.
    """
    text = store.get(FIGHT_DRAFT)
    try:
        data = json_object(text or "", "fight draft")
    except RecordError:
        return None
    if not isinstance(data.get("link"), str) or not data["link"]:
        return None
    ident = current_fight(store)
    old = _readable(store, ident)
    if old is not None and old.draft_text() == text:
        return ident
    if old is not None:
        sides: dict[str, list[str]] = {s.side: list(s.names) for s in old.sides}
        return keep_fight(store, text or "", sides=sides, rounds=old.rounds, now=now, new_id=new_id)
    if ident is not None:
        store.remove(CURRENT_FIGHT)  # a damaged or missing record: this fight goes under a new id
    return keep_fight(store, text or "", sides={}, rounds=0, now=now, new_id=new_id,
                      name=f"Fight kept {now[:16].replace('T', ' ')}")


def leave_fight(store: Store) -> None:
    """Fight mode's draft no longer belongs to its saved fight (a link or a file replaced the
    fight): its next change is kept as a new fight, and the saved one stays as it is."""
    store.remove(CURRENT_FIGHT)


def new_fight(store: Store, *, now: str, new_id: Callable[[], str]) -> None:
    """Fight mode starts empty; the fight it had is kept among the saved fights first.

    :raises StorageError: that fight could not be kept; nothing was changed.
    """
    with atomic(store, "starting a new fight in fight mode", when=now, keys=(FIGHT_DRAFT, CURRENT_FIGHT)) as store:
        secure_current(store, now=now, new_id=new_id)
        store.remove(FIGHT_DRAFT)
        store.remove(CURRENT_FIGHT)


def rename_fight(store: Store, ident: str, name: str, *, now: str) -> Saved:
    """The saved fight called ``name`` (1 to 60 characters).

    :raises RulesError: no name, or one too long (``field="name"``).
    :raises RecordError: there is no such fight, or it does not read.
    :raises StorageError: the device would not store it; nothing was changed.
    """
    name = " ".join(name.split())
    if not name:
        raise RulesError("fight name: give the fight a name", field="name")
    if len(name) > MAX_NAME:
        raise RulesError(f"fight name: at most {MAX_NAME} characters (this one has {len(name)})", field="name")
    fight = msgspec.structs.replace(load_fight(store, ident), name=name)
    return save(store, "fight", ident, write_struct(fight), when=now, why=f"renamed {name!r}", keep=False)


def delete_fight(store: Store, ident: str, *, now: str, new_id: Callable[[], str],
                 for_good: bool = False) -> DeletedRecord | None:
    """The saved fight deleted, kept aside so it can be undone (:func:`undo_delete`); the fight
    fight mode has open is kept first, and, if it is this one, fight mode starts empty.

    :raises RecordError: there is no such fight.
    :raises StorageError: the copy kept aside did not fit; nothing was deleted.
    """
    with atomic(store, f"deleting saved fight {ident!r}", when=now) as store:
        if current_fight(store) == ident:
            secure_current(store, now=now, new_id=new_id)
        kept = delete(store, "fight", ident, when=now, for_good=for_good)
        if current_fight(store) == ident:
            store.remove(FIGHT_DRAFT)
            store.remove(CURRENT_FIGHT)
        return kept


def undo_delete(store: Store, ident: str | None = None) -> DeletedRecord:
    """The last fight deleted (or ``ident``) put back among the saved fights.

    :raises RecordError: no fight deleted is kept aside.
    :raises ConflictError: a fight is stored under its id again.
    :raises StorageError: it does not fit back; nothing was changed.
    """
    return undelete(store, "fight", ident)


def _readable(store: Store, ident: str | None) -> SavedFight | None:
    if ident is None:
        return None
    text = store.get(record_key("fight", ident))
    try:
        return read_fight(text) if text is not None else None
    except RecordError:
        return None
