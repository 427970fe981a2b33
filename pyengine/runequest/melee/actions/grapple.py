"""Grappling (seed ch. IV, "Special Attack — Grappling").

"A successful grapple attack means that the attacker has caught the foe at the hit
location rolled. If a parry with a weapon intervenes instead, the weapon arm was
caught; a parry with a shield means the shield has been grasped. Defense can be
applied against the initial attack normally, and a parry with fist or grapple
percentage will mean the hold was blocked entirely."

"After a successful attack, the grappler may attempt to immobilize the limb grasped,
or throw the foe, in the next melee round. To do so, he must make another successful
grapple attack. Failure means the hold has been broken." Then the Resistance Table:
STR vs STR to immobilise, STR+DEX vs SIZ+DEX to throw. "If thrown, a character must
make a DEX×5 roll on D100 or suffer 1D6 damage to a random hit location. Armor
protects against this damage normally." "Two throws cancel out" (RQ-51). "Two successful
immobilizations (one for each) may either mean that nothing was accomplished (if they
contradict each other) or that both succeeded": they contradict when either holds an arm,
the limbs the other grapples with (RQ-79). A fist or grapple parry meets only a hold (RQ-75).
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.combat.d100 import succeeds as _succeeds
from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.model import Hold
from pyengine.runequest.melee.resistance import resistance_chance
from pyengine.runequest.melee.statement import Grapple
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import LOCATION_KEYS

THROW_DAMAGE_SIDES = 6
DEX_ROLL = 5
#: The limbs a grappler holds with: a hold on one of them pins them (RQ-79).
ARMS = frozenset({"right_arm", "left_arm"})


def act(r: RoundContext, t: Timed) -> None:
    action = t.action
    me, target = r.combatant(t.who), r.combatant(action.target)
    arm = me.arm(action.arm)
    assert arm is not None and arm.attack is not None
    what = describe(t.who, action)
    if r.bodies[target.name].condition == "dead":
        return r.skip(t, what, f"aborted: {target.name} is already dead")
    why = r.useless_hand(t.who, arm)
    if why:
        return r.skip(t, what, f"aborted: {why}")
    start = len(r.dice)
    if action.how == "hold":
        return _hold(r, t, what, arm.attack, arm.name, start)
    hold = next(h for h in r.bodies[t.who].holds if h.on == target.name)
    share, share_note = r.defense_share(target.name, t.who)
    chance = arm.attack - share
    notes = [f"another grapple attack: {arm.attack}%" + (f" − Defense {share}% = {chance}%" if share else "")]
    if share_note:
        notes.append(share_note)
    r.attacked.add(target.name)
    roll = r.dice.d(100, f"{what}: grapple roll ({chance}%)")
    if not _succeeds(roll, chance):
        r.set(t.who, holds=tuple(h for h in r.bodies[t.who].holds if h.on != target.name))
        notes.append(f"D100 {roll}: failed — the hold is broken")
        return r.log(t, what, "the hold is broken", target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
    r.mark(t.who, f"{arm.name} attack")
    if action.how == "immobilise":
        active, passive = me.STR, target.STR
        label = f"STR {me.STR} vs STR {target.STR}"
    else:
        active, passive = me.STR + me.DEX, target.SIZ + target.DEX
        label = f"STR+DEX {active} vs SIZ+DEX {passive}"
    need = resistance_chance(active, passive)
    res = r.dice.d(100, f"{what}: resistance {label} ({need}%)")
    notes.append(f"D100 {roll}: the grapple holds; resistance {label}: {need}% (RQ-51), rolled {res}")
    if res > need:
        outcome = f"{target.name} resists; {me.name} keeps {r.p(me.name).his} grip"
        return r.log(t, what, outcome, target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
    if action.how == "immobilise":
        where = hold.location.replace("_", " ")
        other = r.pinned.get((target.name, t.who))
        if other is not None and (hold.location in ARMS or other in ARMS):
            _pin(r, target.name, t.who, False)
            outcome = (f"{target.name} immobilised {t.who}'s {other.replace('_', ' ')} this round too: the two "
                       "immobilisations contradict each other (a hold on an arm pins the limbs the other grapples "
                       "with), nothing is accomplished; both keep their holds (RQ-79)")
            return r.log(t, what, outcome, target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
        _pin(r, t.who, target.name, True)
        r.pinned[(t.who, target.name)] = hold.location
        return r.log(t, what, f"{target.name}'s {where} is immobilised", target=target.name, notes=tuple(notes),
                     rolls=r.dice.since(start))
    r.throws.add((t.who, target.name))
    r.pending.append(lambda: _thrown(r, t, what, notes, start))


def _pin(r: RoundContext, who: str, on: str, immobilised: bool) -> None:
    r.set(who, holds=tuple(msgspec.structs.replace(h, immobilised=immobilised) if h.on == on else h
                           for h in r.bodies[who].holds))


def _hold(r: RoundContext, t: Timed, what: str, skill: int, arm_name: str, start: int) -> None:
    action = t.action
    target = r.combatant(action.target)
    share, share_note = r.defense_share(target.name, t.who)
    chance = skill - share + (20 if r.helpless(target.name) else 0)
    notes = [f"grapple {skill}%" + (f" − Defense {share}%" if share else "")
             + (" + 20% against a helpless foe" if r.helpless(target.name) else "") + f" = {chance}%"]
    if share_note:
        notes.append(share_note)
    r.attacked.add(target.name)
    roll = r.dice.d(100, f"{what}: grapple roll ({chance}%)")
    if not _succeeds(roll, chance):
        notes.append(f"D100 {roll}: missed")
        return r.log(t, what, "missed", target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
    r.mark(t.who, f"{arm_name} attack")
    parry, _k, parry_note = r.parry_for(target.name, t.who, False, hold=True)
    if parry_note:
        notes.append(parry_note)
    location = None
    if parry is not None:
        p_roll = r.dice.d(100, f"{what}: {target.name}'s parry ({parry.chance}%)")
        if _succeeds(p_roll, parry.chance):
            parry_arm = target.arm(parry.name)
            if parry_arm is not None and parry_arm.body_weapon:
                # its one percentage, the fist's or grapple's, is what succeeded: experience goes to it (RQ-75)
                r.mark(target.name, f"{parry.name} attack")
                notes.append(f"parried with the {parry.name} (D100 {p_roll}): the hold is blocked entirely (RQ-75)")
                return r.log(t, what, "blocked", target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
            r.mark(target.name, f"{parry.name} parry")
            side = parry_arm.hands if parry_arm is not None and parry_arm.hands != "both" else "right"
            location = f"{side}_arm"
            caught = "shield" if parry.kind == "shield" else "weapon arm"
            notes.append(f"parried with the {parry.name} (D100 {p_roll}): the {caught} is caught")
        else:
            notes.append(f"parry D100 {p_roll}: failed")
    if location is None:
        loc = r.tables.locations.locate(r.dice.d(20, f"{what}: hit location (D20)"))
        location = LOCATION_KEYS[loc]
    hold = Hold(on=target.name, location=location, since=r.number)
    holds = tuple(h for h in r.bodies[t.who].holds if h.on != target.name) + (hold,)
    r.set(t.who, holds=holds)
    notes.insert(1, f"D100 {roll}: caught")
    r.log(t, what, f"holds {target.name}'s {location.replace('_', ' ')}", target=target.name, notes=tuple(notes),
          rolls=r.dice.since(start))


def _thrown(r: RoundContext, t: Timed, what: str, notes: list[str], start: int) -> None:
    target = r.combatant(t.action.target)
    if (target.name, t.who) in r.throws:  # "Two throws cancel out" (RQ-51)
        return r.log(t, what, f"{target.name} and {t.who} throw each other at the same instant: the throws cancel (RQ-51)",
                     target=target.name, notes=tuple(notes), rolls=r.dice.since(start))
    notes = list(notes)
    need = target.DEX * DEX_ROLL
    roll = r.dice.d(100, f"{target.name} thrown: DEX×5 ({need}%)")
    r.set(target.name, on_ground=True)
    wound = None
    if _succeeds(roll, need):
        notes.append(f"{target.name} thrown; DEX×5 = {need}%, rolled {roll}: {r.p(target.name).does('lands', 'land')} unhurt")
    else:
        loc = r.tables.locations.locate(r.dice.d(20, f"{target.name} thrown: hit location (D20)"))
        key = LOCATION_KEYS[loc]
        damage = r.dice.d(THROW_DAMAGE_SIDES, f"{target.name} thrown: 1D6 damage")
        armour = target.armour.get(key, 0)
        through = max(damage - armour, 0)
        notes.append(f"{target.name} thrown; DEX×5 = {need}%, rolled {roll}: 1D6 = {damage} to the {loc.value}, "
                     f"armour {armour}: {through} get through")
        wound = r.wound(target.name, key, through)
    r.log(t, what, f"{target.name} is thrown to the ground", target=target.name, notes=tuple(notes), wound=wound,
          rolls=r.dice.since(start))


def time(clock: Clock, action: Grapple) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    parts = clock.before()
    if action.how == "hold" and clock.meeting(action.target):
        moved, before = clock.moved, clock.now - clock.moved
        sr = before + arm.sr
        clock.add(action, sr, ([f"{before}"] if before else [])
                  + [f"grapple {arm.sr} (the {moved} of moving not counted: a meeting of two fighters)"])
        clock.moved, clock.now = 0, max(clock.now, sr)
    elif action.how == "hold":
        clock.now += arm.sr
        clock.add(action, clock.now, parts + [f"grapple {arm.sr}"])
    else:
        clock.now += clock.me.dex_sr
        clock.add(action, clock.now, parts + [f"{action.how}: DEX SR {clock.me.dex_sr} alone"])


def check(s: Statement, action: Grapple, field: str) -> None:
    """An immobilisation or a throw needs a hold from an earlier round: "in the next melee round", or any
    later one while the hold lasts (RQ-80)."""
    s.target(action.target, field)
    arm = s.arm(action.arm, field)
    if not arm.grapple or arm.attack is None:
        raise fail(f"{field}.arm", f"a {arm.name} is not the grapple skill")
    if action.how != "hold" and not any(h.on == action.target for h in s.body.holds):
        raise fail(f"{field}.how", f"to {action.how} {action.target}, {s.me.name} needs a hold on {action.target} from an earlier round")


def describe(who: str, action: Grapple, p: Pronouns = THEY) -> str:
    return f"{who} grapples {action.target}" + ("" if action.how == "hold" else f": {action.how}")


def carry(s: Statement, action: Grapple) -> bool:
    return s.alive(action.target) and s.usable(action.arm)


def immobilises(action: Grapple) -> bool:
    """An immobilisation comes first at its strike rank."""
    return action.how == "immobilise"


HANDLERS = {Grapple: Handler(act=act, time=time, check=check, describe=describe, carry=carry, first=immobilises)}
