"""ENC notation: ``2`` things, ``(4)`` = four items to one ENC, ``0``; exact, as :class:`~fractions.Fraction`.

"All ENC shown in parentheses indicate the number of items necessary to equal one
ENC point. Thus, 4 daggers equal 1 ENC. These fractional ENCs add to one another"
(seed ch. IV). :func:`parse_enc` and :func:`format_enc` are a parser/printer pair:
the printer writes a whole number as ``2``, one over a whole number as ``(4)``,
and anything else as ``5/2`` (which the parser also reads, like ``1/5``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from pyengine.errors import NotationError

KIND = "ENC notation"
MAX_ENC = 1000
_WHOLE = re.compile(r"\d{1,4}")
_ITEMS = re.compile(r"\(\s*(\d{1,4})\s*\)")
_RATIO = re.compile(r"(\d{1,4})\s*/\s*(\d{1,4})")
EXPECTED = "a number of things such as 2, items per ENC such as (4), or a fraction such as 1/5"


def parse_enc(text: str) -> Fraction:
    """Reads ``"2"`` -> 2, ``"(4)"`` -> 1/4, ``"1/5"`` -> 1/5.

    :raises NotationError: anything else, a zero in ``(0)`` or ``x/0``, or more than 1000.
    """
    raw = text.strip()
    start = len(text) - len(text.lstrip())
    if _WHOLE.fullmatch(raw):
        value = Fraction(int(raw))
    elif m := _ITEMS.fullmatch(raw):
        items = int(m.group(1))
        if items == 0:
            raise NotationError(KIND, text, start + m.start(1), "a number of items from 1")
        value = Fraction(1, items)
    elif m := _RATIO.fullmatch(raw):
        if int(m.group(2)) == 0:
            raise NotationError(KIND, text, start + m.start(2), "a divisor from 1")
        value = Fraction(int(m.group(1)), int(m.group(2)))
    else:
        raise NotationError(KIND, text, start + _first_bad(raw), EXPECTED)
    if value > MAX_ENC:
        raise NotationError(KIND, text, start, f"at most {MAX_ENC} ENC")
    return value


def _first_bad(raw: str) -> int:
    # The first character none of the forms uses; else (a misplaced one) the end.
    for i, ch in enumerate(raw):
        if ch not in "0123456789()/ ":
            return i
    return len(raw)


def format_enc(value: Fraction | int) -> str:
    """Prints 2 -> ``"2"``, 1/4 -> ``"(4)"``, 5/2 -> ``"5/2"``.

    :raises ValueError: a negative value.
    """
    value = Fraction(value)
    if value < 0:
        raise ValueError(f"ENC: {value} is negative")
    if value.denominator == 1:
        return str(value.numerator)
    if value.numerator == 1:
        return f"({value.denominator})"
    return f"{value.numerator}/{value.denominator}"


def show_enc(value: Fraction | int) -> str:
    """For people: 2 -> ``2``, 5/2 -> ``2½``, 13/4 -> ``3¼``, 1/4 -> ``¼``, 7/5 -> ``1 2/5``."""
    value = Fraction(value)
    whole, part = divmod(value.numerator, value.denominator)
    if not part:
        return str(whole)
    glyph = _VULGAR.get(Fraction(part, value.denominator))
    rest = glyph if glyph else f"{part}/{value.denominator}"
    if not whole:
        return rest
    return f"{whole}{rest}" if glyph else f"{whole} {rest}"


_VULGAR = {
    Fraction(1, 2): "\u00bd",
    Fraction(1, 4): "\u00bc",
    Fraction(3, 4): "\u00be",
    Fraction(1, 3): "\u2153",
    Fraction(2, 3): "\u2154",
    Fraction(1, 5): "\u2155",
}
