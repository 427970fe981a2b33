"""Share links: a page's state in the URL fragment, so it is never sent to a server.

A link's fragment is ``"1." + base64url(zlib(msgpack(envelope)))`` without
``=`` padding, where ``1.`` is the link format and the envelope is the msgpack
map ``{"kind": str, "v": int, "data": map}``: ``kind`` names what is shared
(``"shrapnel"``), ``v`` is that kind's own state version, ``data`` the state.
Data holds only str, int, float, bool, None, lists and str-keyed maps.
docs/formats.md describes the format and its history; old links keep opening.

:func:`decode_link` reads links from anywhere, so every way a link can be
wrong raises :class:`~pyengine.errors.ShareLinkError` and nothing else.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import struct
import zlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from pyengine.errors import ShareLinkError
from pyengine.tables import Record
from pyengine.validation import kind_of, place, shown

#: The link format this module writes and reads.
FORMAT = 1
PREFIX = f"{FORMAT}."
#: Limits: characters of the fragment, bytes of msgpack once inflated, and
#: nesting of lists and maps in ``data`` (``data`` itself is level 1).
MAX_TEXT = 16384
MAX_INFLATED = 262144
MAX_DEPTH = 32

KIND_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
_FORMAT_PREFIX = re.compile(r"([0-9]{1,9})\.")  # ASCII digits only: "٣." is no version
_NOT_BASE64URL = re.compile(r"[^A-Za-z0-9_-]")
_ENVELOPE_KEYS = ("kind", "v", "data")
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1  # what msgpack can carry


class SharedState(Record, frozen=True):
    """What a share link carries."""

    kind: str
    """What is shared, e.g. ``"shrapnel"``; the page that opens it."""
    version: int
    """The kind's own state version, from 1; the page upgrades old states."""
    data: dict[str, Any]
    """The state itself."""


T = TypeVar("T")

#: Which page opens each kind of link (for "open it on its own page").
PAGE_OF_KIND = {
    "dice": "the start page",
    "shrapnel": "the shrapnel page",
    "sheet": "the sheet page",
    "gear": "the equipment page",
    "exchange": "the combat page",
    "fight": "the combat page",
    "live": "the player's page",
}


class LinkKind(Generic[T]):
    """One kind of share link, the envelope every page state shares.

    ``kind`` and ``version`` are what the link's envelope says; ``read(data, version)``
    turns a link's state (any version up to ``version``) into the page's value, raising
    :class:`~pyengine.errors.ShareLinkError` for data that does not fit. :meth:`link`
    writes a fragment; :meth:`open` reads one back, refusing another kind of link or a
    newer version with the same words on every page.
    """

    def __init__(self, kind: str, version: int, read: Callable[[Any, int], T]) -> None:
        _check_kind(kind)
        _check_version(version)
        self.kind = kind
        self.version = version
        self._read = read

    def link(self, data: dict[str, Any]) -> str:
        """The share-link fragment (without ``#``) for a state.

        :raises ShareLinkError: a value a link cannot carry, or a state too big for a link.
        """
        return encode_link(self.kind, data, version=self.version)

    def open(self, link: str | SharedState) -> T:
        """Reads a link (a whole URL, a fragment, or one already decoded) of this kind.

        :raises ShareLinkError: not a link, another kind of link, a newer version than this
            app reads, or a state that does not fit (the field is named).
        """
        shared = decode_link(link) if isinstance(link, str) else link
        if shared.kind != self.kind:
            page = PAGE_OF_KIND.get(shared.kind, "its own page")
            raise _fail(f"this is a {shared.kind!r} link, not a {self.kind!r} one; open it on {page}")
        if shared.version > self.version:
            raise _fail(
                f"{self.kind} version {shared.version} is newer than this app reads ({self.version}): "
                "open it with a newer version of Strike Rank"
            )
        try:
            return self._read(shared.data, shared.version)
        except ShareLinkError as exc:
            if "new one" in str(exc):  # the reader has said what to do
                raise
            raise ShareLinkError(f"{exc}; {_AGAIN}", field=exc.field) from None


def _fail(reason: str) -> ShareLinkError:
    return ShareLinkError(f"share link: {reason}")


def _short(text: str, limit: int = 24) -> str:
    return shown(text, limit)


#: What to do with a link that is damaged: said after each such refusal.
_AGAIN = "copy the whole link again, or ask whoever shared it for a new one"


def _check_kind(kind: object) -> str:
    if not isinstance(kind, str) or not KIND_PATTERN.fullmatch(kind):
        said = _short(kind) if isinstance(kind, str) else f"({kind_of(kind)})"
        raise _fail(f"kind {said} is not a kind name (a lower-case letter, then up to 31 of a-z, 0-9, '-')")
    return kind


def _check_version(version: object) -> int:
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= _INT_MAX:
        raise _fail(f"state version {version!r} is not a whole number from 1")
    return version


def _check_data(data: object) -> None:
    """Checks that ``data`` holds only what a link can carry, nested at most MAX_DEPTH deep.

    :raises ShareLinkError: naming the first offending value and where it is (``$.a[2]``).
    """
    problem = _find_problem(data, 0)
    if problem:
        parts, before, after = problem
        where = place("".join(reversed(parts))) or "the state"
        raise _fail(before + where + after)


def _find_problem(value: object, depth: int) -> tuple[list[str], str, str] | None:
    # ``depth`` counts the lists and maps ``value`` sits in. Returns the path
    # (innermost part first) and the message around it, or None when all is well;
    # the path is built only on the way out of a failure, never for good data.
    if value is None or isinstance(value, (str, bool)):
        return None
    if isinstance(value, int):
        if _INT_MIN <= value <= _INT_MAX:
            return None
        return [], f"number {shown(value, 24)} at ", " is out of range (-2**63 to 2**64-1)"
    if isinstance(value, float):
        return None if math.isfinite(value) else ([], f"number {value!r} at ", " is not finite")
    if isinstance(value, (list, tuple, dict)):
        if depth >= MAX_DEPTH:
            return [], "nesting at ", f" is deeper than {MAX_DEPTH} levels"
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    return [], f"key {shown(key, 24)} at ", " is not text"
                problem = _find_problem(item, depth + 1)
                if problem:
                    problem[0].append(f".{key}")
                    return problem
        else:
            for i, item in enumerate(value):
                problem = _find_problem(item, depth + 1)
                if problem:
                    problem[0].append(f"[{i}]")
                    return problem
        return None
    return [], "value at ", f" is {kind_of(value)}; a state holds only text, numbers, true/false, null, lists and maps"


def encode_link(kind: str, data: dict[str, Any], *, version: int = 1) -> str:
    """Encodes a state as a share-link fragment (without the ``#``).

    :raises ShareLinkError: a bad kind or version, a value a link cannot carry,
        or a state too big for a link.
    """
    _check_kind(kind)
    _check_version(version)
    if not isinstance(data, dict):
        raise _fail(f"data is {kind_of(data)}, not a map")
    _check_data(data)
    try:
        packed = msgspec.msgpack.encode({"kind": kind, "v": version, "data": data})
    except UnicodeEncodeError as exc:
        raise _fail(f"text {_short(exc.object)} is not valid Unicode ({exc.reason})") from None
    if len(packed) > MAX_INFLATED:
        raise _fail(f"state too big: {len(packed)} bytes (at most {MAX_INFLATED})")
    body = base64.urlsafe_b64encode(zlib.compress(packed, 9)).rstrip(b"=").decode("ascii")
    fragment = PREFIX + body
    if len(fragment) > MAX_TEXT:
        raise _fail(f"state too big: {len(fragment)} characters (at most {MAX_TEXT})")
    return fragment


#: A run of percent-escapes (``%20``, ``%C3%A9``): the bytes of UTF-8 text.
_PERCENT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """``urllib.parse.unquote``: each run of escapes read as UTF-8, anything else left as it is. Not
    imported from urllib: on a page restored from the snapshot, urllib.parse and the ipaddress it imports
    (128 KB of source) were read and compiled on every visit for it (docs/startup.md)."""
    return _PERCENT_RUN.sub(lambda run: bytes.fromhex(run.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def decode_link(text: str) -> SharedState:
    """Reads a share link: a whole URL, or its fragment with or without ``#``.

    :raises ShareLinkError: for anything wrong with it; the message says what.
    """
    if not isinstance(text, str):
        raise _fail(f"expected text, not {kind_of(text)}")
    fragment = text.partition("#")[2] if "#" in text else text
    if "%" in fragment:  # a browser's address percent-encodes what was pasted (" 1." as "%201."); base64url has no "%"
        fragment = _unquote(fragment)
    fragment = fragment.strip()
    if not fragment:
        raise _fail("empty (nothing after the '#')")
    if len(fragment) > MAX_TEXT:
        raise _fail(f"too long: {len(fragment)} characters (at most {MAX_TEXT})")
    packed = _inflate(_unbase64(fragment))
    envelope = _unpack(packed)
    return _open_envelope(envelope)


def kind_of_damaged(text: str) -> str | None:
    """The kind a link that does not read was, when what is left of it still says (``None``:
    it does not). A link cut short (a message app's limit, a thumb's selection) keeps its
    beginning, and the state's kind is the first thing in it: enough to open the page the link
    was for, where its refusal is said. Never raises."""
    fragment = (text.partition("#")[2] if "#" in text else text).strip()
    m = _FORMAT_PREFIX.match(fragment)
    if not m or m.group(1) != str(FORMAT):
        return None
    body = fragment[m.end():MAX_TEXT]
    body = body[:len(body) - len(body) % 4]  # whole bytes only: a cut may fall anywhere
    try:
        # the compressed block's code tables come first: the kind follows them, in the first bytes out
        head = zlib.decompressobj().decompress(base64.urlsafe_b64decode(body), 64)
    except (binascii.Error, ValueError, zlib.error):
        return None
    # msgpack of the envelope: a map, then "kind" and its text (encode_link writes kind first).
    found = re.match(rb"[\x80-\x8f]\xa4kind([\xa0-\xbf])", head)
    if not found:
        return None
    size = found.group(1)[0] - 0xA0
    kind = head[found.end():found.end() + size].decode("ascii", "replace")
    return kind if len(kind) == size and KIND_PATTERN.fullmatch(kind) else None


def _unbase64(fragment: str) -> bytes:
    m = _FORMAT_PREFIX.match(fragment)
    if not m:
        raise _fail(f"{_short(fragment)} is not a Strike Rank link (it should start with {PREFIX!r})")
    made_by = int(m.group(1))
    if made_by > FORMAT:
        raise _fail(f"this link was made by a newer version (format {made_by}); this app reads format {FORMAT}")
    if made_by != FORMAT or m.group(1) != str(FORMAT):
        raise _fail(f"unknown link format {m.group(1)!r}; this app reads format {FORMAT}")
    start = m.end()
    body = fragment[start:]
    if not body:
        raise _fail(f"empty (nothing after {PREFIX!r})")
    bad = _NOT_BASE64URL.search(body)
    if bad:
        raise _fail(f"damaged (not valid base64url at character {start + bad.start()}: {bad.group()!r}); {_AGAIN}")
    if len(body) % 4 == 1:
        raise _fail(f"damaged (cut short: {len(body)} base64url characters cannot make whole bytes); {_AGAIN}")
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - the checks above rule it out
        raise _fail(f"damaged (not valid base64url); {_AGAIN}") from None


def _inflate(raw: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        # max_length stops a zip bomb after MAX_INFLATED + 1 bytes, whatever it would grow to.
        packed = inflater.decompress(raw, MAX_INFLATED + 1)
    except zlib.error:
        raise _fail(f"damaged (its text does not unpack to a Strike Rank state); {_AGAIN}") from None
    if len(packed) > MAX_INFLATED:
        raise _fail(f"too big (it unpacks to more than {MAX_INFLATED} bytes)")
    if not inflater.eof:
        raise _fail(f"damaged (the compressed data is cut short); {_AGAIN}")
    if inflater.unused_data:
        raise _fail(f"damaged ({len(inflater.unused_data)} stray bytes after the compressed data); {_AGAIN}")
    return packed


def _unpack(packed: bytes) -> Any:
    depth = _msgpack_depth(packed, MAX_DEPTH + 1)
    if depth > MAX_DEPTH + 1:
        raise _fail(f"data nested deeper than {MAX_DEPTH} levels")
    try:
        return msgspec.msgpack.decode(packed)
    except (msgspec.DecodeError, RecursionError, ValueError, TypeError, OverflowError):
        raise _fail(f"damaged (what it unpacks to is not a Strike Rank state); {_AGAIN}") from None


def _open_envelope(envelope: Any) -> SharedState:
    if not isinstance(envelope, dict):
        raise _fail(f"damaged (expected a map of kind, v and data, got {kind_of(envelope)}); {_AGAIN}")
    for key in envelope:
        if key not in _ENVELOPE_KEYS:
            raise _fail(f"damaged (unexpected key {_short(key)} next to kind, v and data); {_AGAIN}")
    for key in _ENVELOPE_KEYS:
        if key not in envelope:
            raise _fail(f"damaged (no {key!r} in the envelope)")
    kind = _check_kind(envelope["kind"])
    version = _check_version(envelope["v"])
    data = envelope["data"]
    if not isinstance(data, dict):
        raise _fail(f"damaged (data is {kind_of(data)}, not a map); {_AGAIN}")
    _check_data(data)
    return SharedState(kind=kind, version=version, data=data)


# Bytes that follow a msgpack type byte before its items, by type byte; a
# negative entry -n means "a length of n bytes follows, then that many bytes".
def _sizes() -> dict[int, int]:
    sizes = {0xC0: 0, 0xC2: 0, 0xC3: 0, 0xCA: 4, 0xCB: 8}
    sizes |= {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}
    sizes |= {0xD4: 2, 0xD5: 3, 0xD6: 5, 0xD7: 9, 0xD8: 17}  # fixext: type byte + data
    sizes |= {0xC4: -1, 0xC5: -2, 0xC6: -4, 0xD9: -1, 0xDA: -2, 0xDB: -4}  # bin, str
    return sizes


_SIZES = _sizes()
_EXT = {0xC7: 1, 0xC8: 2, 0xC9: 4}  # ext: length, then type byte + data
_CONTAINERS = {0xDC: (2, 1), 0xDD: (4, 1), 0xDE: (2, 2), 0xDF: (4, 2)}  # (length bytes, items per entry)
_CONTAINER_BYTES = frozenset(range(0x80, 0xA0)) | frozenset(_CONTAINERS)
_UINT = {1: ">B", 2: ">H", 4: ">I"}


def _msgpack_depth(data: bytes, limit: int) -> int:
    """Returns how deeply lists and maps nest in ``data``, stopping once past ``limit``.

    Reads only the structure, without recursion, so a deep bomb cannot exhaust
    the stack (the browser's is small); malformed data is left to msgspec.
    """
    pending: list[int] = []  # items still to read in each open container
    depth = 0
    pos, end = 0, len(data)
    while pos < end:
        byte = data[pos]
        pos += 1
        items = 0
        if byte <= 0x7F or byte >= 0xE0:
            pass
        elif 0x80 <= byte <= 0x8F:
            items = 2 * (byte & 0x0F)
        elif 0x90 <= byte <= 0x9F:
            items = byte & 0x0F
        elif 0xA0 <= byte <= 0xBF:
            pos += byte & 0x1F
        elif byte in _SIZES:
            size = _SIZES[byte]
            if size < 0:
                if pos - size > end:
                    return depth
                (length,) = struct.unpack_from(_UINT[-size], data, pos)
                size = -size + length
            pos += size
        elif byte in _EXT:
            width = _EXT[byte]
            if pos + width > end:
                return depth
            (length,) = struct.unpack_from(_UINT[width], data, pos)
            pos += width + 1 + length
        elif byte in _CONTAINERS:
            width, per = _CONTAINERS[byte]
            if pos + width > end:
                return depth
            (length,) = struct.unpack_from(_UINT[width], data, pos)
            pos += width
            items = per * length
        else:
            return depth  # 0xC1 is never used; msgspec reports it
        if byte in _CONTAINER_BYTES:
            depth = max(depth, len(pending) + 1)
            if depth > limit:
                return depth
        if items:
            pending.append(items)
            continue
        # A scalar (or an empty container) completes one item of each container it closes.
        while pending:
            pending[-1] -= 1
            if pending[-1]:
                break
            pending.pop()
    return depth
