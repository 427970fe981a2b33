"""The live table's codes alone, fuzzed (10,000 examples each, ``tests/unit/junk.py``): whatever text the
game master's camera reads is used or refused in words (:meth:`Host.scanned` never raises, and says
nothing in a library's words), and whatever fight code a player's phone reads that reads at all is taken
without an error. The junk: plain text, and the golden ``situation``, ``shown`` and ``hello`` and a seated
player's statement, die and write-back answer (sealed with his key) with one of their parts replaced by
junk, carried as codes; half of the ``shown`` junk that still reads is sealed again with the seat's key,
so that it reaches what lies past the seal."""

from __future__ import annotations

import msgspec

from pyengine.errors import LiveMessageError
from pyengine.live import seal
from pyengine.live.guest import Guest
from pyengine.live.host import Host
from pyengine.live.messages import Answer, Rolled, Shown, Situation, message_link, read_message_link
from pyengine.share import encode_link
from tests.unit import junk
from tests.unit.junk import Junk
from tests.unit.live.samples import DEVICE, FIGHT, KEY, SAMPLES, TABLE, VASANA

WORDS = [
    "k",
    "situation",
    "shown",
    "hello",
    "stated",
    "rolled",
    "said",
    "table",
    "seat",
    "verdicts",
    "asks",
    "taken",
    "why",
    "field",
    "who",
    "ref",
    "seen",
    "value",
    "statement",
    "seats",
    "name",
    "device",
    "mac",
    "key",
    "turned",
    "offers",
    "offer",
    "answer",
    "confirmed",
    "undone",
    "Vasana",
    "Ana",
    TABLE,
]
#: A seat's code of each kind sealed with the seat's key as the junk table holds it (seat 1, :data:`KEY`).
SEALED = [
    Shown(table=TABLE, seat=1, said=said, mac=seal.mac(KEY, TABLE, 1, said))
    for said in (SAMPLES["stated"], Rolled(ask=1, value=42), Answer(offer=2, answer="confirmed"))
]
BUILTINS = [msgspec.to_builtins(m) for m in (SAMPLES["situation"], SAMPLES["shown"], SAMPLES["hello"], *SEALED)]
TELLS = ("msgspec", "Expected", "zlib", "Error -3", "NoneType", "Traceback", "KeyError")


def mutated(j: Junk) -> dict:
    return j.mutated(BUILTINS, WORDS, 4)


def resealed(data: dict) -> dict:
    """A ``shown`` code whose junk reads as a message, sealed again with the seat's key: junk past the seal."""
    try:
        shown = msgspec.convert(data, type=Shown)
        said = msgspec.to_builtins(shown.said)
        return {**data, "mac": seal.mac(KEY, shown.table, shown.seat, msgspec.convert(said, type=type(shown.said)))}
    except (msgspec.ValidationError, TypeError, ValueError, KeyError):
        return data


def junk_code(j: Junk) -> str:
    if j.rng.random() < 0.1:
        return j.text(80)
    data = mutated(j)
    if j.rng.random() < 0.5:
        data = resealed(data)
    try:
        return encode_link("live", {"m": data}, version=j.rng.choice((1, 1, 1, 2)))
    except Exception:  # noqa: BLE001 - junk a link cannot carry: plain text instead
        return j.text(80)


def a_table() -> Host:
    host = Host(TABLE, lambda: 0.0)
    host.publish(FIGHT, {"Vasana": VASANA})
    ana = Guest(DEVICE, "Ana", random_bytes=lambda n: bytes.fromhex(KEY))
    ana.take_situation(host.situation())
    (newcomer,) = host.scanned(ana.join_code()).events
    host.admit(newcomer.peer, ["Vasana"])
    host.ask_die("Vasana", 100, "parry roll (Vasana, 45%)", 3, 12)
    host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    return host


def scanned_or_said_why(text: str) -> None:
    host = a_table()
    for event in host.scanned(text).events:
        assert event.text and not any(t in event.text for t in TELLS), event.text


def situation_taken(text: str) -> None:
    try:
        message = read_message_link(text)
    except LiveMessageError as exc:
        assert str(exc).startswith("live table: ") and not any(t in str(exc) for t in TELLS), str(exc)
        return
    assert read_message_link(message_link(message)) == message
    if isinstance(message, Situation):
        heard = Guest(DEVICE, "Ana").take_situation(message)
        assert all(h.text for h in heard)


def test_every_code_the_game_masters_camera_reads_is_used_or_refused_in_words():
    junk.run(scanned_or_said_why, junk_code)


def test_every_fight_code_that_reads_is_taken_by_a_players_phone():
    junk.run(situation_taken, junk_code)
