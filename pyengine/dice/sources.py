"""Where rolls come from: :class:`RandomDice` in the app, :class:`ScriptedDice` in tests and
for rolls typed in from physical dice.

This is the only module in :mod:`pyengine` that uses :mod:`random`, and only through a
private :class:`random.Random`. Neither source keeps the rolls it hands out: the resolver
that asked for them does (:class:`~pyengine.dice.log.RollLog`, :class:`~pyengine.dice.records.DiceRoll`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from pyengine.dice.protocol import RanOut, check_sides
from pyengine.errors import RollError


class RandomDice:
    """Pseudo-random dice; the same ``seed`` gives the same rolls, in CPython and in the browser."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """Rolls one die with ``sides`` faces.

        :raises RollError: ``sides`` is not a whole number of at least 1.
        """
        check_sides(sides)
        return self._rng.randint(1, sides)

    def __repr__(self) -> str:
        return f"RandomDice(seed={self.seed!r})"


class ScriptedDice:
    """Dice that hand out given values in order: tests, and rolls typed in from physical dice.

    Each value is checked against its die as it is handed out (the one check a roll gets);
    :attr:`remaining` holds the values not used yet.
    """

    def __init__(self, rolls: Iterable[int]) -> None:
        """Takes the values to hand out, in order.

        :raises RollError: a value is not a whole number.
        """
        values = tuple(rolls)
        for i, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RollError(f"roll: {value!r} is not a whole number (given roll {i + 1} of {len(values)})")
        self._rolls = values
        self._next = 0

    @property
    def remaining(self) -> tuple[int, ...]:
        """The given values not handed out yet, in order."""
        return self._rolls[self._next :]

    def roll(self, sides: int) -> int:
        """Hands out the next value as the roll of a die with ``sides`` faces.

        A value that does not fit is not used up, so the caller can fix it and go on.

        :raises RanOut: no value is left.
        :raises RollError: the next value is not 1..sides.
        """
        check_sides(sides)
        total = len(self._rolls)
        if self._next >= total:
            rolls = "roll is" if total == 1 else "rolls are"
            raise RanOut(f"no roll left for a D{sides}: all {total} given {rolls} used")
        value = self._rolls[self._next]
        if not 1 <= value <= sides:
            raise RollError(
                f"roll {value} does not fit a D{sides} (1-{sides}); it is given roll {self._next + 1} of {total}"
            )
        self._next += 1
        return value

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self._rolls)!r})"
