"""A record's earlier versions as stored: one compact text beside the record.

The history record (``strike-rank/history/<kind>/<id>``, docs/formats.md "Device library") is
JSON::

    {"format": 1, "current": {"when": "2025-03-01T20:15:00.000Z", "why": "edited on the sheet",
                              "size": 1187, "crc": 2233445566, "back": null},
     "count": 19, "versions": "eNrtWE1v2zAM…"}

``current`` is what is known of the text stored under the record's own key when the library
last wrote it (when, why, and its length and CRC-32, so a text written there since by other
code is noticed); ``back`` the earlier version it was restored from (undo walks back from
there). ``versions`` is base64 of zlib of the UTF-8 JSON list of the earlier versions, oldest
first, each ``{"when", "why", "text"}``: an adventurer's twenty versions differ in a few
fields, so they pack to little more than one.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

import msgspec

from pyengine.errors import RecordError
from pyengine.tables import Record
from pyengine.validation import explain

#: The history record format this code writes and reads.
FORMAT = 1
#: zlib's level for packing them: its default, 6. Level 9 packed an adventurer's twenty versions
#: 5 % smaller and took half as long again, at every save (measured in docs/architecture.md).
LEVEL = 6
#: The most an earlier-versions list may unpack to (a damaged or hostile one stops there).
MAX_UNPACKED = 32 * 1024 * 1024


class Version(Record, frozen=True):
    """One version of a record."""

    when: str
    """When it was written (ISO text, as the page gave it); ``""`` when not known."""
    why: str
    """Why, in a player's words ("edited on the sheet", "undo", "written back from fight …")."""
    text: str
    """The record's text, exactly as it was stored."""


class Current(Record, frozen=True):
    """What the library wrote as the record's current text (the text is under its own key)."""

    when: str = ""
    why: str = ""
    size: int = 0
    """Its length in characters."""
    crc: int = 0
    """CRC-32 of its UTF-8."""
    back: int | None = None
    """The index of the earlier version it was restored from (undo goes on back from there)."""

    def describes(self, text: str | None) -> bool:
        """Whether ``text`` is the text this was written for."""
        return text is not None and len(text) == self.size and checksum(text) == self.crc


class History(Record, frozen=True):
    """The history record, its versions still packed."""

    format: int = FORMAT
    current: Current | None = None
    count: int = 0
    """How many earlier versions ``versions`` holds."""
    versions: str = ""
    """Packed (:func:`pack`); ``""`` for none."""


def checksum(text: str) -> int:
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def describe(text: str, when: str, why: str, back: int | None = None) -> Current:
    """What the history keeps of a current text."""
    return Current(when=when, why=why, size=len(text), crc=checksum(text), back=back)


def pack(versions: list[Version] | tuple[Version, ...]) -> str:
    """The earlier versions as one compact text (``""`` for none)."""
    if not versions:
        return ""
    return _packed(_dumped([{"when": v.when, "why": v.why, "text": v.text} for v in versions]))


def _dumped(versions: list[dict[str, str]] | dict[str, str]) -> bytes:
    return json.dumps(versions, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")


def _packed(raw: bytes) -> str:
    return base64.b64encode(zlib.compress(raw, LEVEL)).decode("ascii")


def _inflated(packed: str, source: str) -> bytes:
    """The JSON list ``packed`` holds, as bytes.

    :raises RecordError: not base64, not zlib, past :data:`MAX_UNPACKED`, or cut short.
    """
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(base64.b64decode(packed.encode("ascii"), validate=True), MAX_UNPACKED)
    except (UnicodeError, binascii.Error, zlib.error):
        raise RecordError(f"{source}: damaged (the packed versions do not unpack)") from None
    if inflater.unconsumed_tail:
        raise RecordError(f"{source}: damaged (they unpack to more than {MAX_UNPACKED} bytes)")
    if not inflater.eof:
        raise RecordError(f"{source}: damaged (the packed data is cut short)")
    return raw


#: How each version :func:`pack` writes begins (a text's own quotes are escaped in it, so only a
#: version's start reads so).
_VERSION_START = b'{"when":'


def appended(packed: str, count: int, version: Version) -> str | None:
    """``pack([*unpack(packed), version])``, made without reading the versions (an
    adventurer's twenty are 60 KB of JSON: a save read and wrote them all, a fight written back
    to six sheets did it six times). ``None`` when ``packed`` is not what :func:`pack` makes
    of ``count`` versions (packed another way, miscounted, damaged): the caller reads it whole.
    """
    if not packed:
        return pack((version,)) if count == 0 else None
    try:
        raw = _inflated(packed, "earlier versions")
    except RecordError:
        return None
    if not raw.startswith(b"[" + _VERSION_START) or not raw.endswith(b'"}]') or raw.count(_VERSION_START) != count:
        return None
    return _packed(raw[:-1] + b"," + _dumped({"when": version.when, "why": version.why, "text": version.text}) + b"]")


def unpack(packed: str, source: str = "earlier versions") -> tuple[Version, ...]:
    """The versions :func:`pack` packed.

    :raises RecordError: ``packed`` is damaged (not base64, not zlib, not the list).
    """
    if not packed:
        return ()
    raw = _inflated(packed, source)
    try:
        data = json.loads(raw.decode("utf-8", "surrogatepass"))
        return msgspec.convert(data, type=tuple[Version, ...])
    except msgspec.ValidationError as exc:
        raise RecordError(f"{source}: damaged ({explain(exc, data, root='versions')})") from None
    except ValueError:  # UTF-8's and json's errors
        raise RecordError(f"{source}: damaged (the packed versions are not JSON)") from None


def read_history(text: str, source: str = "earlier versions") -> History:
    """A stored history record (its versions still packed: :func:`unpack` them).

    :raises RecordError: not JSON, not a history record, or made by a newer version.
    """
    try:
        data = json.loads(text)
    except ValueError:
        raise RecordError(f"{source}: damaged (not JSON)") from None
    if not isinstance(data, dict) or not isinstance(data.get("format"), int):
        raise RecordError(f"{source}: damaged (not a history record)")
    if data["format"] > FORMAT:
        raise RecordError(f"{source}: made by a newer version (format {data['format']}); this app reads format {FORMAT}")
    try:
        history = msgspec.convert(data, type=History)
    except msgspec.ValidationError as exc:
        raise RecordError(f"{source}: damaged ({explain(exc, data, root='record')})") from None
    if history.count < 0 or (history.count == 0) != (not history.versions):
        raise RecordError(f"{source}: damaged (count {history.count} does not fit the versions)")
    return history


def write_history(history: History) -> str:
    return json.dumps(msgspec.to_builtins(history), separators=(",", ":"))
