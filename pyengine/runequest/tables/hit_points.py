"""The schema of ``tables/runequest/hit_points.toml``.

Split from :mod:`pyengine.runequest.sheet.hit_points`: Hit points: the total (CON, modified by SIZ and POW, never below 3) and each location's share.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.tables.bands import Bands, NamedBands
from pyengine.runequest.vocabulary import Characteristic, Location
from pyengine.tables import Record

TABLE_ID = "runequest/hit_points"


class TotalHitPointsRule(Record):
    """The total: a base characteristic plus banded modifiers, in points."""

    base: Characteristic
    minimum: Annotated[int, msgspec.Meta(ge=1, le=99)]
    unconscious_at: Annotated[int, msgspec.Meta(ge=0, le=99)]
    """At this many hit points or fewer (above :attr:`dead_at`) he is unconscious."""
    dead_at: Annotated[int, msgspec.Meta(ge=-99, le=99)]
    """At this many hit points or fewer he is dead."""
    modifiers: tuple[NamedBands, ...]
    """Each modifying characteristic's bands; ``name`` is the characteristic (``SIZ``)."""

    def __post_init__(self) -> None:
        names = [m.name for m in self.modifiers]
        for i, name in enumerate(names):
            if name not in Characteristic.__members__:
                raise ValueError(f"modifiers[{i}]: {name!r} is not a characteristic")
            if name == self.base:
                raise ValueError(f"modifiers[{i}]: {name} is the base, not a modifier")
            if names.index(name) != i:
                raise ValueError(f"modifiers[{i}]: {name} is listed twice")
        if not self.dead_at < self.unconscious_at < self.minimum:
            raise ValueError(
                f"dead_at {self.dead_at} < unconscious_at {self.unconscious_at} < minimum {self.minimum} does not hold"
            )


class LocationBands(Record):
    """Hit points per location by total hit points; ``leg`` and ``arm`` are each one limb."""

    leg: Bands
    abdomen: Bands
    chest: Bands
    arm: Bands
    head: Bands

    def __post_init__(self) -> None:
        first = self.leg
        for name in ("abdomen", "chest", "arm", "head"):
            bands: Bands = getattr(self, name)
            if bands.starts != first.starts or bands.every != first.every:
                raise ValueError(
                    f"{name}: its bands (`from`, `every`) differ from leg's; all locations share one column"
                )

    def for_location(self, location: Location) -> Bands:
        bands: Bands = getattr(self, _PART[location])
        return bands


_PART = {
    Location.HEAD: "head",
    Location.CHEST: "chest",
    Location.ABDOMEN: "abdomen",
    Location.RIGHT_ARM: "arm",
    Location.LEFT_ARM: "arm",
    Location.RIGHT_LEG: "leg",
    Location.LEFT_LEG: "leg",
}


class HitPointsTable(Record):
    """``hit_points.toml``: the total and the locations."""

    total: TotalHitPointsRule
    locations: LocationBands
