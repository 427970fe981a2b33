"""The state healing works on, and what heals it.

:class:`Wounds` is an adventurer's hurt as it stands between any two moments: damage per
location and in total, his condition, and the conditions that run on a clock. It uses the
melee round's names for what the fight's :class:`~pyengine.runequest.melee.model.Body` also
holds (``damage_taken``, ``wounds``, ``condition``, ``bleeding``, ``severed``), so a fight's
body and a saved adventurer's wounds carry into each other field for field.

Clocks count melee rounds: "2 full turns" is 2 × 25 rounds (seed ch. III, "Time": "A full
turn represents 5 minutes, or 25 melee rounds"; "The melee round is 12 seconds long").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, Protocol

import msgspec

from pyengine.dice import RollMade
from pyengine.runequest.combat.model import Points
from pyengine.runequest.combat.wounds import Condition
from pyengine.runequest.melee.model import BLEED_OUT_ROUNDS
from pyengine.runequest.vocabulary import LOCATION_KEYS, LocationKey
from pyengine.tables import Record
from pyengine.working import Step

#: "2 full turns": how long a bleeding abdomen or chest, a disabled head and a severed limb wait.
TWO_FULL_TURNS = BLEED_OUT_ROUNDS
#: "A full turn represents 5 minutes, or 25 melee rounds".
FULL_TURN_ROUNDS = TWO_FULL_TURNS // 2
#: A day in melee rounds: 24 hours of 12 full turns.
ROUNDS_PER_DAY = 24 * 12 * FULL_TURN_ROUNDS
#: A game week in days (RQ-92).
DAYS_PER_WEEK = 7
#: "a character recovers from wounds at the rate of 1 point per game week, in each wounded location".
NATURAL_POINTS_PER_WEEK = 1
#: "A 2-point Healing spell is necessary just to stop bleeding".
STOPS_BLEEDING = 2
#: "Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb".
REKNITS = 6

Clock = Annotated[int, msgspec.Meta(ge=0, le=TWO_FULL_TURNS)]
Days = Annotated[int, msgspec.Meta(ge=0, le=DAYS_PER_WEEK - 1)]
HEALING_SECTION = "ch. III, Healing Damage to a Hit Location"
DAMAGE_SECTION = "ch. III, Notes on Damage Results"


class HitPoints(Protocol):
    """What wounds are measured against: a melee :class:`~pyengine.runequest.melee.model.Combatant`,
    a :class:`Frame`, anything with the total and each location's hit points."""

    @property
    def hit_points(self) -> int: ...

    @property
    def locations(self) -> Mapping[LocationKey, int]: ...


class Frame(Record):
    """A body's hit points, total and by location, as data (a sheet's derived numbers)."""

    hit_points: Annotated[int, msgspec.Meta(ge=1, le=999)]
    locations: dict[LocationKey, Annotated[int, msgspec.Meta(ge=1, le=999)]]

    def __post_init__(self) -> None:
        missing = [k.value for k in LOCATION_KEYS.values() if k not in self.locations]
        if missing:
            raise ValueError(f"locations: {', '.join(missing)} missing")


class Wounds(Record, omit_defaults=True):
    """One adventurer's wounds and the conditions they bring, with their clocks."""

    damage_taken: Points = 0
    """Points off his total hit points."""
    wounds: dict[LocationKey, Points] = {}
    """Damage per location (a location not listed has none)."""
    condition: Condition = "unhurt"
    bleeding: dict[LocationKey, Clock] = {}
    """Rounds left before he dies, by wound: a disabled abdomen or chest bleeds, a disabled head
    "must be healed within 2 full turns, or die" (RQ-53)."""
    severed: dict[LocationKey, Clock] = {}
    """Severed limbs: rounds left in which a 6-point Healing reknits it; 0: severed for good."""
    maimed: tuple[LocationKey, ...] = ()
    """Limbs severed or struck more than twice their points in one blow: he cannot fight until
    they are healed below their points (RQ-93)."""
    impaled: tuple[LocationKey, ...] = ()
    """Locations with a weapon still in the wound: no points heal there until it is out."""
    resting: dict[LocationKey, Days] = {}
    """Days of rest each wounded location has counted toward its next natural point (RQ-92)."""


HealingKind = Literal["spell", "salve", "potion"]


class Healing(Record, omit_defaults=True):
    """Something that heals: a Healing spell or a salve on one ``location``, or a potion taken
    internally (no location: its points go where the dice send them)."""

    points: Annotated[int, msgspec.Meta(ge=1, le=99)]
    how: HealingKind = "spell"
    location: LocationKey | None = None


class Elapsed(Record, omit_defaults=True):
    """How long passes: melee rounds, full turns (25 rounds), days and game weeks (7 days)."""

    rounds: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)] = 0
    turns: Annotated[int, msgspec.Meta(ge=0, le=100_000)] = 0
    days: Annotated[int, msgspec.Meta(ge=0, le=36_500)] = 0
    weeks: Annotated[int, msgspec.Meta(ge=0, le=5_200)] = 0

    @property
    def total_days(self) -> int:
        """Whole days of rest (rounds and turns are not rest, RQ-92)."""
        return self.days + DAYS_PER_WEEK * self.weeks

    @property
    def total_rounds(self) -> int:
        """Everything, in melee rounds: what the clocks count."""
        return self.rounds + FULL_TURN_ROUNDS * self.turns + ROUNDS_PER_DAY * self.total_days

    def __str__(self) -> str:
        parts = [(self.weeks, "week"), (self.days, "day"), (self.turns, "full turn"), (self.rounds, "round")]
        said = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in parts if n]
        return ", ".join(said) or "no time"


class Healed(Record):
    """The wounds after healing or time, how they got there, and every die rolled."""

    wounds: Wounds
    steps: tuple[Step, ...]
    rolls: tuple[RollMade, ...] = ()
