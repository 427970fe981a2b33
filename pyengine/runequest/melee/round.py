"""One melee round, resolved in strike-rank order: :func:`resolve_round`.

Seed ch. III, "Third Phase": "each attack of whatever type is resolved in strike rank
order. The lowest strike rank always strikes first ... If one opponent disables
another before the second one can attack, the disabled character gets no attack at
all — missile, spell, or melee weapon. If both combatants have the same strike rank,
their DEX scores are compared, and the faster combatant strikes first. If the DEXs
are also the same, both strikes are simultaneous: damage is not assessed until both
attacks have been rolled and resolved" (RQ-48). Then the fourth phase, bookkeeping:
bleeding clocks, weapons worked free when left alone, reloading, experience marks.

Each blow is one :func:`~pyengine.runequest.combat.exchange.resolve_exchange`; its harm is
carried into the state here.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby

import msgspec

from pyengine.dice import Dice, RollLog, RollMade
from pyengine.runequest.combat.model import RULES, Rules
from pyengine.runequest.healing.bodies import body_changes, wounds_of
from pyengine.runequest.healing.elapse import count_down
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.clock import Timed
from pyengine.runequest.melee.context import DOWN, Event, MeleeTables, RoundContext
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.model import MELEE_RULES, Fight, FightState, MeleeRules
from pyengine.runequest.melee.statement import AnyAction, Intent, engagements
from pyengine.runequest.melee.timing import schedule
from pyengine.runequest.pronouns import Pronouns
from pyengine.tables import Record

__all__ = ["Event", "MeleeTables", "RoundResult", "describe", "resolve_round"]


class RoundResult(Record):
    round: int
    events: tuple[Event, ...]
    state: FightState
    rolls: tuple[int, ...]
    made: tuple[RollMade, ...] = ()
    """Each of ``rolls``, with what it was for (``"Aldo attacks Bera with the broadsword: attack"``): derived
    as the round is resolved, or replayed from a link, never kept in one."""


def describe(who: str, action: AnyAction) -> str:
    """An action in words: ``Aldo attacks Bera with the broadsword``."""
    handler = HANDLERS.get(type(action))
    return handler.describe(who, action) if handler is not None else who


def act(r: RoundContext, t: Timed) -> None:
    """One action at its strike rank: done by its handler, unless it is too late, aborted, or he is disabled."""
    handler = HANDLERS[type(t.action)]
    what = handler.describe(t.who, t.action, r.p(t.who))
    if t.too_late:
        return r.skip(t, what, t.too_late)
    if t.index in r.intents[t.who].aborted:
        return r.skip(t, what, f"aborted by {r.p(t.who).his} player (intentions may be aborted, not altered)")
    unable = r.unable(t.who)
    if unable and not handler.despite(r, t):
        p = r.p(t.who)
        return r.skip(t, what, f"{unable}: {p.does('does', 'do')} nothing (disabled before {p.his} strike rank, RQ-49)")
    handler.act(r, t)


#: The rates of fire of a missile weapon that is ready again as soon as there is time (not a slow one).
QUICK_RATES = ("S/MR", "1/MR")


def ready_again(r: RoundContext, timeline: list[Timed], end: int) -> None:
    """A bow or sling in hand, not ready, whose archer has a change of weapon's strike ranks left once his
    last action is done, is ready to shoot at the start of the next round: "if he starts the round with an
    arrow already nocked" (RQ-110, rules edition 3)."""
    if r.melee_rules.played_by < 3:
        return
    cost = r.tables.strike_ranks.modifiers.change_weapon
    busy: dict[str, int] = {}
    for t in timeline:
        busy[t.who] = max(busy.get(t.who, 0), t.sr)
    for c in r.fight.combatants:
        body = r.bodies[c.name]
        if body.condition in DOWN:
            continue
        arms = [a for n in body.in_hand if (a := c.arm(n)) is not None]
        unready = [a.name for a in arms if a.weapon is not None and a.weapon.kind == "projectile"
                   and a.rate in QUICK_RATES and a.name not in body.prepared and a.name not in body.reload]
        spare = end - busy.get(c.name, 0)
        if unready and spare >= cost:
            r.set(c.name, prepared=(*body.prepared, *unready))
            r.events.append(Event(sr=end, who=c.name, what=f"{c.name} readies the {' and '.join(unready)}",
                                  kind="rearm", outcome=f"{spare} strike ranks to spare: ready to shoot at the "
                                  "start of the next round (RQ-110)"))


def bookkeeping(r: RoundContext, timeline: list[Timed] = ()) -> None:
    """The fourth phase: what waits for the round's end, slow missiles reloading, bleeding clocks (RQ-53), a bow
    or sling readied with the time left (RQ-110)."""
    end = r.tables.strike_ranks.modifiers.round_limit
    for then in r.at_end:
        then(end)
    for name in list(r.bodies):
        body = r.bodies[name]
        changes: dict = {}
        if body.reload:
            changes["reload"] = {k: v - 1 for k, v in body.reload.items() if v > 1}
        if (body.bleeding or body.severed) and body.condition != "dead":
            c = r.combatant(name)
            ticked, steps = count_down(c, wounds_of(c, body), 1)
            changes.update(body_changes(ticked))
            for s in steps:
                kind = "bleed" if s.field == "condition" else "severed"
                r.events.append(Event(sr=end, who=name, what=f"{name} {'bleeds' if kind == 'bleed' else 'is not reknit'}",
                                      kind=kind, outcome=f"{s.text} (RQ-53)"))
        if changes:
            r.set(name, **changes)
            if changes.get("condition") == "dead":
                r.release(name)
    ready_again(r, list(timeline), end)


def resolve_round(
    fight: Fight,
    state: FightState,
    intents: tuple[Intent, ...],
    *,
    dice: Dice,
    tables: MeleeTables,
    rules: Rules = RULES,
    melee_rules: MeleeRules = MELEE_RULES,
    pronouns: Mapping[str, Pronouns] | None = None,
) -> RoundResult:
    """Resolves one round from everyone's statements of intent (``rules``: the exchange's optional rules;
    ``melee_rules``: the round's, RQ-72 and RQ-81; ``pronouns``: the saved adventurers' by name, for the
    round's words only, RQ-145: the state is the same whatever they are).

    Statements may name an arm by its name or its table id (RQ-138): the result is the same.

    :raises IllegalActionError: a statement the rules forbid, or a state that is not the fight's (the field is named).
    :raises RollError: the dice run out (:class:`NoRollLeft`, with the die needed) or give a value off the die.
    """
    intents = check_intents(fight, state, intents)  # each arm by its name from here on (RQ-138)
    rd = RollLog(dice, within="the round")
    r = RoundContext(fight, state, intents, rd, tables, rules, melee_rules, pronouns)
    r.defenceless.update(i.who for i in intents if any(HANDLERS[type(a)].defenceless for a in i.actions))
    for name, body in state.bodies.items():
        if body.one_attack:
            r.set(name, one_attack=False)
    order = {c.name: k for k, c in enumerate(fight.combatants)}
    timeline: list[Timed] = []
    melees = engagements(intents)
    for intent in intents:
        me = fight.combatant(intent.who)
        assert me is not None
        timeline.extend(schedule(me, state.bodies[me.name], intent, tables.strike_ranks, rules=melee_rules,
                                 melees=melees))

    def instant(t: Timed) -> tuple:
        """When it happens: its strike rank, an immobilisation first, then the higher DEX (RQ-48)."""
        return (t.sr, 0 if HANDLERS[type(t.action)].first(t.action) else 1, -t.dex)

    timeline.sort(key=lambda t: (*instant(t), order[t.who], t.index))
    for _, group_iter in groupby(timeline, key=instant):
        group = list(group_iter)
        together = len({t.who for t in group}) > 1
        start = len(r.events)
        for t in group:
            act(r, t)
            if not together:
                r.land()
        r.land()
        r.throws.clear()
        if together:
            for k in range(start, len(r.events)):
                r.events[k] = msgspec.structs.replace(r.events[k], simultaneous=True)
    bookkeeping(r, timeline)
    new_state = FightState(round=r.number, bodies=r.bodies)
    return RoundResult(round=r.number, events=tuple(r.events), state=new_state, rolls=rd.values,
                       made=rd.named)
