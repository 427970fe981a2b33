"""The target's armour as the shrapnel table sees it: pieces, each covering areas.

A torso vest covering chest and abdomen is one piece; an area given as covered that no
named piece covers is a piece of its own, named after it; an area given as covered that a
named piece covers is that piece (SHR-11): the command line's ``--covered chest`` beside
``--piece vest=chest+abdomen``, like the page's ticked chest beside "vest: chest + abdomen",
is the vest. Coverage is all the table asks of armour ("coverage matters far more here
than protection value does").

A piece may cover one arm or one leg only (``limbs``): the table's Arms and Legs are both
limbs at once, so such an area is covered when both its limbs are, by whatever pieces, and
then each of them is struck; with one limb bare it is not covered at all (SHR-13).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, NamedTuple

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.shrapnel.vocabulary import Area, Limb, parse_area, parse_cover
from pyengine.tables import Record

#: The longest name a piece may have (a share link carries it).
MAX_NAME = 40

PieceName = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME, description="the piece's name, e.g. vest")]
PieceAreas = Annotated[tuple[Area, ...], msgspec.Meta(max_length=5, description="areas it covers")]
PieceLimbs = Annotated[tuple[Limb, ...], msgspec.Meta(max_length=4, description="single limbs it covers (SHR-13)")]


class ArmourPiece(Record, omit_defaults=True):
    """One piece of armour: struck once however many of its areas the pattern finds."""

    name: PieceName
    areas: PieceAreas
    """The areas it covers (none, for a piece on one limb alone)."""
    limbs: PieceLimbs = ()
    """Single limbs it covers besides (``left arm``): of an area it does not cover whole. Such
    an area is covered only when both its limbs are (SHR-13)."""


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
    halves: tuple[OneLimb, ...] = ()
    """Each area of two limbs that some piece covers one limb of (SHR-13), in the table's order."""


class OneLimb(NamedTuple):
    """An area of two limbs that pieces cover one limb of (SHR-13)."""

    area: Area
    pieces: tuple[tuple[str, Limb], ...]
    """The pieces on one limb of it, and which."""
    whole: tuple[str, ...]
    """The pieces that cover the whole area."""
    covered: bool
    """Both limbs are covered: the area is, and each of these pieces is struck there."""


def _limb(text: object) -> Limb:
    limb = parse_cover(text, "armour limb")
    if not isinstance(limb, Limb):
        raise IllegalActionError(f"armour limb: {limb.value!r} is an area, not one limb (left arm, right leg…)")
    return limb


def _checked(item: ArmourPiece) -> ArmourPiece:
    name = item.name.strip() if isinstance(item.name, str) else ""
    if not name:
        raise IllegalActionError(f"armour piece: {item.name!r} is not a name")
    if len(name) > MAX_NAME:
        raise IllegalActionError(f"armour piece: {name[:20]!r}… is {len(name)} characters; a name has at most {MAX_NAME}")
    areas = tuple(parse_area(a, "armour area") for a in item.areas)
    limbs = tuple(_limb(limb) for limb in item.limbs)
    if not areas and not limbs:
        raise IllegalActionError(f"armour piece {name!r}: covers no area")
    if len(set(areas)) != len(areas):
        raise IllegalActionError(f"armour piece {name!r}: an area is listed twice")
    if len(set(limbs)) != len(limbs):
        raise IllegalActionError(f"armour piece {name!r}: a limb is listed twice")
    for limb in limbs:
        if limb.area in areas:
            raise IllegalActionError(f"armour piece {name!r}: covers the {limb.area}, and the {limb} is one of the {limb.area}")
    whole = tuple(limb.area for limb in limbs if limb.pair in limbs and limb.value.startswith("left"))
    if whole:  # both limbs of an area: the area (SHR-13)
        areas += whole
        limbs = tuple(limb for limb in limbs if limb.area not in whole)
    return ArmourPiece(name=name, areas=areas, limbs=limbs)


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
    halves = _halves(pieces)
    pieces = [_as_read(piece, halves) for piece in pieces]
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
        halves=halves,
    )


def _halves(pieces: Iterable[ArmourPiece]) -> tuple[OneLimb, ...]:
    """SHR-13: each area of two limbs some piece covers one limb of, and whether both are covered."""
    pieces = list(pieces)
    out = []
    for area in (a for a in Area if any(limb.area is a for p in pieces for limb in p.limbs)):
        one = tuple((p.name, limb) for p in pieces for limb in p.limbs if limb.area is area)
        whole = tuple(p.name for p in pieces if area in p.areas)
        both = len({limb for _, limb in one}) == 2
        out.append(OneLimb(area=area, pieces=one, whole=whole, covered=bool(whole) or both))
    return tuple(out)


def _as_read(piece: ArmourPiece, halves: tuple[OneLimb, ...]) -> ArmourPiece:
    """The piece as the table reads it: each area it covers one limb of counts as covered by it
    when the area is covered (both limbs, SHR-13); otherwise that limb counts for nothing."""
    if not piece.limbs:
        return piece
    mine = {limb.area for limb in piece.limbs}
    gained = tuple(half.area for half in halves if half.covered and half.area in mine)
    return ArmourPiece(name=piece.name, areas=(*piece.areas, *gained))


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
