"""A day's travel through terrain, and the days a journey takes (seed ch. III, "Daily Movement").

"Terrain — Rough terrain slows movement, of course: Major rivers — one day to cross unless
bridged or very shallow at a ford. Forest — reduces movement by 1/3 unless the party is on a
road or trail. Rolling hills — reduce movement by 1/3. Mountains — reduce movement by 2/3. These
conditions are cumulative. A party attempting cavalry movement through forested mountains has
its movement cut first by 2/3, and then by a further 1/3: instead of covering 40 km a day, it
manages roughly 4.7 km (40 − 2/3×40 = 14×1/3 = 4.7 km)."

How the cuts combine and round is the seed's worked example's (RQ-94): the largest cut first,
off the day's movement; each further condition leaves that fraction of what is left
("14×1/3"); whole kilometres between cuts, rounded up (its 13⅓ is "14"); the day to a tenth.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Literal, get_args

from pyengine.errors import RulesError
from pyengine.runequest.tables.movement import MovementTable, fraction
from pyengine.tables import Record
from pyengine.working import Step

TerrainKind = Literal["forest", "rolling_hills", "mountains"]
TERRAIN: tuple[str, ...] = get_args(TerrainKind)
SECTION = "ch. III, Daily Movement"


class DayOfTravel(Record):
    base_km: int
    terrain: tuple[str, ...]
    """The conditions that slowed the party, in the seed's order (forest, rolling hills, mountains)."""
    road: bool
    km: float
    """The day's kilometres, to a tenth."""
    exact: str
    """The same as a fraction (``14/3``): what :func:`journey` divides by."""
    steps: tuple[Step, ...]


class Journey(Record):
    distance_km: float
    rivers: int
    days: float
    steps: tuple[Step, ...]


def tenth(value: Fraction) -> float:
    """To a tenth, halves up."""
    return math.floor(value * 10 + Fraction(1, 2)) / 10


def words(kind: str) -> str:
    return kind.replace("_", " ")


def day_of_travel(table: MovementTable, *, mode: str | None = None, km_per_day: int | None = None,
                  terrain: Iterable[str] = (), road: bool = False) -> DayOfTravel:
    """A day's movement at a rate (``mode``, one the table gives: ``cavalry``; or ``km_per_day``,
    the referee's) through ``terrain`` (forest, rolling_hills, mountains; each once).

    :raises RulesError: no rate, two rates, a way of travel or terrain the rules do not give.
    """
    base, steps = _base(table, mode, km_per_day)
    kinds = list(dict.fromkeys(terrain))
    for kind in kinds:
        if kind not in TERRAIN:
            raise RulesError(f"terrain {kind!r}: not one the rules give ({', '.join(TERRAIN)})", field="terrain")
    if road and "forest" in kinds:
        kinds.remove("forest")
        steps.append(Step(field="km", text="forest: no cut, the party is on a road or trail", source=SECTION))
    cuts = sorted(((fraction(getattr(table.terrain, k)), k) for k in kinds), key=lambda c: -c[0])
    km = Fraction(base)
    for n, (cut, kind) in enumerate(cuts):
        if n:
            km = Fraction(math.ceil(km))
            now = km * cut
            how = f"then {words(kind)} leaves {cut} of that: {km} × {cut} = {tenth(now)} km"
        else:
            now = km * (1 - cut)
            how = f"{words(kind)} takes {cut} off: {km} − {cut}×{km} = {tenth(now)} km"
        steps.append(Step(field="km", text=how, source=SECTION, rulings=("RQ-94",), value=str(tenth(now))))
        km = now
    return DayOfTravel(base_km=base, terrain=tuple(k for k in TERRAIN if k in kinds), road=road, km=tenth(km), exact=str(km),
                       steps=tuple(steps))


def _base(table: MovementTable, mode: str | None, km_per_day: int | None) -> tuple[int, list[Step]]:
    rates = {"cavalry": table.daily_km.cavalry}
    if (mode is None) == (km_per_day is None):
        raise RulesError("a day's travel needs one rate: a way of travel the rules give (cavalry, 40 km a day) "
                         "or the referee's km a day", field="mode")
    if mode is not None:
        if mode not in rates:
            raise RulesError(f"way of travel {mode!r}: the rules give only cavalry's rate (40 km a day); "
                             "give the referee's km a day for any other", field="mode")
        return rates[mode], [Step(field="km", text=f"{mode}: {rates[mode]} km a day", source=SECTION,
                                  rulings=("RQ-94",), value=rates[mode])]
    assert km_per_day is not None
    if not 1 <= km_per_day <= 500:
        raise RulesError(f"{km_per_day} km a day: give 1 to 500", field="km_per_day")
    return km_per_day, [Step(field="km", text=f"the referee's rate: {km_per_day} km a day", source=SECTION,
                             value=km_per_day)]


def journey(table: MovementTable, day: DayOfTravel, *, distance_km: float, rivers: int = 0) -> Journey:
    """The days ``distance_km`` takes at ``day``'s pace, and a day for each major river crossed
    with neither bridge nor ford.

    :raises RulesError: a negative distance or number of rivers, or a day that covers nothing.
    """
    if distance_km < 0 or rivers < 0:
        raise RulesError(f"journey: {distance_km} km and {rivers} rivers: neither can be negative", field="distance")
    per_day = Fraction(day.exact)
    if per_day <= 0:
        raise RulesError("journey: the party covers no ground in a day", field="distance")
    travel = Fraction(distance_km) / per_day
    days = travel + rivers * table.terrain.river_days
    steps = [Step(field="days", text=f"{distance_km} km at {day.km} km a day: {tenth(travel)} days", source=SECTION,
                  value=str(tenth(travel)))]
    if rivers:
        steps.append(Step(field="days", text=f"{rivers} major river{'s' if rivers != 1 else ''} without bridge or ford: "
                          f"{rivers * table.terrain.river_days} more day{'s' if rivers != 1 else ''}",
                          source=SECTION, value=str(tenth(days))))
    return Journey(distance_km=distance_km, rivers=rivers, days=tenth(days), steps=tuple(steps))
