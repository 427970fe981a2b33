"""Experience per scenario: a fight's marks kept on the adventurer's record (:func:`marks_kept`),
rolled and cleared when the game master ends the scenario (:func:`end_scenario`, :func:`party_end_scenario`).

Seed ch. IV, "Learning by Experience": "only a single successful use of a given weapon or shield
needs to be logged per scenario for that item to be eligible for an experience roll" and "At the
end of the scenario, once the character can take a week to relax and meditate upon his
experiences, there's a chance he'll learn something from what happened to him" (RQ-134). Defense:
"any time his Defense actually saves him ... he may roll his INT or less on D100", checked "after
every adventure, not immediately after each individual successful use during play" (RQ-135). The
checks themselves are :func:`~pyengine.runequest.advancement.experience.after_adventure`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from pyengine.dice import Dice
from pyengine.dice.records import RollMade
from pyengine.runequest.advancement.experience import FieldUse, after_adventure
from pyengine.runequest.campaign.changes import Changed, with_current
from pyengine.runequest.campaign.current import DEFENSE_MARK, MAX_MARKS, Current
from pyengine.runequest.sheet.adventurer import Adventurer, weapon_key
from pyengine.runequest.sheet.weapon_words import mark_words
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import Hand, Use
from pyengine.working import Step

#: Where the seed says it.
SOURCE = "ch. IV, Learning by Experience"


def mark_of(use: FieldUse) -> str:
    """``broadsword attack``, ``medium_shield@left parry``: a field use as his record keeps it."""
    return f"{weapon_key(use.weapon, use.hand)} {Use(use.use).value}"


def use_of(mark: str) -> FieldUse:
    """The field use a weapon's mark stands for (not ``defense``)."""
    key, _, use = mark.rpartition(" ")
    weapon, _, hand = key.partition("@")
    return FieldUse(weapon=weapon, use=Use(use), hand=Hand(hand) if hand else Hand.RIGHT)


def marks_kept(current: Current, marks: Iterable[str]) -> tuple[Current, list[str]]:
    """His current state with ``marks`` added to those of the scenario, each once (RQ-134); the marks new to it."""
    kept = list(current.marks)
    added = [m for m in dict.fromkeys(marks) if m not in kept]
    kept.extend(added)
    return msgspec.structs.replace(current, marks=tuple(kept[:MAX_MARKS])), added


def end_scenario(adventurer: Adventurer, tables: RuneQuestTables, dice: Dice) -> Changed:
    """The scenario ends for him: one experience check per mark on his record, in the order they were
    logged, Defense last (RQ-134, RQ-135); the marks cleared. With no marks nothing is rolled and his
    record stays as it is.

    :raises IllegalActionError: a mark names no weapon or shield of the tables (his record is not changed).
    :raises RollError: the dice ran out or gave a value off a D100.
    """
    marks = adventurer.current.marks
    if not marks:
        return Changed(adventurer=adventurer, steps=(Step(field="marks", text="no experience marks: nothing to roll",
                                                          source=SOURCE, rulings=("RQ-134",)),))
    uses = [use_of(m) for m in marks if m != DEFENSE_MARK]
    saved = DEFENSE_MARK in marks
    result = after_adventure(adventurer, tables, uses, dice, defense_saved=saved)
    steps = [Step(field="marks", text=f"the scenario ends: {len(marks)} experience mark{'s' if len(marks) != 1 else ''}"
                  f" to roll ({', '.join(mark_words(tables, m) for m in marks)})", source=SOURCE, rulings=("RQ-134",))]
    for step in result.working:
        if step.field == "defense":  # Defense's INT roll is made here, once for the scenario (RQ-135)
            step = Step(field=step.field, text=step.text, source=step.source, rulings=(*step.rulings, "RQ-135"),
                        value=step.value)
        steps.append(step)
    steps.append(Step(field="marks", text="experience marks cleared", rulings=("RQ-134",)))
    rolls = tuple(RollMade(purpose=f"experience: {mark_words(tables, c.target)}", sides=100, value=c.roll)
                  for c in result.checks if c.roll is not None)
    after = with_current(result.adventurer, marks=())
    return Changed(adventurer=after, steps=tuple(steps), rolls=rolls)


def party_end_scenario(adventurers: Sequence[Adventurer], tables: RuneQuestTables, dice: Dice) -> tuple[Changed, ...]:
    """The scenario ends for each of a party, in the order given."""
    return tuple(end_scenario(a, tables, dice) for a in adventurers)
