"""A data channel's session description reduced to what must be carried from one phone to the
other, and rebuilt into a full SDP text a browser accepts.

Of the offer or answer a browser makes for one data channel (RFC 8866, 8839, 8841), only four
things differ from one connection to the next: the DTLS certificate's SHA-256 fingerprint, the
ICE user fragment and password, the addresses the phone can be reached at, and (in an answer)
which side opens DTLS. Everything else (the ``m=application`` line, ``a=mid:0``, the SCTP port,
the bundle group) is the same in every description Chromium, Safari and Firefox make for one
data channel, so :func:`to_sdp` writes it as a constant, as QWBP does ("QR WebRTC bootstrap
protocol", docs/formats.md names what was taken from it).

Only host candidates over UDP are kept: the phones reach each other on one hotspot or one Wi-Fi,
there are never STUN or TURN servers (so no reflexive or relayed candidates), and Chromium's TCP
candidates add nothing there. A host candidate is an IPv4 or IPv6 address, or the mDNS name
``<uuid>.local`` a phone shows in place of its address (draft-ietf-mmusic-mdns-ice-candidates),
which packs to the uuid's 16 bytes.

Pure: text in, :class:`Session` out, and back.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import uuid
from enum import IntEnum
from typing import Annotated

import msgspec

from pyengine.errors import LiveCodeError
from pyengine.validation import shown

#: Candidates kept, best first: a phone on one hotspot has one or two addresses that matter, and
#: each more candidate is 7 to 19 bytes more code to scan.
MAX_CANDIDATES = 4
#: Characters of an SDP text this module reads (a data channel's description is under 1,000).
MAX_SDP = 8192
#: What every description this module writes lets the other side send in one message: the
#: smallest of what Chromium and Safari (256 KiB) and Firefox (1 GiB) say they receive.
MAX_MESSAGE_SIZE = 262144
#: The SCTP port every browser uses for its data channels (RFC 8841's default).
SCTP_PORT = 5000
#: ICE's user fragment and password: lengths (RFC 8839 allows 4-256 and 22-256 characters; the
#: browsers use 4 and 24 (Chromium, Safari) or 8 and 32 (Firefox)) and the alphabet, which is
#: exactly the 64 characters of base64, so each character packs into 6 bits.
UFRAG_LENGTHS = (4, 32)
PWD_LENGTHS = (22, 64)
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class Family(IntEnum):
    """What a candidate's address is; the number is what the codes carry."""

    IPV4 = 0
    IPV6 = 1
    MDNS = 2


class Setup(IntEnum):
    """Who opens DTLS (``a=setup``, RFC 8842); the number is what the codes carry. An offer is
    always ``actpass``; an answer chooses ``active`` (Chromium, Safari, Firefox) or ``passive``."""

    ACTPASS = 0
    ACTIVE = 1
    PASSIVE = 2


class Candidate(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One place the phone can be reached at: a UDP host candidate."""

    family: Family
    address: str
    """The IPv4 or IPv6 address as the SDP writes it, or the mDNS name ``<uuid>.local``."""
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)]


class Session(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one side's session description carries that the other side needs."""

    fingerprint: bytes
    """The SHA-256 fingerprint of the side's DTLS certificate: 32 bytes."""
    ufrag: str
    pwd: str
    setup: Setup
    candidates: tuple[Candidate, ...]
    """Best first, at most :data:`MAX_CANDIDATES`."""


_CANDIDATE = re.compile(r"candidate:(\S+) (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)(?: .*)?")
_MDNS = re.compile(r"([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.local")
_FINGERPRINT = re.compile(r"sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})")
_NO_ADDRESS = (
    "this phone's browser found no network address to offer: join the same Wi-Fi or phone hotspot "
    "as the other phone (the hotspot's own phone counts), then try again"
)


def candidate(address: str, port: int) -> Candidate | None:
    """A host candidate at ``address`` (an IP address or an mDNS ``<uuid>.local`` name), or None
    when the address is none of those (so it cannot be carried)."""
    match = _MDNS.fullmatch(address)
    if match:
        return Candidate(Family.MDNS, f"{uuid.UUID(match.group(1))}.local", port)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        return None
    return Candidate(Family.IPV4 if ip.version == 4 else Family.IPV6, str(ip), port)


def check_ice(ufrag: str, pwd: str) -> None:
    """Refuses ICE credentials the codes cannot carry.

    :raises LiveCodeError: a length outside :data:`UFRAG_LENGTHS`/:data:`PWD_LENGTHS`, or a character
        outside :data:`ICE_CHARS`.
    """
    for name, value, (low, high) in (("user fragment", ufrag, UFRAG_LENGTHS), ("password", pwd, PWD_LENGTHS)):
        if not low <= len(value) <= high or any(c not in ICE_CHARS for c in value):
            raise LiveCodeError(
                f"this browser's connection {name} {shown(value)} is not one a code can carry ({low} to {high} letters, digits, '+' or '/')"
            )


def from_sdp(text: str) -> Session:
    """What must be carried of a data channel's offer or answer, as a browser wrote it (with every
    candidate gathered).

    :raises LiveCodeError: the text is no data channel's description, or it offers no address a
        code can carry (the message says what the player can do).
    """
    if len(text) > MAX_SDP:
        raise LiveCodeError(f"this browser's connection details are {len(text):,} characters, more than a data channel's ({MAX_SDP:,} at most)")
    fingerprint = ufrag = pwd = setup = None
    media = []
    found: list[Candidate] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith("m="):
            media.append(line[2:])
        elif line.startswith("a=fingerprint:"):
            match = _FINGERPRINT.fullmatch(line[len("a=fingerprint:") :].strip())
            if match and fingerprint is None:
                fingerprint = bytes.fromhex(match.group(1).replace(":", ""))
        elif line.startswith("a=ice-ufrag:"):
            ufrag = line[len("a=ice-ufrag:") :].strip()
        elif line.startswith("a=ice-pwd:"):
            pwd = line[len("a=ice-pwd:") :].strip()
        elif line.startswith("a=setup:"):
            setup = line[len("a=setup:") :].strip()
        elif line.startswith("a=candidate:"):
            match = _CANDIDATE.fullmatch(line[2:].strip())
            if not match:
                continue
            _, component, transport, _, address, port, kind = match.groups()
            if component != "1" or transport.lower() != "udp" or kind != "host" or not 1 <= int(port) <= 65535:
                continue  # TCP, reflexive or relayed: never useful between two phones at one table
            made = candidate(address, int(port))
            if made is not None and made not in found:
                found.append(made)
    if len(media) != 1 or not media[0].startswith("application ") or "webrtc-datachannel" not in media[0]:
        raise LiveCodeError(f"this browser's connection details are not a data channel's alone (media: {shown(media)})")
    if fingerprint is None:
        raise LiveCodeError("this browser's connection details have no SHA-256 certificate fingerprint")
    if ufrag is None or pwd is None:
        raise LiveCodeError("this browser's connection details have no connection user fragment or password")
    check_ice(ufrag, pwd)
    if setup not in ("actpass", "active", "passive"):
        raise LiveCodeError(f"this browser's connection details name no DTLS role a code can carry ({shown(setup)})")
    if not found:
        raise LiveCodeError(_NO_ADDRESS)
    # IPv4 and mDNS names before IPv6, each in the browser's order (its best first): the phones at
    # one hotspot reach each other over IPv4; IPv6 addresses are many and often not routed there.
    ordered = sorted(found, key=lambda c: c.family == Family.IPV6)[:MAX_CANDIDATES]
    return Session(fingerprint, ufrag, pwd, Setup[setup.upper()], tuple(ordered))


def session_id(fingerprint: bytes) -> int:
    """The ``o=`` line's session id, made from the fingerprint so the same session always gives the
    same text (62 bits: below the 2^63 every SDP parser takes)."""
    return int.from_bytes(hashlib.sha256(fingerprint).digest()[:8], "big") >> 2


def priority(index: int) -> int:
    """RFC 8445's priority of the ``index``-th (from 0) host candidate of component 1: type
    preference 126, local preference falling with the index, so the order carried is kept."""
    return (126 << 24) | ((65535 - index) << 8) | 255


def to_sdp(session: Session) -> str:
    """The full SDP text of ``session``: an offer when its setup is ``actpass``, else an answer;
    what :func:`from_sdp` dropped as constant is written back, every candidate gathered."""
    fingerprint = ":".join(f"{b:02X}" for b in session.fingerprint)
    first = session.candidates[0] if session.candidates else None
    lines = [
        "v=0",
        f"o=- {session_id(session.fingerprint)} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        f"m=application {first.port if first else 9} UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index, found in enumerate(session.candidates):
        lines.append(f"a=candidate:{index + 1} 1 udp {priority(index)} {found.address} {found.port} typ host generation 0")
    lines += [
        "a=end-of-candidates",
        f"a=ice-ufrag:{session.ufrag}",
        f"a=ice-pwd:{session.pwd}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{session.setup.name.lower()}",
        "a=mid:0",
        f"a=sctp-port:{SCTP_PORT}",
        f"a=max-message-size:{MAX_MESSAGE_SIZE}",
    ]
    return "\r\n".join(lines) + "\r\n"
