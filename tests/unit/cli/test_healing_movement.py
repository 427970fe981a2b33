"""``python -m pyengine heal``, ``travel day|turn|chase`` and ``fall``: one JSON object each, with
exactly the keys docs/formats.md lists; bad values exit 2 naming the argument and the value."""

from __future__ import annotations

import json

import pytest

from pyengine import cli

HEAL_KEYS = ["hit_points", "locations", "wounds", "hit_points_left", "condition", "working", "rolls"]
WOUNDS_KEYS = ["damage_taken", "wounds", "condition", "bleeding", "severed", "maimed", "impaled", "resting"]


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert out.count("\n") == 1
    return json.loads(out)


def test_heal_reknits_a_severed_arm_with_six_points(capsys):
    out = as_json(capsys, "heal", "--hit-points", "14", "--blow", "right_arm=11", "--spell", "right_arm=6")
    assert list(out) == HEAL_KEYS
    assert list(out["wounds"]) == WOUNDS_KEYS
    assert out["locations"]["right_arm"] == 4
    assert out["wounds"]["severed"] == {} and out["wounds"]["wounds"] == {"right_arm": 5}
    assert out["hit_points_left"] == 9
    assert all(set(s) == {"field", "text", "rule", "rulings", "value"} for s in out["working"])


def test_heal_lets_time_pass_in_the_order_given(capsys):
    late = as_json(capsys, "heal", "--hit-points", "14", "--blow", "right_arm=11", "--turns", "2",
                   "--spell", "right_arm=6")
    assert late["wounds"]["severed"] == {"right_arm": 0}
    week = as_json(capsys, "heal", "--hit-points", "14", "--blow", "left_leg=3", "--weeks", "1")
    assert week["wounds"]["wounds"] == {"left_leg": 2} and week["condition"] == "fighting"
    dead = as_json(capsys, "heal", "--hit-points", "14", "--blow", "chest=6", "--days", "1")
    assert dead["condition"] == "dead"


def test_heal_potion_rolls_its_dice_and_shows_them(capsys):
    out = as_json(capsys, "heal", "--hit-points", "14", "--blow", "chest=3", "--blow", "head=1",
                  "--potion", "3", "--rolls", "2")
    assert out["wounds"]["wounds"] == {"head": 1}
    assert out["rolls"] == [{"purpose": "healing potion: which of the 2 hurt locations", "sides": 2, "value": 2}]


def test_heal_in_words(capsys):
    code, out, _ = run(capsys, "heal", "--hit-points", "14", "--blow", "abdomen=5", "--spell", "abdomen=2")
    assert code == 0
    assert "stops bleeding" in out and "hit points 11 of 14" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["heal", "--hit-points", "14", "--spell", "elbow=2"], "argument --spell: 'elbow=2'"),
    (["heal", "--hit-points", "14", "--spell", "chest"], "argument --spell: 'chest'"),
    (["heal", "--hit-points", "0"], "argument --hit-points: 0"),
    (["heal", "--hit-points", "14", "--days", "-1"], "argument --days: -1"),
    (["fall", "--metres", "-3"], "argument --metres: -3"),
    (["travel", "turn", "--pace", "gallop"], "argument --pace: invalid choice: 'gallop'"),
])
def test_bad_values_exit_2_naming_the_argument_and_the_value(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_travel_day_reproduces_the_seeds_cavalry_in_forested_mountains(capsys):
    out = as_json(capsys, "travel", "day", "--cavalry", "--forest", "--mountains", "--distance", "14")
    assert list(out) == ["base_km", "terrain", "road", "km", "distance_km", "rivers", "days", "working"]
    assert out["base_km"] == 40 and out["km"] == 4.7 and out["terrain"] == ["forest", "mountains"]
    assert out["days"] == 3.0


def test_travel_day_needs_a_rate(capsys):
    code, out, _ = run(capsys, "travel", "day", "--forest", "--json")
    assert code == 1 and "km a day" in json.loads(out)["error"]


def test_travel_turn_and_chase(capsys):
    turn = as_json(capsys, "travel", "turn", "--pace", "run", "--mounted")
    assert list(turn) == ["pace", "mounted", "well_trained", "turns", "metres", "working"]
    assert turn["metres"] == 2000
    chase = as_json(capsys, "travel", "chase", "--move", "8", "--kind", "two_legged")
    assert list(chase) == ["move", "kind", "metres_per_round", "working"]
    assert chase["metres_per_round"] == 48


def test_fall(capsys):
    out = as_json(capsys, "fall", "--metres", "9", "--rolls", "4,5,6,19", "--armour", "head=3", "--hit-points", "14")
    assert list(out) == ["metres", "from_horse", "luck_roll", "dice", "damage", "location", "armour_absorbed",
                         "location_damage", "wound", "wounds", "working", "rolls"]
    assert (out["dice"], out["damage"], out["location"], out["location_damage"]) == ("3D6", 15, "head", 12)
    assert out["wounds"]["condition"] == "dead"
    horse = as_json(capsys, "fall", "--horse", "--dex", "12", "--rolls", "30")
    assert horse["damage"] == 0 and horse["luck_roll"] == 30 and horse["wound"] is None
