"""The combat page's single exchange (``combat.html``): :class:`ExchangePage`.

The attacker and the defender from a quick stat block or a saved adventurer
(:mod:`.exchange_form`), the exact odds before rolling, the app's dice or your own typed one by
one, the result with its link and its JSON export, and the next blow of the same fight (wounds
carried; after "Swap attacker and defender", a :class:`~.exchange_bout.Bout`).

Regions it draws: ``att-char`` and ``def-char`` (who: the saved adventurers), ``att-weapon``
and ``def-parry`` (a side's choices), ``cx-odds-out``, ``cx-ask`` (the die needed next),
``cx-result`` (the result, its link and export, "Next blow, same fight").
Fields it reads: those of :mod:`.exchange_form`, and ``cx-typed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from pyengine.dice import Dice, NeededRoll, TypedRolls
from pyengine.errors import RulesError
from pyengine.pages.combat import CombatPage, Measured, adventurer_options, saved_adventurers, unmeasured
from pyengine.pages.exchange_bout import ATTACK_FIELDS, DEFENCE_FIELDS, Bout, Side
from pyengine.pages.exchange_form import Blow, ExchangeForm
from pyengine.pages.typed_dice import enter_typed_roll
from pyengine.pages.view import Update
from pyengine.pages.widgets import data_url, share_line
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, ExchangeResult, Rules
from pyengine.runequest.combat.next_blow import after_blow
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import export_link, render_needed, render_next_blow, render_odds, render_result
from pyengine.runequest.combat.state import LINK, ExchangeState, export_json, replay, to_state
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.storage.store import Store

#: Where a blow's result is drawn, well below the form: a roll brings it into view.
RESULT = "cx-result"


class ExchangePage(CombatPage):
    """One exchange: the form, the rolls typed so far, the last blow shown, and the fight under
    way when "Next blow, same fight" carries the wounds."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured) -> None:
        super().__init__(tables, locations, store, dice, measured=measured)
        self.fumbles = tables.fumbles
        self.form = ExchangeForm(tables)
        self.typing: TypedRolls[ExchangeResult] | None = None
        """The rolls typed for the blow asked about (``typing_for``)."""
        self.typing_for: Blow | None = None
        """The blow whose rolls are being typed."""
        self.last: tuple[Attack, Defence, Rules, ExchangeResult] | None = None
        """The blow shown."""
        self.shown_link = ""
        """Its share-link fragment."""
        self.fight: Blow | None = None
        """The next blow of the fight under way (wounds carried), once asked for."""
        self.bout: Bout | None = None
        """Once attacker and defender have been swapped: the two fighters, each with the harm of
        this fight, carried into every blow until another "Who" is chosen."""

    @property
    def saved(self):
        """The device's saved adventurers that can fight, by id (the form's choices)."""
        return self.form.saved

    @property
    def typed(self) -> list[int]:
        """The rolls typed so far."""
        return [] if self.typing is None else list(self.typing.rolls)

    # -- actions --------------------------------------------------------------------------

    def start(self) -> Update:
        """The page's tables are in: the saved adventurers are listed for either side."""
        self.form.saved = saved_adventurers(self.store, self.tables)
        options = adventurer_options(self.saved)
        return Update(html={"att-char": options, "def-char": options})

    def open(self, fragment: str) -> Update:
        """Replays the exchange a link carries (``fragment``: ``#…``); one that does not open says why."""
        cleared = Update(notices={"cx-link-error": ""})
        try:
            state = LINK.open(fragment)
            result = replay(state, fumbles=self.fumbles, locations=self.locations)
        except RulesError as exc:
            return cleared | Update(notices={"cx-link-error": str(exc)})
        self.bout = None
        return cleared | self._shown((state.attack, state.defence, state.rules), result)

    def on_att_char(self, values: Mapping[str, str]) -> Update:
        """The attacker chosen (his weapon lines, or the quick block's). Another "Who" starts a new fight."""
        self.bout = None
        return Update(notices={"cx-fight": ""}) | self.form.attacker_chosen(values)

    def on_def_char(self, values: Mapping[str, str]) -> Update:
        """The defender chosen (his parries, hit points and Defense, or the quick block's).
        Another "Who" starts a new fight."""
        self.bout = None
        return Update(notices={"cx-fight": ""}) | self.form.defender_chosen(values)

    def on_form_change(self, values: Mapping[str, str] | None = None) -> Update:
        """Any change to the form starts a new fight (after a swap, the bout's harm stays until
        another "Who" is chosen); a saved adventurer's fields show the numbers his sheet gives."""
        self.fight = None
        notice = self.bout.notice() if self.bout is not None else ""
        return Update(notices={"cx-fight": notice}) | (self.form.sheet_numbers(values) if values is not None else Update())

    def on_odds(self, values: Mapping[str, str]) -> Update:
        """The exact odds of the blow, before rolling."""
        blow, update = self._blow(values)
        return update if blow is None else update | self._odds_or_why(blow)

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """The odds, then the blow resolved with the app's dice."""
        blow, update = self._blow(values)
        if blow is None:
            return update
        try:
            update |= self._odds(blow)
            with self.measured("resolve + render"):
                update |= self._shown(blow, self._resolve(blow, self.dice)) | Update(scroll=RESULT)
        except RulesError as exc:
            update |= Update(notices={"cx-form-error": str(exc)})
        return update

    def on_start(self, values: Mapping[str, str]) -> Update:
        """Your own dice: the odds, then the page asks for each roll in turn."""
        blow, update = self._blow(values)
        if blow is None:
            return update
        self.typing, self.typing_for = TypedRolls(partial(self._resolve, blow)), blow
        update |= Update(errors={"cx-typed": ""})
        try:
            update |= self._odds(blow)
            return update | self._asked(self.typing.start())
        except RulesError as exc:
            self.typing_for = None
            return update | Update(notices={"cx-form-error": str(exc)})

    def on_next(self, values: Mapping[str, str]) -> Update:
        """The roll typed in ``cx-typed``, checked (once) against the die it is for."""
        if self.typing is None or self.typing_for is None:
            return Update()
        return enter_typed_roll(self.typing, values, "cx-typed", "the roll", 1000, self._asked, refused="the roll: ")

    def on_again(self) -> Update:
        """The next blow of this fight: the defender keeps his wounds, both weapons their damage."""
        if self.last is None:
            return Update()
        attack, defence, rules, result = self.last
        attack, defence = after_blow(attack, defence, result)
        self.fight = (attack, defence, rules)
        said = Update(notices={"cx-fight": (
            f"Next blow of this fight: {defence.name} has {result.hit_points_after} hit points left; "
            "wounds and weapon damage carried. Change the form to start afresh."
        )})
        return said | self._odds_or_why(self.fight)

    def on_swap(self, values: Mapping[str, str]) -> Update:
        """The return blow: the defender strikes the attacker. Each keeps the harm of this fight
        (wounds, hit points lost, weapon damage), and the fields he was given in his other role.

        The harm rides in the blow's own :class:`Defence` and :class:`Attack`, so the exchange's
        link (version 2) carries all that the blow uses."""
        if self.last is None:
            return Update()
        if self.bout is None:
            attack, defence, _, result = self.last
            self.bout = Bout(Side(values.get("att-char", ""), name=attack.name),
                             Side(values.get("def-char", ""), name=defence.name))
            self.bout.carry(attack, defence, result)
        swapped = self.bout.swap(values, self.form)
        self.fight = None
        update = self.form.attacker_choices(swapped) | self.form.defender_choices(swapped)
        update |= Update(values={f: swapped[f] for f in ("att-char", "def-char", *ATTACK_FIELDS, *DEFENCE_FIELDS)})
        update |= Update(notices={"cx-fight": self.bout.notice()}, hidden={"cx-result-empty": True})
        blow, checked = self._blow(swapped)
        update |= checked
        return update if blow is None else update | self._odds_or_why(blow)

    def on_result_click(self, data: Mapping[str, str], values: Mapping[str, str] | None = None) -> Update:
        """A button under the result (``cx-again``: the next blow, same fight; ``cx-swap``: the
        return blow, given the exchange's fields)."""
        if data.get("id") == "cx-swap":
            return self.on_swap(values or {})
        return self.on_again() if data.get("id") == "cx-again" else Update()

    # -- resolving and showing ------------------------------------------------------------

    def _blow(self, values: Mapping[str, str]) -> tuple[Blow | None, Update]:
        """The next blow of the fight under way, or what the form says with the bout's harm;
        every problem shown beside its field (none: the blow is ``None``)."""
        if self.fight is not None:
            return self.fight, Update()
        blow, update = self.form.read(values)
        if blow is None or self.bout is None:
            return blow, update
        attack, defence, rules = blow
        return (*self.bout.with_harm(attack, defence), rules), update

    def _resolve(self, blow: Blow, dice: Dice) -> ExchangeResult:
        """The blow resolved with ``dice``: a pure function of the blow and the rolls."""
        attack, defence, rules = blow
        return resolve_exchange(attack, defence, dice=dice, fumbles=self.fumbles, locations=self.locations, rules=rules,
                                pronouns=(self.form.pronouns_of(attack.name), self.form.pronouns_of(defence.name)))

    def _odds(self, blow: Blow) -> Update:
        attack, defence, rules = blow
        with self.measured("odds"):
            odds = exchange_odds(attack, defence, fumbles=self.fumbles, locations=self.locations, rules=rules)
            return Update(html={"cx-odds-out": render_odds(odds)})

    def _odds_or_why(self, blow: Blow) -> Update:
        try:
            return self._odds(blow)
        except RulesError as exc:
            return Update(notices={"cx-form-error": str(exc)})

    def _asked(self, got: NeededRoll | ExchangeResult) -> Update:
        """The die needed next; once every roll is in, the result."""
        assert self.typing is not None and self.typing_for is not None
        needed = self.typing.needed
        asked = Update(html={"cx-ask": render_needed(needed, self.typing.rolls)})
        if needed is not None:
            return asked | Update(disabled={"cx-next": False}, focus="cx-typed")
        blow, self.typing_for = self.typing_for, None
        assert isinstance(got, ExchangeResult)
        return asked | self._shown(blow, got) | Update(disabled={"cx-next": True}, scroll=RESULT)

    def _shown(self, blow: Blow, result: ExchangeResult) -> Update:
        """The result, its link and its export; the address becomes its link."""
        attack, defence, rules = blow
        self.last = (attack, defence, rules, result)
        if self.bout is not None:
            self.bout.carry(attack, defence, result)
        self.shown_link = LINK.link(to_state(attack, defence, result.roll_values, rules))
        return Update(html={"cx-result": self.render_result()}, hidden={"cx-result-empty": True},
                      address=f"#{self.shown_link}")

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        options = adventurer_options(self.saved)
        return {"att-char": options, "def-char": options, "cx-result": self.render_result()}

    def render_result(self) -> str:
        """The blow shown: its result, Copy link, the link, Export JSON, and the next blow's button."""
        if self.last is None:
            return ""
        attack, defence, rules, result = self.last
        state = ExchangeState(attack=attack, defence=defence, rolls=tuple(result.roll_values), rules=rules)
        export = export_link(data_url(export_json(state, result)))
        share = share_line("cx", f"./combat.html#{self.shown_link}", "Link to this exchange", export,
                           summary=f"{attack.name} ({attack.weapon.name}) against {defence.name}, {len(state.rolls)} rolls")
        return render_result(result) + share + render_next_blow()
