"""Wounds: what a blow's damage to one hit location does to the defender.

Seed ch. III, "Notes on Damage Results":

1. "Points Equaled or Exceeded in Any One Location": a leg is useless and he falls;
   the abdomen: both legs useless, he falls, bleeds to death in 2 full turns; the
   chest: he falls, can do nothing, bleeds to death in 2 full turns; an arm is
   useless and drops what it holds; the head: unconscious, healed within 2 full
   turns or he dies.
2. "a character can never take more than twice the possible points of damage in an
   arm or leg from a single blow. A 2-point arm hit for 5 points, for instance, only
   takes 4 points off the character's total Hit Points" — and "a character damaged
   this severely from a single blow is functionally incapacitated".
3. "A limb struck for 6 or more points beyond what it can hold in a single blow is
   severed or irrevocably maimed ... A head, chest, or abdomen hit for 6 or more
   points beyond its capacity is an instant death" (RQ-41).

And ch. II: total hit points 1-2, unconscious; 0 or less, dead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol

from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import Location, LocationKey
from pyengine.tables import Record
from pyengine.working import Step

LIMBS = frozenset({Location.RIGHT_ARM, Location.LEFT_ARM, Location.RIGHT_LEG, Location.LEFT_LEG})
ARMS = frozenset({Location.RIGHT_ARM, Location.LEFT_ARM})
LEGS = frozenset({Location.RIGHT_LEG, Location.LEFT_LEG})
#: "6 or more points beyond what it can hold".
SEVERING_EXCESS = 6

Condition = Literal["unhurt", "fighting", "incapacitated", "unconscious", "dead"]
#: Worst last.
CONDITIONS: tuple[Condition, ...] = ("unhurt", "fighting", "incapacitated", "unconscious", "dead")


class Wound(Record):
    """One blow's damage to one location, and what it does."""

    location: Location
    damage: int
    """Points that reached the location (after shield and armour)."""
    location_hp: int
    before: int
    """Damage the location had already taken in this fight."""
    after: int
    hp_loss: int
    """Points taken off total hit points: the damage, but never more than twice a limb's points."""
    capped: bool
    """A limb took more than twice its points: the rest has no effect on total hit points."""
    disabled: bool
    """The location is at or over its points."""
    severed: bool
    """A limb struck for 6 or more beyond what it could hold."""
    instant_death: bool
    """Head, chest or abdomen struck for 6 or more beyond what it could hold."""
    hit_points_before: int
    hit_points_after: int
    condition: Condition
    effects: tuple[str, ...]
    """What it does, in words, worst first."""


class Hurt(Protocol):
    """Wounds as a fight's body, a fighter's start or healing's state all hold them: damage by
    location, and the severed limbs with their reknitting clocks."""

    @property
    def wounds(self) -> Mapping[LocationKey, int]: ...

    @property
    def severed(self) -> Mapping[LocationKey, int]: ...


def useless_limb(locations: Mapping[LocationKey, int], hurt: Hurt, key: LocationKey, *, severed: bool = True) -> str:
    """Why the arm or leg ``key`` is out of use, or ``""``: "Points Equaled or Exceeded in Any One
    Location ... the limb is useless"; or severed and not reknit, whatever its wound now ("severed or
    irrevocably maimed": weeks of rest close the wound, never the limb, RQ-132). Every rule that asks
    whether a limb works asks this (a hand that holds, a leg he stands on, the words of his state).
    ``severed=False``: the wound alone, as fights played by the rounds' editions before 4 count it."""
    if severed and key in hurt.severed:
        return "severed for good" if hurt.severed[key] == 0 else "severed"
    if hurt.wounds.get(key, 0) >= locations[key]:
        return "useless"
    return ""


def worse(a: Condition, b: Condition) -> Condition:
    return a if CONDITIONS.index(a) >= CONDITIONS.index(b) else b


def apply_wound(
    location: Location,
    damage: int,
    *,
    location_hp: int,
    before: int = 0,
    hit_points: int,
    unconscious_at: int = 2,
    dead_at: int = 0,
    pronouns: Pronouns = THEY,
) -> Wound:
    """What ``damage`` points to ``location`` do; ``hit_points`` is the total left before the blow; the
    effects speak of him with ``pronouns`` (RQ-145)."""
    p = pronouns
    limb = location in LIMBS
    available = max(location_hp - before, 0)
    hp_loss = min(damage, 2 * location_hp) if limb else damage
    capped = limb and damage > 2 * location_hp
    after = before + damage
    disabled = damage > 0 and after >= location_hp
    beyond = damage > 0 and damage >= available + SEVERING_EXCESS
    severed = limb and beyond
    instant_death = not limb and beyond
    total_after = hit_points - hp_loss
    effects: list[str] = []
    condition: Condition = "unhurt" if damage <= 0 else "fighting"
    where = location.value
    if instant_death:
        effects.append(f"{where} struck for {damage}, 6 or more beyond the {available} it could hold: instant death")
        condition = "dead"
    if total_after <= dead_at:
        effects.append(f"total hit points {total_after}: dead")
        condition = "dead"
    elif total_after <= unconscious_at and damage > 0:
        effects.append(f"total hit points {total_after}: unconscious")
        condition = worse(condition, "unconscious")
    if severed:
        effects.append(
            f"{where} struck for {damage}, 6 or more beyond the {available} it could hold: severed or "
            "irrevocably maimed (only a 6-point Healing within 2 full turns reknits it)"
        )
        condition = worse(condition, "incapacitated")
    if capped:
        effects.append(
            f"{where} took more than twice its {location_hp} points: only {hp_loss} come off total hit points; "
            f"functionally incapacitated (may still heal {p.himself})"
        )
        condition = worse(condition, "incapacitated")
    if disabled and not instant_death:
        if location in LEGS:
            effects.append(f"{where} useless: {p.does('falls', 'fall')} and {p.verb('does', 'do')} nothing else this round; "
                           "may fight from the ground")
        elif location in ARMS:
            effects.append(f"{where} useless: anything not fastened to it is dropped")
        elif location is Location.ABDOMEN:
            effects.append(
                f"abdomen: both legs useless, {p.does('falls', 'fall')}; {p.verb('bleeds', 'bleed')} to death in 2 full "
                f"turns unless healed ({p.he} may heal {p.himself}, nothing else)"
            )
            condition = worse(condition, "incapacitated")
        elif location is Location.CHEST:
            effects.append(
                f"chest: {p.does('falls', 'fall')}, coughing blood, and can do nothing, not even heal {p.himself}; "
                f"{p.verb('bleeds', 'bleed')} to death in 2 full turns unless treated"
            )
            condition = worse(condition, "incapacitated")
        elif location is Location.HEAD:
            effects.append(f"head: unconscious; must be healed within 2 full turns or {p.does('dies', 'die')}")
            condition = worse(condition, "unconscious")
    return Wound(
        location=location,
        damage=damage,
        location_hp=location_hp,
        before=before,
        after=after,
        hp_loss=hp_loss,
        capped=capped,
        disabled=disabled,
        severed=severed,
        instant_death=instant_death,
        hit_points_before=hit_points,
        hit_points_after=total_after,
        condition=condition,
        effects=tuple(effects),
    )


def wound_steps(wound: Wound) -> list[Step]:
    """The working of a wound: what it does, or the points taken and the hit points left."""
    effects = wound.effects or ((f"no damage to the {wound.location.value}",) if wound.damage <= 0 else ())
    steps = [Step(field="wound", text=e, source="ch. III, Notes on Damage Results", rulings=("RQ-41",)) for e in effects]
    if wound.damage > 0 and not wound.effects:
        steps.append(Step(
            field="wound",
            text=f"{wound.damage} to the {wound.location.value} ({wound.after} of its {wound.location_hp}); "
            f"total hit points {wound.hit_points_before} → {wound.hit_points_after}",
            source="ch. III, Hit Points",
            value=wound.hit_points_after,
        ))
    return steps
