"""Changes by hand to a saved adventurer, each with its working ("the game master can apply
damage or healing by hand too, each change with its working").

The rules are the seed's, through healing's functions: "Points Equaled or Exceeded in Any One
Location", "Arm or Leg Receives More Than Twice the Points Available", "Location Receives 6 More
Points Than Available", "Healing Damage to a Hit Location" (ch. III); "Weapon Damage Absorption"
(ch. IV); "Equivalent Weights — ... 100 L equals one 'thing'" (ch. III, Encumbrance).
"""

from __future__ import annotations

import pytest

from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.campaign.changes import (
    damage_weapon,
    give_healing,
    pull_out,
    repair_weapon,
    set_ammunition,
    spend,
    take_damage,
)
from pyengine.runequest.sheet.derive import derive
from tests.unit.runequest.campaign.campaign_world import rurik


def texts(changed):
    return " | ".join(s.text for s in changed.steps)


def test_damage_by_hand_follows_the_rules_of_a_blow(tables):
    """"Chest — the character falls ... He'll bleed to death in 2 full turns unless treated"."""
    a = rurik()
    changed = take_damage(a, tables, location="chest", points="6", cause="a troll's maul")
    after = changed.adventurer.current
    assert after.wounds.wounds == {"chest": 6} and after.wounds.damage_taken == 6
    assert after.wounds.condition == "incapacitated" and after.wounds.bleeding == {"chest": 50}
    assert [(i.location, i.points, i.cause) for i in after.injuries] == [("chest", 6, "a troll's maul")]
    assert "bleed" in texts(changed) and "unhurt → incapacitated" in texts(changed)
    assert a.current.wounds.wounds == {}, "the old record is not changed"


def test_a_limb_struck_past_twice_its_points_counts_twice_and_6_beyond_is_severed(tables):
    """"A 2-point arm hit for 5 points, for instance, only takes 4 points off the character's total
    Hit Points" — here a 4-point arm hit for 10 takes 8, and "A limb struck for 6 or more points
    beyond what it can hold in a single blow is severed or irrevocably maimed"."""
    changed = take_damage(rurik(), tables, location="right arm", points=10)
    w = changed.adventurer.current.wounds
    assert w.wounds == {"right_arm": 10} and w.damage_taken == 8
    assert w.severed == {"right_arm": 50} and w.maimed == ("right_arm",) and w.condition == "incapacitated"
    assert changed.adventurer.current.injuries[0].points == 10


def test_a_second_blow_to_a_wounded_location_is_its_own_injury(tables):
    a = take_damage(rurik(), tables, location="left_leg", points=2, cause="a dart", fight="Ambush", round=1).adventurer
    a = take_damage(a, tables, location="left_leg", points=2, cause="a club", fight="Ambush", round=3).adventurer
    assert a.current.wounds.wounds == {"left_leg": 4}
    assert [(i.cause, i.points, i.round) for i in a.current.injuries] == [("a dart", 2, 1), ("a club", 2, 3)]


@pytest.mark.parametrize(("kw", "field", "message"), [
    (dict(location="chest", points=-3), "points", "points: -3 is not a number of points; type 1 or more"),
    (dict(location="chest", points="0"), "points", "points: 0 is not a number of points; type 1 or more"),
    (dict(location="chest", points="three"), "points", "points: 'three' is not a number of points; type a whole number, 1 or more"),
    (dict(location="chest", points=""), "points", "points: nothing typed; type a number of points, 1 or more"),
    (dict(location="chest", points=1000), "points", "points: 1000 is more than 999; type 999 or less"),
    (dict(location="elbow", points=3), "location", "location: 'elbow' is not a hit location; choose head, chest, "
                                                   "abdomen, right arm, left arm, right leg or left leg"),
    (dict(location="chest", points=3, cause="x" * 201), "cause", "cause: 201 characters; 200 at most"),
])
def test_bad_damage_is_refused_in_a_players_words(tables, kw, field, message):
    with pytest.raises(RulesError) as caught:
        take_damage(rurik(), tables, **kw)
    assert caught.value.field == field and str(caught.value) == message


def test_a_healing_spell_stops_bleeding_and_heals_the_oldest_wounds_first(tables):
    """"A 2-point Healing spell is necessary just to stop bleeding"; "a Healing spell affects only one
    particular location, the healer's choice"; a location's oldest wound heals first (RQ-100)."""
    a = take_damage(rurik(), tables, location="chest", points=2, cause="first").adventurer
    a = take_damage(a, tables, location="chest", points=4, cause="second").adventurer
    assert a.current.wounds.bleeding == {"chest": 50}
    changed = give_healing(a, tables, points=3, location="chest")
    c = changed.adventurer.current
    assert c.wounds.bleeding == {} and c.wounds.wounds == {"chest": 3}
    assert [(i.cause, i.points) for i in c.injuries] == [("second", 3)]
    assert "stops bleeding" in texts(changed) and "healed: 2 points to the chest (first)" in texts(changed)
    assert any("RQ-100" in s.rulings for s in changed.steps)


def test_a_6_point_healing_reknits_a_severed_limb_within_2_full_turns(tables):
    """"Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb"."""
    a = take_damage(rurik(), tables, location="left_arm", points=10, cause="an axe").adventurer
    c = give_healing(a, tables, points=6, location="left_arm", how="salve").adventurer.current
    assert c.wounds.severed == {} and c.wounds.wounds == {"left_arm": 4}
    assert c.injuries[0].points == 4


def test_a_potion_taken_internally_goes_where_the_dice_send_it(tables):
    """"A potion taken internally instead goes randomly to whatever areas are damaged" (RQ-91)."""
    a = take_damage(rurik(), tables, location="head", points=2).adventurer
    a = take_damage(a, tables, location="right_leg", points=3).adventurer
    with pytest.raises(NoRollLeft):
        give_healing(a, tables, points=3, how="potion")
    changed = give_healing(a, tables, points=3, how="potion", dice=ScriptedDice([2]))
    assert changed.adventurer.current.wounds.wounds == {"head": 2}
    assert [r.value for r in changed.rolls] == [2]
    assert [i.location for i in changed.adventurer.current.injuries] == ["head"]
    with pytest.raises(RulesError) as caught:
        give_healing(a, tables, points=3, how="potion", location="head")
    assert caught.value.field == "location"
    with pytest.raises(RulesError) as caught:
        give_healing(a, tables, points=3, how="spell")
    assert caught.value.field == "location"
    with pytest.raises(RulesError, match=r"how: 'prayer' is not a way of healing") as caught:
        give_healing(a, tables, points=3, how="prayer", location="head")
    with pytest.raises(RulesError, match=r"points: 100 is more than 99") as caught:
        give_healing(a, tables, points=100, location="head")


def test_a_weapon_in_the_wound_stops_healing_until_it_is_pulled_out(tables):
    """"The impaled character cannot be Healed until the weapon is withdrawn"."""
    a = take_damage(rurik(), tables, location="abdomen", points=3, cause="Gork's spear", stuck="spear",
                    stuck_owner="Gork").adventurer
    assert a.current.wounds.impaled == ("abdomen",) and a.current.injuries[0].stuck.owner == "Gork"
    assert give_healing(a, tables, points=3, location="abdomen").adventurer.current.wounds.wounds == {"abdomen": 3}
    out = pull_out(a, location="abdomen")
    assert out.adventurer.current.wounds.impaled == () and out.adventurer.current.injuries[0].stuck is None
    assert "Gork's spear taken out of the abdomen" in texts(out)
    assert give_healing(out.adventurer, tables, points=3, location="abdomen").adventurer.current.wounds.wounds == {}
    with pytest.raises(RulesError, match="nothing is stuck in the abdomen"):
        pull_out(out.adventurer, location="abdomen")


def test_missiles_left_are_counted_only_for_missile_weapons_on_his_sheet(tables):
    a = set_ammunition(rurik(), tables, weapon="self_bow", count="20").adventurer
    assert a.current.ammunition == {"self_bow": 20}
    changed = set_ammunition(a, tables, weapon="self_bow", count=12)
    assert changed.adventurer.current.ammunition == {"self_bow": 12} and "12 missiles left (was 20)" in texts(changed)
    assert set_ammunition(a, tables, weapon="self_bow", count="").adventurer.current.ammunition == {}
    with pytest.raises(RulesError, match="a broadsword is not a missile weapon") as caught:
        set_ammunition(a, tables, weapon="broadsword", count=3)
    assert caught.value.field == "weapon"
    with pytest.raises(RulesError, match=r"'sling' is not a weapon on their sheet \(their: broadsword, self bow, "
                                         r"medium shield \(about 60 cm\) \(left\)\)"):
        set_ammunition(a, tables, weapon="sling", count=3)
    with pytest.raises(RulesError, match="count: -1 is not a number of missiles; type 0 or more"):
        set_ammunition(a, tables, weapon="self_bow", count=-1)


def test_a_weapons_damage_adds_up_until_it_breaks_and_is_repaired_by_hand(tables):
    """"When the accumulated damage a weapon has taken exceeds the amount it can withstand, the weapon
    breaks" — a broadsword withstands 20."""
    a = damage_weapon(rurik(), tables, weapon="broadsword", points=12).adventurer
    assert a.current.weapon_damage == {"broadsword": 12} and a.current.broken == ()
    changed = damage_weapon(a, tables, weapon="broadsword", points="9")
    assert changed.adventurer.current.weapon_damage == {"broadsword": 21}
    assert changed.adventurer.current.broken == ("broadsword",)
    assert "breaks: 21 damage, more than its 20" in texts(changed)
    mended = repair_weapon(changed.adventurer, tables, weapon="broadsword")
    assert mended.adventurer.current.weapon_damage == {} and mended.adventurer.current.broken == ()
    assert "repaired (broken, 21 damage → 0)" in texts(mended)
    shield = damage_weapon(rurik(), tables, weapon="medium_shield@left", broken=True).adventurer
    assert shield.current.broken == ("medium_shield@left",) and shield.current.weapon_damage == {}
    with pytest.raises(RulesError, match="points: 0 points of damage change nothing"):
        damage_weapon(rurik(), tables, weapon="broadsword", points=0)


def test_money_spent_comes_off_what_he_carries_never_below_nothing_and_enc_follows(tables):
    """"multiply maximum ENC by 100 to find how many Lunars a character can carry ... 100 L equals
    one 'thing'": the sheet's money is what he carries now (RQ-101)."""
    a = rurik(money=250)
    enc_before = derive(a, tables).enc
    changed = spend(a, lunars="150", what="a night at the inn")
    b = changed.adventurer
    assert (b.money, b.savings) == (100, 50)
    assert [(s.lunars, s.what, s.source) for s in b.current.spent] == [(150, "a night at the inn", "carried")]
    assert derive(b, tables).enc != enc_before, "ENC counts what he carries"
    assert "250 → 100 L" in texts(changed)
    with pytest.raises(RulesError) as caught:
        spend(b, lunars=101, what="a horse")
    assert caught.value.field == "lunars" and str(caught.value) == "lunars: 101 L is more than the 100 L they carry"
    c = spend(b, lunars=50, what="a sword", source="savings").adventurer
    assert (c.money, c.savings) == (100, 0) and c.current.spent[-1].source == "savings"
    with pytest.raises(RulesError, match="what: say what the money was spent on") as caught:
        spend(b, lunars=1, what="  ")
    with pytest.raises(RulesError, match="lunars: -3 is not a sum of Lunars; type 1 or more"):
        spend(b, lunars=-3, what="beer")


def test_a_wound_by_hand_may_say_which_fight_and_round(tables):
    a = take_damage(rurik(), tables, location="head", points=1, fight="The ford", round="3").adventurer
    assert (a.current.injuries[0].fight, a.current.injuries[0].round) == ("The ford", 3)
    with pytest.raises(RulesError, match="round: 10001 is more than 10000") as caught:
        take_damage(rurik(), tables, location="head", points=1, round=10_001)
    assert caught.value.field == "round"
