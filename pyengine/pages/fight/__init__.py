"""Fight mode of the combat page (``combat.html#fight``): several combatants, their statements
of intent, whole melee rounds.

:class:`FightPage` is what the glue (``web/app/fight.py``) calls: a small object composed of one
part for each thing the game master does, each with its own state and actions, over the fight
they share (:class:`~.core.FightCore`: the log, the rounds as resolved, the draft):

================  ==========================================================================
``core``          the fight, its rounds and link, the draft; tables, storage, dice, the clock
``draft``         the draft as kept on the device (docs/formats.md, ``strike-rank/draft/fight``)
``keeping``       the draft and the fight kept on the device; a tab that lost fight mode keeps
                  its fight apart
``roster``        who is in the fight: added, removed, out and back; sides, optional rules,
                  a new fight
``templates``     opponent templates: kept, and copies added
``starters``      ready opponents: humans rolled by the rules, added in two taps (RQ-144)
``statements``    everyone's statement of intent, his strike ranks, next round's carried
``rounds``        rounds resolved (app dice, or typed die by die), undone; the log
``sharing``       the fight's links and export; a fight opened from a link or a file
``writeback``     "Write the results to the sheets": the plan, confirm, undo (the experience
                  marks go with it, rolled when the scenario ends: RQ-134)
``campaign``      the campaign service it writes through: one conflict check, one
                  transaction
``live``          the live table: the players' phones at this fight (statements, dice,
                  write-back offers), this page the only writer
================  ==========================================================================

Regions it draws: ``fa-source`` (who: the saved adventurers), ``fc-list`` (the combatants),
``fd-list`` (the table view: a row per combatant, each opening onto his statement), ``fd-timeline``
(who acts when), ``fd-happened`` (the round just resolved), ``fd-ask`` (the die needed next),
``fs-out`` (everyone now),
``fl-out`` (the rounds), ``fl-links`` (the fight's link and export), ``fx-out`` (experience
marks), ``fw-out`` (the write-back), ``ft-template`` (the opponent templates),
``fa-keep-said``. Every change is also kept among the fights on the device (the start page
lists them). A saved adventurer comes in as his record's current state says, and his line in
the combatants' list says so ("enters wounded: chest 3/6").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pyengine.dice import Dice
from pyengine.errors import RulesError
from pyengine.pages.combat import Measured, adventurer_options, saved_adventurers, unmeasured
from pyengine.pages.fight.core import FightCore
from pyengine.pages.fight.draft import FightDraft, Written, draft_text, empty_draft, load_draft, nothing_stated
from pyengine.pages.fight.keeping import Keeper
from pyengine.pages.fight.roster import MAX_COMBATANTS, Roster
from pyengine.pages.fight.rounds import Rounds
from pyengine.pages.fight.sharing import Sharing
from pyengine.pages.fight.starters import Starters
from pyengine.pages.fight.statements import Statements
from pyengine.pages.fight.templates import Templates
from pyengine.pages.view import Update
from pyengine.render.fight import combatants_html, happened_html, log_html, marks_html, state_html
from pyengine.render.fight_writeback import written_html
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import FightLog, read_any
from pyengine.runequest.melee.model import Fight, FightState
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.storage.store import Store

if TYPE_CHECKING:
    from pyengine.pages.fight.campaign import CampaignService
    from pyengine.pages.fight.live import LiveTable
    from pyengine.pages.fight.writeback import WriteBackCard

__all__ = ["MAX_COMBATANTS", "FightDraft", "FightPage", "Written", "draft_text", "empty_draft", "load_draft",
           "nothing_stated"]


class FightPage:
    """A fight in progress, as the game master runs it: the parts, and every action the glue calls."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured, now: Callable[[], str] | None = None,
                 new_id: Callable[[], str] | None = None) -> None:
        self.core = FightCore(tables, locations, store, dice, measured=measured, now=now, new_id=new_id)
        self.keeper = Keeper(self.core)
        self.roster = Roster(self)
        self.templates = Templates(self)
        self.starters = Starters(self)
        self.statements = Statements(self)
        self.rounds = Rounds(self)
        self.sharing = Sharing(self)
        self._campaign: CampaignService | None = None
        self._writeback: WriteBackCard | None = None
        self._live: LiveTable | None = None
        self.started = False
        # The glue's actions, each one part's.
        self.on_source, self.on_add_input, self.on_add = self.roster.on_source, self.roster.on_add_input, self.roster.on_add
        self.on_sides_click, self.on_combatants_click = self.roster.on_sides_click, self.roster.on_combatants_click
        guarded = self.rounds.unless_typing  # refused while a round is typed die by die (issue 34)
        self.on_add, self.on_combatants_click = guarded(self.roster.on_add), guarded(self.roster.on_combatants_click)
        self.on_new, self.on_from_template = guarded(self.roster.on_new), guarded(self.templates.on_from_template)
        self.on_keep_template = self.templates.on_keep_template
        self.on_starters_click = guarded(self.starters.on_click)
        self.on_statement, self.on_done, self.on_row_toggle = (self.statements.on_statement, self.statements.on_done,
                                                               self.statements.on_toggle)
        self.on_roll, self.on_start, self.on_next = self.rounds.on_roll, self.rounds.on_start, self.rounds.on_next
        self.on_cancel, self.on_undo, self.on_log_toggle = self.rounds.on_cancel, self.rounds.on_undo, self.rounds.on_log_toggle
        self.on_import, self.on_file = guarded(self.sharing.on_import), guarded(self.sharing.on_file)
        self.on_links_click = self.sharing.on_links_click

    # -- what the parts share ----------------------------------------------------------------

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def log(self) -> FightLog | None:
        return self.core.log

    @property
    def results(self) -> KeptRounds:
        return self.core.results

    @property
    def fight(self) -> Fight | None:
        return self.core.fight

    @property
    def draft(self) -> FightDraft:
        return self.core.draft

    @property
    def written(self) -> Written | None:
        """What the last "Confirm" wrote, while it can be undone."""
        return self.core.draft.written

    def draft_text(self) -> str:
        """The draft as it is kept on the device."""
        return draft_text(self.core.draft)

    @property
    def typed(self) -> list[int]:
        """The dice typed so far for the round being resolved with the game master's own dice."""
        return self.rounds.typed

    def state(self) -> FightState | None:
        return self.core.state()

    def link(self) -> str:
        return self.core.link()

    def save(self) -> Update:
        """The draft and the fight kept on the device (or why not)."""
        return self.keeper.save()

    # -- the parts made when first used (their modules are what a tap needs, not the page's start) --

    @property
    def campaign(self) -> CampaignService:
        """The one service the write-back writes the sheets through."""
        if self._campaign is None:
            # the campaign service loads when first used (warm_up), not at fight mode's start
            from pyengine.pages.fight.campaign import CampaignService

            self._campaign = CampaignService(self.core.store, self.core.tables)
        return self._campaign

    @property
    def writeback(self) -> WriteBackCard:
        if self._writeback is None:
            # loads when first used (warm_up), not at fight mode's start
            from pyengine.pages.fight.writeback import WriteBackCard

            self._writeback = WriteBackCard(self)
        return self._writeback

    @property
    def live(self) -> LiveTable:
        """The live table: the players' phones at this fight."""
        if self._live is None:
            # loads when the table is first opened, not at fight mode's start
            from pyengine.pages.fight.live import LiveTable

            self._live = LiveTable(self)
        return self._live

    def on_writeback_click(self, data: Mapping[str, str]) -> Update:
        return self.writeback.on_writeback_click(data)

    def warm_up(self) -> None:
        """Imports what "write the results to the sheets" needs, when the fight has saved
        adventurers (the glue calls it once the fight is shown, so the first tap does not wait)."""
        if self.fight is not None and any(c.character for c in self.fight.combatants):
            self.campaign, self.writeback  # noqa: B018  (made, their modules imported)

    # -- opening -----------------------------------------------------------------------------

    def open(self, values: Mapping[str, str], link: str = "") -> Update:
        """Fight mode opens (``values``: the add form as the page has it; ``link``: a fight's
        link to show, without ``#``). The first time, the draft kept on the device comes back:
        the fight so far and everything typed. A link replaces the fight with its own."""
        update = Update(notices={"fl-link-error": ""}, hidden={"fight-loading": True})
        if not self.started:
            self.started = True
            update |= self._restore()
        if link and link != self.link():
            opened, shown = self.sharing.open_text(link, "fl-link-error")
            return update | shown if opened else update | self.all() | shown
        return update | self.all()

    def _restore(self) -> Update:
        core = self.core
        self.keeper.restore()
        saved = saved_adventurers(core.store, core.tables)
        typed = core.draft.add
        # The "Who" picker starts at the quick stat block after a reload, so a quick stat block is never
        # made a saved adventurer's copy unseen.
        source = typed["fa-source"] = ""
        update = Update(
            html={"fa-source": adventurer_options(saved, selected=source), "ft-template": self.templates.options_html()},
            values={**typed, "fa-source": source},
            disabled={"fa-add": False},
        )
        update |= self.on_source({"fa-source": source})
        if core.draft.written is not None:
            update |= Update(html={"fw-out": written_html(core.draft.written)})
        if core.draft.link:
            update |= Update(opened={"fa-box": False})
            try:
                core.set_log(read_any(core.draft.link))
            except RulesError as exc:
                update |= Update(notices={"fl-link-error": f"The fight kept on this device could not be replayed: {exc}"})
        return update | self.rounds.restore(self.keeper.problems)

    # -- what it shows -----------------------------------------------------------------------

    def all(self) -> Update:
        """Everything drawn again."""
        return self.shown() | self.statements.declarations()

    def shown(self, grown: bool = False) -> Update:
        """Everything but the statements: the table's round, then combatants, everyone's state, the log,
        marks, the link (``grown``: the log has one round more than when last drawn)."""
        return self.table_shown() | self.rest_shown(grown)

    def table_shown(self) -> Update:
        """What the table view shows besides its rows: what happened in the last round, the bar's buttons."""
        core = self.core
        fight, results = core.fight, core.results
        ready = fight is not None and len({c.side for c in fight.combatants}) >= 2
        return Update(
            html={"fd-happened": happened_html(results[-1] if results else None)},
            disabled={"fw-plan": fight is None, "fd-share": fight is None},
        ) | self.rounds.locked(ready)

    def rest_shown(self, grown: bool = False) -> Update:
        """Below the table: combatants, everyone's state, the log, marks, the link and the address; and the
        round's number, written last, so that what waits for it finds the whole round drawn."""
        core = self.core
        fight, state, results = core.fight, core.state(), core.results
        link = core.link()
        stale = self._writeback.stale(link) if self._writeback is not None else {}
        return Update(
            html={
                **stale,
                "fc-list": combatants_html(fight, removable=not results, rules=core.rules(),
                                           gone=core.gone() if results else None, rounds=len(results)),
                "fs-out": state_html(fight, state, core.gone()),
                "fx-out": marks_html(fight, state, core.draft.applied),
                "fl-links": self.sharing.links_html(),
                "fa-sides": self.roster.sides_html(),
            },
            address=f"#{link}" if link else None,
        ) | self.rounds.log(grown) | Update(text={"fd-round": str((state.round if state else 0) + 1)})

    def drawn_later(self) -> Update:
        """What a round resolved with app dice left to draw below the table (the glue asks once the table
        is on the screen): a round on the table in one frame, the rest just after."""
        if not self.rounds.later:
            return Update()
        self.rounds.later = False
        return self.rest_shown(grown=True)

    def on_bar_click(self, data: Mapping[str, str]) -> Update:
        """The table's bar: "Log" (``data-go="log"``) and "Share" (``"share"``) bring the fight's log, or
        its links, into view."""
        go = {"log": "fl-heading", "share": "fl-links", "table": "fight-table"}.get(data.get("go", ""))
        return Update(scroll=go) if go else Update()

    def marks(self) -> Update:
        """The experience marks alone."""
        return Update(html={"fx-out": marks_html(self.core.fight, self.core.state(), self.core.draft.applied)})

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        regions = self.shown().html
        regions["fl-out"] = log_html(self.core.results)
        regions["fd-list"] = self.statements.html()
        regions |= self.statements.timeline().html
        return regions
