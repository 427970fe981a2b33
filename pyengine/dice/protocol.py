"""The dice protocol: a source of die rolls, and the one error a source raises when it has none left."""

from __future__ import annotations

from typing import Protocol

from pyengine.errors import RollError


class Dice(Protocol):
    """A source of die rolls.

    ``roll(sides)`` returns a face from 1 to ``sides``, or raises :class:`RollError`:
    :class:`RanOut` when the source has no roll left. A source checks each value it hands
    out, once; whoever keeps the roll (:class:`~pyengine.dice.log.RollLog`,
    :meth:`~pyengine.dice.expr.DiceExpr.roll`) takes it as it comes.
    """

    def roll(self, sides: int) -> int:
        """Rolls one die with ``sides`` faces and returns the face shown (1..sides)."""
        ...


class RanOut(RollError):
    """The dice have no roll left (given rolls all used)."""


def check_sides(sides: int) -> None:
    """:raises RollError: ``sides`` is not a whole number of at least 1."""
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise RollError(f"die: {sides!r} is not a number of sides (a whole number from 1 up)")
