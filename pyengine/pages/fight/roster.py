"""Fight mode's roster and set-up: who is in the fight (a quick stat block or a saved adventurer
added, one removed before the first round, one taken out of the fight or brought back after),
the sides, the fight's optional rules, and "Start a new fight".

Fields it reads: the add form ``fa-…``. Regions: ``fa-sides`` (the sides as buttons).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import msgspec

from pyengine.errors import FieldError, RulesError, StorageError
from pyengine.library.fights import new_fight
from pyengine.library.records import record_text
from pyengine.pages.fight.draft import naming
from pyengine.pages.view import Update, errors_cleared
from pyengine.render.fight import sides_html
from pyengine.runequest.melee.inputs import QUICK_FIELDS, read_quick, read_saved
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import FightLog, come_back, leave
from pyengine.runequest.melee.model import Fight
from pyengine.runequest.melee.render import OPTIONAL_RULES

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: The most combatants one fight holds (a round's statements hold as many: melee.log).
MAX_COMBATANTS = 24
#: The add form's fields that can be refused.
ADD_FIELDS = (*QUICK_FIELDS, "fa-source")


def add_form(values: Mapping[str, str]) -> dict[str, str]:
    """The add form's fields, as the page has them."""
    return {field: values.get(field, "") for field in ADD_FIELDS}


class Roster:
    """Who is in the fight, and on which side."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core

    def on_source(self, values: Mapping[str, str]) -> Update:
        """Who is added: the quick stat block's fields only for a quick stat block."""
        saved = bool(values.get("fa-source"))
        return Update(disabled={"fa-quick": saved}, hidden={"fa-quick": saved})

    def on_add_input(self, values: Mapping[str, str]) -> Update:
        """Something typed or chosen in the add form: kept in the draft."""
        self.core.draft.add = add_form(values)
        return self.page.save()

    def on_add(self, values: Mapping[str, str]) -> Update:
        """"Add to the fight": a quick stat block or a saved adventurer joins; every problem
        is shown beside its field and nothing is added."""
        core = self.core
        update = Update(errors=errors_cleared(ADD_FIELDS))
        typed = core.draft.add = add_form(values)
        fight = core.fight
        if fight is not None and len(fight.combatants) >= MAX_COMBATANTS:
            return update | Update(errors={"fa-name": f"name: a fight holds {MAX_COMBATANTS} combatants at most"})
        try:
            ident = typed["fa-source"]
            if ident:
                record = record_text(core.store, "character", ident)
                if record is None:
                    raise FieldError("fa-source", "who: this saved adventurer is no longer on this device")
                c = read_saved(core.tables, typed, fight, record, ident)
            else:
                c = read_quick(core.tables, typed, fight)
        except FieldError as exc:
            return update | Update(errors=dict(exc.problems)) | self.page.save()
        try:
            self.join((*(fight.combatants if fight else ()), c))
        except RulesError as exc:
            return update | Update(errors={"fa-name": str(exc)})
        typed["fa-name"], typed["fa-source"] = "", ""
        self.page.statements.errors = {}
        # Back to the quick stat block after each add, so one is never made a saved adventurer's copy unseen.
        return (update | self.page.save() | self.page.all()
                | Update(values={"fa-name": "", "fa-source": "", "fa-side": c.side}, focus="fa-name")
                | self.on_source({"fa-source": ""}))

    def join(self, combatants: tuple) -> None:
        """The fight with these combatants (a new fight's log when there is none yet).

        :raises RulesError: it does not replay (nothing changes).
        """
        log, new = self.core.log, Fight(combatants=tuple(combatants))
        self.core.set_log(FightLog(fight=new) if log is None else msgspec.structs.replace(log, fight=new))

    def on_sides_click(self, data: Mapping[str, str]) -> Update:
        """A side already in the fight tapped (``data-side``): the add form's side is that one."""
        side = data.get("side", "")
        fight = self.core.fight
        if not side or fight is None or side not in {c.side for c in fight.combatants}:
            return Update()
        self.core.draft.add["fa-side"] = side
        return Update(values={"fa-side": side}, errors={"fa-side": ""}) | self.page.save()

    def sides_html(self) -> str:
        """The sides already in the fight, each a button that puts it in the add form (``fa-sides``)."""
        return sides_html(list(self.core.sides()))

    def on_combatants_click(self, data: Mapping[str, str]) -> Update:
        """A button in the combatants' list, before the first round: ``data-remove``, remove him;
        ``data-rule``, turn one of the fight's optional rules on or off; after it, ``data-leave``
        and ``data-back``."""
        rule = data.get("rule", "")
        if rule:
            return self._toggle_rule(rule)
        if data.get("leave", "") or data.get("back", ""):
            return self._leave_or_back(data.get("leave", ""), data.get("back", ""))
        log, k = self.core.log, data.get("remove", "")
        if log is None or self.core.results or not k.isdigit() or int(k) >= len(log.fight.combatants):
            return Update()
        gone = log.fight.combatants[int(k)].name
        rest = tuple(c for c in log.fight.combatants if c.name != gone)
        self.core.set_log(msgspec.structs.replace(log, fight=Fight(combatants=rest)) if rest else None)
        self._forget(gone)
        self.page.statements.errors = {}
        return self.page.save() | self.page.all()

    def _forget(self, name: str) -> None:
        """His statement, and the statements naming him (they fall back to the defaults), dropped."""
        declare = self.core.draft.declare
        declare.pop(name, None)
        for other in [n for n, statement in declare.items() if naming(statement, name)]:
            declare.pop(other)

    def _leave_or_back(self, leaving: str, back: str) -> Update:
        """Once a round is resolved: the ``leaving``-th combatant taken out of the fight, or the ``back``-th one's
        leaving taken back (until the next round); the fight's log records it, so its link replays it.
        Statements aimed at one who left fall back to the defaults."""
        log, k = self.core.log, leaving or back
        if log is None or not self.core.results or not k.isdigit() or int(k) >= len(log.fight.combatants):
            return Update()
        name = log.fight.combatants[int(k)].name
        try:
            self.core.set_log(leave(log, name) if leaving else come_back(log, name))
        except RulesError:
            return Update()
        self._forget(name)
        if back:
            carried = self.page.statements.carried()[0]
            if name in carried:
                self.core.draft.declare[name] = carried[name]
        self.page.statements.errors = {}
        return self.page.save() | self.page.all()

    def _toggle_rule(self, rule: str) -> Update:
        """One of the fight's optional rules (``MeleeRules``' field ``rule``) turned on or off: the log carries it,
        so only before the first round (every round is replayed with the rules of the whole fight)."""
        log = self.core.log
        if log is None or self.core.results or rule not in {field for field, _ in OPTIONAL_RULES}:
            return Update()
        rules = log.melee_rules
        self.core.set_log(msgspec.structs.replace(log, melee_rules=msgspec.structs.replace(
            rules, **{rule: not getattr(rules, rule)})))
        return self.page.save() | self.page.all()

    def on_new(self) -> Update:
        """Start a new fight: no combatants, nothing stated (the add form stays as typed); the
        fight there was stays among the fights kept on the device."""
        core = self.core
        update = self.page.rounds.end_typing()
        try:
            new_fight(core.store, now=core.now(), new_id=core.new_id)
        except StorageError as exc:
            return update | Update(notices={"fl-link-error": f"A new fight was not started: {exc}"})
        core.log, core.results = None, KeptRounds()
        self.page.keeper.take_fight_mode(None)
        core.draft.written = None
        core.draft.declare, core.draft.applied, self.page.statements.errors = {}, [], {}
        return update | self.page.save() | self.page.all() | Update(address="#fight")
