"""The Ballistic Shrapnel table's schema (``tables/shrapnel/ballistic.toml``).

Decoding validates everything the resolver relies on, so a bad edit fails the
build with the row and the field named: value ranges in the field types, and in
``__post_init__`` each cell's notation, the cell against its row's areas, and
the rows' tiling of 1-100.
"""

import re
from typing import Annotated, Literal

import msgspec

from pyengine.errors import NotationError, RollError
from pyengine.ranges import check_tiling, parse_roll_range
from pyengine.shrapnel import TABLE_ID
from pyengine.shrapnel.notation import Breakage, CellNotation, Dying, parse_cell
from pyengine.shrapnel.vocabulary import Area, Fate, Severity, parse_severity
from pyengine.tables import Record

#: This rule set's tables: id -> ``"module:Struct"`` (:func:`pyengine.tables.schema_for`).
SCHEMAS = {TABLE_ID: "pyengine.shrapnel.tables:ShrapnelTable"}

RollText = Annotated[str, msgspec.Meta(pattern=r"^\d{1,3}(-\d{1,3})?$", description="a d100 roll or range, e.g. 26-35")]
EffectsText = Annotated[str, msgspec.Meta(min_length=1, description="the cell's effects in the legend's notation")]
Prose = Annotated[str, msgspec.Meta(min_length=1, description="the seed's words for the cell, verbatim")]
AttackerBonus = Annotated[int, msgspec.Meta(ge=0, le=100, description="bonus to the attacker's next action this round")]
RulingIds = Annotated[
    tuple[Annotated[str, msgspec.Meta(pattern=r"^SHR-\d+$")], ...],
    msgspec.Meta(description="ids of rulings (docs/rulings.md) the transcription rests on"),
]
AreaList = Annotated[tuple[Area, ...], msgspec.Meta(min_length=1, max_length=3, description="areas struck, in order")]

Words = Annotated[str, msgspec.Meta(min_length=1, max_length=200, description="the prose's own words, verbatim")]


class StatedEffect(Record):
    """An effect of the legend that the prose states and no token carries (SHR-12): 67-75 E's
    "Either way the leg folds and foe goes down" is a fall, though the cell has no ⇘."""

    effect: Literal["prone"]
    """Which of the legend's effects: ``prone`` (⇘, knocked prone) is the only one the prose states."""
    words: Words
    """Where the prose states it, verbatim (decoding checks they are in the prose)."""
    bare: Area | None = None
    """The area that must be bare for it, where the prose makes it depend on that
    ("If nothing is over it, he drops straight down"); None: whatever the armour."""


#: The sentences with which the prose states a fate at the head of a cell (SHR-9).
_FATE_SENTENCE = re.compile(r"(?:^|\s)Foe is (dying|dead)\.(?=\s|$)")
#: The sentence with which the prose gives the attacker a bonus (SHR-9).
_BONUS_SENTENCE = re.compile(r"Your next action this round takes \+(\d+)\.")


class ShrapnelCell(Record):
    """One severity of one row."""

    effects: EffectsText
    """The base, then ``covered: …; bare: …`` or ``Area: covered / bare`` per area."""
    prose: Prose
    fate: Fate | None = None
    """``dying``/``dead`` when the prose states it at the head of the cell: applies whatever the armour."""
    attacker_bonus: AttackerBonus = 0
    """The bonus the prose gives the attacker's next action this round (0: none)."""
    stated: tuple[StatedEffect, ...] = ()
    """Effects the prose states without a token (SHR-12)."""
    rulings: RulingIds = ()
    """Rulings this cell's transcription rests on (e.g. SHR-4, a restored ⚒)."""

    def __post_init__(self) -> None:
        try:
            notation = parse_cell(self.effects)
        except NotationError as exc:
            raise ValueError(f"effects: {exc}") from None
        if any(isinstance(t, Dying) for t in notation.base):
            raise ValueError("☠ in the base: a fate stated at the head of the cell goes in `fate` (SHR-9)")
        if any(isinstance(t, Breakage) for t in notation.base):
            raise ValueError("⚒ in the base: breakage checks belong on a covered side (SHR-5)")
        for clause in notation.clauses:
            where = clause.area.label if clause.area else "the cell"
            if any(isinstance(t, Dying) for t in clause.covered):
                raise ValueError(f"☠ on the covered side of {where}: ☠ is read on bare sides only")
            if any(isinstance(t, Breakage) for t in clause.bare):
                raise ValueError(f"⚒ on the bare side of {where}: no armour piece is struck there")
            # "Covered sides are the energy dumped through the plate — extra hits, and each armour
            # piece struck makes one breakage check" (SHR-4, SHR-5).
            checks = sum(isinstance(t, Breakage) for t in clause.covered)
            if checks == 0:
                raise ValueError(
                    f"the covered side of {where} has no ⚒: every armour piece struck makes one breakage check "
                    "(⚒ alone when no modifier is given, SHR-4, SHR-5)"
                )
            if checks > 1:
                raise ValueError(
                    f"the covered side of {where} has {checks} ⚒: one breakage check per piece struck, "
                    "so one ⚒ per side (SHR-5)"
                )
        for stated in self.stated:
            if stated.words not in self.prose:
                raise ValueError(f"stated: {stated.words!r} is not in the prose (SHR-12)")
        stated = {Fate(m.group(1)) for m in _FATE_SENTENCE.finditer(self.prose)}
        if len(stated) > 1 or stated != ({self.fate} if self.fate else set()):
            said = " and ".join(sorted(stated)) or "no fate"
            field = f"fate {self.fate.value!r}" if self.fate else "fate (not set)"
            raise ValueError(f"{field} disagrees with the prose, which states {said} (SHR-9)")
        bonus = sum(int(m.group(1)) for m in _BONUS_SENTENCE.finditer(self.prose))
        if bonus != self.attacker_bonus:
            raise ValueError(
                f"attacker_bonus {self.attacker_bonus} disagrees with the prose, which gives +{bonus} (SHR-9)"
            )

    @property
    def notation(self) -> CellNotation:
        """The parsed effects (parsed once, then cached)."""
        return parse_cell(self.effects)


class ShrapnelRow(Record, rename={"a": "A", "b": "B", "c": "C", "d": "D", "e": "E"}):
    """One roll range: the areas its pattern strikes and a cell per severity (``[rows.A]`` … ``[rows.E]``)."""

    rolls: RollText
    """The d100 results of this row, as printed: ``26-35``, ``66``, ``100``."""
    areas: AreaList
    a: ShrapnelCell
    b: ShrapnelCell
    c: ShrapnelCell
    d: ShrapnelCell
    e: ShrapnelCell
    rulings: RulingIds = ()
    """Rulings this row's transcription rests on (e.g. SHR-1, three areas below 86)."""

    def __post_init__(self) -> None:
        where = f"shrapnel row {self.rolls} ({self.label})"
        if len(set(self.areas)) != len(self.areas):
            raise ValueError(f"{where}: an area is named twice")
        for severity in Severity:
            cell = self.cell(severity)
            for stated in cell.stated:
                if stated.bare is not None and stated.bare not in self.areas:
                    raise ValueError(
                        f"{where}, severity {severity}: stated: {stated.effect} when {stated.bare} is bare, "
                        f"but the row does not strike {stated.bare}"
                    )
            notation = cell.notation
            if len(self.areas) == 1:
                if not notation.single_area:
                    raise ValueError(
                        f"{where}, severity {severity}: a one-area row is written '…; covered: …; bare: …'"
                    )
                continue
            if notation.single_area:
                raise ValueError(
                    f"{where}, severity {severity}: a row of several areas gives each its own "
                    f"'Area: covered / bare' clause"
                )
            named = tuple(clause.area for clause in notation.clauses)
            if named != self.areas:
                found = " + ".join(a.label for a in named if a is not None)
                raise ValueError(f"{where}, severity {severity}: the clauses name {found}, the row {self.label}")

    @property
    def label(self) -> str:
        """The areas as the table heads the row: ``Abdomen + Legs``."""
        return " + ".join(area.label for area in self.areas)

    @property
    def span(self) -> tuple[int, int]:
        """The lowest and highest roll of this row."""
        return parse_roll_range(self.rolls, 100)

    def cell(self, severity: Severity | str) -> ShrapnelCell:
        """The cell for a severity (``Severity.C`` or ``"C"``).

        :raises NotationError: not a severity.
        """
        cell: ShrapnelCell = getattr(self, parse_severity(severity).value.lower())
        return cell


class ShrapnelTable(Record):
    """The whole table: rows in roll order, tiling 1-100."""

    die: Literal[100]
    rows: tuple[ShrapnelRow, ...]

    def __post_init__(self) -> None:
        check_tiling([row.span for row in self.rows], 1, self.die, "shrapnel")

    def row_index(self, roll: int) -> int:
        """The index of the row a d100 roll falls in.

        :raises RollError: the roll is not 1-100 (the resolver checks it first).
        """
        for index, row in enumerate(self.rows):
            low, high = row.span
            if low <= roll <= high:
                return index
        raise RollError(f"shrapnel roll: {roll!r} is not a d100 roll (1 to {self.die})")
