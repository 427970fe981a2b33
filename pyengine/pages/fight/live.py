"""Fight mode's live table (issue 35): the players' phones at the game master's fight.

:class:`LiveTable` joins the table's protocol (:class:`pyengine.live.host.Host`) to the fight. The game
master's page stays the only writer:

* a player's statement is taken through the path the game master's own form takes: the statement, as
  the form would hold it, read (:func:`~pyengine.runequest.melee.inputs.read_declaration`) and checked
  (:func:`~pyengine.runequest.melee.intent.check_intents`), refused in the form's own words
  (:func:`~pyengine.runequest.melee.render.field_for`), else put in the draft as if typed there;
* while a round is resolved with typed dice ("Resolve: my dice"), the die it needs next is asked of the
  player whose combatant rolls it, and his die goes in through the typed-dice mode
  (:meth:`~pyengine.pages.fight.rounds.Rounds.on_next`), checked there against the die asked for;
* after every action (:meth:`LiveTable.sync`, the glue calls it with each), what the table shows is
  published: every round, undo, combatant and statement reaches every phone;
* the fight's results are offered to each player for his own adventurer (:meth:`LiveTable.offer_results`).

Every method returns what the page draws (:class:`~pyengine.pages.view.Update`) and what to send
(:class:`~pyengine.live.host.Out`); the glue moves the bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pyengine.errors import FieldError, RulesError
from pyengine.live.host import DieGiven, Event, Host, Out, StatementAsked
from pyengine.live.messages import ActionRow, ParryRow, Statement
from pyengine.pages.fight.draft import as_statement
from pyengine.pages.view import Update
from pyengine.runequest.melee.context import DOWN
from pyengine.runequest.melee.inputs import DECLARE_ACTION_FIELDS, read_declaration
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.render import field_for

if TYPE_CHECKING:
    from pyengine.pages.fight import FightPage

#: Whose a die is, when its purpose names him with his chance (``parry roll (Bera, 40%)``).
_ROLLER = re.compile(r"\(([^(),]+), \d+%\)")
#: The longest text a statement's field carries on the channel (messages.Field).
_FIELD = 120


def roller(purpose: str, names: Sequence[str]) -> str:
    """Who rolls a die of the round, from what it is for as the typed-dice mode says it: the one its
    chance names (``…: parry roll (Bera, 40%)``), else the one whose action it is (the purpose starts with
    his name: his blow's damage and hit location); ``""``: neither (the game master rolls it)."""
    for found in _ROLLER.finditer(purpose):
        if found.group(1) in names:
            return found.group(1)
    starting = [n for n in names if purpose.startswith(f"{n} ")]
    return max(starting, key=len, default="")


def to_message(statement: Mapping[str, Any]) -> Statement:
    """A statement as fight mode's draft holds it, as the channel carries it."""
    def text(value: Any) -> str:
        return str(value)[:_FIELD] if isinstance(value, str) else ""

    actions = tuple(ActionRow(**{f: text(row.get(f, "")) for f in DECLARE_ACTION_FIELDS},
                              abort=bool(row.get("abort")), unprepared=bool(row.get("unprepared")))
                    for row in list(statement.get("actions", ()))[:8])
    parries = tuple(ParryRow(arm=text(row.get("arm", "")), against=text(row.get("against", "")))
                    for row in list(statement.get("parries", ()))[:8])
    defense = {str(k)[:40]: text(v) for k, v in dict(statement.get("defense", {})).items() if k}
    engaged = tuple(str(n)[:40] for n in statement.get("engaged", ()) if n)
    return Statement(actions=actions, parries=parries, defense=dict(list(defense.items())[:24]),
                     surprised=bool(statement.get("surprised")), engaged=engaged[:24])


def to_draft(statement: Statement) -> dict[str, Any]:
    """A statement from the channel as fight mode's draft holds it (every field of the form)."""
    return {
        "actions": [{**{f: getattr(row, f) for f in DECLARE_ACTION_FIELDS}, "abort": row.abort,
                     "unprepared": row.unprepared} for row in statement.actions],
        "parries": [{"arm": row.arm, "against": row.against} for row in statement.parries],
        "defense": dict(statement.defense),
        "surprised": statement.surprised,
        "engaged": list(statement.engaged),
    }


class LiveTable:
    """The table opened from this fight (``None`` until "Open the table"), and the die asked of a player."""

    def __init__(self, page: FightPage) -> None:
        self.page = page
        self.core = page.core
        self.host: Host | None = None
        self.asked: tuple[int, int] | None = None
        """The die of the round being typed asked of a player: (its number at the table, its place)."""
        self.said: list[str] = []
        """What the table said, newest last (who asks to join, who is away…), for the game master."""

    # -- the table ----------------------------------------------------------------------------------

    def open(self, table: str, clock: Callable[[], float], seats: Iterable[tuple[int, str, str, Iterable[str], str]] = ()) -> Out:
        """"Open the table": ``table`` its id (random hex, from the join code), ``clock`` seconds; ``seats``
        kept from before this page reloaded (seat, device, name, whom he plays, the key of a seat by codes or
        ``""``), each away until his phone is back (only combatants still in the fight)."""
        self.host = Host(table, clock)
        for seat, device, name, who, key in seats:
            self.host.restore(seat, device, name, self._in_fight(who), key)
        return self.sync()

    def close(self) -> Out:
        """The table closed: every phone let go; the fight goes on, on this phone alone."""
        host, self.host, self.asked = self.host, None, None
        return host.close() if host is not None else Out()

    def received(self, peer: int, data: bytes) -> tuple[Update, Out]:
        """A frame from a player's phone: what the page draws, what to send."""
        if self.host is None:
            return Update(), Out()
        out = self.host.received(peer, data)
        update = Update()
        for event in out.events:
            done, more = self._handle(event)
            update, out = update | done, out | more
        return update, out | self.sync()

    def scanned(self, text: str) -> tuple[Update, Out]:
        """A code a player's phone showed the game master's camera (no channel: :mod:`pyengine.pages.fight.by_codes`),
        taken as his channel's message would be: what the page draws, what to send (to the phones on channels)."""
        if self.host is None:
            return Update(), Out()
        out = self.host.scanned(text)
        update = Update()
        for event in out.events:
            done, more = self._handle(event)
            self.said += [e.text for e in more.events]  # a verdict by code: no phone is told, the game master is
            update, out = update | done, out | more
        return update, out | self.sync()

    def dropped(self, peer: int) -> Out:
        """A player's channel closed."""
        if self.host is None:
            return Out()
        out = self.host.dropped(peer)
        self.said += [e.text for e in out.events]
        return out

    def admit(self, peer: int, who: Iterable[str] = ()) -> Out:
        """A newcomer let in, playing ``who`` (each must be in the fight)."""
        if self.host is None:
            return Out()
        return self.host.admit(peer, self._in_fight(who)) | self.sync()

    def turn_away(self, peer: int, why: str = "") -> Out:
        if self.host is None:
            return Out()
        return self.host.turn_away(peer, why or "the game master did not let this phone in")

    def assign(self, seat: int, who: Iterable[str]) -> Out:
        """Seat ``seat`` plays ``who`` (each must be in the fight)."""
        if self.host is None:
            return Out()
        return self.host.assign(seat, self._in_fight(who)) | self.sync()

    def _in_fight(self, who: Iterable[str]) -> list[str]:
        fight = self.core.fight
        names = {c.name for c in fight.combatants} if fight is not None else set()
        return [n for n in who if n in names]

    # -- what the table shows -----------------------------------------------------------------------

    def sync(self) -> Out:
        """After any action of the page: what the table shows published (a new revision when it changed),
        the die the round being typed needs asked of its player, a die no longer needed withdrawn."""
        if self.host is None:
            return Out()
        fight = self.core.fight
        names = [c.name for c in fight.combatants] if fight is not None else []
        declare = self.core.draft.declare
        statements = {name: to_message(declare[name]) for name in names if name in declare}
        out = self.host.publish(self.core.link(), statements)
        return out | self._dice(names)

    def _dice(self, names: list[str]) -> Out:
        host = self.host
        assert host is not None
        rolls = self.page.rounds.rolls
        needed = rolls.needed if rolls is not None else None
        out = Out()
        if self.asked is not None and (needed is None or needed.index != self.asked[1]):
            why = "the round was resolved or cancelled" if needed is None else "the game master typed it"
            out |= host.withdraw(self.asked[0], why)
            self.asked = None
        if needed is not None and self.asked is None:
            who = roller(needed.purpose, names)
            typing = self.core.draft.typing
            number, asked = host.ask_die(who, needed.sides, needed.purpose, typing.round if typing else 0,
                                         needed.index) if who else (None, Out())
            if number is not None:
                self.asked = (number, needed.index)
            out |= asked
        return out

    def offer_results(self) -> Out:
        """The fight's results offered to each player for his combatants, to write to his own adventurer."""
        host, log = self.host, self.core.log
        if host is None or log is None or not self.core.results:
            return Out()
        keeper = self.page.keeper
        label, fight_id = keeper.fight_label(), keeper.fight_id()
        out = Out()
        for seat in host.seats.values():
            for who in seat.who:
                out |= host.offer(who, label, fight_id)[1]
        return out

    # -- what the players send ----------------------------------------------------------------------

    def _handle(self, event: Event) -> tuple[Update, Out]:
        self.said.append(event.text)
        if isinstance(event, StatementAsked):
            return self._stated(event)
        if isinstance(event, DieGiven):
            return self._rolled(event)
        return Update(), Out()

    def _stated(self, asked: StatementAsked) -> tuple[Update, Out]:
        """A player's statement, taken as the game master's form takes one, or refused in its words."""
        host, core = self.host, self.core
        assert host is not None
        fight, state = core.fight, core.state()
        if fight is None or state is None:
            return Update(), host.refuse(asked, "there is no fight yet")
        if self.page.rounds.typing is not None:
            return Update(), host.refuse(asked, "the game master is rolling this round's dice: state again once "
                                                "the round is resolved")
        names = [c.name for c in fight.combatants]
        if asked.who not in names:
            return Update(), host.refuse(asked, f"{asked.who} is not in this fight")
        k = names.index(asked.who)
        if asked.who in core.gone() or state.bodies[asked.who].condition in DOWN:
            return Update(), host.refuse(asked, f"{asked.who} is out of the fight: he states nothing")
        draft = to_draft(asked.statement)
        try:
            intent, rows = read_declaration(fight, k, draft)
        except FieldError as exc:
            field, message = exc.problems[0]
            return Update(), host.refuse(asked, message, field)
        try:
            check_intents(fight, state, (intent,))
        except RulesError as exc:
            field, message = field_for(exc.field, str(exc), [k], [rows])
            return Update(), host.refuse(asked, message, field)
        core.draft.declare[asked.who] = as_statement(draft)
        statements = self.page.statements
        statements.errors = {f: m for f, m in statements.errors.items() if not re.match(rf"fd-{k}(-|$)", f)}
        return self.page.save() | statements.declarations(), host.accept(asked)

    def _rolled(self, given: DieGiven) -> tuple[Update, Out]:
        """A player's die, typed into the round as the game master would type it."""
        rolls = self.page.rounds.rolls
        if (self.asked is None or self.asked[0] != given.ask or rolls is None or rolls.needed is None
                or rolls.needed.index != given.index):
            return Update(), Out()
        self.asked = None
        return self.page.rounds.on_next({"fd-typed": str(given.value)}), Out()
