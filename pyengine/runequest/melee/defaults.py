"""Next round's statements, by default the same as last round's (issue 6: "defaults: same as last round").

What can no longer be done is left out, so the referee only changes what the fight
changed: a combatant who is dead, unconscious or incapacitated states nothing; an
action at a foe who is dead, or with a weapon that is broken, stuck or out of reach,
is dropped; a weapon readied last round is in hand now (no second "ready"); an
extraction of a weapon no longer stuck is dropped; Defense shares and parries
against a foe who is dead are dropped.
"""

from __future__ import annotations

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.intent import (
    Extract,
    Grapple,
    Heal,
    Intent,
    PullOut,
    Ready,
    Shoot,
    Spell,
    Strike,
    check_intents,
)
from pyengine.runequest.melee.model import Fight, FightState

DOWN = ("dead", "unconscious", "incapacitated")


def next_intents(fight: Fight, state: FightState, previous: tuple[Intent, ...]) -> tuple[Intent, ...]:
    """Last round's statements, carried into this round where they still can be made."""
    out: list[Intent] = []
    for intent in previous:
        me = fight.combatant(intent.who)
        if me is None or state.bodies[me.name].condition in DOWN:
            continue
        body = state.bodies[me.name]
        dead = {name for name, b in state.bodies.items() if b.condition == "dead"}
        actions = []
        for action in intent.actions:
            target = getattr(action, "target", "")
            if target and target in dead and not isinstance(action, Heal):
                continue
            if isinstance(action, Ready) and action.arm in body.in_hand:
                continue
            if isinstance(action, (Strike, Shoot, Grapple, Ready, Extract)):
                arm = action.arm
                if arm in body.broken or (arm in body.gone and not isinstance(action, Extract)):
                    continue
            if isinstance(action, Extract) and not any(
                s.owner == me.name and s.weapon == action.arm and not s.missile
                for b in state.bodies.values()
                for s in b.stuck_in
            ):
                continue
            if isinstance(action, PullOut) and not any(
                s.owner == action.owner and s.weapon == action.weapon for s in body.stuck_in
            ):
                continue
            if isinstance(action, Spell) and target in dead:
                continue
            actions.append(action)
        parries = tuple(p for p in intent.parries if p.against not in dead and p.arm not in body.broken)
        defense = {foe: share for foe, share in intent.defense.items() if foe not in dead}
        candidate = msgspec.structs.replace(intent, actions=tuple(actions), parries=parries, defense=defense,
                                            surprised=False, aborted=())
        try:
            check_intents(fight, state, (candidate,))
        except IllegalActionError:
            candidate = msgspec.structs.replace(candidate, actions=(), defense={})
            try:
                check_intents(fight, state, (candidate,))
            except IllegalActionError:
                continue
        out.append(candidate)
    return tuple(out)
