"""A spare connection to come back by (pyengine.live.spare): the ticket a player's phone sends is
read or refused in words, and the answer written for it pins the player's certificate and credentials
and carries no address; the golden ticket keeps giving the same answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.errors import LiveCodeError
from pyengine.live import sdp, spare
from pyengine.live.sdp import Candidate, Family, Session, Setup

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "live-spare-ticket-format-1.txt"
FINGERPRINT = ":".join(f"{b:02X}" for b in range(32))


def golden() -> tuple[tuple[str, str, str], str]:
    text = GOLDEN.read_text(encoding="utf-8")
    head, answer = text.split("\n--\n")
    line = [row for row in head.splitlines() if not row.startswith("#")][0]
    fingerprint, ufrag, pwd = (part.strip() for part in line.split("|"))
    return (fingerprint, ufrag, pwd), answer.replace("\n", "\r\n")


def test_the_golden_ticket_gives_the_same_answer():
    fields, answer = golden()
    assert spare.answer(spare.read_ticket(*fields)) == answer


def test_the_answer_pins_the_players_certificate_and_credentials_and_names_no_address():
    ticket = spare.read_ticket(FINGERPRINT.lower(), "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z")
    assert ticket.fingerprint == bytes(range(32))
    written = spare.answer(ticket)
    read = sdp.from_sdp(written.replace("a=mid:0", "a=candidate:1 1 udp 1 10.0.0.1 9 typ host\r\na=mid:0"))
    assert (read.fingerprint, read.ufrag, read.pwd, read.setup) == (ticket.fingerprint, "q7Zk", ticket.pwd, Setup.ACTIVE)
    # no candidate and no end-of-candidates: the spare waits for the player's checks (an ended list with
    # nothing in it and the spare's connection never opened: tests/browser/live/test_rejoin.py)
    assert "a=candidate" not in written and "end-of-candidates" not in written


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ((None, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"), "certificate fingerprint is not text"),
        ((FINGERPRINT[:-3], "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"), "not a SHA-256 one"),
        ((FINGERPRINT.replace(":", "-"), "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"), "not a SHA-256 one"),
        ((FINGERPRINT, "q7", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"), "user fragment"),
        ((FINGERPRINT, "q7Zk", "short"), "password"),
        ((FINGERPRINT, "q7Z\n", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"), "user fragment"),
        ((FINGERPRINT, "q7Zk", 12), "password is not text"),
    ],
)
def test_a_ticket_that_is_not_one_is_refused_in_words(fields, words):
    with pytest.raises(LiveCodeError, match=words):
        spare.read_ticket(*fields)


def test_what_the_player_keeps_is_an_offer_with_an_address():
    offer = Session(bytes(32), "AbCd", "a" * 24, Setup.ACTPASS, (Candidate(Family.IPV4, "10.99.0.1", 50000),))
    kept = spare.offer_for_keeping(offer)
    assert sdp.from_sdp(kept) == offer
    with pytest.raises(LiveCodeError, match="an offer with at least one address"):
        spare.offer_for_keeping(Session(bytes(32), "AbCd", "a" * 24, Setup.ACTIVE, offer.candidates))
