"""Hit points: the total (CON, modified by SIZ and POW, never below 3) and each location's share.

Seed ch. II "4. Hit Points" and ch. III "Hit Locations and Wounds"; the table is
``tables/runequest/hit_points.toml``. "The total hit points of the various
locations can add up to more than the character's overall Hit Points — this is
deliberate, and not an error."
"""

from typing import Annotated

import msgspec

from pyengine.runequest.bands import Bands, NamedBands
from pyengine.runequest.characteristics import Characteristics
from pyengine.runequest.hit_location import Location
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, Characteristic
from pyengine.runequest.working import Step, cite
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


class LocationHitPoints(Record):
    """Hit points of each location."""

    head: int
    chest: int
    abdomen: int
    right_arm: int
    left_arm: int
    right_leg: int
    left_leg: int

    def __getitem__(self, location: Location | str) -> int:
        """By location (``Location.RIGHT_ARM`` or ``"right arm"``) or key (``"right_arm"``)."""
        key = str(location).replace(" ", "_")
        value: int = getattr(self, key)
        return value


def hit_points(table: HitPointsTable, scores: Characteristics) -> tuple[int, Step]:
    """Total hit points and how: ``CON 12 + SIZ 17 (+2) + POW 18 (+1) = 15``, never below the minimum."""
    rule = table.total
    total = scores[rule.base]
    parts = [f"{rule.base} {total}"]
    rulings: list[str] = []
    by_name = {m.name: m for m in rule.modifiers}
    for c in Characteristic:
        bands = by_name.get(c.value)
        if bands is None:
            continue
        value = bands.value(scores[c])
        total += value
        parts.append(f"{c} {scores[c]} ({value:+d})")
        rulings.extend(bands.rulings_for(scores[c]))
    text = " + ".join(parts) + f" = {total}"
    if total < rule.minimum:
        text += f', raised to the minimum of {rule.minimum} ("never fewer than {rule.minimum} Hit Points")'
        total = rule.minimum
    return total, Step(field="hit_points", text=text, table=TABLE_ID, rulings=cite(rulings))


def location_hit_points(table: HitPointsTable, total: int) -> tuple[LocationHitPoints, Step]:
    """Each location's hit points for a total, and the step that explains them."""
    values = {}
    rulings: list[str] = []
    for location in SHEET_ORDER:
        bands = table.locations.for_location(location)
        values[LOCATION_KEYS[location]] = bands.value(total)
        rulings.extend(bands.rulings_for(total))
    column = table.locations.leg.label(table.locations.leg.index(total))
    text = f"{total} hit points read the {column} column: " + ", ".join(
        f"{location.value} {values[LOCATION_KEYS[location]]}" for location in SHEET_ORDER
    )
    return LocationHitPoints(**values), Step(field="locations", text=text, table=TABLE_ID, rulings=cite(rulings))


def condition(table: HitPointsTable, remaining: int) -> str:
    """``"dead"``, ``"unconscious"`` or ``"conscious"`` at this many hit points left."""
    if remaining <= table.total.dead_at:
        return "dead"
    if remaining <= table.total.unconscious_at:
        return "unconscious"
    return "conscious"
