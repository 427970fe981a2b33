"""Characteristics: rolled 3D6 each or typed, the human limits, and how far training may raise them.

Seed ch. II, "Characteristics" and "Increasing Characteristics"; the table is
``tables/runequest/characteristics.toml``. A sheet may hold any score from 0 to
99 (so a typed value is never lost); :func:`range_problems` says which are
outside the human 3-21 (RQ-33).
"""

import enum
from collections.abc import Iterator
from typing import Annotated, ClassVar

import msgspec

from pyengine.dice import Dice, DiceExpr, DiceRoll
from pyengine.errors import IllegalActionError
from pyengine.runequest.tables.characteristics import CharacteristicsTable
from pyengine.runequest.vocabulary import Characteristic
from pyengine.tables import Record

#: What a sheet can hold for a characteristic; the rules' limits are checked separately.
Value = Annotated[int, msgspec.Meta(ge=0, le=99, description="a characteristic's score")]
#: The most Lunars a record holds in one sum (money carried, savings, a price paid).
MAX_LUNARS = 1_000_000
Lunars = Annotated[int, msgspec.Meta(ge=0, le=MAX_LUNARS)]


class Scores(Record):
    """Scores named by a closed vocabulary (:attr:`names`), one field each, read by name
    (``scores["STR"]``, ``abilities[Ability.ATTACK]``)."""

    names: ClassVar[type[enum.StrEnum]]
    """The vocabulary; its values are the field names."""

    def __getitem__(self, which: enum.StrEnum | str) -> int:
        # One of the vocabulary's own members is its field's name as it is (read in every
        # band lookup: not looked up in the vocabulary again); any other text is checked.
        value: int = getattr(self, which if which.__class__ is self.names else self.names(which).value)
        return value


class Characteristics(Scores):
    """The seven scores, keyed as the rulebook writes them (``STR`` … ``CHA``)."""

    names = Characteristic

    STR: Value
    CON: Value
    SIZ: Value
    INT: Value
    POW: Value
    DEX: Value
    CHA: Value

    def items(self) -> Iterator[tuple[Characteristic, int]]:
        """``(characteristic, score)`` in the seed's order."""
        for c in Characteristic:
            yield c, getattr(self, c.value)

    def with_value(self, which: Characteristic | str, value: int) -> "Characteristics":
        """A copy with one score changed."""
        return msgspec.structs.replace(self, **{Characteristic(which).value: value})


class RolledCharacteristics(Record):
    """Seven characteristics rolled: each roll kept, so the page can show the dice."""

    rolls: tuple[DiceRoll, ...]
    """One roll per characteristic, in the seed's order (STR, CON, SIZ, INT, POW, DEX, CHA)."""

    @property
    def characteristics(self) -> Characteristics:
        return Characteristics(**{c.value: r.total for c, r in zip(Characteristic, self.rolls, strict=True)})


def roll_characteristics(table: CharacteristicsTable, dice: Dice) -> RolledCharacteristics:
    """Rolls each characteristic (3D6), STR first, CHA last, from the injected dice.

    :raises RollError: the dice run out or give a value that does not fit a D6.
    """
    expr = DiceExpr.parse(table.dice)
    return RolledCharacteristics(rolls=tuple(expr.roll(dice) for _ in Characteristic))


def range_problems(table: CharacteristicsTable, scores: Characteristics) -> list[tuple[Characteristic, str]]:
    """Each score outside the human limits, with the message to show beside it."""
    found = []
    for c, value in scores.items():
        if value < table.minimum:
            found.append((c, f"{c} {value} is below the human minimum of {table.minimum}"))
        elif value > table.maximum:
            found.append((c, f"{c} {value} is above the human maximum of {table.maximum}"))
    return found


def check_range(table: CharacteristicsTable, scores: Characteristics) -> None:
    """:raises IllegalActionError: naming every characteristic outside the human limits and its value."""
    found = range_problems(table, scores)
    if found:
        raise IllegalActionError("; ".join(message for _, message in found))


class TrainingLimit(Record):
    """How far training can raise one characteristic, and why."""

    characteristic: Characteristic
    current: int
    limit: int | None
    """The highest score training can reach; ``None`` when it cannot be trained at all."""
    cost_per_point: int | None
    reason: str

    @property
    def points(self) -> int:
        """Points that can still be bought."""
        return 0 if self.limit is None else max(self.limit - self.current, 0)


def training_limit(table: CharacteristicsTable, scores: Characteristics, which: Characteristic | str) -> TrainingLimit:
    """How far ``which`` may be trained (seed ch. II; RQ-24).

    STR: up to the higher of CON and SIZ, and not at all if STR is already the
    highest of the three; CON likewise with STR and SIZ; DEX to the species
    maximum; SIZ, INT, POW and CHA not by training. Never beyond the maximum (21).
    """
    which = Characteristic(which)
    current = scores[which]
    row = table.training_for(which)
    if row is None:
        return TrainingLimit(
            characteristic=which,
            current=current,
            limit=None,
            cost_per_point=None,
            reason=table.untrainable_reason(which),
        )
    if not row.up_to:
        return TrainingLimit(
            characteristic=which,
            current=current,
            limit=table.maximum,
            cost_per_point=row.cost,
            reason=f"{which} trains up to the species maximum, {table.maximum}",
        )
    others = {c: scores[c] for c in row.up_to}
    highest = max(others.values())
    names = " and ".join(f"{c} {v}" for c, v in others.items())
    if current >= highest:
        return TrainingLimit(
            characteristic=which,
            current=current,
            limit=current,
            cost_per_point=row.cost,
            reason=f"{which} {current} is already the highest of {which}, {names}: only magic can raise it (RQ-24)",
        )
    limit = min(highest, table.maximum)
    return TrainingLimit(
        characteristic=which,
        current=current,
        limit=limit,
        cost_per_point=row.cost,
        reason=f"{which} trains up to the higher of {names}: {limit} (RQ-24)",
    )
