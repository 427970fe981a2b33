"""The roll log: every roll of one resolution, kept once, in order, with what it was for.

A resolver rolls through a :class:`RollLog` (:meth:`RollLog.d`, :meth:`RollLog.expr`); its
result keeps ``log.made`` (:class:`RollMade`), and ``ScriptedDice(log.values)`` replays it
exactly. A resolution inside another (an exchange inside a melee round) rolls through a
:meth:`RollLog.part` of the outer log: its rolls are kept once, in the outer log, and the
part sees its own. When typed dice run out, :class:`NoRollLeft` carries the
:class:`NeededRoll` a page asks for next.
"""

from __future__ import annotations

from pyengine.dice.expr import DiceExpr
from pyengine.dice.protocol import Dice, RanOut
from pyengine.dice.records import NeededRoll, RollMade
from pyengine.errors import RollError


class NoRollLeft(RanOut):
    """Scripted dice ran out: ``needed`` is the roll asked for."""

    def __init__(self, needed: NeededRoll) -> None:
        self.needed = needed
        super().__init__(f"no roll left for the D{needed.sides} of the {needed.purpose} (roll {needed.index + 1})")


class RollLog:
    """Hands every roll of one resolution to the injected dice and keeps it, in order, with
    what it was for: ``made`` (:class:`RollMade`), ``values`` (the faces alone)."""

    def __init__(self, dice: Dice, *, within: str = "") -> None:
        """``within`` names what the rolls are counted in (``"the round"``): a roll that
        cannot be used is then reported as ``roll 3 of the round (its purpose): …``,
        else as ``its purpose: …``."""
        self.dice = dice
        self.within = within
        self._kept: list[RollMade] = []
        """Every roll of the whole log, the parts' included (a part shares its log's list)."""
        self._named: list[RollMade] = []
        """Every roll of the whole log as :attr:`named` has it (a part shares its log's list)."""
        self._start = 0
        """Where this log's own rolls begin in ``_kept`` (a part's: where it was opened)."""
        self._part = ""
        """The part's name (``"Rurik attacks Broo"``); empty for a whole log."""

    @property
    def made(self) -> list[RollMade]:
        """This log's rolls, in order (a part's: its own)."""
        return self._kept[self._start :]

    @property
    def named(self) -> tuple[RollMade, ...]:
        """This log's rolls, each purpose named as a die asked for is (``"Rurik attacks Broo: attack"``
        for a roll of a part): what a round's list of dice says of each die."""
        return tuple(self._named[self._start :])

    @property
    def values(self) -> tuple[int, ...]:
        """The faces rolled, in order: ``ScriptedDice(values)`` replays them."""
        return tuple(r.value for r in self._kept[self._start :])

    def __len__(self) -> int:
        """How many rolls this log holds."""
        return len(self._kept) - self._start

    def since(self, start: int) -> tuple[RollMade, ...]:
        """The rolls made since this log held ``start`` (``len(log)`` taken before an action)."""
        return tuple(self._kept[self._start + start :])

    def part(self, name: str) -> RollLog:
        """The log of a resolution inside this one (``name``: what it is, e.g. ``"Rurik attacks
        Broo"``): its rolls are kept here, once, with its own purposes; the roll it runs out
        at is numbered in this log and named ``"<name>: <purpose>"``; a roll that does not fit
        is reported as ``<purpose>: roll 3 of the round (<name>): …``."""
        part = RollLog(self.dice, within=self.within)
        part._kept, part._named, part._start, part._part = self._kept, self._named, len(self._kept), name
        return part

    def d(self, sides: int, purpose: str) -> int:
        """Rolls one die with ``sides`` faces for ``purpose`` and keeps it.

        :raises NoRollLeft: the dice ran out (the roll needed is named and numbered).
        :raises RollError: the dice give a value that does not fit (the purpose is named).
        """
        try:
            value = self.dice.roll(sides)
        except RanOut:
            named = f"{self._part}: {purpose}" if self._part else purpose
            raise NoRollLeft(NeededRoll(sides=sides, purpose=named, index=len(self._kept))) from None
        except RollError as exc:
            raise RollError(f"{self._where(purpose)}: {exc}") from None
        self._kept.append(RollMade(purpose=purpose, sides=sides, value=value))
        self._named.append(RollMade(purpose=f"{self._part}: {purpose}" if self._part else purpose, sides=sides,
                                    value=value))
        return value

    def expr(self, expr: DiceExpr, purpose: str) -> int:
        """Rolls a whole dice expression for ``purpose``, each die kept (terms left to right,
        one die at a time): its total.

        :raises RollError: as :meth:`d`.
        """
        total = 0
        for term in expr.terms:
            if term.sides is None:
                total += term.sign * term.count
            else:
                total += term.sign * sum(self.d(term.sides, purpose) for _ in range(term.count))
        return total

    def _where(self, purpose: str) -> str:
        counted = f"roll {len(self._kept) + 1} of {self.within}" if self.within else ""
        if self._part:
            return f"{purpose}: {counted} ({self._part})" if counted else f"{purpose}: {self._part}"
        return f"{counted} ({purpose})" if counted else purpose
