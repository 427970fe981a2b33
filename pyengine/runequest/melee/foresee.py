"""What the round will make of a statement, told before it is resolved: :func:`foreseen`.

Seed ch. III, "First Phase — Statement of Intent": "During the course of this melee round,
intentions may be aborted but not altered". A statement carried from last round, or typed, may
name what the fight has since made impossible or different: a parry with a shield on an arm now
useless, a blow with a weapon dropped, broken or stuck in a foe, a blow at a foe who is down, a
missile thrown and gone. The round would abort it, or strike otherwise, and say so only in its log;
the statement's row says it at once, in the same words, because it asks the round's own answers
(:mod:`.usable`, :func:`~.intent.check_intents`), never a second copy of the rules (RQ-139).
"""

from __future__ import annotations

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.chance import ADVANTAGE
from pyengine.runequest.melee import harm
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.actions.base import Statement
from pyengine.runequest.melee.context import DOWN
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.model import Fight, FightState
from pyengine.runequest.melee.statement import Intent, PickUp, Ready, Shoot, Strike
from pyengine.runequest.melee.usable import helpless, parry_refused, target_dead, totally_helpless, unusable
from pyengine.runequest.pronouns import THEY, Pronouns

#: How a statement the round would refuse whole is told (:func:`~.intent.check_intents`'s message follows).
REFUSED = "the round will refuse this statement: "
#: What a parry the round will not make comes to.
NO_PARRY = ": no parry with it this round"


def foreseen(fight: Fight, state: FightState, intent: Intent, pronouns: Pronouns = THEY) -> tuple[str, ...]:
    """What of ``intent`` the round will refuse, abort or do otherwise, given everyone's state now, each in
    words (``()``: it will be done as stated, or it is not yet a whole statement; ``pronouns``: the
    fighter's, as the round's words say them, RQ-145)."""
    me = fight.combatant(intent.who)
    if me is None or intent.who not in state.bodies or state.bodies[intent.who].condition in DOWN:
        return ()
    try:
        msgspec.convert(msgspec.to_builtins(intent), type=Intent)
    except msgspec.ValidationError:  # not yet a whole statement: Resolve names the field
        return ()
    try:
        check_intents(fight, state, (intent,))
    except IllegalActionError as exc:
        return (f"{REFUSED}{exc}",)
    bodies = state.bodies
    out: list[str] = []
    statement = Statement(fight, state, me, intent.actions)
    for j, action in enumerate(intent.actions):
        HANDLERS[type(action)].check(statement, action, f"intents[0].actions[{j}]")
        if j in intent.aborted:
            continue
        what = HANDLERS[type(action)].describe(me.name, action, pronouns).removeprefix(f"{me.name} ")
        if isinstance(action, (Strike, Shoot)):
            arm = me.arm(action.arm)
            assert arm is not None
            why = target_dead(bodies, action.target) or unusable(fight, bodies, me.name, arm)
            if why:
                out.append(f"{what}: aborted, {why}")
            elif bodies[action.target].condition == "unconscious":
                out.append(f"{what}: {totally_helpless(action.target)}")
            elif helpless(bodies, action.target):
                down = bodies[action.target]
                how = down.condition if down.condition in DOWN else "on the ground" if down.on_ground else "held immobilised"
                out.append(f"{what}: {action.target} is {how}, helpless: +{ADVANTAGE}% to hit (RQ-49)")
        elif isinstance(action, Ready):
            arm = me.arm(action.arm)
            assert arm is not None
            why = unusable(fight, bodies, me.name, arm)
            if why:
                out.append(f"{what}: aborted, {why}")
        elif isinstance(action, PickUp):
            arm = me.arm(action.arm)
            assert arm is not None
            why = harm.useless_hand(me, bodies[me.name], arm)
            if why:
                out.append(f"{what}: aborted, {why}")
    held = statement.held
    for parry in intent.parries:
        arm = me.arm(parry.arm)
        if arm is None:
            continue
        body = bodies[me.name]
        if arm.name in held and arm.name not in body.in_hand:
            # drawn in his statement: in his hand for the parry once drawn
            body = msgspec.structs.replace(body, in_hand=(*body.in_hand, arm.name))
        refused = parry_refused(fight, {**bodies, me.name: body}, me.name, arm)
        if refused:
            out.append(f"{refused}{NO_PARRY}")
    return tuple(dict.fromkeys(out))


def left_out(fight: Fight, state: FightState, previous: Intent, carried: Intent | None,
             pronouns: Pronouns = THEY) -> tuple[str, ...]:
    """Why each action and parry of last round's ``previous`` statement is not in this round's ``carried``
    one (``melee.defaults``), in the round's words: a carried statement never silently loses a blow."""
    actions = () if carried is None else carried.actions
    parries = () if carried is None else carried.parries
    out: list[str] = []
    for action in previous.actions:
        if action in actions:
            continue
        what = HANDLERS[type(action)].describe(previous.who, action, pronouns).removeprefix(f"{previous.who} ")
        why = foreseen(fight, state, Intent(who=previous.who, actions=(action,)), pronouns)
        if why:  # none: it was done (a weapon readied is in hand, one pulled free is free)
            reason = why[0].removeprefix(REFUSED).removeprefix(f"{what}: ").removeprefix("aborted, ")
            out.append(f"last round's {what} is not carried on: {reason}")
    for parry in previous.parries:
        if parry in parries:
            continue
        why = foreseen(fight, state, Intent(who=previous.who, parries=(parry,)), pronouns)
        if why:
            out.append(f"last round's parry is not carried on: {why[0].removesuffix(NO_PARRY)}")
        elif target_dead(state.bodies, parry.against):
            out.append(f"last round's parry with the {parry.arm} against {parry.against} is not carried on: "
                       f"{target_dead(state.bodies, parry.against)}")
    return tuple(out)
