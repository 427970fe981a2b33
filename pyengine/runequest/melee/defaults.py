"""Next round's statements, by default the same as last round's: at the table most fighters do again what they did.

What can no longer be done is left out, so the referee only changes what the fight
changed: a combatant who is dead, unconscious or incapacitated states nothing; an
action at a foe who is dead, or with a weapon that is broken, stuck or out of reach,
is dropped; a weapon readied last round is in hand now (no second "ready"); an
extraction of a weapon no longer stuck is dropped; Defense shares and parries
against a foe who is dead are dropped. Who is engaged with whom comes from last round's
melee blows and holds (:func:`engaged_after`): "A character who starts a round already
physically engaged in melee" (RQ-74).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.actions.base import Statement
from pyengine.runequest.melee.arm_names import named_intents
from pyengine.runequest.melee.context import DOWN, Event
from pyengine.runequest.melee.intent import check_intents, check_state
from pyengine.runequest.melee.model import Fight, FightState
from pyengine.runequest.melee.statement import Intent, Shoot, Strike

#: The events of a round that engage two fighters in melee: a blow struck, a hold tried.
MELEE_KINDS = ("attack", "grapple")


def engaged_after(fight: Fight, state: FightState, events: Sequence[Event]) -> dict[str, tuple[str, ...]]:
    """Who starts the next round engaged with whom: each melee blow or hold made this round, and each hold
    kept, joins the two in melee while both are still up (RQ-74). Names in the fight's order."""
    up = {name for name, body in state.bodies.items() if body.condition not in DOWN}
    pairs = {(e.who, e.target) for e in events if e.done and e.kind in MELEE_KINDS and e.target and e.target != e.who}
    pairs |= {(name, h.on) for name, body in state.bodies.items() for h in body.holds}
    foes: dict[str, set[str]] = {}
    for a, b in pairs:
        if a in up and b in up:
            foes.setdefault(a, set()).add(b)
            foes.setdefault(b, set()).add(a)
    order = [c.name for c in fight.combatants]
    return {name: tuple(n for n in order if n in with_whom) for name, with_whom in foes.items()}


def retargeted(fight: Fight, state: FightState, previous: tuple[Intent, ...],
               gone: Collection[str] = ()) -> tuple[tuple[Intent, ...], dict[str, str]]:
    """Last round's statements with each blow or shot at a foe who fell (dead, unconscious, incapacitated) or
    left the fight (``gone``) turned on the first foe of another side still standing, and what to tell each
    one whose target fell (``{"Aldo": "Bera is dead: now at Cora"}``: the order never silently
    becomes "nothing"). The statements of those who left are left out."""
    notes: dict[str, str] = {}
    out: list[Intent] = []
    for intent in previous:
        me = fight.combatant(intent.who)
        if intent.who in gone:
            continue
        if me is None:
            out.append(intent)
            continue
        standing = [o.name for o in fight.combatants if o.side != me.side and o.name in state.bodies
                    and state.bodies[o.name].condition not in DOWN and o.name not in gone]
        actions = []
        for action in intent.actions:
            if isinstance(action, (Strike, Shoot)) and action.target in state.bodies:
                condition = "gone" if action.target in gone else state.bodies[action.target].condition
                if condition in (*DOWN, "gone"):
                    condition = "out of the fight" if condition == "gone" else condition
                    if standing:
                        notes[me.name] = f"{action.target} is {condition}: now at {standing[0]}"
                        action = msgspec.structs.replace(action, target=standing[0])
                    else:
                        notes[me.name] = f"{action.target} is {condition}: no foe is left standing"
                        if action.target in gone:
                            continue
            actions.append(action)
        out.append(msgspec.structs.replace(intent, actions=tuple(actions)))
    return tuple(out), notes


def next_intents(fight: Fight, state: FightState, previous: tuple[Intent, ...],
                 events: Sequence[Event] | None = None) -> tuple[Intent, ...]:
    """Last round's statements, carried into this round where they still can be made; with last round's
    ``events``, each says who he is engaged with now (without them, last round's say, less the fallen).

    :raises IllegalActionError: at ``state.bodies``, a state that is not the fight's; a table id two of
        someone's arms share.
    """
    check_state(fight, state)
    previous = named_intents(fight, tuple(previous))  # an arm named by table id carries as by name (RQ-138)
    engaged = engaged_after(fight, state, events) if events is not None else None
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
        with_whom = (engaged.get(me.name, ()) if engaged is not None else
                     tuple(f for f in intent.engaged if state.bodies[f].condition not in DOWN))
        candidate = msgspec.structs.replace(intent, actions=actions, parries=parries, defense=defense,
                                            surprised=False, aborted=(), engaged=with_whom)
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
