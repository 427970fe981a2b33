"""The dice of one round: every roll kept in order, with what it was for.

A round is replayed from its rolls alone (``ScriptedDice``). When typed dice run
out, :class:`~pyengine.runequest.combat.exchange.NoRollLeft` says which die is needed next,
numbered within the round, so a page can ask for it and resolve the round again.
"""

from __future__ import annotations

from pyengine.dice import Dice, ScriptedDice
from pyengine.errors import RollError
from pyengine.runequest.combat.exchange import NeededRoll, NoRollLeft, RollMade


class RoundDice:
    """Hands every roll to the injected dice and keeps it."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.made: list[RollMade] = []
        self._purpose = ""

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(r.value for r in self.made)

    def roll(self, sides: int) -> int:
        """The ``Dice`` protocol, for an exchange (which names its own rolls)."""
        try:
            value = self.dice.roll(sides)
        except RollError as exc:
            if isinstance(self.dice, ScriptedDice) and not self.dice.remaining:
                raise NoRollLeft(NeededRoll(sides=sides, purpose=self._purpose, index=len(self.made))) from None
            raise RollError(f"roll {len(self.made) + 1} of the round ({self._purpose}): {exc}") from None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RollError(f"roll {len(self.made) + 1} of the round ({self._purpose}): {value!r} does not fit a D{sides}")
        self.made.append(RollMade(purpose=self._purpose, sides=sides, value=value))
        return value

    def during(self, purpose: str) -> RoundDice:
        """Names the rolls that follow (an exchange's own names replace it in its result)."""
        self._purpose = purpose
        return self

    def d(self, sides: int, purpose: str) -> int:
        self._purpose = purpose
        return self.roll(sides)
