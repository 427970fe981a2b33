"""Impaled weapons: pulling them free, working them free, moving with one in you.

Seed ch. IV, "Impaling" 2: the weapon "can only be extracted by the attacker making a
roll of D100 equal to or less than twice his chance of impaling. If this roll fails,
the weapon remains stuck in the target and is jerked out of the attacker's hands. If
the attacker is left alone for a full melee round, he has his normal impale chance of
retrieving the weapon at the end of that round ... the referee should simply assume
he's gotten the weapon back after about a minute (5 melee rounds) of being left
alone. If the character fumbles his withdrawal attempt, the weapon breaks instead."

"Optional Consequences of Impaling": a victim who moves "takes half normal weapon
damage again (rounded down)"; he "may try to pull out the weapon himself ... using
neither parry nor Defense ... (STR+CON)×2 or less on D100" (the ENC multipliers
the seed names are not printed: ×1, RQ-52).
A weapon that sticks is put in the wound or the shield when the blow lands
(:mod:`.blow`); what weapons stuck in a shield do to its parries is
:func:`pyengine.runequest.melee.harm.shield_effect`; Healing with a weapon still in the
wound is :mod:`.spell`'s.
"""

from __future__ import annotations

import msgspec

from pyengine.dice import DiceExpr, RollLog
from pyengine.runequest.combat.d100 import succeeds
from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import Event, RoundContext
from pyengine.runequest.melee.model import WORK_FREE_ROUNDS, Stuck
from pyengine.runequest.melee.statement import Extract, PullOut
from pyengine.runequest.pronouns import THEY, Pronouns


def moving_damage(stuck: Stuck, dice: RollLog, p: Pronouns = THEY) -> int:
    """Half the weapon's own damage, rolled, rounded down (``p``: the pronouns of the one it is stuck in)."""
    expr = DiceExpr.parse(stuck.damage)
    total = dice.expr(expr, f"{stuck.owner}'s {stuck.weapon} catches as {p.does('moves', 'move')} ({stuck.damage}, half)")
    return max(total, 0) // 2


def _find(r: RoundContext, owner: str, weapon: str) -> tuple[str, Stuck] | None:
    for who, body in r.bodies.items():
        for s in body.stuck_in:
            if s.owner == owner and s.weapon == weapon and not s.missile:
                return who, s
    return None


def _remove(r: RoundContext, victim: str, stuck: Stuck) -> None:
    body = r.bodies[victim]
    r.set(victim, stuck_in=tuple(s for s in body.stuck_in if s is not stuck))


def extract(r: RoundContext, t: Timed) -> None:
    action = t.action
    found = _find(r, t.who, action.arm)
    p = r.p(t.who)
    what = describe_extract(t.who, action, p)
    if found is None:
        return r.skip(t, what, f"aborted: the {action.arm} is no longer stuck")
    victim, stuck = found
    if not stuck.held:
        r.at_end.append(lambda end: work_free(r, t.who, action.arm, end))
        return r.log(t, what, f"it is out of {p.his} hands: {p.does('works', 'work')} at it and tries at the end of the round if left alone "
                              f"(D100 ≤ {stuck.impale_max}) (RQ-52)", target=victim)
    start = len(r.dice)
    need = 2 * stuck.impale_max
    roll = r.dice.d(100, f"{what} from {victim} (twice {p.his} impale chance, {need}%)")
    if roll >= stuck.fumble_min:
        _remove(r, victim, stuck)
        body = r.bodies[t.who]
        r.set(t.who, broken=(*body.broken, action.arm), in_hand=tuple(h for h in body.in_hand if h != action.arm))
        outcome = f"fumbled ({roll}): the {action.arm} breaks"
    elif roll <= need:
        _remove(r, victim, stuck)
        outcome = f"D100 {roll} ≤ {need}: the {action.arm} comes free, still in {p.his} hand"
    else:
        r.set(victim, stuck_in=tuple(msgspec.structs.replace(s, held=False) if s is stuck else s
                                     for s in r.bodies[victim].stuck_in))
        body = r.bodies[t.who]
        r.set(t.who, in_hand=tuple(h for h in body.in_hand if h != action.arm))
        outcome = f"D100 {roll} > {need}: the {action.arm} stays in {victim} and is jerked out of {p.his} hands"
    r.log(t, what, outcome, target=victim, rolls=r.dice.since(start))


def pull_out(r: RoundContext, t: Timed) -> None:
    action = t.action
    me = r.combatant(t.who)
    p = r.p(t.who)
    what = describe_pull_out(t.who, action, p)
    stuck = next((s for s in r.bodies[t.who].stuck_in if s.owner == action.owner and s.weapon == action.weapon), None)
    if stuck is None:
        return r.skip(t, what, f"aborted: it is no longer in {p.him}")
    need = (me.STR + me.CON) * 2
    start = len(r.dice)
    roll = r.dice.d(100, f"{what}: (STR {me.STR} + CON {me.CON}) × 2 = {need}%")
    if succeeds(roll, need):
        _remove(r, t.who, stuck)
        owner = r.bodies.get(action.owner)
        owner_arm = r.combatant(action.owner).arm(action.weapon)
        if owner is not None and stuck.held and owner_arm is not None:
            r.set(action.owner, gone=(*owner.gone, action.weapon),
                  in_hand=tuple(h for h in owner.in_hand if h != action.weapon))
        outcome = f"D100 {roll} ≤ {need}: out; it falls to the ground"
    else:
        outcome = f"D100 {roll}: it stays in"
    r.log(t, what, outcome, notes=("using neither parry nor Defense this round; ENC multipliers not in the rules we "
                                   "have: ×1 (RQ-52)",), rolls=r.dice.since(start))


def work_free(r: RoundContext, owner: str, weapon: str, end: int) -> None:
    """End of the round: a weapon out of its owner's hands, worked at by an owner left alone."""
    found = _find(r, owner, weapon)
    if found is None:
        return
    victim, stuck = found
    p = r.p(owner)
    what = f"{owner} works {p.his} {weapon} free of {victim}"
    if owner in r.attacked:
        r.events.append(Event(sr=end, who=owner, what=what, kind="work_free",
                              outcome=f"{p.he_was} not left alone this round: no attempt"))
        return
    rounds = stuck.alone_rounds + 1
    start = len(r.dice)
    if rounds >= WORK_FREE_ROUNDS:
        _remove(r, victim, stuck)
        _back_in_hand(r, owner, weapon)
        outcome = f"{rounds} rounds left alone: {p.he_has} it back"
    else:
        roll = r.dice.d(100, f"{what}: {p.his} impale chance ({stuck.impale_max}%)")
        if roll >= stuck.fumble_min:
            _remove(r, victim, stuck)
            body = r.bodies[owner]
            r.set(owner, broken=(*body.broken, weapon))
            outcome = f"fumbled ({roll}): the {weapon} breaks"
        elif roll <= stuck.impale_max:
            _remove(r, victim, stuck)
            _back_in_hand(r, owner, weapon)
            outcome = f"D100 {roll} ≤ {stuck.impale_max}: {p.he_has} it back"
        else:
            body = r.bodies[victim]
            r.set(victim, stuck_in=tuple(msgspec.structs.replace(s, alone_rounds=rounds) if s is stuck else s
                                         for s in body.stuck_in))
            outcome = f"D100 {roll} > {stuck.impale_max}: still stuck ({rounds} of {WORK_FREE_ROUNDS} rounds)"
    r.events.append(Event(sr=end, who=owner, what=what, kind="work_free", target=victim, outcome=outcome,
                          rolls=r.dice.since(start)))


def _back_in_hand(r: RoundContext, owner: str, weapon: str) -> None:
    body = r.bodies[owner]
    if weapon not in body.in_hand:
        r.set(owner, in_hand=(*body.in_hand, weapon))


def time_extract(clock: Clock, action: Extract) -> None:
    arm = clock.me.arm(action.arm)
    assert arm is not None
    parts = clock.before()
    clock.now += arm.sr
    clock.add(action, clock.now, parts + [f"pull the {arm.name} free {arm.sr}"], rulings=("RQ-52",))


def time_pull_out(clock: Clock, action: PullOut) -> None:
    parts = clock.before()
    clock.now += clock.me.dex_sr
    clock.add(action, clock.now, parts + [f"pull out the {action.weapon}: DEX SR {clock.me.dex_sr}"], rulings=("RQ-52",))


def check_extract(s: Statement, action: Extract, field: str) -> None:
    arm = s.arm(action.arm, field, gone=True)
    if not s.stuck(arm.name):
        raise fail(f"{field}.arm", f"{s.me.name}'s {arm.name} is not stuck in anyone")


def check_pull_out(s: Statement, action: PullOut, field: str) -> None:
    if not s.in_him(action.owner, action.weapon):
        raise fail(f"{field}.weapon", f"no {action.owner}'s {action.weapon} is stuck in {s.me.name}")


def describe_extract(who: str, action: Extract, p: Pronouns = THEY) -> str:
    return f"{who} pulls {p.his} {action.arm} free"


def describe_pull_out(who: str, action: PullOut, p: Pronouns = THEY) -> str:
    return f"{who} pulls {action.owner}'s {action.weapon} out of {p.himself}"


def carry_extract(s: Statement, action: Extract) -> bool:
    """While it is still stuck."""
    return s.usable(action.arm, gone=True) and s.stuck(action.arm)


def carry_pull_out(s: Statement, action: PullOut) -> bool:
    """While it is still in him."""
    return s.in_him(action.owner, action.weapon)


HANDLERS = {
    Extract: Handler(act=extract, time=time_extract, check=check_extract, describe=describe_extract,
                     carry=carry_extract),
    PullOut: Handler(act=pull_out, time=time_pull_out, check=check_pull_out, describe=describe_pull_out,
                     carry=carry_pull_out, defenceless=True),
}
