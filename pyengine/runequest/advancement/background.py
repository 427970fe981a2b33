"""Background: the D100 roll for upbringing and starting money (and a barbarian's riding animal).

"The Background Table determines both how much money he begins with and what
'class' of upbringing he came from — though he isn't limited to that background
class as he advances" (seed ch. II). The table is ``tables/runequest/background.toml``.
"""

from pyengine.dice import Dice, DiceExpr, DiceRoll
from pyengine.ranges import parse_roll_range
from pyengine.runequest.tables.background import TABLE_ID, BackgroundRow, BackgroundTable
from pyengine.tables import Record
from pyengine.working import Step


class BackgroundResult(Record):
    """A rolled background: every roll kept."""

    roll: int
    """The D100 roll for the background."""
    background: str
    """The row's id: ``peasant``, ``poor_noble`` …"""
    money_roll: DiceRoll
    money: int
    """Lunars: the money roll times the row's multiplier (a noble's first year of income)."""
    riding_animal_roll: int | None = None
    """The D100 roll for a barbarian's riding animal (``None``: the background brings none)."""
    riding_animal: bool = False
    working: tuple[Step, ...] = ()


def roll_money(row: BackgroundRow, dice: Dice) -> tuple[DiceRoll, int, Step]:
    """The row's money (or one year of a noble's income): dice, then the multiplier."""
    roll = DiceExpr.parse(row.money).roll(dice)
    money = roll.total * row.times
    times = f" x {row.times}" if row.times != 1 else ""
    yearly = " for this campaign year (a yearly income, RQ-22)" if row.yearly else ""
    text = f"{row.name}: {roll.expression} = {roll.total}{times} = {money} L{yearly}"
    return roll, money, Step(field="money", text=text, source=TABLE_ID, rulings=row.rulings)


def roll_background(table: BackgroundTable, dice: Dice) -> BackgroundResult:
    """Rolls D100 for the background, then its money, then (a barbarian) D100 for the riding animal.

    :raises RollError: the dice run out or give a value that does not fit.
    """
    roll = dice.roll(table.die)
    row = table.row_for(roll)
    steps = [Step(field="background", text=f"D100 {roll}: {row.rolls} is {row.name}", source=TABLE_ID)]
    money_roll, money, step = roll_money(row, dice)
    steps.append(step)
    animal_roll = None
    animal = False
    if row.no_riding_animal is not None:
        animal_roll = dice.roll(100)
        low, high = parse_roll_range(row.no_riding_animal, 100)
        animal = not low <= animal_roll <= high
        has = "a riding animal" if animal else "no riding animal"
        steps.append(
            Step(
                field="riding_animal",
                text=f"D100 {animal_roll}: {row.no_riding_animal} means none; {has}",
                source=TABLE_ID,
            )
        )
    return BackgroundResult(
        roll=roll,
        background=row.id,
        money_roll=money_roll,
        money=money,
        riding_animal_roll=animal_roll,
        riding_animal=animal,
        working=tuple(steps),
    )
