"""Dice: where rolls come from, dice notation (``3D6``, ``1D8+1``, ``D100``), and the roll log.

Every resolver takes its rolls from an injected :class:`Dice` (:mod:`.protocol`):
:class:`RandomDice` in the app, :class:`ScriptedDice` in tests and for rolls typed in from
physical dice (:mod:`.sources`). A resolver keeps each roll once, with what it was for, in a
:class:`RollLog` (:mod:`.log`), so ``ScriptedDice(log.values)`` replays it exactly; when typed
dice run out, :class:`NoRollLeft` carries the :class:`NeededRoll` a page asks for next, and
:class:`TypedRolls` (:mod:`.typed`) asks for a resolution's dice one at a time.

:mod:`.notation` reads and prints the notation, :mod:`.expr` holds expressions, :mod:`.exact`
their exact averages and distributions, and :mod:`.records` what rolling leaves (:class:`DiceRoll`, :class:`RollMade`).
"""

from __future__ import annotations

from pyengine.dice.expr import DiceExpr
from pyengine.dice.log import NoRollLeft, RollLog
from pyengine.dice.notation import (
    KIND,
    MAX_CONSTANT,
    MAX_COUNT,
    MAX_SIDES,
    MAX_TERMS,
    MAX_TEXT,
    MIN_COUNT,
    MIN_SIDES,
    Term,
    explain_notation,
)
from pyengine.dice.protocol import Dice, RanOut
from pyengine.dice.records import DiceRoll, NeededRoll, RolledTerm, RollMade
from pyengine.dice.sources import RandomDice, ScriptedDice
from pyengine.dice.typed import PERCENTILE_HUNDRED, TypedRolls, typed_die

__all__ = [
    "KIND", "MAX_CONSTANT", "MAX_COUNT", "MAX_SIDES", "MAX_TERMS", "MAX_TEXT", "MIN_COUNT",
    "MIN_SIDES", "PERCENTILE_HUNDRED", "Dice", "DiceExpr", "DiceRoll", "NeededRoll", "NoRollLeft", "RanOut",
    "RandomDice", "RollLog", "RollMade", "RolledTerm", "ScriptedDice", "Term", "TypedRolls", "explain_notation",
    "typed_die",
]
