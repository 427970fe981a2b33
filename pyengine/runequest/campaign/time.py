"""Time passing for a saved adventurer or a party: :func:`time_passes`, :func:`party_time_passes`.

The rules are healing's (:func:`pyengine.runequest.healing.pass_time`): the 2-full-turn clocks run
first ("If left unhealed within 2 full turns, he'll bleed to death"), then "a character recovers
from wounds at the rate of 1 point per game week, in each wounded location" (RQ-53, RQ-92) — never
below 0 damage, never past his hit points. His injuries then follow what healed, oldest first
(RQ-100). Weapons are not mended by time (RQ-102), and missiles are not found again.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.dice import Dice
from pyengine.errors import RulesError
from pyengine.runequest.campaign import typed
from pyengine.runequest.campaign.changes import Changed, healed_record
from pyengine.runequest.campaign.health import frame_of
from pyengine.runequest.healing.elapse import pass_time
from pyengine.runequest.healing.model import Elapsed
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables

#: A week, as the page's "a week passes" gives it.
A_WEEK = Elapsed(weeks=1)


def elapsed(*, rounds: int | str = 0, turns: int | str = 0, days: int | str = 0, weeks: int | str = 0) -> Elapsed:
    """How long passes, from what was typed (an empty field is none of it).

    :raises RulesError: a count that is not a whole number from 0 (``field``: ``rounds``, ``turns``,
        ``days`` or ``weeks``), or no time at all (``field`` ``days``).
    """
    counts = {}
    for field, value, most in (("rounds", rounds, 1_000_000), ("turns", turns, 100_000), ("days", days, 36_500),
                               ("weeks", weeks, 5_200)):
        blank = isinstance(value, str) and not value.strip()
        counts[field] = 0 if blank else typed.number(value, field, f"a number of {field}", 0, most)
    if not any(counts.values()):
        raise RulesError("days: no time passes; type how many days (or weeks, full turns, rounds)", field="days")
    return Elapsed(**counts)


def time_passes(adventurer: Adventurer, tables: RuneQuestTables, how_long: Elapsed, dice: Dice | None = None) -> Changed:
    """``how_long`` passes for one adventurer: his clocks, then natural healing, with the working."""
    result = pass_time(frame_of(adventurer, tables), adventurer.current.wounds, how_long, dice)
    record, healed = healed_record(adventurer, result.wounds)
    return Changed(adventurer=record, steps=(*result.steps, *healed), rolls=result.rolls)


def party_time_passes(adventurers: Sequence[Adventurer], tables: RuneQuestTables, how_long: Elapsed,
                      dice: Dice | None = None) -> tuple[Changed, ...]:
    """``how_long`` passes for each of a party, in the order given."""
    return tuple(time_passes(a, tables, how_long, dice) for a in adventurers)
