"""CHA's definite changes (seed ch. II): oratory, the main weapon, showy magic, leadership."""

from __future__ import annotations

import pytest

from pyengine.dice import ScriptedDice
from pyengine.runequest.advancement import charisma
from pyengine.runequest.tables.catalogue import RuneQuestTables
from tests.unit.runequest.rq_fixtures import adventurer


@pytest.mark.parametrize(("gained", "points"), [(0, 0), (24, 0), (25, 1), (74, 2), (100, 4), (150, 4)])
def test_oratory_gives_a_point_per_25_at_most_4(gained: int, points: int) -> None:
    # "Each 25% of skill gained in Oratory raises CHA by 1 point, to a maximum of 4 points this way."
    assert charisma.oratory(gained)[0] == points


@pytest.mark.parametrize(
    ("before", "after", "points"), [(45, 70, 0), (50, 75, 1), (70, 80, 1), (75, 99, 0), (60, 150, 4)]
)
def test_the_main_weapon_past_50(before: int, after: int, points: int) -> None:
    # "Each 25% increase in the use of one's main weapon (after it passes 50%) adds 1 point of CHA. There's
    # no cap" (RQ-35): 75%, 100%, 125%, 150% each give one.
    assert charisma.main_weapon(before, after)[0] == points


def test_showy_magic_counts_once() -> None:
    # "only 1 point total, no matter whether the character owns one such item or a hundred"
    assert charisma.showy_magic(False)[0] == 1
    assert charisma.showy_magic(True)[0] == 0


def test_leadership_rolls_cha_or_less() -> None:
    # "the character rolls his CHA as a percentage or less for a gain"
    assert charisma.led_expedition(14, ScriptedDice([14]))[0] == 1
    assert charisma.led_expedition(14, ScriptedDice([15]))[0] == 0


def test_a_disaster_costs_1d3_on_a_failed_cha_roll() -> None:
    # "roll his CHA as a percentage — and lose 1 to 3 CHA points on a failure"
    assert charisma.disastrous_expedition(14, ScriptedDice([14]))[0] == 0
    assert charisma.disastrous_expedition(14, ScriptedDice([15, 3]))[0] == -3


def test_cha_stays_within_3_and_21(tables: RuneQuestTables) -> None:
    # "No characteristic may ever be increased, for any reason ... beyond" 21; "no characteristic may
    # voluntarily be reduced below" 3.
    high, step = charisma.apply_change(adventurer(CHA=20), tables, 4)
    assert high.characteristics.CHA == 21 and "held to 21" in step.text
    low, _ = charisma.apply_change(adventurer(CHA=4), tables, -3)
    assert low.characteristics.CHA == 3
