"""Hit points: the total (CON, modified by SIZ and POW, never below 3) and each location's share.

Seed ch. II "4. Hit Points" and ch. III "Hit Locations and Wounds"; the table is
``tables/runequest/hit_points.toml``. "The total hit points of the various
locations can add up to more than the character's overall Hit Points — this is
deliberate, and not an error."
"""

from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.tables.hit_points import TABLE_ID, HitPointsTable
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, Characteristic, Location
from pyengine.tables import Record
from pyengine.working import Step, cite


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
    return total, Step(field="hit_points", text=text, source=TABLE_ID, rulings=cite(rulings))


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
    return LocationHitPoints(**values), Step(field="locations", text=text, source=TABLE_ID, rulings=cite(rulings))


def condition(table: HitPointsTable, remaining: int) -> str:
    """``"dead"``, ``"unconscious"`` or ``"conscious"`` at this many hit points left."""
    if remaining <= table.total.dead_at:
        return "dead"
    if remaining <= table.total.unconscious_at:
        return "unconscious"
    return "conscious"
