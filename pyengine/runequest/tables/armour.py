"""The schema of ``tables/runequest/armour.toml``.

Split from :mod:`pyengine.runequest.sheet.armour`: Armour: the helmet and body armour tables, and what a set of worn pieces gives each location.
"""

import enum
from fractions import Fraction
from typing import Annotated

import msgspec

from pyengine.runequest.tables.enc import parse_enc
from pyengine.runequest.tables.weapons import Cost, EncText, ItemId, Name, Note, check_enc
from pyengine.runequest.vocabulary import Location
from pyengine.tables import Record
from pyengine.working import RulingIds

HELMETS_TABLE_ID = "runequest/helmets"


BODY_TABLE_ID = "runequest/body_armour"


class BodyPart(enum.StrEnum):
    """What a piece covers; ``arms`` and ``legs`` are both limbs of the pair."""

    HEAD = "head"
    CHEST = "chest"
    ABDOMEN = "abdomen"
    ARMS = "arms"
    LEGS = "legs"

    @property
    def locations(self) -> tuple[Location, ...]:
        return _LOCATIONS[self]


_LOCATIONS = {
    BodyPart.HEAD: (Location.HEAD,),
    BodyPart.CHEST: (Location.CHEST,),
    BodyPart.ABDOMEN: (Location.ABDOMEN,),
    BodyPart.ARMS: (Location.RIGHT_ARM, Location.LEFT_ARM),
    BodyPart.LEGS: (Location.RIGHT_LEG, Location.LEFT_LEG),
}


class ArmourPiece(Record):
    """One piece: a helmet, or a body armour piece (a set, for arms and legs)."""

    id: ItemId
    name: Name
    covers: Annotated[tuple[BodyPart, ...], msgspec.Meta(min_length=1, max_length=5)]
    absorbs: Annotated[int, msgspec.Meta(ge=0, le=100)]
    enc: EncText
    cost: Cost | None = None
    """Lunars; ``None``: not in the rules we have."""
    silent: Annotated[int, msgspec.Meta(ge=-100, le=0)] = 0
    """The Move Silently penalty in %, 0 or negative."""
    type: Annotated[str, msgspec.Meta(max_length=40)] = ""
    material: Annotated[str, msgspec.Meta(max_length=40)] = ""
    under: bool = False
    """"Can be worn under any other armor" (leather or quilted cloth)."""
    rulings: RulingIds = ()
    note: Note = ""

    def __post_init__(self) -> None:
        check_enc(self.enc)
        if len(set(self.covers)) != len(self.covers):
            raise ValueError(f"{self.id}: covers a part twice")

    @property
    def item_id(self) -> str:
        return self.id

    @property
    def enc_value(self) -> Fraction:
        return parse_enc(self.enc)

    @property
    def locations(self) -> tuple[Location, ...]:
        return tuple(loc for part in self.covers for loc in part.locations)


class ArmourTable(Record):
    """``helmets.toml`` or ``body_armour.toml``."""

    pieces: tuple[ArmourPiece, ...]

    def __post_init__(self) -> None:
        seen = set()
        for i, row in enumerate(self.pieces):
            if row.id in seen:
                raise ValueError(f"pieces[{i}] ({row.id}): the id is used twice")
            seen.add(row.id)
