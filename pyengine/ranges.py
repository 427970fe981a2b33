"""Roll ranges as tables print them: ``26-35``, ``66``, ``01-04``, ``00`` (= 100).

:func:`parse_roll_range` and :func:`format_roll_range` are a parser/printer pair;
:func:`check_tiling` is the cross-row check every die-indexed table runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.errors import NotationError

_DASHES = "-\u2013"


def _value(digits: str, die: int) -> int:
    # Percentile dice read "00" as 100.
    return die if digits == "00" and die == 100 else int(digits)


def parse_roll_range(text: str, die: int = 100) -> tuple[int, int]:
    """Parses ``"26-35"`` to ``(26, 35)`` and ``"66"`` to ``(66, 66)``.

    :raises NotationError: not a range (at the first character that does not fit),
        a value outside 1..die, or low above high.
    """
    expected = f"a roll or a range such as 1-{die}"
    pos = 0

    def skip_spaces() -> None:
        nonlocal pos
        while pos < len(text) and text[pos] == " ":
            pos += 1

    def number() -> tuple[str, int]:
        nonlocal pos
        start = pos
        while pos < len(text) and text[pos] in "0123456789" and pos - start < 3:
            pos += 1
        if pos == start:
            raise NotationError("roll range", text, pos, expected)
        return text[start:pos], start

    skip_spaces()
    low_digits, low_at = number()
    skip_spaces()
    high_digits, high_at = low_digits, low_at
    if pos < len(text) and text[pos] in _DASHES:
        pos += 1
        skip_spaces()
        high_digits, high_at = number()
        skip_spaces()
    if pos < len(text):
        raise NotationError("roll range", text, pos, expected)
    low, high = _value(low_digits, die), _value(high_digits, die)
    for value, at in ((low, low_at), (high, high_at)):
        if not 1 <= value <= die:
            raise NotationError("roll range", text, at, f"a roll from 1 to {die}")
    if low > high:
        raise NotationError("roll range", text, high_at, f"a roll of at least {low}")
    return low, high


def format_roll_range(low: int, high: int) -> str:
    """Prints ``(26, 35)`` as ``"26-35"`` and ``(66, 66)`` as ``"66"``."""
    return str(low) if low == high else f"{low}-{high}"


def check_tiling(ranges: Sequence[tuple[int, int]], first: int, last: int, what: str) -> None:
    """Checks that ``ranges``, in order, cover ``first..last`` with no gap or overlap.

    :raises ValueError: naming the row (0-based) and the roll where the tiling breaks.
    """
    expected = first
    for i, (low, high) in enumerate(ranges):
        if low != expected:
            problem = f"roll {expected} is missing" if low > expected else f"roll {low} is covered twice"
            raise ValueError(
                f"{what} row {i} ({format_roll_range(low, high)}): {problem}; "
                f"rows must cover {first}-{last} in order"
            )
        expected = high + 1
    if expected != last + 1:
        raise ValueError(f"{what}: rows end at {expected - 1}, must reach {last}")
