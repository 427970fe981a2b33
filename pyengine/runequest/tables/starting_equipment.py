"""Starting equipment: what every beginner brings, what his background adds, and the Adventurer's pack.

Seed ch. II "Starting Equipment" and ch. III "The 'Adventurer's Pack'"; the table is
``tables/runequest/starting_equipment.toml``. Where the rules leave a choice (a
basic weapon, a brigandine or a chainmail hauberk) the kit says so and lists the
options; the page asks the player.
"""

from typing import Annotated, Literal

import msgspec

from pyengine.runequest.tables.weapons import EncText, ItemId, check_enc
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/starting_equipment"

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class KitItem(Record):
    name: Text
    ref: ItemId | None = None
    """The weapon or armour id, when the item is one."""
    count: Annotated[int, msgspec.Meta(ge=1, le=100)] = 1
    pick: Literal["one", "any"] | None = None
    """The rules leave a choice: ``one`` of the options, or ``any`` number of them."""
    options: tuple[ItemId, ...] = ()
    """Ids to choose from (empty with ``pick``: the rules name no list)."""
    unless: Annotated[str, msgspec.Meta(pattern=r"^[a-z_]{1,40}$")] | None = None
    """Left out when the background roll says so (``no_riding_animal``)."""
    enc: EncText | None = None
    rulings: RulingIds = ()

    def __post_init__(self) -> None:
        check_enc(self.enc)
        if self.ref is not None and self.pick is not None:
            raise ValueError(f"{self.name!r}: an item is either one `ref` or a `pick`, not both")
        if self.options and self.pick is None:
            raise ValueError(f"{self.name!r}: `options` without `pick`")


class Kit(Record):
    background: Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
    """A background id, or ``all``."""
    items: tuple[KitItem, ...]
    same_as: Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,39}$")] | None = None
    """This background's kit is that one's (the very rich noble's is the rich noble's)."""


class Pack(Record):
    name: Text
    enc: EncText
    contents: Text

    def __post_init__(self) -> None:
        check_enc(self.enc)


class StartingEquipmentTable(Record):
    """``starting_equipment.toml``."""

    pack: Pack
    kits: tuple[Kit, ...]

    def __post_init__(self) -> None:
        names = [k.background for k in self.kits]
        for i, kit in enumerate(self.kits):
            if names.index(kit.background) != i:
                raise ValueError(f"kits[{i}] ({kit.background}): listed twice")
            if kit.same_as is not None:
                if kit.same_as not in names:
                    raise ValueError(f"kits[{i}] ({kit.background}): same_as {kit.same_as!r} is not a kit")
                if kit.items:
                    raise ValueError(f"kits[{i}] ({kit.background}): a kit with same_as lists no items")
        if "all" not in names:
            raise ValueError("kits: no kit for `all`")

    def kit(self, background: str) -> tuple[KitItem, ...]:
        """Everything a beginner of this background brings: the common kit, then the background's."""
        by_name = {k.background: k for k in self.kits}
        own = by_name.get(background)
        if own is not None and own.same_as is not None:
            own = by_name[own.same_as]
        return by_name["all"].items + (own.items if own is not None else ())
