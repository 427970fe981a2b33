"""Encumbrance and movement: maximum ENC, the absolute cap, and the penalties for each point over.

Seed ch. III "Encumbrance (ENC)": "the total number of things a character can carry
and still function normally is found by averaging his STR and CON. However, the
maximum limit on this total is capped by STR alone" — and "for each point of ENC
over his maximum, a character suffers: −1 to movement class; −5% to Defense; and
+1 to all strike ranks. In any case, a character can never carry more things at
all than 1.5 times his STR." ENC is counted exactly, in fractions (:mod:`.enc`).
The table is ``tables/runequest/movement.toml``.
"""

import math
from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from pyengine.runequest.characteristics import Characteristics
from pyengine.runequest.enc import show_enc
from pyengine.runequest.working import Step
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

    def __post_init__(self) -> None:
        if fraction(self.absolute_cap_per_str) < 1:
            raise ValueError(f"absolute_cap_per_str {self.absolute_cap_per_str}: the cap cannot be below STR")
        if self.human_move > self.max_move:
            raise ValueError(f"human_move {self.human_move} is above max_move {self.max_move}")


def max_enc(table: MovementTable, scores: Characteristics) -> tuple[int, Step]:
    """The lower of STR and the average of STR and CON (rounded as the table says, RQ-9)."""
    total = scores.STR + scores.CON
    avg = -(-total // 2) if table.max_enc_rounding == "up" else total // 2
    value = min(scores.STR, avg)
    exact = Fraction(total, 2)
    shown = show_enc(exact) + (f", rounded {table.max_enc_rounding} to {avg}" if exact != avg else "")
    which = "STR caps it" if value == scores.STR and scores.STR < avg else "the average"
    text = f"(STR {scores.STR} + CON {scores.CON}) / 2 = {shown}; STR {scores.STR}; the lower: {value} ({which})"
    return value, Step(field="max_enc", text=text, table=TABLE_ID, rulings=("RQ-9",) if exact != avg else ())


def enc_cap(table: MovementTable, scores: Characteristics) -> Fraction:
    """The most a character can carry at all: 1.5 x STR."""
    return fraction(table.absolute_cap_per_str) * scores.STR


class EncEffects(Record):
    """What a load does: the whole points over the maximum and their penalties."""

    points_over: int
    """Whole points of ENC over the maximum (RQ-10); 0 when not over."""
    move: int
    """Movement class after the penalty (never below 0)."""
    defense: int
    """Defense penalty in % (0 or negative)."""
    strike_rank: int
    """Added to every strike rank (0 or positive)."""


def enc_effects(table: MovementTable, carried: Fraction, maximum: int) -> tuple[EncEffects, Step]:
    """The penalties for carrying ``carried`` ENC with maximum ENC ``maximum``."""
    over = max(math.floor(carried - maximum), 0)
    per = table.per_enc_point
    move = max(table.human_move + per.move * over, 0)
    effects = EncEffects(points_over=over, move=move, defense=per.defense * over, strike_rank=per.strike_rank * over)
    if carried <= maximum:
        text = f"carrying {show_enc(carried)} of {maximum}: no penalty; move {move}"
    else:
        part = "" if over == carried - maximum else f" (whole points only: {show_enc(carried - maximum)} -> {over})"
        text = (
            f"carrying {show_enc(carried)}, {over} over the maximum {maximum}{part}: move {table.human_move} "
            f"{per.move * over:+d} = {move}, Defense {effects.defense:+d}%, strike ranks {effects.strike_rank:+d}"
        )
    return effects, Step(field="enc", text=text, table=TABLE_ID, rulings=("RQ-10",) if over else ())
