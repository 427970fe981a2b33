"""The target's armour as the shrapnel table sees it: pieces, each covering areas.

A torso vest covering chest and abdomen is one piece; an area given as covered that no
named piece covers is a piece of its own, named after it; an area given as covered that a
named piece covers is that piece (SHR-11): the command line's ``--covered chest`` beside
``--piece vest=chest+abdomen``, like the page's ticked chest beside "vest: chest + abdomen",
is the vest. Coverage is all the table asks of armour ("coverage matters far more here
than protection value does").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, NamedTuple

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.shrapnel.vocabulary import Area, parse_area
from pyengine.tables import Record

#: The longest name a piece may have (a share link carries it).
MAX_NAME = 40

PieceName = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME, description="the piece's name, e.g. vest")]
PieceAreas = Annotated[tuple[Area, ...], msgspec.Meta(min_length=1, max_length=5, description="areas it covers")]


class ArmourPiece(Record):
    """One piece of armour: struck once however many of its areas the pattern finds."""

    name: PieceName
    areas: PieceAreas


#: What :func:`armour_pieces` accepts: pieces, areas, or area names, mixed freely.
ArmourItem = ArmourPiece | Area | str


class Armour(NamedTuple):
    """Armour as given, sorted out (:func:`fold_armour`)."""

    pieces: tuple[ArmourPiece, ...]
    """Every piece, in the order given: the named ones, and one per loose area."""
    named: tuple[ArmourPiece, ...]
    """The named pieces, in the order given."""
    loose: tuple[Area, ...]
    """The areas given as covered that no named piece covers: each is a piece named after it."""
    folded: tuple[tuple[Area, tuple[str, ...]], ...]
    """The areas given as covered that named pieces cover, and those pieces' names (SHR-11)."""


def _checked(item: ArmourPiece) -> ArmourPiece:
    name = item.name.strip() if isinstance(item.name, str) else ""
    if not name:
        raise IllegalActionError(f"armour piece: {item.name!r} is not a name")
    if len(name) > MAX_NAME:
        raise IllegalActionError(f"armour piece: {name[:20]!r}… is {len(name)} characters; a name has at most {MAX_NAME}")
    areas = tuple(parse_area(a, "armour area") for a in item.areas)
    if not areas:
        raise IllegalActionError(f"armour piece {name!r}: covers no area")
    if len(set(areas)) != len(areas):
        raise IllegalActionError(f"armour piece {name!r}: an area is listed twice")
    return ArmourPiece(name=name, areas=areas)


def fold_armour(armour: Iterable[ArmourItem] | ArmourItem | None) -> Armour:
    """Sorts armour out into pieces (SHR-11): each named piece as it is; each area given as
    covered that a named piece covers folded into it; each other area (once, however often it is
    given) a piece named after it.

    :raises NotationError: an unknown area name (kind ``armour area``).
    :raises IllegalActionError: a piece with no name or no areas, an area listed
        twice in one piece, or two pieces with the same name.
    """
    if armour is None:
        return Armour((), (), (), ())
    if isinstance(armour, (str, ArmourPiece)):
        armour = (armour,)
    items = [_checked(item) if isinstance(item, ArmourPiece) else parse_area(item, "armour area") for item in armour]
    named = coverage(item for item in items if isinstance(item, ArmourPiece))
    pieces: list[ArmourPiece] = []
    loose: dict[Area, None] = {}
    folded: dict[Area, tuple[str, ...]] = {}
    for item in items:
        if isinstance(item, ArmourPiece):
            pieces.append(item)
        elif item in named:
            folded[item] = named[item]
        elif item not in loose:
            loose[item] = None
            pieces.append(ArmourPiece(name=item.value, areas=(item,)))
    seen: set[str] = set()
    for piece in pieces:
        if piece.name.lower() in seen:
            raise IllegalActionError(
                f"armour: two pieces are named {piece.name!r} (an area given on its own is a piece named after it)"
            )
        seen.add(piece.name.lower())
    order = list(Area)
    return Armour(
        pieces=tuple(pieces),
        named=tuple(item for item in items if isinstance(item, ArmourPiece)),
        loose=tuple(loose),
        folded=tuple(sorted(folded.items(), key=lambda fold: order.index(fold[0]))),
    )


def armour_pieces(armour: Iterable[ArmourItem] | ArmourItem | None) -> tuple[ArmourPiece, ...]:
    """Normalises armour to pieces (:func:`fold_armour`): named pieces, and a piece named after
    each covered area no named piece covers.

    :raises NotationError: an unknown area name (kind ``armour area``).
    :raises IllegalActionError: as :func:`fold_armour`.
    """
    return fold_armour(armour).pieces


def coverage(pieces: Iterable[ArmourPiece]) -> dict[Area, tuple[str, ...]]:
    """Area -> the names of the pieces covering it, sorted (layered pieces: SHR-6).

    Sorted, so a result never depends on the order the armour was listed in.
    """
    covered: dict[Area, list[str]] = {}
    for piece in pieces:
        for area in piece.areas:
            covered.setdefault(area, []).append(piece.name)
    return {area: tuple(sorted(names)) for area, names in covered.items()}
