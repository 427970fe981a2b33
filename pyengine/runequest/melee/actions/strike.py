"""A melee blow and a missile shot (seed ch. III-IV): one exchange each, harm landed after the instant.

Timing (ch. III, "The Melee Round"): a blow costs its weapon's strike rank, counted
from what went before it (RQ-44) but for the movement that brought two fighters to meet,
+5 first if the weapon is not in hand; a second weapon's blow comes at the first's strike
rank plus its own ("If the two strike ranks together add up to more than 12, then neither
can attack that round at all"); a split attack's second blow 5 after the first (RQ-50).
With the optional rule, a blow at a foe he was engaged with last round comes at DEX SR
alone (RQ-81). A missile costs DEX SR, +5 first if it is not prepared; a slow one then
waits its rounds (RQ-55), a thrown one is gone. A split may be unequal, each share 50%
or more (RQ-78); a weapon picked up in the melee strikes at half (RQ-73); a shot at a
target who states he dodges is halved once more (RQ-76).

Each blow is one exchange (:func:`~pyengine.runequest.combat.exchange.resolve_in`), rolled
through a part of the round's log so each roll is kept once; what it does to the target
(wound, weapons harmed, a weapon stuck) is landed by :mod:`.blow` once every blow of the
same instant is rolled (RQ-48).
"""

from __future__ import annotations

import math

import msgspec

from pyengine.runequest.combat.chance import THROWN_LIMIT_M
from pyengine.runequest.combat.d100 import succeeds
from pyengine.runequest.combat.exchange import resolve_in
from pyengine.runequest.combat.model import Attack, Defence
from pyengine.runequest.melee.actions import blow
from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.hands import in_hand_with
from pyengine.runequest.melee.model import Arm
from pyengine.runequest.melee.statement import Shoot, Strike
from pyengine.runequest.melee.usable import missiles_short, target_dead, totally_helpless
from pyengine.runequest.pronouns import THEY, Pronouns

#: Rounds a slow missile waits before it can shoot again (RQ-55).
RELOAD_ROUNDS = {"1/2R": 1, "1/3R": 2, "1/5R": 4}
#: "Long range is between the limit of medium range and a distance of about twice effective range."
LONG_RANGE = 2


def act(r: RoundContext, t: Timed) -> None:
    action = t.action
    shot = type(action) is Shoot
    me, body = r.combatant(t.who), r.bodies[t.who]
    arm = me.arm(action.arm)
    assert arm is not None and arm.weapon is not None and arm.attack is not None
    what = describe(t.who, action)
    tbody = r.bodies[action.target]
    dead = target_dead(r.bodies, action.target)
    if dead:
        return r.skip(t, what, f"aborted: {dead} (RQ-49)")
    why = r.unusable(t.who, arm) or (f"{short} (RQ-140)" if shot and (short := missiles_short(body, arm)) else "")
    if why:
        return r.skip(t, what, f"aborted: {why}")
    if arm.name not in body.in_hand and not arm.body_weapon and r.melee_rules.played_by >= 2:
        # drawn (its 5 counted in its strike rank): in his hand from now on, what clashes with it set
        # down (RQ-71); fights of the rules' first edition put it away again, and replay so
        body = r.set(t.who, in_hand=in_hand_with(me, body.in_hand, arm))
    nth = r.blows.get((t.who, arm.name), 0) + 1
    r.blows[(t.who, arm.name)] = nth
    chance, notes = _split(t, arm.attack, r.p(t.who))
    situation = {}
    if shot:
        dodging = r.dodging(action.target)
        if dodging and not action.dodging:
            notes.append(f"{action.target} is dodging ({r.p(action.target).his} own statement): a further half (RQ-76)")
        situation = dict(distance=action.distance, target_crossing=action.crossing,
                         target_dodging=action.dodging or dodging)
    # An unconscious man is totally helpless: killed outright unless the attacker fumbles (RQ-60,
    # RQ-49); a dodging one is not (he is not unconscious: an unconscious man states nothing).
    totally = tbody.condition == "unconscious" and not situation.get("target_dodging")
    if totally and r.melee_rules.played_by < 2:  # an older link: +20% only, its events as they were
        totally = False
    elif totally:
        notes.append(totally_helpless(action.target))
    unfamiliar = arm.name in body.unfamiliar
    if unfamiliar:
        notes.append(f"the {arm.name} was picked up in this melee: half effectiveness (RQ-73)")
    attack = Attack(weapon=arm.weapon, chance=chance, name=me.name, damage_bonus=me.damage_bonus,
                    weapon_damage=body.weapon_damage.get(arm.name, 0), target_helpless=r.helpless(action.target),
                    target_totally_helpless=totally,
                    on_ground=body.on_ground, off_hand=arm.hands == "left", unfamiliar=unfamiliar,
                    skill=arm.attack, **situation)
    share, share_note = r.defense_share(action.target, t.who)
    if share_note:
        notes.append(share_note)
    parry, _k, parry_note = r.parry_for(action.target, t.who, arm.missile)
    if parry_note:
        notes.append(parry_note)
    target = r.combatant(action.target)
    defence = Defence(hit_points=target.hit_points, locations=dict(target.locations), name=target.name, defense=share,
                      parry=parry, armour=dict(target.armour), damage_taken=tbody.damage_taken,
                      wounds=dict(tbody.wounds), damage_bonus=target.damage_bonus,
                      parry_skill=None if parry is None else target.arm(parry.name).parry.chance)  # whole: RQ-37, RQ-50
    r.attacked.add(action.target)
    result = resolve_in(r.dice.part(what), attack, defence, fumbles=r.tables.fumbles, locations=r.tables.locations,
                        rules=r.rules, pronouns=(r.p(t.who), r.p(action.target)))
    if shot:
        _loosed(r, t.who, arm)
    if succeeds(result.attack_roll, result.chance):
        r.mark(t.who, f"{arm.name} attack")
    elif share and succeeds(result.attack_roll, result.chance + share):
        r.mark(action.target, "Defense")
        r.set(action.target, defense_saved=True)
        notes.append(f"{target.name}'s Defense saved {r.p(target.name).him}: {result.attack_roll} would have hit without it")
    if parry is not None and result.parry_success:
        r.mark(action.target, f"{parry.name} parry")
    r.pending.append(lambda: blow.land(r, t, arm, parry, result, what, notes, nth))


def _split(t: Timed, skill: int, p: Pronouns = THEY) -> tuple[int, list[str]]:
    """A blow's chance: his whole skill, an equal share of a split (RQ-50) or the share he stated (RQ-78)."""
    if t.chance is not None:
        return t.chance, [f"split attack: {t.chance}% of {p.his} {skill}% (RQ-78)"]
    if t.share > 1:
        chance = math.ceil(skill / t.share)
        return chance, [f"split attack: {skill}% / {t.share} = {chance}% (RQ-50)"]
    return skill, []


def _loosed(r: RoundContext, who: str, arm: Arm) -> None:
    """A thrown weapon leaves his hand; a bow must be readied again; a slow one waits (RQ-55)."""
    body = r.bodies[who]
    if arm.name in body.missiles:  # one missile fewer of those counted (RQ-140)
        body = r.set(who, missiles={**body.missiles, arm.name: max(body.missiles[arm.name] - 1, 0)})
    if arm.weapon.kind == "thrown":
        r.set(who, gone=(*body.gone, arm.name), in_hand=tuple(h for h in body.in_hand if h != arm.name))
    else:
        r.set(who, prepared=tuple(p for p in body.prepared if p != arm.name))
    slow = RELOAD_ROUNDS.get(arm.rate or "", 0)
    if slow:
        reload = dict(r.bodies[who].reload)
        reload[arm.name] = slow + 1  # this round's own bookkeeping counts one off: ``slow`` rounds to wait
        r.set(who, reload=reload)


# -- timing -----------------------------------------------------------------------------


def _normal_sr(clock: Clock, arm: Arm, target: str) -> tuple[int, str, tuple[str, ...]]:
    """The weapon's own part of a blow's strike rank, how it reads and the rulings it rests on: its SR, or
    with the optional rule DEX SR alone against a foe he was engaged with last round (RQ-81)."""
    if clock.rules.dex_alone and target in clock.engaged:
        return clock.me.dex_sr, f"DEX SR {clock.me.dex_sr} alone ({target} again, optional rule)", ("RQ-81",)
    return arm.sr, f"{arm.name} {arm.sr}", ()


def time_blow(clock: Clock, action: Strike) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    mods = clock.mods
    ways = sum(1 for a in clock.actions if type(a) is Strike and a.arm == arm.name)
    if arm.name in clock.first_blow:
        sr = clock.first_blow[arm.name] + mods.split_attack_delay
        clock.add(action, sr, [f"split blow: first at {clock.first_blow[arm.name]}", f"{mods.split_attack_delay}"],
                  share=ways, chance=action.chance, rulings=("RQ-50",) + (("RQ-78",) if action.chance else ()))
    else:
        meeting = clock.meeting(action.target)
        moved, before = clock.moved, clock.now - clock.moved
        parts = clock.before()
        drawn: list[str] = []
        clock.now += clock.ready(arm, drawn)
        own, own_text, rulings = _normal_sr(clock, arm, action.target)
        last = clock.last_blow
        if last is not None and last[0] != arm.name:
            sr = last[1] + own
            clock.add(action, sr, [f"{arm.name} after the {last[0]} at {last[1]}", f"{own}"], share=ways,
                      chance=action.chance, rulings=rulings)
        elif meeting:
            # the draw counts whole, the moving not at all (a draw combined with the move took it over, RQ-72)
            draw = clock.now - before - clock.moved
            head = ("surprised " if clock.surprised and before == mods.surprised else "") + f"{before}"
            sr = before + draw + own
            clock.add(action, sr, ([head] if before else []) + ([f"draw {arm.name} {draw}"] if draw else [])
                      + [f"{own_text} (the {moved} of moving not counted: a meeting of two fighters)"],
                      share=ways, chance=action.chance, rulings=rulings)
            clock.moved = 0
        else:
            sr = clock.now + own
            clock.add(action, sr, parts + drawn + [own_text], share=ways, chance=action.chance, rulings=rulings)
        clock.first_blow[arm.name] = sr
    clock.last_blow = (arm.name, sr)
    clock.now = max(clock.now, sr)
    clock.pair = None


def time_shot(clock: Clock, action: Shoot) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    parts = clock.before()
    clock.now += clock.ready(arm, parts)
    clock.now += clock.me.dex_sr
    clock.add(action, clock.now, parts + [f"shoot {arm.name}: DEX SR {clock.me.dex_sr}"], rulings=("RQ-55",))
    clock.prepared.discard(arm.name)
    clock.pair, clock.moved = None, 0  # "charges across the room at a foe using a missile weapon": counted
    if arm.weapon is not None and arm.weapon.kind == "thrown":
        clock.hands.pop(arm.name, None)


def two_weapons_in_time(clock: Clock) -> None:
    """ "If the two strike ranks together add up to more than 12, then neither can attack."""
    out, limit = clock.out, clock.limit
    blows = [t for t in out if type(t.action) is Strike]
    arms: list[str] = []
    for t in blows:
        if t.action.arm not in arms:
            arms.append(t.action.arm)
    if len(arms) < 2:
        return
    second = next(t for t in blows if t.action.arm == arms[1])
    if second.sr > limit:
        for k, t in enumerate(out):
            if type(t.action) is Strike and not t.too_late:
                out[k] = msgspec.structs.replace(
                    t, too_late=f"two weapons at SR {second.sr}, past {limit}: neither can attack this round (RQ-44)"
                )


# -- the statement ----------------------------------------------------------------------


def check_blow(s: Statement, action: Strike, field: str) -> None:
    s.target(action.target, field)
    arm = s.arm(action.arm, field)
    if arm.grapple:
        raise fail(f"{field}.arm", "grappling is a grapple action, not an attack")
    if arm.weapon is None or arm.attack is None:
        raise fail(f"{field}.arm", f"a {arm.name} does not attack")
    if arm.missile:
        raise fail(f"{field}.arm", f"a {arm.name} is a missile: shoot it")
    s.strikes.setdefault(arm.name, []).append(action.target)
    s.shares.setdefault(arm.name, []).append(action.chance)
    if not arm.body_weapon:
        s.held.add(arm.name)


def check_shot(s: Statement, action: Shoot, field: str) -> None:
    s.target(action.target, field)
    arm = s.arm(action.arm, field)
    if not arm.missile or arm.attack is None:
        raise fail(f"{field}.arm", f"a {arm.name} is not a missile weapon")
    _check_distance(arm, action.distance, field)
    s.held.add(arm.name)
    s.shots[arm.name] = s.shots.get(arm.name, 0) + 1
    if arm.rate != "S/MR" and s.shots[arm.name] > 1:
        raise fail(f"{field}.arm", f"a {arm.name} shoots {arm.rate}: one shot this round at most (RQ-55)")
    short = missiles_short(s.body, arm, s.shots[arm.name])
    if short:
        raise fail(f"{field}.arm", f"{s.me.name} has {short} (RQ-140)")
    if s.body.reload.get(arm.name):
        raise fail(f"{field}.arm",
                   f"a {arm.name} shoots {arm.rate}: it cannot shoot again for {s.body.reload[arm.name]} more round(s)")


def _check_distance(arm: Arm, distance: int | None, field: str) -> None:
    """A range the missile cannot be aimed at is refused with the statement, not when the shot comes (RQ-38)."""
    w = arm.weapon
    if distance is None or w is None:
        return
    if w.kind == "thrown" and distance > THROWN_LIMIT_M:
        raise fail(f"{field}.distance", f"{distance} m is beyond {THROWN_LIMIT_M} m, where a thrown {w.name} has "
                                        "no effective value")
    if w.kind == "projectile" and w.range is None:
        raise fail(f"{field}.distance", f"the {w.name} has no effective range to measure {distance} m by")
    if w.kind == "projectile" and distance > LONG_RANGE * w.range:
        raise fail(f"{field}.distance", f"{distance} m is beyond long range (twice the {w.name}'s {w.range} m)")


def describe(who: str, action: Strike | Shoot, p: Pronouns = THEY) -> str:
    if not action.target:  # a statement begun before anyone stands against him
        verb = "shoots" if type(action) is Shoot else "strikes"
        return f"{who} {verb} with the {action.arm} (at whom: no one chosen yet)"
    verb = "shoots at" if type(action) is Shoot else "attacks"
    return f"{who} {verb} {action.target} with the {action.arm}"


def carry(s: Statement, action: Strike | Shoot) -> bool:
    arm = s.me.arm(action.arm)
    none_left = type(action) is Shoot and arm is not None and bool(missiles_short(s.body, arm))
    return s.alive(action.target) and s.usable(action.arm) and not none_left


HANDLERS = {
    Strike: Handler(act=act, time=time_blow, check=check_blow, describe=describe, carry=carry, settle=two_weapons_in_time),
    Shoot: Handler(act=act, time=time_shot, check=check_shot, describe=describe, carry=carry),
}
