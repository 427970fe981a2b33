"""The game master's side of the live table, sans-IO: messages in, what to send to whom out.

:class:`Host` keeps the seats (up to :data:`~pyengine.live.messages.MAX_SEATS` players), the newcomers
waiting for the game master's approval, who plays which combatant, the revision of what the table shows,
and what each phone was last sent. It changes no fight: a player's statement, die or answer comes out as
an event (:class:`StatementAsked`, :class:`DieGiven`, :class:`Answered`) for fight mode to take or refuse
(:mod:`pyengine.pages.fight.live`), and fight mode tells the host what the table now shows
(:meth:`Host.publish`), which is sent to every phone. The game master's phone is the only writer.

By codes alone (no shared network; docs/formats.md, "The table by codes"): :meth:`Host.situation` is the
table as one code for the players' phones, and :meth:`Host.scanned` takes the text of a code a player's phone
shows the game master's camera: a join code (his ``hello``) makes a newcomer numbered below 0, whom
:meth:`Host.admit` seats with no channel (the seat then lives by codes); a ``shown`` statement or die comes
out as the same events as on a channel, numbered :data:`BY_CODE`. The game master's scan of the join code is
the authentication, as his "Let in" is on a channel (a write-back answer shown as a code is read as the
channel's :class:`Answer`; the offers ride the fight code); the key that code carries (:mod:`pyengine.live.seal`)
is kept with the seat, and a ``shown`` code not sealed with it, or read already, is not used.

The glue numbers each open channel (``peer``, any int it likes) and moves bytes: :meth:`Host.received`
with what a channel brought, :meth:`Host.dropped` when one closes. Every method returns an :class:`Out`:
the frames to send (:class:`Send`), the channels to close, the events for the page (each says itself in
words: ``"Ana asks to play Vasana"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from pyengine.errors import LiveCodeError, LiveMessageError
from pyengine.live import sdp, seal, spare
from pyengine.live.messages import (
    MAX_NAMED,
    MAX_SEATS,
    Accepted,
    Answer,
    AnyMessage,
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
    Verdict,
    Waiting,
    Want,
    Welcome,
    Withdrawn,
    encode_message,
    read_message,
    read_message_link,
)

#: Messages a phone may send in a burst, and how many more each second lets through (a token bucket
#: per channel): a player's taps are a statement or a die every few seconds; a flood is dropped.
BURST_MESSAGES = 30
MESSAGES_PER_SECOND = 3.0
#: Bytes a phone may send in a burst, and per second after it: a statement is under 1 KB.
BURST_BYTES = 262_144
BYTES_PER_SECOND = 32_768
#: Messages dropped (over the limits, or not read) before the channel is closed.
DROPS_BEFORE_CLOSE = 200
#: Newcomers waiting for the game master's approval at once.
MAX_WAITING = 8
#: Whether a change is sent as only what changed since what the phone holds (:class:`State` with a
#: ``base``), or always whole: measured in docs/formats.md ("bytes per round").
SEND_CHANGES = True
#: The channel an event by code names: none (a code the game master's camera read). Newcomers by code are
#: numbered below it (-1, -2…), so "Let in" and "Turn away" find them as they find a channel's.
BY_CODE = 0
#: The seals of a seat's codes remembered as used: a code read again is not used twice. A round is a
#: statement or two and a few dice a seat; a code older than this many is refused anyway (its fight moved
#: on, its die given).
MAX_USED = 64


@dataclass(frozen=True)
class Send:
    """A frame for one channel."""

    peer: int
    data: bytes


@dataclass(frozen=True)
class Event:
    """Something for the game master to see or act on."""

    peer: int
    name: str
    """The player's name (as he said it, or as the table knows his seat)."""

    @property
    def text(self) -> str:  # pragma: no cover - each event says itself
        return ""


@dataclass(frozen=True)
class Newcomer(Event):
    """A phone asks to join: the game master lets it in (:meth:`Host.admit`) or not (:meth:`Host.turn_away`)."""

    wants: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.name} asks to join" + (f", to play {' and '.join(self.wants)}" if self.wants else "")


@dataclass(frozen=True)
class Returned(Event):
    """A seated player's phone is back (it has been brought up to date)."""

    seat: int = 0

    @property
    def text(self) -> str:
        return f"{self.name}'s phone is back at the table"


@dataclass(frozen=True)
class Away(Event):
    """A seated player's phone went away (asleep, locked, out of range): his seat is kept."""

    seat: int = 0

    @property
    def text(self) -> str:
        return f"{self.name}'s phone is away; the seat is kept"


@dataclass(frozen=True)
class SpareAsked(Event):
    """A seated player's phone prepared its way back: the glue makes a spare connection whose offer is
    answered by ``answer`` (SDP text), closes the seat's earlier spare if any (one a seat), and gives
    the offer to :meth:`Host.spare_made`. Asked at most once a channel."""

    seat: int = 0
    answer: str = ""

    @property
    def text(self) -> str:
        return f"{self.name}'s phone can come back by itself if it is lost"


@dataclass(frozen=True)
class Wants(Event):
    """A seated player asks to play these combatants (:meth:`Host.assign` gives them)."""

    seat: int = 0
    who: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.name} asks to play {' and '.join(self.who)}"


@dataclass(frozen=True)
class StatementAsked(Event):
    """A player's statement for his combatant, past the table's checks: fight mode takes it
    (:meth:`Host.accept`) or says why not (:meth:`Host.refuse`)."""

    seat: int = 0
    ref: int = 0
    who: str = ""
    statement: Statement = field(default_factory=Statement)

    @property
    def text(self) -> str:
        return f"{self.name} states for {self.who}"


@dataclass(frozen=True)
class DieGiven(Event):
    """A die asked of a player (:meth:`Host.ask_die`), rolled on his phone or typed from his dice."""

    seat: int = 0
    ask: int = 0
    who: str = ""
    value: int = 0
    typed: bool = False
    index: int = 0
    """The die's place among the round's dice, as asked."""

    @property
    def text(self) -> str:
        return f"{self.name} {'typed' if self.typed else 'rolled'} {self.value} for {self.who}"


@dataclass(frozen=True)
class Answered(Event):
    """What a player did with a write-back offer on his own device."""

    seat: int = 0
    offer: int = 0
    who: str = ""
    answer: str = ""

    @property
    def text(self) -> str:
        done = {"confirmed": "wrote", "declined": "did not write", "undone": "took back"}[self.answer]
        return f"{self.name} {done} the fight's results for {self.who} on his own device"


@dataclass(frozen=True)
class Ignored(Event):
    """A message dropped: over a limit, not readable, or not for this moment; why, in words."""

    why: str = ""

    @property
    def text(self) -> str:
        return f"A message from {self.name} was ignored: {self.why}"


@dataclass(frozen=True)
class NotUsed(Event):
    """A code the game master's camera read, not used: why, in words."""

    why: str = ""

    @property
    def text(self) -> str:
        return f"This code was not used: {self.why}"


@dataclass(frozen=True)
class Answering(Event):
    """What became of a statement shown as a code (no channel tells his phone; the next fight code does)."""

    who: str = ""
    why: str = ""
    """``""``: taken."""

    @property
    def text(self) -> str:
        return f"{self.who}'s statement is not taken: {self.why}" if self.why else f"{self.who}'s statement is taken"


@dataclass
class Out:
    """What a call gives back: frames to send, channels to close, events for the page."""

    sends: list[Send] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def __or__(self, other: Out) -> Out:
        return Out(self.sends + other.sends, self.closed + other.closed, self.events + other.events)

    def to(self, peer: int) -> list[bytes]:
        """The frames for one channel, in order."""
        return [s.data for s in self.sends if s.peer == peer]


class Bucket:
    """A token bucket: ``burst`` at most, ``rate`` more each second of the injected clock."""

    def __init__(self, burst: float, rate: float, now: float) -> None:
        self.burst, self.rate, self.level, self.when = burst, rate, burst, now

    def take(self, amount: float, now: float) -> bool:
        self.level = min(self.burst, self.level + max(0.0, now - self.when) * self.rate)
        self.when = now
        if amount > self.level:
            return False
        self.level -= amount
        return True


@dataclass
class Channel:
    """One open channel: its limits, and the seat it speaks for once let in."""

    messages: Bucket
    size: Bucket
    seat: int | None = None
    hello: Hello | None = None
    """What it said, while it waits for the game master."""
    drops: int = 0
    spared: bool = False
    """Whether a spare connection was asked for on it: one a channel (each costs the game master's
    phone a connection; a phone prepares its way back once each time it connects)."""


@dataclass
class SeatKept:
    """A player's seat: his phone's device id, his name, his combatants, the channel he is on now."""

    seat: int
    device: str
    name: str
    who: list[str] = field(default_factory=list)
    peer: int | None = None
    sent: int = 0
    """The revision this phone was last sent whole or brought up to (0: nothing yet)."""
    by_codes: bool = False
    """Let in from his join code scanned (no channel): his phone is never known again by a channel's hello,
    since its device id was in a code anyone at the table could photograph."""
    key: str = ""
    """The key his codes are sealed with (hex; from his code to join), ``""``: none (a seat on a channel)."""
    used: dict[str, None] = field(default_factory=dict)
    """The seals of his codes already used, oldest first (at most :data:`MAX_USED`)."""


@dataclass
class Asked:
    seat: int
    message: Ask


@dataclass
class Offered:
    seat: int
    message: Offer


class Host:
    """The game master's table: seats, newcomers, the revision and what each phone was sent.

    ``table``: this table's id (random, from the join code's maker); ``clock``: seconds, for the rate
    limits (the glue gives ``performance.now() / 1000``).
    """

    def __init__(self, table: str, clock: Callable[[], float]) -> None:
        self.table = table
        self.clock = clock
        self.revision = 0
        """What the table shows, counted: every change published is one more."""
        self.fight = ""
        """The fight's share link as last published."""
        self.statements: dict[str, Statement] = {}
        """The statements as last published, by combatant."""
        self.seats: dict[int, SeatKept] = {}
        self.channels: dict[int, Channel] = {}
        self.fight_at = 0
        """The revision the fight itself last changed at (a round, an undo, a combatant): a statement
        made from before it is for a round that is over."""
        self.changed_at: dict[str, tuple[int, int]] = {}
        """Each statement's last change: (revision, seat that made it; 0 the game master)."""
        self._by: dict[str, int] = {}
        """Statements accepted from a seat and not yet published: whose they are."""
        self._shown_seats: tuple[SeatInfo, ...] = ()
        """Who plays whom as last published."""
        self._asked: dict[tuple[int, int], StatementAsked] = {}
        self.asks: dict[int, Asked] = {}
        """Dice asked of players, not yet given, by number."""
        self.offers: dict[int, Offered] = {}
        """Write-back offers not yet answered, by number."""
        self.written: dict[int, Offered] = {}
        """Write-back offers confirmed on the player's device (he may undo them there), by number."""
        self._numbers = 0
        self._history: dict[int, tuple[str, dict[str, Statement], tuple[SeatInfo, ...]]] = {}
        """What the table showed at recent revisions (for a change sent as only what changed)."""
        self.verdicts: dict[str, Verdict] = {}
        """What became of each statement shown as a code, by combatant, until the fight changes."""
        self._newcomers_by_code = 0
        self.turned: list[str] = []
        """The newcomers by code turned away lately, as the fight code names them (:func:`seal.turned_tag`)."""

    # -- who is at the table ----------------------------------------------------------------------

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(seat=s.seat, name=s.name, who=tuple(s.who), here=s.peer is not None)
                     for s in sorted(self.seats.values(), key=lambda s: s.seat))

    def waiting(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """The newcomers waiting: (channel, name, whom they would play)."""
        return [(peer, c.hello.name, c.hello.wants) for peer, c in self.channels.items()
                if c.seat is None and c.hello is not None]

    def seat_of(self, who: str) -> SeatKept | None:
        """The seat that plays ``who`` (``None``: the game master does)."""
        return next((s for s in self.seats.values() if who in s.who), None)

    # -- what comes in ------------------------------------------------------------------------------

    def received(self, peer: int, data: bytes) -> Out:
        """What channel ``peer`` brought."""
        now = self.clock()
        channel = self.channels.get(peer)
        if channel is None:
            channel = self.channels[peer] = Channel(Bucket(BURST_MESSAGES, MESSAGES_PER_SECOND, now),
                                                    Bucket(BURST_BYTES, BYTES_PER_SECOND, now))
        if not channel.messages.take(1, now) or not channel.size.take(len(data), now):
            return self._drop(peer, channel, "too many messages at once: wait a few seconds")
        try:
            message = read_message(data)
        except LiveMessageError as exc:
            return self._drop(peer, channel, str(exc))
        if isinstance(message, Ping):
            return self._send(peer, Pong(n=message.n))
        if isinstance(message, Hello):
            return self._hello(peer, channel, message)
        seat = self.seats.get(channel.seat) if channel.seat is not None else None
        if seat is None:
            return self._drop(peer, channel, "this phone is not at the table yet (it must say hello and be let in)")
        if isinstance(message, Want):
            return Out(events=[Wants(peer, seat.name, seat=seat.seat, who=message.who)])
        if isinstance(message, Stated):
            return self._stated(peer, seat, message)
        if isinstance(message, Rolled):
            return self._rolled(peer, seat, message)
        if isinstance(message, Answer):
            answered = self._answered(peer, seat, message)
            return self._drop(peer, channel, answered) if isinstance(answered, str) else Out(events=[answered])
        if isinstance(message, Rejoin):
            if channel.spared:
                return self._drop(peer, channel, "this phone already has its way back for this connection")
            try:
                ticket = spare.read_ticket(message.fingerprint, message.ufrag, message.pwd)
            except LiveCodeError as exc:
                return self._drop(peer, channel, str(exc))
            channel.spared = True
            return Out(events=[SpareAsked(peer, seat.name, seat=seat.seat, answer=spare.answer(ticket))])
        return self._drop(peer, channel, f"a {message.__struct_config__.tag!r} message is the game master's to send")

    def dropped(self, peer: int) -> Out:
        """Channel ``peer`` closed (the phone slept, locked, walked out of range): its seat is kept."""
        channel = self.channels.pop(peer, None)
        if channel is None or channel.seat is None:
            return Out()
        seat = self.seats[channel.seat]
        if seat.peer != peer:
            return Out()
        seat.peer = None
        return Out(events=[Away(peer, seat.name, seat=seat.seat)]) | self._seats_changed()

    def _drop(self, peer: int, channel: Channel, why: str) -> Out:
        channel.drops += 1
        seat = self.seats.get(channel.seat) if channel.seat is not None else None
        name = seat.name if seat else channel.hello.name if channel.hello else f"channel {peer}"
        out = Out(events=[Ignored(peer, name, why=why)]) if channel.drops <= 3 or channel.drops % 50 == 0 else Out()
        if channel.drops >= DROPS_BEFORE_CLOSE:
            return out | self._close(peer, "this phone sent too many messages that could not be used")
        return out

    def _hello(self, peer: int, channel: Channel, hello: Hello) -> Out:
        known = next((s for s in self.seats.values() if s.device == hello.device and not s.by_codes), None)
        if known is not None:
            out = Out()
            if known.peer is not None and known.peer != peer:  # a reload: the old channel is gone
                out |= Out(closed=[known.peer])
                self.channels.pop(known.peer, None)
            known.peer, channel.seat, channel.hello = peer, known.seat, None
            out |= self._send(peer, Welcome(table=self.table, seat=known.seat, name=known.name))
            out |= self._send(peer, Assigned(seat=known.seat, who=tuple(known.who)))
            # Caught up from the revision it holds when that is known here, else sent the whole.
            held = hello.table == self.table and (hello.seen == self.revision or hello.seen in self._history)
            known.sent = hello.seen if held else 0
            out |= self._state_to(known, whole=not held)
            known.sent = self.revision
            for asked in self.asks.values():  # what was asked while it was away
                if asked.seat == known.seat:
                    out |= self._send(peer, asked.message)
            for offered in self.offers.values():
                if offered.seat == known.seat:
                    out |= self._send(peer, offered.message)
            return out | Out(events=[Returned(peer, known.name, seat=known.seat)]) | self._seats_changed()
        for other, waiting in list(self.channels.items()):
            if other != peer and waiting.seat is None and waiting.hello is not None \
                    and waiting.hello.device == hello.device:
                del self.channels[other]  # the same phone again, on a new channel
        if channel.hello is None and len(self.waiting()) >= MAX_WAITING:
            return self._close(peer, f"{MAX_WAITING} phones are already waiting to be let in: try again in a moment")
        if len(self.seats) >= MAX_SEATS:
            return self._close(peer, f"the table is full ({MAX_SEATS} players)")
        channel.hello = hello
        return self._send(peer, Waiting(table=self.table)) | Out(events=[Newcomer(peer, hello.name, wants=hello.wants)])

    def _stated(self, peer: int, seat: SeatKept, stated: Stated) -> Out:
        who = stated.who
        if who not in seat.who:
            return self._reject(peer, seat, stated, f"{who} is not yours to play: the game master gives each player "
                                              "his combatants")
        if stated.seen < self.fight_at:
            return self._reject(peer, seat, stated, "the fight has moved on since your phone showed it (a round was "
                                              "resolved or taken back, or someone came or left): state again from "
                                              "what it shows now")
        at, by = self.changed_at.get(who, (0, 0))
        if at > stated.seen and by != seat.seat:
            return self._reject(peer, seat, stated, f"the game master changed {who}'s statement since your phone showed "
                                              "it: look at it and state again")
        event = StatementAsked(peer, seat.name, seat=seat.seat, ref=stated.ref, who=who, statement=stated.statement)
        self._asked[(seat.seat, stated.ref)] = event
        return Out(events=[event])

    def _reject(self, peer: int, seat: SeatKept, stated: Stated, why: str, field: str = "") -> Out:
        if peer == BY_CODE:
            return self._verdict(seat, Verdict(who=stated.who, ref=stated.ref, why=why, field=field))
        return self._send(peer, Rejected(ref=stated.ref, who=stated.who, why=why, field=field))

    def _verdict(self, seat: SeatKept, verdict: Verdict) -> Out:
        """A statement shown as a code taken or not: kept for the next fight code, said to the game master."""
        self.verdicts[verdict.who] = verdict
        return Out(events=[Answering(BY_CODE, seat.name, who=verdict.who, why="" if verdict.taken else verdict.why)])

    def _rolled(self, peer: int, seat: SeatKept, rolled: Rolled) -> Out:
        given = self._die(peer, seat, rolled)
        if isinstance(given, str):
            return self._drop(peer, self.channels[peer], given)
        return Out(events=[given])

    def _die(self, peer: int, seat: SeatKept, rolled: Rolled) -> DieGiven | str:
        """The die a seat gave, or why it is not used."""
        asked = self.asks.get(rolled.ask)
        if asked is None or asked.seat != seat.seat:
            return f"die {rolled.ask} is not asked of {'this phone' if peer != BY_CODE else seat.name} (any more)"
        if rolled.value > asked.message.sides:
            return f"{rolled.value} cannot be rolled on a D{asked.message.sides}"
        del self.asks[rolled.ask]
        ask = asked.message
        return DieGiven(peer, seat.name, seat=seat.seat, ask=ask.ask, who=ask.who, value=rolled.value,
                        typed=rolled.typed, index=ask.index)

    def _answered(self, peer: int, seat: SeatKept, answer: Answer) -> Answered | str:
        """What a seat did with an offer, or why it is not used."""
        offered = self.offers.get(answer.offer)
        if answer.answer == "undone":
            offered = self.written.get(answer.offer, offered)
        if offered is None or offered.seat != seat.seat:
            return f"offer {answer.offer} was not made to {'this phone' if peer != BY_CODE else seat.name}"
        if answer.answer == "confirmed":
            self.written[answer.offer] = self.offers.pop(answer.offer)
        elif answer.answer == "undone" and self.written.pop(answer.offer, None) is not None:
            self.offers[answer.offer] = offered  # undone on his device: the offer stands, to be confirmed again
        return Answered(peer, seat.name, seat=seat.seat, offer=answer.offer, who=offered.message.who, answer=answer.answer)

    # -- what the game master does ------------------------------------------------------------------

    def admit(self, peer: int, who: Iterable[str] = ()) -> Out:
        """The newcomer on channel ``peer`` let in, at the first free seat, playing ``who``."""
        channel = self.channels.get(peer)
        if channel is None or channel.hello is None or channel.seat is not None:
            return Out()
        free = next((n for n in range(1, MAX_SEATS + 1) if n not in self.seats), None)
        if free is None:
            return self._close(peer, f"the table is full ({MAX_SEATS} players)")
        hello = channel.hello
        if peer < BY_CODE:  # let in from his join code scanned: no channel, the seat lives by codes
            del self.channels[peer]
            self.seats[free] = SeatKept(seat=free, device=hello.device, name=hello.name, by_codes=True,
                                        key=hello.key or "")
            return self.assign(free, who)
        seat = self.seats[free] = SeatKept(seat=free, device=hello.device, name=hello.name, peer=peer)
        channel.seat, channel.hello = free, None
        out = self._send(peer, Welcome(table=self.table, seat=free, name=seat.name))
        out |= self._state_to(seat, whole=True)
        seat.sent = self.revision
        return out | self.assign(free, who)

    def restore(self, seat: int, device: str, name: str, who: Iterable[str], key: str = "") -> None:
        """A seat kept from before the game master's page reloaded: away until its phone says hello again
        (a known device, seated with no approval) or the game master gives it up. ``key``: a seat by codes's
        (it stays one: his phone finds it in the next fight code by his name, and seals its codes with it)."""
        if 1 <= seat <= MAX_SEATS and seat not in self.seats and all(s.device != device for s in self.seats.values()):
            self.seats[seat] = SeatKept(seat=seat, device=device, name=name, who=list(dict.fromkeys(who)),
                                        by_codes=bool(key), key=key)

    def turn_away(self, peer: int, why: str = "the game master did not let this phone in") -> Out:
        """The newcomer on channel ``peer`` not let in."""
        channel = self.channels.get(peer)
        if channel is None or channel.seat is not None:
            return Out()
        if peer < BY_CODE:  # no channel to tell: his phone learns it from the next fight code
            hello = self.channels.pop(peer).hello
            if hello is not None and hello.key:
                self.turned = [*self.turned, seal.turned_tag(hello.key, self.table)][-MAX_SEATS:]
            return Out()
        return self._close(peer, why)

    def unseat(self, seat: int, why: str = "the game master gave up this seat") -> Out:
        """A seat given up: its phone is told and let go, its combatants are the game master's again."""
        kept = self.seats.pop(seat, None)
        if kept is None:
            return Out()
        for number in [n for n, a in self.asks.items() if a.seat == seat]:
            del self.asks[number]
        out = self._close(kept.peer, why) if kept.peer is not None else Out()
        return out | self._seats_changed()

    def spare_made(self, seat: int, offer: str) -> Out:
        """The spare connection made for a seat's :class:`SpareAsked`: its offer (SDP text, every
        candidate gathered) goes to the seat's phone, which keeps it.

        :raises LiveCodeError: ``offer`` is no data channel's offer with an address.
        """
        kept = spare.offer_for_keeping(sdp.from_sdp(offer))
        return self._to_seat(self.seats.get(seat), Spare(offer=kept))

    def assign(self, seat: int, who: Iterable[str]) -> Out:
        """Seat ``seat`` plays ``who`` from now on (each taken from any other seat that had him)."""
        kept = self.seats.get(seat)
        if kept is None:
            return Out()
        wanted = list(dict.fromkeys(who))
        out = Out()
        for other in self.seats.values():
            if other.seat != seat and any(n in other.who for n in wanted):
                other.who = [n for n in other.who if n not in wanted]
                out |= self._to_seat(other, Assigned(seat=other.seat, who=tuple(other.who)))
        kept.who = wanted
        return out | self._to_seat(kept, Assigned(seat=seat, who=tuple(wanted))) | self._seats_changed()

    def accept(self, asked: StatementAsked) -> Out:
        """A statement fight mode took into the fight: its player is told (the table sees it once published)."""
        if self._asked.pop((asked.seat, asked.ref), None) is None:
            return Out()
        self._by[asked.who] = asked.seat
        if asked.peer == BY_CODE:
            return self._verdict(self.seats[asked.seat], Verdict(who=asked.who, ref=asked.ref, taken=True))
        return self._to_seat(self.seats.get(asked.seat), Accepted(ref=asked.ref, who=asked.who))

    def refuse(self, asked: StatementAsked, why: str, field: str = "") -> Out:
        """A statement not taken: its player is told why (``field``: the form's field it is about)."""
        if self._asked.pop((asked.seat, asked.ref), None) is None:
            return Out()
        if asked.peer == BY_CODE and asked.seat in self.seats:
            return self._verdict(self.seats[asked.seat], Verdict(who=asked.who, ref=asked.ref, why=why[:600],
                                                                 field=field[:40]))
        return self._to_seat(self.seats.get(asked.seat), Rejected(ref=asked.ref, who=asked.who, why=why[:600],
                                                                  field=field[:40]))

    def ask_die(self, who: str, sides: int, purpose: str, round_number: int, index: int) -> tuple[int | None, Out]:
        """A die the fight needs of ``who``'s player: its number (``None``: ``who`` is the game master's),
        and the ask sent (kept for his phone if it is away)."""
        seat = self.seat_of(who)
        if seat is None:
            return None, Out()
        self._numbers += 1
        ask = Ask(ask=self._numbers, who=who, sides=sides, purpose=purpose[:600], round=round_number, index=index)
        self.asks[ask.ask] = Asked(seat.seat, ask)
        return ask.ask, self._to_seat(seat, ask)

    def withdraw(self, number: int, why: str) -> Out:
        """A die asked of a player no longer needed."""
        asked = self.asks.pop(number, None)
        if asked is None:
            return Out()
        return self._to_seat(self.seats.get(asked.seat), Withdrawn(ask=number, why=why[:600]))

    def offer(self, who: str, label: str, fight_id: str) -> tuple[int | None, Out]:
        """The fight as it stands now, offered to ``who``'s player to write to his own adventurer."""
        seat = self.seat_of(who)
        if seat is None:
            return None, Out()
        self._numbers += 1
        offer = Offer(offer=self._numbers, revision=self.revision, who=who, label=label[:80], fight=fight_id[:80])
        self.offers = {n: o for n, o in self.offers.items() if o.message.who != who}  # the latest stands
        self.offers[offer.offer] = Offered(seat.seat, offer)
        return offer.offer, self._to_seat(seat, offer)

    def close(self, why: str = "the game master closed the table") -> Out:
        """The table closed: every phone told and let go."""
        out = Out()
        for peer in list(self.channels):
            out |= self._close(peer, why)
        self.seats = {}
        return out

    # -- what the table shows -----------------------------------------------------------------------

    def publish(self, fight: str, statements: Mapping[str, Statement]) -> Out:
        """What the table shows now (the fight's link, the statements): when it changed, a new revision
        sent to every phone at the table."""
        statements = dict(statements)
        if fight == self.fight and statements == self.statements:
            return Out()
        return self._publish(fight, statements)

    def _seats_changed(self) -> Out:
        return self._publish(self.fight, self.statements)

    def _publish(self, fight: str, statements: dict[str, Statement]) -> Out:
        self._history[self.revision] = (self.fight, self.statements, self._shown_seats)
        self.revision += 1
        if fight != self.fight:
            self.fight_at = self.revision
            self.verdicts = {}  # about statements for a round that is over
        for name, statement in statements.items():
            if self.statements.get(name) != statement:
                self.changed_at[name] = (self.revision, self._by.pop(name, 0))
        self.fight, self.statements = fight, statements
        self._shown_seats = self.seat_infos()
        out = Out()
        for seat in self.seats.values():
            if seat.peer is not None:
                out |= self._state_to(seat, whole=not SEND_CHANGES)
                seat.sent = self.revision
        for old in [r for r in self._history if r < self.revision - 16]:
            del self._history[old]
        return out

    def state(self) -> State:
        """The whole state, as a phone that holds nothing is sent it."""
        return State(table=self.table, revision=self.revision, fight=self.fight, statements=self.statements,
                     seats=self._shown_seats)

    # -- by codes alone ----------------------------------------------------------------------------

    def situation(self) -> Situation:
        """The table as one code for the players' phones: the whole state, the dice asked, the verdicts."""
        return Situation(table=self.table, revision=self.revision, fight=self.fight, statements=self.statements,
                         seats=self._shown_seats, asks=tuple(a.message for a in self.asks.values())[:MAX_SEATS],
                         verdicts=tuple(self.verdicts.values()), turned=tuple(self.turned), offers=self._offers_by_codes())

    def _offers_by_codes(self) -> tuple[Offer, ...]:
        """The offers a fight code carries: to seats by codes, not yet answered, the fight as offered."""
        return tuple(o.message for o in self.offers.values()
                     if o.message.revision >= self.fight_at and o.seat in self.seats and self.seats[o.seat].by_codes)[:MAX_NAMED]

    def scanned(self, text: str) -> Out:
        """The text of a code a player's phone showed the game master's camera: a join code (``hello``), a
        statement or a die (``shown``); anything else is not used, said in words (:class:`NotUsed`)."""
        try:
            message = read_message_link(text)
        except LiveMessageError as exc:
            why = str(exc).removeprefix("live table: ")
            if "is not a Strike Rank link" in why or "link, not a 'live' one" in why:
                why = "it is not a live table's code (a player's phone shows one once he has read the fight's code)"
            return self._not_used(why)
        return self._by_code(message)

    def _not_used(self, why: str, name: str = "a code") -> Out:
        return Out(events=[NotUsed(BY_CODE, name, why=why)])

    def _by_code(self, message: AnyMessage) -> Out:
        if isinstance(message, Hello):
            return self._hello_by_code(message)
        if not isinstance(message, Shown):
            return self._not_used(f"a {message.__struct_config__.tag!r} code is not a player's code: scan the code his "
                                  "phone shows")
        if message.table != self.table:
            return self._not_used("it was made for another table: the player scans this table's fight code first")
        seat = self.seats.get(message.seat)
        if seat is None:
            return self._not_used(f"seat {message.seat} is not at this table (any more)")
        if not seal.sealed(seat.key, message.table, message.seat, message.said, message.mac):
            return self._not_used(f"this code was not made by {seat.name}'s phone (only the phone he joined with "
                                  "makes his codes)", seat.name)
        if message.mac in seat.used:
            return self._not_used(f"this code of {seat.name}'s was read already: his phone shows a new one for "
                                  "each statement or die", seat.name)
        seat.used[message.mac] = None
        while len(seat.used) > MAX_USED:
            del seat.used[next(iter(seat.used))]
        if isinstance(message.said, Stated):
            return self._stated(BY_CODE, seat, message.said)
        given = self._die(BY_CODE, seat, message.said) if isinstance(message.said, Rolled) else \
            self._answered(BY_CODE, seat, message.said)
        return self._not_used(given, seat.name) if isinstance(given, str) else Out(events=[given])

    def _hello_by_code(self, hello: Hello) -> Out:
        if hello.table != self.table:
            return self._not_used("it was made for another table: the player scans this table's fight code first")
        if not hello.key:
            return self._not_used("this code to join carries no key to seal his codes with: update Strike Rank on "
                                  "his phone (open it once with a signal)", hello.name)
        name = hello.name
        seated = next((s for s in self.seats.values() if s.name.casefold() == name.casefold()), None)
        if seated is not None:
            if seated.device == hello.device:
                return self._not_used(f"{name} is at the table already (seat {seated.seat})", name)
            return self._not_used(f"a player called {seated.name} is at the table already: the phone must join "
                                  "under another name", name)
        for waiting in self.channels.values():
            if waiting.seat is None and waiting.hello is not None and waiting.hello.device == hello.device:
                waiting.hello = hello  # read again (a new code has a new key: his phone keeps the newest)
                return Out()
        if len(self.waiting()) >= MAX_WAITING:
            return self._not_used(f"{MAX_WAITING} phones are already waiting to be let in", name)
        if len(self.seats) >= MAX_SEATS:
            return self._not_used(f"the table is full ({MAX_SEATS} players)", name)
        self._newcomers_by_code += 1
        peer = BY_CODE - self._newcomers_by_code
        now = self.clock()
        self.channels[peer] = Channel(Bucket(BURST_MESSAGES, MESSAGES_PER_SECOND, now),
                                      Bucket(BURST_BYTES, BYTES_PER_SECOND, now), hello=hello)
        return Out(events=[Newcomer(peer, name, wants=hello.wants)])

    def _state_to(self, seat: SeatKept, whole: bool) -> Out:
        """The state for one phone: whole, or what changed since the revision it was last brought to."""
        assert seat.peer is not None
        if not whole and seat.sent == self.revision:
            return Out()  # it holds this revision already
        base = self._history.get(seat.sent) if seat.sent else None
        if whole or base is None:
            return self._send(seat.peer, self.state())
        fight, statements, seats = base
        if any(name not in self.statements for name in statements):
            return self._send(seat.peer, self.state())  # a statement gone: a change cannot say it
        changed = {n: s for n, s in self.statements.items() if statements.get(n) != s}
        return self._send(seat.peer, State(table=self.table, revision=self.revision, base=seat.sent,
                                           fight=None if fight == self.fight else self.fight, statements=changed,
                                           seats=None if seats == self._shown_seats else self._shown_seats))

    # -- sending ------------------------------------------------------------------------------------

    def _send(self, peer: int, message: Message) -> Out:
        return Out(sends=[Send(peer, encode_message(message))])

    def _to_seat(self, seat: SeatKept | None, message: Message) -> Out:
        if seat is None or seat.peer is None:
            return Out()
        return self._send(seat.peer, message)

    def _close(self, peer: int, why: str) -> Out:
        channel = self.channels.pop(peer, None)
        if channel is not None and channel.seat is not None and channel.seat in self.seats:
            self.seats[channel.seat].peer = None
        return Out(sends=[Send(peer, encode_message(Refused(why=why[:600])))], closed=[peer])
