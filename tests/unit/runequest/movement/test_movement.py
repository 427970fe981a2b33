"""Movement at its three scales and falling, from the seed's words (ch. III, "Movement";
the "Rambling Runequestions" sidebar on falling damage)."""

from __future__ import annotations

import pytest

from pyengine.cli.tables import hit_locations
from pyengine.dice import ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.healing.model import Frame
from pyengine.runequest.movement.daily import day_of_travel, journey
from pyengine.runequest.movement.falling import fall
from pyengine.runequest.movement.scenario import chase, full_turn

FOURTEEN = Frame(hit_points=14, locations={"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6,
                                           "right_arm": 4, "left_arm": 4, "head": 5})


# -- daily movement ---------------------------------------------------------------------------


def test_cavalry_through_forested_mountains_manages_about_4_7_km(tables):
    """"These conditions are cumulative. A party attempting cavalry movement through forested
    mountains has its movement cut first by 2/3, and then by a further 1/3: instead of covering
    40 km a day, it manages roughly 4.7 km (40 − 2/3×40 = 14×1/3 = 4.7 km)." (RQ-94)"""
    day = day_of_travel(tables.movement, mode="cavalry", terrain=("forest", "mountains"))
    assert day.base_km == 40
    assert day.km == 4.7
    words = " | ".join(s.text for s in day.steps)
    assert "mountains" in words and "forest" in words
    assert any("RQ-94" in s.rulings for s in day.steps)


def test_each_terrain_alone_takes_its_own_fraction_off(tables):
    """"Forest — reduces movement by 1/3 unless the party is on a road or trail. Rolling hills —
    reduce movement by 1/3. Mountains — reduce movement by 2/3.\""""
    m = tables.movement
    assert day_of_travel(m, mode="cavalry", terrain=("forest",)).km == 26.7
    assert day_of_travel(m, mode="cavalry", terrain=("rolling_hills",)).km == 26.7
    assert day_of_travel(m, mode="cavalry", terrain=("mountains",)).km == 13.3
    assert day_of_travel(m, mode="cavalry").km == 40


def test_a_road_or_trail_through_forest_keeps_the_pace(tables):
    day = day_of_travel(tables.movement, km_per_day=30, terrain=("forest",), road=True)
    assert day.km == 30
    assert "road or trail" in " ".join(s.text for s in day.steps)


def test_a_base_rate_is_needed_and_only_one(tables):
    with pytest.raises(RulesError, match="km a day"):
        day_of_travel(tables.movement)
    with pytest.raises(RulesError, match="walking"):
        day_of_travel(tables.movement, mode="walking")


def test_a_major_river_takes_a_day_to_cross_unless_bridged_or_forded(tables):
    """"Major rivers — one day to cross unless bridged or very shallow at a ford.\""""
    day = day_of_travel(tables.movement, mode="cavalry")
    trip = journey(tables.movement, day, distance_km=100, rivers=2)
    assert trip.days == 4.5  # 100 km at 40 a day, and a day for each river
    assert journey(tables.movement, day, distance_km=100).days == 2.5


# -- scenario movement -------------------------------------------------------------------------


def test_a_full_turn_cautious_stroll_or_run(tables):
    """"During a full turn, a character may cautiously advance 120 meters, stroll as much as 240,
    or run up to 1000.\""""
    m = tables.movement
    assert [full_turn(m, pace).metres for pace in ("cautious", "stroll", "run")] == [120, 240, 1000]
    assert full_turn(m, "run", turns=3).metres == 3000


def test_a_riding_animal_doubles_it_but_a_walking_horse_needs_training_to_outpace_a_man(tables):
    """"A riding animal can double this speed, though a walking horse doesn't outpace a walking man
    unless it's well trained." (RQ-95)"""
    m = tables.movement
    assert full_turn(m, "run", mounted=True).metres == 2000
    assert full_turn(m, "stroll", mounted=True).metres == 240
    assert full_turn(m, "stroll", mounted=True, well_trained=True).metres == 480
    assert full_turn(m, "cautious", mounted=True, well_trained=True).metres == 240


def test_flight_and_chase_multiply_melee_movement(tables):
    """"double all two-legged movement speeds; triple the speed of all four-or-more-legged creatures
    as well as two-legged species of extraordinary size, such as giants; and multiply the speed of
    flying creatures by 5. Non-legged creatures should have their speed multiplied by 1.5 instead.\""""
    m = tables.movement
    assert chase(m, move=8, kind="two_legged").metres == 48  # 8 units of 3 m, doubled
    assert chase(m, move=10, kind="four_legged_or_giant").metres == 90
    assert chase(m, move=6, kind="flying").metres == 90
    assert chase(m, move=3, kind="legless").metres == 13.5
    with pytest.raises(RulesError, match="movement class"):
        chase(m, move=0, kind="two_legged")


# -- falling -------------------------------------------------------------------------------------


def test_one_d6_for_every_3_metres_fallen(tables):
    """"the compromise was simply to add one extra D6 of damage per 3 meters fallen" (RQ-96: each
    full 3 m adds a D6; the damage strikes one D20 location, armour protects)."""
    result = fall(tables.movement, hit_locations(), 9, ScriptedDice([4, 5, 6, 19]), armour={"head": 3})
    assert result.dice == "3D6"
    assert result.damage == 15
    assert result.location == "head"
    assert result.armour_absorbed == 3 and result.location_damage == 12
    assert any("RQ-96" in s.rulings for s in result.steps)


def test_a_fall_of_less_than_3_metres_does_no_damage_and_3_to_6_does_1d6(tables):
    assert fall(tables.movement, hit_locations(), 2, ScriptedDice([])).damage == 0
    assert fall(tables.movement, hit_locations(), 5, ScriptedDice([3, 1])).dice == "1D6"


def test_a_fall_wounds_by_the_wound_rules_when_the_body_is_known(tables):
    result = fall(tables.movement, hit_locations(), 12, ScriptedDice([6, 6, 6, 6, 19]), frame=FOURTEEN)
    assert result.wound is not None and result.wound.instant_death  # 24 to a 5-point head
    assert result.wounds is not None and result.wounds.condition == "dead"


def test_a_fall_from_a_horse(tables):
    """"Falling from a horse is treated the same way ... riders who take a 'luck roll' and blow it
    should just take the same damage shown for a surprised rider thrown from his mount" (RQ-96:
    DEX×5 or 1D6 to a D20 location, the seed's numbers for a character thrown)."""
    m, locs = tables.movement, hit_locations()
    lucky = fall(m, locs, 0, ScriptedDice([40]), from_horse=True, dex=12)
    assert lucky.damage == 0 and lucky.luck_roll == 40
    unlucky = fall(m, locs, 0, ScriptedDice([61, 4, 10]), from_horse=True, dex=12)
    assert (unlucky.dice, unlucky.damage, unlucky.location) == ("1D6", 4, "abdomen")
    surprised = fall(m, locs, 0, ScriptedDice([4, 10]), from_horse=True, surprised=True)
    assert surprised.damage == 4 and surprised.luck_roll is None
    with pytest.raises(RulesError, match="DEX"):
        fall(m, locs, 0, ScriptedDice([40]), from_horse=True)
