"""The combat page's inputs, read and checked by the engine (the glue only passes text).

A quick stat block (a weapon from the tables, the chance, the bonus; total hit points,
armour, a parrying weapon or shield) or a saved adventurer's derived sheet becomes the
frozen :class:`Attack` and :class:`Defence`. Every problem names the field and the
value, so the page can show it next to the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pyengine.dice import PERCENTILE_HUNDRED, DiceExpr, explain_notation
from pyengine.errors import FieldError, IllegalActionError, NotationError
from pyengine.runequest.combat.from_sheet import (
    LONG_HAFTED,
    SHORT_STABBING,
    attack_from_sheet,
    defence_from_sheet,
    weapon_for,
)
from pyengine.runequest.combat.model import Attack, Defence, Parry
from pyengine.runequest.sheet.adventurer import Adventurer, load_adventurer
from pyengine.runequest.sheet.derive import DerivedSheet, derive
from pyengine.runequest.sheet.hit_points import location_hit_points
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.shields import Shield
from pyengine.runequest.tables.weapons import MeleeWeapon, MissileWeapon
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, LocationKey

_INT = re.compile(r"^\s*([+-]?)(\d+)\s*%?\s*$")
#: More digits than this is out of range for every field (and never reaches ``int``).
_MAX_DIGITS = 6


def read_int(text: str, field: str, label: str, low: int, high: int, *, empty: int | None = None) -> int:
    """A whole number typed in a field.

    :raises FieldError: not a whole number, or outside ``low``-``high``.
    """
    if not text.strip():
        if empty is not None:
            return empty
        raise FieldError(field, f"{label}: empty; type a whole number from {low} to {high}")
    m = _INT.match(text)
    if not m:
        raise FieldError(field, f"{label}: {_clip(text)!r} is not a whole number")
    if len(m.group(2)) > _MAX_DIGITS:
        raise FieldError(field, f"{label}: {_clip(text.strip())!r} is not {low} to {high}")
    value = int(m.group(1) + m.group(2))
    if not low <= value <= high:
        raise FieldError(field, f"{label}: {value} is not {low} to {high}")
    return value


def read_typed_roll(text: str, field: str, label: str, high: int) -> int:
    """A die's roll typed from physical dice: a whole number from 1 to ``high``, where ``"00"``
    is the d100's 100, as percentile dice show it (``pyengine.dice.typed_die``).

    :raises FieldError: as :func:`read_int`.
    """
    if text.strip() == PERCENTILE_HUNDRED:
        return read_int("100", field, label, 1, high)
    return read_int(text, field, label, 1, high)


def _clip(text: str, most: int = 24) -> str:
    """``text`` as a message shows it: at most ``most`` characters, then ``…``."""
    return text if len(text) <= most else text[:most] + "…"


def read_bonus(text: str, field: str) -> str:
    """A damage bonus such as ``+1D4`` (empty: none), in canonical notation with its sign."""
    text = text.strip()
    if not text or text.lower() in ("none", "0"):
        return ""
    try:
        expr = DiceExpr.parse(text)
    except NotationError as exc:
        raise FieldError(field, explain_notation(exc, "damage bonus")) from None
    shown = str(expr)
    return shown if shown.startswith("-") else "+" + shown


def weapon_choices(tables: RuneQuestTables) -> list[tuple[str, str]]:
    """(id, label) of every weapon that can strike: melee (not grapple) then missiles."""
    out = []
    for row in tables.melee.weapons:
        if row.damage is not None:
            out.append((row.id, f"{row.name} ({row.mode}, {row.damage})"))
    for row in tables.missile.weapons:
        out.append((row.id, f"{row.name} ({'thrown' if row.thrown else 'missile'}, {row.damage})"))
    return out


def parry_choices(tables: RuneQuestTables) -> list[tuple[str, str]]:
    """(id, label) of every shield and parrying weapon."""
    out = [(s.id, f"{s.name} (absorbs {s.absorbs})") for s in tables.shields.shields]
    for row in tables.melee.weapons:
        if row.hp is not None and tables.skill(row.skill).parries:
            out.append((row.id, f"{row.name} ({row.mode}, {row.hp} HP)"))
    return out


def quick_attack(
    tables: RuneQuestTables, weapon_id: str, chance_text: str, bonus_text: str, *, name: str = "Attacker", **situation: Any
) -> Attack:
    """The attack of a quick stat block.

    :raises FieldError: for the field that is wrong (``att-weapon``, ``att-chance``, ``att-bonus``).
    """
    found: list[FieldError] = []
    weapon = chance = bonus = None
    try:
        weapon = weapon_for(tables, weapon_id)
    except IllegalActionError as exc:
        found.append(FieldError("att-weapon", str(exc)))
    try:
        chance = read_int(chance_text, "att-chance", "attack %", -100, 300)
    except FieldError as exc:
        found.append(exc)
    try:
        bonus = read_bonus(bonus_text, "att-bonus")
    except FieldError as exc:
        found.append(exc)
    FieldError.collect(found)
    assert weapon is not None and chance is not None and bonus is not None
    return Attack(weapon=weapon, chance=chance, damage_bonus=bonus, name=name or "Attacker", **situation)


def quick_parry(tables: RuneQuestTables, parry_id: str, chance_text: str) -> Parry | None:
    """The parry of a quick stat block (``""``: none).

    :raises FieldError: ``def-parry`` or ``def-parry-chance``.
    """
    if not parry_id:
        return None
    row = tables.weapon(parry_id)
    chance = read_int(chance_text, "def-parry-chance", "parry %", -100, 300)
    if isinstance(row, Shield):
        return Parry(kind="shield", chance=chance, name=row.name, absorbs=row.absorbs)
    if isinstance(row, MeleeWeapon) and row.hp is not None:
        return Parry(
            kind="weapon",
            chance=chance,
            name=row.name,
            hp=row.hp,
            damage=row.damage,
            long_hafted=row.id in LONG_HAFTED,
            short_stabbing=row.id in SHORT_STABBING,
        )
    if isinstance(row, MissileWeapon):
        raise FieldError("def-parry", f"parry: a {row.name} is a missile weapon; choose a shield or a melee weapon")
    raise FieldError("def-parry", f"parry: {parry_id!r} is not a shield or parrying weapon")


def quick_defence(
    tables: RuneQuestTables,
    hp_text: str,
    armour_text: str,
    defense_text: str,
    parry: Parry | None,
    *,
    name: str = "Defender",
) -> Defence:
    """The defence of a quick stat block: total hit points (locations from the table), the same
    armour on every location, the Defense allotted.

    :raises FieldError: ``def-hp``, ``def-armour`` or ``def-defense``.
    """
    found: list[FieldError] = []
    values = []
    for text, field, label, low, high, empty in (
        (hp_text, "def-hp", "hit points", 1, 999, None),
        (armour_text, "def-armour", "armour", 0, 99, 0),
        (defense_text, "def-defense", "Defense %", 0, 200, 0),
    ):
        try:
            values.append(read_int(text, field, label, low, high, empty=empty))
        except FieldError as exc:
            found.append(exc)
    FieldError.collect(found)
    hp, armour, defense = values
    locations, _ = location_hit_points(tables.hit_points, hp)
    locs = {key: locations[key] for key in LOCATION_KEYS.values()}
    return Defence(
        hit_points=hp,
        locations=locs,
        name=name or "Defender",
        defense=defense,
        parry=parry,
        armour={key: armour for key in locs} if armour else {},
    )


#: The combat page's tick for each location exposed behind cover (RQ-61), in the sheet's order.
EXPOSED_TICKS: dict[LocationKey, str] = {
    LOCATION_KEYS[loc]: f"sit-exposed-{LOCATION_KEYS[loc].replace('_', '-')}" for loc in SHEET_ORDER
}


def read_exposed(values: Mapping[str, str]) -> tuple[LocationKey, ...] | None:
    """The locations ticked as exposed behind cover (``None``: every one, no cover; a form
    without the ticks, none either).

    :raises FieldError: ``sit-exposed``: not one is ticked.
    """
    if not any(tick in values for tick in EXPOSED_TICKS.values()):
        return None
    exposed = tuple(key for key, tick in EXPOSED_TICKS.items() if values.get(tick) == "1")
    if not exposed:
        raise FieldError("sit-exposed", "exposed: no location ticked; a target wholly behind cover cannot be "
                         "struck (tick what the attacker can see or reach)")
    return None if len(exposed) == len(EXPOSED_TICKS) else exposed


def sheet_of(record: str | bytes, tables: RuneQuestTables) -> tuple[Adventurer, DerivedSheet]:
    """A saved adventurer (its JSON) and its derived sheet.

    :raises RulesError: a record that cannot be read.
    """
    adventurer = load_adventurer(record)
    return adventurer, derive(adventurer, tables)


def line_choices(sheet: DerivedSheet, *, parry: bool) -> list[tuple[int, str]]:
    """A sheet's weapon lines that can attack (or parry), with their %."""
    out = []
    for line in sheet.weapons:
        value = line.parry if parry else line.attack
        if value is None or line.kind == "unknown":
            continue
        if not parry and line.kind == "shield":
            continue
        out.append((line.index, f"{line.name} {value}%"))
    return out


def sheet_attack(tables: RuneQuestTables, sheet: DerivedSheet, line: int, *, name: str, **situation: Any) -> Attack:
    try:
        return attack_from_sheet(sheet, line, tables, name=name, **situation)
    except IllegalActionError as exc:
        raise FieldError("att-weapon", str(exc)) from None


def sheet_defence(tables: RuneQuestTables, sheet: DerivedSheet, parry_line: int | None, defense_text: str, *, name: str) -> Defence:
    defense = read_int(defense_text, "def-defense", "Defense %", 0, 200, empty=max(sheet.defense, 0))
    try:
        return defence_from_sheet(sheet, tables, parry_line=parry_line, defense=defense, name=name)
    except IllegalActionError as exc:
        raise FieldError("def-parry", str(exc)) from None
