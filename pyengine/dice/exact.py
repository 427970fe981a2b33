"""A dice expression's exact average and the exact chance of each total, as fractions.

Apart from :mod:`.expr` so that rolling dice imports no :mod:`fractions` (a page that only
rolls starts without it; docs/startup.md): the odds, the start page's roll and the command
line's ``roll --json`` import this.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate

from pyengine.dice.expr import DiceExpr
from pyengine.errors import RulesError

#: :func:`distribution` works out at most this many (dice x possible totals).
MAX_DISTRIBUTION_WORK = 2_000_000


def mean(expr: DiceExpr) -> Fraction:
    """The exact average total of ``expr``."""
    total = Fraction(0)
    for term in expr.terms:
        if term.sides is None:
            total += term.sign * term.count
        else:
            total += Fraction(term.sign * term.count * (term.sides + 1), 2)
    return total


def distribution(expr: DiceExpr) -> dict[int, Fraction]:
    """The exact chance of every possible total of ``expr``, lowest total first.

    :raises RulesError: the expression is too big to work out exactly
        (more than :data:`MAX_DISTRIBUTION_WORK` dice x possible totals).
    """
    low = expr.minimum
    outcomes = expr.maximum - low + 1
    dice = sum(t.count for t in expr.terms if t.sides is not None)
    if dice * outcomes > MAX_DISTRIBUTION_WORK:
        raise RulesError(
            f"dice distribution: {str(expr)!r} is too big to work out exactly "
            f"({dice} dice x {outcomes} possible totals; at most {MAX_DISTRIBUTION_WORK})"
        )
    # ways[i]: in how many ways the dice so far sum to (their minimum + i).
    ways = [1]
    denominator = 1
    for term in expr.terms:
        if term.sides is None:
            continue
        for _ in range(term.count):
            ways = _add_die(ways, term.sides)
        denominator *= term.sides**term.count
    return {low + i: Fraction(w, denominator) for i, w in enumerate(ways) if w}


def _add_die(ways: list[int], sides: int) -> list[int]:
    # Convolve with one fair die: each new count is a window sum of `sides` old
    # counts, read off prefix sums. A negative die has the same shape, mirrored
    # around the shifted minimum, so the same step serves both signs.
    prefix = [0, *accumulate(ways)]
    n = len(ways)
    return [prefix[min(k + 1, n)] - prefix[max(0, k - sides + 1)] for k in range(n + sides - 1)]
