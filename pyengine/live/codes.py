"""The live table's two codes: the join code the game master's phone shows, and the answer code a
player's phone shows back. Together they carry one WebRTC offer and its answer, so two phones at
one table open a data channel with no server.

A code is a few bytes (docs/formats.md, "Live table: the join code and the answer code"): a
header (format, kind, DTLS role), the DTLS certificate's fingerprint, the ICE user fragment and
password (6 bits a character), and one to four UDP host candidates, as :mod:`pyengine.live.sdp`
reduces a session description. The join code adds a one-time secret; the answer code adds a
proof, made with that secret, that it answers this join code, so the game master's phone
refuses an answer made for another table's code (or an earlier code of its own) before trying
to connect.

The bytes are written in Crockford's base32 (digits and capital letters, no I, L, O, U), which a
QR code holds in its alphanumeric mode (5.5 bits a character) and a player can type:

* the **link** ``<site>/player.html#join=<base32>``, which a phone's camera app opens (the
  state in the fragment, never sent to the host) and the app's own scanner reads;
* the **code as scanned** (the answer code's QR code): the base32 alone;
* the **code as typed**: the base32 in groups of five, each four characters and a check
  character, so a typo is caught and its group named.

:func:`read_join` and :func:`read_answer` take any of the forms, and every way a text can be
wrong raises :class:`~pyengine.errors.LiveCodeError` in a player's words.

Pure: the secret comes from an injected ``random_bytes``.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import uuid
from collections.abc import Callable

import msgspec

from pyengine.errors import LiveCodeError
from pyengine.live.sdp import (
    ICE_CHARS,
    MAX_CANDIDATES,
    PWD_LENGTHS,
    UFRAG_LENGTHS,
    Candidate,
    Family,
    Session,
    Setup,
    check_ice,
)
from pyengine.validation import shown

#: The codes' format, in the high four bits of their first byte.
FORMAT = 1
#: The page a join link opens, relative to the site's address: the player's page. (Links of the first
#: version opened ``combat.html``, which sends a ``#join=`` on to this page; both read the same.)
JOIN_PAGE = "player.html"
#: The fragment's key in a join link (``#join=…``), and in an answer link, which the app accepts
#: though it shows the answer code as its base32 alone.
JOIN_KEY = "join"
ANSWER_KEY = "answer"
#: Bytes of the join code's one-time secret: 96 bits, far beyond guessing offline from an answer
#: code someone photographed, while the join code stays small (see docs/formats.md).
SECRET_BYTES = 12
#: Bytes of the answer code's proof (a truncated HMAC-SHA256): a forger gets one try per scan by
#: the game master, so 64 bits is never guessed.
PROOF_BYTES = 8
#: Characters of a code's text a decoder reads at most (a link with a long site address included).
MAX_TEXT = 1024
#: Data characters in a typed group (then its check character).
GROUP = 4

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: What a player may type for a character (Crockford's base32 reads O as 0, I and L as 1).
_READ_AS = {**{c: i for i, c in enumerate(ALPHABET)}, "O": 0, "I": 1, "L": 1}
_SEPARATORS = re.compile(r"[\s\-]+")
_KIND_BIT = {JOIN_KEY: 0, ANSWER_KEY: 1}
_NAME = {JOIN_KEY: "join code", ANSWER_KEY: "answer code"}
_ANSWER_PROOF = b"strike-rank live answer 1"


class JoinCode(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What the game master's phone shows: its offer, and the secret an answer must prove it saw."""

    session: Session
    secret: bytes
    """:data:`SECRET_BYTES` random bytes, new for each join code."""


class AnswerCode(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a player's phone shows back: its answer, and the proof that it answers one join code."""

    session: Session
    proof: bytes
    """:data:`PROOF_BYTES` bytes: :func:`proof` of the join code's secret over both fingerprints."""


def make_join(session: Session, random_bytes: Callable[[int], bytes]) -> JoinCode:
    """The join code for the game master's offer, with a new secret from ``random_bytes(n)``.

    :raises LiveCodeError: ``session`` is not an offer a code can carry.
    """
    if session.setup != Setup.ACTPASS:
        raise LiveCodeError("a join code carries an offer (DTLS role 'actpass'), not an answer")
    _check_session(session)
    secret = random_bytes(SECRET_BYTES)
    if len(secret) != SECRET_BYTES:
        raise LiveCodeError(f"a join code's secret is {SECRET_BYTES} bytes, not {len(secret)}")
    return JoinCode(session, bytes(secret))


def make_answer(session: Session, join: JoinCode) -> AnswerCode:
    """The answer code for a player's answer to ``join``.

    :raises LiveCodeError: ``session`` is not an answer a code can carry.
    """
    if session.setup == Setup.ACTPASS:
        raise LiveCodeError("an answer code carries an answer (DTLS role 'active' or 'passive'), not an offer")
    _check_session(session)
    return AnswerCode(session, proof(join, session.fingerprint))


def proof(join: JoinCode, fingerprint: bytes) -> bytes:
    """The proof an answer with certificate ``fingerprint`` gives that it answers ``join``: HMAC-SHA256
    keyed with the join code's secret over a label and both fingerprints, cut to :data:`PROOF_BYTES`."""
    message = _ANSWER_PROOF + join.session.fingerprint + fingerprint
    return hmac.new(join.secret, message, hashlib.sha256).digest()[:PROOF_BYTES]


def _check_session(session: Session) -> None:
    if len(session.fingerprint) != 32:
        raise LiveCodeError(f"a code carries a 32-byte certificate fingerprint, not {len(session.fingerprint)} bytes")
    check_ice(session.ufrag, session.pwd)
    if not 1 <= len(session.candidates) <= MAX_CANDIDATES:
        raise LiveCodeError(f"a code carries 1 to {MAX_CANDIDATES} addresses, not {len(session.candidates)}")


# ---- bytes -------------------------------------------------------------------------------------


def pack_join(join: JoinCode) -> bytes:
    """The join code's bytes (format 1)."""
    return _pack(JOIN_KEY, join.session, join.secret)


def pack_answer(answer: AnswerCode) -> bytes:
    """The answer code's bytes (format 1)."""
    return _pack(ANSWER_KEY, answer.session, answer.proof)


def _pack(kind: str, session: Session, extra: bytes) -> bytes:
    _check_session(session)
    header = (FORMAT << 4) | (_KIND_BIT[kind] << 3) | (int(session.setup) << 1)
    chars = session.ufrag + session.pwd
    bits = int("".join(f"{ICE_CHARS.index(c):06b}" for c in chars), 2)
    size = (6 * len(chars) + 7) // 8
    packed = (bits << (8 * size - 6 * len(chars))).to_bytes(size, "big")
    out = bytearray([header]) + session.fingerprint + extra + bytes([len(session.ufrag), len(session.pwd)]) + packed
    for found in session.candidates:
        out.append(int(found.family))
        if found.family == Family.MDNS:
            out += uuid.UUID(found.address.removesuffix(".local")).bytes
        else:
            out += ipaddress.ip_address(found.address).packed
        out += found.port.to_bytes(2, "big")
    return bytes(out)


def unpack_join(data: bytes) -> JoinCode:
    """A join code from its bytes.

    :raises LiveCodeError: the bytes are no join code of a format this version reads.
    """
    session, secret = _unpack(JOIN_KEY, data, SECRET_BYTES)
    return JoinCode(session, secret)


def unpack_answer(data: bytes) -> AnswerCode:
    """An answer code from its bytes (its proof not yet checked: :func:`read_answer` does).

    :raises LiveCodeError: the bytes are no answer code of a format this version reads.
    """
    session, found = _unpack(ANSWER_KEY, data, PROOF_BYTES)
    return AnswerCode(session, found)


def _unpack(kind: str, data: bytes, extra_size: int) -> tuple[Session, bytes]:
    name = _NAME[kind]
    if not data:
        raise LiveCodeError(f"This {name} is empty: {_again(kind)}")
    header = data[0]
    version, kind_bit, setup = header >> 4, (header >> 3) & 1, (header >> 1) & 3
    if version == 0 or header & 1 or setup == 3:
        raise _damaged(kind, "it is not a code this app makes")
    if version > FORMAT:
        raise LiveCodeError(
            f"This {name} was made by a newer version of Strike Rank (code format {version}; this one reads "
            f"format {FORMAT}): update the app on this phone while it has signal, then {_again(kind, short=True)}"
        )
    if kind_bit != _KIND_BIT[kind]:
        raise _wrong_kind(kind)
    if (kind == JOIN_KEY) != (setup == Setup.ACTPASS):
        raise _damaged(kind, f"its connection role ({Setup(setup).name.lower()}) is not a {name}'s")
    fixed = 1 + 32 + extra_size + 2
    if len(data) < fixed:
        raise _cut_short(kind, "before the phone's connection details")
    fingerprint, extra = data[1:33], data[33 : 33 + extra_size]
    ufrag_size, pwd_size = data[fixed - 2], data[fixed - 1]
    for what, size, (low, high) in (("user fragment", ufrag_size, UFRAG_LENGTHS), ("password", pwd_size, PWD_LENGTHS)):
        if not low <= size <= high:
            raise _damaged(kind, f"its connection {what} is {size} characters long (a browser's is {low} to {high})")
    chars = ufrag_size + pwd_size
    size = (6 * chars + 7) // 8
    if len(data) < fixed + size:
        raise _cut_short(kind, "inside the connection password")
    bits = int.from_bytes(data[fixed : fixed + size], "big")
    spare = 8 * size - 6 * chars
    if bits & ((1 << spare) - 1):
        raise _damaged(kind, "its connection password does not end as written")
    bits >>= spare
    text = "".join(ICE_CHARS[(bits >> (6 * (chars - 1 - i))) & 63] for i in range(chars))
    candidates = []
    at = fixed + size
    while at < len(data):
        if len(candidates) == MAX_CANDIDATES:
            raise _damaged(kind, f"it names more than {MAX_CANDIDATES} addresses")
        family = data[at]
        if family > Family.MDNS:
            raise _damaged(kind, f"address {len(candidates) + 1} is of a kind this version does not know ({family})")
        width = 4 if family == Family.IPV4 else 16
        if len(data) < at + 1 + width + 2:
            raise _cut_short(kind, f"inside address {len(candidates) + 1}")
        raw = data[at + 1 : at + 1 + width]
        port = int.from_bytes(data[at + 1 + width : at + 3 + width], "big")
        if port == 0:
            raise _damaged(kind, f"address {len(candidates) + 1} has port 0")
        if family == Family.MDNS:
            address = f"{uuid.UUID(bytes=raw)}.local"
        else:
            address = str(ipaddress.ip_address(raw))
        candidates.append(Candidate(Family(family), address, port))
        at += 3 + width
    if not candidates:
        raise _cut_short(kind, "before the phone's address")
    session = Session(fingerprint, text[:ufrag_size], text[ufrag_size:], Setup(setup), tuple(candidates))
    return session, extra


# ---- text --------------------------------------------------------------------------------------


def base32(data: bytes) -> str:
    """``data`` in Crockford's base32, 5 bits a character, the last padded with zero bits."""
    chars = (8 * len(data) + 4) // 5
    bits = int.from_bytes(data, "big") << (5 * chars - 8 * len(data))
    return "".join(ALPHABET[(bits >> (5 * (chars - 1 - i))) & 31] for i in range(chars))


def _mul2(x: int) -> int:
    """``x`` times the generator in GF(32) (modulus x^5 + x^2 + 1)."""
    x <<= 1
    return x ^ 0b100101 if x & 32 else x


def check_character(values: list[int], group: int) -> int:
    """The check character of a typed group: Damm's check over the quasigroup ``a ∗ b = 2a + b`` in
    GF(32), started from the group's number, so any one wrong character, any two neighbours swapped,
    and a whole group typed in the wrong place are caught."""
    interim = group & 31
    for value in values:
        interim = _mul2(interim) ^ value
    return _mul2(interim)


def typed(data: bytes) -> str:
    """``data`` as a player types it: base32 in groups of :data:`GROUP` characters and their check
    character, the groups parted by spaces."""
    text = base32(data)
    groups = []
    for number, start in enumerate(range(0, len(text), GROUP)):
        chunk = text[start : start + GROUP]
        groups.append(chunk + ALPHABET[check_character([ALPHABET.index(c) for c in chunk], number)])
    return " ".join(groups)


def site_base(address: str) -> str:
    """The site's address from any page's (``https://x.org/dir/combat.html?a#b`` → ``https://x.org/dir/``)."""
    address = address.split("#", 1)[0].split("?", 1)[0]
    return address[: address.rfind("/") + 1] if "/" in address else address + "/"


def join_link(join: JoinCode, site: str) -> str:
    """The join code as the link its QR code holds: ``<site>player.html#join=<base32>``; ``site`` is
    the site's address or any of its pages'."""
    return f"{site_base(site)}{JOIN_PAGE}#{JOIN_KEY}={base32(pack_join(join))}"


def join_typed(join: JoinCode) -> str:
    """The join code as typed by hand (under its QR code)."""
    return typed(pack_join(join))


def answer_text(answer: AnswerCode) -> str:
    """The answer code as its QR code holds it: the base32 alone (all in the QR code's alphanumeric
    mode, read by the app's own scanner on the game master's phone)."""
    return base32(pack_answer(answer))


def answer_typed(answer: AnswerCode) -> str:
    """The answer code as typed by hand."""
    return typed(pack_answer(answer))


def read_join(text: str) -> JoinCode:
    """A join code from its link, its base32 or its typed form, as scanned, pasted or typed.

    :raises LiveCodeError: in a player's words, naming the code and what is wrong with it.
    """
    return unpack_join(_bytes_of(JOIN_KEY, text))


def read_answer(text: str, join: JoinCode) -> AnswerCode:
    """An answer code to ``join`` (the join code this phone shows), from any of its forms.

    :raises LiveCodeError: in a player's words; among them, an answer made for another join code.
    """
    answer = unpack_answer(_bytes_of(ANSWER_KEY, text))
    if answer.session.fingerprint == join.session.fingerprint:
        raise LiveCodeError("This answer code is this phone's own join code read back: scan the answer code on the player's phone")
    if not hmac.compare_digest(answer.proof, proof(join, answer.session.fingerprint)):
        raise LiveCodeError(
            "This answer code was made for another table's join code (or an earlier one of this table): "
            "on the player's phone, scan the join code shown on this phone again"
        )
    return answer


def _bytes_of(kind: str, text: object) -> bytes:
    """The bytes a code's text stands for, whichever form it is in."""
    name = _NAME[kind]
    if not isinstance(text, str):
        raise LiveCodeError(f"This {name} is not text: {_again(kind)}")
    text = text.strip()
    if not text:
        raise LiveCodeError(f"This {name} is empty: {_again(kind)}")
    if len(text) > MAX_TEXT:
        raise LiveCodeError(f"This {name} is {len(text):,} characters long, more than any {name} ({MAX_TEXT:,} at most): {_again(kind)}")
    if "#" in text or "://" in text:
        text = _from_link(kind, text)
    groups = [g for g in _SEPARATORS.split(text) if g]
    if len(groups) == 1 and not _looks_typed(groups[0]):
        return _decode(kind, _values(kind, groups[0]))
    if len(groups) == 1:
        word = groups[0]
        groups = [word[i : i + GROUP + 1] for i in range(0, len(word), GROUP + 1)]
    read = [_values(kind, group) for group in groups]
    values: list[int] = []
    for number, (group, chars) in enumerate(zip(groups, read, strict=True)):
        if not 2 <= len(group) <= GROUP + 1 or (len(group) != GROUP + 1 and number != len(groups) - 1):
            raise LiveCodeError(
                f"This {name} has {len(group)} characters in group {number + 1} ({shown(group, 20)}), where every group "
                f"has {GROUP + 1} (the last may have fewer): compare it with the code on the other phone's screen"
            )
        if check_character(chars[:-1], number) != chars[-1]:
            raise LiveCodeError(
                f"This {name} has a typo in group {number + 1} ({shown(group)}): compare that group with the code on the other phone's screen"
            )
        values += chars[:-1]
    return _decode(kind, values)


def _from_link(kind: str, text: str) -> str:
    name = _NAME[kind]
    key, _, value = text.partition("#")[2].partition("=")
    key = key.strip().lower()
    other = ANSWER_KEY if kind == JOIN_KEY else JOIN_KEY
    if key == other:
        raise _wrong_kind(kind)
    if key != kind:
        article = "an" if kind == ANSWER_KEY else "a"
        raise LiveCodeError(f"This link is not {article} {name} (it opens {shown(text, 40)}): {_again(kind)}")
    return value


def _looks_typed(word: str) -> bool:
    """Whether one unbroken word is the typed form without its spaces: most of its full groups check."""
    full = len(word) // (GROUP + 1)
    if full < 2 or any(c.upper() not in _READ_AS for c in word):
        return False
    good = 0
    for number in range(full):
        chars = [_READ_AS[c.upper()] for c in word[number * (GROUP + 1) : (number + 1) * (GROUP + 1)]]
        good += check_character(chars[:-1], number) == chars[-1]
    return good * 2 > full


def _values(kind: str, word: str) -> list[int]:
    values = []
    for at, char in enumerate(word):
        value = _READ_AS.get(char.upper())
        if value is None:
            raise LiveCodeError(
                f"This {_NAME[kind]} has {shown(char)}, which no code has (character {at + 1} of {shown(word, 40)}): "
                "a code is digits and capital letters; compare it with the code on the other phone's screen"
            )
        values.append(value)
    return values


def _decode(kind: str, values: list[int]) -> bytes:
    size = 5 * len(values) // 8
    if (8 * size + 4) // 5 != len(values):
        raise LiveCodeError(f"This {_NAME[kind]} is cut short, or has a character too many: {_again(kind)}")
    bits = 0
    for value in values:
        bits = (bits << 5) | value
    spare = 5 * len(values) - 8 * size
    if bits & ((1 << spare) - 1):
        raise _damaged(kind, "its last character is not one a code ends with")
    return (bits >> spare).to_bytes(size, "big")


def _again(kind: str, *, short: bool = False) -> str:
    if kind == JOIN_KEY:
        return "scan the join code again" if short else "scan the join code on the game master's phone again, or type it as shown under it"
    return "scan the answer code again" if short else "scan the answer code on the player's phone again, or type it as shown under it"


def _wrong_kind(kind: str) -> LiveCodeError:
    if kind == JOIN_KEY:
        return LiveCodeError("This is an answer code, not a join code: the game master's phone scans it")
    return LiveCodeError("This is a join code, not an answer code: a player's phone scans it")


def _cut_short(kind: str, where: str) -> LiveCodeError:
    return LiveCodeError(f"This {_NAME[kind]} is cut short: it ends {where}. {_again(kind).capitalize()}")


def _damaged(kind: str, why: str) -> LiveCodeError:
    return LiveCodeError(f"This {_NAME[kind]} is damaged: {why}. {_again(kind).capitalize()}")
