"""The advancement table's schema (``advancement.toml``): training, CHA discount, guild credit, experience.

The rules that use it are :mod:`~pyengine.runequest.advancement.training`,
:mod:`~pyengine.runequest.advancement.guild_credit` and :mod:`~pyengine.runequest.advancement.experience`.
"""

from fractions import Fraction
from typing import Annotated

import msgspec

from pyengine.runequest.vocabulary import Characteristic
from pyengine.tables import Record

TABLE_ID = "runequest/advancement"

Positive = Annotated[int, msgspec.Meta(ge=1, le=100_000)]
Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]


class TrainingRules(Record):
    lunars_per_session_week: Positive
    """What a week of training costs at :attr:`session_hours` a day."""
    session_hours: Annotated[int, msgspec.Meta(ge=1, le=24)]
    max_hours_per_day: Annotated[int, msgspec.Meta(ge=1, le=24)]
    step: Annotated[int, msgspec.Meta(ge=1, le=100)]
    flat_to: Percent
    continuous: bool

    def __post_init__(self) -> None:
        if self.max_hours_per_day % self.session_hours:
            raise ValueError(
                f"max_hours_per_day {self.max_hours_per_day} is not a whole number of "
                f"{self.session_hours}-hour sessions"
            )

    def weeks(self, lunars: int, hours_per_day: int) -> Fraction:
        """Weeks a course of this (undiscounted) price takes at ``hours_per_day``: 1000 L -> 10 at 2 h, 5/2 at 8 h."""
        sessions = Fraction(hours_per_day, self.session_hours)
        return Fraction(lunars, self.lunars_per_session_week) / sessions


class CharismaDiscount(Record):
    above: Annotated[int, msgspec.Meta(ge=0, le=99)]
    discount_per_point: Percent


class CreditRules(Record):
    lunars_per_point: Positive
    characteristic: Characteristic
    cash_repaid_times: Annotated[int, msgspec.Meta(ge=1, le=10)]


class ExperienceRules(Record):
    int_above: Annotated[int, msgspec.Meta(ge=0, le=99)]
    per_int_point: Percent
    gain: Percent
    ceiling: Annotated[int, msgspec.Meta(ge=1, le=1000)]
    training_between_uses: Percent
    experience_between_uses: Percent
    defense_gain: Percent


class AdvancementTable(Record):
    """``advancement.toml``."""

    training: TrainingRules
    charisma: CharismaDiscount
    credit: CreditRules
    experience: ExperienceRules

    def __post_init__(self) -> None:
        if self.experience.training_between_uses % self.training.step:
            raise ValueError("experience.training_between_uses must be whole training steps")
