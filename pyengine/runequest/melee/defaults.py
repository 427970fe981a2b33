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
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.actions.base import Statement
from pyengine.runequest.melee.context import DOWN
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.model import Fight, FightState
from pyengine.runequest.melee.statement import Intent


def next_intents(fight: Fight, state: FightState, previous: tuple[Intent, ...]) -> tuple[Intent, ...]:
    """Last round's statements, carried into this round where they still can be made."""
    out: list[Intent] = []
    for intent in previous:
        me = fight.combatant(intent.who)
        if me is None or state.bodies[me.name].condition in DOWN:
            continue
        body = state.bodies[me.name]
        statement = Statement(fight, state, me, intent.actions)
        dead = statement.dead
        actions = tuple(a for a in intent.actions if HANDLERS[type(a)].carry(statement, a))
        parries = tuple(p for p in intent.parries if p.against not in dead and p.arm not in body.broken)
        defense = {foe: share for foe, share in intent.defense.items() if foe not in dead}
        candidate = msgspec.structs.replace(intent, actions=actions, parries=parries, defense=defense,
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
