"""The schema of ``tables/runequest/damage_bonus.toml``.

Split from :mod:`pyengine.runequest.sheet.damage_bonus`: Damage bonus: by the average of STR and SIZ, as
signed dice notation (``+1D4``, ``-1D4``, ``""``).
"""

import functools
from bisect import bisect_right
from typing import Annotated

import msgspec

from pyengine.dice import DiceExpr
from pyengine.errors import NotationError
from pyengine.tables import Record
from pyengine.working import RulingIds

TABLE_ID = "runequest/damage_bonus"


Bonus = Annotated[str, msgspec.Meta(max_length=20, description="signed dice notation such as +1D4, or '' for none")]


@functools.lru_cache(maxsize=64)
def _parse(text: str) -> DiceExpr:
    return DiceExpr.parse(text)


def _single_die_term(text: str) -> tuple[int, int, int]:
    """``+2D6`` -> (sign 1, 2 dice, 6 sides); raises ValueError if not one signed dice term."""
    terms = _parse(text).terms
    if len(terms) != 1 or terms[0].sides is None:
        raise ValueError(f"{text!r} is not one dice term such as +1D6")
    return terms[0].sign, terms[0].count, terms[0].sides


class DamageBonusTable(Record, rename={"starts": "from"}):
    """``damage_bonus.toml``: a bonus per band of the STR/SIZ average."""

    starts: Annotated[tuple[int, ...], msgspec.Meta(min_length=1, max_length=20)]
    bonus: Annotated[tuple[Bonus, ...], msgspec.Meta(min_length=1, max_length=20)]
    every: Annotated[int, msgspec.Meta(ge=1, le=100)]
    """Width of the last band, and of each further band."""
    add: Bonus
    """Dice each further band adds to the last band's, e.g. ``+1D6``."""
    thrown_halves: dict[int, int]
    """Sides of a die -> sides of the die that is half of it, rounded up (4 -> 2, 6 -> 3)."""
    rulings: RulingIds = ()

    def __post_init__(self) -> None:
        if len(self.starts) != len(self.bonus):
            raise ValueError(f"{len(self.starts)} band starts (`from`) but {len(self.bonus)} bonuses")
        for i in range(1, len(self.starts)):
            if self.starts[i] <= self.starts[i - 1]:
                raise ValueError(f"from: band {i} starts at {self.starts[i]}, not after {self.starts[i - 1]}")
        for i, text in enumerate(self.bonus):
            if text == "":
                continue
            if text[0] not in "+-":
                raise ValueError(f"bonus[{i}] {text!r}: write the sign, e.g. +1D4")
            try:
                _parse(text)
            except NotationError as exc:
                raise ValueError(f"bonus[{i}]: {exc}") from None
        try:
            sign, _, sides = _single_die_term(self.bonus[-1])
            add_sign, _, add_sides = _single_die_term(self.add)
        except (ValueError, NotationError) as exc:
            raise ValueError(f"the last bonus and `add` must each be one dice term: {exc}") from None
        if (sign, sides) != (add_sign, add_sides) or not self.add.startswith(("+", "-")):
            raise ValueError(f"add {self.add!r} must be the same signed die as the last bonus {self.bonus[-1]!r}")
        for sides, half in self.thrown_halves.items():
            if not 1 <= half < sides:
                raise ValueError(f"thrown_halves: a D{sides} halves to a D{half}?")

    def lookup(self, average: int) -> tuple[str, str]:
        """The bonus for an average, and the band it read (``13-16``, ``29-36``)."""
        i = max(bisect_right(self.starts, average) - 1, 0)
        last = len(self.starts) - 1
        if i < last:
            return self.bonus[i], f"{self.starts[i]:02d}-{self.starts[i + 1] - 1:02d}"
        further = (average - self.starts[last]) // self.every
        low = self.starts[last] + further * self.every
        band = f"{low:02d}-{low + self.every - 1:02d}"
        if further <= 0:
            return self.bonus[last], band
        sign, count, sides = _single_die_term(self.bonus[last])
        _, step, _ = _single_die_term(self.add)
        return f"{'+' if sign > 0 else '-'}{count + further * step}D{sides}", band
