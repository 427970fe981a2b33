"""Natural abilities: the sum of each characteristic band's add or subtract, in %.

"The tables below give a percentage add or subtract for each characteristic band;
these percentages sum to a 'natural ability,' which can come out positive,
negative, or exactly zero" (seed ch. II). The table is
``tables/runequest/natural_abilities.toml``.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.bands import Bands, NamedBands
from pyengine.runequest.characteristics import Characteristics
from pyengine.runequest.vocabulary import Ability, Characteristic
from pyengine.runequest.working import RulingIds, Step, cite
from pyengine.tables import Record

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


class NaturalAbilities(Record):
    """Each natural ability in % (positive, negative or zero)."""

    attack: int
    parry: int
    defense: int
    perception: int
    stealth: int
    manipulation: int
    knowledge: int

    def __getitem__(self, ability: Ability | str) -> int:
        value: int = getattr(self, Ability(ability).value)
        return value


def natural_ability(table: NaturalAbilityTable, scores: Characteristics, ability: Ability | str) -> tuple[int, Step]:
    """One natural ability and the step that explains it."""
    ability = Ability(ability)
    row = table.row(ability)
    total = 0
    parts = []
    rulings = list(row.rulings)
    for c in Characteristic:  # the seed's order, whatever order the file lists them in
        name = row.modifiers.get(c)
        if name is None:
            continue
        bands = table.pattern(name)
        value = bands.value(scores[c])
        total += value
        parts.append(f"{c} {scores[c]} {value:+d}")
        rulings.extend(bands.rulings_for(scores[c]))
    text = ", ".join(parts) + f" = {total:+d}%"
    return total, Step(field=f"natural.{ability.value}", text=text, table=TABLE_ID, rulings=cite(rulings))


def natural_abilities(table: NaturalAbilityTable, scores: Characteristics) -> tuple[NaturalAbilities, tuple[Step, ...]]:
    """All seven natural abilities, with one step each."""
    values = {}
    steps = []
    for ability in Ability:
        values[ability.value], step = natural_ability(table, scores, ability)
        steps.append(step)
    return NaturalAbilities(**values), tuple(steps)
