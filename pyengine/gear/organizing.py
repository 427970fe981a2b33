"""Organizing Armor: split a piece, combine pieces, and organize overlapping pieces into areas.

"One peice of armor can be treated as several peices of armor that have the
same absorb bonus, if the several peices cover bonuses add up to the single
peice's cover bonus. Several peices of armor that cover the same area of the
body and have the same cover bonus can be treated as one peice with the same
cover bonus and an absorb bonus equal to the absorb bonuses of the several
peices added together."

"Use this to organize overlapping peices of armor: Divide each peice of armor
into different areas that do or don't overlap other peices of armor, then
combine the overlapping peices."

:func:`split` and :func:`combine` are the two rules; :func:`organize` applies
both to a list of :class:`Area` s (``3: leather + chainmail; 2: chainmail;
1: leather`` in :mod:`~pyengine.gear.notation`), and :func:`overlap` is the
seed's two-piece case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.gear.items import Item, ItemKind, ItemName, check_names
from pyengine.tables import Record
from pyengine.working import Step

#: The seed's section these rules are in.
ORGANIZING = "Organizing Armor"


class Area(Record):
    """An area of the body, its cover bonus, and the pieces that protect it."""

    cover: Annotated[int, msgspec.Meta(ge=1, le=999)]
    pieces: Annotated[tuple[ItemName, ...], msgspec.Meta(min_length=1, max_length=20)]


class Organized(Record):
    """Armour organized into areas: the new pieces, what they replace, the whole list, and why."""

    pieces: tuple[Item, ...]
    """One piece per area, in the order the areas were given."""
    replaced: tuple[str, ...]
    """The names of the pieces the areas divide (the new pieces stand in for them)."""
    items: tuple[Item, ...]
    """The whole list with the divided pieces replaced: the new pieces where the first of them stood."""
    working: tuple[Step, ...]
    """How each piece was split and combined, citing rulings (GEAR-11)."""


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cover(item: Item) -> int:
    return item.cover or 0


def split(item: Item, covers: Sequence[int], names: Sequence[str] | None = None) -> tuple[Item, ...]:
    """Treats one piece as several with the same absorb whose covers add up to its cover.

    Every other bonus is the piece's own (GEAR-11). ``names`` default to
    ``"<name> (1)"``, ``"<name> (2)"``, ...

    :raises IllegalActionError: the covers do not add up to the piece's cover, or one is below 1.
    """
    covers = list(covers)
    if not covers or any(c < 1 for c in covers):
        raise IllegalActionError(f"splitting {item.name!r}: each part needs a cover of 1 or more, not {covers!r}")
    if sum(covers) != _cover(item):
        shown = " + ".join(map(str, covers))
        raise IllegalActionError(
            f"splitting {item.name!r}: the parts' covers {shown} = {sum(covers)} do not add up to its cover {_cover(item)}"
        )
    names = list(names) if names is not None else [f"{item.name} ({n})" for n in range(1, len(covers) + 1)]
    if len(names) != len(covers):
        raise IllegalActionError(f"splitting {item.name!r}: {len(covers)} covers but {len(names)} names")
    return tuple(msgspec.structs.replace(item, name=name, cover=cover) for name, cover in zip(names, covers, strict=True))


def combine(items: Sequence[Item], name: str | None = None) -> Item:
    """Treats several pieces over one area with the same cover as one: the same cover, absorbs added.

    The combined piece is armour; its toughness is the lowest of the pieces' (none
    listed counts as 0; none at all: none); it is broken only when every piece is
    (GEAR-11). ``name`` defaults to the names joined with ``" + "``.

    :raises IllegalActionError: no pieces, or pieces with different covers.
    """
    items = list(items)
    if not items:
        raise IllegalActionError("combining: no pieces to combine")
    covers = {_cover(i) for i in items}
    if len(covers) != 1:
        shown = ", ".join(f"{i.name} {_cover(i)}" for i in items)
        raise IllegalActionError(f"combining: pieces need the same cover to combine ({shown})")
    if len(items) == 1:
        return items[0] if name is None else msgspec.structs.replace(items[0], name=name)
    toughness = None if all(i.toughness is None for i in items) else min(i.toughness or 0 for i in items)
    return Item(
        name=name or " + ".join(i.name for i in items),
        kind=ItemKind.ARMOUR,
        cover=covers.pop(),
        absorb=sum(i.absorb or 0 for i in items),
        toughness=toughness,
        broken=all(i.broken for i in items),
    )


def _area_names(areas: Sequence[Area], taken: set[str]) -> list[str]:
    """A name per area: the pieces joined by " + "; "<piece> only" where that piece also
    overlaps another; "<piece> (1)", "<piece> (2)" where one piece alone has several
    areas; numbered on where a name would repeat or is taken by an item kept."""
    overlapping = {p.lower() for a in areas if len(a.pieces) > 1 for p in a.pieces}
    alone: dict[str, int] = {}
    for area in areas:
        if len(area.pieces) == 1:
            alone[area.pieces[0].lower()] = alone.get(area.pieces[0].lower(), 0) + 1
    counted: dict[str, int] = {}
    names: list[str] = []
    used = {t.lower() for t in taken}
    for area in areas:
        if len(area.pieces) > 1:
            base = " + ".join(area.pieces)
        else:
            piece = area.pieces[0]
            base = f"{piece} only" if piece.lower() in overlapping else piece
            if alone[piece.lower()] > 1:
                counted[piece.lower()] = counted.get(piece.lower(), 0) + 1
                base = f"{base} ({counted[piece.lower()]})"
        name, n = base, 1
        while name.lower() in used:
            n += 1
            name = f"{base} ({n})" if not base.endswith(")") else f"{base}-{n}"
        used.add(name.lower())
        names.append(name)
    return names


def organize(items: Sequence[Item], areas: Sequence[Area]) -> Organized:
    """Divides pieces into areas and combines the pieces over each area (GEAR-11).

    Each piece an area names is split into one part per area it is in (the parts'
    covers must add up to its cover); the parts in each area are combined into one
    piece. Items no area names stay as they are.

    :raises IllegalActionError: an area names an item not in the list, or one with
        no cover, or names a piece twice; a piece's areas do not add up to its cover.
    """
    items = tuple(items)
    check_names(items)
    by_name = {i.name.lower(): i for i in items}
    steps: list[Step] = []

    def step(field: str, text: str, *rulings: str) -> None:
        steps.append(Step(field=field, text=text, source=ORGANIZING, rulings=rulings))

    for n, area in enumerate(areas, 1):
        lowered = [p.lower() for p in area.pieces]
        if len(set(lowered)) != len(lowered):
            raise IllegalActionError(f"area {n} ({area.cover}: {' + '.join(area.pieces)}): a piece is named twice")
        for piece in area.pieces:
            if piece.lower() not in by_name:
                known = ", ".join(repr(i.name) for i in items if _cover(i) > 0) or "none"
                raise IllegalActionError(f"area {n}: no item is named {piece!r} (pieces with cover: {known})")
            if _cover(by_name[piece.lower()]) == 0:
                raise IllegalActionError(f"area {n}: {piece!r} has no cover bonus, so it covers no area")
    # The pieces as the list names them, whatever the case they were typed in.
    areas = [Area(cover=a.cover, pieces=tuple(by_name[p.lower()].name for p in a.pieces)) for a in areas]

    # Split: each divided piece into one part per area it is in.
    divided: list[Item] = []
    for item in items:
        mine = [a.cover for a in areas if item.name.lower() in {p.lower() for p in a.pieces}]
        if not mine:
            continue
        divided.append(item)
        shown = " + ".join(map(str, mine))
        if sum(mine) != _cover(item):
            raise IllegalActionError(
                f"{item.name!r}: its areas' covers {shown} = {sum(mine)} do not add up to its cover {_cover(item)}; "
                "a piece is divided into areas that together cover what it covers"
            )
        if len(mine) > 1:
            step(
                f"split.{item.name}",
                f"split {item.name} (cover {_cover(item)}, absorb {item.absorb or 0}) into {len(mine)} pieces of cover "
                f"{shown}, each absorb {item.absorb or 0}: the covers add up to {_cover(item)} (split rule)",
            )
        else:
            step(f"split.{item.name}", f"{item.name}: one area, cover {_cover(item)}: not split")

    # Combine: the parts over each area.
    names = _area_names(areas, {i.name for i in items if not any(i is d for d in divided)})
    pieces: list[Item] = []
    for area, name in zip(areas, names, strict=True):
        parts = [msgspec.structs.replace(by_name[p.lower()], cover=area.cover) for p in area.pieces]
        piece = combine(parts, name)
        if len(parts) > 1:
            absorbs = " + ".join(f"{p.absorb or 0} ({p.name})" for p in parts)
            tough = "" if piece.toughness is None else f", toughness {piece.toughness}, the lowest (GEAR-11)"
            step(
                f"pieces.{name}",
                f"{name}: cover {area.cover}, covered by {len(parts)} pieces with the same cover: combined, absorb "
                f"{absorbs} = {piece.absorb}{tough} (combine rule)",
                *(("GEAR-11",) if tough else ()),
            )
        else:
            step(f"pieces.{name}", f"{name}: cover {area.cover}, absorb {piece.absorb or 0}, {area.pieces[0]} alone")
        pieces.append(piece)

    replaced = tuple(d.name for d in divided)
    new_items: list[Item] = []
    for item in items:
        if any(item is d for d in divided):
            if item is divided[0]:
                new_items.extend(pieces)
        else:
            new_items.append(item)
    if divided:
        step(
            "replaced",
            f"{_and(replaced)} {'is' if len(replaced) == 1 else 'are'} now treated as "
            f"{len(pieces)} separate piece{'s' if len(pieces) != 1 else ''} of armour: {', '.join(p.name for p in pieces)}",
        )
    return Organized(pieces=tuple(pieces), replaced=replaced, items=tuple(new_items), working=tuple(steps))


def overlap(first: Item, second: Item, shared: int) -> Organized:
    """The seed's example: two pieces that overlap over a cover of ``shared``.

    Gives an area protected by both, one only by the second and one only by the
    first (areas with no cover left out).

    :raises IllegalActionError: ``shared`` is below 1 or more than either piece covers.
    """
    if not 1 <= shared <= min(_cover(first), _cover(second)):
        raise IllegalActionError(
            f"overlap of {first.name!r} and {second.name!r}: {shared} is not a cover from 1 to "
            f"{min(_cover(first), _cover(second))} (the smaller of their covers)"
        )
    areas = [Area(cover=shared, pieces=(first.name, second.name))]
    if _cover(second) > shared:
        areas.append(Area(cover=_cover(second) - shared, pieces=(second.name,)))
    if _cover(first) > shared:
        areas.append(Area(cover=_cover(first) - shared, pieces=(first.name,)))
    return organize((first, second), areas)
