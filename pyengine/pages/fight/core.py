"""The fight fight mode holds: its log (the combatants, and each round's statements and rolls:
:mod:`pyengine.runequest.melee.log`), the rounds as resolved, its link, and the draft of what is
being typed. Every part of the page reads the fight here; none keeps a copy."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime, timezone

from pyengine.dice import Dice, RandomDice
from pyengine.errors import RulesError
from pyengine.library.records import record_text
from pyengine.pages.combat import Measured, unmeasured
from pyengine.pages.fight.draft import FightDraft
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import FightLog, Linker, replay
from pyengine.runequest.melee.model import Fight, FightState, MeleeRules, start
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.storage.store import Store


def iso_now() -> str:
    """The time now, as ISO text in UTC to the millisecond."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class FightCore:
    """The fight in progress, the rounds as resolved, the draft; and what the page was given
    (tables, storage, dice, the clock)."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured, now: Callable[[], str] | None = None,
                 new_id: Callable[[], str] | None = None) -> None:
        self.tables = tables
        self.locations = locations
        self.store = store
        self.dice = dice or RandomDice()
        self.measured = measured
        self.now = now or iso_now
        """The time now, as ISO text (the glue gives the browser's)."""
        self.new_id = new_id or (lambda: os.urandom(6).hex())
        """A new saved fight's id."""
        self.mt = melee_tables(tables, locations)
        self.log: FightLog | None = None
        self.results: KeptRounds = KeptRounds()
        """The rounds as resolved (the ones before the last kept packed: a long evening's memory)."""
        self.draft = FightDraft()
        """What is being typed, and what the last "Confirm" wrote while it can be undone (kept on the device)."""
        self._linked: tuple[FightLog, str] | None = None
        """The last log's link, as :meth:`link` made it."""
        self._linker = Linker()
        """Packs only the rounds added since the last link (a long fight's link, after every round)."""
        self._pronouns: dict[str, tuple[str, Pronouns]] = {}
        """Each saved adventurer's pronouns as last read, by id, with the text they were read from."""

    @property
    def fight(self) -> Fight | None:
        return self.log.fight if self.log is not None else None

    def state(self) -> FightState | None:
        """Everyone now: after the last round, or as they came in."""
        if self.log is None:
            return None
        return self.results[-1].state if self.results else start(self.log.fight)

    def link(self) -> str:
        """The fight's share-link fragment (``""``: no fight); made once for each log (the log
        is never changed in place: every change makes a new one)."""
        if self.log is None:
            return ""
        if self._linked is None or self._linked[0] is not self.log:
            self._linked = (self.log, self._linker.link(self.log))
        return self._linked[1]

    def set_log(self, new: FightLog | None) -> None:
        """Takes a new log and replays it. :raises RulesError: it does not replay (nothing changes)."""
        if new is None or not new.fight.combatants:
            self.log, self.results = None, KeptRounds()
            return
        replayed = replay(new, self.mt, self.pronouns(new.fight))
        self.log, self.results = new, KeptRounds(replayed.rounds)

    def pronouns(self, fight: Fight | None = None) -> dict[str, Pronouns]:
        """How the rounds' words speak of each saved adventurer in ``fight`` (the fight in progress when
        ``None``), by name: his sheet's pronouns on this device; one whose sheet is not here, or does
        not read, and every quick stat block is "they". The fight's link does not carry them: the
        state is the same whatever they are (RQ-145)."""
        found: dict[str, Pronouns] = {}
        fight = fight or self.fight
        for c in fight.combatants if fight is not None else ():
            text = record_text(self.store, "character", c.character) if c.character else None
            if text is None:
                continue
            kept = self._pronouns.get(c.character)
            if kept is None or kept[0] != text:
                try:
                    kept = (text, load_adventurer(text).pronouns)
                except RulesError:  # a damaged record: write-back says so; here it is "they"
                    continue
                self._pronouns[c.character] = kept
            found[c.name] = kept[1]
        return found

    def gone(self) -> dict[str, int]:
        """Who has left the fight, and after which round."""
        return self.log.gone() if self.log is not None else {}

    def rules(self) -> MeleeRules:
        """The fight's optional rules."""
        return self.log.melee_rules if self.log is not None else MeleeRules()

    def sides(self) -> dict[str, list[str]]:
        """Each side's combatants' names, in the fight's order."""
        sides: dict[str, list[str]] = {}
        for c in self.fight.combatants if self.fight is not None else ():
            sides.setdefault(c.side, []).append(c.name)
        return sides
