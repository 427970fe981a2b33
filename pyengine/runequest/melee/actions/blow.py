"""A blow's harm landed on the bodies, once every blow of its instant is rolled (RQ-48).

The wound goes to the location the exchange found, after the simultaneous blows
before it; weapons and shields that took damage may break; an impaling weapon stays
in the wound (ch. IV, "Impaling") or, parried, in the shield ("Parrying an Impaling
Blow"). "If a character splits his attack and the second blow impales, he can make
only one attack in the next melee round" (RQ-50).
"""

from __future__ import annotations

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
        r.set(target, shield_stuck=(*tb.shield_stuck, InShield(shield=parry.name, owner=t.who, weapon=arm.name,
                                                               enc=arm.weapon.enc)))
        if not arm.missile:
            mb = r.bodies[t.who]
            r.set(t.who, gone=(*mb.gone, arm.name), in_hand=tuple(h for h in mb.in_hand if h != arm.name))
    outcome = result.headline
    if wound is not None and result.wound is not None and wound != result.wound:
        outcome += f" (after the simultaneous blow: {wound.hit_points_after} hit points left)"
    r.log(t, what, outcome, target=target, exchange=result, wound=wound, notes=tuple(notes), rolls=result.rolls)


def _stuck_in_him(r: RoundContext, t: Timed, arm: Arm, result: ExchangeResult, nth: int, notes: list[str]) -> None:
    target = t.action.target
    stuck = Stuck(
        owner=t.who,
        weapon=arm.name,
        location=LOCATION_KEYS[result.location],
        impale_max=result.thresholds.impale_max,
        fumble_min=result.thresholds.fumble_min,
        damage=arm.weapon.damage,
        enc=arm.weapon.enc,
        held=not arm.missile,
        missile=arm.missile,
    )
    tb = r.bodies[target]
    r.set(target, stuck_in=(*tb.stuck_in, stuck))
    if t.share > 1 and nth > 1:
        r.set(t.who, one_attack=True)
        notes.append(f"the second blow of a split attack impaled: {t.who} has only one attack next round")
