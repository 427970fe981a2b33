"""Armour: the helmet and body armour tables, and what a set of worn pieces gives each location.

"Different hit locations may wear different forms of armor" and "these types can,
as a rule, be overlapped ... accumulating both their protection and their
encumbrance"; for Move Silently, "take only the noisiest one as the subtractor —
do not add all the different types together" (seed ch. IV; RQ-21). Tables:
``tables/runequest/helmets.toml`` and ``tables/runequest/body_armour.toml``.
"""

from collections.abc import Iterable

from pyengine.runequest.tables.armour import ArmourPiece
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, Location
from pyengine.tables import Record
from pyengine.working import Step


class LocationArmour(Record):
    """The armour on one location: the pieces, and their absorbs added up."""

    location: Location
    absorbs: int
    pieces: tuple[str, ...]
    """Ids of the pieces covering it, as worn."""
    names: tuple[str, ...] = ()
    """The same pieces by name, as the tables name them (``ring mail hauberk``)."""


class ArmourWorn(Record):
    """Armour by location, and the Move Silently penalty of the noisiest piece."""

    locations: tuple[LocationArmour, ...]
    """One per hit location, in the sheet's order (head first)."""
    silent: int
    """The Move Silently penalty: the noisiest piece's (0 or negative), never the sum."""
    noisiest: str | None
    """The id of the piece that sets it (``None``: no piece has one)."""

    def absorbs(self, location: Location | str) -> int:
        key = Location(str(location).replace("_", " "))
        for row in self.locations:
            if row.location is key:
                return row.absorbs
        raise KeyError(location)


def armour_worn(pieces: Iterable[ArmourPiece]) -> tuple[ArmourWorn, tuple[Step, ...]]:
    """What worn pieces give each location (layers add, RQ-21), and the noisiest piece's penalty."""
    pieces = list(pieces)
    on: dict[Location, list[ArmourPiece]] = {loc: [] for loc in SHEET_ORDER}
    for piece in pieces:
        for loc in piece.locations:
            on[loc].append(piece)
    rows = []
    steps = []
    for loc in SHEET_ORDER:
        layer = on[loc]
        total = sum(p.absorbs for p in layer)
        rows.append(LocationArmour(location=loc, absorbs=total, pieces=tuple(p.id for p in layer),
                                   names=tuple(p.name for p in layer)))
        if len(layer) > 1:
            text = " + ".join(f"{p.name} {p.absorbs}" for p in layer) + f" = {total} (layers add)"
            steps.append(Step(field=f"armour.{LOCATION_KEYS[loc]}", text=text, rulings=("RQ-21",)))
        elif layer:
            steps.append(Step(field=f"armour.{LOCATION_KEYS[loc]}", text=f"{layer[0].name}: {total}"))
    noisy = min(pieces, key=lambda p: p.silent, default=None)
    silent = noisy.silent if noisy is not None and noisy.silent < 0 else 0
    noisiest = noisy.id if silent else None
    if silent:
        others = [p for p in pieces if p.silent < 0 and p is not noisy]
        text = f"{noisy.name} {silent}%" + (  # type: ignore[union-attr]
            f", the noisiest; {', '.join(f'{p.name} {p.silent}%' for p in others)} not added" if others else ""
        )
        steps.append(Step(field="armour.silent", text=text, rulings=("RQ-21",)))
    return ArmourWorn(locations=tuple(rows), silent=silent, noisiest=noisiest), tuple(steps)
