"""Strike ranks: DEX SR, SIZ SR, weapon length, spells, and the modifiers.

"The character or monster with the lowest total strike rank always attacks first.
Securing this initiative rests on three main criteria — SIZ, DEX, and weapon
length" (seed ch. III). A melee weapon strikes at SIZ SR + DEX SR + its own SR;
"Missile weapons and spells don't depend on the user's SIZ at all", and an
unprepared one adds 5. The table is ``tables/runequest/strike_ranks.toml``.
"""

from typing import Annotated

import msgspec

from pyengine.runequest.tables.bands import Bands
from pyengine.tables import Record

TABLE_ID = "runequest/strike_ranks"

SR = Annotated[int, msgspec.Meta(ge=0, le=12)]


class LengthRow(Record):
    from_m: Annotated[float, msgspec.Meta(ge=0, le=20)]
    """The shortest length (metres) of this row; the row runs to the next row's."""
    sr: SR


class StrikeRankModifiers(Record):
    unprepared: SR
    change_weapon: SR
    switch_to_spell: SR
    metres_per_sr: Annotated[int, msgspec.Meta(ge=1, le=100)]
    per_enc_point: SR
    surprised: SR
    round_limit: Annotated[int, msgspec.Meta(ge=1, le=100)]
    split_attack_delay: SR


class StrikeRankTable(Record):
    """``strike_ranks.toml``."""

    dex: Bands
    siz: Bands
    length: Annotated[tuple[LengthRow, ...], msgspec.Meta(min_length=1)]
    choked_up: SR
    spell: Bands
    modifiers: StrikeRankModifiers

    def __post_init__(self) -> None:
        if self.length[0].from_m != 0:
            raise ValueError(f"length[0]: must start at 0 m, not {self.length[0].from_m}")
        for i in range(1, len(self.length)):
            if self.length[i].from_m <= self.length[i - 1].from_m:
                raise ValueError(
                    f"length[{i}]: {self.length[i].from_m} m does not follow {self.length[i - 1].from_m} m"
                )
            if self.length[i].sr > self.length[i - 1].sr:
                raise ValueError(f"length[{i}]: a longer weapon cannot strike later (SR {self.length[i].sr})")

    def length_sr(self, metres: float) -> int:
        """The SR of a weapon this long (its shortest length, for a range such as 1.5-1.8)."""
        sr = self.length[0].sr
        for row in self.length:
            if metres >= row.from_m:
                sr = row.sr
        return sr

    def length_label(self, metres: float) -> str:
        """The row a length falls in: ``1.5-1.9``, ``2.0+``."""
        for i, row in enumerate(self.length):
            nxt = self.length[i + 1].from_m if i + 1 < len(self.length) else None
            if nxt is None or metres < nxt:
                return f"{row.from_m:.1f}+" if nxt is None else f"{row.from_m:.1f}-{nxt - 0.1:.1f}"
        raise AssertionError("unreachable")


def dex_sr(table: StrikeRankTable, dex: int) -> int:
    return table.dex.value(dex)


def siz_sr(table: StrikeRankTable, siz: int) -> int:
    return table.siz.value(siz)


def spell_sr(table: StrikeRankTable, magic_points: int) -> int:
    """A spell's own SR: 1 point 0, 2 points 1, and so on."""
    return table.spell.value(magic_points)
