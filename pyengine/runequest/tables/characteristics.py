"""The schema of ``tables/runequest/characteristics.toml``.

Split from :mod:`pyengine.runequest.sheet.characteristics`: Characteristics: rolled 3D6 each or typed, the
human limits, and how far training may raise them.
"""

from typing import Annotated

import msgspec

from pyengine.dice import DiceExpr
from pyengine.errors import NotationError
from pyengine.runequest.vocabulary import Characteristic
from pyengine.tables import Record

TABLE_ID = "runequest/characteristics"


class CharacteristicTraining(Record):
    """How one characteristic is trained."""

    characteristic: Characteristic
    cost: Annotated[int, msgspec.Meta(gt=0, le=100_000, multiple_of=100)]
    """Lunars per point; each 100 L is a week at 2 hours a day."""
    up_to: tuple[Characteristic, ...]
    """It may be trained up to the higher of these (and never if it is already the highest of them all)."""
    taught_by: str = ""


class Untrainable(Record):
    characteristic: Characteristic
    reason: Annotated[str, msgspec.Meta(min_length=1)]


class CharacteristicsTable(Record):
    """Rolling, limits and training of characteristics (``characteristics.toml``)."""

    dice: str
    """What each characteristic is rolled with: ``3D6``."""
    minimum: Annotated[int, msgspec.Meta(ge=1, le=99)]
    maximum: Annotated[int, msgspec.Meta(ge=1, le=99)]
    training: tuple[CharacteristicTraining, ...]
    untrainable: tuple[Untrainable, ...]

    def __post_init__(self) -> None:
        try:
            DiceExpr.parse(self.dice)
        except NotationError as exc:
            raise ValueError(f"dice: {exc}") from None
        if self.minimum > self.maximum:
            raise ValueError(f"minimum {self.minimum} is above maximum {self.maximum}")
        seen: dict[Characteristic, str] = {}
        for i, row in enumerate(self.training):
            if row.characteristic in seen:
                raise ValueError(f"training[{i}]: {row.characteristic} is listed twice")
            if row.characteristic in row.up_to:
                raise ValueError(f"training[{i}]: {row.characteristic} cannot be trained up to itself")
            seen[row.characteristic] = "training"
        for i, row in enumerate(self.untrainable):
            if row.characteristic in seen:
                raise ValueError(f"untrainable[{i}]: {row.characteristic} is also in {seen[row.characteristic]}")
            seen[row.characteristic] = "untrainable"
        missing = [c.value for c in Characteristic if c not in seen]
        if missing:
            raise ValueError(f"no training or untrainable row for {', '.join(missing)}")

    def training_for(self, which: Characteristic) -> CharacteristicTraining | None:
        for row in self.training:
            if row.characteristic is which:
                return row
        return None

    def untrainable_reason(self, which: Characteristic) -> str:
        for row in self.untrainable:
            if row.characteristic is which:
                return row.reason
        return f"{which} is not trained"
