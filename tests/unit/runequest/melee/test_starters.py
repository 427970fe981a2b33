"""Ready opponents (issue 34): humans rolled by the seed's own rules, from the seed's words (ch. II, IV).

"To build a human Adventurer, roll 3D6 for each of seven characteristics" · "A character with CON 12,
SIZ 17, and POW 18 would have 15 Hit Points" · "a character with total Hit Points of 14 would have 5
points in his abdomen, 4 in each arm, 5 in his head, and 6 in his chest, plus … 5 in each leg" · "If the
natural ability plus the basic chance … add up to less than 25%, the bands will train the character up to
a flat 25% ability" (RQ-25, RQ-144).
"""

from __future__ import annotations

import pytest

from pyengine.dice import RandomDice, RanOut, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.starters import roll_starter, rolled_words, starter_record
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.tables.starters import Starter, StarterWeapon

STARTERS = ("militia", "bandit", "mercenary", "veteran")

#: Three D6 for each characteristic, STR CON SIZ INT POW DEX CHA: 10 11 10 10 10 10 10.
AVERAGE = [3, 3, 4, 4, 4, 3, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4]


def dice_for(**scores: int) -> ScriptedDice:
    """Three D6 a characteristic (STR first) making ``scores``; 10 (3+3+4) for any not given."""
    rolls = []
    for c in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"):
        total = scores.get(c, 10)
        first = min(6, total - 2)
        second = min(6, total - first - 1)
        rolls += [first, second, total - first - second]
    return ScriptedDice(rolls)


def test_the_starters_are_humans_of_the_seed():
    from pyengine.cli.tables import load_tables

    tables = load_tables()
    assert [s.id for s in tables.starters.starters] == list(STARTERS)
    for s in tables.starters.starters:
        assert s.source and s.about and "RQ-144" in s.rulings


@pytest.mark.parametrize("starter", STARTERS)
def test_each_characteristic_is_its_own_3d6_roll_kept_for_the_working(tables, starter):
    dice = ScriptedDice([1, 2, 3, 4, 5, 6, 6, 6, 6, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    r = roll_starter(tables, starter, dice, name="Bandit 1", side="Foes")
    assert dice.remaining == ()
    assert [roll.expression for roll in r.rolls.rolls] == ["3D6"] * 7
    assert r.characteristics == Characteristics(STR=6, CON=15, SIZ=18, INT=3, POW=6, DEX=9, CHA=12)
    assert r.working[0].text == "STR 3D6: 1 + 2 + 3 = 6"
    assert r.working[6].text == "CHA 3D6: 4 + 4 + 4 = 12"
    assert r.combatant.name == "Bandit 1" and r.combatant.side == "Foes"
    assert (r.combatant.STR, r.combatant.CON, r.combatant.SIZ, r.combatant.DEX) == (6, 15, 18, 9)
    words = rolled_words(r)
    assert words.startswith("Bandit 1: STR 6 (1+2+3), CON 15 (4+5+6), SIZ 18 (6+6+6), INT 3 (1+1+1), POW 6 (2+2+2), "
                            "DEX 9 (3+3+3), CHA 12 (4+4+4);")


def test_the_seeds_hit_points_example_from_rolled_dice(tables):
    # "A character with CON 12, SIZ 17, and POW 18 would have 15 Hit Points"
    r = roll_starter(tables, "militia", dice_for(CON=12, SIZ=17, POW=18), name="Militia", side="Foes")
    assert r.combatant.hit_points == 15
    assert "CON 12 + SIZ 17 (+2) + POW 18 (+1) = 15" in next(s.text for s in r.working if s.field == "hit_points")


def test_the_seeds_location_example_from_rolled_dice(tables):
    # "a character with total Hit Points of 14 would have 5 points in his abdomen, 4 in each arm, 5 in his
    # head, and 6 in his chest, plus (from the leg row) 5 in each leg"
    r = roll_starter(tables, "bandit", dice_for(CON=14), name="Bandit", side="Foes")
    assert r.combatant.hit_points == 14
    assert r.combatant.locations == {"head": 5, "chest": 6, "abdomen": 5, "right_arm": 4, "left_arm": 4,
                                     "right_leg": 5, "left_leg": 5}


def test_characteristics_stay_within_three_to_eighteen_and_every_individual_differs(tables):
    dice = RandomDice(34)
    seen = set()
    for n in range(60):
        r = roll_starter(tables, STARTERS[n % 4], dice, name=f"X {n}", side="Foes")
        scores = [v for _, v in r.characteristics.items()]
        assert all(3 <= v <= 18 for v in scores)
        seen.add(tuple(scores))
    assert len(seen) > 50


def test_the_bands_train_to_a_flat_25_whatever_the_minus(tables):
    # INT 7 and DEX 7: natural attack -10; "that minus must be 'trained away' first"
    r = roll_starter(tables, "militia", dice_for(INT=7, DEX=7), name="Militia", side="Foes")
    spear = next(a for a in r.combatant.arms if a.name == "short spear")
    assert spear.attack == 25 and spear.parry.chance == 25
    dagger = next(a for a in r.combatant.arms if a.name == "dagger")
    assert dagger.attack == 25 - 10  # untrained: basic 25 + natural -10


def test_a_man_already_at_25_gets_one_step_of_5_from_the_bands(tables):
    # "If the natural ability and basic chance instead add up to 25% or more, the bands will train the
    # character at the 30-50% rate for an increase of 5%"
    starter = Starter(id="knifer", name="Knifer", about="test", source="test",
                      weapons=(StarterWeapon(weapon="dagger", courses=1),))
    record, steps = starter_record(tables, starter, Characteristics(STR=10, CON=10, SIZ=10, INT=10, POW=10, DEX=10,
                                                                   CHA=10))
    assert (record.weapons[0].attack, record.weapons[0].parry) == (5, 5)
    assert "attack 25 -> 30%" in steps[0].text


def test_the_veterans_stated_steps_on_an_average_man(tables):
    r = roll_starter(tables, "veteran", ScriptedDice(AVERAGE), name="Veteran", side="Foes")
    sword = next(a for a in r.combatant.arms if a.name == "broadsword")
    # basic 10, natural 0; the bands' course to 25, two courses of 5, two experience rolls of 5
    assert sword.attack == 45 and sword.parry.chance == 45
    shield = next(a for a in r.combatant.arms if a.parry is not None and a.parry.kind == "shield")
    assert shield.parry.chance == 10 + 3 * 5  # medium shield basic 10, three experience rolls
    # worn: chainmail hauberk (chest, abdomen 5), sleeves (arms 5), trews (abdomen, legs 5), closed helm (head 5)
    assert r.combatant.armour == {"head": 5, "chest": 5, "abdomen": 10, "right_arm": 5, "left_arm": 5,
                                  "right_leg": 5, "left_leg": 5}


def test_too_weak_for_his_spear_he_fights_with_his_knife_and_the_working_says_why(tables):
    r = roll_starter(tables, "militia", dice_for(STR=5), name="Militia 1", side="Foes")
    names = [a.name for a in r.combatant.arms]
    assert "short spear" not in names and "dagger" in names
    assert any("STR 5 is below the 9 a short spear needs" in s.text for s in r.working)
    assert "cannot use: short spear" in rolled_words(r)


def test_an_unknown_starter_or_dice_that_run_out_are_refused(tables):
    with pytest.raises(IllegalActionError, match="'broo' is not one of them"):
        roll_starter(tables, "broo", ScriptedDice(AVERAGE), name="Broo", side="Foes")
    with pytest.raises(RanOut):
        roll_starter(tables, "bandit", ScriptedDice([3, 3]), name="Bandit", side="Foes")
