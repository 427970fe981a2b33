"""The shield table's schema (``shields.toml``).

"A shield is used to absorb damage before it gets through to the bearer. As with a
weapon, a shield user must make a successful parry roll to interpose the shield"
(seed ch. IV). Its skill row (``weapon_training.toml``) gives the basic chance to
parry; striking with it uses the ordinary 5%.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.tables.weapon_training import SkillId
from pyengine.runequest.tables.weapons import CarriedRow, Cost, Minimum, Name, check_damage, check_unique_ids
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/shields"


class Shield(CarriedRow):
    """One shield."""

    name: Name
    skill: SkillId
    str_min: Minimum
    """"strength necessary for a character to be able to use such a shield"."""
    absorbs: Annotated[int, msgspec.Meta(ge=1, le=100)]
    """Points absorbed per attack parried."""
    cost: Cost | None = None
    bash: Annotated[str, msgspec.Meta(max_length=30)] | None = None
    """Damage when striking with it (S2 only, RQ-34); ``None``: not in the rules we have."""
    bash_sr: Annotated[int, msgspec.Meta(ge=0, le=12)] | None = None
    rulings: RulingIds = ()

    def __post_init__(self) -> None:
        check_damage(self.bash)
        super().__post_init__()


class ShieldTable(Record):
    """``shields.toml``."""

    shields: tuple[Shield, ...]

    def __post_init__(self) -> None:
        check_unique_ids(self.shields, "shields")
