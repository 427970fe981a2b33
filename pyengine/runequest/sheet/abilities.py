"""Natural abilities: the sum of each characteristic band's add or subtract, in %.

"The tables below give a percentage add or subtract for each characteristic band;
these percentages sum to a 'natural ability,' which can come out positive,
negative, or exactly zero" (seed ch. II). The table is
``tables/runequest/natural_abilities.toml``.
"""

from pyengine.runequest.sheet.characteristics import Characteristics, Scores
from pyengine.runequest.tables.natural_abilities import TABLE_ID, NaturalAbilityTable
from pyengine.runequest.vocabulary import Ability, Characteristic
from pyengine.worked import WorkedOut
from pyengine.working import Step, cite


class NaturalAbilities(Scores):
    """Each natural ability in % (positive, negative or zero)."""

    names = Ability

    attack: int
    parry: int
    defense: int
    perception: int
    stealth: int
    manipulation: int
    knowledge: int


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
    return total, Step(field=f"natural.{ability.value}", text=text, source=TABLE_ID, rulings=cite(rulings))


def natural_abilities(table: NaturalAbilityTable, scores: Characteristics) -> tuple[NaturalAbilities, tuple[Step, ...]]:
    """All seven natural abilities, with one step each (worked out once per table and
    characteristics: the sheet asks at every edit, experience for every adventurer written back)."""
    return _WORKED(table, scores)


def _work_out(table: NaturalAbilityTable, scores: Characteristics) -> tuple[NaturalAbilities, tuple[Step, ...]]:
    values = {}
    steps = []
    for ability in Ability:
        values[ability.value], step = natural_ability(table, scores, ability)
        steps.append(step)
    return NaturalAbilities(**values), tuple(steps)


_WORKED: WorkedOut[NaturalAbilityTable, Characteristics, tuple[NaturalAbilities, tuple[Step, ...]]] = WorkedOut(_work_out)
