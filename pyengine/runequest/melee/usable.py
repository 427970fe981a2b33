"""Whether an arm can be used now, and whether a foe can be struck at: the round's own answers, in words.

Pure functions of the fight and everyone's bodies. The round asks them as each action comes
(:class:`~.context.RoundContext`, the blow and the readying handlers), and a statement's row asks
them before the round (:mod:`.foresee`), so what the row says is what the round will do. An arm
cannot be used once it is broken, out of his reach, stuck in a foe ("the weapon remains stuck in the
target and is jerked out of the attacker's hands") or needs a hand whose arm is useless ("Arm — the
limb is useless, and anything not fastened to it is dropped", :func:`~.harm.useless_hand`). A parry
needs the arm in his hand, and a shield with a weapon of ENC 2 or more stuck in it "is completely
useless". A blow at a foe already dead is aborted (RQ-49). A missile weapon whose missiles are counted
looses no more than are left (RQ-140).
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.runequest.melee import harm
from pyengine.runequest.melee.model import Arm, Body, Fight


def unusable(fight: Fight, bodies: Mapping[str, Body], name: str, arm: Arm, *, severed: bool = True) -> str:
    """Why ``name``'s ``arm`` cannot be used now, or ``""``. ``severed=False``: a fight played by the
    rounds' editions before 4, where a severed arm counted by its wound alone (RQ-132)."""
    body = bodies[name]
    if arm.name in body.broken:
        return f"the {arm.name} is broken"
    if arm.name in body.gone:
        return f"the {arm.name} is out of {name}'s reach"
    for holder, other in bodies.items():
        if any(s.owner == name and s.weapon == arm.name and not s.missile for s in other.stuck_in):
            return f"the {arm.name} is stuck in {holder}"
    me = fight.combatant(name)
    assert me is not None
    return harm.useless_hand(me, body, arm, severed=severed)


def parry_refused(fight: Fight, bodies: Mapping[str, Body], name: str, arm: Arm, *, severed: bool = True) -> str:
    """Why ``name`` cannot parry with ``arm`` now (the round's note on the blow), or ``""``."""
    body = bodies[name]
    why = unusable(fight, bodies, name, arm, severed=severed)
    if not why and arm.name not in body.in_hand and not arm.body_weapon:
        why = f"the {arm.name} is not in {name}'s hand"
    if why:
        return f"{name} cannot parry with the {arm.name}: {why}"
    if harm.shield_effect([s for s in body.shield_stuck if s.shield == arm.name]) == "useless":
        return f"{name}'s {arm.name} is useless: a weapon of ENC 2 or more is stuck in it"
    return ""


def target_dead(bodies: Mapping[str, Body], target: str) -> str:
    """Why a blow or shot at ``target`` is aborted (he is already dead, RQ-49), or ``""``."""
    body = bodies.get(target)
    return f"{target} is already dead" if body is not None and body.condition == "dead" else ""


def helpless(bodies: Mapping[str, Body], name: str) -> bool:
    """``name`` is on the ground, unconscious, incapacitated or held immobilised (RQ-49)."""
    body = bodies[name]
    return body.on_ground or body.condition in ("unconscious", "incapacitated") or any(
        h.on == name and h.immobilised for b in bodies.values() for h in b.holds
    )


def missiles_short(body: Body, arm: Arm, shots: int = 1) -> str:
    """Why ``arm`` cannot loose ``shots`` missiles: fewer are left of those counted (RQ-140), or ``""``."""
    if arm.name not in body.missiles or body.missiles[arm.name] >= shots:
        return ""
    left, what = body.missiles[arm.name], missile_word(arm)
    if not left:
        return f"no {what}s left for the {arm.name}"
    return f"only {left} {what}{'s' if left > 1 else ''} left for the {arm.name}"


def missile_word(arm: Arm) -> str:
    """What one shot of a missile arm looses, as a player counts them: arrow, bolt, stone, or the thrown weapon."""
    ref = arm.ref
    if ref in ("sling", "staff_sling"):
        return "stone"
    if "crossbow" in ref or ref == "arbalest":
        return "bolt"
    if "bow" in ref:
        return "arrow"
    return arm.name if arm.weapon is not None and arm.weapon.kind == "thrown" else "missile"


def totally_helpless(target: str) -> str:
    """The round's note on a blow at an unconscious foe (RQ-60, RQ-49)."""
    return f"{target} is unconscious: totally helpless, killed outright unless the blow fumbles (RQ-60)"
