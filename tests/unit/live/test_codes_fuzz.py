"""The join code's and the answer code's decoders fuzzed: whatever text a camera, a paste or a
player's thumbs give them, they read a code or say why with a :class:`LiveCodeError`, never
anything else, in a message with no library's words. 10,000 examples each (``tests/unit/junk.py``):
junk text, and real codes in every form damaged (characters changed, dropped, added, cut, spaces
moved), and random bytes behind a code's header."""

from __future__ import annotations

import os

from pyengine.errors import LiveCodeError
from pyengine.live import codes
from pyengine.live.codes import AnswerCode, JoinCode
from pyengine.live.sdp import Candidate, Family, Session, Setup
from tests.unit import junk
from tests.unit.junk import Junk

TELLTALES = ("Traceback", "binascii", "ValueError", "IndexError", "Expected", "NoneType", "int()", "uuid", "ipaddress", "codec")

OFFER = Session(
    bytes(range(32)),
    "0Ebt",
    "TOoI7IGVUVSZYQtcnZ4xHiJu",
    Setup.ACTPASS,
    (Candidate(Family.IPV4, "192.168.43.17", 50123), Candidate(Family.MDNS, "e216fbbc-5267-4dbb-b259-b3f978935670.local", 9)),
)
ANSWER = Session(bytes(range(1, 33)), "aTKC", "4o/Est55coAwf6FmGZS5mc12", Setup.ACTIVE, (Candidate(Family.IPV6, "2001:db8::7", 50322),))
JOIN = codes.make_join(OFFER, os.urandom)
ANSWERED = codes.make_answer(ANSWER, JOIN)
SITE = "https://strike-rank.example.org/app/"
FORMS = [
    codes.join_link(JOIN, SITE),
    codes.join_typed(JOIN),
    codes.base32(codes.pack_join(JOIN)),
    codes.answer_text(ANSWERED),
    codes.answer_typed(ANSWERED),
    f"{SITE}combat.html#answer={codes.answer_text(ANSWERED)}",
]
CHARACTERS = codes.ALPHABET + "ILOUilo -#=:/\n" + "".join(chr(c) for c in (0, 0x85, 0xA0, 0x2028, 0xFEFF, 0x1F600))


def damaged(j: Junk) -> str:
    """A real code in one of its forms, changed a few times the ways scanning and typing change it."""
    text = j.rng.choice(FORMS)
    for _ in range(j.integer(0, 4)):
        at = j.integer(0, len(text))
        roll = j.rng.randrange(5)
        if roll == 0 and text:
            text = text[:at] + j.rng.choice(CHARACTERS) + text[at + 1 :]
        elif roll == 1:
            text = text[:at] + text[at + 1 :]
        elif roll == 2:
            text = text[:at] + j.rng.choice(CHARACTERS) + text[at:]
        elif roll == 3:
            text = text[:at]
        else:
            text = text.replace(" ", "", 1) if j.rng.random() < 0.5 else text[:at] + " " + text[at:]
    return text


def header_and_junk(j: Junk) -> str:
    """Random bytes behind a plausible header, written as the code's base32."""
    header = j.rng.choice([0x10, 0x1A, 0x1C, 0x12, 0x18, 0x11, 0x20, 0x00, j.integer(0, 255)])
    body = j.binary(140)
    if j.rng.random() < 0.5:  # lengths a browser uses, so the decoder reaches the candidates
        cut = 1 + 32 + j.rng.choice([codes.SECRET_BYTES, codes.PROOF_BYTES])
        body = body[: cut - 1].ljust(cut - 1, b"\0") + bytes([4, 24]) + body[cut + 1 :]
    data = bytes([header]) + body
    return j.rng.choice([codes.base32, codes.typed])(data)


def draw(j: Junk) -> str:
    roll = j.rng.random()
    if roll < 0.25:
        return j.text(200)
    if roll < 0.7:
        return damaged(j)
    return header_and_junk(j)


def checked(read):
    def check(text: str) -> None:
        try:
            found = read(text)
        except LiveCodeError as exc:
            said = str(exc)
            assert said.startswith("This "), said
            assert len(said) < 400, said
            for word in TELLTALES:
                assert word not in said, (word, said)
        else:
            assert isinstance(found, (JoinCode, AnswerCode))

    return check


def test_the_join_codes_decoder_reads_or_says_why_for_10000_inputs():
    junk.run(checked(codes.read_join), draw)


def test_the_answer_codes_decoder_reads_or_says_why_for_10000_inputs():
    junk.run(checked(lambda text: codes.read_answer(text, JOIN)), draw)
