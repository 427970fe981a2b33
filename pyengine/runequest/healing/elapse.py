"""Time passing over wounds: :func:`pass_time` (the clocks, then natural healing) and
:func:`count_down` (the clocks alone, as a melee round's bookkeeping runs them).

* The clocks, 2 full turns each (RQ-53): "If left unhealed within 2 full turns, he'll bleed to
  death" (abdomen); "He'll bleed to death in 2 full turns unless treated" (chest); "the character
  is unconscious and must be healed within 2 full turns, or die" (head); "Only a 6-point Healing
  spell or potion, applied within 2 full turns, will reknit the limb."
* "Natural Healing — without Healing spells or potions, a character recovers from wounds at the
  rate of 1 point per game week, in each wounded location" (RQ-92).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from pyengine.dice import Dice
from pyengine.runequest.healing.model import (
    DAMAGE_SECTION,
    DAYS_PER_WEEK,
    HEALING_SECTION,
    NATURAL_POINTS_PER_WEEK,
    Elapsed,
    Healed,
    HitPoints,
    Wounds,
)
from pyengine.runequest.healing.standing import condition_steps, settle, total_after_healing, words
from pyengine.runequest.vocabulary import LocationKey
from pyengine.working import Step


def pass_time(frame: HitPoints, wounds: Wounds, elapsed: Elapsed, dice: Dice | None = None) -> Healed:
    """``elapsed`` passes over ``wounds``: the clocks run first (an untreated bleeding wound kills
    long before a week of rest heals anything), then each wounded location heals 1 point a game
    week. ``dice`` is taken for the API's sake: nothing here is random yet."""
    steps = [Step(field="time", text=f"time passes: {elapsed}", source="ch. III, Time", value=elapsed.total_rounds)]
    after, clocks = count_down(frame, wounds, elapsed.total_rounds)
    steps.extend(clocks)
    if elapsed.total_days and after.condition != "dead":
        after, rest = natural_healing(frame, after, elapsed.total_days)
        steps.extend(rest)
    return Healed(wounds=after, steps=(*steps, *condition_steps(frame, wounds, after)))


def reknit_clocks(severed: Mapping[LocationKey, int], rounds: int) -> dict[LocationKey, int]:
    """The severed limbs' clocks after ``rounds``: at 0 the limb is severed for good."""
    return {k: max(v - rounds, 0) for k, v in severed.items()}


def count_down(frame: HitPoints, wounds: Wounds, rounds: int) -> tuple[Wounds, list[Step]]:
    """The 2-full-turn clocks after ``rounds`` melee rounds: he dies of a wound whose clock runs
    out; a severed limb not reknit in time stays severed."""
    if rounds <= 0 or wounds.condition == "dead":
        return wounds, []
    steps: list[Step] = []
    out = [k for k, left in wounds.bleeding.items() if left <= rounds]
    if out:
        where = ", ".join(words(k) for k in out)
        text = (f"bled to death from the {where} wound: 2 full turns untreated" if out != [LocationKey.HEAD]
                else "died: the head was not healed within 2 full turns")
        steps.append(Step(field="condition", text=text, source=DAMAGE_SECTION, rulings=("RQ-53",), value="dead"))
        return settle(frame, msgspec.structs.replace(wounds, condition="dead", bleeding={})), steps
    severed = reknit_clocks(wounds.severed, rounds)
    for key in severed:
        if severed[key] == 0 < wounds.severed[key]:
            steps.append(Step(field="severed", text=f"the {words(key)} is severed for good: 2 full turns passed without "
                              "a 6-point Healing", source=DAMAGE_SECTION, rulings=("RQ-53",), value=words(key)))
    bleeding = {k: v - rounds for k, v in wounds.bleeding.items()}
    return msgspec.structs.replace(wounds, bleeding=bleeding, severed=severed), steps


def natural_healing(frame: HitPoints, wounds: Wounds, days: int) -> tuple[Wounds, list[Step]]:
    """``days`` of rest: each wounded location counts them toward its next point, 1 a game week
    (7 days, RQ-92); a location with a weapon still in it heals nothing."""
    steps: list[Step] = []
    damage, resting = dict(wounds.wounds), dict(wounds.resting)
    cured_total = 0
    for key, had in wounds.wounds.items():
        if key in wounds.impaled:
            steps.append(Step(field="healing", text=f"a weapon is still in the {words(key)}: it does not heal",
                              source=HEALING_SECTION, rulings=("RQ-90", "RQ-92")))
            continue
        counted = resting.get(key, 0) + days
        cured = min(NATURAL_POINTS_PER_WEEK * (counted // DAYS_PER_WEEK), had)
        damage[key] = had - cured
        resting[key] = counted % DAYS_PER_WEEK
        cured_total += cured
        steps.append(Step(field="healing", text=f"{words(key)}: {cured} point{'s' if cured != 1 else ''} healed "
                          f"({had} → {had - cured}), 1 point per game week of rest", source=HEALING_SECTION,
                          rulings=("RQ-92",), value=had - cured))
    taken = total_after_healing(frame, wounds, damage, cured_total)
    if cured_total:
        steps.append(Step(field="hit_points", text=f"hit points {frame.hit_points - taken} of {frame.hit_points}",
                          source=HEALING_SECTION, rulings=("RQ-90",), value=frame.hit_points - taken))
    return settle(frame, msgspec.structs.replace(wounds, wounds=damage, resting=resting, damage_taken=taken)), steps
