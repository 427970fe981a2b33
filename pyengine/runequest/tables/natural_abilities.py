"""The schema of ``tables/runequest/natural_abilities.toml``.

Split from :mod:`pyengine.runequest.sheet.abilities`: Natural abilities: the sum of each characteristic band's add or subtract, in %.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.tables.bands import Bands, NamedBands
from pyengine.runequest.vocabulary import Ability, Characteristic
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/natural_abilities"


PatternName = Annotated[str, msgspec.Meta(pattern=r"^[a-z_]{1,40}$")]


class AbilityRow(Record):
    """One ability: which characteristics count, and the pattern each reads."""

    ability: Ability
    modifiers: dict[Characteristic, PatternName]
    rulings: RulingIds = ()


class NaturalAbilityTable(Record):
    """Characteristic modifiers for every natural ability (``natural_abilities.toml``)."""

    patterns: tuple[NamedBands, ...]
    abilities: tuple[AbilityRow, ...]

    def __post_init__(self) -> None:
        names = [p.name for p in self.patterns]
        for i, name in enumerate(names):
            if names.index(name) != i:
                raise ValueError(f"patterns[{i}] ({name}): the name is used twice")
        seen = set()
        for i, row in enumerate(self.abilities):
            if row.ability in seen:
                raise ValueError(f"abilities[{i}] ({row.ability}): listed twice")
            seen.add(row.ability)
            for c, name in row.modifiers.items():
                if name not in names:
                    known = ", ".join(names)
                    raise ValueError(f"abilities[{i}] ({row.ability}): {c} reads pattern {name!r}, not one of {known}")
        missing = [a.value for a in Ability if a not in seen]
        if missing:
            raise ValueError(f"abilities: no row for {', '.join(missing)}")

    def pattern(self, name: str) -> Bands:
        for bands in self.patterns:
            if bands.name == name:
                return bands
        raise KeyError(name)

    def row(self, ability: Ability) -> AbilityRow:
        for row in self.abilities:
            if row.ability is ability:
                return row
        raise KeyError(ability)
