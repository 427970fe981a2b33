"""Dice notation (``3D6``, ``1D8+1``, ``D100``): its limits, its terms, the parser and the
printer, and its errors in a player's words.

:func:`parse_terms` and :func:`print_terms` are a parser/printer pair. The canonical form
writes an upper-case ``D`` and always the number of dice (``1D8+1``), except the lone
percentile die, written ``D100`` as RuneQuest does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from pyengine.errors import NotationError

#: Hard limits on typed notation, so no input can make a phone hang.
MAX_TEXT = 100
MAX_TERMS = 20
MIN_COUNT, MAX_COUNT = 1, 100
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_CONSTANT = 10000

KIND = "dice notation"


class Term(NamedTuple):
    """One term of an expression: ``count`` dice of ``sides`` faces, or the constant ``count``.

    ``sides`` is ``None`` for a constant. ``sign`` is ``1`` or ``-1``.
    """

    sign: Literal[1, -1]
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, which nothing here calls
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

    def sign(self) -> Literal[1, -1] | None:
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

    def term(self, sign: Literal[1, -1]) -> Term:
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


def parse_terms(text: str) -> tuple[Term, ...]:
    """The terms of dice notation, in written order.

    :raises NotationError: malformed text, or a value over one of the limits; ``pos`` is where.
    """
    return _Parser(text).expression()


def print_terms(terms: Sequence[Term]) -> str:
    """The canonical notation of ``terms``: ``1D8+1``, ``-1D4``, ``D100``."""
    parts = []
    for i, term in enumerate(terms):
        if term.sign < 0:
            parts.append("-")
        elif i:
            parts.append("+")
        parts.append(str(term))
    return "".join(parts)


def checked_terms(terms: Sequence[Term]) -> tuple[Term, ...]:
    """``terms`` as an expression holds them, checked against the notation's limits.

    :raises ValueError: no terms, too many, a term outside the limits, or canonical text
        longer than :data:`MAX_TEXT` (so every expression prints to text that parses back).
    """
    terms = tuple(Term(*t) for t in terms)
    if not 1 <= len(terms) <= MAX_TERMS:
        raise ValueError(f"dice expression: {len(terms)} terms is not 1-{MAX_TERMS}")
    for term in terms:
        _check_term(term)
    text = print_terms(terms)
    if len(text) > MAX_TEXT:
        raise ValueError(f"dice expression: {text!r} is longer than {MAX_TEXT} characters")
    return terms


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
        return (f"{field}: a die with {number} side{'' if number == '1' else 's'} in {shown!r} is not one to roll; "
                f"dice have {MIN_SIDES} to {MAX_SIDES} sides, e.g. D6 or D100")
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
