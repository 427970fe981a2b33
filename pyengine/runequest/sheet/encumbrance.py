"""Encumbrance and movement: maximum ENC, the absolute cap, and the penalties for each point over.

Seed ch. III "Encumbrance (ENC)": "the total number of things a character can carry
and still function normally is found by averaging his STR and CON. However, the
maximum limit on this total is capped by STR alone" — and "for each point of ENC
over his maximum, a character suffers: −1 to movement class; −5% to Defense; and
+1 to all strike ranks. In any case, a character can never carry more things at
all than 1.5 times his STR." ENC is counted exactly, in fractions (:mod:`pyengine.runequest.tables.enc`),
and shown as the rules print a part of a thing, in decimals ("1.5 times his STR"): :func:`show_enc_decimal`.
The table is ``tables/runequest/movement.toml``.
"""

import math
from fractions import Fraction

from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.tables.movement import TABLE_ID, MovementTable, fraction
from pyengine.tables import Record
from pyengine.working import Step


def show_enc_decimal(value: Fraction | int) -> str:
    """ENC for people, in decimals as the rules print them ("1.5 times his STR"): 2 -> ``2``,
    5/2 -> ``2.5``, 1/4 -> ``0.25``, 2 2/25 -> ``2.08``. A value that does not end within two
    places is cut (never rounded up) to two, so what is shown never crosses the whole point
    the penalties count from (RQ-10, RQ-131): 7/3 -> ``2.33``, 1199/100 stays ``11.99``."""
    hundredths = math.floor(Fraction(value) * 100)
    whole, part = divmod(hundredths, 100)
    return str(whole) if not part else f"{whole}.{part:02d}".rstrip("0")


def max_enc(table: MovementTable, scores: Characteristics) -> tuple[int, Step]:
    """The lower of STR and the average of STR and CON (rounded as the table says, RQ-9)."""
    total = scores.STR + scores.CON
    avg = -(-total // 2) if table.max_enc_rounding == "up" else total // 2
    value = min(scores.STR, avg)
    exact = Fraction(total, 2)
    shown = show_enc_decimal(exact) + (f", rounded {table.max_enc_rounding} to {avg}" if exact != avg else "")
    which = "STR caps it" if value == scores.STR and scores.STR < avg else "the average"
    text = f"(STR {scores.STR} + CON {scores.CON}) / 2 = {shown}; STR {scores.STR}; the lower: {value} ({which})"
    return value, Step(field="max_enc", text=text, source=TABLE_ID, rulings=("RQ-9",) if exact != avg else ())


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
        text = f"carrying {show_enc_decimal(carried)} of {maximum}: no penalty; move {move}"
    else:
        part = "" if over == carried - maximum else f" (whole points only: {show_enc_decimal(carried - maximum)} -> {over})"
        text = (
            f"carrying {show_enc_decimal(carried)}, {over} over the maximum {maximum}{part}: move {table.human_move} "
            f"{per.move * over:+d} = {move}, Defense {effects.defense:+d}%, strike ranks {effects.strike_rank:+d}"
        )
    return effects, Step(field="enc", text=text, source=TABLE_ID, rulings=("RQ-10",) if over else ())
