"""Hit location by D20, humanoid (RuneQuest ch. IV; table: rq-tables.md §4).

One table serves melee and missile attacks alike in RQ1.
"""

from typing import Annotated, Literal

import msgspec

from pyengine.errors import RollError
from pyengine.ranges import check_tiling, parse_roll_range
from pyengine.runequest.vocabulary import Location
from pyengine.tables import Record

TABLE_ID = "runequest/hit_locations"


RollText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,3}(-\d{1,3})?$", description="a D20 roll or range, e.g. 13-15")]


class HitLocationRow(Record):
    rolls: RollText
    """The D20 results that strike this location, as printed: ``13-15``."""
    location: Location


class HitLocationTable(Record):
    die: Literal[20]
    rows: list[HitLocationRow]

    def __post_init__(self) -> None:
        ranges = [parse_roll_range(row.rolls, self.die) for row in self.rows]
        check_tiling(ranges, 1, self.die, "hit location")
        missing = set(Location) - {row.location for row in self.rows}
        if missing:
            raise ValueError(f"hit location: no row for {', '.join(sorted(missing))}")

    def locate(self, roll: int) -> Location:
        """The location a D20 roll strikes."""
        for row in self.rows:
            low, high = parse_roll_range(row.rolls, self.die)
            if low <= roll <= high:
                return row.location
        raise RollError(f"hit location roll: {roll!r} does not fit a D{self.die} (1-{self.die})")
