"""The ready opponents' schema (``starters.toml``): humans built by the seed's own rules.

Each starter states what he carries (weapons, a shield, armour worn) and how far he is
trained in each weapon, in the seed's own steps: the fighting bands' first course (to a flat
25%, or one 5% step for a man already there) and each later 5% step (a course after a use in
the field, or an experience roll). His seven characteristics are rolled for each individual
("roll 3D6 for each of seven characteristics", seed ch. II) and everything else derives from
them as on the sheet (:mod:`pyengine.runequest.melee.starters`; ruling RQ-144).

Only humans: a non-human may be added only with its published source and its figures recorded
here beside it; the seed prints none.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.tables.weapons import ItemId
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/starters"

Text = Annotated[str, msgspec.Meta(min_length=1, max_length=300)]
Steps = Annotated[int, msgspec.Meta(ge=0, le=14)]


class StarterWeapon(Record):
    """A weapon or shield a starter carries, and how far he is trained in it."""

    weapon: ItemId
    """A melee weapon's row id (``short_spear_1h``), a missile weapon's or a shield's."""
    courses: Steps = 0
    """Courses with the fighting bands: the first to a flat 25% (one 5% step from 25% up), each later one
    a 5% step after a use in the field (RQ-25)."""
    experience: Steps = 0
    """Experience rolls won with it: 5% each ("A successful roll means the character's chance to hit has
    increased by 5%")."""


class Starter(Record):
    """One ready opponent."""

    id: Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,29}$")]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=30)]
    """What each copy is called ("Bandit 1", "Bandit 2"…)."""
    about: Text
    """Who he is, in a line."""
    source: Text
    """Where the seed says what he carries."""
    weapons: Annotated[tuple[StarterWeapon, ...], msgspec.Meta(min_length=1, max_length=6)]
    armour: Annotated[tuple[ItemId, ...], msgspec.Meta(max_length=8)] = ()
    """Armour pieces worn (helmets and body armour ids)."""
    rulings: RulingIds = ()

    def __post_init__(self) -> None:
        ids = [w.weapon for w in self.weapons]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: a weapon listed twice")
        if len(set(self.armour)) != len(self.armour):
            raise ValueError(f"{self.id}: an armour piece listed twice")


class StarterTable(Record):
    """``starters.toml``."""

    starters: Annotated[tuple[Starter, ...], msgspec.Meta(min_length=1, max_length=12)]

    def __post_init__(self) -> None:
        ids = [s.id for s in self.starters]
        for i, s in enumerate(self.starters):
            if ids.index(s.id) != i:
                raise ValueError(f"starters[{i}] ({s.id}): listed twice")

    def get(self, starter_id: str) -> Starter | None:
        return next((s for s in self.starters if s.id == starter_id), None)
