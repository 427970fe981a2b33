"""The melee and missile weapon tables' schemas (``melee_weapons.toml``, ``missile_weapons.toml``).

Decoding checks each row's notation (damage dice, ENC) and the rows against one
another (unique ids; a weapon's 1H and 2H rows, sharing an ``item``, agree on cost
and ENC). Checks against other tables (each weapon's skill exists, its strike rank
fits its length) are made when the tables are put together, in
:mod:`pyengine.runequest.tables.catalogue`.
"""

import re
from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from pyengine.dice import DiceExpr
from pyengine.errors import NotationError
from pyengine.runequest.tables.enc import parse_enc
from pyengine.runequest.tables.weapon_training import SkillId
from pyengine.runequest.vocabulary import Mode
from pyengine.tables import Record
from pyengine.working import RulingIds

MELEE_TABLE_ID = "runequest/melee_weapons"
MISSILE_TABLE_ID = "runequest/missile_weapons"

ItemId = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="an id, e.g. broadsword")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
Minimum = Annotated[int, msgspec.Meta(ge=1, le=40)]
DamageText = Annotated[str, msgspec.Meta(min_length=1, max_length=30, description="dice notation, e.g. 1D8+1")]
EncText = Annotated[str, msgspec.Meta(min_length=1, max_length=12, description="ENC notation: 2, (4), 1/5")]
LengthText = Annotated[
    str, msgspec.Meta(pattern=r"^\d{1,2}\.\d(-\d{1,2}\.\d|\+)?$", description="metres: 0.8, 1.5-1.8, 3.5+")
]
Cost = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Note = Annotated[str, msgspec.Meta(max_length=200)]

_LENGTH_START = re.compile(r"^\d{1,2}\.\d")


def check_damage(text: str | None) -> None:
    """:raises ValueError: the damage is not dice notation."""
    if text is None:
        return
    try:
        DiceExpr.parse(text)
    except NotationError as exc:
        raise ValueError(f"damage: {exc}") from None


def check_enc(text: str | None) -> None:
    """:raises ValueError: the ENC is not ENC notation."""
    if text is None:
        return
    try:
        parse_enc(text)
    except NotationError as exc:
        raise ValueError(f"enc: {exc}") from None


class MeleeWeapon(Record):
    """One melee weapon in one mode."""

    id: ItemId
    name: Name
    mode: Mode
    skill: SkillId
    sr: Annotated[int, msgspec.Meta(ge=0, le=12)]
    item: ItemId | None = None
    """The object owned, when two rows (1H and 2H) are one object; ``None``: the id."""
    str_min: Minimum | None = None
    dex_min: Minimum | None = None
    damage: DamageText | None = None
    """``None``: special (grapple)."""
    hp: Annotated[int, msgspec.Meta(ge=1, le=200)] | None = None
    """Hit points it takes parrying; ``None``: not a parrying object (fist, kick)."""
    enc: EncText | None = None
    """``None``: not in the rules we have."""
    length: LengthText | None = None
    cost: Cost | None = None
    """Lunars; ``None``: not for sale (a fist) or not in the rules we have."""
    impales: bool = False
    choked_up: bool = False
    rulings: RulingIds = ()
    note: Note = ""

    def __post_init__(self) -> None:
        check_damage(self.damage)
        check_enc(self.enc)
        if self.choked_up and self.mode is not Mode.ONE_HANDED:
            raise ValueError(f"{self.id}: only a weapon used one-handed is choked up")

    @property
    def item_id(self) -> str:
        return self.item or self.id

    @property
    def enc_value(self) -> Fraction | None:
        return None if self.enc is None else parse_enc(self.enc)

    @property
    def length_m(self) -> float | None:
        """The shortest length, in metres (``1.5-1.8`` -> 1.5)."""
        if self.length is None:
            return None
        m = _LENGTH_START.match(self.length)
        return float(m.group(0)) if m else None


def check_unique_ids(rows, field: str = "weapons") -> None:
    """:raises ValueError: two rows of a table share an id (both named)."""
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        if row.id in seen:
            raise ValueError(f"{field}[{i}] ({row.id}): the id is used twice ({field}[{seen[row.id]}])")
        seen[row.id] = i


class MeleeWeaponTable(Record):
    """``melee_weapons.toml``."""

    weapons: tuple[MeleeWeapon, ...]

    def __post_init__(self) -> None:
        check_unique_ids(self.weapons)
        by_item: dict[str, tuple[int, MeleeWeapon]] = {}
        for i, row in enumerate(self.weapons):
            first = by_item.get(row.item_id)
            if first is None:
                by_item[row.item_id] = (i, row)
                continue
            j, other = first
            if other.mode is row.mode:
                raise ValueError(f"weapons[{i}] ({row.id}): item {row.item_id} has two {row.mode} rows")
            for field in ("cost", "enc", "length"):
                if getattr(row, field) != getattr(other, field):
                    raise ValueError(
                        f"weapons[{i}] ({row.id}): {field} {getattr(row, field)!r} differs from "
                        f"weapons[{j}] ({other.id}) {getattr(other, field)!r}, the same item {row.item_id}"
                    )


RateText = Literal["S/MR", "1/MR", "1/2R", "1/3R", "1/5R"]


class CarriedRow(Record):
    """A row of an equipment table for a thing one carries whole: its id is the object's, its
    ENC is given in ENC notation (``2``, ``(4)``, ``1/5``)."""

    id: ItemId
    enc: EncText

    def __post_init__(self) -> None:
        check_enc(self.enc)

    @property
    def item_id(self) -> str:
        return self.id

    @property
    def enc_value(self) -> Fraction:
        return parse_enc(self.enc)


class MissileWeapon(CarriedRow):
    """One missile weapon."""

    name: Name
    skill: SkillId
    damage: DamageText
    range: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    """Effective range in metres."""
    rate: RateText
    thrown: bool = False
    str_min: Minimum | None = None
    dex_min: Minimum | None = None
    hp: Annotated[int, msgspec.Meta(ge=1, le=200)] | None = None
    cost: Cost | None = None
    impales: bool = False
    rulings: RulingIds = ()
    note: Note = ""

    def __post_init__(self) -> None:
        check_damage(self.damage)
        super().__post_init__()


class MissileWeaponTable(Record):
    """``missile_weapons.toml``."""

    weapons: tuple[MissileWeapon, ...]

    def __post_init__(self) -> None:
        check_unique_ids(self.weapons)
