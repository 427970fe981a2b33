"""Roll ranges as tables print them: ``26-35``, ``66``, ``01-04``, ``00`` (= 100).

:func:`parse_roll_range` and :func:`format_roll_range` are a parser/printer pair;
:func:`check_tiling` is the cross-row check every die-indexed table runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pyengine.errors import NotationError

_RANGE = re.compile(r"\s*(\d{1,3})\s*(?:[-\u2013]\s*(\d{1,3})\s*)?")


def _value(digits: str, die: int) -> int:
    # Percentile dice read "00" as 100.
    return die if digits == "00" and die == 100 else int(digits)


def parse_roll_range(text: str, die: int = 100) -> tuple[int, int]:
    """Parses ``"26-35"`` to ``(26, 35)`` and ``"66"`` to ``(66, 66)``.

    :raises NotationError: not a range, a value outside 1..die, or low above high.
    """
    m = _RANGE.fullmatch(text)
    if not m:
        pos = len(text) - len(text.lstrip())
        for i, ch in enumerate(text):
            if not (ch.isdigit() or ch in " -\u2013"):
                pos = i
                break
        else:
            pos = len(text)
        raise NotationError("roll range", text, pos, f"a roll or a range such as 1-{die}")
    low = _value(m.group(1), die)
    high = _value(m.group(2), die) if m.group(2) else low
    for value, at in ((low, m.start(1)), (high, m.start(2) if m.group(2) else m.start(1))):
        if not 1 <= value <= die:
            raise NotationError("roll range", text, at, f"a roll from 1 to {die}")
    if low > high:
        raise NotationError("roll range", text, m.start(2), f"a roll of at least {low}")
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
