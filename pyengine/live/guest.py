"""A player's side of the live table, sans-IO: what the phone has seen, what it may send.

:class:`Guest` holds what the game master's phone last sent (the fight's link at a revision, the
statements, who plays whom), this phone's seat and combatants, the dice asked of it and the write-back
offers made to it. Each action gives the frame to send; :meth:`Guest.received` takes a frame and says
what changed (:class:`Heard`) and what to send back. It changes no fight: a statement is a request the
game master's phone takes or refuses.

By codes alone (no shared network): :meth:`Guest.take_situation` reads the game master's fight code as a
channel's messages would have been read (the whole state; the seat found by the player's name; his dice
asked; what became of his statements), :meth:`Guest.join_code` is his hello as a code, and
:meth:`Guest.as_code` turns a statement or die this phone would send into a code for the game master's
camera.

What a phone keeps to come back after a reload is its device id, the player's name and the last whole
state (:meth:`Guest.whole`): a new :class:`Guest` made from them shows the same fight at once, and its
hello names the revision, so the game master's phone sends only what it lacks.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pyengine.errors import LiveCodeError, LiveMessageError
from pyengine.live import sdp, seal, spare
from pyengine.live.messages import (
    Accepted,
    Answer,
    Ask,
    Assigned,
    Hello,
    Message,
    Offer,
    Ping,
    Pong,
    Refused,
    Rejected,
    Rejoin,
    Rolled,
    SeatInfo,
    Shown,
    Situation,
    Spare,
    State,
    Stated,
    Statement,
    Waiting,
    Want,
    Welcome,
    Withdrawn,
    encode_message,
    message_link,
    read_message,
)


@dataclass(frozen=True)
class Heard:
    """Something the game master's phone said, for the player's page: its ``kind`` (the message's, or
    ``"ignored"``), the message, and what it means in words."""

    kind: str
    text: str
    message: Message | None = None


@dataclass
class GuestOut:
    """What a frame received gives back: frames to send, what the page should know."""

    sends: list[bytes] = field(default_factory=list)
    heard: list[Heard] = field(default_factory=list)


class Guest:
    """A player's phone at the table. ``device``: its id (random hex, kept on the phone); ``name``: the
    player's; ``state``: the last whole state it kept (``None``: nothing yet); ``key``: the key its codes
    are sealed with, as kept (``""``: none yet); ``answered``: the offers it answered, as kept;
    ``random_bytes``: where a fresh key comes from."""

    def __init__(self, device: str, name: str, state: State | None = None, *, key: str = "",
                 answered: Iterable[int] = (), random_bytes: Callable[[int], bytes] = os.urandom) -> None:
        self.device = device
        self.name = name
        self.key = key
        """The key this phone's codes are sealed with (:mod:`pyengine.live.seal`), shown only in its code to
        join; ``""``: none (it has not asked to join by codes)."""
        self.random_bytes = random_bytes
        self.table: str | None = None
        self.revision = 0
        self.fight = ""
        """The fight's share link as last sent (``""``: no fight yet)."""
        self.statements: dict[str, Statement] = {}
        self.seats: tuple[SeatInfo, ...] = ()
        if state is not None:
            self._take(state)
        self.status = "new"
        """``new`` (not said hello), ``waiting`` (for the game master), ``seated``, ``refused``."""
        self.why = ""
        """Why the table refused this phone (``status == "refused"``)."""
        self.seat: int | None = None
        self.mine: tuple[str, ...] = ()
        """The combatants this player plays."""
        self.asks: dict[int, Ask] = {}
        """Dice asked of this phone, by number."""
        self.offers: dict[int, Offer] = {}
        """Write-back offers made to this phone, by number."""
        self.answered: set[int] = set(answered)
        """Offers of this table this phone answered (confirmed or declined), as kept: a fight code read before
        the game master read the answer still carries them, and they are not offered again."""
        self.sent: dict[int, Stated] = {}
        """Statements sent and not yet answered, by reference."""
        self.answers: dict[str, Accepted | Rejected] = {}
        """The last answer about each of his combatants' statements."""
        self._ref = 0

    # -- what it sends ------------------------------------------------------------------------------

    def hello(self, wants: Iterable[str] = ()) -> bytes:
        """The first frame on a channel: who this is, and the revision it holds."""
        return encode_message(Hello(device=self.device, name=self.name, table=self.table, seen=self.revision,
                                    wants=tuple(wants)))

    def want(self, who: Iterable[str]) -> bytes:
        return encode_message(Want(who=tuple(who)))

    def state_for(self, who: str, statement: Statement) -> bytes:
        """A statement for one of this player's combatants, as of the revision this phone shows.

        :raises LiveMessageError: ``who`` is not his to play (nothing is sent).
        """
        if who not in self.mine:
            raise LiveMessageError(f"live table: {who} is not yours to play: the game master gives each player "
                                   "his combatants")
        self._ref += 1
        stated = Stated(ref=self._ref, seen=self.revision, who=who, statement=statement)
        self.sent[self._ref] = stated
        return encode_message(stated)

    def roll(self, ask: int, value: int, typed: bool = False) -> bytes:
        """A die asked of this phone, rolled (``typed``: from the player's own dice).

        :raises LiveMessageError: no such die is asked, or the value does not fit it.
        """
        asked = self.asks.get(ask)
        if asked is None:
            raise LiveMessageError("live table: this die is no longer asked for")
        if not 1 <= value <= asked.sides:
            raise LiveMessageError(f"live table: {value} cannot be rolled on a D{asked.sides}")
        del self.asks[ask]
        return encode_message(Rolled(ask=ask, value=value, typed=typed))

    def answer(self, offer: int, answer: str) -> bytes:
        """What the player did with a write-back offer: ``confirmed``, ``declined`` or ``undone``."""
        if answer != "undone":
            self.offers.pop(offer, None)
            self.answered.add(offer)
        return encode_message(Answer(offer=offer, answer=answer))  # type: ignore[arg-type]

    def rejoin(self, fingerprint: str, ufrag: str, pwd: str) -> bytes:
        """How this phone will come back if its channel is lost (``strikeRankPeer.prepareRejoin``'s ticket):
        sent once seated on each channel (after ``welcome``); the game master's phone answers ``spare``."""
        return encode_message(Rejoin(fingerprint=fingerprint, ufrag=ufrag, pwd=pwd))

    def ping(self, n: int = 0) -> bytes:
        return encode_message(Ping(n=n))

    # -- by codes alone -----------------------------------------------------------------------------

    def take_situation(self, situation: Situation) -> list[Heard]:
        """The game master's fight code read: what it means, in words (a code older than what this phone
        shows changes nothing)."""
        if situation.table == self.table and situation.revision < self.revision:
            return [Heard("ignored", "This fight code is older than what this phone shows: scan the one the game "
                                     "master's phone shows now.")]
        turned = bool(self.key) and seal.turned_tag(self.key, situation.table) in situation.turned
        if situation.table != self.table:  # another table numbers its offers anew
            self.answered = set()
        state = State(table=situation.table, revision=situation.revision, fight=situation.fight,
                      statements=situation.statements, seats=situation.seats)
        self._take(state)
        heard = [Heard("state", f"The table at revision {situation.revision}.", state)]
        name = self.name.casefold()
        seat = next((s for s in situation.seats if name and s.name.casefold() == name), None)
        if seat is None and turned:  # his key is spent: a new code to join makes a new one
            self.seat, self.mine, self.asks, self.key = None, (), {}, ""
            self.status, self.why = "refused", "the game master did not let you in"
            return heard + [Heard("refused", "The game master did not let you in. To ask again, make a new code to "
                                             "join and show it to him.")]
        if seat is None:
            if self.status == "seated":  # let go: his next code to join makes a fresh key
                self.key = ""
            self.seat, self.mine, self.asks = None, (), {}
            self.status = "waiting" if self.status == "waiting" else "new"
            return heard + [Heard("waiting", "This phone is not at the table: it follows the fight; to play, say "
                                             "your name and show your code to join to the game master.")]
        self.status, self.seat, self.mine = "seated", seat.seat, seat.who
        self.asks = {a.ask: a for a in situation.asks if a.who in self.mine}
        for verdict in situation.verdicts:
            if verdict.who in self.mine:
                self.answers[verdict.who] = (Accepted(ref=verdict.ref, who=verdict.who) if verdict.taken else
                                             Rejected(ref=verdict.ref, who=verdict.who, why=verdict.why,
                                                      field=verdict.field))
        plays = f"you play {' and '.join(seat.who)}" if seat.who else "the game master gives you whom you play"
        heard.append(Heard("welcome", f"At the table by codes, seat {seat.seat}: {plays}."))
        offers = {o.offer: o for o in situation.offers if o.who in self.mine and o.offer not in self.answered}
        for number, offer in offers.items():
            if number not in self.offers:
                heard.append(Heard("offer", f"The results of '{offer.label}' for {offer.who} can be written to your "
                                            "adventurer.", offer))
        self.offers = offers
        return heard

    def join_code(self, wants: Iterable[str] = ()) -> str:
        """His hello as a code, for the game master's camera (the table named: the fight code read first), with
        the key his codes will be sealed with: a fresh one, unless this phone holds one already (the same code
        shown again, even after a reload of his page: the game master may have let him in on it). The key is
        dropped when he is turned away or let go, so that the next code to join makes a fresh one.

        :raises LiveMessageError: no fight code read yet, or no name.
        """
        if self.table is None:
            raise LiveMessageError("live table: scan the game master's fight code first: it says which table to join")
        if not self.key:
            self.key = seal.new_key(self.random_bytes)
        hello = Hello(device=self.device, name=self.name, table=self.table, seen=self.revision, wants=tuple(wants),
                      key=self.key)
        self.status = "waiting"
        return message_link(hello)

    def as_code(self, frame: bytes) -> str:
        """A statement, die or write-back answer this phone would send on a channel, as a code for the game
        master's camera.

        :raises LiveMessageError: this phone is not at the table (or holds no key to seal its codes with), or
            the frame is not a statement or a die.
        """
        message = read_message(frame)
        if self.status != "seated" or self.seat is None or self.table is None:
            raise LiveMessageError("live table: this phone is not at the table: the game master lets it in first")
        if not self.key:
            raise LiveMessageError("live table: this phone did not join by codes (it holds no key to seal them with): "
                                   "make your code to join and show it to the game master")
        if not isinstance(message, (Stated, Rolled, Answer)):
            raise LiveMessageError(f"live table: a {message.__struct_config__.tag!r} message is not shown as a code")
        return message_link(Shown(table=self.table, seat=self.seat, said=message,
                                  mac=seal.mac(self.key, self.table, self.seat, message)))

    # -- what it holds ------------------------------------------------------------------------------

    def whole(self) -> State | None:
        """The whole state this phone holds (``None``: none yet), as it keeps it."""
        if self.table is None:
            return None
        return State(table=self.table, revision=self.revision, fight=self.fight, statements=self.statements,
                     seats=self.seats)

    def _take(self, state: State) -> None:
        self.table, self.revision = state.table, state.revision
        if state.base == 0:
            self.fight, self.statements = state.fight or "", dict(state.statements)
            self.seats = state.seats or ()
            return
        if state.fight is not None:
            self.fight = state.fight
        self.statements = {**self.statements, **state.statements}
        if state.seats is not None:
            self.seats = state.seats

    # -- what comes in ------------------------------------------------------------------------------

    def received(self, data: bytes) -> GuestOut:
        """A frame from the game master's phone."""
        try:
            message = read_message(data)
        except LiveMessageError as exc:
            return GuestOut(heard=[Heard("ignored", f"A message from the game master's phone was ignored: {exc}")])
        kind = message.__struct_config__.tag
        if isinstance(message, Ping):
            return GuestOut(sends=[encode_message(Pong(n=message.n))])
        if isinstance(message, Pong):
            return GuestOut()
        if isinstance(message, Waiting):
            self.status, self.table = "waiting", self.table or message.table
            return GuestOut(heard=[Heard(kind, "Waiting for the game master to let you in.", message)])
        if isinstance(message, Welcome):
            self.status, self.seat, self.name = "seated", message.seat, message.name
            return GuestOut(heard=[Heard(kind, f"At the table, seat {message.seat}.", message)])
        if isinstance(message, Refused):
            self.status, self.why = "refused", message.why
            return GuestOut(heard=[Heard(kind, f"The table says: {message.why}", message)])
        if isinstance(message, State):
            return self._state(message)
        if isinstance(message, Assigned):
            self.mine = message.who
            said = f"You play {' and '.join(message.who)}." if message.who else "You play no one yet."
            return GuestOut(heard=[Heard(kind, said, message)])
        if isinstance(message, (Accepted, Rejected)):
            self.sent.pop(message.ref, None)
            self.answers[message.who] = message
            said = (f"{message.who}'s statement is taken." if isinstance(message, Accepted)
                    else f"{message.who}'s statement is not taken: {message.why}")
            return GuestOut(heard=[Heard(kind, said, message)])
        if isinstance(message, Ask):
            self.asks[message.ask] = message
            return GuestOut(heard=[Heard(kind, f"A D{message.sides} for {message.purpose}", message)])
        if isinstance(message, Withdrawn):
            self.asks.pop(message.ask, None)
            return GuestOut(heard=[Heard(kind, f"A die is no longer needed: {message.why}", message)])
        if isinstance(message, Spare):
            try:
                kept = spare.offer_for_keeping(sdp.from_sdp(message.offer))
            except LiveCodeError as exc:
                return GuestOut(heard=[Heard("ignored", f"A way back from the game master's phone was ignored: {exc}")])
            # the page keeps ``kept`` (strikeRankPeer.keepSpare): the same offer, rebuilt from what was checked
            return GuestOut(heard=[Heard(kind, "This phone can come back by itself if it loses the table.",
                                         Spare(offer=kept))])
        if isinstance(message, Offer):
            self.offers[message.offer] = message
            return GuestOut(heard=[Heard(kind, f"The results of '{message.label}' for {message.who} can be written "
                                               "to your adventurer.", message)])
        return GuestOut(heard=[Heard("ignored", f"A {kind!r} message is a player's to send, not the game master's")])

    def _state(self, state: State) -> GuestOut:
        if state.base and (state.table != self.table or state.base != self.revision):
            # A change to a revision this phone does not hold (one was lost): ask for the whole again.
            self.revision = 0
            return GuestOut(sends=[self.hello()], heard=[Heard("ignored", "Catching up with the table…")])
        self._take(state)
        return GuestOut(heard=[Heard("state", f"The table at revision {state.revision}.", state)])
