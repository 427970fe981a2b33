"""Experience after an adventure: the chance, +5% on a success, one check per weapon and use,
never below INT near the top, up to 100%, Defense only by experience."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.dice import ScriptedDice
from pyengine.errors import IllegalActionError, RollError
from pyengine.runequest.advancement.experience import FieldUse, after_adventure, experience_chance
from pyengine.runequest.advancement.training import (
    quote_characteristic_training,
    quote_weapon_training,
    start_training,
)
from pyengine.runequest.sheet.adventurer import WeaponSkill
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import Hand, Use
from tests.unit.runequest.rq_fixtures import adventurer, real


@pytest.mark.parametrize(
    ("ability", "int_", "chance"),
    [
        (30, 10, 70),  # "subtract his current chance to hit from 100"
        (30, 12, 70),
        (30, 13, 73),  # "add 3 to this result for every point of INT over 12"
        (30, 18, 88),
        (95, 10, 10),  # 5, but "can never drop below his INT"
        (90, 16, 22),  # 10 + 12 = 22 > 16
        (95, 16, 17),  # 5 + 12 = 17 > 16
        (99, 16, 16),  # 1 + 12 = 13 < 16: INT
    ],
)
def test_the_experience_chance(tables: RuneQuestTables, ability: int, int_: int, chance: int) -> None:
    assert experience_chance(tables, ability, int_)[0] == chance


def test_a_success_adds_5_and_a_failure_nothing(tables: RuneQuestTables) -> None:
    # "This resulting quantity, or less, must be rolled on D100. A successful roll means the character's
    # chance to hit has increased by 5%." Broadsword 10 + 20 = 30: chance 70.
    record = adventurer(weapons=(WeaponSkill(weapon="broadsword", attack=20),))
    won = after_adventure(record, tables, [FieldUse(weapon="broadsword", use=Use.ATTACK)], ScriptedDice([70]))
    lost = after_adventure(record, tables, [FieldUse(weapon="broadsword", use=Use.ATTACK)], ScriptedDice([71]))
    assert won.checks[0].chance == 70
    assert (won.checks[0].success, won.checks[0].gain) == (True, 5)
    assert derive(won.adventurer, tables).weapons[0].attack == 35
    assert (lost.checks[0].success, derive(lost.adventurer, tables).weapons[0].attack) == (False, 30)
    assert won.adventurer.adventures == 1


def test_one_check_per_weapon_and_use_however_often_it_succeeded(tables: RuneQuestTables) -> None:
    # "This only needs to be recorded once for each weapon or shield used, no matter how many times that
    # success happens in a single fight." Attack and parry are checked on their own (RQ-29).
    record = adventurer(weapons=(WeaponSkill(weapon="broadsword"), WeaponSkill(weapon="medium_shield")))
    uses = [
        FieldUse(weapon="broadsword", use=Use.ATTACK),
        FieldUse(weapon="broadsword", use=Use.ATTACK),
        FieldUse(weapon="broadsword", use=Use.PARRY),
        FieldUse(weapon="medium_shield", use=Use.PARRY),
        FieldUse(weapon="medium_shield", use=Use.PARRY),
    ]
    dice = ScriptedDice([1, 1, 1])
    result = after_adventure(record, tables, uses, dice)
    assert [c.target for c in result.checks] == ["broadsword attack", "broadsword parry", "medium_shield parry"]
    assert dice.remaining == ()


def test_a_weapon_used_but_not_on_the_sheet_is_added(tables: RuneQuestTables) -> None:
    result = after_adventure(
        adventurer(), tables, [FieldUse(weapon="dagger", use=Use.ATTACK, hand=Hand.LEFT)], ScriptedDice([100])
    )
    assert result.adventurer.weapons == (WeaponSkill(weapon="dagger", hand=Hand.LEFT),)
    # Off hand: flat 5 + natural 0 = 5: chance 95, rolled 100: no gain.
    assert (result.checks[0].chance, result.checks[0].success) == (95, False)


def test_a_parry_with_what_does_not_parry_is_refused(tables: RuneQuestTables) -> None:
    with pytest.raises(IllegalActionError, match="a javelin does not parry"):
        after_adventure(adventurer(), tables, [FieldUse(weapon="javelin", use=Use.PARRY)], ScriptedDice([1]))


def test_experience_stops_at_100(tables: RuneQuestTables) -> None:
    # "an Adventurer may still learn by experience, all the way up to the full 100% level" (RQ-29).
    # Dagger 25 + 75 = 100: no check. With INT 18 (attack +10): dagger 25 + 10 + 62 = 97: +3 only.
    at_100 = adventurer(weapons=(WeaponSkill(weapon="dagger", attack=75),))
    result = after_adventure(at_100, tables, [FieldUse(weapon="dagger", use=Use.ATTACK)], ScriptedDice([]))
    assert (result.checks[0].chance, result.checks[0].roll) == (None, None)
    near = adventurer(weapons=(WeaponSkill(weapon="dagger", attack=62),), INT=18)
    result = after_adventure(near, tables, [FieldUse(weapon="dagger", use=Use.ATTACK)], ScriptedDice([18]))
    # 3 + 18 = 21 chance; 18 rolled: success, but only 3 to reach 100.
    assert (result.checks[0].chance, result.checks[0].gain) == (21, 3)
    assert derive(result.adventurer, tables).weapons[0].attack == 100


def test_a_use_in_the_field_opens_training_again(tables: RuneQuestTables) -> None:
    # "Once a character has had the chance to use a skill in a 'field' situation ... he may then purchase
    # another 5% of training in it."
    record = msgspec.structs.replace(
        adventurer(weapons=(WeaponSkill(weapon="dagger", attack=5, parry=5, attack_trained=True, parry_trained=True),)),
        money=1000,
    )
    assert quote_weapon_training(record, tables, "dagger").refusal is not None
    uses = [FieldUse(weapon="dagger", use=Use.ATTACK), FieldUse(weapon="dagger", use=Use.PARRY)]
    used = after_adventure(record, tables, uses, ScriptedDice([100, 100])).adventurer
    assert (used.weapons[0].attack_trained, used.weapons[0].parry_trained) == (False, False)
    assert quote_weapon_training(used, tables, "dagger").refusal is None


def test_an_adventure_breaks_the_training_under_way(tables: RuneQuestTables) -> None:
    # "Training must be continuous. Any break forces the Adventurer to start over" (RQ-28).
    record = msgspec.structs.replace(adventurer(CON=14), money=5000)
    record = start_training(record, tables, quote_characteristic_training(record, tables, "STR")).adventurer
    result = after_adventure(record, tables, [], ScriptedDice([]))
    assert result.adventurer.courses == ()
    assert result.adventurer.money == 4000
    assert "RQ-28" in result.working[-1].rulings


# -- Defense ------------------------------------------------------------------------------------


def test_defense_rises_only_by_an_int_roll_when_it_saved_him(tables: RuneQuestTables) -> None:
    # "any time his Defense actually saves him ... he may roll his INT or less on D100 to gain an increase
    # in Defense". DEX 13 gives Defense +5. INT 10: rolled 10, +5 (RQ-30).
    record = adventurer(DEX=13)
    won = after_adventure(record, tables, [], ScriptedDice([10]), defense_saved=True)
    assert (won.checks[0].chance, won.checks[0].gain) == (10, 5)
    assert derive(won.adventurer, tables).defense == 10
    lost = after_adventure(record, tables, [], ScriptedDice([11]), defense_saved=True)
    assert derive(lost.adventurer, tables).defense == 5
    untouched = after_adventure(record, tables, [], ScriptedDice([]))
    assert untouched.checks == ()


def test_no_defense_cannot_improve_by_experience(tables: RuneQuestTables) -> None:
    # "A character with no Defense at all cannot improve by this method until he first gains some Defense
    # score through rising DEX and/or POW."
    result = after_adventure(adventurer(), tables, [], ScriptedDice([]), defense_saved=True)
    assert result.checks[0].chance is None
    assert result.adventurer.defense == 0


def test_defense_is_never_trained(tables: RuneQuestTables) -> None:
    # "Defense is only ever learned through experience — it cannot be bought with training money."
    import pyengine.runequest.advancement.training as training

    assert not any("defense" in name.lower() for name in dir(training) if name.startswith("quote_"))


def test_running_out_of_dice_is_a_roll_error(tables: RuneQuestTables) -> None:
    with pytest.raises(RollError):
        after_adventure(adventurer(), tables, [FieldUse(weapon="dagger", use=Use.ATTACK)], ScriptedDice([]))


@given(st.integers(min_value=-20, max_value=100), st.integers(min_value=3, max_value=21))
def test_the_chance_is_never_below_int(ability: int, int_: int) -> None:
    chance, _ = experience_chance(real(), ability, int_)
    assert chance >= int_
    assert chance >= 100 - ability
