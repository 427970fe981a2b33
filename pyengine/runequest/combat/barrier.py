"""Shooting at protected targets, and melee over barriers (seed ch. IV; RQ-61, RQ-62).

"The chance of hitting a foe behind some form of protection, such as an arrow slit in a
wall, is the same as normal. However, if the hit location rolled is not actually visible
to the archer, the arrow or other missile simply hits the protection instead of the
target. A critical hit will hit in any case — adjust the hit location rolled to match an
exposed area of the body. The same rule applies to melee combat conducted over barriers,
fences, castle walls, and so on."

The defender's :attr:`~pyengine.runequest.combat.model.Defence.exposed` locations are what
the attacker can see or reach. :func:`landing` reads the hit-location D20 against them:
the location struck, or ``None`` when the blow strikes the protection. A critical hit
rolled on a hidden location is moved to the nearest D20 roll that strikes an exposed one,
a tie going up the table, towards the head (RQ-62). Shared by
:func:`~.exchange.resolve_exchange` (with its working) and :func:`~.odds.exchange_odds`.
"""

from __future__ import annotations

from collections.abc import Set
from typing import NamedTuple

from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LOCATION_KEYS, Location, LocationKey
from pyengine.working import Step

SOURCE = "ch. IV, Shooting at Protected Targets"


class Landing(NamedTuple):
    """Where a blow that got past any parry lands, once cover is taken into account."""

    rolled: Location
    """The location the D20 gave."""
    location: Location | None
    """The location it strikes (``None``: it strikes the protection instead)."""
    moved: bool = False
    """A critical hit moved from a hidden location to an exposed one (RQ-62)."""


def landing_roll(table: HitLocationTable, roll: int, exposed: Set[LocationKey]) -> int:
    """The D20 roll nearest ``roll`` that strikes an exposed location; ties go up the table (RQ-62)."""
    for distance in range(table.die):
        for r in (roll + distance, roll - distance):
            if 1 <= r <= table.die and LOCATION_KEYS[table.locate(r)] in exposed:
                return r
    raise AssertionError("no exposed location on the table")  # Defence refuses an empty ``exposed``


def landing(table: HitLocationTable, roll: int, exposed: Set[LocationKey] | None, *, critical: bool) -> Landing:
    """Where the blow with hit-location ``roll`` lands behind cover exposing ``exposed`` (``None``: no cover)."""
    rolled = table.locate(roll)
    if exposed is None or LOCATION_KEYS[rolled] in exposed:
        return Landing(rolled, rolled)
    if not critical:
        return Landing(rolled, None)
    return Landing(rolled, table.locate(landing_roll(table, roll, exposed)), moved=True)


def landing_steps(where: Landing, roll: int, table: HitLocationTable, exposed: Set[LocationKey] | None,
                  defender: Pronouns = THEY) -> list[Step]:
    """The working of a landing behind cover (none when nothing is hidden, or the location rolled shows)."""
    if exposed is None or not (where.moved or where.location is None):
        return []
    shown = ", ".join(loc.value for loc in Location if LOCATION_KEYS[loc] in exposed)
    hidden = f"D20 {roll}: the {where.rolled.value} is behind the protection (exposed: {shown})"
    if where.location is None:
        return [Step(field="location", text=f"{hidden}: the blow strikes the protection instead of {defender.him}",
                     source=SOURCE, rulings=("RQ-61",))]
    to = landing_roll(table, roll, exposed)
    return [Step(field="location", text=f"{hidden}; a critical hit strikes in any case: moved to the nearest "
                 f"exposed roll, {to} ({where.location.value})", source=SOURCE, rulings=("RQ-61", "RQ-62"),
                 value=where.location.value)]
