"""The target's armour as the shrapnel table sees it: pieces, each covering areas.

A torso vest covering chest and abdomen is one piece; a plain set of covered
areas is one piece per area, named after it. Coverage is all the table asks
of armour ("coverage matters far more here than protection value does").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

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


def armour_pieces(armour: Iterable[ArmourItem] | ArmourItem | None) -> tuple[ArmourPiece, ...]:
    """Normalises armour to pieces: each bare area (or area name) becomes a piece named after it.

    :raises NotationError: an unknown area name (kind ``armour area``).
    :raises IllegalActionError: a piece with no name or no areas, an area listed
        twice in one piece, or two pieces with the same name.
    """
    if armour is None:
        return ()
    if isinstance(armour, (str, ArmourPiece)):
        armour = (armour,)
    pieces: list[ArmourPiece] = []
    for item in armour:
        if isinstance(item, ArmourPiece):
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
            pieces.append(ArmourPiece(name=name, areas=areas))
        else:
            area = parse_area(item, "armour area")
            pieces.append(ArmourPiece(name=area.value, areas=(area,)))
    seen: set[str] = set()
    for piece in pieces:
        if piece.name.lower() in seen:
            raise IllegalActionError(
                f"armour: two pieces are named {piece.name!r} (an area given on its own is a piece named after it)"
            )
        seen.add(piece.name.lower())
    return tuple(pieces)


def coverage(pieces: Iterable[ArmourPiece]) -> dict[Area, tuple[str, ...]]:
    """Area -> the names of the pieces covering it, sorted (layered pieces: SHR-6).

    Sorted, so a result never depends on the order the armour was listed in.
    """
    covered: dict[Area, list[str]] = {}
    for piece in pieces:
        for area in piece.areas:
            covered.setdefault(area, []).append(piece.name)
    return {area: tuple(sorted(names)) for area, names in covered.items()}
