"""CHA's definite changes (seed ch. II, "Increasing Other Characteristics"); the rest is the referee's.

  1. "Each 25% of skill gained in Oratory raises CHA by 1 point, to a maximum of 4 points this way."
  2. "Each 25% increase in the use of one's main weapon (after it passes 50%) adds 1 point of CHA.
     There's no cap to how many points can be gained this way." (RQ-35)
  3. "Possessing good, showy magical objects raises CHA by 1 point — but only 1 point total"
  4. "Successfully leading an expedition can add a point to CHA: the character rolls his CHA as a
     percentage or less for a gain"
  5. "A truly disastrous expedition can force the leader to roll his CHA as a percentage — and lose
     1 to 3 CHA points on a failure."

Each function returns the change and the step that explains it; :func:`apply_change`
puts a change on the adventurer, never past the limits of 3-21.
"""

from __future__ import annotations

import msgspec

from pyengine.dice import Dice, DiceExpr
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.working import Step

ORATORY_STEP = 25
ORATORY_MAX = 4
WEAPON_FROM = 50
WEAPON_STEP = 25


def oratory(gained: int) -> tuple[int, Step]:
    """CHA points from the % of Oratory gained: 1 per 25%, at most 4."""
    points = min(max(gained, 0) // ORATORY_STEP, ORATORY_MAX)
    text = f"Oratory gained {gained}%: 1 CHA per {ORATORY_STEP}%, at most {ORATORY_MAX}: +{points}"
    return points, Step(field="characteristics.CHA", text=text)


def _weapon_points(ability: int) -> int:
    return max(ability - WEAPON_FROM, 0) // WEAPON_STEP


def main_weapon(before: int, after: int) -> tuple[int, Step]:
    """CHA points from the main weapon rising from ``before``% to ``after``%: 1 at 75%, 100%, 125% …"""
    points = _weapon_points(after) - _weapon_points(before)
    text = (
        f"main weapon {before}% -> {after}%: 1 CHA for each {WEAPON_STEP}% past {WEAPON_FROM}% "
        f"({_weapon_points(before)} before, {_weapon_points(after)} now): {points:+d}"
    )
    return points, Step(field="characteristics.CHA", text=text, rulings=("RQ-35",))


def showy_magic(already_counted: bool) -> tuple[int, Step]:
    """+1 CHA for good, showy magical objects, once however many."""
    points = 0 if already_counted else 1
    text = "showy magical objects: +1 CHA, only 1 point total" + (" (already counted)" if already_counted else "")
    return points, Step(field="characteristics.CHA", text=text)


def led_expedition(cha: int, dice: Dice) -> tuple[int, Step]:
    """A successful expedition: D100 at or under CHA gains a point."""
    roll = dice.roll(100)
    points = 1 if roll <= cha else 0
    text = f"led an expedition well: CHA {cha} or less on D100, rolled {roll}: {points:+d}"
    return points, Step(field="characteristics.CHA", text=text)


def disastrous_expedition(cha: int, dice: Dice) -> tuple[int, Step]:
    """A disastrous expedition: D100 over CHA loses 1D3 points."""
    roll = dice.roll(100)
    if roll <= cha:
        return 0, Step(
            field="characteristics.CHA", text=f"a disaster: CHA {cha} or less on D100, rolled {roll}: no loss"
        )
    loss = DiceExpr.parse("1D3").roll(dice).total
    text = f"a disaster: CHA {cha} or less on D100, rolled {roll}: failed, 1D3 = {loss}: -{loss}"
    return -loss, Step(field="characteristics.CHA", text=text)


def apply_change(adventurer: Adventurer, tables: RuneQuestTables, points: int) -> tuple[Adventurer, Step]:
    """CHA changed by ``points``, kept within the limits (3-21): "No characteristic may ever be increased,
    for any reason ... beyond" 21, nor fall below 3."""
    limits = tables.characteristics
    before = adventurer.characteristics.CHA
    after = min(max(before + points, limits.minimum), limits.maximum)
    text = f"CHA {before} {points:+d} = {before + points}"
    if after != before + points:
        text += f", held to {after} ({limits.minimum}-{limits.maximum})"
    scores = adventurer.characteristics.with_value("CHA", after)
    return msgspec.structs.replace(adventurer, characteristics=scores), Step(
        field="characteristics.CHA", text=text, source="runequest/characteristics"
    )
