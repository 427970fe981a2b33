"""The gear page's short notations, each a parser/printer pair.

* whole numbers as typed in a bonus column: ``3``, ``+3``, ``-5`` (also with a
  typographic minus ``−5``); an empty field is "no such bonus".
* special bonuses: ``Stun 2, Bleed -1`` -- a label, then its value; entries
  separated by ``,`` (or ``;``); a ``:`` after the label is allowed (``Stun: 2``).
* armour areas for organizing: ``3: leather + chainmail; 2: chainmail; 1: leather``
  -- an area's cover, then the pieces that protect it; areas separated by ``;``
  or new lines.

The printers write the canonical form (``format_*``), which the parsers read
back to the same value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pyengine.errors import IllegalActionError, NotationError
from pyengine.gear.items import MAX_SPECIALS, RESERVED_NAMES
from pyengine.gear.organizing import Area

#: Bonuses are kept to this range (a table can hold them; see items.Bonus).
LOWEST, HIGHEST = -999, 999
_MINUS = "\u2212"
_WHOLE = re.compile(r"\s*([+\-\u2212]?)\s*(\d+)\s*")
_TRAILING_VALUE = re.compile(r"([+\-\u2212]?\d+)\s*$")
#: More digits than this is out of range whatever the bounds (and never reaches ``int``).
_MAX_DIGITS = 6
WHOLE_EXPECTED = "a whole number such as 3 or -5"


def parse_whole(text: str, what: str, *, low: int = LOWEST, high: int = HIGHEST) -> int | None:
    """Reads a whole number as typed: ``"3"``, ``" +3 "``, ``"-5"``, ``"−5"``; empty is None.

    ``what`` names the field in messages (``"Abs of 'chainmail'"``).

    :raises NotationError: not a whole number (naming the field, the text and where).
    :raises IllegalActionError: outside ``low``..``high`` (naming the field and the value).
    """
    if not text.strip():
        return None
    m = _WHOLE.fullmatch(text)
    if not m:
        stripped = text.lstrip()
        pos = len(text) - len(stripped)
        if stripped[:1] in "+-\u2212":
            pos += 1
            while pos < len(text) and text[pos] == " ":
                pos += 1
        digits = pos
        while pos < len(text) and text[pos].isdigit():
            pos += 1
        if pos > digits:  # a number, then something else: point past the spaces at it
            while pos < len(text) and text[pos] == " ":
                pos += 1
        raise NotationError(what, text, pos, WHOLE_EXPECTED)
    shown = text.strip() if len(text.strip()) <= 24 else text.strip()[:24] + "…"
    if len(m.group(2)) > _MAX_DIGITS:
        raise IllegalActionError(f"{what}: {shown!r} is out of range ({low} to {high})")
    value = int(m.group(2)) * (-1 if m.group(1) in ("-", _MINUS) else 1)
    if not low <= value <= high:
        raise IllegalActionError(f"{what}: {shown!r} is out of range ({low} to {high})")
    return value


def format_whole(value: int | None) -> str:
    """Prints a bonus as :func:`parse_whole` reads it: ``-5``, ``3``; None is empty."""
    return "" if value is None else str(value)


def _chunks(text: str, separators: str) -> Iterable[tuple[int, str]]:
    """Splits ``text`` at any of ``separators``; yields (offset, chunk), blank chunks skipped."""
    start = 0
    for i, ch in enumerate(text + separators[0]):
        if ch in separators:
            chunk = text[start:i]
            if chunk.strip():
                yield start, chunk
            start = i + 1


def parse_specials(text: str, what: str = "special bonuses") -> dict[str, int]:
    """Reads ``"Stun 2, Bleed -1"`` into ``{"Stun": 2, "Bleed": -1}``; empty is ``{}``.

    :raises NotationError: an entry without a value or without a label (with its position).
    :raises IllegalActionError: a label given twice or taken by a standard column,
        a value out of range, too many entries or too long a label.
    """
    special: dict[str, int] = {}
    seen: dict[str, str] = {}
    for start, chunk in _chunks(text, ",;\n"):
        lead = len(chunk) - len(chunk.lstrip())
        m = _TRAILING_VALUE.search(chunk)
        if not m:
            raise NotationError(what, text, start + len(chunk.rstrip()), "a value after the label, such as Stun 2")
        label = chunk[: m.start()].strip()
        label = label[:-1].rstrip() if label.endswith(":") else label
        if not label or not re.search(r"[^\d\s+\-\u2212]", label):
            raise NotationError(what, text, start + lead, "a label before the value, such as Stun 2")
        if len(label) > 24:
            raise IllegalActionError(f"{what}: label {label!r} is longer than 24 characters")
        if label.lower() in RESERVED_NAMES:
            raise IllegalActionError(f"{what}: {label!r} is a standard column; special columns are for other bonuses")
        if label.lower() in seen:
            raise IllegalActionError(f"{what}: {label!r} is given twice (as {seen[label.lower()]!r} too)")
        seen[label.lower()] = label
        value = parse_whole(m.group(1), f"{what}: {label}")
        assert value is not None
        special[label] = value
    if len(special) > MAX_SPECIALS:
        raise IllegalActionError(f"{what}: {len(special)} special columns; an item has at most {MAX_SPECIALS}")
    return special


def format_specials(special: Mapping[str, int]) -> str:
    """Prints special bonuses as :func:`parse_specials` reads them: ``"Stun 2, Bleed -1"``."""
    return ", ".join(f"{label} {value}" for label, value in special.items())


_COVER = re.compile(r"\s*(\d+)\s*:")


def parse_areas(text: str, what: str = "armour areas") -> tuple[Area, ...]:
    """Reads ``"3: leather + chainmail; 2: chainmail; 1: leather"`` into :class:`Area` s.

    :raises NotationError: an area without ``cover:``, a cover of 0, or an empty piece name.
    :raises IllegalActionError: a piece named twice in one area.
    """
    areas: list[Area] = []
    for start, chunk in _chunks(text, ";\n"):
        lead = len(chunk) - len(chunk.lstrip())
        m = _COVER.match(chunk)
        if not m:
            digits = re.match(r"\s*\d+\s*", chunk)
            pos, expected = (start + digits.end(), "':' after the cover") if digits else (
                start + lead, "an area as cover: piece + piece, such as 3: leather + chainmail")
            raise NotationError(what, text, pos, expected)
        if len(m.group(1)) > 3:
            digits = m.group(1) if len(m.group(1)) <= 24 else m.group(1)[:24] + "…"
            raise IllegalActionError(f"{what}: cover {digits!r} is out of range (1 to 999)")
        cover = int(m.group(1))
        if cover < 1:
            raise NotationError(what, text, start + m.start(1), "a cover of 1 or more")
        names: list[str] = []
        at = start + m.end()
        for word in chunk[m.end() :].split("+"):
            name = word.strip()
            if not name:
                raise NotationError(what, text, at + len(word), "a piece's name")
            if len(name) > 80:
                raise IllegalActionError(f"{what}: piece name {name[:20]!r}… is longer than 80 characters")
            if name.lower() in {n.lower() for n in names}:
                raise IllegalActionError(f"{what}: area {cover}: {name!r} is named twice")
            names.append(name)
            at += len(word) + 1
        areas.append(Area(cover=cover, pieces=tuple(names)))
    return tuple(areas)


def format_areas(areas: Iterable[Area]) -> str:
    """Prints areas as :func:`parse_areas` reads them: ``"3: leather + chainmail; 2: chainmail"``."""
    return "; ".join(f"{a.cover}: {' + '.join(a.pieces)}" for a in areas)
