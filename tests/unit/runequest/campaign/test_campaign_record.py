"""The adventurer record, formats 2 and 3: the current state beside the sheet (3: with the experience marks).

"A saved adventurer keeps, beside the sheet, its current state: damage taken per hit location and
in total, each wound as its own entry (location, points, what caused it, in which fight and
round), conditions with their clocks (bleeding out, unconscious, maimed or severed limbs, stuck
weapons), ammunition left, each weapon's and shield's damage taken and broken state, money spent"
— "records from 0.1.0 still open (migrated, tested with fixtures)".
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.errors import RecordError, RulesError
from pyengine.runequest.campaign.changes import take_damage
from pyengine.runequest.campaign.current import Current, Injury
from pyengine.runequest.campaign.health import frame_of, vitals
from pyengine.runequest.healing.model import Wounds
from pyengine.runequest.sheet.adventurer import FORMAT, MIGRATIONS, Adventurer, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.derive import derive
from tests.unit.runequest.campaign.campaign_golden import format_2, format_3
from tests.unit.runequest.campaign.campaign_world import rurik

GOLDEN = Path(__file__).resolve().parents[3] / "golden"
#: The fuzz runs' length: 500 in the suite; ``STRIKE_RANK_FUZZ_EXAMPLES=10000`` for the long run (as tests/unit/library/test_backup_fuzz.py).
FUZZ = settings(max_examples=int(os.environ.get("STRIKE_RANK_FUZZ_EXAMPLES", "500")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def test_a_new_record_is_format_4_unhurt_and_has_spent_nothing():
    a = rurik()
    assert FORMAT == 4 and a.format == 4
    assert a.current == Current() and a.current.wounds == Wounds() and not a.current.injuries
    data = json.loads(dump_adventurer(a))
    assert data["current"] == {}, "an unhurt adventurer who spent nothing writes an empty current state"
    assert list(data)[0] == "format"


def test_a_format_1_record_of_0_1_0_still_opens_unhurt():
    raw = (GOLDEN / "adventurer-format-1.json").read_bytes()
    assert json.loads(raw)["format"] == 1 and "current" not in json.loads(raw)
    assert 1 in MIGRATIONS
    a = load_adventurer(raw)
    assert a.format == 4 and a.current == Current() and a.pronouns == "they"
    assert a.name == "Rurik" and a.money == 100 and a.courses[0].done == 2
    # written again, it is the same record in format 4 (since issue 34), with an empty current state
    # and "they" (RQ-145)
    again = json.loads(dump_adventurer(a))
    assert again == {**json.loads(raw), "format": 4, "pronouns": "they", "current": {}}


def test_the_format_2_golden_record_opens_and_writes_back_byte_for_byte_as_format_4(tables):
    raw = (GOLDEN / "adventurer-format-2.json").read_bytes().strip()
    a = load_adventurer(raw)
    assert a == format_2(tables), "the golden record is what the changes by hand make of the format 1 one"
    # Since issue 34 it is written as format 4: only its "format" changes and "they" is said after its
    # name (it has no marks; its fight's experience, rolled at write-back, stays rolled: RQ-136; RQ-145).
    assert dump_adventurer(a) == raw.replace(b'{"format":2,"name":"Rurik",',
                                             b'{"format":4,"name":"Rurik","pronouns":"they",', 1)
    assert a.current.marks == () and a.current.written("fight-0001").experience
    c = a.current
    assert c.wounds.wounds == {"chest": 3, "right_leg": 2} and c.wounds.damage_taken == 5
    assert [(i.location, i.points, i.fight, i.round) for i in c.injuries] == [("chest", 3, "Broo ambush", 2),
                                                                             ("right_leg", 2, "Broo ambush", 4)]
    assert c.injuries[1].stuck.weapon == "arrow" and c.injuries[1].stuck.owner == "Broo archer"
    assert c.wounds.impaled == ("right_leg",)
    assert c.ammunition == {"sling": 12} and c.weapon_damage == {"broadsword": 5} and c.broken == ("dagger@left",)
    assert [(s.lunars, s.what) for s in c.spent] == [(20, "a healing potion")] and a.money == 80
    assert c.written("fight-0001").round == 5


@pytest.mark.parametrize(("current", "problem"), [
    ({"wounds": {"wounds": {"chest": 3}, "damage_taken": 3}}, r"those to the chest add up to 0 points, but its damage is 3"),
    ({"injuries": [{"location": "head", "points": 2}]}, r"those to the head add up to 2 points, but its damage is 0"),
    ({"wounds": {"wounds": {"chest": 2}, "damage_taken": 2, "impaled": ["chest"]},
      "injuries": [{"location": "chest", "points": 2}]}, r"the chest holds a weapon, but no injury there says whose"),
    ({"wounds": {"wounds": {"chest": 2}, "damage_taken": 2},
      "injuries": [{"location": "chest", "points": 2, "stuck": {"weapon": "spear"}}]}, r"a weapon is stuck in the chest"),
    ({"ammunition": {"Self Bow": 3}}, r"ammunition"),
    ({"spent": [{"lunars": 0, "what": "beer"}]}, r"lunars"),
    ({"fights": [{"fight": "a", "round": 1}, {"fight": "a", "round": 2}]}, r"'a' is written twice"),
    ({"injuries": [{"location": "elbow", "points": 1}]}, r"location"),
])
def test_a_current_state_that_does_not_fit_together_is_a_named_record_error(current, problem):
    data = {**json.loads(dump_adventurer(rurik())), "current": current}
    with pytest.raises(RecordError, match=problem) as caught:
        load_adventurer(json.dumps(data))
    assert str(caught.value).startswith("adventurer record: ")


def test_current_against_maximum_total_and_by_location(tables):
    """"a character with total Hit Points of 14 would have 5 points in his abdomen, 4 in each arm, 5
    in his head, and 6 in his chest, plus (from the leg row) 5 in each leg"."""
    a = rurik()
    frame = frame_of(a, tables)
    sheet = derive(a, tables)
    assert frame.hit_points == sheet.hit_points == 14
    assert {k: frame.locations[k] for k in frame.locations} == {
        "head": 5, "chest": 6, "abdomen": 5, "right_arm": 4, "left_arm": 4, "right_leg": 5, "left_leg": 5}
    a = take_damage(a, tables, location="chest", points=6, cause="a spear").adventurer
    a = take_damage(a, tables, location="left_arm", points=2, cause="an axe").adventurer
    v = vitals(a.current, sheet)
    assert (v.hit_points, v.damage_taken, v.left, v.condition) == (14, 8, 6, "incapacitated")
    rows = {r.key: (r.hit_points, r.damage, r.left, r.state) for r in v.locations}
    assert rows["chest"] == (6, 6, 0, "disabled") and rows["left_arm"] == (4, 2, 2, "hurt")
    assert rows["head"] == (5, 0, 5, "unhurt")
    assert [r.key for r in v.locations] == ["head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg"]


def test_clocks_maimed_limbs_and_stuck_weapons_read_in_words(tables):
    # "If left unhealed within 2 full turns, he'll bleed to death"; "A limb struck for 6 or more points
    # beyond what it can hold in a single blow is severed": a 4-point arm struck for 10 (8 off the total)
    a = take_damage(rurik(), tables, location="abdomen", points=5, cause="a spear").adventurer
    a = take_damage(a, tables, location="right_arm", points=10, cause="an axe").adventurer
    v = vitals(a.current, frame_of(a, tables))
    assert (v.damage_taken, v.left, v.condition) == (13, 1, "unconscious")
    rows = {r.key: r for r in v.locations}
    assert rows["right_arm"].state == "severed" and rows["abdomen"].state == "disabled"
    assert rows["abdomen"].notes == ("bleeding: dies in 50 rounds (2 full turns) unless Healing of 2 or more stops it",)
    assert rows["right_arm"].notes == ("severed: a 6-point Healing within 50 rounds (2 full turns) reknits it",)
    assert v.notes == ("abdomen: " + rows["abdomen"].notes[0], "right arm: " + rows["right_arm"].notes[0])
    b = take_damage(rurik(), tables, location="left_leg", points=1, stuck="arrow", stuck_owner="Gork").adventurer
    rows = {r.key: r for r in vitals(b.current, frame_of(b, tables)).locations}
    assert rows["left_leg"].notes == ("Gork's arrow stuck in it: no points heal until it is out",)


# -- fuzz: a valid state reads back equal; anything else is a clear error ------------------------------

BLOWS = st.lists(st.tuples(st.sampled_from(["head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg"]),
                           st.integers(1, 12), st.text(max_size=20), st.booleans()), max_size=5)


@FUZZ
@given(BLOWS, st.dictionaries(st.sampled_from(["self_bow", "sling", "dart@left"]), st.integers(0, 10_000), max_size=2),
       st.dictionaries(st.sampled_from(["broadsword", "medium_shield@left"]), st.integers(0, 999), max_size=2),
       st.lists(st.tuples(st.integers(1, 33), st.text(min_size=1, max_size=30).filter(str.strip)), max_size=3))
def test_any_valid_current_state_reads_back_equal(blows, ammunition, damage, spending):
    from pyengine.runequest.campaign.changes import spend
    from tests.unit.runequest.campaign.campaign_world import rurik as make
    from tests.unit.runequest.rq_fixtures import real

    tables = real()
    a = make()
    for location, points, cause, stuck in blows:
        a = take_damage(a, tables, location=location, points=points, cause=cause,
                        stuck="spear" if stuck else "").adventurer
    for lunars, what in spending:
        a = spend(a, lunars=lunars, what=what).adventurer
    a = msgspec.structs.replace(a, current=msgspec.structs.replace(a.current, ammunition=ammunition,
                                                                   weapon_damage=damage))
    assert load_adventurer(dump_adventurer(a)) == a


PIECES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 1001) | st.text(max_size=6)
    | st.sampled_from(["chest", "head", "right_arm", "spear", "carried", "savings", "unhurt", "dead"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["wounds", "injuries", "ammunition", "weapon_damage", "broken", "spent", "fights", "location",
                         "points", "cause", "fight", "round", "stuck", "weapon", "owner", "lunars", "what", "source",
                         "damage_taken", "condition", "bleeding", "severed", "maimed", "impaled", "resting",
                         "experience", "chest", "self_bow"]) | st.text(max_size=4), inner, max_size=4),
    max_leaves=16,
)


@FUZZ
@given(PIECES)
def test_any_other_current_state_is_a_record_error(current):
    data = {**json.loads(dump_adventurer(rurik())), "current": current}
    try:
        a = load_adventurer(json.dumps(data))
    except RecordError as exc:
        assert isinstance(exc, RulesError) and str(exc).startswith("adventurer record: ")
    else:
        assert isinstance(a, Adventurer) and load_adventurer(dump_adventurer(a)) == a


def test_an_injury_of_no_points_is_not_an_injury():
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"location": "chest", "points": 0}, Injury)


def test_the_format_3_golden_record_opens_with_its_marks_and_writes_back_byte_for_byte_as_format_4(tables):
    raw = (GOLDEN / "adventurer-format-3.json").read_bytes().strip()
    a = load_adventurer(raw)
    assert a == format_3(tables) and a.pronouns == "they"
    assert dump_adventurer(a) == raw.replace(b'{"format":3,"name":"Rurik",',
                                             b'{"format":4,"name":"Rurik","pronouns":"they",', 1)
    assert a.current.marks == ("broadsword attack", "dagger@left parry", "defense")
    assert a.current.written("fight-0001").experience and not a.current.written("fight-0002").experience
