"""The live table's decoders, fuzzed: whatever another phone sends (a frame on the channel, or a code
scanned), it reads or is refused with our own error, in words. 10,000 examples each
(``tests/unit/junk.py``): junk bytes, junk data packed as a frame, and every golden message with one of
its parts replaced by junk."""

from __future__ import annotations

import msgspec

from pyengine.errors import LiveMessageError
from pyengine.live.messages import VERSION, encode_message, message_link, read_message, read_message_link
from pyengine.share import encode_link
from tests.unit import junk
from tests.unit.junk import Junk
from tests.unit.live.samples import SAMPLES

WORDS = ["k", "hello", "stated", "state", "rolled", "ask", "who", "statement", "actions", "do", "attack", "arm",
         "target", "device", "name", "table", "seen", "revision", "base", "fight", "statements", "seats", "value",
         "ref", "why", "answer", "confirmed", "Vasana", "a9e1d3c4b5f60718"]
BUILTINS = [msgspec.to_builtins(m) for m in SAMPLES.values()]
TELLS = ("msgspec", "Expected", "zlib", "Error -3", "NoneType", "Traceback")  # "$." may be in a quoted value


def _mutated(j: Junk) -> dict:
    return j.mutated(BUILTINS, WORDS, 3)


def junk_frame(j: Junk) -> bytes:
    kind = j.rng.randrange(4)
    if kind == 0:
        return j.binary(80)
    if kind == 1:
        return bytes((VERSION,)) + j.binary(80)
    try:
        packed = msgspec.msgpack.encode(j.data(WORDS) if kind == 2 else _mutated(j))
    except (OverflowError, TypeError, ValueError):  # a number msgpack cannot carry: raw junk instead
        packed = j.binary(20)
    return bytes((j.rng.choice((VERSION, VERSION, 0, 2, 255)),)) + packed


def frame_reads_or_says_why(data: bytes) -> None:
    try:
        message = read_message(data)
    except LiveMessageError as exc:
        assert str(exc).startswith("live table: ") and not any(t in str(exc) for t in TELLS), str(exc)
        return
    assert read_message(encode_message(message)) == message  # what reads is a message that goes again


def junk_code(j: Junk) -> str:
    kind = j.rng.randrange(3)
    if kind == 0:
        return j.text(60)
    data = {"m": _mutated(j)} if kind == 1 else j.data(WORDS)
    try:
        return encode_link("live", data if isinstance(data, dict) else {"m": data}, version=j.integer(1, 2))
    except Exception:  # noqa: BLE001 - junk a link cannot carry: plain text instead
        return j.text(60)


def code_reads_or_says_why(text: str) -> None:
    try:
        message = read_message_link(text)
    except LiveMessageError as exc:
        assert str(exc).startswith("live table: ") and not any(t in str(exc) for t in TELLS), str(exc)
        return
    assert read_message_link(message_link(message)) == message


def test_frames_read_or_are_refused_in_words():
    junk.run(frame_reads_or_says_why, junk_frame)


def test_codes_read_or_are_refused_in_words():
    junk.run(code_reads_or_says_why, junk_code)
