"""The combat page (``combat.html``): one exchange, or a whole fight of melee rounds.

:class:`ExchangePage` is one exchange: the attacker and the defender from a quick stat
block or a saved adventurer, the exact odds before rolling, the app's dice or your own
typed one by one, the result with its link and its JSON export, and the next blow of the
same fight (wounds carried). Fight mode is :class:`pyengine.pages.fight.FightPage`, made
when its tab first opens.

Regions it draws: ``att-char`` and ``def-char`` (who: the saved adventurers), ``att-weapon``
and ``def-parry`` (a side's choices), ``cx-odds-out``, ``cx-ask`` (the die needed next),
``cx-result`` (the result, its link and export, "Next blow, same fight").
Fields it reads: ``att-…``, ``def-…``, ``sit-…`` (ticks are ``"1"``; ``sit-exposed-…`` the
locations exposed behind cover), ``cx-typed``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

import msgspec

from pyengine.dice import Dice, RandomDice
from pyengine.errors import FieldError, RulesError
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import Store
from pyengine.pages.view import Update, errors_cleared
from pyengine.pages.widgets import data_url, share_line
from pyengine.runequest.combat.exchange import next_roll, resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, ExchangeResult, Rules
from pyengine.runequest.combat.inputs import (
    line_choices,
    parry_choices,
    quick_attack,
    quick_defence,
    quick_parry,
    read_exposed,
    read_int,
    read_typed_roll,
    sheet_attack,
    sheet_defence,
    sheet_of,
    weapon_choices,
)
from pyengine.runequest.combat.next_blow import after_blow
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import (
    export_link,
    render_armour_used,
    render_needed,
    render_next_blow,
    render_odds,
    render_options,
    render_result,
)
from pyengine.runequest.combat.state import LINK, ExchangeState, export_json, replay, to_state
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LocationKey
from pyengine.share import decode_link

#: The exchange's fields that can be refused, each with its ``<id>-error`` note.
FIELDS = (
    "att-char", "att-weapon", "att-chance", "att-bonus", "def-char", "def-hp", "def-armour",
    "def-defense", "def-parry", "def-parry-chance", "sit-distance", "sit-exposed", "cx-typed",
)
#: The situation's ticks, as :class:`Attack` names them.
SITUATION = {
    "target_helpless": "sit-helpless",
    "target_totally_helpless": "sit-totally-helpless",
    "on_ground": "sit-ground",
    "unfamiliar": "sit-unfamiliar",
    "target_crossing": "sit-crossing",
    "target_dodging": "sit-dodging",
}
#: One blow's inputs: who strikes, who defends, which optional rules.
Blow = tuple[Attack, Defence, Rules]
#: ``measured(name)``: a context in which the page times a stage (the browser's
#: performance measures, read by ``build.py bench``).
Measured = Callable[[str], AbstractContextManager[Any]]


def unmeasured(name: str) -> AbstractContextManager[Any]:
    """Times nothing (CPython, tests)."""
    return nullcontext()


def saved_adventurers(store: Store, tables: RuneQuestTables) -> dict[str, tuple[Adventurer, DerivedSheet]]:
    """The device's saved adventurers (the sheet page's records) that can fight, by id; a
    record this page cannot read stays where it is, unlisted."""
    out = {}
    for key in store.keys():
        if not key.startswith(CHARACTER_PREFIX):
            continue
        try:
            out[key.removeprefix(CHARACTER_PREFIX)] = sheet_of(store.get(key) or "", tables)
        except Exception:  # a record or sheet this page cannot use: left as it is
            continue
    return out


def adventurer_options(saved: Mapping[str, tuple[Adventurer, DerivedSheet]], selected: str | None = None) -> str:
    """The "Who" choices: a quick stat block, or one of the saved adventurers."""
    choices = [(ident, adventurer.name or ident) for ident, (adventurer, _) in saved.items()]
    return render_options(choices, none="Quick stat block", selected=selected)


def link_mode(fragment: str) -> str:
    """The mode an address opens: ``"fight"`` for ``#fight`` or a fight's link, else ``"exchange"``
    (where a link that cannot be read says why)."""
    if fragment == "#fight":
        return "fight"
    if len(fragment) <= 1 or fragment == "#exchange":
        return "exchange"
    try:
        return "fight" if decode_link(fragment).kind == "fight" else "exchange"
    except RulesError:
        return "exchange"


def _line(text: str, field: str, empty: str) -> int:
    """A saved adventurer's weapon line, as its choice gives it (its index on the sheet).

    :raises FieldError: none chosen (``empty`` says why), or not a line.
    """
    if not text.strip():
        raise FieldError(field, empty)
    return read_int(text, field, field.removeprefix("att-").removeprefix("def-"), 0, 999)


#: A side's fields in each role: what "Swap attacker and defender" carries from one to the other.
ATTACK_FIELDS = ("att-weapon", "att-chance", "att-bonus")
DEFENCE_FIELDS = ("def-hp", "def-armour", "def-defense", "def-parry", "def-parry-chance")
#: The quick block's weapon when none is known for him (the page's own first choice).
DEFAULT_WEAPON = "broadsword"


@dataclass
class Side:
    """One of the two fighters of a bout of exchanges ("Swap attacker and defender"): who he is
    (``""``: a quick stat block, else a saved adventurer's id), the fields he was last given as
    attacker and as defender, and the harm of this fight he carries."""

    who: str
    attack_fields: dict[str, str] | None = None
    defence_fields: dict[str, str] | None = None
    name: str = ""
    hit_points: int | None = None
    """His total hit points as last defender (``None``: he has not defended yet)."""
    damage_taken: int = 0
    wounds: dict[LocationKey, int] = field(default_factory=dict)
    weapons: dict[str, int] = field(default_factory=dict)
    """Damage each of his weapons and shields has taken in this fight, by name."""

    def carried(self) -> str:
        """His hit points left, as the notice says them."""
        if self.hit_points is None:
            return f"{self.name} unhurt"
        return f"{self.name} {self.hit_points - self.damage_taken} of {self.hit_points} hit points"


def _used_line(sheet: DerivedSheet, text: str, *, parry: bool) -> int | None:
    """The sheet's weapon line a choice names, if it attacks (or parries); ``None``: none."""
    choices = [index for index, _ in line_choices(sheet, parry=parry)]
    try:
        index = int(text)
    except ValueError:
        return None if parry else (choices[0] if choices else None)
    return index if index in choices else None


def _return_parry(sheet: DerivedSheet, attacked_with: str) -> str:
    """The line a saved adventurer parries with when he turns defender: a shield, else the weapon
    he struck with if it parries, else his first parry (``""``: he has none)."""
    choices = [index for index, _ in line_choices(sheet, parry=True)]
    shields = [i for i in choices if sheet.weapons[i].kind == "shield"]
    if shields:
        return str(shields[0])
    if attacked_with.isdigit() and int(attacked_with) in choices:
        return attacked_with
    return str(choices[0]) if choices else ""


class CombatPage:
    """What both of the page's controllers start with: the tables (RuneQuest's and the hit
    locations), the device's storage, the app's dice (``dice``: injected, e.g. scripted, in
    tests), and ``measured``, the page's timer of its stages."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured) -> None:
        self.tables = tables
        self.locations = locations
        self.store = store
        self.dice = dice or RandomDice()
        self.measured = measured


class ExchangePage(CombatPage):
    """One exchange: the form's sides, the rolls typed so far, the last blow shown, and the
    fight under way when "Next blow, same fight" carries the wounds."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured) -> None:
        super().__init__(tables, locations, store, dice, measured=measured)
        self.fumbles = tables.fumbles
        self.saved: dict[str, tuple[Adventurer, DerivedSheet]] = {}
        self.typed: list[int] = []
        self.typing_for: Blow | None = None
        """The blow whose rolls are being typed."""
        self.last: tuple[Attack, Defence, Rules, ExchangeResult] | None = None
        """The blow shown."""
        self.shown_link = ""
        """Its share-link fragment."""
        self.fight: Blow | None = None
        """The next blow of the fight under way (wounds carried), once asked for."""
        self.bout: list[Side] | None = None
        """Once attacker and defender have been swapped: the two fighters (the attacker first),
        each with the harm of this fight, carried into every blow until another "Who" is chosen."""

    # -- actions --------------------------------------------------------------------------

    def start(self) -> Update:
        """The page's tables are in: the saved adventurers are listed for either side."""
        self.saved = saved_adventurers(self.store, self.tables)
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
        return cleared | self._shown((state.attack, state.defence, state.rules), state.rolls, result)

    def on_att_char(self, values: Mapping[str, str]) -> Update:
        """The attacker chosen: a saved adventurer's weapon lines (his %, his bonus), or the
        quick block's. Another "Who" starts a new fight."""
        self.bout = None
        chosen = self.saved.get(values.get("att-char", ""))
        if chosen is None:
            return Update(html={"att-weapon": render_options(weapon_choices(self.tables))},
                          disabled={"att-chance": False, "att-bonus": False}, notices={"cx-fight": ""})
        _, sheet = chosen
        choices = line_choices(sheet, parry=False)
        first = str(choices[0][0]) if choices else ""
        return Update(html={"att-weapon": render_options(choices)},
                      disabled={"att-chance": True, "att-bonus": True},
                      notices={"cx-fight": ""}) | self._used({**values, "att-weapon": first})

    def on_def_char(self, values: Mapping[str, str]) -> Update:
        """The defender chosen: a saved adventurer's parries, hit points and Defense, or the quick
        block's. Another "Who" starts a new fight."""
        self.bout = None
        chosen = self.saved.get(values.get("def-char", ""))
        off = chosen is not None
        disabled = {"def-hp": off, "def-armour": off, "def-parry-chance": off}
        if chosen is None:
            return Update(html={"def-parry": render_options(parry_choices(self.tables), none="no parry")},
                          disabled=disabled, notices={"cx-fight": ""}) | self._used(values)
        _, sheet = chosen
        return Update(
            html={"def-parry": render_options(line_choices(sheet, parry=True), none="no parry")},
            disabled=disabled,
            values={"def-defense": str(max(sheet.defense, 0))},
            notices={"cx-fight": ""},
        ) | self._used({**values, "def-parry": ""})

    def on_form_change(self, values: Mapping[str, str] | None = None) -> Update:
        """Any change to the form starts a new fight (after a swap, the bout's harm stays until
        another "Who" is chosen); a saved adventurer's fields show the numbers his sheet gives."""
        self.fight = None
        notice = self._bout_notice() if self.bout is not None else ""
        return Update(notices={"cx-fight": notice}) | (self._used(values) if values is not None else Update())

    def on_odds(self, values: Mapping[str, str]) -> Update:
        """The exact odds of the blow, before rolling."""
        blow, update = self._blow(values)
        if blow is None:
            return update
        try:
            return update | self._odds(blow)
        except RulesError as exc:
            return update | Update(notices={"cx-form-error": str(exc)})

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """The odds, then the blow resolved with the app's dice."""
        blow, update = self._blow(values)
        if blow is None:
            return update
        try:
            update |= self._odds(blow)
            with self.measured("resolve + render"):
                attack, defence, rules = blow
                result = resolve_exchange(attack, defence, dice=self.dice, fumbles=self.fumbles,
                                          locations=self.locations, rules=rules)
                update |= self._shown(blow, result.roll_values, result)
        except RulesError as exc:
            update |= Update(notices={"cx-form-error": str(exc)})
        return update

    def on_start(self, values: Mapping[str, str]) -> Update:
        """Your own dice: the odds, then the page asks for each roll in turn."""
        blow, update = self._blow(values)
        if blow is None:
            return update
        self.typed = []
        update |= Update(errors={"cx-typed": ""})
        try:
            update |= self._odds(blow)
            self.typing_for = blow
            return update | self._ask()
        except RulesError as exc:
            self.typing_for = None
            return update | Update(notices={"cx-form-error": str(exc)})

    def on_next(self, values: Mapping[str, str]) -> Update:
        """The roll typed in ``cx-typed``, checked against the die it is for."""
        if self.typing_for is None:
            return Update()
        cleared = Update(errors={"cx-typed": ""})
        attack, defence, rules = self.typing_for
        try:
            value = read_typed_roll(values.get("cx-typed", ""), "cx-typed", "the roll", 1000)
            next_roll(attack, defence, [*self.typed, value], fumbles=self.fumbles, locations=self.locations, rules=rules)
        except FieldError as exc:
            return cleared | Update(errors={"cx-typed": str(exc)})
        except RulesError as exc:  # a roll the die cannot show: the engine says which die and why
            return cleared | Update(errors={"cx-typed": f"the roll: {exc}"})
        self.typed.append(value)
        return cleared | Update(values={"cx-typed": ""}) | self._ask()

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
        try:
            return said | self._odds(self.fight)
        except RulesError as exc:
            return said | Update(notices={"cx-form-error": str(exc)})

    def on_swap(self, values: Mapping[str, str]) -> Update:
        """The return blow: the defender strikes the attacker. Each keeps the harm of this fight
        (wounds, hit points lost, weapon damage), and the fields he was given in his other role
        (a quick block's not yet given are left empty, to be typed: the page never guesses them).

        The harm rides in the blow's own :class:`Defence` and :class:`Attack`, so the exchange's
        link (version 2) carries all that the blow uses."""
        if self.last is None:
            return Update()
        if self.bout is None:
            attack, defence, _, _ = self.last
            attacker = Side(values.get("att-char", ""), name=attack.name)
            defender = Side(values.get("def-char", ""), name=defence.name)
            self.bout = [attacker, defender]
            self._carry_last()
        attacker, defender = self.bout
        attacker.attack_fields = {f: values.get(f, "") for f in ATTACK_FIELDS}
        defender.defence_fields = {f: values.get(f, "") for f in DEFENCE_FIELDS}
        self.bout = [defender, attacker]
        self.fight = None
        swapped = {**values, "att-char": defender.who, "def-char": attacker.who,
                   **self._attack_fields(defender), **self._defence_fields(attacker, defender)}
        update = self._att_choices(swapped) | self._def_choices(swapped)
        update |= Update(values={f: swapped[f] for f in ("att-char", "def-char", *ATTACK_FIELDS, *DEFENCE_FIELDS)})
        update |= Update(notices={"cx-fight": self._bout_notice()}, hidden={"cx-result-empty": True})
        blow, checked = self._blow(swapped)
        update |= checked
        if blow is None:
            return update
        try:
            return update | self._odds(blow)
        except RulesError as exc:
            return update | Update(notices={"cx-form-error": str(exc)})

    def on_result_click(self, data: Mapping[str, str], values: Mapping[str, str] | None = None) -> Update:
        """A button under the result (``cx-again``: the next blow, same fight; ``cx-swap``: the
        return blow, given the exchange's fields)."""
        if data.get("id") == "cx-swap":
            return self.on_swap(values or {})
        return self.on_again() if data.get("id") == "cx-again" else Update()

    # -- the bout of a swap ---------------------------------------------------------------

    def _carry_last(self) -> None:
        """The blow shown's harm into the bout's two fighters (the attacker first)."""
        if self.bout is None or self.last is None:
            return
        attack, defence, _, result = self.last
        attack, defence = after_blow(attack, defence, result)
        striker, struck = self.bout
        striker.weapons[attack.weapon.name] = attack.weapon_damage
        struck.hit_points, struck.damage_taken, struck.wounds = defence.hit_points, defence.damage_taken, dict(defence.wounds)
        if defence.parry is not None:
            struck.weapons[defence.parry.name] = defence.parry.damage_taken

    def _with_harm(self, attack: Attack, defence: Defence) -> tuple[Attack, Defence]:
        """The form's blow with the bout's harm: the defender's wounds, both weapons' damage."""
        if self.bout is None:
            return attack, defence
        striker, struck = self.bout
        parry = defence.parry
        if parry is not None:
            parry = msgspec.structs.replace(parry, damage_taken=struck.weapons.get(parry.name, 0))
        taken = min(struck.damage_taken, 999)
        defence = msgspec.structs.replace(defence, wounds=dict(struck.wounds), damage_taken=taken, parry=parry)
        attack = msgspec.structs.replace(attack, weapon_damage=striker.weapons.get(attack.weapon.name, 0))
        return attack, defence

    def _bout_notice(self) -> str:
        assert self.bout is not None
        striker, struck = self.bout
        return (f"Return blow: {striker.name} strikes {struck.name}. Wounds and weapon damage of this fight carried: "
                f"{struck.carried()}, {striker.carried()}. Choose another Who to start afresh.")

    def _attack_fields(self, side: Side) -> dict[str, str]:
        """The attacker's fields for a fighter turning attacker: those he was last given, else
        (a saved adventurer) his first weapon, else (a quick block) his parrying weapon if it
        strikes, an empty attack % to type, no bonus."""
        if side.attack_fields is not None:
            return dict(side.attack_fields)
        chosen = self.saved.get(side.who)
        if chosen is not None:
            line = _used_line(chosen[1], "", parry=False)
            return {"att-weapon": "" if line is None else str(line), "att-chance": "", "att-bonus": ""}
        parry = (side.defence_fields or {}).get("def-parry", "")
        strikes = {ident for ident, _ in weapon_choices(self.tables)}
        return {"att-weapon": parry if parry in strikes else DEFAULT_WEAPON, "att-chance": "", "att-bonus": ""}

    def _defence_fields(self, side: Side, other: Side) -> dict[str, str]:
        """The defender's fields for a fighter turning defender: those he was last given, else
        (a saved adventurer) his sheet's parry, else (a quick block) hit points to type, no
        armour, no Defense, no parry."""
        if side.defence_fields is not None:
            return dict(side.defence_fields)
        chosen = self.saved.get(side.who)
        empty = {"def-hp": "", "def-armour": "0", "def-defense": "0", "def-parry": "", "def-parry-chance": ""}
        if chosen is not None:
            sheet = chosen[1]
            attacked = (side.attack_fields or {}).get("att-weapon", "")
            return {**empty, "def-defense": str(max(sheet.defense, 0)), "def-parry": _return_parry(sheet, attacked)}
        return empty

    def _att_choices(self, values: Mapping[str, str]) -> Update:
        """The attacker's choices for ``values``' "Who", his weapon kept as ``values`` has it."""
        chosen = self.saved.get(values.get("att-char", ""))
        if chosen is None:
            choices: list[tuple[Any, str]] = weapon_choices(self.tables)
        else:
            choices = line_choices(chosen[1], parry=False)
        return Update(html={"att-weapon": render_options(choices, selected=values.get("att-weapon"))},
                      disabled={"att-chance": chosen is not None, "att-bonus": chosen is not None}) | self._used(values)

    def _def_choices(self, values: Mapping[str, str]) -> Update:
        """The defender's choices for ``values``' "Who", his parry kept as ``values`` has it."""
        chosen = self.saved.get(values.get("def-char", ""))
        choices = parry_choices(self.tables) if chosen is None else line_choices(chosen[1], parry=True)
        off = chosen is not None
        return Update(html={"def-parry": render_options(choices, none="no parry", selected=values.get("def-parry"))},
                      disabled={"def-hp": off, "def-armour": off, "def-parry-chance": off}) | self._used(values)

    def _used(self, values: Mapping[str, str]) -> Update:
        """A saved adventurer's greyed fields show what the exchange takes from his sheet: the
        attack % of the weapon chosen and his bonus; his hit points, the parry % of the parry
        chosen (none: empty), and his armour location by location in place of the form's one
        number. A quick block's armour field is shown again."""
        update = Update()
        attacker = self.saved.get(values.get("att-char", ""))
        if attacker is not None:
            _, sheet = attacker
            line = _used_line(sheet, values.get("att-weapon", ""), parry=False)
            chance = None if line is None else sheet.weapons[line].attack
            update |= Update(values={"att-chance": "" if chance is None else str(chance), "att-bonus": sheet.damage_bonus})
        defender = self.saved.get(values.get("def-char", ""))
        if defender is None:
            return update | Update(hidden={"def-armour-field": False, "def-armour-used": True}, html={"def-armour-used": ""})
        adventurer, sheet = defender
        line = _used_line(sheet, values.get("def-parry", ""), parry=True)
        chance = None if line is None else sheet.weapons[line].parry
        name = adventurer.name or values.get("def-char", "")
        armour = sheet_defence(self.tables, sheet, None, "", name=name).armour
        return update | Update(
            values={"def-hp": str(sheet.hit_points), "def-parry-chance": "" if chance is None else str(chance)},
            hidden={"def-armour-field": True, "def-armour-used": False},
            html={"def-armour-used": render_armour_used(name, armour)},
        )

    # -- reading and showing --------------------------------------------------------------

    def _blow(self, values: Mapping[str, str]) -> tuple[Blow | None, Update]:
        """The next blow of the fight under way, or what the form says; every problem shown
        beside its field (none: the blow is ``None``)."""
        if self.fight is not None:
            return self.fight, Update()
        update = Update(errors=errors_cleared(FIELDS), notices={"cx-form-error": ""})
        problems: list[FieldError] = []
        situation: dict[str, Any] = {name: values.get(field) == "1" for name, field in SITUATION.items()}
        attack = defence = None
        try:
            text = values.get("sit-distance", "")
            if text.strip():
                situation["distance"] = read_int(text, "sit-distance", "range in metres", 0, 10000)
        except FieldError as exc:
            problems.append(exc)
        try:
            attack = self._attack(values, situation)
        except FieldError as exc:
            problems.append(exc)
        try:
            defence = self._defence(values, problems)
        except FieldError as exc:
            problems.append(exc)
        try:
            exposed = read_exposed(values)
            if defence is not None and exposed is not None:
                defence = msgspec.structs.replace(defence, exposed=exposed)
        except FieldError as exc:
            problems.append(exc)
        if problems or attack is None or defence is None:
            return None, update | Update(errors={field: message for exc in problems for field, message in exc.problems})
        attack, defence = self._with_harm(attack, defence)
        return (attack, defence, Rules(parry_criticals=values.get("sit-optional") == "1")), update

    def _attack(self, values: Mapping[str, str], situation: dict[str, Any]) -> Attack:
        ident = values.get("att-char", "")
        if ident in self.saved:
            adventurer, sheet = self.saved[ident]
            line = _line(values.get("att-weapon", ""), "att-weapon", "weapon: nothing on this sheet attacks")
            return sheet_attack(self.tables, sheet, line, name=adventurer.name or ident, **situation)
        return quick_attack(self.tables, values.get("att-weapon", ""), values.get("att-chance", ""),
                            values.get("att-bonus", ""), **situation)

    def _defence(self, values: Mapping[str, str], problems: list[FieldError]) -> Defence:
        ident = values.get("def-char", "")
        if ident in self.saved:
            adventurer, sheet = self.saved[ident]
            text = values.get("def-parry", "")
            line = _line(text, "def-parry", "parry: choose one of his weapon lines") if text else None
            return sheet_defence(self.tables, sheet, line, values.get("def-defense", ""), name=adventurer.name or ident)
        parry = None
        try:
            parry = quick_parry(self.tables, values.get("def-parry", ""), values.get("def-parry-chance", ""))
        except FieldError as exc:
            problems.append(exc)
        return quick_defence(self.tables, values.get("def-hp", ""), values.get("def-armour", ""),
                             values.get("def-defense", ""), parry)

    def _odds(self, blow: Blow) -> Update:
        attack, defence, rules = blow
        with self.measured("odds"):
            odds = exchange_odds(attack, defence, fumbles=self.fumbles, locations=self.locations, rules=rules)
            return Update(html={"cx-odds-out": render_odds(odds)})

    def _ask(self) -> Update:
        """Which roll is needed next; once every roll is in, the result."""
        assert self.typing_for is not None
        attack, defence, rules = self.typing_for
        needed = next_roll(attack, defence, self.typed, fumbles=self.fumbles, locations=self.locations, rules=rules)
        asked = Update(html={"cx-ask": render_needed(needed, self.typed)})
        if needed is not None:
            return asked | Update(disabled={"cx-next": False}, focus="cx-typed")
        blow, self.typing_for = self.typing_for, None
        state = ExchangeState(attack=attack, defence=defence, rolls=tuple(self.typed), rules=rules)
        result = replay(state, fumbles=self.fumbles, locations=self.locations)
        return asked | self._shown(blow, self.typed, result) | Update(disabled={"cx-next": True})

    def _shown(self, blow: Blow, rolls: list[int] | tuple[int, ...], result: ExchangeResult) -> Update:
        """The result, its link and its export; the address becomes its link."""
        attack, defence, rules = blow
        self.last = (attack, defence, rules, result)
        self._carry_last()
        self.shown_link = LINK.link(to_state(attack, defence, rolls, rules))
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


def prerender(source) -> dict[str, str]:
    """The exchange's weapon and parry choices and fight mode's weapon rows, before Python is
    up (``source``: :mod:`pyengine.cli.tables`)."""
    from pyengine.html import options
    from pyengine.runequest.melee.render import render_quick_weapons

    tables = source.load_tables()
    return {
        "weapons": options(weapon_choices(tables), selected="broadsword"),
        "parries": options(parry_choices(tables)),
        "fight_weapons": render_quick_weapons(tables),
    }
