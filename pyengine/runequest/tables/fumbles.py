"""The fumble table (D100), for attacks and, with its substitutions from 75 up, for parries.

"If an attack results in a fumble, the fumbling player must roll on the Fumble Table
with D100 and follow the directions" (seed ch. IV). Used by combat; the table is
``tables/runequest/fumbles.toml``.
"""

from typing import Annotated, Literal

import msgspec

from pyengine.errors import RollError
from pyengine.ranges import check_tiling, parse_roll_range
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/fumbles"

RollText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,3}(-\d{1,3})?$", description="a d100 roll or range, e.g. 87-89")]
Effect = Annotated[str, msgspec.Meta(min_length=1, max_length=300)]


class FumbleRow(Record):
    rolls: RollText
    attack: Effect
    parry: Effect | None = None
    """What a fumbled parry does instead, from ``parry_from`` up; ``None``: the same as the attack."""
    rulings: RulingIds = ()


class FumbleTable(Record):
    """``fumbles.toml``: rows tiling 1-100."""

    die: Literal[100]
    parry_from: Annotated[int, msgspec.Meta(ge=1, le=100)]
    rows: tuple[FumbleRow, ...]

    def __post_init__(self) -> None:
        spans = [parse_roll_range(row.rolls, self.die) for row in self.rows]
        check_tiling(spans, 1, self.die, "fumble")
        for i, (row, (low, _)) in enumerate(zip(self.rows, spans, strict=True)):
            if row.parry is not None and low < self.parry_from:
                raise ValueError(f"fumble row {i} ({row.rolls}): a parry substitution below {self.parry_from}")

    def lookup(self, roll: int, *, parry: bool = False) -> tuple[FumbleRow, str]:
        """The row a D100 roll falls in, and what it does (to a parry, with ``parry``).

        :raises RollError: the roll is not 1-100.
        """
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= self.die:
            raise RollError(f"fumble roll: {roll!r} is not a d100 roll (1 to {self.die})")
        for row in self.rows:
            low, high = parse_roll_range(row.rolls, self.die)
            if low <= roll <= high:
                return row, (row.parry if parry and row.parry is not None else row.attack)
        raise AssertionError("the rows tile 1-100")
