"""Damage bonus: by the average of STR and SIZ, as signed dice notation (``+1D4``, ``-1D4``, ``""``).

Seed ch. II "5. Damage Bonus"; the table is ``tables/runequest/damage_bonus.toml``.
The bonus is text that :meth:`pyengine.dice.DiceExpr.parse` reads (``""`` is no
bonus); thrown weapons get half of it (seed ch. IV, "Thrown Weapon Damage Bonus").
"""

from pyengine.dice import DiceExpr
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.tables.damage_bonus import TABLE_ID, DamageBonusTable
from pyengine.working import Step


def average(scores: Characteristics) -> int:
    """The average of STR and SIZ, a half rounded up (RQ-5)."""
    return -(-(scores.STR + scores.SIZ) // 2)


def damage_bonus(table: DamageBonusTable, scores: Characteristics) -> tuple[str, Step]:
    """The bonus (``+1D4``, ``-1D4`` or ``""``) and how it was read."""
    avg = average(scores)
    bonus, band = table.lookup(avg)
    exact = (scores.STR + scores.SIZ) / 2
    shown = f"{exact:g}" + (f", rounded up to {avg}" if exact != avg else "")
    text = f"(STR {scores.STR} + SIZ {scores.SIZ}) / 2 = {shown}: {band} gives {bonus or 'none'}"
    return bonus, Step(field="damage_bonus", text=text, source=TABLE_ID, rulings=table.rulings if exact != avg else ())


def thrown_bonus(table: DamageBonusTable, bonus: str) -> str:
    """Half a bonus for a thrown weapon, each die halved rounded up (RQ-6): ``+1D4`` -> ``+1D2``.

    :raises NotationError: ``bonus`` is not dice notation.
    :raises ValueError: a die the table does not say how to halve.
    """
    if not bonus:
        return ""
    parts = []
    for term in DiceExpr.parse(bonus).terms:
        sign = "-" if term.sign < 0 else "+"
        if term.sides is None:
            value = -(-term.count // 2)
            parts.append(f"{sign}{value}")
            continue
        half = table.thrown_halves.get(term.sides)
        if half is None:
            raise ValueError(f"damage bonus {bonus!r}: the table does not say how to halve a D{term.sides}")
        parts.append(f"{sign}{term.count}D{half}")
    return "".join(parts)
