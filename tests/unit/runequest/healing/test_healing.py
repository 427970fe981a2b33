"""Healing over time, from the seed's words (ch. III, "Notes on Damage Results" and
"Healing Damage to a Hit Location"; ch. IV, "Optional Consequences of Impaling").

The state is :class:`~pyengine.runequest.healing.Wounds`; the rules are pure functions of
(the body's hit points, the wounds, what is done or how long passes, the dice).
"""

from __future__ import annotations

import msgspec
import pytest

from pyengine.dice import ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.healing.elapse import pass_time
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import Elapsed, Frame, Healing, Wounds
from pyengine.runequest.healing.treatment import heal

#: "a character with total Hit Points of 14 would have 5 points in his abdomen, 4 in each arm,
#: 5 in his head, and 6 in his chest, plus (from the leg row) 5 in each leg"
FOURTEEN = Frame(hit_points=14, locations={"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6,
                                           "right_arm": 4, "left_arm": 4, "head": 5})
#: A frame with 2-point arms (total 8: the 07-09 column).
EIGHT = Frame(hit_points=8, locations={"right_leg": 3, "left_leg": 3, "abdomen": 3, "chest": 4,
                                       "right_arm": 2, "left_arm": 2, "head": 3})


def wounded(frame, *blows):
    wounds = Wounds()
    for key, damage in blows:
        wounds, _ = take_wound(frame, wounds, key, damage)
    return wounds


def texts(result):
    return " | ".join(s.text for s in result.steps)


# -- natural healing ---------------------------------------------------------------------------


def test_natural_healing_is_one_point_a_week_in_each_wounded_location():
    """"Natural Healing — without Healing spells or potions, a character recovers from wounds at the
    rate of 1 point per game week, in each wounded location.\""""
    wounds = wounded(FOURTEEN, ("right_arm", 3), ("left_leg", 2))
    assert wounds.damage_taken == 5
    week = pass_time(FOURTEEN, wounds, Elapsed(weeks=1))
    assert week.wounds.wounds == {"right_arm": 2, "left_leg": 1}
    assert week.wounds.damage_taken == 3
    assert "1 point per game week" in texts(week)
    assert any("RQ-92" in s.rulings for s in week.steps)


def test_days_of_rest_add_up_to_a_week_and_never_heal_below_nothing():
    """A game week is 7 days (RQ-92): 3 days and then 4 heal as a week does; 3 weeks on a 2-point
    wound leave it healed, not below 0."""
    wounds = wounded(FOURTEEN, ("right_arm", 2))
    three = pass_time(FOURTEEN, wounds, Elapsed(days=3))
    assert three.wounds.wounds == {"right_arm": 2} and three.wounds.resting == {"right_arm": 3}
    seven = pass_time(FOURTEEN, three.wounds, Elapsed(days=4))
    assert seven.wounds.wounds == {"right_arm": 1}
    healed = pass_time(FOURTEEN, seven.wounds, Elapsed(weeks=3))
    assert healed.wounds == Wounds()
    assert healed.wounds.condition == "unhurt"


def test_a_fights_rounds_do_not_count_as_rest():
    wounds = wounded(FOURTEEN, ("right_arm", 2))
    assert pass_time(FOURTEEN, wounds, Elapsed(turns=20)).wounds.wounds == {"right_arm": 2}


# -- the clocks: 2 full turns -----------------------------------------------------------------


def test_a_chest_wound_bleeds_to_death_in_two_full_turns():
    """"Chest — ... He'll bleed to death in 2 full turns unless treated" — a full turn is 25 melee rounds."""
    wounds = wounded(FOURTEEN, ("chest", 6))
    assert wounds.bleeding == {"chest": 50} and wounds.condition == "incapacitated"
    almost = pass_time(FOURTEEN, wounds, Elapsed(rounds=49))
    assert almost.wounds.condition == "incapacitated" and almost.wounds.bleeding == {"chest": 1}
    dead = pass_time(FOURTEEN, almost.wounds, Elapsed(rounds=1))
    assert dead.wounds.condition == "dead" and dead.wounds.bleeding == {}
    assert "bled to death" in texts(dead)


def test_a_day_passing_over_an_untreated_abdomen_wound_is_death_not_healing():
    """"Abdomen — ... If left unhealed within 2 full turns, he'll bleed to death.\""""
    wounds = wounded(FOURTEEN, ("abdomen", 5))
    later = pass_time(FOURTEEN, wounds, Elapsed(days=7))
    assert later.wounds.condition == "dead"
    assert later.wounds.wounds == {"abdomen": 5}  # the dead do not heal


def test_the_head_must_be_healed_within_two_full_turns_or_he_dies():
    """"Head — the character is unconscious and must be healed within 2 full turns, or die.\""""
    wounds = wounded(FOURTEEN, ("head", 5))
    assert wounds.condition == "unconscious" and wounds.bleeding == {"head": 50}
    assert pass_time(FOURTEEN, wounds, Elapsed(turns=2)).wounds.condition == "dead"
    healed = heal(FOURTEEN, wounds, Healing(how="spell", location="head", points=2))
    assert healed.wounds.bleeding == {} and healed.wounds.wounds == {"head": 3}
    assert healed.wounds.condition == "fighting"
    assert pass_time(FOURTEEN, healed.wounds, Elapsed(turns=2)).wounds.condition == "fighting"


# -- Healing spells and potions ---------------------------------------------------------------


def test_a_healing_spell_affects_only_the_location_the_healer_chooses():
    """"a Healing spell affects only one particular location, the healer's choice.\""""
    wounds = wounded(FOURTEEN, ("right_arm", 3), ("left_leg", 2))
    result = heal(FOURTEEN, wounds, Healing(how="spell", location="left_leg", points=4))
    assert result.wounds.wounds == {"right_arm": 3}
    assert result.wounds.damage_taken == 3
    assert "2 points healed on the left leg" in texts(result)


def test_two_points_are_needed_just_to_stop_bleeding():
    """"A 2-point Healing spell is necessary just to stop bleeding.\""""
    wounds = wounded(FOURTEEN, ("abdomen", 5))
    one = heal(FOURTEEN, wounds, Healing(how="spell", location="abdomen", points=1))
    assert one.wounds.bleeding == {"abdomen": 50} and one.wounds.wounds == {"abdomen": 4}
    assert "2 are needed to stop the bleeding" in texts(one)
    two = heal(FOURTEEN, one.wounds, Healing(how="spell", location="abdomen", points=2))
    assert two.wounds.bleeding == {}


def test_the_impaled_cannot_be_healed_until_the_weapon_is_out_but_the_bleeding_can_be_stopped():
    """"The impaled character cannot be Healed until the weapon is withdrawn. A Healing 2 spell, or
    some other form of first aid, can stop the bleeding without withdrawing the weapon, but no
    points will actually be healed until the weapon comes out.\""""
    wounds = wounded(FOURTEEN, ("chest", 6))
    wounds = msgspec.structs.replace(wounds, impaled=("chest",))
    result = heal(FOURTEEN, wounds, Healing(how="spell", location="chest", points=4))
    assert result.wounds.bleeding == {} and result.wounds.wounds == {"chest": 6}
    assert "no points heal" in texts(result)
    # nor does a week of rest heal it
    assert pass_time(FOURTEEN, result.wounds, Elapsed(weeks=1)).wounds.wounds == {"chest": 6}


def test_a_salve_treats_only_the_location_it_is_applied_to():
    """"a salve or other externally-applied item treats only the specific location it's applied to.\""""
    wounds = wounded(FOURTEEN, ("right_arm", 3), ("chest", 2))
    result = heal(FOURTEEN, wounds, Healing(how="salve", location="right_arm", points=5))
    assert result.wounds.wounds == {"chest": 2}


def test_a_potion_taken_internally_goes_randomly_to_the_damaged_areas_until_its_points_run_out():
    """"A potion taken internally instead goes randomly to whatever areas are damaged (if there's
    more than one), healing what needs healing until its points run out." (RQ-91: a die among the
    hurt locations in the sheet's order, each taking all it needs.)"""
    wounds = wounded(FOURTEEN, ("right_leg", 2), ("chest", 3), ("head", 1))
    # hurt, in the sheet's order: head, chest, right leg. D3 = 2: the chest takes its 3;
    # D2 (head, right leg) = 1: the head takes the last point.
    result = heal(FOURTEEN, wounds, Healing(how="potion", points=4), ScriptedDice([2, 1]))
    assert result.wounds.wounds == {"right_leg": 2}
    assert result.wounds.damage_taken == 2
    assert [(r.sides, r.value) for r in result.rolls] == [(3, 2), (2, 1)]
    assert any("RQ-91" in s.rulings for s in result.steps)


def test_a_potion_with_one_damaged_area_rolls_nothing_and_extra_points_are_wasted():
    wounds = wounded(FOURTEEN, ("left_arm", 2))
    result = heal(FOURTEEN, wounds, Healing(how="potion", points=6), ScriptedDice([]))
    assert result.wounds == Wounds() and result.rolls == ()
    assert "4 points left over" in texts(result)


def test_healing_needs_a_location_for_a_spell_and_none_for_a_potion():
    with pytest.raises(RulesError, match="location"):
        heal(FOURTEEN, Wounds(), Healing(how="spell", points=2))
    with pytest.raises(RulesError, match="location"):
        heal(FOURTEEN, Wounds(), Healing(how="potion", location="head", points=2))


def test_the_dead_are_not_healed():
    wounds = wounded(FOURTEEN, ("head", 11))  # 6 beyond its 5: instant death
    assert wounds.condition == "dead"
    result = heal(FOURTEEN, wounds, Healing(how="spell", location="head", points=6))
    assert result.wounds == wounds and "dead" in texts(result)


# -- severed limbs ------------------------------------------------------------------------------


def test_a_severed_limb_is_reknit_by_six_points_within_two_full_turns():
    """"A limb struck for 6 or more points beyond what it can hold in a single blow is severed or
    irrevocably maimed. Only a 6-point Healing spell or potion, applied within 2 full turns, will
    reknit the limb." — and "a full 6-point Healing spell is necessary to replace a severed or maimed limb"."""
    wounds = wounded(FOURTEEN, ("right_arm", 11))
    assert wounds.severed == {"right_arm": 50} and wounds.condition == "incapacitated"
    later = pass_time(FOURTEEN, wounds, Elapsed(rounds=49))
    knit = heal(FOURTEEN, later.wounds, Healing(how="spell", location="right_arm", points=6))
    assert knit.wounds.severed == {}
    assert knit.wounds.wounds == {"right_arm": 5}
    assert "reknit" in texts(knit)
    # still at or over its 4 points: useless, and he cannot fight until it is healed (RQ-93)
    assert knit.wounds.condition == "incapacitated"
    mended = heal(FOURTEEN, knit.wounds, Healing(how="spell", location="right_arm", points=2))
    assert mended.wounds.condition == "fighting" and mended.wounds.maimed == ()


def test_after_two_full_turns_a_severed_limb_stays_severed():
    wounds = wounded(FOURTEEN, ("right_arm", 11))
    late = pass_time(FOURTEEN, wounds, Elapsed(turns=2))
    assert late.wounds.severed == {"right_arm": 0}
    assert "severed for good" in texts(late)
    result = heal(FOURTEEN, late.wounds, Healing(how="spell", location="right_arm", points=6))
    assert result.wounds.severed == {"right_arm": 0} and result.wounds.wounds == {"right_arm": 5}
    assert "too late to reknit" in texts(result)


def test_six_points_must_come_at_once():
    wounds = wounded(FOURTEEN, ("left_leg", 12))
    five = heal(FOURTEEN, wounds, Healing(how="spell", location="left_leg", points=5))
    one = heal(FOURTEEN, five.wounds, Healing(how="spell", location="left_leg", points=1))
    assert one.wounds.severed == {"left_leg": 50}
    assert "needs 6 points at once" in texts(five)


def test_a_potion_can_reknit_a_limb():
    """"Only a 6-point Healing spell or potion ...": a salve of 6 on the limb, or a potion taken
    internally whose points reach it, 6 or more of them (RQ-91)."""
    wounds = wounded(FOURTEEN, ("right_arm", 11))
    salve = heal(FOURTEEN, wounds, Healing(how="salve", location="right_arm", points=6))
    assert salve.wounds.severed == {}
    drunk = heal(FOURTEEN, wounds, Healing(how="potion", points=8), ScriptedDice([]))
    assert drunk.wounds.severed == {} and drunk.wounds.wounds == {"right_arm": 3}


# -- more than twice a limb's points --------------------------------------------------------------


def test_points_beyond_twice_a_limb_never_counted_and_heal_first():
    """"A 2-point arm hit for 5 points, for instance, only takes 4 points off the character's total
    Hit Points — the fifth point has no effect" and "a character damaged this severely from a single
    blow is functionally incapacitated regardless. He cannot fight until healed" (RQ-90, RQ-93)."""
    wounds = wounded(EIGHT, ("right_arm", 5))
    assert (wounds.damage_taken, wounds.condition, wounds.maimed) == (4, "incapacitated", ("right_arm",))
    one = heal(EIGHT, wounds, Healing(how="spell", location="right_arm", points=1))
    assert one.wounds.wounds == {"right_arm": 4} and one.wounds.damage_taken == 4
    more = heal(EIGHT, one.wounds, Healing(how="spell", location="right_arm", points=3))
    assert more.wounds.wounds == {"right_arm": 1} and more.wounds.damage_taken == 1
    assert more.wounds.condition == "fighting" and more.wounds.maimed == ()


def test_every_change_keeps_its_working_with_the_seeds_section():
    wounds = wounded(FOURTEEN, ("abdomen", 5))
    result = heal(FOURTEEN, wounds, Healing(how="spell", location="abdomen", points=3))
    assert all(s.source for s in result.steps)
    assert any(s.source == "ch. III, Healing Damage to a Hit Location" for s in result.steps)
