"""When each declared action happens: strike ranks (seed ch. III, "The Melee Round").

A combatant's actions follow one another and their costs add up, the way the seed
counts them: "toss a Disruption spell — taking 3 points for a character of average
DEX — then move 9 meters (3 more points) and draw his bow and an arrow (5 points for
readying a weapon). He's then out of points and cannot fire that round, since
loosing the arrow would cost another 3 points". What each costs:

* a melee blow: the weapon's strike rank (DEX SR + SIZ SR + length SR), counted
  from what went before it (RQ-44); +5 first if the weapon is not in hand. Movement
  before it is not counted when two fighters meet: "any time two fighters meet in
  melee, however long they've each traveled to get to that meeting, strike rank is
  figured normally for them" — only when he "joins an already-ongoing melee" (his foe,
  or he himself, starts the round engaged); a spell or a missile after moving counts
  the movement ("charges across the room at a foe while casting a spell against him
  ... using a missile weapon against him"). With the optional rule, against a foe he
  was engaged with last round, DEX SR alone (RQ-81);
* a second weapon's blow: "the strike rank of the first attack, added to the usual
  strike rank for the second weapon ... If the two strike ranks together add up to
  more than 12, then neither can attack that round at all";
* a split attack's second blow: the first blow's strike rank + 5;
* a missile: DEX SR, +5 first if it is not prepared (after a shot a bow must be
  readied again: "two arrows ... strike rank 3 for the first shot, then 5 to ready a
  new arrow, then 3 to shoot it — 11 points total");
* a spell: DEX SR + the spell's own SR (+5 switching from a weapon in hand, RQ-45; +5
  not already prepared, RQ-77); on the weapon in his hand, the spell's own SR only (RQ-70);
* movement: 1 per 3 m; readying, changing or picking up a weapon, sheathing one: 5 each;
  at the referee's option a ready and the move just before or after it overlap (RQ-72);
* later grapple actions, extraction by the victim: DEX SR alone;
* surprised: +3 to the round (RQ-8).

"No action or combination of actions may be performed in one melee round if the
total strike rank required adds up to more than 12": an action past 12 is marked
and not done; the ones before it are.
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.arm_names import OWN_ARM, named_intent
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.model import MELEE_RULES, Body, Combatant, MeleeRules
from pyengine.runequest.melee.statement import Intent, Spell, engagements
from pyengine.runequest.tables.strike_ranks import StrikeRankTable

__all__ = ["Timed", "schedule"]


def schedule(me: Combatant, body: Body, intent: Intent, table: StrikeRankTable, *, rules: MeleeRules = MELEE_RULES,
             melees: Mapping[str, frozenset[str]] | None = None) -> list[Timed]:
    """His actions with their strike ranks, in his order (each timed by its handler).

    ``melees``: who starts the round engaged with whom, from everyone's statements
    (:func:`~.statement.engagements`); by default his own statement's. An arm is named by its name or
    its table id (RQ-138); what the rules forbid is :func:`~.intent.check_intents`' to refuse.

    :raises IllegalActionError: a statement that is not his, or an arm he does not have (the field
        named: ``who``, ``actions[1].arm``, ``actions[0].on``, ``parries[0].arm``).
    """
    intent = _his(me, intent)
    clock = Clock(me, body, intent.actions, table, surprised=intent.surprised, rules=rules,
                  melees=engagements((intent,)) if melees is None else melees)
    settle = []
    for action in intent.actions:
        handler = HANDLERS[type(action)]
        clock.previous, clock.pair, clock.cited = clock.pair, None, []
        handler.time(clock, action)
        if handler.settle is not None and handler.settle not in settle:
            settle.append(handler.settle)
    for rule in settle:
        rule(clock)
    return clock.out


def _his(me: Combatant, intent: Intent) -> Intent:
    """``intent`` with his arms by name, each one he has."""
    if intent.who != me.name:
        raise IllegalActionError(f"{intent.who!r} stated it, not {me.name}: time a fighter's own statement",
                                 field="who")
    intent = named_intent(me, intent, "")
    named = [(f"actions[{j}].arm", a.arm) for j, a in enumerate(intent.actions) if hasattr(a, OWN_ARM)]
    named += [(f"actions[{j}].on", a.on) for j, a in enumerate(intent.actions) if isinstance(a, Spell) and a.on]
    named += [(f"parries[{k}].arm", p.arm) for k, p in enumerate(intent.parries)]
    for field, name in named:
        if me.arm(name) is None:
            raise IllegalActionError(f"{name!r} is not one of {me.name}'s weapons", field=field)
    return intent
