"""Impaled weapons: pulling them free, moving with one in you, shields they stick in, and healing.

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
the seed names are not printed: ×1, RQ-52). "Parrying an Impaling Blow": a weapon
stuck in a shield of ENC 2 or more makes it useless, of ENC 1 halves it, lighter
ones only once more than 5 are stuck. Ch. III, "Healing Damage to a Hit Location":
"A 2-point Healing spell is necessary just to stop bleeding"; "The impaled character
cannot be Healed until the weapon is withdrawn" (RQ-53).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from pyengine.dice import DiceExpr, RollLog
from pyengine.runequest.combat.d100 import succeeds
from pyengine.runequest.melee.intent import Extract, Heal, PullOut
from pyengine.runequest.melee.model import WORK_FREE_ROUNDS, InShield, Stuck

if TYPE_CHECKING:
    from pyengine.runequest.melee.round import _Round
    from pyengine.runequest.melee.timing import Timed

#: "a 2-point Healing spell is necessary just to stop bleeding".
STOPS_BLEEDING = 2
#: "more than 5 such light weapons accumulate stuck in it".
LIGHT_WEAPONS_ALLOWED = 5


def shield_effect(stuck: list[InShield]) -> Literal["useless", "half", ""]:
    """What the weapons stuck in one shield do to it."""
    if any(s.enc >= 2 for s in stuck):
        return "useless"
    if any(s.enc >= 1 for s in stuck) or len(stuck) > LIGHT_WEAPONS_ALLOWED:
        return "half"
    return ""


def moving_damage(stuck: Stuck, dice: RollLog) -> int:
    """Half the weapon's own damage, rolled, rounded down."""
    expr = DiceExpr.parse(stuck.damage)
    total = expr.roll(_Named(dice, f"{stuck.owner}'s {stuck.weapon} catches as he moves ({stuck.damage}, half)")).total
    return max(total, 0) // 2


class _Named:
    def __init__(self, dice: RollLog, purpose: str) -> None:
        self.dice, self.purpose = dice, purpose

    def roll(self, sides: int) -> int:
        return self.dice.d(sides, self.purpose)


def _find(r: _Round, owner: str, weapon: str) -> tuple[str, Stuck] | None:
    for who, body in r.bodies.items():
        for s in body.stuck_in:
            if s.owner == owner and s.weapon == weapon and not s.missile:
                return who, s
    return None


def _remove(r: _Round, victim: str, stuck: Stuck) -> None:
    body = r.bodies[victim]
    r.set(victim, stuck_in=tuple(s for s in body.stuck_in if s is not stuck))


def extract(r: _Round, t: Timed) -> None:
    action = t.action
    assert isinstance(action, Extract)
    found = _find(r, t.who, action.arm)
    what = f"{t.who} pulls his {action.arm} free"
    if found is None:
        return r.skip(t, what, f"aborted: the {action.arm} is no longer stuck")
    victim, stuck = found
    if not stuck.held:
        r.working_free.append((t.who, action.arm))
        return r.log(t, what, f"it is out of his hands: he works at it and tries at the end of the round if left alone "
                              f"(D100 ≤ {stuck.impale_max}) (RQ-52)", target=victim)
    start = len(r.dice.made)
    need = 2 * stuck.impale_max
    roll = r.dice.d(100, f"{what} from {victim} (twice his impale chance, {need}%)")
    if roll >= stuck.fumble_min:
        _remove(r, victim, stuck)
        body = r.bodies[t.who]
        r.set(t.who, broken=(*body.broken, action.arm), in_hand=tuple(h for h in body.in_hand if h != action.arm))
        outcome = f"fumbled ({roll}): the {action.arm} breaks"
    elif roll <= need:
        _remove(r, victim, stuck)
        outcome = f"D100 {roll} ≤ {need}: the {action.arm} comes free, still in his hand"
    else:
        r.set(victim, stuck_in=tuple(msgspec.structs.replace(s, held=False) if s is stuck else s
                                     for s in r.bodies[victim].stuck_in))
        body = r.bodies[t.who]
        r.set(t.who, in_hand=tuple(h for h in body.in_hand if h != action.arm))
        outcome = f"D100 {roll} > {need}: the {action.arm} stays in {victim} and is jerked out of his hands"
    r.log(t, what, outcome, target=victim, rolls=tuple(r.dice.made[start:]))


def pull_out(r: _Round, t: Timed) -> None:
    action = t.action
    assert isinstance(action, PullOut)
    me = r.c(t.who)
    what = f"{t.who} pulls {action.owner}'s {action.weapon} out of himself"
    stuck = next((s for s in r.bodies[t.who].stuck_in if s.owner == action.owner and s.weapon == action.weapon), None)
    if stuck is None:
        return r.skip(t, what, "aborted: it is no longer in him")
    need = (me.STR + me.CON) * 2
    start = len(r.dice.made)
    roll = r.dice.d(100, f"{what}: (STR {me.STR} + CON {me.CON}) × 2 = {need}%")
    if succeeds(roll, need):
        _remove(r, t.who, stuck)
        owner = r.bodies.get(action.owner)
        owner_arm = r.c(action.owner).arm(action.weapon)
        if owner is not None and stuck.held and owner_arm is not None:
            r.set(action.owner, gone=(*owner.gone, action.weapon),
                  in_hand=tuple(h for h in owner.in_hand if h != action.weapon))
        outcome = f"D100 {roll} ≤ {need}: out; it falls to the ground"
    else:
        outcome = f"D100 {roll}: it stays in"
    r.log(t, what, outcome, notes=(f"using neither parry nor Defense this round; ENC multipliers not in the rules we "
                                   f"have: ×1 (RQ-52)",), rolls=tuple(r.dice.made[start:]))


def work_free(r: _Round, end: int) -> None:
    """End of the round: weapons out of their owners' hands, worked at by an owner left alone."""
    from pyengine.runequest.melee.round import Event

    for owner, weapon in r.working_free:
        found = _find(r, owner, weapon)
        if found is None:
            continue
        victim, stuck = found
        what = f"{owner} works his {weapon} free of {victim}"
        if owner in r.attacked:
            r.events.append(Event(sr=end, who=owner, what=what, kind="work_free",
                                  outcome="he was not left alone this round: no attempt"))
            continue
        rounds = stuck.alone_rounds + 1
        start = len(r.dice.made)
        if rounds >= WORK_FREE_ROUNDS:
            _remove(r, victim, stuck)
            _back_in_hand(r, owner, weapon)
            outcome = f"{rounds} rounds left alone: he has it back"
        else:
            roll = r.dice.d(100, f"{what}: his impale chance ({stuck.impale_max}%)")
            if roll >= stuck.fumble_min:
                _remove(r, victim, stuck)
                body = r.bodies[owner]
                r.set(owner, broken=(*body.broken, weapon))
                outcome = f"fumbled ({roll}): the {weapon} breaks"
            elif roll <= stuck.impale_max:
                _remove(r, victim, stuck)
                _back_in_hand(r, owner, weapon)
                outcome = f"D100 {roll} ≤ {stuck.impale_max}: he has it back"
            else:
                body = r.bodies[victim]
                r.set(victim, stuck_in=tuple(msgspec.structs.replace(s, alone_rounds=rounds) if s is stuck else s
                                             for s in body.stuck_in))
                outcome = f"D100 {roll} > {stuck.impale_max}: still stuck ({rounds} of {WORK_FREE_ROUNDS} rounds)"
        r.events.append(Event(sr=end, who=owner, what=what, kind="work_free", target=victim, outcome=outcome,
                              rolls=tuple(r.dice.made[start:])))


def _back_in_hand(r: _Round, owner: str, weapon: str) -> None:
    body = r.bodies[owner]
    if weapon not in body.in_hand:
        r.set(owner, in_hand=(*body.in_hand, weapon))


def heal(r: _Round, action: Heal) -> list[str]:
    """Healing on one location: points restore it unless a weapon is still in the wound; 2 stop its bleeding."""
    name, key, points = action.target, action.location, action.points
    body = r.bodies[name]
    notes = []
    where = key.replace("_", " ")
    bleeding = dict(body.bleeding)
    if points >= STOPS_BLEEDING and key in bleeding:
        del bleeding[key]
        notes.append(f"the {where} stops bleeding (Healing 2 or more, RQ-53)")
    if any(s.location == key for s in body.stuck_in):
        notes.append(f"a weapon is still in the {where}: no points heal until it is out (RQ-53)")
        r.set(name, bleeding=bleeding)
        return notes
    had = body.wounds.get(key, 0)
    healed = min(points, had)
    wounds = dict(body.wounds)
    wounds[key] = had - healed
    taken = max(body.damage_taken - healed, 0)
    c = r.c(name)
    condition = body.condition
    if condition != "dead":
        condition = _condition(c.hit_points - taken, wounds, c.locations, body.maimed, bool(body.damage_taken))
    r.set(name, wounds=wounds, damage_taken=taken, bleeding=bleeding, condition=condition)
    notes.append(f"{healed} point{'s' if healed != 1 else ''} healed on the {where} ({had} → {had - healed}); "
                 f"{c.hit_points - taken} hit points left")
    return notes


def _condition(left: int, wounds: dict, locations: dict, maimed: bool, hurt: bool):
    if left <= 0:
        return "dead"
    if left <= 2 or wounds.get("head", 0) >= locations["head"]:
        return "unconscious"
    if maimed or any(wounds.get(k, 0) >= locations[k] for k in ("chest", "abdomen")):
        return "incapacitated"
    return "fighting" if any(wounds.values()) or hurt else "unhurt"
