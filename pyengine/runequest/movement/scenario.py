"""Scenario movement in full turns, and flight, chase and unhampered movement (seed ch. III,
"Scenario Movement" and "Melee Movement").

* "During a full turn, a character may cautiously advance 120 meters, stroll as much as 240, or
  run up to 1000. A riding animal can double this speed, though a walking horse doesn't outpace
  a walking man unless it's well trained" (RQ-95).
* "Flight/Chase/Unhampered Movement — for speed unhampered by the considerations of melee
  (impossible if a melee is going on around the character, unless he's attempting to flee with
  no thought of what's happening around him), double all two-legged movement speeds; triple the
  speed of all four-or-more-legged creatures as well as two-legged species of extraordinary size,
  such as giants; and multiply the speed of flying creatures by 5. Non-legged creatures should
  have their speed multiplied by 1.5 instead."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, get_args

from pyengine.errors import RulesError
from pyengine.runequest.tables.movement import MovementTable, fraction
from pyengine.tables import Record
from pyengine.working import Step

Pace = Literal["cautious", "stroll", "run"]
PACES: tuple[str, ...] = get_args(Pace)
#: The paces at which the rider's horse walks: it outpaces a man only if well trained.
WALKING = ("cautious", "stroll")
Kind = Literal["two_legged", "four_legged_or_giant", "flying", "legless"]
KINDS: tuple[str, ...] = get_args(Kind)


class Distance(Record):
    metres: float
    steps: tuple[Step, ...]


def number(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


def full_turn(table: MovementTable, pace: str, *, mounted: bool = False, well_trained: bool = False,
              turns: int = 1) -> Distance:
    """How far he goes in ``turns`` full turns (5 minutes each) at ``pace``.

    :raises RulesError: a pace the rules do not give, or fewer than 1 turn.
    """
    if pace not in PACES:
        raise RulesError(f"pace {pace!r}: the rules give {', '.join(PACES)}", field="pace")
    if not 1 <= turns <= 10_000:
        raise RulesError(f"{turns} full turns: give 1 to 10000", field="turns")
    section = "ch. III, Scenario Movement"
    metres = getattr(table.scenario_move_m, pace)
    steps = [Step(field="metres", text=f"{pace}: {metres} m in a full turn", source=section, value=metres)]
    if mounted:
        if pace in WALKING and not well_trained:
            steps.append(Step(field="metres", text="mounted at a walk: a horse that is not well trained does not "
                              "outpace a walking man", source=section, rulings=("RQ-95",), value=metres))
        else:
            metres *= table.scenario_move_m.mounted_times
            steps.append(Step(field="metres", text=f"mounted: × {table.scenario_move_m.mounted_times} = {metres} m",
                              source=section, rulings=("RQ-95",), value=metres))
    if turns != 1:
        metres *= turns
        steps.append(Step(field="metres", text=f"{turns} full turns: {metres} m", source=section, value=metres))
    return Distance(metres=metres, steps=tuple(steps))


def chase(table: MovementTable, *, move: int, kind: str) -> Distance:
    """Metres a melee round when fleeing or chasing, unhampered by melee, for a movement class.

    :raises RulesError: a movement class outside 1-99, or a kind of creature the rules do not name.
    """
    if not 1 <= move <= 99:
        raise RulesError(f"movement class {move}: give 1 to 99 (units of {table.metres_per_unit} m a round)", field="move")
    if kind not in KINDS:
        raise RulesError(f"kind {kind!r}: the rules name {', '.join(KINDS)}", field="kind")
    times = fraction(getattr(table.flight_times, kind))
    metres = Fraction(move * table.metres_per_unit) * times
    text = (f"movement {move} × {table.metres_per_unit} m = {move * table.metres_per_unit} m a round in melee; "
            f"{kind.replace('_', ' ')} unhampered × {times} = {number(metres)} m a round")
    step = Step(field="metres", text=text, source="ch. III, Flight/Chase/Unhampered Movement", value=str(number(metres)))
    return Distance(metres=number(metres), steps=(step,))
