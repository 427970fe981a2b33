"""Rolls typed in from physical dice: one die's face as typed (:func:`typed_die`), and
:class:`TypedRolls`, which asks for the dice of a resolution one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from pyengine.dice.log import NoRollLeft
from pyengine.dice.protocol import Dice
from pyengine.dice.records import NeededRoll
from pyengine.dice.sources import ScriptedDice
from pyengine.errors import RollError

#: How percentile dice show a roll of 100.
PERCENTILE_HUNDRED = "00"

Result = TypeVar("Result")


def typed_die(word: str) -> int | None:
    """One die's face as typed by hand: ``"4"`` is 4, and ``"00"`` -- how percentile dice show
    100 -- is 100 (the d100 is 1-100); None when it is not a whole number."""
    word = word.strip()
    if word == PERCENTILE_HUNDRED:
        return 100
    return int(word) if word.isdigit() and word.isascii() else None


class TypedRolls(Generic[Result]):
    """The rolls of one resolution, typed in one at a time.

    ``resolve(dice)`` is the resolution, a pure function of its inputs and the rolls it is
    handed (it raises :class:`NoRollLeft` when they run out). It is replayed from the rolls
    so far once per die asked: :meth:`start` asks for the first die, each :meth:`enter` checks
    the value typed against the die asked for (once, as the scripted dice hand it out) and
    gives the next die needed, or the result once every roll is in.
    """

    def __init__(self, resolve: Callable[[Dice], Result]) -> None:
        self._resolve = resolve
        self.rolls: list[int] = []
        """The rolls typed so far, each fitting its die."""
        self.needed: NeededRoll | None = None
        """The die asked for next (``None``: not started, or every roll is in)."""

    def start(self) -> NeededRoll | Result:
        """The first die asked for (or the result, for a resolution that rolls nothing).

        :raises RulesError: as ``resolve`` (e.g. an attack the rules forbid).
        """
        self.rolls = []
        return self._replay([])

    def enter(self, value: int) -> NeededRoll | Result:
        """``value`` typed for the die asked for: the next die needed, or the result.

        :raises RollError: no die is asked for, or ``value`` does not fit the die (it is not
            kept; the message names the die's purpose).
        """
        if self.needed is None:
            raise RollError(f"roll {value}: no die is asked for")
        got = self._replay([*self.rolls, value])
        self.rolls.append(value)
        return got

    def _replay(self, rolls: list[int]) -> NeededRoll | Result:
        try:
            result = self._resolve(ScriptedDice(rolls))
        except NoRollLeft as exc:
            self.needed = exc.needed
            return exc.needed
        self.needed = None
        return result
