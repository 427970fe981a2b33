"""The equipment list: an item's bonus columns, and the character's own bonuses.

"When these rules mention the weapon's bonuses, they refer to the bonus on the
equipment list." An :class:`Item` holds exactly those list values -- as they are
now: damage lowers its absorb bonus and breaking halves some bonuses, so the
item a result hands back is the item's next state (see
:mod:`~pyengine.gear.toughness`). A bonus that is ``None`` is one the item does
not have (the list leaves the column blank).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Annotated, NamedTuple

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.tables import Record

#: A bonus in a column: a whole number, kept to a range a table can hold.
Bonus = Annotated[int, msgspec.Meta(ge=-999, le=999, description="a bonus: a whole number, -999 to 999")]
#: Cover and absorb cannot be negative: "cover bonus greater than 0" is armour; absorbing less than nothing is not absorbing.
Amount = Annotated[int, msgspec.Meta(ge=0, le=999, description="a bonus of 0 to 999")]
ItemName = Annotated[str, msgspec.Meta(min_length=1, max_length=80, description="the item's name, e.g. chainmail")]
SpecialName = Annotated[str, msgspec.Meta(min_length=1, max_length=24, description="a special column's label, e.g. Stun")]
#: At most this many special columns per item.
MAX_SPECIALS = 8


class ItemKind(enum.StrEnum):
    """What an item is used as; it decides which sheet columns apply (GEAR-2, GEAR-3)."""

    MELEE = "melee"
    """A hand to hand weapon (a shield used to parry is one too): it has a combat bonus (Cmb)."""
    MISSILE = "missile"
    """A missile weapon (sling, bow, gun): it always has an attack bonus (Atk), with marksmanship."""
    ARMOUR = "armour"
    """Worn armour: with a cover bonus above 0 it is one of the pieces that can block (GEAR-5)."""


class Column(NamedTuple):
    """One column of the character sheet, and the list column it comes from (if any)."""

    key: str
    """The key in JSON output: ``rch``."""
    abbr: str
    """As the seed heads the column: ``Rch``."""
    label: str
    """In words: ``Reach``."""
    field: str | None
    """The :class:`Item` field on the equipment list, or None (Cmb has no list column)."""


#: The sheet's columns in the seed's order.
COLUMNS: tuple[Column, ...] = (
    Column("rch", "Rch", "Reach", "reach"),
    Column("pwr", "Pwr", "Power", "power"),
    Column("hft", "Hft", "Heft", "heft"),
    Column("shp", "Shp", "Sharpness", "sharpness"),
    Column("cmb", "Cmb", "Combat", None),
    Column("atk", "Atk", "Attack", "attack"),
    Column("grp", "Grp", "Grapple", "grapple"),
    Column("par", "Par", "Parry", "parry"),
    Column("tgh", "Tgh", "Toughness", "toughness"),
    Column("cvr", "Cvr", "Cover", "cover"),
    Column("abs", "Abs", "Absorb", "absorb"),
)

#: The item's bonus fields, in the list's column order.
BONUS_FIELDS: tuple[str, ...] = tuple(c.field for c in COLUMNS if c.field)

#: Names a special column may not take: the standard columns already have them.
RESERVED_NAMES = frozenset(n.lower() for c in COLUMNS for n in (c.key, c.label)) | {"combat bonus"}

#: Special columns that hold the stun damage bonus, which breaking halves (GEAR-8), lower-cased.
STUN_NAMES = frozenset({"stun", "stun damage", "stn"})


class Item(Record):
    """One line of the equipment list: a weapon, a shield, a piece of armour."""

    name: ItemName
    kind: ItemKind
    reach: Bonus | None = None
    """Weapon reach: added to the character's reach (Rch)."""
    power: Bonus | None = None
    """Weapon power: the sheet takes the greater of it and the character's size (Pwr)."""
    heft: Bonus | None = None
    """Weapon heft: the sheet takes the lower of it and the character's encumbrance (Hft)."""
    sharpness: Bonus | None = None
    """Bonus to lasting damage; blunt weapons -5."""
    attack: Bonus | None = None
    grapple: Bonus | None = None
    parry: Bonus | None = None
    toughness: Bonus | None = None
    """Attack power up to this does the item no damage (GEAR-9: none listed counts as 0)."""
    cover: Amount | None = None
    """Cover bonus: above 0 makes the item armour."""
    absorb: Amount | None = None
    """Absorb bonus, as it is now: damage lowers it (GEAR-8)."""
    special: Annotated[dict[SpecialName, Bonus], msgspec.Meta(max_length=MAX_SPECIALS)] = {}
    """Bonuses in the blank columns, each labelled by the user: ``{"Stun": 2}``."""
    broken: bool = False
    """The item has broken: its bonuses were halved once and are not halved again (GEAR-8)."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ItemKind):  # built in code with a plain string: ``kind="melee"``
            msgspec.structs.force_setattr(self, "kind", ItemKind(self.kind))
        if not self.name.strip() or self.name != self.name.strip():
            raise ValueError(f"item name {self.name!r}: a name without spaces around it")
        seen: set[str] = set()
        for label in self.special:
            low = label.strip().lower()
            if not low or label != label.strip():
                raise ValueError(f"item {self.name!r}: special column {label!r} needs a label without spaces around it")
            if low in RESERVED_NAMES:
                raise ValueError(f"item {self.name!r}: special column {label!r} is a standard column")
            if low in seen:
                raise ValueError(f"item {self.name!r}: special column {label!r} is given twice")
            seen.add(low)

    @property
    def is_armour(self) -> bool:
        """Worn armour that can block: kind armour with a cover bonus above 0 (GEAR-5)."""
        return self.kind is ItemKind.ARMOUR and (self.cover or 0) > 0


class Character(Record):
    """The character's own bonuses; a bonus not given is 0."""

    reach: Bonus = 0
    size: Bonus = 0
    encumbrance: Bonus = 0
    hand_to_hand: Bonus = 0
    marksmanship: Bonus = 0
    skill: Bonus = 0
    """The bonus of the skill that applies to the item in hand (0: none applies)."""


def halve(value: int) -> int:
    """Halves a bonus for breaking (GEAR-8): above 0, half rounded down; 0 and below unchanged.

    >>> halve(5), halve(1), halve(0), halve(-5)
    (2, 0, 0, -5)
    """
    return value // 2 if value > 0 else value


def check_names(items: Iterable[Item]) -> None:
    """Checks that item names are told apart (ignoring case).

    :raises IllegalActionError: two items share a name.
    """
    seen: set[str] = set()
    for item in items:
        low = item.name.lower()
        if low in seen:
            raise IllegalActionError(f"items: two are named {item.name!r}; give each its own name")
        seen.add(low)
