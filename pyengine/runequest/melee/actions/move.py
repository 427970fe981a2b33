"""Moving: 1 strike rank per 3 m (seed ch. III, "The Melee Round"), at most his movement a round.

"Each number represents how many movement units the creature can cover in one melee
round; one unit equals 3 meters" ("Melee Movement"). Moving more than half of that, he
does nothing else that round. A weapon stuck in him makes moving hurt (RQ-52, :mod:`.impale`).
Dodging is a way of moving, stated by the one who dodges: "A dodging character may only
move ½ his normal movement and may do nothing else but move and dodge" (ch. IV,
"Shooting at Moving Targets"); the missiles shot at him that round are halved (RQ-76).
At the referee's option a ready just before the move is done while moving (RQ-72).
"""

from __future__ import annotations

import math

from pyengine.runequest.melee.actions import impale
from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.statement import Move
from pyengine.runequest.pronouns import THEY, Pronouns

#: Metres in one unit of a movement class.
METRES_PER_MOVE = 3


def act(r: RoundContext, t: Timed) -> None:
    action = t.action
    body, p = r.bodies[t.who], r.p(t.who)
    what = describe(t.who, action, p)
    if any(h.immobilised for b in r.bodies.values() for h in b.holds if h.on == t.who):
        return r.skip(t, what, f"aborted: {t.who} is held immobilised")
    notes = []
    wounds = []
    rolls_before = len(r.dice)
    for s in body.stuck_in:
        damage = impale.moving_damage(s, r.dice, p)
        wounds.append(r.wound(t.who, s.location, damage))
        notes.append(
            f"with {s.owner}'s {s.weapon} through {p.his} {s.location.replace('_', ' ')}, moving costs {p.him} half its "
            f"damage: {damage} (RQ-52)"
        )
    r.log(t, what, "moved" if not wounds else f"moved, hurting {p.himself}: {'; '.join(notes)}", notes=tuple(notes),
          wound=wounds[-1] if wounds else None, rolls=r.dice.since(rolls_before))


def time(clock: Clock, action: Move) -> None:
    parts = clock.before()
    cost = math.ceil(action.metres / clock.mods.metres_per_sr)
    verb = "dodge" if action.dodging else "move"
    if clock.rules.ready_while_moving and clock.previous is not None and clock.previous[0] == "ready":
        readying = clock.previous[1]
        extra = max(cost - readying, 0)
        parts.append(f"{verb} {action.metres} m {cost}, combined with the {readying} of readying (referee's option): "
                     f"+{extra}")
        clock.cited.append("RQ-72")
    else:
        extra = cost
        parts.append(f"{verb} {action.metres} m {cost}")
        clock.pair = ("move", cost)
    clock.now += extra
    clock.moved += extra
    clock.add(action, clock.now, parts, rulings=("RQ-76",) if action.dodging else ())


def check(s: Statement, action: Move, field: str) -> None:
    allowance = s.me.move * METRES_PER_MOVE
    if action.dodging and 2 * action.metres > allowance:
        raise fail(f"{field}.metres", f"dodging, {s.me.name} may move only half of {allowance} m: "
                                      f"{action.metres} m is more")
    if action.metres > allowance:
        raise fail(f"{field}.metres", f"{action.metres} m is more than {s.me.name}'s {allowance} m a round")
    if 2 * action.metres > allowance and len(s.actions) > 1:
        raise fail(f"{field}.metres",
                   f"{action.metres} m is more than half of {s.me.name}'s {allowance} m: moving that far, "
                   f"{s.me.name} can do nothing else")


def describe(who: str, action: Move, p: Pronouns = THEY) -> str:
    if action.dodging:
        return f"{who} dodges, moving {action.metres} m"
    return f"{who} moves {action.metres} m"


def carry(s: Statement, action: Move) -> bool:
    return True


HANDLERS = {Move: Handler(act=act, time=time, check=check, describe=describe, carry=carry)}
