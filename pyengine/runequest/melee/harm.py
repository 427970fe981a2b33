"""What harm does to a combatant's body and his weapons, as new values (seed ch. III-IV).

Pure functions of a combatant and his body: :class:`~.context.RoundContext` applies
what they return. A wound follows ch. III, "Hit Locations": a leg, the abdomen or the
chest disabled and "he must fall, doing nothing else that round"; the abdomen, chest or
head disabled and he bleeds (RQ-53); an arm disabled and he drops what it held, and an arm
disabled or severed and not reknit holds nothing he can use (:func:`useless_hand`, RQ-132). A
weapon or shield that takes more than its hit points breaks (ch. IV, "Weapon Damage
Absorption"). Weapons stuck in a shield ("Parrying an Impaling Blow"): one of ENC 2 or
more makes it useless, of ENC 1 halves it, lighter ones only once more than 5 are stuck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pyengine.runequest.combat.wounds import Hurt, Wound, apply_wound, useless_limb, worse
from pyengine.runequest.melee.model import BLEED_OUT_ROUNDS, Arm, Body, Combatant, InShield
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, Location, LocationKey

ARM_OF_HAND = {"right": "right_arm", "left": "left_arm"}
#: "more than 5 such light weapons accumulate stuck in it".
LIGHT_WEAPONS_ALLOWED = 5


def useless_hand(c: Combatant, body: Body, arm: Arm, *, severed: bool = True) -> str:
    """Why the hand(s) ``arm`` needs cannot hold it (an arm disabled, or severed and not reknit), or
    ``""``: the one answer to whether he can hold, ready, attack or parry with ``arm`` for his arms'
    sake (:meth:`.context.RoundContext.useless_hand`, ``unusable``). ``severed=False``: a fight played by
    the rounds' editions before 4, where only the wound counted."""
    return hand_useless(c.locations, body, arm, severed=severed)


def hand_useless(locations: Mapping[LocationKey, int], hurt: Hurt, arm: Arm, *, severed: bool = True) -> str:
    """:func:`useless_hand` for wounds as a :class:`~.model.Start` holds them too (a fighter coming into the
    fight holds nothing in such a hand, RQ-133)."""
    sides = ("right", "left") if arm.hands == "both" else (arm.hands,)
    for side in sides:
        why = useless_limb(locations, hurt, LocationKey(ARM_OF_HAND[side]), severed=severed)
        if why:
            return f"the {side} arm is useless" + (f": {why}" if why != "useless" else "")
    return ""


def shield_effect(stuck: list[InShield]) -> Literal["useless", "half", ""]:
    """What the weapons stuck in one shield do to it."""
    if any(s.enc >= 2 for s in stuck):
        return "useless"
    if any(s.enc >= 1 for s in stuck) or len(stuck) > LIGHT_WEAPONS_ALLOWED:
        return "half"
    return ""


def wound(c: Combatant, body: Body, key: str, damage: int, pronouns: Pronouns = THEY) -> tuple[Wound, dict[str, Any], bool]:
    """``damage`` points (past any armour) to location ``key``: the wound, the changes to his body,
    and whether he falls this round (``pronouns``: his, for the wound's words, RQ-145)."""
    w = apply_wound(
        LOCATION_BY_KEY[key],
        damage,
        location_hp=c.locations[key],
        before=body.wounds.get(key, 0),
        hit_points=c.hit_points - body.damage_taken,
        pronouns=pronouns,
    )
    wounds = dict(body.wounds)
    wounds[key] = min(w.after, 999)
    changes: dict[str, Any] = dict(
        wounds=wounds,
        damage_taken=min(body.damage_taken + w.hp_loss, 999),
        condition=worse(body.condition, w.condition),
        maimed=body.maimed or w.capped or w.severed,
    )
    falls = False
    if w.disabled and w.condition != "dead":
        loc = w.location
        if loc in (Location.RIGHT_LEG, Location.LEFT_LEG, Location.ABDOMEN, Location.CHEST):
            falls = not body.on_ground
            changes["on_ground"] = True
        if loc in (Location.ABDOMEN, Location.CHEST, Location.HEAD):
            bleeding = dict(body.bleeding)
            bleeding.setdefault(key, BLEED_OUT_ROUNDS)
            changes["bleeding"] = bleeding
        if loc in (Location.RIGHT_ARM, Location.LEFT_ARM):
            side = "right" if loc is Location.RIGHT_ARM else "left"
            dropped = []
            for held in body.in_hand:
                arm = c.arm(held)
                if arm is not None and arm.hands in (side, "both") and (arm.parry is None or arm.parry.kind != "shield"):
                    dropped.append(held)
            changes["in_hand"] = tuple(h for h in body.in_hand if h not in dropped)
    if w.severed:
        changes["severed"] = {**body.severed, key: body.severed.get(key, BLEED_OUT_ROUNDS)}
    if changes["condition"] == "dead":
        changes["bleeding"] = {}
        changes["severed"] = {}
    return w, changes, falls


def weapon_harm(c: Combatant, body: Body, arm_name: str, damage: int) -> tuple[dict[str, Any], str]:
    """``damage`` points to a weapon or shield: the changes to his body, and how it broke (or ``""``)."""
    arm = c.arm(arm_name)
    total = body.weapon_damage.get(arm_name, 0) + damage
    harmed = dict(body.weapon_damage)
    harmed[arm_name] = min(total, 999)
    hp = None
    if arm is not None:
        hp = arm.parry.hp if arm.parry is not None and arm.parry.hp else (arm.weapon.hp if arm.weapon else None)
    if hp is not None and total > hp and arm_name not in body.broken:
        changes = dict(weapon_damage=harmed, broken=(*body.broken, arm_name),
                       in_hand=tuple(h for h in body.in_hand if h != arm_name))
        return changes, f"{c.name}'s {arm_name} breaks ({total} damage, more than its {hp})"
    return dict(weapon_damage=harmed), ""
