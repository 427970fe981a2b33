"""The schema of ``tables/runequest/background.toml``.

Split from :mod:`pyengine.runequest.advancement.background`: Background: the D100 roll for upbringing and
starting money (and a barbarian's riding animal).
"""

from typing import Annotated, Literal

import msgspec

from pyengine.dice import DiceExpr
from pyengine.errors import NotationError, RollError
from pyengine.ranges import check_tiling, parse_roll_range
from pyengine.tables import Record
from pyengine.working import RulingIds

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
