"""The list of injuries kept in step with the wounds: :func:`settled`.

Healing works on each location's damage (:mod:`pyengine.runequest.healing`); the list says which
wounds those points are. "Natural Healing — ... a character recovers from wounds at the rate of
1 point per game week, in each wounded location"; "a Healing spell affects only one particular
location": the seed heals locations, never says which of a location's wounds. The points healed
at a location come off its injuries oldest first, and an injury healed to nothing leaves the list
(RQ-100). A weapon pulled out of a location leaves its injuries there.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from pyengine.runequest.campaign.current import MAX_INJURIES, ORDER, Injury
from pyengine.runequest.healing.model import Wounds
from pyengine.working import Step

#: What an injury the record cannot account for is said to be (damage with no entry behind it).
UNRECORDED = "wounds not in any record"


def words(key: str) -> str:
    return key.replace("_", " ")


def described(injury: Injury) -> str:
    """``2 points to the chest (Broo attacks Rurik with the war hammer; Ambush, round 3)``."""
    when = []
    if injury.cause:
        when.append(injury.cause)
    if injury.fight:
        when.append(injury.fight + (f", round {injury.round}" if injury.round else ""))
    if injury.stuck is not None:
        whose = f"{injury.stuck.owner}'s " if injury.stuck.owner else ""
        when.append(f"{whose}{injury.stuck.weapon} still in it")
    points = f"{injury.points} point{'s' if injury.points != 1 else ''}"
    return f"{points} to the {words(injury.location)}" + (f" ({'; '.join(when)})" if when else "")


def settled(injuries: Sequence[Injury], wounds: Wounds, *, cause: str = UNRECORDED) -> tuple[tuple[Injury, ...], list[Step]]:
    """``injuries`` (oldest first) brought in line with ``wounds``: at each location, points healed
    come off the oldest injuries first (RQ-100); damage no injury accounts for becomes one injury
    (``cause``); a location no longer impaled keeps no stuck weapon. The steps say which healed."""
    steps: list[Step] = []
    impaled = set(wounds.impaled)
    excess = {key: -wounds.wounds.get(key, 0) for key in ORDER}
    for injury in injuries:
        excess[injury.location] += injury.points
    out: list[Injury] = []
    for injury in injuries:
        key = injury.location
        if excess[key] > 0:
            cured = min(excess[key], injury.points)
            excess[key] -= cured
            if cured == injury.points:
                steps.append(_step(f"healed: {described(injury)}"))
                continue
            injury = msgspec.structs.replace(injury, points=injury.points - cured)
        if injury.stuck is not None and key not in impaled:
            injury = msgspec.structs.replace(injury, stuck=None)
        out.append(injury)
    out.extend(Injury(location=key, points=-excess[key], cause=cause[:200]) for key in ORDER if excess[key] < 0)
    return trimmed(out), steps


def trimmed(injuries: Sequence[Injury]) -> tuple[Injury, ...]:
    """At most :data:`MAX_INJURIES`: past it, a location's two oldest become one (their points
    together), so the points still add up."""
    out = list(injuries)
    while len(out) > MAX_INJURIES:
        for key in ORDER:
            at = [n for n, i in enumerate(out) if i.location == key]
            if len(at) >= 2:
                first, second = out[at[0]], out[at[1]]
                out[at[1]] = msgspec.structs.replace(second, points=min(first.points + second.points, 999),
                                                     cause="earlier wounds")
                del out[at[0]]
                break
    return tuple(out)


def _step(text: str) -> Step:
    return Step(field="injuries", text=text, source="ch. III, Healing Damage to a Hit Location", rulings=("RQ-100",))
