"""Time passes for one adventurer or a party (""N days pass" / "a week passes" for one
adventurer or the whole party applies the seed's healing ... with working ... Never below 0 damage,
never past maxima").

"Natural Healing — without Healing spells or potions, a character recovers from wounds at the rate
of 1 point per game week, in each wounded location" (ch. III); "If left unhealed within 2 full
turns, he'll bleed to death"; "A full turn represents 5 minutes, or 25 melee rounds".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.errors import RulesError
from pyengine.runequest.campaign.changes import damage_weapon, set_ammunition, take_damage
from pyengine.runequest.campaign.health import frame_of, vitals
from pyengine.runequest.campaign.time import A_WEEK, elapsed, party_time_passes, time_passes
from pyengine.runequest.healing.model import Elapsed
from tests.unit.runequest.campaign.campaign_world import rurik

LOCATIONS = ["head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg"]


def texts(changed):
    return " | ".join(s.text for s in changed.steps)


def test_a_week_heals_one_point_in_each_wounded_location_oldest_injury_first(tables):
    a = take_damage(rurik(), tables, location="right_leg", points=1, cause="a dart", fight="Ambush", round=1).adventurer
    a = take_damage(a, tables, location="right_leg", points=2, cause="a club", fight="Ambush", round=2).adventurer
    a = take_damage(a, tables, location="head", points=2, cause="a fall").adventurer
    week = time_passes(a, tables, A_WEEK)
    c = week.adventurer.current
    assert c.wounds.wounds == {"right_leg": 2, "head": 1} and c.wounds.damage_taken == 3
    # RQ-100: the point healed at the right leg comes off its oldest injury, which leaves the list
    assert [(i.cause, i.points) for i in c.injuries] == [("a club", 2), ("a fall", 1)]
    assert "time passes: 1 week" in texts(week) and "1 point per game week" in texts(week)
    assert "healed: 1 point to the right leg (a dart; Ambush, round 1)" in texts(week)


def test_days_add_up_to_a_week(tables):
    a = take_damage(rurik(), tables, location="chest", points=2).adventurer
    three = time_passes(a, tables, elapsed(days="3")).adventurer
    assert three.current.wounds.wounds == {"chest": 2} and three.current.wounds.resting == {"chest": 3}
    seven = time_passes(three, tables, elapsed(days=4)).adventurer
    assert seven.current.wounds.wounds == {"chest": 1} and seven.current.injuries[0].points == 1


def test_an_untreated_chest_wound_kills_in_2_full_turns_when_time_passes(tables):
    a = take_damage(rurik(), tables, location="chest", points=6).adventurer
    almost = time_passes(a, tables, elapsed(turns=1, rounds=24)).adventurer
    assert almost.current.wounds.condition == "incapacitated" and almost.current.wounds.bleeding == {"chest": 1}
    dead = time_passes(almost, tables, elapsed(rounds=1))
    assert dead.adventurer.current.wounds.condition == "dead" and "bled to death" in texts(dead)
    assert dead.adventurer.current.injuries == a.current.injuries, "the dead keep their wounds"


def test_time_mends_no_weapon_and_finds_no_arrow(tables):
    a = damage_weapon(rurik(), tables, weapon="broadsword", points=5).adventurer
    a = set_ammunition(a, tables, weapon="self_bow", count=3).adventurer
    later = time_passes(a, tables, Elapsed(weeks=10)).adventurer
    assert later.current.weapon_damage == {"broadsword": 5} and later.current.ammunition == {"self_bow": 3}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LOCATIONS), st.integers(1, 5)), max_size=4),
       st.integers(0, 60), st.integers(0, 12))
def test_never_below_0_damage_never_past_the_maxima(blows, days, weeks):
    from tests.unit.runequest.rq_fixtures import real

    tables = real()
    a = rurik()
    for location, points in blows:
        a = take_damage(a, tables, location=location, points=points).adventurer
    if a.current.wounds.condition == "dead" or not (days or weeks):
        return
    after = time_passes(a, tables, Elapsed(days=days, weeks=weeks)).adventurer
    frame = frame_of(after, tables)
    v = vitals(after.current, frame)
    assert 0 <= v.damage_taken <= a.current.wounds.damage_taken
    assert v.left <= frame.hit_points
    for row in v.locations:
        assert 0 <= row.damage <= a.current.wounds.wounds.get(row.key, 0) and row.left <= row.hit_points
    assert sum(i.points for i in after.current.injuries) == sum(after.current.wounds.wounds.values())
    if a.current.wounds.bleeding:
        assert after.current.wounds.condition == "dead"
    else:
        healed = {k: max(d - (days + 7 * weeks) // 7, 0) for k, d in a.current.wounds.wounds.items()}
        assert after.current.wounds.wounds == {k: d for k, d in healed.items() if d}


def test_a_week_passes_for_the_whole_party(tables):
    party = [take_damage(rurik(name=f"Rurik {n}"), tables, location=LOCATIONS[n], points=2).adventurer for n in range(6)]
    passed = party_time_passes(party, tables, A_WEEK)
    assert [p.adventurer.name for p in passed] == [a.name for a in party]
    assert all(sum(p.adventurer.current.wounds.wounds.values()) == 1 for p in passed)
    assert party[0].current.wounds.wounds == {"head": 2}, "the old records are not changed"


@pytest.mark.parametrize(("kw", "field", "message"), [
    (dict(days="-2"), "days", "days: -2 is not a number of days; type 0 or more"),
    (dict(weeks="a week"), "weeks", "weeks: 'a week' is not a number of weeks; type a whole number, 0 or more"),
    (dict(days="", weeks=""), "days", "days: no time passes; type how many days (or weeks, full turns, rounds)"),
    (dict(turns=100_001), "turns", "turns: 100001 is more than 100000; type 100000 or less"),
])
def test_how_long_is_read_in_a_players_words(kw, field, message):
    with pytest.raises(RulesError) as caught:
        elapsed(**kw)
    assert caught.value.field == field and str(caught.value) == message


def test_how_long_counts_what_was_typed():
    assert elapsed(days="3", weeks="") == Elapsed(days=3)
    assert elapsed(weeks=2, turns="4") == Elapsed(weeks=2, turns=4)
