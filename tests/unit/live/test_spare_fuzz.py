"""The spare ticket's reader fuzzed: whatever a player's phone sends as its way back, it is read or
refused with a :class:`LiveCodeError` in words, never anything else. 10,000 examples of junk values
and of real tickets damaged (``tests/unit/junk.py``)."""

from __future__ import annotations

from pyengine.errors import LiveCodeError
from pyengine.live import spare
from tests.unit import junk
from tests.unit.junk import Junk

TELLTALES = ("Traceback", "ValueError", "fromhex", "NoneType", "Expected")
REAL = ("3F:9A:C2:07:5B:E1:44:D8:19:6C:A0:7E:F2:33:8B:51:C4:0D:97:2A:E8:6F:15:B3:7C:48:D9:01:A6:5E:F0:2B", "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z")
CHARACTERS = "0123456789ABCDEFabcdefXYZ:+/ \n\x00é"


def damaged(j: Junk, text: str) -> str:
    chars = list(text)
    for _ in range(j.integer(1, 4)):
        at = j.integer(0, len(chars))
        roll = j.integer(0, 2)
        if roll == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif roll == 1:
            chars.insert(at, j.rng.choice(CHARACTERS))
        elif chars:
            chars[min(at, len(chars) - 1)] = j.rng.choice(CHARACTERS)
    return "".join(chars)


def draw(j: Junk) -> tuple:
    if j.integer(0, 2) == 0:
        return tuple(j.data(["sha-256", "ufrag", "pwd"], max_leaves=4) for _ in range(3))
    return tuple(damaged(j, part) if j.integer(0, 1) else part for part in REAL)


def check(fields: tuple) -> None:
    try:
        ticket = spare.read_ticket(*fields)
    except LiveCodeError as exc:
        assert not any(word in str(exc) for word in TELLTALES), exc
        return
    assert len(ticket.fingerprint) == 32
    spare.answer(ticket)


def test_the_spare_tickets_reader_reads_or_says_why_for_10000_inputs():
    junk.run(check, draw)
