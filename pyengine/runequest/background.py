"""Background: the D100 roll for upbringing and starting money (and a barbarian's riding animal).

"The Background Table determines both how much money he begins with and what
'class' of upbringing he came from — though he isn't limited to that background
class as he advances" (seed ch. II). The table is ``tables/runequest/background.toml``.
"""

from typing import Annotated, Literal

import msgspec

from pyengine.dice import Dice, DiceExpr, DiceRoll
from pyengine.errors import NotationError, RollError
from pyengine.ranges import check_tiling, parse_roll_range
from pyengine.runequest.working import RulingIds, Step
from pyengine.tables import Record

TABLE_ID = "runequest/background"

RollText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,3}(-\d{1,3})?$")]
BackgroundId = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$")]


class BackgroundRow(Record):
    rolls: RollText
    id: BackgroundId
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    money: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
    """Dice for the money (``2D100``), then multiplied by :attr:`times`."""
    times: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1
    yearly: bool = False
    """The money is an income, collected once a campaign year (nobles)."""
    income_until_age: Annotated[int, msgspec.Meta(ge=1, le=200)] | None = None
    no_riding_animal: RollText | None = None
    """D100 results on which the riding animal the background brings is missing."""
    rulings: RulingIds = ()

    def __post_init__(self) -> None:
        try:
            DiceExpr.parse(self.money)
        except NotationError as exc:
            raise ValueError(f"money: {exc}") from None
        if self.no_riding_animal is not None:
            try:
                parse_roll_range(self.no_riding_animal, 100)
            except NotationError as exc:
                raise ValueError(f"no_riding_animal: {exc}") from None


class BackgroundTable(Record):
    """``background.toml``: rows tiling 1-100."""

    die: Literal[100]
    rows: tuple[BackgroundRow, ...]

    def __post_init__(self) -> None:
        check_tiling([parse_roll_range(r.rolls, self.die) for r in self.rows], 1, self.die, "background")
        ids = [r.id for r in self.rows]
        for i, row in enumerate(self.rows):
            if ids.index(row.id) != i:
                raise ValueError(f"background row {i} ({row.rolls}): id {row.id!r} is used twice")

    def get(self, background: str) -> BackgroundRow | None:
        for row in self.rows:
            if row.id == background:
                return row
        return None

    def row_for(self, roll: int) -> BackgroundRow:
        """:raises RollError: the roll is not 1-100."""
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= self.die:
            raise RollError(f"background roll: {roll!r} is not a d100 roll (1 to {self.die})")
        for row in self.rows:
            low, high = parse_roll_range(row.rolls, self.die)
            if low <= roll <= high:
                return row
        raise AssertionError("the rows tile 1-100")


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
    return roll, money, Step(field="money", text=text, table=TABLE_ID, rulings=row.rulings)


def roll_background(table: BackgroundTable, dice: Dice) -> BackgroundResult:
    """Rolls D100 for the background, then its money, then (a barbarian) D100 for the riding animal.

    :raises RollError: the dice run out or give a value that does not fit.
    """
    roll = dice.roll(table.die)
    row = table.row_for(roll)
    steps = [Step(field="background", text=f"D100 {roll}: {row.rolls} is {row.name}", table=TABLE_ID)]
    money_roll, money, step = roll_money(row, dice)
    steps.append(step)
    animal_roll = None
    animal = False
    if row.no_riding_animal is not None:
        animal_roll = dice.roll(100)
        low, high = parse_roll_range(row.no_riding_animal, 100)
        animal = not low <= animal_roll <= high
        has = "has a riding animal" if animal else "has none"
        steps.append(
            Step(
                field="riding_animal",
                text=f"D100 {animal_roll}: {row.no_riding_animal} means none; he {has}",
                table=TABLE_ID,
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
