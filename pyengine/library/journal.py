"""Saving that survives a crash: one save of several keys is all done or, after a crash, undone.

One ``localStorage.setItem`` is atomic (Chromium writes each change in one LevelDB batch and
commits the changes in the order they were made), but a save is often several keys: a record
and its earlier versions, a fight and fight mode's draft, every adventurer a fight writes back,
every item of a backup. :func:`atomic` makes such a save one unit with an undo journal
(``strike-rank/journal``, docs/formats.md "The journal of a save in progress")::

    {"format": 1, "what": "saving adventurer 'a1b2c3d4e5f6'", "when": "2025-03-01T20:15:00.000Z",
     "before": {"strike-rank/character/a1b2c3d4e5f6": "…the text it had…",
                "strike-rank/history/character/a1b2c3d4e5f6": null}}

Before a key is first changed, the journal is written with what the key held (``null``:
nothing); then the key; when the save is done, the journal is removed. Storage always holds
a prefix of these writes, so a crash (a killed tab, a dead battery) leaves either no journal
(the save is wholly there, or had not begun) or the journal and some of the keys.
:func:`recover`, run by every page when it starts, puts back what the journal says, in an
order that frees space first, and removes it: the state before the save, exactly. It is safe
to repeat (a crash while recovering is recovered next time).

When the journal itself does not fit (the storage is nearly full), the save goes on without
one, as saves went before journals: each record still written so that a refusal loses
nothing, but a crash in that moment is not covered.

A journal this version cannot take back is never written over. One that does not read is set
aside (``strike-rank/set-aside/<when>/strike-rank/journal``, kept as it was, listed and exported
as damaged items are) before a save writes its own. One a newer version wrote (a higher
``format``: :class:`Newer`) stays where that version looks for it, a copy set aside; while it is
there this version's saves go on without a journal and refuse to write the keys its ``before``
names (every key, when those cannot be read): that save is the newer version's to finish or take
back.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from pyengine.errors import HeldBack, RulesError, StorageError
from pyengine.library.kinds import NAMES, PREFIXES, parse_key
from pyengine.library.writing import put
from pyengine.storage.keys import JOURNAL, SET_ASIDE
from pyengine.storage.store import Store
from pyengine.validation import cut

#: The journal format this code writes and reads.
FORMAT = 1
#: A journal younger than this (seconds) may be another tab's save still going on: a page that
#: starts waits until it is this old before taking it back (a save takes milliseconds).
FRESH = 3.0


class Transaction:
    """A :class:`~pyengine.storage.store.Store` whose changes are journaled: what each key held
    is in the journal before the key is first changed (:func:`atomic` makes one)."""

    def __init__(self, store: Store, what: str, when: str) -> None:
        self.store = store
        self.what = what
        self.when = when
        self.before: dict[str, str | None] = {}
        """Every key in the journal (changed, or announced before the first change), and what
        it held before."""
        self.announced: dict[str, None] = {}
        """Keys the save said it will change (:meth:`expect`) not in the journal yet, in order:
        put in it at the save's next change."""
        self.journaled = True
        """False once the journal did not fit (or a newer version's is there): the rest of the
        save goes on without it."""
        self.written = False
        self.looked = False
        """Whether the journal already on the device (none, damaged, a newer version's) was looked at."""
        self.held: Newer | None = None
        """A newer version's unfinished save found on the device: the keys it names are not written."""
        self._now: dict[str, str | None] = {}
        """What each key the save read or wrote holds now (a save runs in one go, no other tab's
        write comes between: each key is read from the device once, not again at each step)."""

    def get(self, key: str) -> str | None:
        if key in self._now:
            return self._now[key]
        text = self._now[key] = self.store.get(key)
        return text

    def keys(self) -> list[str]:
        return self.store.keys()

    def put(self, key: str, text: str) -> None:
        self._note((key,))
        self._now.pop(key, None)  # should the device refuse it, what it holds is read again
        self.store.put(key, text)
        self._now[key] = text

    def remove(self, key: str) -> None:
        self._note((key,))
        self._now.pop(key, None)
        self.store.remove(key)
        self._now[key] = None

    def expect(self, keys: Iterable[str]) -> None:
        """Announces keys the save will change, so the journal is written once for all of them
        (a backup's hundreds of items, six adventurers written back), not once a key. Nothing
        is written until the save changes a key: a save that changes none writes no journal."""
        self.announced.update(dict.fromkeys(key for key in keys if key != JOURNAL and key not in self.before))

    def _note(self, keys: Iterable[str]) -> None:
        new = [key for key in dict.fromkeys((*self.announced, *keys)) if key not in self.before and key != JOURNAL]
        self.announced.clear()  # each in the journal from now on
        if not new:
            return
        if not self.looked:
            self.looked = True
            self._look()
        if self.held is not None:
            refused = new if self.held.keys is None else [key for key in new if key in self.held.keys]
            if refused:
                raise HeldBack(_held_back(self.store, self.what, self.held, refused))
        for key in new:
            self.before[key] = self.get(key)  # kept here too: a save taken back needs it, journal or not
        if not self.journaled:
            return
        self._now.pop(JOURNAL, None)
        try:
            self.store.put(JOURNAL, write_journal(self.what, self.when, self.before))
            self.written = True
        except StorageError:  # nearly full: go on as saves did before journals
            self.journaled = False
            if self.written:
                self.store.remove(JOURNAL)

    def _look(self) -> None:
        """What is under the journal's key before this save first writes it: a newer version's
        journal is left there (and its keys held back); a damaged one is set aside first."""
        text = self.store.get(JOURNAL)
        if text is None:
            return
        self.held = newer(text)
        if self.held is not None:
            self.journaled = False
            return
        try:
            read_journal(text)
        except RulesError:
            try:
                set_journal_aside(self.store, text, self.when, move=True)
            except StorageError:  # it stays, and this save goes on without a journal
                self.journaled = False

    def done(self) -> None:
        """The save is over: the journal goes."""
        if self.written and self.journaled:
            self.store.remove(JOURNAL)

    def take_back(self) -> None:
        """The save failed half-way: every key as it was before it."""
        if self.written and self.journaled:
            with contextlib.suppress(StorageError):  # else the journal stays, for recover()
                _put_back(self.store, self.before)
                self.store.remove(JOURNAL)
        elif self.before:  # no journal (it did not fit): what this save changed, put back from memory
            with contextlib.suppress(StorageError):
                _put_back(self.store, self.before)


@contextlib.contextmanager
def atomic(store: Store, what: str, *, when: str = "", keys: Iterable[str] = (),
           whole: bool = False) -> Iterator[Store]:
    """A save of several keys as one: the block writes through the store it is given, which
    journals each change; ``what`` says what the save is, in a player's words ("saving adventurer
    'a1b2…'"), for :func:`recover`'s message; ``keys`` announces keys it will change.

    Inside another :func:`atomic` block the block is part of that save. A refusal the block lets
    out (a :class:`~pyengine.errors.RulesError`: full storage, a conflict) leaves the keys as the
    block left them (the library's writes put back what a refusal would lose), or, ``whole``, takes
    the whole save back (several records written as one: all or none); any other error takes the
    save back; a crash leaves the journal for :func:`recover`.
    """
    if isinstance(store, Transaction):
        store.expect(keys)
        yield store
        return
    tx = Transaction(store, what, when)
    tx.expect(keys)
    try:
        yield tx
    except RulesError:
        if whole:
            tx.take_back()
        else:
            tx.done()
        raise
    except Exception:
        tx.take_back()
        raise
    tx.done()


class Pending:
    """A save that did not finish, as its journal says."""

    def __init__(self, what: str, when: str, before: dict[str, str | None]) -> None:
        self.what = what
        self.when = when
        self.before = before


class Newer:
    """The journal of a save a newer version did not finish (a higher ``format``): what this
    version can know of it. Every format keeps ``before``'s keys as the keys its save changes
    (docs/formats.md); what their values mean is that version's."""

    def __init__(self, format: int, what: str, when: str, keys: frozenset[str] | None) -> None:
        self.format = format
        self.what = what
        self.when = when
        self.keys = keys
        """The keys it names (``None``: they cannot be read, so none can be written)."""


def newer(text: str) -> Newer | None:
    """The journal, when a newer version wrote it (``None``: it is this version's, or damaged)."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(data, dict) or not isinstance(data.get("format"), int) or isinstance(data["format"], bool)
            or data["format"] <= FORMAT):
        return None
    before = data.get("before")
    keys = frozenset(key for key in before if key != JOURNAL) if isinstance(before, dict) else None
    what, when = data.get("what"), data.get("when")
    return Newer(data["format"], cut(what, 120) if isinstance(what, str) and what else "a save",
                 when if isinstance(when, str) else "", keys)


def set_journal_aside(store: Store, text: str, when: str, *, move: bool) -> str:
    """The journal's ``text`` kept under ``strike-rank/set-aside/<when>/strike-rank/journal``
    (a key of its own: one set aside before is never written over; the same text set aside
    before is kept once), and, ``move``, removed from the journal's key. Returns that key.

    :raises StorageError: it could not be set aside; nothing was changed.
    """
    tail = "/" + JOURNAL
    kept = [key for key in sorted(store.keys()) if key.startswith(SET_ASIDE) and key.endswith(tail)]
    aside = next((key for key in kept if store.get(key) == text), None)
    if aside is None:
        stamp = when.replace("/", "-")
        aside = f"{SET_ASIDE}{stamp}{tail}"
        n = 1
        while store.get(aside) is not None:
            n += 1
            aside = f"{SET_ASIDE}{stamp}-{n}{tail}"
        put(store, aside, text, "the journal of an unfinished save could not be set aside")
    if move:
        store.remove(JOURNAL)
    return aside


def _named(store: Store, keys: Iterable[str], limit: int = 5) -> str:
    """The records behind ``keys`` as a player knows them: ``adventurer 'Rurik'`` (a record and
    its earlier versions are one), a key of no record as it is."""
    names: dict[str, None] = {}
    for key in sorted(keys):
        parsed = parse_key(key)
        if parsed is None:
            names[repr(key)] = None
            continue
        kind, ident, _ = parsed
        name = ident
        try:
            data = json.loads(store.get(f"{PREFIXES[kind]}{ident}") or "")
            if isinstance(data, dict) and isinstance(data.get("name"), str) and data["name"].strip():
                name = cut(data["name"].strip(), 60)
        except (ValueError, RecursionError):
            pass
        names[f"{NAMES.get(kind, kind)} {name!r}"] = None
    shown = list(names)
    more = len(shown) - limit
    return ", ".join(shown[:limit]) + (f" and {more} more" if more > 0 else "")


def _held_back(store: Store, what: str, held: Newer, keys: list[str]) -> str:
    """Why a save is refused: a newer version's unfinished save names what it would write."""
    why = (f"storage: {what} was refused: a save begun by a newer version of Strike Rank did not finish, and "
           + ("this version cannot tell what it was changing, so nothing is saved until it is finished or taken "
              "back" if held.keys is None else f"it was changing {_named(store, keys)}; this version cannot finish "
                                                 "or take back that save, so it does not write over it"))
    return (f"{why}. Open the newer version of Strike Rank on this device to finish it or take it back; "
            "meanwhile export a backup (start page) to keep what you have here")


def write_journal(what: str, when: str, before: dict[str, str | None]) -> str:
    """The journal's text (JSON, ASCII only)."""
    return json.dumps({"format": FORMAT, "what": what, "when": when, "before": before}, separators=(",", ":"))


def read_journal(text: str) -> Pending:
    """A journal's text read.

    :raises RulesError: it does not read (the message says why).
    """
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise RulesError("the journal of an unfinished save is damaged (it is not JSON text)") from None
    if not isinstance(data, dict) or not isinstance(data.get("format"), int) or isinstance(data["format"], bool):
        raise RulesError("the journal of an unfinished save is damaged (no \"format\" number)")
    if data["format"] > FORMAT:
        raise RulesError(f"the journal of an unfinished save was made by a newer version (format {data['format']}); "
                         f"this app reads format {FORMAT}")
    before = data.get("before")
    if not isinstance(before, dict) or not all(isinstance(k, str) and (v is None or isinstance(v, str))
                                               for k, v in before.items()):
        raise RulesError("the journal of an unfinished save is damaged (\"before\" is not keys and their texts)")
    what, when = data.get("what"), data.get("when")
    return Pending(what if isinstance(what, str) else "a save", when if isinstance(when, str) else "", before)


def pending(store: Store) -> Pending | None:
    """The save that did not finish (``None``: none).

    :raises RulesError: its journal does not read.
    """
    text = store.get(JOURNAL)
    return None if text is None else read_journal(text)


def wait_before_recovering(store: Store, now: str) -> float:
    """How long a page that starts now (ISO text) should wait before :func:`recover` (0: at once):
    a journal begun less than :data:`FRESH` seconds ago may be another tab's save, still going on."""
    try:
        journal = pending(store)
    except RulesError:
        return 0.0
    if journal is None or not journal.when:
        return 0.0
    try:
        age = (datetime.fromisoformat(now) - datetime.fromisoformat(journal.when)).total_seconds()
    except (ValueError, TypeError):  # a time that does not read, or one without its zone
        return 0.0
    return FRESH - age if 0 <= age < FRESH else 0.0


def recover(store: Store, now: str = "") -> str:
    """Takes back a save that did not finish (a crash, a killed tab); returns what to say
    (``""``: every save finished). Safe to repeat. ``now`` (ISO text): when, for a journal
    this version cannot take back, set aside (damaged) or copied aside (a newer version's).
    """
    text = store.get(JOURNAL)
    if text is None:
        return ""
    held = newer(text)
    if held is not None:
        return _leave_for_newer(store, text, held, now)
    try:
        journal = read_journal(text)
    except RulesError as exc:
        why = str(exc)[0].upper() + str(exc)[1:]
        try:
            aside = set_journal_aside(store, text, now, move=True)
        except StorageError as refused:
            return (f"{why}, so the save it was for could not be taken back; it could not be set aside either "
                    f"({refused}), so it is left as it is. Free some space (export, then delete what you do not "
                    "need) and reload.")
        return (f"{why}, so the save it was for could not be taken back. The journal is set aside, as it was, under "
                f"{aside!r}: a backup (Export, on the start page) carries it. Check that what you saved last is as "
                "you want it.")
    begun = f", begun {journal.when[:16].replace('T', ' ')} UTC" if journal.when else ""
    try:
        _put_back(store, journal.before)
        store.remove(JOURNAL)
    except StorageError as exc:
        return (f"A save did not finish ({journal.what}{begun}) and could not be taken back yet: {exc}. "
                "Free some space (export, then delete what you do not need) and reload.")
    return (f"A save did not finish when this browser last stopped ({journal.what}{begun}): it was taken back, "
            "so everything it had begun to change is as it was before it. Do it again if you still want it.")


def _leave_for_newer(store: Store, text: str, held: Newer, now: str) -> str:
    """A newer version's unfinished save, left for it (a copy set aside), and said."""
    begun = f", begun {held.when[:16].replace('T', ' ')} UTC" if held.when else ""
    try:
        copy = f" (a copy is set aside under {set_journal_aside(store, text, now, move=False)!r}, exported with a backup)"
    except StorageError:
        copy = ""
    until = ("As this version cannot tell what that save was changing, it saves nothing until that save is finished "
             "or taken back." if held.keys is None else
             f"Until it is finished or taken back, this version will not save what it was changing: "
             f"{_named(store, held.keys)}.")
    return (f"A save begun by a newer version of Strike Rank did not finish ({held.what}{begun}; its journal is "
            f"format {held.format}, this version reads format {FORMAT}). This version cannot take it back, so it "
            f"leaves it as it is for the newer version{copy}. {until} Open the newer version of Strike Rank on this "
            "device to finish it or take it back; meanwhile export a backup (start page) to keep what you have here.")


def _put_back(store: Store, before: dict[str, str | None]) -> None:
    """Every key as it was: first those that were not there, then those that shrink, so the
    space a save took is free before what it replaced needs it back.

    :raises StorageError: the device would not store one back (the journal stays).
    """
    now = {key: store.get(key) for key in before}

    def growth(key: str) -> tuple[int, int]:
        old = before[key]
        return (0 if old is None else 1, len(old or "") - len(now[key] or ""))

    for key in sorted(before, key=growth):
        old = before[key]
        if old is None:
            if now[key] is not None:
                store.remove(key)
        elif now[key] != old:
            store.put(key, old)
