"""The schema of ``tables/runequest/movement.toml``.

Split from :mod:`pyengine.runequest.sheet.encumbrance`: Encumbrance and movement: maximum ENC, the absolute
cap, and the penalties for each point over.
Movement at the other scales (:mod:`pyengine.runequest.movement`): the daily rate the seed gives,
terrain, scenario and chase movement, falling.
"""

from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from pyengine.tables import Record

TABLE_ID = "runequest/movement"


FractionText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,4}(/\d{1,4})?$", description="a number or fraction: 3/2")]


RangeText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,4}(/\d{1,4})?(-\d{1,4})?$")]


def fraction(text: str) -> Fraction:
    """``"3/2"`` -> 3/2 (the table's pattern has already checked the form)."""
    return Fraction(text)


class PerEncPoint(Record):
    move: Annotated[int, msgspec.Meta(le=0)]
    defense: Annotated[int, msgspec.Meta(le=0)]
    strike_rank: Annotated[int, msgspec.Meta(ge=0)]


class Coins(Record):
    lunars_per_enc: Annotated[int, msgspec.Meta(ge=1)]
    wheel: RangeText
    clack: RangeText
    gem: RangeText
    ring: RangeText
    necklace: RangeText


class Time(Record):
    melee_round_seconds: Annotated[int, msgspec.Meta(ge=1)]
    full_turn_rounds: Annotated[int, msgspec.Meta(ge=1)]


class ScenarioMove(Record):
    cautious: int
    stroll: int
    run: int
    mounted_times: int


class FlightTimes(Record):
    two_legged: FractionText
    four_legged_or_giant: FractionText
    flying: FractionText
    legless: FractionText


class DailyKm(Record):
    """Kilometres a day by way of travel: only what a source gives (cavalry, the seed's example)."""

    cavalry: Annotated[int, msgspec.Meta(ge=1, le=500)]


class Terrain(Record):
    """What each kind of terrain takes off a day's movement, and the days a major river costs."""

    forest: FractionText
    rolling_hills: FractionText
    mountains: FractionText
    river_days: Annotated[int, msgspec.Meta(ge=0, le=30)]

    def __post_init__(self) -> None:
        for name in ("forest", "rolling_hills", "mountains"):
            if not 0 < fraction(getattr(self, name)) < 1:
                raise ValueError(f"terrain.{name} {getattr(self, name)}: a cut must be between 0 and 1")


class Falling(Record):
    """Falling damage: a die per so many metres; from a horse, a luck roll (DEX × n) or dice."""

    metres_per_die: Annotated[int, msgspec.Meta(ge=1, le=100)]
    die: Annotated[int, msgspec.Meta(ge=2, le=100)]
    horse_dice: Annotated[int, msgspec.Meta(ge=0, le=20)]
    luck_per_dex: Annotated[int, msgspec.Meta(ge=1, le=20)]


class MovementTable(Record):
    """``movement.toml``: movement and encumbrance constants."""

    human_move: Annotated[int, msgspec.Meta(ge=1, le=12)]
    metres_per_unit: Annotated[int, msgspec.Meta(ge=1)]
    max_move: Annotated[int, msgspec.Meta(ge=1, le=99)]
    max_enc_rounding: Literal["up", "down"]
    absolute_cap_per_str: FractionText
    per_enc_point: PerEncPoint
    coins: Coins
    time: Time
    scenario_move_m: ScenarioMove
    flight_times: FlightTimes
    daily_km: DailyKm
    terrain: Terrain
    falling: Falling

    def __post_init__(self) -> None:
        if fraction(self.absolute_cap_per_str) < 1:
            raise ValueError(f"absolute_cap_per_str {self.absolute_cap_per_str}: the cap cannot be below STR")
        if self.human_move > self.max_move:
            raise ValueError(f"human_move {self.human_move} is above max_move {self.max_move}")
