"""The shrapnel legend's effect notation: a parser and a printer for every token.

A *side* (or the base) is a list of tokens separated by ``", "``, or ``—`` for
nothing beyond the base (SHR-3):

=============  ==========================================================
``+XH``        :class:`Hits` -- X additional hits
``♦X``         :class:`Bleeding` -- X hits per round until healed
``X✹[-Y]``     :class:`Stun` -- stunned X rounds at -Y (``X✹``: no penalty)
``N×✳``        :class:`Staggered` -- loses N AP; ``✳`` alone is 1
``-X``         :class:`Injury` -- injury penalty until healed
``◷X``         :class:`Fatigue` -- X fatigue; it rests back
``⇘``          :class:`Prone` -- knocked prone
``☠``          :class:`Dying` -- dying unless armour covers the area
``⚒(-X)``      :class:`Breakage` -- one breakage check per piece struck, at -X
``⚒``          :class:`Breakage` -- the same, no modifier
=============  ==========================================================

A *cell* is the base, then its clauses, separated by ``"; "``::

    +1H, 1✹[-50]; covered: —; bare: +4H                      (one area)
    +15H; Abdomen: +4H, ⚒(-25) / ♦1; Legs: +2H, ⚒(-25) / ♦1   (several)

:func:`parse_effects` / :func:`format_effects` and :func:`parse_cell` /
:func:`format_cell` are parser/printer pairs: printing a parsed text gives it
back whenever it was written in the printed form. The parser is lenient only
about spaces around separators.
"""

from __future__ import annotations

import functools
from typing import Annotated

import msgspec

from pyengine.errors import NotationError
from pyengine.shrapnel.vocabulary import Area
from pyengine.tables import Record

KIND = "shrapnel notation"
NOTHING = "—"
"""An empty side or base: nothing beyond the base (SHR-3)."""

Count = Annotated[int, msgspec.Meta(ge=1, le=999)]
Penalty = Annotated[int, msgspec.Meta(ge=-999, le=-1)]
Modifier = Annotated[int, msgspec.Meta(ge=-999, le=0)]


class Hits(Record, tag="hits"):
    """``+XH``: additional hits."""

    hits: Count


class Bleeding(Record, tag="bleeding"):
    """``♦X``: bleeding, X hits per round until healed."""

    per_round: Count


class Stun(Record, tag="stun"):
    """``X✹[-Y]``: stunned X rounds at penalty -Y (0 when printed ``X✹``)."""

    rounds: Count
    penalty: Modifier = 0


class Staggered(Record, tag="staggered"):
    """``N×✳``: staggered, loses N AP; ``✳`` alone loses 1."""

    ap: Count = 1


class Injury(Record, tag="injury"):
    """``-X``: injury penalty until healed (stored negative, as printed)."""

    penalty: Penalty


class Fatigue(Record, tag="fatigue"):
    """``◷X``: X fatigue, the wind driven out of a plate-covered torso; it rests back."""

    points: Count


class Prone(Record, tag="prone"):
    """``⇘``: knocked prone."""


class Dying(Record, tag="dying"):
    """``☠`` on a bare side: the foe is dying unless armour covers that area."""


class Breakage(Record, tag="breakage"):
    """``⚒(-X)`` / ``⚒``: each armour piece struck makes one breakage check, at -X if given."""

    modifier: Modifier = 0


Token = Hits | Bleeding | Stun | Staggered | Injury | Fatigue | Prone | Dying | Breakage
Effects = tuple[Token, ...]


class Clause(Record):
    """One area's pair of sides; ``area`` is None in the one-area form (``covered: …; bare: …``)."""

    area: Area | None
    covered: Effects
    bare: Effects


class CellNotation(Record):
    """A parsed cell: the base, which applies always, and its clauses."""

    base: Effects
    clauses: tuple[Clause, ...]

    @property
    def single_area(self) -> bool:
        """Written in the one-area form, ``covered: …; bare: …``."""
        return len(self.clauses) == 1 and self.clauses[0].area is None


# -- printer -------------------------------------------------------------------


def format_token(token: Token) -> str:
    """Prints one token: ``Stun(rounds=1, penalty=-50)`` -> ``"1✹[-50]"``."""
    if isinstance(token, Hits):
        return f"+{token.hits}H"
    if isinstance(token, Bleeding):
        return f"♦{token.per_round}"
    if isinstance(token, Stun):
        return f"{token.rounds}✹[{token.penalty}]" if token.penalty else f"{token.rounds}✹"
    if isinstance(token, Staggered):
        return "✳" if token.ap == 1 else f"{token.ap}×✳"
    if isinstance(token, Injury):
        return str(token.penalty)
    if isinstance(token, Fatigue):
        return f"◷{token.points}"
    if isinstance(token, Prone):
        return "⇘"
    if isinstance(token, Dying):
        return "☠"
    if isinstance(token, Breakage):
        return f"⚒({token.modifier})" if token.modifier else "⚒"
    raise TypeError(f"not a shrapnel token: {token!r}")


def format_effects(effects: Effects) -> str:
    """Prints a side or a base: ``"+4H, ⚒(-25)"``, or ``"—"`` when empty."""
    return ", ".join(format_token(t) for t in effects) if effects else NOTHING


def format_clause(clause: Clause) -> str:
    """Prints a clause: ``"Legs: ⚒(-25) / ♦1"`` or ``"covered: —; bare: +3H"``."""
    if clause.area is None:
        return f"covered: {format_effects(clause.covered)}; bare: {format_effects(clause.bare)}"
    return f"{clause.area.label}: {format_effects(clause.covered)} / {format_effects(clause.bare)}"


def format_cell(cell: CellNotation) -> str:
    """Prints a cell: the base, then each clause, separated by ``"; "``."""
    return "; ".join([format_effects(cell.base), *(format_clause(c) for c in cell.clauses)])


# -- parser --------------------------------------------------------------------

_TOKEN_EXPECTED = "a shrapnel effect (+XH, ♦X, X✹[-Y], N×✳, ✳, -X, ◷X, ⇘, ☠, ⚒(-X), ⚒) or — for nothing"
_AREAS_BY_LABEL = {area.label: area for area in Area}


class _Reader:
    """A cursor over one notation text; every failure names the offset."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, expected: str, pos: int | None = None) -> NotationError:
        return NotationError(KIND, self.text, self.pos if pos is None else pos, expected)

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def spaces(self) -> None:
        while self.peek() == " ":
            self.pos += 1

    def accept(self, literal: str) -> bool:
        if self.text.startswith(literal, self.pos):
            self.pos += len(literal)
            return True
        return False

    def expect(self, literal: str, expected: str | None = None) -> None:
        if not self.accept(literal):
            raise self.fail(expected or repr(literal))

    def number(self, what: str) -> int:
        start = self.pos
        while self.peek().isdigit() and self.peek().isascii():
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            raise self.fail(what)
        value = int(digits)
        if not 1 <= value <= 999:
            raise self.fail(f"{what} from 1 to 999", start)
        return value

    def token(self) -> Token:
        ch = self.peek()
        if ch == "+":
            self.pos += 1
            hits = self.number("a number of hits")
            self.expect("H", "'H' after the hits")
            return Hits(hits=hits)
        if ch == "♦":
            self.pos += 1
            return Bleeding(per_round=self.number("hits bled per round"))
        if ch.isdigit() and ch.isascii():
            count = self.number("a number of rounds or AP")
            if self.accept("✹"):
                penalty = -self.number("a stun penalty") if self.accept("[-") else 0
                if penalty:
                    self.expect("]", "']' closing the stun penalty")
                return Stun(rounds=count, penalty=penalty)
            if self.accept("×"):
                self.expect("✳", "'✳' after '×'")
                return Staggered(ap=count)
            raise self.fail("'✹' (stun) or '×✳' (staggered) after the number")
        if ch == "✳":
            self.pos += 1
            return Staggered(ap=1)
        if ch == "-":
            self.pos += 1
            return Injury(penalty=-self.number("an injury penalty"))
        if ch == "◷":
            self.pos += 1
            return Fatigue(points=self.number("fatigue points"))
        if ch == "⇘":
            self.pos += 1
            return Prone()
        if ch == "☠":
            self.pos += 1
            return Dying()
        if ch == "⚒":
            self.pos += 1
            if self.accept("(-"):
                modifier = -self.number("a breakage modifier")
                self.expect(")", "')' closing the breakage modifier")
                return Breakage(modifier=modifier)
            return Breakage()
        raise self.fail(_TOKEN_EXPECTED)

    def effects(self) -> Effects:
        self.spaces()
        if self.accept(NOTHING):
            return ()
        tokens = [self.token()]
        while True:
            self.spaces()
            if not self.accept(","):
                return tuple(tokens)
            self.spaces()
            tokens.append(self.token())

    def end_of_effects(self, expected: str) -> None:
        """After a side: only ``expected`` separators (or the end) may follow."""
        self.spaces()
        if not self.at_end() and self.peek() not in ";/":
            raise self.fail(f"', ' and another effect, or {expected}")

    def area(self) -> Area:
        start = self.pos
        while self.peek().isalpha():
            self.pos += 1
        word = self.text[start : self.pos]
        area = _AREAS_BY_LABEL.get(word)
        if area is None or not self.accept(":"):
            raise self.fail("'covered:' or an area and ':' (Head:, Chest:, Abdomen:, Legs:, Arms:)", start)
        return area

    def cell(self) -> CellNotation:
        base = self.effects()
        self.end_of_effects("'; ' and the clauses")
        if self.at_end():
            raise self.fail("'; covered: …; bare: …' or '; Area: covered / bare'")
        self.expect(";", "';' before the clauses")
        self.spaces()
        if self.accept("covered:"):
            covered = self.effects()
            self.end_of_effects("'; bare:'")
            self.expect(";", "'; bare:'")
            self.spaces()
            self.expect("bare:", "'bare:'")
            bare = self.effects()
            self.end_of_effects("the end of the cell")
            if not self.at_end():
                raise self.fail("the end of the cell (a one-area cell has one covered: and one bare:)")
            return CellNotation(base=base, clauses=(Clause(area=None, covered=covered, bare=bare),))
        clauses = []
        while True:
            area = self.area()
            covered = self.effects()
            self.end_of_effects("' / ' and the bare side")
            self.expect("/", "' / ' and the bare side")
            bare = self.effects()
            self.end_of_effects("'; ' and the next area, or the end of the cell")
            clauses.append(Clause(area=area, covered=covered, bare=bare))
            if self.at_end():
                return CellNotation(base=base, clauses=tuple(clauses))
            self.expect(";", "'; ' and the next area")
            self.spaces()


def parse_effects(text: str) -> Effects:
    """Parses a side or a base: ``"+4H, ⚒(-25)"``; ``"—"`` is no effects.

    :raises NotationError: kind ``shrapnel notation``, with the offset and what was expected.
    """
    reader = _Reader(text)
    effects = reader.effects()
    reader.spaces()
    if not reader.at_end():
        raise reader.fail("', ' and another effect, or the end")
    return effects


@functools.lru_cache(maxsize=512)
def parse_cell(text: str) -> CellNotation:
    """Parses a whole cell: ``"+2H; covered: +5H, ⚒; bare: +4H, ♦1"``.

    The result is cached; it is frozen, so sharing it is safe.

    :raises NotationError: kind ``shrapnel notation``, with the offset and what was expected.
    """
    return _Reader(text).cell()
