"""The d100 of an attack or a parry: success, critical, impale and fumble thresholds.

Seed ch. IV, "Basic Chances": "A roll of 01-05 on D100 always means a successful
attack or parry; a roll of 96-00 always means an unsuccessful attempt".
"Critical Hits": "if the player manages to roll 5% or less of what he needs to
successfully attack, the character has struck a critical hit. All such
calculations are rounded down"; "a roll of exactly 01 on D100 is a critical hit".
"Impaling": "Impaling takes place if the attack roll is 20% or less of what was
needed for success. Thus, a spearman with a 40% chance of success who rolls 8 or
less". "Fumbles": "a 5-20% chance of success has a flat 5% chance of fumbling
(that is, a roll of 96-00 ...). For every additional 20% capability ... reduced
by 1%. However, an attack roll of exactly 00 is always a fumble" (RQ-36, RQ-37).

A d100 roll is 1..100; 100 is the "00" of the dice.
"""

from __future__ import annotations

from pyengine.errors import RollError
from pyengine.tables import Record

ALWAYS_HITS = 5
"""Rolls 01-05 always succeed."""
ALWAYS_MISSES = 96
"""Rolls 96-00 always fail."""


class Thresholds(Record):
    """What a d100 roll needs, for one chance."""

    chance: int
    """The chance rolled against (after Defense and situation modifiers)."""
    critical_max: int
    """A roll at or under this is critical (at least 1: 01 always is)."""
    impale_max: int
    """A roll at or under this impales, with an impaling weapon (0: never)."""
    fumble_min: int
    """A roll at or over this fumbles (100 = only 00)."""


class D100(Record):
    """One d100 roll read against its thresholds."""

    roll: int
    success: bool
    critical: bool
    impale: bool
    """Only when the weapon impales."""
    fumble: bool


def critical_max(chance: int) -> int:
    """5% of the chance, rounded down, but never below 1 (01 is always critical)."""
    return max(1, max(chance, 0) * 5 // 100)


def impale_max(chance: int) -> int:
    """20% of the chance, rounded down (40% -> 8)."""
    return max(chance, 0) * 20 // 100


def fumble_min(skill: int) -> int:
    """The lowest fumbling roll for a skill: 96 up to 24%, then one higher per further 20% (RQ-37).

    05-20% -> 96-00; 25-40% -> 97-00; 45-60% -> 98-00; 65-80% -> 99-00; 85% and up -> 00 only.
    """
    return min(100, ALWAYS_MISSES + max(0, skill - 5) // 20)


def thresholds(chance: int, skill: int | None = None) -> Thresholds:
    """The thresholds for ``chance``; the fumble range comes from ``skill`` (default: the chance, RQ-37)."""
    return Thresholds(
        chance=chance,
        critical_max=critical_max(chance),
        impale_max=impale_max(chance),
        fumble_min=fumble_min(chance if skill is None else skill),
    )


def read_d100(roll: int, t: Thresholds, *, impales: bool = False) -> D100:
    """Reads a d100 roll (1..100, 100 being 00) against the thresholds.

    :raises RollError: the roll is not 1..100.
    """
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 100:
        raise RollError(f"d100 roll: {roll!r} is not 1 to 100 (100 is 00)")
    success = roll <= ALWAYS_HITS or (roll < ALWAYS_MISSES and roll <= t.chance)
    critical = success and roll <= t.critical_max
    impale = success and impales and roll <= t.impale_max
    fumble = roll >= t.fumble_min
    return D100(roll=roll, success=success, critical=critical, impale=impale, fumble=fumble)


def succeeds(roll: int, chance: int) -> bool:
    """A plain D100 roll against a chance: 01-05 always succeed, 96-00 always fail."""
    return roll <= ALWAYS_HITS or (roll < ALWAYS_MISSES and roll <= chance)


def shown(roll: int) -> str:
    """A d100 roll as the dice show it: ``07``, ``00`` for 100."""
    return "00" if roll == 100 else f"{roll:02d}"
