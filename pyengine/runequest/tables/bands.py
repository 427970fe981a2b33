"""Banded tables: a value for each band of a score, as the rulebook prints them.

"01-04: −10, 05-08: −5, …, 17-20: +10, each further +4: +5 more" is written in a
table file as::

    from = [1, 5, 9, 13, 17]
    values = [-10, -5, 0, 5, 10]
    every = 4     # the last band is 4 wide, and each 4 more ...
    add = 5       # ... adds 5

Without ``every`` the last band is open-ended ("19+: 0"). A score below the
first band reads the first band.
"""

from bisect import bisect_right
from typing import Annotated

import msgspec

from pyengine.tables import Record

Score = Annotated[int, msgspec.Meta(ge=0, le=1000)]
RulingId = Annotated[str, msgspec.Meta(pattern=r"^RQ-\d+$")]


class BandRuling(Record, rename={"low": "from", "high": "to"}):
    """Rulings cited when a score from ``from`` to ``to`` is read (the value there rests on them)."""

    low: Score
    high: Score
    cite: Annotated[tuple[RulingId, ...], msgspec.Meta(min_length=1)]


class Bands(Record, rename={"starts": "from"}):
    """Values by bands of a score (see the module's docstring)."""

    starts: Annotated[tuple[Score, ...], msgspec.Meta(min_length=1, max_length=40)]
    """Each band's first score, ascending (``from`` in the table file)."""
    values: Annotated[tuple[int, ...], msgspec.Meta(min_length=1, max_length=40)]
    """The value of each band."""
    every: Annotated[int, msgspec.Meta(ge=1, le=100)] | None = None
    """Width of the last band and of each further band beyond it; ``None``: the last band is open-ended."""
    add: int = 0
    """What each further band adds to the last band's value."""
    rulings: tuple[BandRuling, ...] = ()
    """Rulings behind the values of some scores, e.g. ``[{ from = 13, to = 16, cite = ["RQ-1"] }]``."""

    def __post_init__(self) -> None:
        if len(self.values) != len(self.starts):
            raise ValueError(f"bands: {len(self.starts)} band starts (`from`) but {len(self.values)} `values`")
        for i in range(1, len(self.starts)):
            if self.starts[i] <= self.starts[i - 1]:
                raise ValueError(
                    f"bands: `from` must rise; band {i} starts at {self.starts[i]}, "
                    f"not after band {i - 1} at {self.starts[i - 1]}"
                )
        if self.every is None and self.add:
            raise ValueError("bands: `add` needs `every` (how wide each further band is)")
        for i, ruling in enumerate(self.rulings):
            if ruling.low > ruling.high:
                raise ValueError(f"bands: rulings[{i}] runs from {ruling.low} down to {ruling.high}")

    def rulings_for(self, score: int) -> tuple[str, ...]:
        """The rulings behind the value read for ``score``."""
        return tuple(r for band in self.rulings if band.low <= score <= band.high for r in band.cite)

    def index(self, score: int) -> int:
        """The band a score falls in: 0-based; past the last printed band it keeps counting."""
        i = max(bisect_right(self.starts, score) - 1, 0)
        last = len(self.starts) - 1
        if i == last and self.every is not None:
            return last + (score - self.starts[last]) // self.every
        return i

    def value(self, score: int) -> int:
        """The value for a score."""
        i = self.index(score)
        last = len(self.starts) - 1
        if i <= last:
            return self.values[i]
        return self.values[last] + (i - last) * self.add

    def label(self, i: int) -> str:
        """A band as the rulebook prints it: ``13-16``, ``19+``, ``21-24``."""
        last = len(self.starts) - 1
        if i < last:
            low, high = self.starts[i], self.starts[i + 1] - 1
        elif self.every is None:
            return f"{self.starts[last]}+"
        else:
            low = self.starts[last] + (i - last) * self.every
            high = low + self.every - 1
        return f"{low:02d}-{high:02d}" if low != high else f"{low:02d}"

    def explain(self, score: int) -> str:
        """Where a score falls and why: ``17 is in 17-20: +10``; past the print, how it was extended."""
        i = self.index(score)
        value = self.value(score)
        shown = f"{value:+d}"
        last = len(self.starts) - 1
        if i <= last:
            return f"{score} is in {self.label(i)}: {shown}"
        steps = i - last
        return (
            f"{score} is in {self.label(i)}: {self.values[last]:+d} for {self.label(last)}, "
            f"{self.add:+d} for each further {self.every} ({steps}) = {shown}"
        )


class NamedBands(Bands, rename={"starts": "from"}, kw_only=True):
    """Bands with a name (``name = "primary"``), so an error names them."""

    name: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z_]{1,40}$")]

    def __post_init__(self) -> None:
        try:
            super().__post_init__()
        except ValueError as exc:
            raise ValueError(f"{self.name}: {exc}") from None
