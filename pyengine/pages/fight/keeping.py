"""Fight mode's fight kept on the device: the draft on every change (``strike-rank/draft/fight``),
and the fight among the saved fights the start page lists (:func:`pyengine.library.keep_fight`).
When another tab (or the start page) took fight mode's fight since this tab read it, this tab's
fight is kept apart among the saved fights, and the other is left as it is."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from pyengine.errors import RecordError, StorageError
from pyengine.library.drafts import keep_draft, read_draft
from pyengine.library.fights import current_fight, default_name, fight_mode_keys, keep_fight, keep_fight_apart, load_fight
from pyengine.library.journal import atomic
from pyengine.pages.fight.draft import draft_text
from pyengine.pages.fight.draft import read_draft as read_fight_draft
from pyengine.pages.view import Update
from pyengine.storage.store import Store

if TYPE_CHECKING:
    from pyengine.pages.fight.core import FightCore


class Keeper:
    """Keeps the draft, and the fight, on the device; knows whether this tab still holds fight mode."""

    def __init__(self, core: FightCore) -> None:
        self.core = core
        self.unsaved = False
        """The draft could not be kept on the device (and the page said so)."""
        self.seen: str | None = None
        """Fight mode's draft as this tab last read or wrote it: when the device holds another,
        another tab (or the start page) changed fight mode's fight since, and this tab's fight
        is kept apart instead of written over it."""
        self.apart: str | None = None
        """The saved fight this tab's fight is kept under once it is kept apart (``""``: not yet)."""
        self.problems: list[str] = []
        """What in the draft last read back did not read (each part named, with the value found)."""

    def restore(self) -> None:
        """The draft kept on the device read back into the fight's draft (not the fight itself)."""
        core = self.core
        self.seen = read_draft(core.store, "fight")
        core.draft, self.problems = read_fight_draft(self.seen)

    def take_fight_mode(self, seen: str | None) -> None:
        """This tab's fight is fight mode's again (a new fight, another one opened)."""
        self.seen, self.apart = seen, None

    def save(self) -> Update:
        """Keeps the draft (and the fight, as its link) on the device; says so when the device will not."""
        try:
            self.keep(self.core.store)
        except StorageError as exc:
            return self.refused(exc)
        return self.kept()

    def keep(self, store: Store) -> None:
        """Keeps the draft (and the fight) through ``store``: a save of its own, or part of the
        save ``store`` is (:func:`~pyengine.library.journal.atomic`: the write-back's).

        :raises StorageError: the device would not store it (on its own, what was written stays
            and :attr:`seen` says so; a save it is part of, taken back, puts back :meth:`notes`).
        """
        core = self.core
        core.draft.link = core.link()
        text = draft_text(core.draft)
        if self.apart is None and read_draft(store, "fight") != self.seen:
            self.apart = ""
        # The keys this save changes, announced so its journal is written once: the draft, and
        # the saved fight it is kept as (fight mode's, or this tab's own).
        kept = current_fight(store) if self.apart is None else self.apart
        with atomic(store, "keeping the fight in fight mode", when=core.now(), keys=fight_mode_keys(kept)) as tx:
            if self.apart is None:
                keep_draft(tx, "fight", text)
                self.seen = text
                self._keep(text, store=tx)
            else:
                self._keep(text, apart=True, store=tx)

    def notes(self) -> tuple[str | None, str | None]:
        """What this tab knows of what it wrote (:attr:`seen`, :attr:`apart`), to put back with
        :meth:`put_back_notes` when a save :meth:`keep` was part of is taken back."""
        return self.seen, self.apart

    def put_back_notes(self, notes: tuple[str | None, str | None]) -> None:
        self.seen, self.apart = notes

    def refused(self, exc: StorageError) -> Update:
        """The notice: the fight is not kept on this device."""
        self.unsaved = True
        return Update(notices={"fl-link-error": (
            f"This fight is not kept on this device: {exc}. Copy its link or export it to keep it."
        )})

    def kept(self) -> Update:
        """The notice once the fight is kept: none, or that it is kept apart from another tab's."""
        was_unsaved, self.unsaved = self.unsaved, False
        if self.apart is not None:
            return Update(notices={"fl-link-error": (
                "Another tab (or the start page) opened a fight in fight mode since this tab did, so this tab's "
                "fight is kept apart among the saved fights on the start page"
                + (f" as '{self._apart_name()}'" if self.core.log is not None else "")
                + ": neither was written over. Reload to see the other one."
            )})
        return Update(notices={"fl-link-error": ""}) if was_unsaved else Update()

    def _apart_name(self) -> str:
        """This tab's fight's name once kept apart: "Sartar against Chaos (second tab)"."""
        return default_name(self.core.sides())[:47] + " (second tab)"

    def _keep(self, draft: str, apart: bool = False, *, store: Store) -> None:
        """The fight kept among the fights on the device (the start page lists them); ``apart``:
        under this tab's own saved fight, not fight mode's (:attr:`apart`); ``store``: the save
        the draft is written in (one unit with it).

        :raises StorageError: the device would not store it.
        """
        core = self.core
        if core.log is None:
            return
        sides = core.sides()
        if apart:
            self.apart = keep_fight_apart(store, draft, ident=self.apart or None, sides=sides,
                                          rounds=len(core.results), now=core.now(), new_id=core.new_id,
                                          name=self._apart_name()) or ""
            return
        # Named after its sides until the game master renames it: a side joining renames it.
        name = None
        ident = current_fight(store)
        if ident:
            try:
                old = load_fight(store, ident)
            except RecordError:
                old = None
            if old is not None and old.name == default_name(old.sides):
                name = default_name(sides)
        try:
            keep_fight(store, draft, sides=sides, rounds=len(core.results), now=core.now(), new_id=core.new_id,
                       name=name)
        except RecordError:  # never: the draft is fight mode's own JSON object
            pass

    def fight_id(self) -> str:
        """The id the saved adventurers' records know this fight by: its id among the fights kept
        on the device (or, when the device would not keep it, one made from who is in it)."""
        ident = current_fight(self.core.store)
        if ident:
            return ident
        log = self.core.log
        assert log is not None
        who = json.dumps([[c.name, c.side, c.character] for c in log.fight.combatants])
        return "fight-" + hashlib.sha1(who.encode()).hexdigest()[:16]

    def fight_label(self) -> str:
        """The fight's name, as the records' versions and injuries say it."""
        try:
            return load_fight(self.core.store, self.fight_id()).name
        except RecordError:
            return default_name({c.side: [] for c in self.core.log.fight.combatants} if self.core.log else {})
