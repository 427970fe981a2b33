"""The messages on the live table's channel (docs/formats.md, "Live table: messages on the channel").

A message is one frame on the data channel: one byte, the format :data:`VERSION`, then one msgpack map,
the message, its kind in ``k`` (a msgspec tagged union of frozen Structs, below). The same message can be
carried as text, for phones with no shared network (:func:`message_link`): a share link of kind
``live`` (:mod:`pyengine.share`), read by the app's scanner like any other link.

:func:`read_message` and :func:`read_message_link` read what another phone sent: every way it can be
wrong raises :class:`~pyengine.errors.LiveMessageError` with a message in words, never a library's.
A message holds no HTML and nothing that is run: names and statements are text, drawn escaped by the
pages as every value is; the fight rides as its own share link (:mod:`pyengine.runequest.melee.log`),
which the page opens with the same hardened reader as any link.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

import msgspec

from pyengine.errors import LiveMessageError, ShareLinkError
from pyengine.share import MAX_TEXT as MAX_LINK
from pyengine.share import LinkKind
from pyengine.validation import cut, kind_of, said

#: The format a frame's first byte names. A change to any message is a new version: the two phones run
#: the same app, and one that meets another version says which phone to update.
VERSION = 1
#: The largest frame read (bytes). A state carries the fight's link (16,384 characters at most, the
#: share links' own limit) and up to 24 statements (about 400 bytes each as msgpack, at their field
#: limits); 64 KiB holds both with room, and stays well under what a data channel carries in one
#: message between two browsers (Chromium and Firefox announce 256 KiB).
MAX_MESSAGE = 65_536
#: The most seats at a table (issue 35: "up to 8 players at once").
MAX_SEATS = 8
#: The most combatants named in one message (a fight holds 24: pyengine.pages.fight.roster).
MAX_NAMED = 24
#: The highest die a phone is asked for (a D100).
MAX_SIDES = 100
#: The share-link kind of a message carried as text.
LINK_KIND = "live"

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
"""A combatant's name (the add form takes 40 characters at most)."""
PlayerName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
"""What a player calls himself at the table."""
Ident = Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{8,32}$")]
"""A random id in hex (a device, a table, a fight kept on the device)."""
Key = Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{24,64}$")]
"""A seat's key for its codes, in hex: 12 to 32 random bytes (:mod:`pyengine.live.seal` makes 16)."""
Tag = Annotated[str, msgspec.Meta(pattern=r"^[0-9a-f]{16}$")]
"""A MAC cut to 8 bytes, in hex (:mod:`pyengine.live.seal`)."""
Field = Annotated[str, msgspec.Meta(max_length=120)]
"""A statement form's field as typed (an arm's name, a number, a spell)."""
Words = Annotated[str, msgspec.Meta(max_length=600)]
"""A reason or a purpose, in words."""
Count = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]
"""A revision, a reference or a ping's number."""
Seat = Annotated[int, msgspec.Meta(ge=1, le=MAX_SEATS)]
Names = Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_NAMED)]


class Part(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A part of a message (not a message itself)."""


class ActionRow(Part):
    """One action row of a statement form, its fields as the form has them (``fd-<k>-a<j>-…``)."""

    do: Field = ""
    arm: Field = ""
    target: Field = ""
    n: Field = ""
    where: Field = ""
    spell: Field = ""
    on: Field = ""
    stuck: Field = ""
    abort: bool = False
    unprepared: bool = False


class ParryRow(Part):
    """One parry row of a statement form (``fd-<k>-p<j>-…``)."""

    arm: Field = ""
    against: Field = ""


class Statement(Part):
    """A combatant's statement of intent as the statement form holds it: fight mode's draft's
    ``declare`` entry (docs/formats.md, "Fight mode's draft"), every field as typed."""

    actions: Annotated[tuple[ActionRow, ...], msgspec.Meta(max_length=8)] = ()
    parries: Annotated[tuple[ParryRow, ...], msgspec.Meta(max_length=8)] = ()
    defense: Annotated[dict[Name, Field], msgspec.Meta(max_length=MAX_NAMED)] = {}
    surprised: bool = False
    engaged: Names = ()


class SeatInfo(Part):
    """Who sits at a seat: the player's name, the combatants given to him, whether his phone is there now."""

    seat: Seat
    name: PlayerName
    who: Names = ()
    here: bool = False


class Message(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True,
              tag_field="k"):
    """Base of every message on the channel."""


# -- a player's phone to the game master's ----------------------------------------------------------


class Hello(Message, tag="hello"):
    """The first message of a player's phone on a channel: who the player says he is, his device (a
    random id it keeps, so a phone that comes back is known again), the table and the revision it
    last saw (catch-up: ``seen`` 0, or another table, gets the whole state), whom he would play. As a code
    to join (no channel), ``key``: the fresh key his phone seals its codes with (:mod:`pyengine.live.seal`),
    shown to the game master's camera this once."""

    device: Ident
    name: PlayerName
    table: Ident | None = None
    seen: Count = 0
    wants: Names = ()
    key: Key | None = None


class Want(Message, tag="want"):
    """A player asks to play these combatants."""

    who: Names


class Stated(Message, tag="stated"):
    """A player's statement for one of his combatants, as he saw the fight at revision ``seen``; ``ref``
    numbers it, so the answer names it. A request: only the game master's phone changes the fight."""

    ref: Count
    seen: Count
    who: Name
    statement: Statement


class Rolled(Message, tag="rolled"):
    """A die the game master's phone asked for (``ask``): rolled on the player's phone, or typed from his dice."""

    ask: Count
    value: Annotated[int, msgspec.Meta(ge=1, le=MAX_SIDES)]
    typed: bool = False


class Answer(Message, tag="answer"):
    """What the player did with a write-back offer on his own device."""

    offer: Count
    answer: Literal["confirmed", "declined", "undone"]


class Rejoin(Message, tag="rejoin"):
    """How this seated phone will come back if its channel is lost (:mod:`pyengine.live.spare`): its kept
    certificate's SHA-256 fingerprint (colon-separated hex, as the browser writes it) and the ICE
    credentials it chose for that connection. The game master's phone answers with :class:`Spare`."""

    fingerprint: Annotated[str, msgspec.Meta(max_length=95)]
    ufrag: Annotated[str, msgspec.Meta(max_length=32)]
    pwd: Annotated[str, msgspec.Meta(max_length=64)]


class Ping(Message, tag="ping"):
    """Are you there? (either phone; answered with :class:`Pong` of the same ``n``)."""

    n: Count = 0


class Pong(Message, tag="pong"):
    n: Count = 0


# -- the game master's phone to a player's -------------------------------------------------------


class Waiting(Message, tag="waiting"):
    """The game master has not let this phone in yet."""

    table: Ident


class Welcome(Message, tag="welcome"):
    """Let in: the seat this phone has, and the name the table knows it by."""

    table: Ident
    seat: Seat
    name: PlayerName


class Refused(Message, tag="refused"):
    """Not let in, or no longer (the table closed, the seat given up): why, in words."""

    why: Words


class State(Message, tag="state"):
    """The fight at a revision: its share link (``""``: no fight yet; ``None``: the same as at ``base``), the
    statements stated so far by combatant, and who plays whom (``None``: as at ``base``). ``base`` 0: the
    whole state; else only what changed since revision ``base``, which the phone must hold."""

    table: Ident
    revision: Count
    base: Count = 0
    fight: Annotated[str, msgspec.Meta(max_length=MAX_LINK)] | None = None
    statements: Annotated[dict[Name, Statement], msgspec.Meta(max_length=MAX_NAMED)] = {}
    seats: Annotated[tuple[SeatInfo, ...], msgspec.Meta(max_length=MAX_SEATS)] | None = None


class Assigned(Message, tag="assigned"):
    """The combatants the game master gives this seat now (``()``: none)."""

    seat: Seat
    who: Names = ()


class Accepted(Message, tag="accepted"):
    """A statement (``ref``) taken into the fight."""

    ref: Count
    who: Name


class Rejected(Message, tag="rejected"):
    """A statement (``ref``) not taken: why, in the game master's words or the statement form's own, and the
    form's field it is about (``fd-<k>-a0-target``; ``""``: the whole statement)."""

    ref: Count
    who: Name
    why: Words
    field: Annotated[str, msgspec.Meta(max_length=40)] = ""


class Ask(Message, tag="ask"):
    """A die the fight needs from this player: for whom, its sides, what it is for (the words the game
    master's typed-dice mode shows), in which round, its place among the round's dice."""

    ask: Count
    who: Name
    sides: Annotated[int, msgspec.Meta(ge=2, le=MAX_SIDES)]
    purpose: Words
    round: Count
    index: Count


class Withdrawn(Message, tag="withdrawn"):
    """A die asked for is no longer needed (typed by the game master, the round cancelled): why."""

    ask: Count
    why: Words


class Offer(Message, tag="offer"):
    """The fight's results for this player's combatant, to write to his own adventurer: the fight as at
    ``revision`` (which the phone holds), ``who`` in it, the fight's name and id as the records' versions
    and injuries say them."""

    offer: Count
    revision: Count
    who: Name
    label: Annotated[str, msgspec.Meta(max_length=80)]
    fight: Annotated[str, msgspec.Meta(min_length=1, max_length=80)]


class Verdict(Part):
    """What the game master's phone did with a statement a player showed as a code (no channel to tell him
    by): taken, or not and why, and the form's field it is about (as :class:`Rejected` says it)."""

    who: Name
    ref: Count
    taken: bool = False
    why: Words = ""
    field: Annotated[str, msgspec.Meta(max_length=40)] = ""


class Situation(Message, tag="situation"):
    """The table as one code, for phones with no shared network (:func:`message_link`): what a channel
    would have sent a phone since it last looked, in one message. The whole state at ``revision`` (as a
    ``state`` with ``base`` 0: the fight's link, the statements, who plays whom), the dice asked of the
    players and not yet given, and what became of the statements shown as codes since the fight last
    changed. A player's phone finds its seat by its player's name (a table seats one player of a name).
    ``turned``: the newcomers by code the game master turned away lately, each as only his phone knows it
    (:func:`pyengine.live.seal.turned_tag`); never a key. ``offers``: the fight's results offered to seats by
    codes and not yet answered, while the fight is as offered (each phone takes its own combatants')."""

    table: Ident
    revision: Count
    fight: Annotated[str, msgspec.Meta(max_length=MAX_LINK)] = ""
    statements: Annotated[dict[Name, Statement], msgspec.Meta(max_length=MAX_NAMED)] = {}
    seats: Annotated[tuple[SeatInfo, ...], msgspec.Meta(max_length=MAX_SEATS)] = ()
    asks: Annotated[tuple[Ask, ...], msgspec.Meta(max_length=MAX_SEATS)] = ()
    verdicts: Annotated[tuple[Verdict, ...], msgspec.Meta(max_length=MAX_NAMED)] = ()
    turned: Annotated[tuple[Tag, ...], msgspec.Meta(max_length=MAX_SEATS)] = ()
    offers: Annotated[tuple[Offer, ...], msgspec.Meta(max_length=MAX_NAMED)] = ()


class Shown(Message, tag="shown"):
    """A player's statement, die or write-back answer shown as a code to the game master's camera (no channel): the table and
    the seat it is for, which the game master's phone checks (a code of another table, or of a seat that is
    not at this one, is refused in words), the message as the channel would carry it, and its ``mac``
    (:func:`pyengine.live.seal.mac`, with the key the seat's code to join gave): a code made without the
    seat's key (from a photograph of the fight code, or with another seat's) is refused."""

    table: Ident
    seat: Seat
    said: Stated | Rolled | Answer
    mac: Tag


class Spare(Message, tag="spare"):
    """The spare connection's offer made for this phone's :class:`Rejoin` (its session description as
    :func:`pyengine.live.sdp.to_sdp` writes it), to keep and answer when the channel is lost."""

    offer: Annotated[str, msgspec.Meta(max_length=8192)]


AnyMessage = (Hello | Want | Stated | Rolled | Answer | Rejoin | Ping | Pong | Waiting | Welcome | Refused | State
              | Assigned | Accepted | Rejected | Ask | Withdrawn | Offer | Spare | Situation | Shown)
#: The kinds of message, by the ``k`` each carries.
KINDS: dict[str, type[Message]] = {
    cls.__struct_config__.tag: cls  # type: ignore[misc]
    for cls in (Hello, Want, Stated, Rolled, Answer, Rejoin, Ping, Pong, Waiting, Welcome, Refused, State, Assigned,
                Accepted, Rejected, Ask, Withdrawn, Offer, Spare, Situation, Shown)
}

_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(AnyMessage)
_KIND_AT = re.compile(r"^Invalid value (.*) - at `\$\.k`$", re.S)


def _fail(reason: str) -> LiveMessageError:
    return LiveMessageError(f"live table: {reason}")


def encode_message(message: Message) -> bytes:
    """The frame for a message: the version byte, then its msgpack.

    :raises LiveMessageError: it would be bigger than :data:`MAX_MESSAGE` (nothing is sent).
    """
    frame = bytes((VERSION,)) + _ENCODER.encode(message)
    if len(frame) > MAX_MESSAGE:
        raise _fail(f"a {message.__struct_config__.tag!r} message of {len(frame):,} bytes is too big to send "
                    f"(at most {MAX_MESSAGE:,})")
    return frame


def read_message(data: bytes) -> AnyMessage:
    """The message a frame holds.

    :raises LiveMessageError: not bytes, empty, bigger than :data:`MAX_MESSAGE`, another version, damaged, a
        kind this app does not know, or a field that does not fit (named, with what was found).
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise _fail(f"a message should be bytes, not {kind_of(data)}")
    data = bytes(data)
    if not data:
        raise _fail("an empty message")
    if len(data) > MAX_MESSAGE:
        raise _fail(f"a message of {len(data):,} bytes is too big (at most {MAX_MESSAGE:,})")
    if data[0] != VERSION:
        if 1 < data[0] < 128:
            raise _fail(f"the other phone sends messages of version {data[0]}, newer than this app's ({VERSION}): "
                        "update Strike Rank on this phone (open it once with a signal)")
        raise _fail(f"damaged (it does not start with a version this app reads: byte {data[0]})")
    return _typed(data[1:])


def _typed(body: bytes) -> AnyMessage:
    try:
        return _DECODER.decode(body)
    except msgspec.ValidationError as exc:
        raise _fail(_invalid(exc)) from None
    except (msgspec.DecodeError, RecursionError, ValueError, TypeError, OverflowError):
        raise _fail("damaged (what it holds is not a message of the live table)") from None


def _invalid(exc: msgspec.ValidationError) -> str:
    """A message that does not fit, in words: which kind, where, what is wrong."""
    text = str(exc)
    unknown = _KIND_AT.match(text)
    if unknown:
        return (f"a message of a kind this app does not know ({cut(unknown.group(1), 30)}): the other phone may run "
                "a newer version of Strike Rank")
    if text.startswith("Object missing required field `k`"):
        return "damaged (a message without its kind)"
    return f"a message that does not fit: {said(exc)}"


def _read_link_data(data: dict, version: int) -> AnyMessage:
    if set(data) != {"m"}:
        raise ShareLinkError("share link: this live table's code is damaged (it should hold one message)")
    try:
        body = _ENCODER.encode(data["m"])
    except (TypeError, ValueError, OverflowError):  # pragma: no cover - a link's data always re-encodes
        raise ShareLinkError("share link: this live table's code is damaged") from None
    if len(body) + 1 > MAX_MESSAGE:
        raise ShareLinkError(f"share link: this live table's code holds more than {MAX_MESSAGE:,} bytes")
    try:
        return _typed(body)
    except LiveMessageError as exc:
        raise ShareLinkError(f"share link: {exc}") from None


#: A message carried as a share link (kind ``live``): ``{"m": the message as a map}``; the link's ``v`` is
#: :data:`VERSION`.
LINK = LinkKind(LINK_KIND, VERSION, _read_link_data)


def message_link(message: Message) -> str:
    """A message as a share-link fragment (without ``#``) of kind ``live``, for a QR code or a text.

    :raises LiveMessageError: too big for a link (16,384 characters).
    """
    try:
        return LINK.link({"m": msgspec.to_builtins(message)})
    except ShareLinkError as exc:
        raise _fail(f"this message does not fit in a code: {str(exc).removeprefix('share link: ')}") from None


def read_message_link(text: str) -> AnyMessage:
    """The message a ``live`` code holds (a whole URL or a fragment).

    :raises LiveMessageError: not a link, another kind of link, a newer version, or a message that does not fit.
    """
    try:
        return LINK.open(text)
    except ShareLinkError as exc:
        raise _fail(str(exc).removeprefix("share link: ")) from None
