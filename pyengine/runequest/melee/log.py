"""A whole fight as one share link (kind ``fight``, version 6; versions 1 to 5 read) and one JSON export.

The log carries the combatants and, for each round, the statements of intent and
the rolls — never results: opening it resolves every round again with
``ScriptedDice(rolls)``, which gives the same state (docs/formats.md, "Share-link
kind fight"). Undo is dropping the last round. Version 6 writes the same log in a compact form
(:mod:`.compact`); :func:`situation_now` is a fight that starts where another one stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.errors import IllegalActionError, RollError, ShareLinkError
from pyengine.runequest.combat.model import RULES, Rules
from pyengine.runequest.combat.state import export_data, link_or_export
from pyengine.runequest.melee import compact
from pyengine.runequest.melee.arm_names import named_intents
from pyengine.runequest.melee.intent import Intent
from pyengine.runequest.melee.model import (
    MELEE_RULES,
    RULES_EDITION,
    Fight,
    FightState,
    MeleeRules,
    Name,
    Start,
    start,
)
from pyengine.runequest.melee.round import MeleeTables, RoundResult, resolve_round
from pyengine.runequest.pronouns import Pronouns
from pyengine.share import LinkKind, SharedState
from pyengine.tables import Record
from pyengine.validation import explain, place

KIND = "fight"
#: The link's version: 6 is the compact log (:mod:`.compact`); what each earlier version carries, and
#: that each still opens, is in docs/formats.md ("Fight links").
VERSION = 6
#: The edition of the rounds' rules each link version and export format was played by, when its
#: ``melee_rules`` does not say: a link or export made before a correction replays as it did. Edition 4
#: came without a new version: a version 6 link or format 6 export made since says ``"edition": 4``.
EDITION_OF_LINK = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
EDITION_OF_EXPORT = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}
#: The JSON export's format: 6 carries what link version 5 does, each event's ``working`` a step
#: (``{"field": "sr", "text", "rule", "rulings", "value"}``, ``null`` for bookkeeping); every earlier
#: format still reads (docs/formats.md, "Fight exports").
EXPORT_FORMAT = 6
#: The most rounds a fight's log holds: a long evening at the table is 300 rounds and more, and the
#: link's 16,384 characters are what bounds a fight in practice.
MAX_ROUNDS = 1000
MAX_ROLLS = 400


class RoundRecord(Record, omit_defaults=True):
    intents: Annotated[tuple[Intent, ...], msgspec.Meta(max_length=24)] = ()
    rolls: Annotated[tuple[Annotated[int, msgspec.Meta(ge=1, le=100)], ...], msgspec.Meta(max_length=MAX_ROLLS)] = ()


class Leaving(Record, omit_defaults=True):
    """A combatant the referee took out of the fight once a round was resolved: he fled, gave
    up, or is no longer played. From the next round on he states nothing and nobody aims at him; his state
    stays as the rounds left it."""

    who: Name
    after: Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUNDS)]
    """The rounds resolved when he left."""


class FightLog(Record, omit_defaults=True):
    fight: Fight
    rounds: Annotated[tuple[RoundRecord, ...], msgspec.Meta(max_length=MAX_ROUNDS)] = ()
    rules: Rules = RULES
    """The exchange's optional rules (critical and fumbled parries)."""
    melee_rules: MeleeRules = MELEE_RULES
    """The rounds' optional rules (readying while moving, DEX alone against the same foe)."""
    left: Annotated[tuple[Leaving, ...], msgspec.Meta(max_length=24)] = ()
    """Who left the fight, and when (link version 5)."""

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for k, gone in enumerate(self.left):
            if self.fight.combatant(gone.who) is None:
                raise ValueError(f"left[{k}]: {gone.who!r} is not in the fight")
            if gone.who in seen:
                raise ValueError(f"left[{k}]: {gone.who!r} left twice")
            if gone.after > len(self.rounds):
                raise ValueError(f"left[{k}]: {gone.who!r} left after round {gone.after}, of {len(self.rounds)}")
            seen.add(gone.who)

    def gone(self, before_round: int | None = None) -> dict[str, int]:
        """Who has left the fight before round ``before_round`` (default: the next round), and after which round."""
        n = len(self.rounds) + 1 if before_round is None else before_round
        return {g.who: g.after for g in self.left if g.after < n}


def check_left(log: FightLog, n: int, intents: tuple[Intent, ...]) -> None:
    """Round ``n``'s statements name nobody who had left (:raises IllegalActionError: one does)."""
    gone = log.gone(n)
    for i, intent in enumerate(intents):
        if intent.who in gone:
            raise IllegalActionError(f"{intent.who} left the fight after round {gone[intent.who]}",
                                     field=f"intents[{i}]")
        for j, action in enumerate(intent.actions):
            target = getattr(action, "target", "")
            if target in gone:
                raise IllegalActionError(f"{target} left the fight after round {gone[target]}",
                                         field=f"intents[{i}].actions[{j}].target")


class Replayed(Record):
    state: FightState
    rounds: tuple[RoundResult, ...]


def replay(log: FightLog, tables: MeleeTables, pronouns: Mapping[str, Pronouns] | None = None) -> Replayed:
    """Every round again from its rolls (``pronouns``: the saved adventurers' by name, for the words only, RQ-145).

    :raises RollError: a round's rolls stop short or are left over (the round is named).
    :raises IllegalActionError: a round's statements do not fit the state (the round is named).
    """
    state = start(log.fight)
    results: list[RoundResult] = []
    for n, record in enumerate(log.rounds, start=1):
        dice = ScriptedDice(record.rolls)
        try:
            check_left(log, n, record.intents)
            result = resolve_round(log.fight, state, record.intents, dice=dice, tables=tables, rules=log.rules,
                                   melee_rules=log.melee_rules, pronouns=pronouns)
        except NoRollLeft as exc:
            raise RollError(f"round {n}: the rolls stop short: {exc}") from None
        except (RollError, IllegalActionError) as exc:
            said = place(f".{exc.field}", msgspec.to_builtins({"intents": record.intents})) if exc.field else ""
            where = f"{said}: " if said else ""
            field = f"rounds[{n - 1}].{exc.field}" if exc.field else f"rounds[{n - 1}]"
            raise type(exc)(f"round {n}: {where}{exc}", field=field) from None
        if dice.remaining:
            raise RollError(f"round {n}: {len(dice.remaining)} roll(s) left over ({', '.join(map(str, dice.remaining))})")
        results.append(result)
        state = result.state
    return Replayed(state=state, rounds=tuple(results))


def to_state(log: FightLog) -> dict[str, Any]:
    # the edition this link version implies goes without saying; any other is written, today's too: a
    # version 6 link that says nothing was made before edition 4 and replays by edition 3
    edition = log.melee_rules.played_by
    said = None if edition == EDITION_OF_LINK[VERSION] else edition
    if log.melee_rules.edition != said:
        log = msgspec.structs.replace(log, melee_rules=msgspec.structs.replace(log.melee_rules, edition=said))
    data: dict[str, Any] = msgspec.to_builtins(log)
    return data


def to_link(log: FightLog) -> str:
    """A share-link fragment (without ``#``), version 6's compact form."""
    return LINK.link(compact.pack(to_state(log), log.fight.combatants))


class Linker:
    """Writes the links of a fight as it grows (fight mode's, after every round): the rounds packed for
    the last link are kept, so a log with one round more packs only that round. The link is
    :func:`to_link`'s, character for character."""

    def __init__(self) -> None:
        self._fight: Fight | None = None
        self._rounds: tuple[RoundRecord, ...] = ()
        self._packed: list[list[Any]] = []
        self._packer: compact.RoundPacker | None = None

    def link(self, log: FightLog) -> str:
        """:raises ShareLinkError: the fight is too big for a link."""
        known = len(self._rounds)
        if (self._packer is None or log.fight is not self._fight or len(log.rounds) < known
                or any(a is not b for a, b in zip(log.rounds, self._rounds, strict=False))):
            self._fight, self._rounds, self._packed = log.fight, (), []
            self._packer, known = compact.RoundPacker(log.fight.combatants), 0
        for record in log.rounds[known:]:
            self._packed.append(self._packer.pack(msgspec.to_builtins(record)))
        self._rounds = log.rounds
        head = to_state(FightLog(fight=log.fight, rules=log.rules, melee_rules=log.melee_rules))
        if log.left:
            head["left"] = msgspec.to_builtins(log.left)
        return LINK.link(compact.pack(head, log.fight.combatants, list(self._packed)))


def _convert(data: Any, what: str, *, edition: int = RULES_EDITION) -> FightLog:
    """The log ``data`` holds, played by the rules' ``edition`` its link version or export format had
    when its ``melee_rules`` does not name one (so it replays exactly as it did)."""
    try:
        log = msgspec.convert(data, type=FightLog)
    except msgspec.ValidationError as exc:
        raise ShareLinkError(f"{what}: {explain(exc, data)}") from None
    except ValueError as exc:
        raise ShareLinkError(f"{what}: {exc}") from None
    log = _arms_by_name(log, what)
    played = log.melee_rules.edition if log.melee_rules.edition is not None else edition
    held = None if played == RULES_EDITION else played  # today's held as a fight made now holds it
    if log.melee_rules.edition != held:
        log = msgspec.structs.replace(log, melee_rules=msgspec.structs.replace(log.melee_rules, edition=held))
    return log


def _arms_by_name(log: FightLog, what: str) -> FightLog:
    """The log with every statement's arms by name, as a script may name them by table id (RQ-138): it
    replays, exports and links the same either way. The same log when they are named so already."""
    rounds = []
    for n, record in enumerate(log.rounds):
        try:
            intents = named_intents(log.fight, record.intents)
        except IllegalActionError as exc:
            raise ShareLinkError(f"{what}: round {n + 1}: {exc}", field=f"rounds[{n}].{exc.field}") from None
        rounds.append(record if intents is record.intents else msgspec.structs.replace(record, intents=intents))
    if all(a is b for a, b in zip(rounds, log.rounds, strict=True)):
        return log
    return msgspec.structs.replace(log, rounds=tuple(rounds))


def from_state(state: SharedState) -> FightLog:
    """Reads a link's state (:meth:`LINK.open <pyengine.share.LinkKind.open>`).

    :raises ShareLinkError: another kind, a newer version, or data that does not fit (the field is named).
    """
    return LINK.open(state)


def export_json(log: FightLog, replayed: Replayed) -> bytes:
    """The JSON export: the log, then the final state and every round's events for people and tools."""
    return msgspec.json.encode(
        {
            "format": EXPORT_FORMAT,
            "kind": KIND,
            **to_state(log),
            "final": msgspec.to_builtins(replayed.state),
            "log": [msgspec.to_builtins(r.events) for r in replayed.rounds],
        }
    )


def read_export(text: str | bytes) -> FightLog:
    """Reads a JSON export (its final state and log are ignored: the fight is replayed).

    :raises ShareLinkError: not JSON, not a fight, or a field that does not fit.
    """
    data = export_data(text, kind=KIND, what="fight file", fmt=EXPORT_FORMAT, added=("final", "log"))
    fmt = msgspec.json.decode(text).get("format")  # export_data has checked it is an int this app reads
    return _convert(data, "fight file", edition=EDITION_OF_EXPORT.get(fmt, 1))  # 0 or less: as old as can be


def read_any(text: str) -> FightLog:
    """A fight's share link (whole URL or fragment) or the text of its JSON export.

    :raises ShareLinkError: neither (said why).
    """
    return link_or_export(text, LINK, read_export)


def undo(log: FightLog) -> FightLog:
    """The last round taken back, and with it any leaving after it."""
    rounds = log.rounds[:-1]
    return msgspec.structs.replace(log, rounds=rounds, left=tuple(g for g in log.left if g.after <= len(rounds)))


def leave(log: FightLog, who: str) -> FightLog:
    """``who`` leaves the fight now, after the last round resolved.

    :raises IllegalActionError: no round yet, not in the fight, or gone already.
    """
    if not log.rounds:
        raise IllegalActionError("before the first round a combatant is removed, not taken out", field="left")
    if log.fight.combatant(who) is None or who in log.gone():
        raise IllegalActionError(f"{who!r} is not in the fight to leave it", field="left")
    return msgspec.structs.replace(log, left=(*log.left, Leaving(who=who, after=len(log.rounds))))


def come_back(log: FightLog, who: str) -> FightLog:
    """``who``'s leaving taken back, while no round has been resolved since."""
    return msgspec.structs.replace(log, left=tuple(g for g in log.left
                                                   if not (g.who == who and g.after == len(log.rounds))))


def situation_now(log: FightLog, state: FightState) -> FightLog:
    """The fight as it stands after ``state`` (its last round), as a new fight with no history: each one still
    in it comes in as he is now (:attr:`~.model.Combatant.start`: wounds and their clocks, damaged and broken
    arms; in hand and prepared what he holds now), without the arms out of his reach (thrown, stuck in a
    shield, dropped); who has left is not in it. Its link (:func:`to_link`) is the "situation now" share: it
    opens as a fight of round 0. Weapons stuck in bodies, holds, experience marks and reloading are not
    carried (docs/formats.md, "situation now").
    """
    gone = log.gone()
    combatants = []
    for c in log.fight.combatants:
        if c.name in gone:
            continue
        body = state.bodies[c.name]
        arms = tuple(a for a in c.arms if a.name not in body.gone)
        kept = {a.name for a in arms}
        began = Start(damage_taken=body.damage_taken, wounds=body.wounds, condition=body.condition,
                      maimed=body.maimed, on_ground=body.on_ground, bleeding=body.bleeding, severed=body.severed,
                      weapon_damage={k: v for k, v in body.weapon_damage.items() if k in kept},
                      broken=tuple(n for n in body.broken if n in kept),
                      missiles={k: v for k, v in body.missiles.items() if k in kept})
        in_hand = tuple(n for n in body.in_hand if n in kept and n not in began.broken)
        combatants.append(msgspec.structs.replace(
            c, arms=arms, in_hand=in_hand, prepared=tuple(n for n in body.prepared if n in in_hand),
            start=None if began == Start() else began))
    return FightLog(fight=Fight(combatants=tuple(combatants)), rules=log.rules, melee_rules=log.melee_rules)


def add_round(log: FightLog, result: RoundResult, intents: tuple[Intent, ...]) -> FightLog:
    """The log with a round more. A statement the same as its combatant's last round's is that one (the
    same object: a long evening's log holds each repeated statement once)."""
    if log.rounds:
        before = {i.who: i for i in log.rounds[-1].intents}
        intents = tuple(same if (same := before.get(i.who)) is not None and same == i else i for i in intents)
    return msgspec.structs.replace(log, rounds=(*log.rounds, RoundRecord(intents=intents, rolls=result.rolls)))


def _read_link(data: dict[str, Any], version: int) -> FightLog:
    if version >= 6:
        data = compact.expand(data)
    return _convert(data, "share link", edition=EDITION_OF_LINK[version])


#: A fight's share link.
LINK = LinkKind(KIND, VERSION, _read_link)
