"""A spare connection to come back by (pyengine.live.spare): the ticket a player's phone sends is
read or refused in words, and the answer written for it pins the player's certificate and credentials
and carries no address; the golden ticket keeps giving the same answer. Over the in-memory wire: a
seated phone's way back becomes a spare offer it keeps; a phone not let in, or a ticket that is not
one, gets none."""

from __future__ import annotations

import pytest

from pyengine.errors import LiveCodeError
from pyengine.live import sdp, spare
from pyengine.live.guest import Guest
from pyengine.live.host import Host, SpareAsked
from pyengine.live.messages import Spare, Statement, encode_message
from pyengine.live.sdp import Candidate, Family, Session, Setup
from tests.unit.live.samples import FIGHT, SPARE_FINGERPRINT, SPARE_OFFER, TABLE
from tests.unit.live.samples import GOLDEN as GOLDEN_DIR
from tests.unit.live.wire import Clock, Phone, Wire

GOLDEN = GOLDEN_DIR / "live-spare-ticket-format-1.txt"
CHROMIUM_OFFER = (GOLDEN_DIR / "live-sdp-offer-chromium.txt").read_text(encoding="utf-8")
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


# -- over the channel: a seated phone asks, the game master's phone makes the spare, the phone keeps it --


def spare_table():
    clock = Clock()
    host = Host(TABLE, clock)
    host.publish(FIGHT, {"Vasana": Statement()})
    wire = Wire(host.received, host.dropped)
    phone = Phone(Guest("0" * 23 + "1", "Ana"))
    wire.connect(phone)
    wire.pump()
    return host, wire, phone


def test_a_seated_phones_way_back_is_made_into_a_spare_it_keeps():
    host, wire, phone = spare_table()
    wire.deliver(host.admit(phone.peer, ("Vasana",)))
    wire.pump()
    wire.send(phone, phone.guest.rejoin(SPARE_FINGERPRINT, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"))
    wire.pump()
    asked = [e for e in wire.events if isinstance(e, SpareAsked)]
    assert [(e.seat, e.name) for e in asked] == [(1, "Ana")]
    assert asked[0].answer == golden()[1]
    assert asked[0].text == "Ana's phone can come back by itself if it is lost"
    # the glue made the spare connection: its offer (a browser's, with what is not carried) goes to the phone
    wire.deliver(host.spare_made(1, CHROMIUM_OFFER))
    wire.pump()
    heard = [h for h in phone.heard if h.kind == "spare"]
    assert len(heard) == 1 and heard[0].message.offer == SPARE_OFFER
    assert sdp.from_sdp(heard[0].message.offer) == sdp.from_sdp(CHROMIUM_OFFER)
    # one spare a connection: each costs the game master's phone a connection
    wire.send(phone, phone.guest.rejoin(SPARE_FINGERPRINT, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"))
    wire.pump()
    assert len([e for e in wire.events if isinstance(e, SpareAsked)]) == 1
    assert "already has its way back" in wire.events[-1].text


def test_a_way_back_is_refused_to_a_phone_not_let_in_and_when_it_is_not_one():
    host, wire, phone = spare_table()
    wire.send(phone, phone.guest.rejoin(SPARE_FINGERPRINT, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"))
    wire.pump()
    assert not [e for e in wire.events if isinstance(e, SpareAsked)]
    assert "must say hello and be let in" in wire.events[-1].text
    wire.deliver(host.admit(phone.peer, ()))
    wire.pump()
    wire.send(phone, phone.guest.rejoin(SPARE_FINGERPRINT, "q7Zk", "short"))
    wire.pump()
    assert not [e for e in wire.events if isinstance(e, SpareAsked)]
    assert "password" in wire.events[-1].text
    with pytest.raises(LiveCodeError):
        host.spare_made(1, "v=0\r\n")


def test_a_spare_that_is_not_an_offer_is_ignored_by_the_phone():
    guest = Guest("0" * 23 + "1", "Ana")
    got = guest.received(encode_message(Spare(offer=spare.answer(spare.read_ticket(SPARE_FINGERPRINT, "q7Zk", "a" * 24)))))
    assert [h.kind for h in got.heard] == ["ignored"] and "way back" in got.heard[0].text
