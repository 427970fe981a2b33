"""Falling damage (the "Rambling Runequestions" sidebar, "On falling damage"): :func:`fall`.

"a fixed geometric increase in falling damage per the height fallen wasn't judged necessary; the
compromise was simply to add one extra D6 of damage per 3 meters fallen. Falling from a horse is
treated the same way, though realistically even an unarmored target falling from a horse would
very often break something — riders who take a 'luck roll' and blow it should just take the same
damage shown for a surprised rider thrown from his mount."

RQ-96: a D6 for each full 3 m (under 3 m, nothing); the height in metres as the seed measures it,
a part of a metre too (RQ-137: 2.5 m, 5.9 m; a part of 3 m adds no die); from a horse, the rider's luck roll is
ch. IV's for a character thrown, "a DEX×5 roll on D100 or suffer 1D6 damage to a random hit
location", and a surprised rider makes none; the damage strikes one D20 hit location, and
"Armor protects against this damage normally".
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.dice import Dice, RollLog, RollMade
from pyengine.errors import RulesError
from pyengine.runequest.combat.wounds import Wound, wound_steps
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import HitPoints, Wounds
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.tables.movement import MovementTable
from pyengine.runequest.vocabulary import LOCATION_KEYS, LocationKey
from pyengine.tables import Record
from pyengine.working import Step

SIDEBAR = "Rambling Runequestions, On falling damage"
MOST_METRES = 10_000


class Fall(Record):
    metres: int | float
    """As given: a whole number of metres stays whole (RQ-137)."""
    from_horse: bool
    luck_roll: int | None
    """The rider's D100 luck roll, ``None`` when he made none."""
    dice: str
    """The damage dice rolled (``3D6``), ``""`` when none."""
    damage: int
    location: LocationKey | None
    armour_absorbed: int
    location_damage: int
    wound: Wound | None
    """What the damage did, when the body's hit points were given."""
    wounds: Wounds | None
    steps: tuple[Step, ...]
    rolls: tuple[RollMade, ...]


def fall(table: MovementTable, locations: HitLocationTable, metres: int | float, dice: Dice, *, from_horse: bool = False,
         dex: int | None = None, surprised: bool = False, armour: Mapping[str, int] | None = None,
         frame: HitPoints | None = None, wounds: Wounds | None = None) -> Fall:
    """A fall of ``metres``, or from a horse: the damage, where it strikes, what armour stops, and
    (given the body's hit points, and his wounds so far) the wound it makes.

    ``metres`` may hold a part of a metre (RQ-137); only whole 3 m count a die (RQ-96).

    :raises RulesError: a height outside 0-10000 m (or not a number of metres), a height given with a
        fall from a horse, or a rider's luck roll without his DEX.
    """
    f = table.falling
    log = RollLog(dice, within="the fall")
    steps: list[Step] = []
    luck: int | None = None
    if isinstance(metres, bool) or not isinstance(metres, (int, float)) or not 0 <= metres <= MOST_METRES:
        raise RulesError(f"a fall of {metres!r} m: give 0 to {MOST_METRES}", field="metres")
    if isinstance(metres, float) and metres.is_integer():
        metres = int(metres)  # 6.0 m is 6 m: told and kept as a whole number
    if from_horse:
        if metres:
            raise RulesError("a fall from a horse is its own: give no height with it", field="metres")
        count = f.horse_dice
        if not surprised:
            if dex is None:
                raise RulesError(f"a fall from a horse: the rider's luck roll is DEX×{f.luck_per_dex}; give his DEX",
                                 field="dex")
            chance = dex * f.luck_per_dex
            luck = log.d(100, f"luck roll (DEX×{f.luck_per_dex} = {chance}%)")
            made = luck <= chance
            steps.append(Step(field="luck", text=f"luck roll {luck:02d} against DEX {dex}×{f.luck_per_dex} = {chance}%: "
                              + ("made, he lands clear" if made else f"blown: {count}D{f.die}"),
                              source="ch. IV, Special Attack — Grappling", rulings=("RQ-96",), value=luck))
            if made:
                count = 0
        else:
            steps.append(Step(field="luck", text=f"surprised, thrown from his mount: no luck roll, {count}D{f.die}",
                              source=SIDEBAR, rulings=("RQ-96",)))
    else:
        count = int(metres // f.metres_per_die)
        steps.append(Step(field="dice", text=f"{metres} m: a D{f.die} for each full {f.metres_per_die} m = "
                          + (f"{count}D{f.die}" if count else "no damage"), source=SIDEBAR,
                          rulings=("RQ-96",) if isinstance(metres, int) else ("RQ-96", "RQ-137"), value=count))
    if not count:
        return Fall(metres=metres, from_horse=from_horse, luck_roll=luck, dice="", damage=0, location=None,
                    armour_absorbed=0, location_damage=0, wound=None, wounds=wounds, steps=tuple(steps),
                    rolls=tuple(log.made))
    dice_text = f"{count}D{f.die}"
    damage = sum(log.d(f.die, f"falling damage ({dice_text})") for _ in range(count))
    key = LOCATION_KEYS[locations.locate(log.d(locations.die, "hit location (D20)"))]
    worn = max(0, (armour or {}).get(key, 0))
    absorbed = min(worn, damage)
    through = damage - absorbed
    steps.append(Step(field="damage", text=f"{dice_text} = {damage} to the {key.replace('_', ' ')}"
                      + (f"; armour {worn} absorbs {absorbed}: {through} get through" if worn else ""),
                      source=SIDEBAR, rulings=("RQ-96",), value=through))
    wound = None
    if frame is not None:
        wounds, wound = take_wound(frame, wounds or Wounds(), key, through)
        steps.extend(wound_steps(wound))
    return Fall(metres=metres, from_horse=from_horse, luck_roll=luck, dice=dice_text, damage=damage, location=key,
                armour_absorbed=absorbed, location_damage=through, wound=wound, wounds=wounds, steps=tuple(steps),
                rolls=tuple(log.made))
