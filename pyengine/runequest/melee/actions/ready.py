"""Readying a weapon: drawing, changing or nocking an arrow, 5 strike ranks (seed ch. III, "The Melee Round").

What it needs the same hand for is set down; a two-handed weapon takes both hands.
"""

from __future__ import annotations

from pyengine.runequest.melee.actions.base import Handler, Statement
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.statement import Ready


def act(r: RoundContext, t: Timed) -> None:
    action = t.action
    me, body = r.combatant(t.who), r.bodies[t.who]
    arm = me.arm(action.arm)
    assert arm is not None
    what = describe(t.who, action)
    why = r.unusable(t.who, arm)
    if why:
        return r.skip(t, what, f"aborted: {why}")
    keep = []
    for held in body.in_hand:
        other = me.arm(held)
        if other is None or held == arm.name:
            continue
        if arm.hands == "both" or other.hands == "both" or other.hands == arm.hands:
            continue
        keep.append(held)
    r.set(t.who, in_hand=(*keep, arm.name), prepared=tuple(dict.fromkeys((*body.prepared, arm.name))))
    set_down = [h for h in body.in_hand if h not in keep and h != arm.name]
    r.log(t, what, "in hand" + (f"; sets down the {', '.join(set_down)}" if set_down else ""))


def time(clock: Clock, action: Ready) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    parts = clock.before()
    clock.hands.pop(arm.name, None)
    clock.prepared.discard(arm.name)
    clock.now += clock.ready(arm, parts)
    clock.add(action, clock.now, parts)


def check(s: Statement, action: Ready, field: str) -> None:
    s.arm(action.arm, field)


def describe(who: str, action: Ready) -> str:
    return f"{who} readies the {action.arm}"


def carry(s: Statement, action: Ready) -> bool:
    """Not once it is in hand (it was readied last round)."""
    return action.arm not in s.body.in_hand and s.usable(action.arm)


HANDLERS = {Ready: Handler(act=act, time=time, check=check, describe=describe, carry=carry)}
