"""Fight mode's statements of intent: everyone's statement form, kept in the draft as typed,
his strike ranks shown as he types, checked as a whole before a round, and next round's
carried from this one's.

Fields it reads: the statements ``fd-<k>-…`` (ids in :mod:`pyengine.runequest.melee.render`).
Regions: ``fd-list`` (the table view: everyone's row ``fd-<k>``, his statement in short
``fd-<k>-short``, the statement form a tap opens with his strike ranks ``fd-<k>-sr``), ``fd-timeline``
(the strike-rank ruler), ``fd-form-error``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pyengine.errors import FieldError, RulesError
from pyengine.pages.fight.draft import Statement, as_statement, nothing_stated
from pyengine.pages.view import Update
from pyengine.render.fight import declaration_inner_html, declarations_html, row_notes_html, said_html, timeline_html
from pyengine.runequest.melee.context import DOWN
from pyengine.runequest.melee.defaults import engaged_after, next_intents, retargeted
from pyengine.runequest.melee.foresee import foreseen, left_out
from pyengine.runequest.melee.inputs import draft_of, read_declaration, statement_draft
from pyengine.runequest.melee.intent import Intent, check_intents
from pyengine.runequest.melee.model import start
from pyengine.runequest.melee.render import aimed, default_declaration, field_for
from pyengine.runequest.melee.table import round_changes, short_statement
from pyengine.runequest.melee.timing import Timed, schedule
from pyengine.runequest.pronouns import pronouns_of

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage


class Statements:
    """Everyone's statement as typed, and what the last check found wrong in them."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core
        self.errors: dict[str, str] = {}
        """Statement fields the last check refused (field id -> message), as drawn."""
        self.marked: set[str] = set()
        """Those of them drawn marked invalid (cleared when he changes his statement)."""
        self.opened: set[str] = set()
        """Who has had a statement changed this round: his details stay open when drawn again."""

    def _drafts(self) -> dict[str, Statement]:
        """Everyone's statement as typed; someone who has none yet gets the default."""
        fight, state = self.core.fight, self.core.state()
        assert fight is not None and state is not None
        declare = self.core.draft.declare
        gone = self.core.gone()
        for c in fight.combatants:
            if c.name not in declare:
                declare[c.name] = as_statement(default_declaration(fight, state, c, gone))
            elif c.name not in gone and state.bodies[c.name].condition != "dead":
                # stated before any foe was there: aimed as his form shows it, the first foe standing
                declare[c.name] = as_statement(aimed(fight, state, c, declare[c.name], gone))
        return declare

    def _schedule(self, k: int) -> list[Timed] | None:
        """The ``k``-th combatant's strike ranks as stated so far (``None``: it does not read yet)."""
        fight, state = self.core.fight, self.core.state()
        assert fight is not None and state is not None
        c = fight.combatants[k]
        try:
            intent, _ = read_declaration(fight, k, self.core.draft.declare.get(c.name, {}))
            return schedule(c, state.bodies[c.name], intent, self.core.mt.strike_ranks, rules=self.core.rules(),
                            melees=self._melees())
        except Exception:  # a half-typed statement: its strike ranks show once it reads
            return None

    def _foreseen(self, k: int) -> tuple[str, ...]:
        """What the round will make of the ``k``-th combatant's statement otherwise than stated (RQ-139)."""
        fight, state = self.core.fight, self.core.state()
        assert fight is not None and state is not None
        c = fight.combatants[k]
        try:
            intent, _ = read_declaration(fight, k, self.core.draft.declare.get(c.name, {}))
        except FieldError:  # a half-typed statement: told once it reads
            return ()
        return foreseen(fight, state, intent, pronouns_of(c.name, self.core.pronouns()))

    def _melees(self) -> dict[str, frozenset[str]]:
        """Who starts the round engaged with whom, as the statements typed say (both ways, RQ-74)."""
        out: dict[str, set[str]] = {}
        for name, statement in self.core.draft.declare.items():
            for foe in statement.get("engaged", ()):
                out.setdefault(name, set()).add(foe)
                out.setdefault(foe, set()).add(name)
        return {name: frozenset(foes) for name, foes in out.items()}

    def _take(self, k: int, values: Mapping[str, str]) -> None:
        """The ``k``-th combatant's statement form, as the page has it, into the draft."""
        fight = self.core.fight
        assert fight is not None
        name = fight.combatants[k].name
        taken = statement_draft(fight, k, values, self.core.draft.declare.get(name) or {})
        if taken is not None:
            self.core.draft.declare[name] = as_statement(taken)

    def on_statement(self, values: Mapping[str, str], field_id: str, changed: bool = False) -> Update:
        """Something typed or chosen in a statement (``field_id``; ``changed``: a change, not
        keystrokes; ``values``: his form's fields): kept in the draft, his strike ranks shown
        anew, the problems shown on his statement cleared. Another action drew his form again."""
        m = re.match(r"fd-(\d+)-", field_id)
        fight, state = self.core.fight, self.core.state()
        if fight is None or state is None or m is None or int(m.group(1)) >= len(fight.combatants):
            return Update()
        k = int(m.group(1))
        self._take(k, values)
        p = f"fd-{k}"
        mine = [field for field in self.errors if field == p or field.startswith(f"{p}-")]
        for field in mine:
            del self.errors[field]
        timed = self._schedule(k)
        name = fight.combatants[k].name
        update = Update(notices={"fd-form-error": ""})
        carried, notes = self.carried()
        same, note, told = self._same(k, carried), notes.get(name, ""), self._foreseen(k)
        statement = self.core.draft.declare[name]
        if field_id.endswith("-do") and changed:
            # Its inputs (and their labels) depend on what he does: the statement is drawn again, open.
            self.opened.add(name)
            form = declaration_inner_html(fight, state, k, statement, timed, same=same, note=note, gone=self.core.gone(),
                                          foreseen=told, changed=self.changed().get(name, ()))
            self.marked -= set(mine)
            update |= Update(html={p: form}, errors={p: ""}, focus=field_id)
        else:
            if not field_id.endswith("-a0-target"):
                self.opened.add(name)  # changed inside his details: they stay open when drawn again
            cleared = {field: "" for field in mine if field in self.marked}
            self.marked -= set(mine)
            update |= Update(html={f"{p}-sr": said_html(timed, statement, same, told)},
                             errors={**cleared, p: ""})
        short = short_statement(timed, [row.get("arm", "") for row in statement.get("parries", ()) if row.get("arm")])
        update |= Update(text={f"{p}-short": short}, html={f"{p}-notes": row_notes_html(k, note, told, short)})
        update |= self.timeline()
        return update | self.page.save()

    def on_done(self, data: Mapping[str, str]) -> Update:
        """"Done: back to the table" in the ``data-done``-th row: his statement folds back into his row,
        the row in view."""
        fight, k = self.core.fight, data.get("done", "")
        if fight is None or not k.isdigit() or int(k) >= len(fight.combatants):
            return Update()
        self.opened.discard(fight.combatants[int(k)].name)
        return Update(html={f"fd-{k}": self._drawn(int(k), opened=False)}, scroll=f"fd-{k}")

    def on_toggle(self, data: Mapping[str, str]) -> Update:
        """A row tapped open or closed (``data-row``, ``open``): kept so when the table is drawn again; a
        row opened for the first time gets his statement's form (``fd-<k>-edit``)."""
        fight, state, k = self.core.fight, self.core.state(), data.get("row", "")  # no data-row: another fold
        if fight is None or state is None or not k.isdigit() or int(k) >= len(fight.combatants):
            return Update()
        c = fight.combatants[int(k)]
        if c.name in self.core.gone() or state.bodies[c.name].condition == "dead":
            return Update()
        if data.get("open") != "1":
            self.opened.discard(c.name)
            if any(field == f"fd-{k}" or field.startswith(f"fd-{k}-") for field in self.errors):
                return Update()  # a refused statement keeps its form, and its note, until it is changed
            return Update(html={f"fd-{k}": self._drawn(int(k), opened=False)})  # its row says it as changed
        self.opened.add(c.name)
        if data.get("drawn") == "1":
            return Update()
        return Update(html={f"fd-{k}": self._drawn(int(k), opened=True)})

    def _drawn(self, k: int, *, opened: bool) -> str:
        """The inside of the ``k``-th row: open with his statement's form, or shut without it."""
        fight, state = self.core.fight, self.core.state()
        assert fight is not None and state is not None
        name = fight.combatants[k].name
        statement = self._drafts()[name]
        return declaration_inner_html(fight, state, k, statement, self._schedule(k),
                                      same=self._same(k) if opened else None,
                                      note=self.carried()[1].get(name, ""), gone=self.core.gone(),
                                      foreseen=self._foreseen(k), changed=self.changed().get(name, ()),
                                      opened=opened)

    def _same(self, k: int, carried: Mapping[str, Statement] | None = None) -> bool | None:
        """Whether the ``k``-th combatant's statement is last round's as carried (``None``: no round yet)."""
        fight = self.core.fight
        if fight is None or not self.core.results:
            return None
        if carried is None:
            carried = self.carried()[0]
        c = fight.combatants[k]
        if c.name not in carried:
            return None
        try:
            return (read_declaration(fight, k, self.core.draft.declare.get(c.name, {}))[0]
                    == read_declaration(fight, k, carried[c.name])[0])
        except FieldError:
            return False

    def read(self, values: Mapping[str, str]) -> tuple[tuple[Intent, ...] | None, Update]:
        """Everyone's statements of intent, read from their forms (``values``) and checked;
        ``None`` with every problem shown beside its field (the first focused)."""
        fight, state = self.core.fight, self.core.state()
        assert fight is not None and state is not None
        shown_before = bool(self.errors)
        self.errors = {}
        intents, who, rows = [], [], []
        gone = self.core.gone()
        for k, c in enumerate(fight.combatants):
            if state.bodies[c.name].condition == "dead" or c.name in gone:
                continue
            self._take(k, values)
            try:
                intent, used = read_declaration(fight, k, self.core.draft.declare.get(c.name, {}))
            except FieldError as exc:
                self.errors.update(exc.problems)
                continue
            intents.append(intent)
            who.append(k)
            rows.append(used)
        update = self.page.save() | Update(notices={"fd-form-error": ""})
        if not self.errors:
            try:
                check_intents(fight, state, tuple(intents))
            except RulesError as exc:
                field, message = field_for(exc.field, str(exc), who, rows)
                if not field:
                    return None, update | Update(notices={"fd-form-error": message})
                self.errors[field] = message
        if self.errors or shown_before:
            update |= self.declarations()
        if self.errors:
            return None, update | Update(focus=next(iter(self.errors)))
        return tuple(intents), update

    def carried(self) -> tuple[dict[str, Statement], dict[str, str]]:
        """Next round's statements as last round carries them (``melee.defaults``), each blow, shot or hold at
        a foe who fell turned on the next foe standing (never one of his own side), and what each row says
        of it; a combatant now down states nothing. ``({}, {})`` before the first round."""
        log = self.core.log
        if log is None or not self.core.results:
            return {}, {}
        fight, state = log.fight, self.core.state()
        assert state is not None
        events = self.core.results[-1].events
        gone = log.gone()
        previous, notes = retargeted(fight, state, log.rounds[-1].intents, gone)
        carried = {i.who: i for i in next_intents(fight, state, previous, events)}
        for intent in previous:
            # what last round's statement loses is said on his row, never silently dropped (RQ-139)
            if state.bodies[intent.who].condition not in DOWN and (why := left_out(
                    fight, state, intent, carried.get(intent.who), pronouns_of(intent.who, self.core.pronouns()))):
                notes[intent.who] = "; ".join((*filter(None, (notes.get(intent.who),)), *why))
        engaged = engaged_after(fight, state, events)
        drafts: dict[str, Statement] = {}
        for c in fight.combatants:
            if c.name in gone:
                continue
            if c.name in carried:
                drafts[c.name] = as_statement(draft_of(carried[c.name], fight))
                drafts[c.name]["engaged"] = [n for n in drafts[c.name]["engaged"] if n not in gone]
            elif state.bodies[c.name].condition != "dead":
                drafts[c.name] = nothing_stated([n for n in engaged.get(c.name, ()) if n not in gone])
        return drafts, {name: note for name, note in notes.items() if name in drafts}

    def carry(self) -> None:
        """Next round's statements: last round's, less what can no longer be done
        (``melee.defaults``), a fallen target's attacker turned on the next foe (said on his row); a
        combatant now down states nothing. Defense shares typed but not used stay as typed."""
        self.core.draft.declare.update(self.carried()[0])
        self.opened = set()

    def taken_back(self, undone: tuple[Intent, ...]) -> None:
        """The round undone: its statements back in the forms, to be changed and resolved again."""
        log = self.core.log
        assert log is not None
        for c in log.fight.combatants:
            mine = next((i for i in undone if i.who == c.name), None)
            self.core.draft.declare[c.name] = (as_statement(draft_of(mine, log.fight)) if mine is not None
                                               else nothing_stated())
        self.errors, self.opened = {}, set()

    def cleared(self) -> None:
        """Nothing stated, nothing refused (a new fight, another fight opened)."""
        self.core.draft.declare, self.errors, self.opened = {}, {}, set()

    def _schedules(self) -> dict[str, list[Timed] | None]:
        """Everyone's strike ranks as stated (the default statement for one who has none yet)."""
        fight = self.core.fight
        assert fight is not None
        self._drafts()
        return {c.name: self._schedule(k) for k, c in enumerate(fight.combatants)}

    def html(self, schedules: Mapping[str, list[Timed] | None] | None = None) -> str:
        """Every row and statement form, from the draft, each with his strike ranks and any problem found."""
        fight, state = self.core.fight, self.core.state()
        if fight is None or state is None:
            return declarations_html(None, None, {})
        drafts = self._drafts()
        if schedules is None:
            schedules = self._schedules()
        carried, notes = self.carried()
        # Only an open row's form is drawn (and told whether it is last round's): a round draws rows.
        shown = {c.name for c in fight.combatants if c.name in self.opened}
        shown |= {fight.combatants[int(m.group(1))].name for field in self.errors
                  if (m := re.match(r"fd-(\d+)", field)) and int(m.group(1)) < len(fight.combatants)}
        same = {c.name: v for k, c in enumerate(fight.combatants)
                if c.name in shown and (v := self._same(k, carried)) is not None}
        told = {c.name: self._foreseen(k) for k, c in enumerate(fight.combatants) if c.name in drafts}
        return declarations_html(fight, state, drafts, schedules, self.errors, opened=self.opened | shown, same=same,
                                 notes=notes, gone=self.core.gone(), foreseen=told, changed=self.changed(),
                                 drawn=False)

    def changed(self) -> dict[str, list[str]]:
        """What the last round changed in each row (``-6 HP``, ``L arm out``); ``{}`` before the first."""
        fight, results = self.core.fight, self.core.results
        if fight is None or not results:
            return {}
        return round_changes(fight, results[-2].state if len(results) >= 2 else start(fight), results[-1].state)

    def timeline(self, schedules: Mapping[str, list[Timed] | None] | None = None) -> Update:
        """The round about to be resolved on the strike-rank ruler (``fd-timeline``)."""
        fight, state = self.core.fight, self.core.state()
        if fight is None or state is None:
            return Update(html={"fd-timeline": ""})
        if schedules is None:
            schedules = self._schedules()
        return Update(html={"fd-timeline": timeline_html(fight, state, schedules, self.core.gone())})

    def declarations(self) -> Update:
        """The table drawn again (``fd-list``: everyone's row and statement form), and the ruler."""
        fight = self.core.fight
        schedules = self._schedules() if fight is not None and self.core.state() is not None else None
        html = self.html(schedules)
        self.marked = {field for field in self.errors if f'id="{field}"' in html}
        return Update(html={"fd-list": html}) | self.timeline(schedules)
