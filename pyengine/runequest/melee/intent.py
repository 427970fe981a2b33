"""Statements of intent: what each combatant will do this round.

Seed ch. III, "First Phase — Statement of Intent": "the players and referee formally
state what their respective participants in the melee will be doing. During the
course of this melee round, intentions may be aborted but not altered."

An :class:`Intent` (:mod:`.statement`, re-exported here with the actions) is one
combatant's actions in the order he does them (each costs strike ranks, :mod:`.timing`),
the parries he holds ready (with what, against whom) and how he splits his Defense among
his attackers. :func:`check_intents` refuses what the rules forbid, the field as data
and the value in words: the statement as a whole here, each action by its handler
(:mod:`.actions`).
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.actions.base import Statement
from pyengine.runequest.melee.actions.base import fail as _fail
from pyengine.runequest.melee.arm_names import named_intents
from pyengine.runequest.melee.model import Fight, FightState
from pyengine.runequest.melee.statement import (
    Action,
    AnyAction,
    Extract,
    Grapple,
    Heal,
    Intent,
    Move,
    ParryIntent,
    PickUp,
    PullOut,
    Ready,
    Sheathe,
    Shoot,
    Spell,
    Strike,
)

__all__ = [
    "Action", "AnyAction", "Extract", "Grapple", "Heal", "Intent", "Move", "ParryIntent", "PickUp", "PullOut", "Ready",
    "Sheathe", "Shoot", "Spell", "Strike", "check_intents", "check_state",
]

MIN_DEFENSE_SHARE = 5
#: Splitting attacks or parries: "if, and only if, each resulting attack/parry would be 50% or higher".
SPLIT_MINIMUM = 50


def check_state(fight: Fight, state: FightState) -> None:
    """:raises IllegalActionError: at ``state.bodies``, a fighter of ``fight`` the state has no body for."""
    missing = [c.name for c in fight.combatants if c.name not in state.bodies]
    if missing:
        raise _fail("state.bodies", f"the state has no body for {', '.join(missing)}: it is not this fight's "
                                    "(start it with model.start(fight))")


def check_intents(fight: Fight, state: FightState, intents: tuple[Intent, ...]) -> tuple[Intent, ...]:
    """Refuses statements the rules forbid; returns them with every arm by its name (a table id names
    it too, RQ-138), the same tuple when they name them so.

    :raises IllegalActionError: its ``field`` is the statement's path (``intents[1].actions[0].target``),
        its message says what is wrong with the value.
    """
    try:
        msgspec.convert(msgspec.to_builtins(intents), type=tuple[Intent, ...])
    except (msgspec.ValidationError, TypeError) as exc:
        path = str(exc).rpartition(" - at `$")[2].rstrip("`") if isinstance(exc, msgspec.ValidationError) else ""
        raise _fail(f"intents{path}" if path else "intents", str(exc).partition(" - at ")[0]) from None
    check_state(fight, state)
    intents = named_intents(fight, tuple(intents))
    seen: set[str] = set()
    for i, intent in enumerate(intents):
        where = f"intents[{i}]"
        me = fight.combatant(intent.who)
        if me is None:
            raise _fail(f"{where}.who", f"{intent.who!r} is not in the fight")
        if intent.who in seen:
            raise _fail(f"{where}.who", f"{intent.who} has two statements this round")
        seen.add(intent.who)
        body = state.bodies[me.name]
        _check_engaged_with(fight, intent, where)
        _check_defense(fight, me.name, me.defense, intent, where)
        _check_parries(fight, intent, where)
        statement = Statement(fight, state, me, intent.actions)
        for j, action in enumerate(intent.actions):
            HANDLERS[type(action)].check(statement, action, f"{where}.actions[{j}]")
        _check_splits(me, statement, where, body.one_attack)
        _check_dodging(me.name, intent, where)
        if intent.engaged:
            _check_engaged(me.name, intent, where)
    return intents


#: Attacking physically: "attack and defend normally".
PHYSICAL = (Strike, Shoot, Grapple)
#: Attacking magically — or any spell: "defend normally and attack magically" (RQ-74).
MAGICAL = (Spell, Heal)


def _magical(action: AnyAction) -> bool:
    """A spell, but not one on the weapon in his hand (that one is part of the blow, RQ-70)."""
    return isinstance(action, MAGICAL) and not getattr(action, "on", "")


def _check_engaged_with(fight: Fight, intent: Intent, where: str) -> None:
    for foe in intent.engaged:
        if fight.combatant(foe) is None or foe == intent.who:
            raise _fail(f"{where}.engaged", f"{foe!r} is not a foe in the fight")


def _check_engaged(me: str, intent: Intent, where: str) -> None:
    """ "A character who starts a round already physically engaged in melee may either attack and defend
    normally, or defend normally and attack magically — not both"; "once that point in the round comes up,
    he's considered to be attacking (or defending) for the entire round" (RQ-74)."""
    with_whom = ", ".join(intent.engaged)
    first: AnyAction | None = None
    for j, action in enumerate(intent.actions):
        field = f"{where}.actions[{j}]"
        if first is None:
            if isinstance(action, PHYSICAL) or _magical(action):
                first = action
            continue
        if _magical(first) or not isinstance(action, (Strike, Shoot)):
            if isinstance(action, PHYSICAL) or _magical(action):
                raise _fail(field, f"{me} is already engaged in melee (with {with_whom}): one engaged may attack and defend "
                                   "normally, or defend normally and attack magically — not both")
            raise _fail(field, f"{me} is already engaged in melee (with {with_whom}): after the attack, nothing else "
                               "this round but parry and defend")


def _check_dodging(me: str, intent: Intent, where: str) -> None:
    """ "A dodging character may only move ½ his normal movement and may do nothing else but move and dodge" (RQ-76)."""
    if not any(isinstance(a, Move) and a.dodging for a in intent.actions):
        return
    for j, action in enumerate(intent.actions):
        if not isinstance(action, Move):
            raise _fail(f"{where}.actions[{j}]", f"dodging, {me} may do nothing else but move and dodge")
    if intent.parries:
        raise _fail(f"{where}.parries", f"dodging, {me} may do nothing else but move and dodge: no parry")


def _check_defense(fight: Fight, me: str, defense: int, intent: Intent, where: str) -> None:
    total = 0
    for foe, share in intent.defense.items():
        if fight.combatant(foe) is None or foe == me:
            raise _fail(f"{where}.defense", f"{foe!r} is not a foe in the fight")
        if share < MIN_DEFENSE_SHARE:
            raise _fail(f"{where}.defense", f"{share}% against {foe}: each share must be at least {MIN_DEFENSE_SHARE}%")
        total += share
    if total > defense:
        raise _fail(f"{where}.defense", f"{total}% allotted, more than {me}'s Defense of {defense}%")


def _check_parries(fight: Fight, intent: Intent, where: str) -> None:
    me = fight.combatant(intent.who)
    assert me is not None
    uses: dict[str, list[str]] = {}
    for k, parry in enumerate(intent.parries):
        field = f"{where}.parries[{k}]"
        arm = me.arm(parry.arm)
        if arm is None or arm.parry is None:
            raise _fail(f"{field}.arm", f"{parry.arm!r} is not one of {me.name}'s parrying weapons or shields")
        if parry.against and fight.combatant(parry.against) is None:
            raise _fail(f"{field}.against", f"{parry.against!r} is not in the fight")
        uses.setdefault(arm.name, []).append(parry.against)
    for name, against in uses.items():
        arm = me.arm(name)
        assert arm is not None and arm.parry is not None
        shares = [p.chance for p in intent.parries if p.arm == name]
        field = f"{where}.parries"
        if len(against) > 1 and ("" in against or len(set(against)) < len(against)):
            raise _fail(field, f"a split parry with the {name} must name a different foe for each share")
        _check_shares(me.name, name, arm.parry.chance, "parry", against, shares, field)


def _check_shares(me: str, name: str, skill: int, use: str, foes: list[str], shares: list[int | None], field: str) -> None:
    """ "A character may split his attacks or parries if, and only if, each resulting attack/parry would be 50%
    or higher": equal shares (RQ-50), or shares he states, each 50% or more and together no more than his
    whole (RQ-78)."""
    stated = [c for c in shares if c is not None]
    if len(foes) == 1:
        if stated:
            raise _fail(field, f"an undivided {'blow' if use == 'attack' else use} has no share: {stated[0]}% "
                               f"is for a split {use}")
        return
    if not stated:
        if skill < SPLIT_MINIMUM * len(foes):
            raise _fail(field, f"splitting the {name}'s {skill}% {use} {len(foes)} ways leaves less than "
                               f"{SPLIT_MINIMUM}% each")
        return
    if len(stated) < len(shares):
        raise _fail(field, f"a split {use} with the {name}: state a share for each foe, or none (equal shares)")
    for foe, share in zip(foes, stated, strict=True):
        if share < SPLIT_MINIMUM:
            raise _fail(field, f"{share}% against {foe}: each share of a split must be at least {SPLIT_MINIMUM}%")
    if sum(stated) > skill:
        raise _fail(field, f"{' + '.join(f'{c}%' for c in stated)} = {sum(stated)}%, more than {me}'s {skill}% "
                           f"with the {name}")


def _check_splits(me, s: Statement, where: str, one_attack: bool) -> None:
    strikes = s.strikes
    total = sum(len(t) for t in strikes.values())
    if one_attack and total > 1:
        raise _fail(f"{where}.actions", f"{me.name}'s second blow impaled last round: only one attack this round")
    for name, targets in strikes.items():
        arm = me.arm(name)
        if len(targets) > 1 and len(set(targets)) < len(targets):
            raise _fail(f"{where}.actions", f"a split attack cannot strike the same foe twice ({name})")
        _check_shares(me.name, name, arm.attack, "attack", targets, s.shares[name], f"{where}.actions")
