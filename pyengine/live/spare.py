"""A spare connection, prepared while a player's phone is at the table, so that it comes back with no
code scanned when its channel is lost (issue 35: a phone that reloads, sleeps or walks out of range).

While the channel is open the player's phone keeps a DTLS certificate and chooses the ICE credentials
of its next connection (``strikeRankPeer.prepareRejoin`` in web/static/peer.js), and sends the
*ticket*: the certificate's SHA-256 fingerprint, the user fragment and the password. The game master's
phone reads it (:func:`read_ticket`, which takes it as outside input), makes a spare offer, and sets
as its answer the one :func:`answer` writes: the player's fingerprint and credentials, DTLS role
``active`` (the player's phone opens DTLS, as an answering Chromium does) and no address: the game
master's phone learns the player's address from the player's first connectivity checks (a
peer-reflexive candidate). The spare offer goes back over the channel and the player's phone keeps
it (``strikeRankPeer.keepSpare``); ``strikeRankPeer.rejoin`` answers it with the kept certificate and
credentials. Only the phone holding that certificate's private key (never extractable from the
browser) can open the spare: its fingerprint is pinned in the answer.

Pure: text in, SDP text out.
"""

from __future__ import annotations

import re

import msgspec

from pyengine.errors import LiveCodeError
from pyengine.live.sdp import Session, Setup, check_ice, to_sdp
from pyengine.validation import shown

#: Characters of a ticket's fingerprint as the browser writes it: 32 bytes in hex, colon-separated.
FINGERPRINT_CHARS = 95
_FINGERPRINT = re.compile(r"(?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}")


class Ticket(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a player's phone will come back: its kept certificate's fingerprint and its next ICE credentials."""

    fingerprint: bytes
    """32 bytes: SHA-256 of the player's kept DTLS certificate."""
    ufrag: str
    pwd: str


def read_ticket(fingerprint: object, ufrag: object, pwd: object) -> Ticket:
    """The ticket a player's phone sent, checked.

    :raises LiveCodeError: a field is not text, the fingerprint is not 32 bytes in colon-separated
        hex, or the credentials are not ones a browser makes (:func:`pyengine.live.sdp.check_ice`).
    """
    for name, value in (("certificate fingerprint", fingerprint), ("user fragment", ufrag), ("password", pwd)):
        if not isinstance(value, str):
            raise LiveCodeError(f"a player's phone sent a way back whose {name} is not text ({shown(value)})")
    if len(fingerprint) != FINGERPRINT_CHARS or not _FINGERPRINT.fullmatch(fingerprint):
        raise LiveCodeError(f"a player's phone sent a way back whose certificate fingerprint is not a SHA-256 one ({shown(fingerprint)})")
    check_ice(ufrag, pwd)
    return Ticket(bytes.fromhex(fingerprint.replace(":", "")), ufrag, pwd)


def answer(ticket: Ticket) -> str:
    """The answer SDP the game master's spare connection takes for ``ticket``: the player's fingerprint
    and credentials, DTLS role ``active``, no candidate (the player's address comes with its checks)."""
    written = to_sdp(Session(ticket.fingerprint, ticket.ufrag, ticket.pwd, Setup.ACTIVE, ()))
    # No "end-of-candidates": with it and no candidate, the spare's ICE would have nowhere to look and
    # give up; without it, it waits for the player's checks (measured in tests/browser/live/test_rejoin.py).
    return written.replace("a=end-of-candidates\r\n", "")


def offer_for_keeping(offer: Session) -> str:
    """The spare offer as the player's phone keeps it: the SDP text rebuilt from what was carried
    (:func:`pyengine.live.sdp.from_sdp` of the game master's offer), every candidate in it."""
    if offer.setup != Setup.ACTPASS or not offer.candidates:
        raise LiveCodeError("a spare connection is an offer with at least one address")
    return to_sdp(offer)
