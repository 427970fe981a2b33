"""Dice expressions: signed terms, each some dice or a constant; their range, their exact
average and distribution, and rolling them.

:meth:`DiceExpr.parse` and ``str(expr)`` are a parser/printer pair (:mod:`.notation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from pyengine.dice.notation import Term, checked_terms, parse_terms, print_terms
from pyengine.dice.protocol import Dice
from pyengine.dice.records import DiceRoll, RolledTerm
from pyengine.errors import RulesError

if TYPE_CHECKING:  # imported where used: rolling dice needs no fractions (start-up, docs/startup.md)
    from fractions import Fraction

#: :meth:`DiceExpr.distribution` works out at most this many (dice x possible totals).
MAX_DISTRIBUTION_WORK = 2_000_000


class DiceExpr:
    """A dice expression: signed terms, each some dice or a constant, kept in written order.

    >>> expr = DiceExpr.parse("2d6 + 2")
    >>> str(expr), expr.minimum, expr.maximum
    ('2D6+2', 4, 14)
    """

    __slots__ = ("terms",)

    terms: tuple[Term, ...]

    def __init__(self, terms: Sequence[Term]) -> None:
        """Builds an expression from terms (see :meth:`parse` for text).

        :raises ValueError: no terms, too many, a term outside the notation's limits,
            or canonical text longer than :data:`MAX_TEXT` (so every expression prints
            to text that parses back).
        """
        object.__setattr__(self, "terms", checked_terms(terms))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DiceExpr is immutable; cannot set {name!r}")

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Parses dice notation: ``3D6``, ``1D8+1``, ``-1D4``, ``1D6+1D4``, ``D100``, ``d6``, ``2D6 - 1``.

        :raises NotationError: malformed text, or a value over one of the limits
            (:data:`MAX_TEXT` characters, :data:`MAX_TERMS` terms, 1-100 dice,
            2-1000 sides, constants up to :data:`MAX_CONSTANT`); ``pos`` is where.
        """
        return cls(parse_terms(text))

    def __str__(self) -> str:
        """The canonical notation: ``1D8+1``, ``-1D4``, ``D100``."""
        return print_terms(self.terms)

    def __repr__(self) -> str:
        return f"DiceExpr.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiceExpr):
            return NotImplemented
        return self.terms == other.terms

    def __hash__(self) -> int:
        return hash(self.terms)

    @property
    def minimum(self) -> int:
        """The lowest total the expression can give."""
        return sum(_term_min(t) for t in self.terms)

    @property
    def maximum(self) -> int:
        """The highest total the expression can give."""
        return sum(_term_max(t) for t in self.terms)

    @property
    def mean(self) -> Fraction:
        """The exact average total."""
        from fractions import Fraction

        total = Fraction(0)
        for term in self.terms:
            if term.sides is None:
                total += term.sign * term.count
            else:
                total += Fraction(term.sign * term.count * (term.sides + 1), 2)
        return total

    def distribution(self) -> dict[int, Fraction]:
        """The exact chance of every possible total, lowest total first.

        :raises RulesError: the expression is too big to work out exactly
            (more than :data:`MAX_DISTRIBUTION_WORK` dice x possible totals).
        """
        low = self.minimum
        outcomes = self.maximum - low + 1
        dice = sum(t.count for t in self.terms if t.sides is not None)
        if dice * outcomes > MAX_DISTRIBUTION_WORK:
            raise RulesError(
                f"dice distribution: {str(self)!r} is too big to work out exactly "
                f"({dice} dice x {outcomes} possible totals; at most {MAX_DISTRIBUTION_WORK})"
            )
        from fractions import Fraction

        # ways[i]: in how many ways the dice so far sum to (their minimum + i).
        ways = [1]
        denominator = 1
        for term in self.terms:
            if term.sides is None:
                continue
            for _ in range(term.count):
                ways = _add_die(ways, term.sides)
            denominator *= term.sides**term.count
        return {low + i: Fraction(w, denominator) for i, w in enumerate(ways) if w}

    def roll(self, dice: Dice) -> DiceRoll:
        """Rolls the expression: one ``dice.roll(sides)`` per die, terms left to right.

        Feeding the values of ``result.rolls`` to :class:`ScriptedDice` replays it exactly. The
        dice check each face they hand out (:class:`~pyengine.dice.protocol.Dice`); the roll
        takes it as it comes.

        :raises RollError: the dice have no roll left, or give a value that does not fit.
        """
        rolled = []
        for term in self.terms:
            if term.sides is None:
                rolled.append(RolledTerm(sign=term.sign, sides=None, values=(), subtotal=term.sign * term.count))
                continue
            values = [dice.roll(term.sides) for _ in range(term.count)]
            subtotal = term.sign * sum(values)
            rolled.append(RolledTerm(sign=term.sign, sides=term.sides, values=tuple(values), subtotal=subtotal))
        return DiceRoll(expression=str(self), terms=tuple(rolled), total=sum(t.subtotal for t in rolled))


def _term_min(term: Term) -> int:
    if term.sides is None:
        return term.sign * term.count
    return term.count if term.sign > 0 else -term.count * term.sides


def _term_max(term: Term) -> int:
    if term.sides is None:
        return term.sign * term.count
    return term.count * term.sides if term.sign > 0 else -term.count


def _add_die(ways: list[int], sides: int) -> list[int]:
    # Convolve with one fair die: each new count is a window sum of `sides` old
    # counts, read off prefix sums. A negative die has the same shape, mirrored
    # around the shifted minimum, so the same step serves both signs.
    prefix = [0, *accumulate(ways)]
    n = len(ways)
    return [prefix[min(k + 1, n)] - prefix[max(0, k - sides + 1)] for k in range(n + sides - 1)]
