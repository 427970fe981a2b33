"""The single exchange's form: its fields read into a blow (every problem beside its field),
and a side's choices and the numbers a saved adventurer's sheet gives.

Fields it reads: ``att-…``, ``def-…``, ``sit-…`` (ticks are ``"1"``; ``sit-exposed-…`` the
locations exposed behind cover). Regions it fills: ``att-weapon`` and ``def-parry`` (a side's
choices), ``def-armour-used`` (a saved defender's armour, location by location).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from pyengine.errors import FieldError
from pyengine.pages.view import Update, errors_cleared
from pyengine.runequest.combat.inputs import (
    line_choices,
    parry_choices,
    quick_attack,
    quick_defence,
    quick_parry,
    read_exposed,
    read_int,
    sheet_attack,
    sheet_defence,
    weapon_choices,
)
from pyengine.runequest.combat.model import Attack, Defence, Rules
from pyengine.runequest.combat.render import render_armour_used, render_options
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.tables.catalogue import RuneQuestTables

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
#: The device's saved adventurers that can fight, by id.
Saved = Mapping[str, tuple[Adventurer, DerivedSheet]]


def weapon_line(text: str, field: str, empty: str) -> int:
    """A saved adventurer's weapon line, as its choice gives it (its index on the sheet).

    :raises FieldError: none chosen (``empty`` says why), or not a line.
    """
    if not text.strip():
        raise FieldError(field, empty)
    return read_int(text, field, field.removeprefix("att-").removeprefix("def-"), 0, 999)


def used_line(sheet: DerivedSheet, text: str, *, parry: bool) -> int | None:
    """The sheet's weapon line a choice names, if it attacks (or parries); ``None``: none."""
    choices = [index for index, _ in line_choices(sheet, parry=parry)]
    try:
        index = int(text)
    except ValueError:
        return None if parry else (choices[0] if choices else None)
    return index if index in choices else None


class ExchangeForm:
    """The form of one exchange, read with the tables and the saved adventurers it offers."""

    def __init__(self, tables: RuneQuestTables) -> None:
        self.tables = tables
        self.saved: Saved = {}

    def read(self, values: Mapping[str, str]) -> tuple[Blow | None, Update]:
        """What the form says, every problem shown beside its field (none: the blow is ``None``)."""
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
        return (attack, defence, Rules(parry_criticals=values.get("sit-optional") == "1")), update

    def _attack(self, values: Mapping[str, str], situation: dict[str, Any]) -> Attack:
        ident = values.get("att-char", "")
        if ident in self.saved:
            adventurer, sheet = self.saved[ident]
            line = weapon_line(values.get("att-weapon", ""), "att-weapon", "weapon: nothing on this sheet attacks")
            return sheet_attack(self.tables, sheet, line, name=adventurer.name or ident, **situation)
        return quick_attack(self.tables, values.get("att-weapon", ""), values.get("att-chance", ""),
                            values.get("att-bonus", ""), **situation)

    def _defence(self, values: Mapping[str, str], problems: list[FieldError]) -> Defence:
        ident = values.get("def-char", "")
        if ident in self.saved:
            adventurer, sheet = self.saved[ident]
            text = values.get("def-parry", "")
            line = weapon_line(text, "def-parry", "parry: choose one of the sheet's weapon lines") if text else None
            return sheet_defence(self.tables, sheet, line, values.get("def-defense", ""), name=adventurer.name or ident)
        parry = None
        try:
            parry = quick_parry(self.tables, values.get("def-parry", ""), values.get("def-parry-chance", ""))
        except FieldError as exc:
            problems.append(exc)
        return quick_defence(self.tables, values.get("def-hp", ""), values.get("def-armour", ""),
                             values.get("def-defense", ""), parry)

    def pronouns_of(self, name: str) -> Pronouns:
        """How the working speaks of ``name``: the pronouns of the saved adventurer of that name, "they"
        for anyone else, or when saved adventurers of that name differ (RQ-145)."""
        found = {adventurer.pronouns for ident, (adventurer, _) in self.saved.items() if (adventurer.name or ident) == name}
        return found.pop() if len(found) == 1 else THEY

    # -- a side's choices -----------------------------------------------------------------

    def attacker_chosen(self, values: Mapping[str, str]) -> Update:
        """The attacker's "Who" chosen: a saved adventurer's weapon lines (his %, his bonus), or
        the quick block's."""
        chosen = self.saved.get(values.get("att-char", ""))
        if chosen is None:
            return Update(html={"att-weapon": render_options(weapon_choices(self.tables))},
                          disabled={"att-chance": False, "att-bonus": False})
        choices = line_choices(chosen[1], parry=False)
        first = str(choices[0][0]) if choices else ""
        return Update(html={"att-weapon": render_options(choices)},
                      disabled={"att-chance": True, "att-bonus": True}) | self.sheet_numbers({**values, "att-weapon": first})

    def defender_chosen(self, values: Mapping[str, str]) -> Update:
        """The defender's "Who" chosen: a saved adventurer's parries, hit points and Defense, or
        the quick block's."""
        chosen = self.saved.get(values.get("def-char", ""))
        off = chosen is not None
        disabled = {"def-hp": off, "def-armour": off, "def-parry-chance": off}
        if chosen is None:
            return Update(html={"def-parry": render_options(parry_choices(self.tables), none="no parry")},
                          disabled=disabled) | self.sheet_numbers(values)
        sheet = chosen[1]
        return Update(
            html={"def-parry": render_options(line_choices(sheet, parry=True), none="no parry")},
            disabled=disabled,
            values={"def-defense": str(max(sheet.defense, 0))},
        ) | self.sheet_numbers({**values, "def-parry": ""})

    def attacker_choices(self, values: Mapping[str, str]) -> Update:
        """The attacker's choices for ``values``' "Who", his weapon kept as ``values`` has it."""
        chosen = self.saved.get(values.get("att-char", ""))
        if chosen is None:
            choices: list[tuple[Any, str]] = weapon_choices(self.tables)
        else:
            choices = line_choices(chosen[1], parry=False)
        return Update(html={"att-weapon": render_options(choices, selected=values.get("att-weapon"))},
                      disabled={"att-chance": chosen is not None, "att-bonus": chosen is not None}) | self.sheet_numbers(values)

    def defender_choices(self, values: Mapping[str, str]) -> Update:
        """The defender's choices for ``values``' "Who", his parry kept as ``values`` has it."""
        chosen = self.saved.get(values.get("def-char", ""))
        choices = parry_choices(self.tables) if chosen is None else line_choices(chosen[1], parry=True)
        off = chosen is not None
        return Update(html={"def-parry": render_options(choices, none="no parry", selected=values.get("def-parry"))},
                      disabled={"def-hp": off, "def-armour": off, "def-parry-chance": off}) | self.sheet_numbers(values)

    def sheet_numbers(self, values: Mapping[str, str]) -> Update:
        """A saved adventurer's greyed fields show what the exchange takes from his sheet: the
        attack % of the weapon chosen and his bonus; his hit points, the parry % of the parry
        chosen (none: empty), and his armour location by location in place of the form's one
        number. A quick block's armour field is shown again."""
        update = Update()
        attacker = self.saved.get(values.get("att-char", ""))
        if attacker is not None:
            _, sheet = attacker
            line = used_line(sheet, values.get("att-weapon", ""), parry=False)
            chance = None if line is None else sheet.weapons[line].attack
            update |= Update(values={"att-chance": "" if chance is None else str(chance), "att-bonus": sheet.damage_bonus})
        defender = self.saved.get(values.get("def-char", ""))
        if defender is None:
            return update | Update(hidden={"def-armour-field": False, "def-armour-used": True}, html={"def-armour-used": ""})
        adventurer, sheet = defender
        line = used_line(sheet, values.get("def-parry", ""), parry=True)
        chance = None if line is None else sheet.weapons[line].parry
        name = adventurer.name or values.get("def-char", "")
        armour = sheet_defence(self.tables, sheet, None, "", name=name).armour
        return update | Update(
            values={"def-hp": str(sheet.hit_points), "def-parry-chance": "" if chance is None else str(chance)},
            hidden={"def-armour-field": True, "def-armour-used": False},
            html={"def-armour-used": render_armour_used(name, armour)},
        )
