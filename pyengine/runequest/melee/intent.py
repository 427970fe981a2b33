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
    PullOut,
    Ready,
    Shoot,
    Spell,
    Strike,
)

__all__ = [
    "Action", "AnyAction", "Extract", "Grapple", "Heal", "Intent", "Move", "ParryIntent", "PullOut", "Ready", "Shoot",
    "Spell", "Strike", "check_intents",
]

MIN_DEFENSE_SHARE = 5
#: Splitting attacks or parries: "if, and only if, each resulting attack/parry would be 50% or higher".
SPLIT_MINIMUM = 50


def check_intents(fight: Fight, state: FightState, intents: tuple[Intent, ...]) -> None:
    """Refuses statements the rules forbid.

    :raises IllegalActionError: its ``field`` is the statement's path (``intents[1].actions[0].target``),
        its message says what is wrong with the value.
    """
    try:
        msgspec.convert(msgspec.to_builtins(intents), type=tuple[Intent, ...])
    except msgspec.ValidationError as exc:
        path = str(exc).rpartition(" - at `$")[2].rstrip("`")
        raise _fail(f"intents{path}" if path else "intents", str(exc).partition(" - at ")[0]) from None
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
        _check_defense(fight, me.name, me.defense, intent, where)
        _check_parries(fight, intent, where)
        statement = Statement(fight, state, me, intent.actions)
        for j, action in enumerate(intent.actions):
            HANDLERS[type(action)].check(statement, action, f"{where}.actions[{j}]")
        _check_splits(me, statement.strikes, where, body.one_attack)


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
        if len(against) > 1:
            arm = me.arm(name)
            assert arm is not None and arm.parry is not None
            if arm.parry.chance < SPLIT_MINIMUM * len(against):
                raise _fail(
                    f"{where}.parries",
                    f"splitting the {name}'s {arm.parry.chance}% parry {len(against)} ways leaves less than {SPLIT_MINIMUM}% each",
                )
            if "" in against or len(set(against)) < len(against):
                raise _fail(f"{where}.parries", f"a split parry with the {name} must name a different foe for each share")


def _check_splits(me, strikes: dict[str, list[str]], where: str, one_attack: bool) -> None:
    total = sum(len(t) for t in strikes.values())
    if one_attack and total > 1:
        raise _fail(f"{where}.actions", f"{me.name}'s second blow impaled last round: only one attack this round")
    for name, targets in strikes.items():
        if len(targets) > 1:
            arm = me.arm(name)
            if arm.attack < SPLIT_MINIMUM * len(targets):
                raise _fail(
                    f"{where}.actions",
                    f"splitting the {name}'s {arm.attack}% attack {len(targets)} ways leaves less than {SPLIT_MINIMUM}% each",
                )
            if len(set(targets)) < len(targets):
                raise _fail(f"{where}.actions", f"a split attack cannot strike the same foe twice ({name})")
