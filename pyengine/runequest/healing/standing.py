"""What his wounds leave him able to do, worked out again after every change (seed ch. II,
"Hit Points"; ch. III, "Notes on Damage Results"; RQ-41, RQ-90, RQ-93).

"If a character's Hit Points fall to 2 or 1, he's unconscious; at 0 or less, he's dead." A
disabled head leaves him unconscious; a disabled chest or abdomen, or a maimed limb not yet
healed below its points, incapacitated. The dead stay dead. A limb severed and not reknit stays
useless whatever its wound, and leaves him "fighting", never "unhurt" (RQ-132).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from pyengine.runequest.combat.wounds import LIMBS, Condition, useless_limb
from pyengine.runequest.healing.model import DAMAGE_SECTION, HitPoints, Wounds
from pyengine.runequest.reading import at_rest
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, LOCATION_KEYS, SHEET_ORDER, LocationKey
from pyengine.working import Step

#: "If a character's Hit Points fall to 2 or 1, he's unconscious; at 0 or less, he's dead."
UNCONSCIOUS_AT, DEAD_AT = 2, 0
#: His arms and legs, in the sheet's order.
LIMB_KEYS = tuple(LOCATION_KEYS[loc] for loc in SHEET_ORDER if loc in LIMBS)


def words(key: str) -> str:
    """``right_arm`` -> ``right arm``."""
    return key.replace("_", " ")


def disabled(frame: HitPoints, damage: Mapping[LocationKey, int], key: LocationKey) -> bool:
    """"Points Equaled or Exceeded in Any One Location"."""
    return damage.get(key, 0) > 0 and damage.get(key, 0) >= frame.locations[key]


def condition_of(frame: HitPoints, wounds: Wounds) -> Condition:
    """His condition from his wounds as they stand."""
    if wounds.condition == "dead":
        return "dead"
    left = frame.hit_points - wounds.damage_taken
    if left <= DEAD_AT:
        return "dead"
    if left <= UNCONSCIOUS_AT or disabled(frame, wounds.wounds, LocationKey.HEAD):
        return "unconscious"
    if wounds.maimed or any(disabled(frame, wounds.wounds, k) for k in (LocationKey.CHEST, LocationKey.ABDOMEN)):
        return "incapacitated"
    if wounds.damage_taken or any(wounds.wounds.values()) or wounds.severed:
        # a limb severed and not reknit is never "unhurt", its wound healed or not: he "continues to
        # stand and fight with whatever limbs are left to him" (RQ-132)
        return "fighting"
    return "unhurt"


def useless_limbs(frame: HitPoints, wounds: Wounds) -> tuple[LocationKey, ...]:
    """His arms and legs out of use, in the sheet's order: at or over their points, or severed and not
    reknit (:func:`~pyengine.runequest.combat.wounds.useless_limb`, RQ-132)."""
    return tuple(k for k in LIMB_KEYS if useless_limb(frame.locations, wounds, k))


def severed_words(frame: HitPoints, wounds: Wounds, *, only_severed: bool = False) -> list[str]:
    """``left arm useless: severed for good``, one a useless limb (``only_severed``: the severed ones alone)."""
    said = []
    for key in useless_limbs(frame, wounds):
        why = useless_limb(frame.locations, wounds, key)
        if only_severed and why == "useless":
            continue
        if why == "severed":
            why = f"severed (6 points of Healing within {wounds.severed[key]} rounds reknit it)"
        said.append(f"{words(key)} useless" + (f": {why}" if why != "useless" else ""))
    return said


def condition_words(frame: HitPoints, wounds: Wounds) -> str:
    """His condition, and each limb out of use and why: ``fighting; left arm useless: severed for good``."""
    return "; ".join((wounds.condition, *severed_words(frame, wounds)))


def counted(frame: HitPoints, damage: Mapping[LocationKey, int]) -> int:
    """What these wounds count against the total at most: "a character can never take more than
    twice the possible points of damage in an arm or leg from a single blow"."""
    return sum(min(d, 2 * frame.locations[k]) if LOCATION_BY_KEY[k] in LIMBS else d for k, d in damage.items())


def total_after_healing(frame: HitPoints, wounds: Wounds, damage: Mapping[LocationKey, int], cured: int) -> int:
    """The damage off his total once ``cured`` points have healed and the locations stand at
    ``damage``: the points come off the total too, but points that never counted (beyond twice a
    limb's points) heal first, so the total never falls below what is left would count (RQ-90)."""
    return max(0, min(wounds.damage_taken, max(wounds.damage_taken - cured, counted(frame, damage))))


def settle(frame: HitPoints, wounds: Wounds) -> Wounds:
    """The state tidied after a change: no empty entries, a maimed limb healed below its points no
    longer keeping him from fighting (RQ-93), rest counted only for wounded locations, the dead
    bleeding and waiting on no clock, and the condition worked out again."""
    damage = {k: v for k, v in wounds.wounds.items() if v > 0}
    tidy = msgspec.structs.replace(
        wounds,
        wounds=damage,
        maimed=tuple(k for k in wounds.maimed if damage.get(k, 0) >= frame.locations[k]),
        resting={k: v for k, v in wounds.resting.items() if k in damage},
    )
    condition = condition_of(frame, tidy)
    if condition == "dead":
        return msgspec.structs.replace(tidy, condition=condition, bleeding={}, severed={})
    return msgspec.structs.replace(tidy, condition=condition)


def condition_steps(frame: HitPoints, before: Wounds, after: Wounds) -> list[Step]:
    """A step when the condition changed, with the hit points he has left."""
    if before.condition == after.condition:
        return []
    left = frame.hit_points - after.damage_taken
    severed = severed_words(frame, after, only_severed=True)
    # these steps are the sheet's (by hand, healing, time, a fight written back): words at rest
    text = f"{at_rest(before.condition)} → {at_rest(after.condition)} ({left} of {frame.hit_points} hit points)"
    return [Step(field="condition", text="; ".join((text, *severed)), source=DAMAGE_SECTION,
                 rulings=("RQ-41", "RQ-93", *(("RQ-132",) if severed else ())), value=after.condition)]
