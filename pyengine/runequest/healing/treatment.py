"""Healing spells and potions: :func:`heal` (seed ch. III, "Healing Damage to a Hit Location").

* "Healing Spell — a Healing spell affects only one particular location, the healer's choice.
  A 2-point Healing spell is necessary just to stop bleeding. As noted above, a full 6-point
  Healing spell is necessary to replace a severed or maimed limb."
* "Healing Potion — a salve or other externally-applied item treats only the specific location
  it's applied to. A potion taken internally instead goes randomly to whatever areas are damaged
  (if there's more than one), healing what needs healing until its points run out."
* "Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb."
* ch. IV: "The impaled character cannot be Healed until the weapon is withdrawn. A Healing 2
  spell, or some other form of first aid, can stop the bleeding without withdrawing the weapon,
  but no points will actually be healed until the weapon comes out."

A salve and the points of a potion that reach a location do there what a Healing spell of as
many points does (RQ-90); a potion taken internally picks among the hurt locations with a die
(RQ-91).
"""

from __future__ import annotations

import msgspec

from pyengine.dice import Dice, RollLog, ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.healing.model import (
    HEALING_SECTION,
    REKNITS,
    STOPS_BLEEDING,
    Healed,
    Healing,
    HitPoints,
    Wounds,
)
from pyengine.runequest.healing.standing import condition_steps, settle, total_after_healing, words
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, LocationKey
from pyengine.working import Step

WHAT = {"spell": "Healing {n}", "salve": "a salve of {n}", "potion": "a potion of {n}"}


def heal(frame: HitPoints, wounds: Wounds, healing: Healing, dice: Dice | None = None, pronouns: Pronouns = THEY) -> Healed:
    """``healing`` given to someone wounded so: the new wounds, the working and the dice rolled
    (only a potion taken internally rolls, and only when more than one location is hurt); the
    working speaks of him with ``pronouns`` (his record's, RQ-145).

    :raises RulesError: a spell or salve without a location, or a potion given one.
    :raises NoRollLeft: the dice ran out (the die needed is named).
    """
    what = WHAT[healing.how].format(n=healing.points)
    if healing.how == "potion" and healing.location is not None:
        raise RulesError(f"{what}: a potion taken internally goes where the dice send it, not to the "
                         f"{words(healing.location)} (apply it as a salve to treat one location)", field="location")
    if healing.how != "potion" and healing.location is None:
        raise RulesError(f"{what}: which location? It treats only the one it is given to", field="location")
    if wounds.condition == "dead":
        return Healed(wounds=wounds, steps=(step(f"{what}: {pronouns.he_is} dead, and the dead are not healed"),))
    log = RollLog(dice if dice is not None else ScriptedDice([]), within="the healing")
    if healing.location is not None:
        after, steps = on_location(frame, wounds, healing.location, healing.points, what)
    else:
        after, steps = potion(frame, wounds, healing.points, log)
    after = settle(frame, after)
    return Healed(wounds=after, steps=(*steps, *condition_steps(frame, wounds, after)), rolls=tuple(log.made))


def step(text: str, *, rulings: tuple[str, ...] = ("RQ-90",), value: int | str | None = None) -> Step:
    return Step(field="healing", text=text, source=HEALING_SECTION, rulings=rulings, value=value)


def on_location(frame: HitPoints, wounds: Wounds, key: LocationKey, points: int, what: str) -> tuple[Wounds, list[Step]]:
    """``points`` of Healing on one location: its bleeding, a severed limb, then its damage."""
    where = words(key)
    steps: list[Step] = []
    bleeding, severed = dict(wounds.bleeding), dict(wounds.severed)
    if key in bleeding:
        if points >= STOPS_BLEEDING:
            del bleeding[key]
            steps.append(step(f"{what}: the {where} stops bleeding (2 points or more stop it)", rulings=("RQ-53",)))
        else:
            steps.append(step(f"{what}: 2 are needed to stop the bleeding of the {where}", rulings=("RQ-53",)))
    if key in wounds.impaled:
        steps.append(step(f"a weapon is still in the {where}: no points heal until it is withdrawn"))
        return msgspec.structs.replace(wounds, bleeding=bleeding), steps
    if key in severed:
        if severed[key] == 0:
            steps.append(step(f"the {where} was severed more than 2 full turns ago: too late to reknit; "
                              "the points heal the wound only", rulings=("RQ-53",)))
        elif points >= REKNITS:
            del severed[key]
            steps.append(step(f"{what} reknits the severed {where} (6 points within 2 full turns)", rulings=("RQ-53",)))
        else:
            steps.append(step(f"the severed {where} needs 6 points at once to reknit; these {points} heal the wound only",
                              rulings=("RQ-53",)))
    had = wounds.wounds.get(key, 0)
    cured = min(points, had)
    damage = {**wounds.wounds, key: had - cured}
    taken = total_after_healing(frame, wounds, damage, cured)
    steps.append(step(f"{cured} point{'s' if cured != 1 else ''} healed on the {where} ({had} → {had - cured}); "
                      f"hit points {frame.hit_points - taken} of {frame.hit_points}", value=had - cured))
    if taken != max(wounds.damage_taken - cured, 0):
        steps.append(step(f"{wounds.damage_taken - taken} of them off the total: the rest never counted "
                          "(more than twice the limb's points in one blow)"))
    return msgspec.structs.replace(wounds, wounds=damage, damage_taken=taken, bleeding=bleeding, severed=severed), steps


def needs(wounds: Wounds, key: LocationKey) -> int:
    """What a location needs of a potion's points: its damage, and at least 6 for a severed limb
    that can still be reknit (RQ-91)."""
    need = wounds.wounds.get(key, 0)
    if wounds.severed.get(key, 0) > 0:
        need = max(need, REKNITS)
    return need


def potion(frame: HitPoints, wounds: Wounds, points: int, log: RollLog) -> tuple[Wounds, list[Step]]:
    """A potion taken internally: a die among the hurt locations (in the sheet's order) picks where
    its points go, each taking what it needs, until they run out (RQ-91)."""
    steps: list[Step] = []
    order = [LOCATION_KEYS[loc] for loc in SHEET_ORDER]
    hurt = [k for k in order if needs(wounds, k) > 0 and k not in wounds.impaled]
    left = points
    while left and hurt:
        if len(hurt) == 1:
            key = hurt[0]
            chosen = f"only the {words(key)} is hurt"
        else:
            n = len(hurt)
            roll = log.d(n, f"healing potion: which of the {n} hurt locations")
            key = hurt[roll - 1]
            chosen = f"D{n} among {', '.join(words(k) for k in hurt)} rolled {roll}: the {words(key)}"
        given = min(left, needs(wounds, key))
        steps.append(step(f"potion: {chosen} takes {given} of its {left} point{'s' if left != 1 else ''}",
                          rulings=("RQ-91",), value=given))
        wounds, more = on_location(frame, wounds, key, given, f"{given} of the potion's points")
        steps.extend(more)
        left -= given
        hurt.remove(key)
    if left:
        steps.append(step(f"potion: {left} point{'s' if left != 1 else ''} left over: nothing else it can heal",
                          rulings=("RQ-91",)))
    return wounds, steps
