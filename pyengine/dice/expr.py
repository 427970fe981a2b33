"""Dice expressions: signed terms, each some dice or a constant; their range, and rolling them.
Their exact average and distribution are :mod:`.exact`'s (rolling needs no fractions).

:meth:`DiceExpr.parse` and ``str(expr)`` are a parser/printer pair (:mod:`.notation`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.dice.notation import Term, checked_terms, parse_terms, print_terms
from pyengine.dice.protocol import Dice
from pyengine.dice.records import DiceRoll, RolledTerm


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
