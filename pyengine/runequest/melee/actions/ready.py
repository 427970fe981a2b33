"""Readying a weapon: drawing, changing or nocking an arrow, 5 strike ranks (seed ch. III, "The Melee Round");
picking one up in the melee; sheathing one.

What clashes with it in his hands is set down (:mod:`~pyengine.runequest.melee.hands`):
"'Changing' involves dropping the item currently at hand and drawing another ... the
dropped item can simply be considered set down gently rather than actually dropped."
"Resheathing a sword and then drawing an axe, for instance, is two separate actions and
takes 10 strike ranks total": sheathing is an action of its own, 5 (RQ-77). A weapon
picked up in the middle of a melee — a duplicate of his own, or a similar one — is used
at half effectiveness for the rest of the fight: "A character cannot pick up a weapon in
the middle of a melee (even a duplicate of his own) and use it at full proficiency" (RQ-73).
"""

from __future__ import annotations

from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.hands import in_hand_with
from pyengine.runequest.melee.statement import PickUp, Ready, Sheathe
from pyengine.runequest.pronouns import THEY, Pronouns


def _in_hand(r: RoundContext, t: Timed, **changes) -> str:
    """His arm ``t.action.arm`` in his hand, what clashes with it set down; the log's outcome."""
    me, body = r.combatant(t.who), r.bodies[t.who]
    arm = me.arm(t.action.arm)
    assert arm is not None
    holds = in_hand_with(me, body.in_hand, arm)
    r.set(t.who, in_hand=holds, prepared=tuple(dict.fromkeys((*body.prepared, arm.name))), **changes)
    set_down = [h for h in body.in_hand if h not in holds]
    return "in hand" + (f"; sets down the {', '.join(set_down)}" if set_down else "")


def act(r: RoundContext, t: Timed) -> None:
    arm = r.combatant(t.who).arm(t.action.arm)
    assert arm is not None
    what = describe(t.who, t.action)
    why = r.unusable(t.who, arm)
    if why:
        return r.skip(t, what, f"aborted: {why}")
    r.log(t, what, _in_hand(r, t))


def pick_up(r: RoundContext, t: Timed) -> None:
    """A weapon like his ``arm`` from the ground: whole, in his hand, at half effectiveness (RQ-73)."""
    arm = r.combatant(t.who).arm(t.action.arm)
    assert arm is not None
    what = describe_pick_up(t.who, t.action)
    why = r.useless_hand(t.who, arm)
    if why:
        return r.skip(t, what, f"aborted: {why}")
    body = r.bodies[t.who]
    name = arm.name
    harmed = {k: v for k, v in body.weapon_damage.items() if k != name}
    outcome = _in_hand(r, t, broken=tuple(b for b in body.broken if b != name), gone=tuple(g for g in body.gone if g != name),
                       weapon_damage=harmed, shield_stuck=tuple(s for s in body.shield_stuck if s.shield != name),
                       unfamiliar=tuple(dict.fromkeys((*body.unfamiliar, name))))
    r.log(t, what, f"{outcome}: picked up in the melee, at half effectiveness for the rest of this fight (RQ-73)")


def sheathe(r: RoundContext, t: Timed) -> None:
    body = r.bodies[t.who]
    what = describe_sheathe(t.who, t.action)
    if t.action.arm not in body.in_hand:
        return r.skip(t, what, f"aborted: the {t.action.arm} is no longer in {r.p(t.who).his} hand")
    r.set(t.who, in_hand=tuple(h for h in body.in_hand if h != t.action.arm))
    r.log(t, what, "sheathed")


def time(clock: Clock, action: Ready | PickUp) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    parts = clock.before()
    clock.hands.pop(arm.name, None)
    clock.prepared.discard(arm.name)
    clock.now += clock.ready(arm, parts, verb="pick up" if type(action) is PickUp else "")
    clock.add(action, clock.now, parts, rulings=("RQ-73",) if type(action) is PickUp else ())


def time_sheathe(clock: Clock, action: Sheathe) -> None:
    parts = clock.before()
    clock.hands.pop(action.arm, None)
    cost = clock.mods.change_weapon
    clock.now += cost
    clock.add(action, clock.now, parts + [f"sheathe {action.arm} {cost}"], rulings=("RQ-77",))


def check(s: Statement, action: Ready, field: str) -> None:
    s.arm(action.arm, field)
    s.held.add(action.arm)


def check_pick_up(s: Statement, action: PickUp, field: str) -> None:
    arm = s.me.arm(action.arm)
    if arm is None:
        raise fail(f"{field}.arm", f"{action.arm!r} is not one of {s.me.name}'s weapons")
    if arm.body_weapon:
        raise fail(f"{field}.arm", f"a {arm.name} is part of {s.me.name}: there is nothing to pick up")
    if arm.name in s.held and arm.name not in s.body.broken:
        raise fail(f"{field}.arm", f"the {arm.name} is in {s.me.name}'s hand already")
    if s.stuck(arm.name):
        raise fail(f"{field}.arm", f"{s.me.name}'s {arm.name} is stuck in a foe: pull it free, or pick up another "
                                   "weapon to use in its place")
    s.held.add(arm.name)
    s.picked.add(arm.name)


def check_sheathe(s: Statement, action: Sheathe, field: str) -> None:
    arm = s.arm(action.arm, field)
    if arm.name not in s.held:
        raise fail(f"{field}.arm", f"the {arm.name} is not in {s.me.name}'s hand")
    s.held.discard(arm.name)


def describe(who: str, action: Ready, p: Pronouns = THEY) -> str:
    return f"{who} readies the {action.arm}"


def describe_pick_up(who: str, action: PickUp, p: Pronouns = THEY) -> str:
    return f"{who} picks up a {action.arm}"


def describe_sheathe(who: str, action: Sheathe, p: Pronouns = THEY) -> str:
    return f"{who} sheathes the {action.arm}"


def carry(s: Statement, action: Ready | PickUp) -> bool:
    """Not once it is in hand (it was readied last round)."""
    return action.arm not in s.body.in_hand and (type(action) is PickUp or s.usable(action.arm))


def carry_sheathe(s: Statement, action: Sheathe) -> bool:
    return action.arm in s.body.in_hand


HANDLERS = {
    Ready: Handler(act=act, time=time, check=check, describe=describe, carry=carry),
    PickUp: Handler(act=pick_up, time=time, check=check_pick_up, describe=describe_pick_up, carry=carry),
    Sheathe: Handler(act=sheathe, time=time_sheathe, check=check_sheathe, describe=describe_sheathe,
                     carry=carry_sheathe),
}
