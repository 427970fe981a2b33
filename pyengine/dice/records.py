"""What rolling leaves: a rolled expression (:class:`DiceRoll`, each die's face by term), one die
rolled for a purpose (:class:`RollMade`, what a :class:`~pyengine.dice.log.RollLog` keeps), and
the die a page must ask for next (:class:`NeededRoll`).

Each is a :class:`~pyengine.tables.Record`, checked when decoded: a :class:`DiceRoll` that does
not add up, or whose faces do not fit its dice, is refused.
"""

from __future__ import annotations

from typing import Literal

from pyengine.dice.notation import Term, checked_terms, parse_terms
from pyengine.tables import Record


class RolledTerm(Record, frozen=True):
    """One term of a rolled expression."""

    sign: Literal[1, -1]
    """``-1`` for a subtracted term."""
    sides: int | None
    """Faces of each die; ``None`` for a constant."""
    values: tuple[int, ...]
    """The faces the dice showed, in the order drawn; empty for a constant."""
    subtotal: int
    """What the term adds to the total, with its sign: ``-3`` for ``-1D4`` showing 3."""

    def __str__(self) -> str:
        """The term as written, without its sign: ``2D6``, ``D100``, ``3``."""
        if self.sides is None:
            return str(abs(self.subtotal))
        return str(Term(1, len(self.values), self.sides))


class DiceRoll(Record, frozen=True):
    """A rolled dice expression, keeping every die's value."""

    expression: str
    """The expression rolled, in canonical notation."""
    terms: tuple[RolledTerm, ...]
    """One per term of the expression, in written order."""
    total: int

    def __post_init__(self) -> None:
        terms = checked_terms(parse_terms(self.expression))
        if len(terms) != len(self.terms):
            raise ValueError(f"dice roll: {len(self.terms)} rolled terms for {self.expression!r}")
        for i, (term, rolled) in enumerate(zip(terms, self.terms, strict=True)):
            fits = term.sign == rolled.sign and term.sides == rolled.sides
            if term.sides is None:
                fits = fits and not rolled.values and rolled.subtotal == term.sign * term.count
            else:
                fits = (
                    fits
                    and len(rolled.values) == term.count
                    and all(1 <= v <= term.sides for v in rolled.values)
                    and rolled.subtotal == term.sign * sum(rolled.values)
                )
            if not fits:
                raise ValueError(f"dice roll: term {i} does not fit {self.expression!r}")
        if self.total != sum(t.subtotal for t in self.terms):
            raise ValueError(f"dice roll: total {self.total!r} is not the sum of the terms of {self.expression!r}")

    @property
    def rolls(self) -> tuple[tuple[int, int], ...]:
        """Every die rolled, as ``(sides, value)``, in the order drawn."""
        return tuple((t.sides, v) for t in self.terms if t.sides is not None for v in t.values)


class RollMade(Record, frozen=True):
    """One die rolled, and what for."""

    purpose: str
    sides: int
    value: int


class NeededRoll(Record, frozen=True):
    """The next roll a page must ask for."""

    sides: int
    purpose: str
    index: int
    """How many rolls come before it."""
