"""A link as a QR code: the smallest code that still scans from one phone screen to another.

Pure: text in, a :class:`QrCode` out (its module matrix, the mode, the error-correction
level, the version), and :func:`svg` draws it. The encoding is segno's (a pure-Python
encoder vendored from PyPI); the page loads it only when a code is asked for, and imports
this module only then (:func:`pyengine.pages.widgets.qr_update`).

The level is M (15 % of the code may be lost) unless a higher level fits in the same
version: a code no bigger, that reads better off a scratched or glaring screen.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass
from typing import Any

import segno
from segno import DataOverflowError

from pyengine.errors import ShareLinkError
from pyengine.html import el, to_xml

#: Modules of light margin round a code (the standard's quiet zone).
QUIET_ZONE = 4
#: The level every code gets at least.
LEVEL = "M"


@dataclass(frozen=True)
class QrCode:
    """One QR code and what it was made of."""

    text: str
    """What it encodes (the whole link)."""
    mode: str
    """The QR encoding mode segno chose for ``text``: ``numeric``, ``alphanumeric``, ``byte`` or ``kanji``,
    or ``byte+alphanumeric`` for a text in two segments."""
    error: str
    """The error-correction level: ``M``, ``Q`` or ``H``."""
    version: int
    """The QR version, 1 to 40."""
    matrix: tuple[tuple[bool, ...], ...]
    """The dark (True) and light modules, row by row, without the quiet zone."""

    @property
    def modules(self) -> int:
        """Modules per side (``17 + 4 * version``)."""
        return len(self.matrix)

    def describe(self) -> str:
        """``QR version 12 (65×65 modules), error correction M``."""
        return f"QR version {self.version} ({self.modules}×{self.modules} modules), error correction {self.error}"


def encode(text: str) -> QrCode:
    """The smallest QR code (not Micro QR) for ``text`` at level M or better.

    A text that ends in a long run of digits and capital letters (a live table's join link: an
    address, then its code in base32) may be smaller as two segments, the start in byte mode and
    that run in alphanumeric mode (5.5 bits a character, not 8); the smaller code is kept, and
    any reader reads both as the one text.

    :raises ShareLinkError: text too long for any QR code at level M.
    """
    try:
        code = segno.make(text, error=LEVEL.lower(), boost_error=True, micro=False)
    except DataOverflowError:
        raise ShareLinkError(
            f"this link is {len(text)} characters: too long for a QR code (at most 2,331 at level M); copy the link instead"
        ) from None
    mode = str(code.mode)
    tail = _ALPHANUMERIC_TAIL.search(text)
    if tail and tail.start() > 0 and len(tail.group()) >= _SHORTEST_TAIL:
        split = _two_segments(text[: tail.start()], tail.group())
        if split is not None and split.version < code.version:
            code, mode = split, "byte+alphanumeric"
    return QrCode(
        text=text,
        mode=mode,
        error=str(code.error).upper(),
        version=int(code.version),
        matrix=tuple(tuple(bool(m) for m in row) for row in code.matrix),
    )


#: A run of digits and capital letters shorter than this never makes a code smaller as a segment
#: of its own (a segment's header costs about 20 bits; alphanumeric mode saves 2.5 a character).
_SHORTEST_TAIL = 16
_ALPHANUMERIC_TAIL = re.compile(r"[0-9A-Z]+$")


def _two_segments(head: str, tail: str):
    """The smallest code of ``head`` in byte mode then ``tail`` in alphanumeric mode, at the highest
    level that fits in that version (segno raises the level of one-segment codes only), or None."""
    best = None
    for level in ("m", "q", "h"):
        try:
            # segno takes a list of (text, mode) segments; its type hints name only one content.
            segments: Any = [(head, segno.consts.MODE_BYTE), (tail, segno.consts.MODE_ALPHANUMERIC)]
            made = segno.make(segments, error=level, micro=False)
        except DataOverflowError:
            break
        if best is None or int(made.version) <= int(best.version):  # a whole number: never a Micro QR here
            best = made
    return best


def path_data(code: QrCode) -> str:
    """SVG path data drawing every dark module, one rectangle per horizontal run."""
    parts = []
    for y, row in enumerate(code.matrix):
        x = 0
        size = len(row)
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            parts.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def svg(code: QrCode, label: str = "") -> str:
    """The code as an inline SVG: black on white, with its quiet zone, scaled by its
    ``viewBox`` to whatever width the page gives it; ``label`` is its accessible name."""
    side = str(code.modules + 2 * QUIET_ZONE)
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {side} {side}", "class": "qr-code",
             "shape-rendering": "crispEdges", "role": "img"}
    if label:
        attrs["aria-label"] = label
    return to_xml(
        el(
            "svg", attrs,
            el("rect", {"width": side, "height": side, "fill": "#fff"}),
            el("path", {"d": path_data(code), "fill": "#000"}),
        )
    )


def png(code: QrCode, scale: int = 8) -> bytes:
    """The same code as a PNG (8-bit grey, zlib only), ``scale`` pixels per module."""
    side = code.modules + 2 * QUIET_ZONE
    light = bytes([255]) * (QUIET_ZONE * scale)
    blank = b"\x00" + bytes([255]) * (side * scale)
    rows = [blank] * (QUIET_ZONE * scale)
    for row in code.matrix:
        line = b"\x00" + light + b"".join(bytes([0 if dark else 255]) * scale for dark in row) + light
        rows.extend([line] * scale)
    rows.extend([blank] * (QUIET_ZONE * scale))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side * scale, side * scale, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
