"""Arms as a statement names them: by name (``medium shield (about 60 cm)``) or by table id
(``medium_shield``), the same arm either way (RQ-138): :func:`named_intents`, :func:`named_intent`.

A statement is read once into the arms' names, where a round, a schedule or a log first meets it,
so everything after (timing, checks, the log, the link) sees one spelling and both give the same
result. A name no arm has is left as it is: the checks refuse it, naming the field.
"""

from __future__ import annotations

import msgspec

from pyengine.runequest.melee.model import Combatant, Fight
from pyengine.runequest.melee.statement import Intent, PullOut, Spell

#: What names one of his own arms in an action, by the action's field.
OWN_ARM = "arm"


def named_intent(me: Combatant, intent: Intent, where: str, fight: Fight | None = None) -> Intent:
    """``intent`` with each of ``me``'s arms (and, given the ``fight``, a weapon pulled out of him) by
    its name; the same object when it names them so already.

    :raises IllegalActionError: a table id two of his arms share; its field under ``where``
        (``intents[0].actions[1].arm``; ``where`` ``""``: ``actions[1].arm``).
    """
    head = f"{where}." if where else ""
    actions = []
    for j, action in enumerate(intent.actions):
        field = f"{head}actions[{j}]"
        if hasattr(action, OWN_ARM):
            name = me.arm_name(action.arm, f"{field}.arm")
            if name != action.arm:
                action = msgspec.structs.replace(action, arm=name)
        elif isinstance(action, Spell) and action.on:
            name = me.arm_name(action.on, f"{field}.on")
            if name != action.on:
                action = msgspec.structs.replace(action, on=name)
        elif isinstance(action, PullOut) and fight is not None:
            owner = fight.combatant(action.owner)
            name = owner.arm_name(action.weapon, f"{field}.weapon") if owner is not None else action.weapon
            if name != action.weapon:
                action = msgspec.structs.replace(action, weapon=name)
        actions.append(action)
    parries = []
    for k, parry in enumerate(intent.parries):
        name = me.arm_name(parry.arm, f"{head}parries[{k}].arm")
        parries.append(parry if name == parry.arm else msgspec.structs.replace(parry, arm=name))
    if all(a is b for a, b in zip(actions, intent.actions, strict=True)) and all(
            p is q for p, q in zip(parries, intent.parries, strict=True)):
        return intent
    return msgspec.structs.replace(intent, actions=tuple(actions), parries=tuple(parries))


def named_intents(fight: Fight, intents: tuple[Intent, ...]) -> tuple[Intent, ...]:
    """Everyone's statements with their arms by name (:func:`named_intent`); a statement by someone not
    in the fight is left as it is (the checks refuse it). The same tuple when nothing changed.

    :raises IllegalActionError: a table id two of someone's arms share (``intents[i]…``).
    """
    out = []
    for i, intent in enumerate(intents):
        me = fight.combatant(intent.who)
        out.append(intent if me is None else named_intent(me, intent, f"intents[{i}]", fight))
    if all(a is b for a, b in zip(out, intents, strict=True)):
        return intents
    return tuple(out)
