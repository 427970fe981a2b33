"""Dice: where rolls come from, and dice notation (``3D6``, ``1D8+1``, ``D100``).

Every resolver takes its rolls from an injected :class:`Dice`:
:class:`RandomDice` in the app, :class:`ScriptedDice` in tests and for rolls
typed in from physical dice. This is the only module in :mod:`pyengine` that
uses :mod:`random`, and only through a private :class:`random.Random`.

A resolver keeps its rolls in a :class:`RollLog`: each roll with what it was for
(:class:`RollMade`), so ``ScriptedDice(log.values)`` replays it exactly; when
typed dice run out, :class:`NoRollLeft` carries the :class:`NeededRoll` a page
asks for next.

:meth:`DiceExpr.parse` and ``str(expr)`` are a parser/printer pair. The
canonical form writes an upper-case ``D`` and always the number of dice
(``1D8+1``), except the lone percentile die, written ``D100`` as RuneQuest does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

from pyengine.errors import NotationError, RollError, RulesError
from pyengine.tables import Record

if TYPE_CHECKING:  # imported where used: rolling dice needs no fractions (docs/startup.md)
    from fractions import Fraction

#: Hard limits on typed notation, so no input can make a phone hang.
MAX_TEXT = 100
MAX_TERMS = 20
MIN_COUNT, MAX_COUNT = 1, 100
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_CONSTANT = 10000
#: :meth:`DiceExpr.distribution` works out at most this many (dice x possible totals).
MAX_DISTRIBUTION_WORK = 2_000_000

KIND = "dice notation"


class Dice(Protocol):
    """A source of die rolls."""

    def roll(self, sides: int) -> int:
        """Rolls one die with ``sides`` faces and returns the face shown (1..sides)."""
        ...


def _check_sides(sides: int) -> None:
    if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
        raise RollError(f"die: {sides!r} is not a number of sides (a whole number from 1 up)")


class RandomDice:
    """Pseudo-random dice; the same ``seed`` gives the same rolls, in CPython and in the browser.

    ``history`` holds every roll made, as ``(sides, value)``.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.history: list[tuple[int, int]] = []
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """Rolls one die with ``sides`` faces.

        :raises RollError: ``sides`` is not a whole number of at least 1.
        """
        _check_sides(sides)
        value = self._rng.randint(1, sides)
        self.history.append((sides, value))
        return value

    def __repr__(self) -> str:
        return f"RandomDice(seed={self.seed!r})"


class ScriptedDice:
    """Dice that hand out given values in order: tests, and rolls typed in from physical dice.

    ``history`` holds every roll handed out, as ``(sides, value)``;
    :attr:`remaining` the values not used yet.
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
        self.history: list[tuple[int, int]] = []

    @property
    def remaining(self) -> tuple[int, ...]:
        """The given values not handed out yet, in order."""
        return self._rolls[self._next :]

    def roll(self, sides: int) -> int:
        """Hands out the next value as the roll of a die with ``sides`` faces.

        A value that does not fit is not used up, so the caller can fix it and go on.

        :raises RollError: no value is left, or the next one is not 1..sides.
        """
        _check_sides(sides)
        total = len(self._rolls)
        if self._next >= total:
            rolls = "roll is" if total == 1 else "rolls are"
            raise RollError(f"no roll left for a D{sides}: all {total} given {rolls} used")
        value = self._rolls[self._next]
        if not 1 <= value <= sides:
            raise RollError(
                f"roll {value} does not fit a D{sides} (1-{sides}); it is given roll {self._next + 1} of {total}"
            )
        self._next += 1
        self.history.append((sides, value))
        return value

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self._rolls)!r})"


class Term(NamedTuple):
    """One term of an expression: ``count`` dice of ``sides`` faces, or the constant ``count``.

    ``sides`` is ``None`` for a constant. ``sign`` is ``1`` or ``-1``.
    """

    sign: int
    count: int
    sides: int | None = None

    @property
    def is_constant(self) -> bool:
        return self.sides is None

    def __str__(self) -> str:
        """The term without its sign: ``2D6``, ``D100``, ``3``."""
        if self.sides is None:
            return str(self.count)
        if self.count == 1 and self.sides == 100:
            return "D100"
        return f"{self.count}D{self.sides}"


def _check_term(term: Term) -> None:
    if term.sign not in (1, -1):
        raise ValueError(f"dice term: sign {term.sign!r} is not 1 or -1")
    if term.sides is None:
        if not 0 <= term.count <= MAX_CONSTANT:
            raise ValueError(f"dice term: constant {term.count!r} is not 0-{MAX_CONSTANT}")
        return
    if not MIN_COUNT <= term.count <= MAX_COUNT:
        raise ValueError(f"dice term: {term.count!r} dice is not {MIN_COUNT}-{MAX_COUNT}")
    if not MIN_SIDES <= term.sides <= MAX_SIDES:
        raise ValueError(f"dice term: {term.sides!r} sides is not {MIN_SIDES}-{MAX_SIDES}")


class _Parser:
    """Reads dice notation left to right, keeping the offset for errors."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, expected: str, pos: int | None = None) -> NotationError:
        return NotationError(KIND, self.text, self.pos if pos is None else pos, expected)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def sign(self) -> int | None:
        ch = self.peek()
        if ch == "+":
            self.pos += 1
            return 1
        if ch in _MINUS:
            self.pos += 1
            return -1
        return None

    def number(self) -> tuple[int, int] | None:
        start = self.pos
        while self.peek() in _DIGITS:
            self.pos += 1
        if self.pos == start:
            return None
        return int(self.text[start : self.pos]), start

    def term(self, sign: int) -> Term:
        count = self.number()
        if self.peek() not in ("D", "d"):
            if count is None:
                raise self.fail("a dice term such as 2D6, or a number")
            value, at = count
            if value > MAX_CONSTANT:
                raise self.fail(f"a number from 0 to {MAX_CONSTANT}", at)
            return Term(sign, value, None)
        if count is None:
            dice = 1
        else:
            dice, at = count
            if not MIN_COUNT <= dice <= MAX_COUNT:
                raise self.fail(f"a number of dice from {MIN_COUNT} to {MAX_COUNT}", at)
        self.pos += 1  # the D
        if self.peek() == "%":
            self.pos += 1
            return Term(sign, dice, 100)
        sides = self.number()
        if sides is None:
            raise self.fail("a number of sides")
        value, at = sides
        if not MIN_SIDES <= value <= MAX_SIDES:
            raise self.fail(f"a number of sides from {MIN_SIDES} to {MAX_SIDES}", at)
        return Term(sign, dice, value)

    def expression(self) -> tuple[Term, ...]:
        if len(self.text) > MAX_TEXT:
            raise self.fail(f"at most {MAX_TEXT} characters", MAX_TEXT)
        terms: list[Term] = []
        self.skip_spaces()
        sign = self.sign() or 1
        self.skip_spaces()
        terms.append(self.term(sign))
        while True:
            self.skip_spaces()
            if self.pos == len(self.text):
                return tuple(terms)
            at = self.pos
            sign_ = self.sign()
            if sign_ is None:
                raise self.fail("'+', '-' or the end")
            if len(terms) == MAX_TERMS:
                raise self.fail(f"at most {MAX_TERMS} terms", at)
            self.skip_spaces()
            terms.append(self.term(sign_))


def explain_notation(exc: NotationError, field: str) -> str:
    """A dice-notation error in a player's words: the field as the page names it (``field``,
    e.g. ``"Dice to roll"``), what is wrong in what was typed, and what to type instead.
    (:class:`NotationError`'s own message, with the offset, is for the command line and table files.)"""
    text, pos, expected = exc.text, exc.pos, exc.expected
    shown = text if len(text) <= 24 else text[:24] + "…"
    example = "type dice as the rules print them, e.g. 3D6, 1D8+1 or D100"
    if not text.strip():
        return f"{field}: empty; {example}"
    if expected.startswith("at most") and expected.endswith("characters"):
        return f"{field}: longer than {MAX_TEXT} characters; roll fewer dice at a time"
    if expected.startswith("at most") and expected.endswith("terms"):
        return f"{field}: more than {MAX_TERMS} parts joined by + or -; roll fewer at a time"
    number = _number_at(text, pos)
    if expected.startswith("a number of dice"):
        return (f"{field}: {number} dice is more than can be rolled at once in {shown!r}; "
                f"roll {MIN_COUNT} to {MAX_COUNT} dice, e.g. 3D6")
    if expected.startswith("a number of sides from"):
        return f"{field}: a die with {number} side{'' if number == '1' else 's'} in {shown!r} is not one to roll; dice have {MIN_SIDES} to {MAX_SIDES} sides, e.g. D6 or D100"
    if expected == "a number of sides":
        return f"{field}: {shown!r} says D but not how many sides; put the sides after the D, e.g. 2D6"
    if expected.startswith("a number from"):
        return f"{field}: {number} in {shown!r} is more than {MAX_CONSTANT}; add a smaller number, e.g. 1D8+1"
    if pos >= len(text):  # a + or - with nothing after it
        return f"{field}: {shown!r} ends with {text.rstrip()[-1:]!r}; add a die or a number after it, e.g. 3D6+2"
    got = text[pos]
    if pos == 0 or expected.startswith("a dice term"):
        return f"{field}: {shown!r} is not dice notation ({got!r} where a die or a number goes); {example}"
    return (f"{field}: {got!r} after {text[:pos].strip()!r} is not dice notation; join dice and numbers "
            "with + or -, e.g. 1D6+1D4 or 2D6-1")


def _number_at(text: str, pos: int) -> str:
    end = pos
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    number = text[pos:end] or "0"
    return number if len(number) <= 8 else number[:8] + "…"


_DIGITS = frozenset("0123456789")
# ASCII hyphen, the minus sign and the en dash that printed tables use.
_MINUS = frozenset("-\u2212\u2013")


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
        terms = tuple(Term(*t) for t in terms)
        if not 1 <= len(terms) <= MAX_TERMS:
            raise ValueError(f"dice expression: {len(terms)} terms is not 1-{MAX_TERMS}")
        for term in terms:
            _check_term(term)
        object.__setattr__(self, "terms", terms)
        if len(str(self)) > MAX_TEXT:
            raise ValueError(f"dice expression: {str(self)!r} is longer than {MAX_TEXT} characters")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DiceExpr is immutable; cannot set {name!r}")

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Parses dice notation: ``3D6``, ``1D8+1``, ``-1D4``, ``1D6+1D4``, ``D100``, ``d6``, ``2D6 - 1``.

        :raises NotationError: malformed text, or a value over one of the limits
            (:data:`MAX_TEXT` characters, :data:`MAX_TERMS` terms, 1-100 dice,
            2-1000 sides, constants up to :data:`MAX_CONSTANT`); ``pos`` is where.
        """
        return cls(_Parser(text).expression())

    def __str__(self) -> str:
        """The canonical notation: ``1D8+1``, ``-1D4``, ``D100``."""
        parts = []
        for i, term in enumerate(self.terms):
            if term.sign < 0:
                parts.append("-")
            elif i:
                parts.append("+")
            parts.append(str(term))
        return "".join(parts)

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

        Feeding the values of ``result.rolls`` to :class:`ScriptedDice` replays it exactly.

        :raises RollError: the dice have no roll left, or give a value that does not fit.
        """
        rolled = []
        for term in self.terms:
            if term.sides is None:
                rolled.append(RolledTerm(sign=term.sign, sides=None, values=(), subtotal=term.sign * term.count))
                continue
            values = []
            for _ in range(term.count):
                value = dice.roll(term.sides)
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= term.sides:
                    raise RollError(f"roll {value!r} does not fit a D{term.sides} (1-{term.sides})")
                values.append(value)
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


class RolledTerm(Record):
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


class DiceRoll(Record):
    """A rolled dice expression, keeping every die's value."""

    expression: str
    """The expression rolled, in canonical notation."""
    terms: tuple[RolledTerm, ...]
    """One per term of the expression, in written order."""
    total: int

    def __post_init__(self) -> None:
        terms = DiceExpr.parse(self.expression).terms
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


# -- the roll log ----------------------------------------------------------------------------


class RollMade(Record):
    """One die rolled, and what for."""

    purpose: str
    sides: int
    value: int


class NeededRoll(Record):
    """The next roll a page must ask for."""

    sides: int
    purpose: str
    index: int
    """How many rolls come before it."""


class NoRollLeft(RollError):
    """Scripted dice ran out: ``needed`` is the roll asked for."""

    def __init__(self, needed: NeededRoll) -> None:
        self.needed = needed
        super().__init__(f"no roll left for the D{needed.sides} of the {needed.purpose} (roll {needed.index + 1})")


class RollLog:
    """Hands every roll of one resolution to the injected dice and keeps it, in order, with
    what it was for: ``made`` (:class:`RollMade`), ``values`` (the faces alone).

    It is itself a :class:`Dice` (:meth:`roll`, named by :meth:`during`), so a resolver
    can hand it to another: a round's log to each exchange, which keeps its own.
    """

    def __init__(self, dice: Dice, *, within: str = "") -> None:
        """``within`` names what the rolls are counted in (``"the round"``): a roll that
        cannot be used is then reported as ``roll 3 of the round (its purpose): …``,
        else as ``its purpose: …``."""
        self.dice = dice
        self.within = within
        self.made: list[RollMade] = []
        self._purpose = ""

    @property
    def values(self) -> tuple[int, ...]:
        """The faces rolled, in order: ``ScriptedDice(values)`` replays them."""
        return tuple(r.value for r in self.made)

    def during(self, purpose: str) -> RollLog:
        """Names the rolls :meth:`roll` makes from now on (another resolver's own rolls)."""
        self._purpose = purpose
        return self

    def roll(self, sides: int) -> int:
        """The :class:`Dice` protocol: one roll, for the purpose named by :meth:`during`.

        :raises RollError: as :meth:`d`.
        """
        return self.d(sides, self._purpose)

    def d(self, sides: int, purpose: str) -> int:
        """Rolls one die with ``sides`` faces for ``purpose`` and keeps it.

        :raises NoRollLeft: scripted dice ran out (the roll needed is named and numbered).
        :raises RollError: the dice give a value that does not fit (the purpose is named).
        """
        try:
            value = self.dice.roll(sides)
        except RollError as exc:
            if isinstance(exc, NoRollLeft) or (isinstance(self.dice, ScriptedDice) and not self.dice.remaining):
                raise NoRollLeft(NeededRoll(sides=sides, purpose=purpose, index=len(self.made))) from None
            raise RollError(f"{self._where(purpose)}: {exc}") from None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RollError(f"{self._where(purpose)}: roll {value!r} does not fit a D{sides} (1-{sides})")
        self.made.append(RollMade(purpose=purpose, sides=sides, value=value))
        return value

    def expr(self, expr: DiceExpr, purpose: str) -> int:
        """Rolls a whole dice expression for ``purpose``, each die kept: its total.

        :raises RollError: as :meth:`d`.
        """
        return expr.roll(_For(self, purpose)).total

    def _where(self, purpose: str) -> str:
        return f"roll {len(self.made) + 1} of {self.within} ({purpose})" if self.within else purpose


class _For:
    """A :class:`RollLog` seen as :class:`Dice` with one purpose."""

    __slots__ = ("log", "purpose")

    def __init__(self, log: RollLog, purpose: str) -> None:
        self.log, self.purpose = log, purpose

    def roll(self, sides: int) -> int:
        return self.log.d(sides, self.purpose)


#: How percentile dice show a roll of 100.
PERCENTILE_HUNDRED = "00"


def typed_die(word: str) -> int | None:
    """One die's face as typed by hand: ``"4"`` is 4, and ``"00"`` -- how percentile dice show
    100 -- is 100 (the d100 is 1-100); None when it is not a whole number."""
    word = word.strip()
    if word == PERCENTILE_HUNDRED:
        return 100
    return int(word) if word.isdigit() and word.isascii() else None
