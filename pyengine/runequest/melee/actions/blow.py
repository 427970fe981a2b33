"""A blow's harm landed on the bodies, once every blow of its instant is rolled (RQ-48).

The wound goes to the location the exchange found, after the simultaneous blows
before it; weapons and shields that took damage may break; an impaling weapon stays
in the wound (ch. IV, "Impaling") or, parried, in the shield ("Parrying an Impaling
Blow"). "If a character splits his attack and the second blow impales, he can make
only one attack in the next melee round" (RQ-50). What sticks when a bow, crossbow or sling
impales is its missile, never the launcher: an arrow or bolt, and nothing for a sling's stone (RQ-112,
rules edition 3).
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.combat.model import ExchangeResult, Parry
from pyengine.runequest.melee.clock import Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.model import Arm, InShield, Stuck
from pyengine.runequest.vocabulary import LOCATION_KEYS


def land(r: RoundContext, t: Timed, arm: Arm, parry: Parry | None, result: ExchangeResult, what: str,
         notes: list[str], nth: int) -> None:
    """Carries one exchange's harm into the bodies and logs the blow."""
    target = t.action.target
    notes = list(notes)
    if result.stuck is not None and _launcher(arm) and r.melee_rules.played_by >= 3:
        result = _missile_sticks(t.who, arm, result)
    wound = None
    if result.location is not None and result.location_damage > 0:
        wound = r.wound(target, LOCATION_KEYS[result.location], result.location_damage)
    for harm in result.weapon_harm:
        owner, name = (t.who, arm.name) if harm.whose == "attacker" else (target, parry.name if parry else "")
        if name:
            broke = r.weapon_harm(owner, name, harm.damage)
            if broke:
                notes.append(broke)
    if result.outcome == "killed":  # a totally helpless man killed outright (RQ-60)
        r.set(target, condition="dead")
    if result.stuck == "target" and result.location is not None:
        _stuck_in_him(r, t, arm, result, nth, notes)
    elif result.stuck == "shield" and parry is not None:
        tb = r.bodies[target]
        stuck_name, enc = (missile_of(arm), 0.0) if _launcher(arm) and r.melee_rules.played_by >= 3 else (arm.name, arm.weapon.enc)
        r.set(target, shield_stuck=(*tb.shield_stuck, InShield(shield=parry.name, owner=t.who, weapon=stuck_name,
                                                               enc=enc)))
        if not arm.missile:
            mb = r.bodies[t.who]
            r.set(t.who, gone=(*mb.gone, arm.name), in_hand=tuple(h for h in mb.in_hand if h != arm.name))
    outcome = result.headline
    if wound is not None and result.wound is not None and wound != result.wound:
        outcome += f" (after the simultaneous blow: {wound.hit_points_after} hit points left)"
    r.log(t, what, outcome, target=target, exchange=result, wound=wound, notes=tuple(notes), rolls=result.rolls)


#: The missile a launcher shoots, by its id in the tables ("" for a sling's stone: it sticks nowhere).
MISSILES = {"sling": "", "staff_sling": "", "light_crossbow": "bolt", "heavy_crossbow": "bolt", "arbalest": "bolt"}


def _launcher(arm: Arm) -> bool:
    """A bow, crossbow or sling: what it shoots is not the weapon itself."""
    return arm.weapon is not None and arm.weapon.kind == "projectile"


def missile_of(arm: Arm) -> str:
    """What of a launcher's shot sticks, as it is named in the fight (``"arrow (self bow)"``); ``""``: nothing
    (a sling's stone: "all missile weapons except thrown axes and rocks" impale, and a stone has no point to
    stick by, RQ-112)."""
    what = MISSILES.get(arm.ref, "bolt" if "crossbow" in arm.ref else "arrow")
    if not what or "sling" in arm.ref:
        return ""
    return f"{what} ({arm.name})"[:40]


def _missile_sticks(who: str, arm: Arm, result: ExchangeResult) -> ExchangeResult:
    """The exchange's word on what sticks, for a launcher: its missile, or nothing for a sling (RQ-112)."""
    missile = missile_of(arm)
    if not missile:
        effect = f"the {arm.name}'s stone sticks nowhere (RQ-112): the {arm.name} stays in {who}'s hands"
        stuck = None
    elif result.stuck == "target":
        effect = (f"the {missile} is stuck in the wound: not {who}'s to pull free, the one hit may pull it out "
                  f"(RQ-52); the {arm.name} stays in {who}'s hands (RQ-112)")
        stuck = result.stuck
    else:
        effect = (f"the {missile} sticks fast in the shield (ENC 0): the shield is unaffected (unless more than 5 "
                  f"such light weapons stick in it); the {arm.name} stays in {who}'s hands (RQ-112)")
        stuck = result.stuck
    working = tuple(msgspec.structs.replace(step, text=effect, rulings=(*step.rulings, "RQ-112"))
                    if step.text == result.stuck_effect else step for step in result.working)
    return msgspec.structs.replace(result, stuck=stuck, stuck_effect=effect, working=working)


def _stuck_in_him(r: RoundContext, t: Timed, arm: Arm, result: ExchangeResult, nth: int, notes: list[str]) -> None:
    target = t.action.target
    launcher = _launcher(arm) and r.melee_rules.played_by >= 3
    stuck = Stuck(
        owner=t.who,
        weapon=missile_of(arm) if launcher else arm.name,
        location=LOCATION_KEYS[result.location],
        impale_max=result.thresholds.impale_max,
        fumble_min=result.thresholds.fumble_min,
        damage=arm.weapon.damage,
        enc=0.0 if launcher else arm.weapon.enc,
        held=not arm.missile,
        missile=arm.missile,
    )
    tb = r.bodies[target]
    r.set(target, stuck_in=(*tb.stuck_in, stuck))
    if t.share > 1 and nth > 1:
        r.set(t.who, one_attack=True)
        notes.append(f"the second blow of a split attack impaled: {t.who} has only one attack next round")
