"""``python -m pyengine shrapnel``: the JSON keys, values worked from the seed, exit 2 on bad arguments."""

from __future__ import annotations

import json

import pytest

from tests.unit.shrapnel.shrapnel_fixtures import run, run_json

KEYS = {
    "areas",
    "hits",
    "bleeding",
    "stun_rounds",
    "stun_penalty",
    "injury",
    "fatigue",
    "staggered",
    "prone",
    "breakage_checks",
    "fate",
    "attacker_bonus",
    "text",
    "stated_in_text",
}


def test_the_issues_example_c_50_chest_covered(capsys: pytest.CaptureFixture[str]) -> None:
    # Roll 50 is Arms + Chest (46-55); C reads "+15H1[-50]Arms: +15H, (-25) / 2Chest: +9H, 10, (-25) / 2".
    # Chest covered, arms bare: hits 15 + 9 = 24; ♦2 (arms); stun 1 at -50; ◷10; one check for "chest" at -25.
    data = run_json(capsys, "50", "C", "--covered", "chest")
    assert set(data) == KEYS
    assert data == {
        "areas": ["arms", "chest"],
        "hits": 24,
        "bleeding": 2,
        "stun_rounds": 1,
        "stun_penalty": -50,
        "injury": 0,
        "fatigue": 10,
        "staggered": 0,
        "prone": False,
        "breakage_checks": [{"piece": "chest", "modifier": -25}],
        "fate": None,
        "attacker_bonus": 0,
        "text": "Several strike the upper arm and carry on to the shoulder. In armour the limb is beaten numb; "
        "out of it, the wounds are the kind that drip a trail.",
        "stated_in_text": [],
    }


def test_a_named_piece_makes_one_check(capsys: pytest.CaptureFixture[str]) -> None:
    # 66 D: "Foe is dying. +48H4[-75]Abdomen: +6H, 50, (-25) / 8, -45Chest: +4H, 50, (-25) / 4, -35
    #        Legs: +2H, (-25) / 3, -10" -- vest over abdomen + chest, legs bare:
    # hits 48 + 6 + 4 = 58; fatigue 100; ♦3 and -10 from the legs; dying whatever the armour.
    data = run_json(capsys, "66", "D", "--piece", "vest=chest+abdomen")
    assert data["areas"] == ["abdomen", "chest", "legs"]
    assert (data["hits"], data["fatigue"], data["bleeding"], data["injury"]) == (58, 100, 3, -10)
    assert data["breakage_checks"] == [{"piece": "vest", "modifier": -25}]
    assert data["fate"] == "dying"


def test_covered_lists_add_up_and_each_area_is_a_piece(capsys: pytest.CaptureFixture[str]) -> None:
    # 98-99 B with chest and head covered: no ☠ read, a check each at -75.
    data = run_json(capsys, "98", "b", "--covered", "chest", "--covered", "Head")
    assert data["fate"] is None
    assert data["breakage_checks"] == [{"piece": "chest", "modifier": -75}, {"piece": "head", "modifier": -75}]
    assert run_json(capsys, "98", "B", "--covered", "chest,head") == data


def test_the_attacker_bonus_and_death(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "100", "E")
    assert (data["fate"], data["attacker_bonus"]) == ("dead", 25)


def test_without_json_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["shrapnel", "78", "C", "--piece", "vest=chest+abdomen"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("76-80 C (Chest + Arms): ")
    assert "hits 32" in out and "vest at -25" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["0", "C"], "argument roll: '0' is not a d100 roll"),
        (["x", "C"], "argument roll: 'x' is not a d100 roll"),
        (["50", "F"], "argument severity: 'F' is not a severity"),
        (["50", "C", "--covered", "neck"], "argument --covered: 'neck': areas are"),
        (["50", "C", "--piece", "vest"], "argument --piece: 'vest': a piece is NAME=AREA+AREA"),
        (["50", "C", "--piece", "vest=chest+tail"], "argument --piece: 'vest=chest+tail'"),
        (["50"], "the following arguments are required: severity"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["shrapnel", *argv, "--json"])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


def test_armour_that_cannot_be_told_apart_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    # The head given as covered is a piece named "head"; a piece of that name over the chest is another.
    assert run(["shrapnel", "50", "C", "--covered", "head", "--piece", "head=chest", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "two pieces are named 'head'" in captured.err


def test_a_covered_area_inside_a_named_piece_is_that_piece(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed: "each armour piece struck makes one breakage check even when it covers two named
    areas". ``--piece vest=chest+abdomen --covered chest``: the chest is the vest's, one piece and
    one check, as the page reads a ticked area inside a named piece (SHR-11)."""
    data = run_json(capsys, "50", "C", "--piece", "vest=chest+abdomen", "--covered", "chest")
    assert data["breakage_checks"] == [{"piece": "vest", "modifier": -25}]
    assert data == run_json(capsys, "50", "C", "--piece", "vest=chest+abdomen")
    assert run_json(capsys, "50", "C", "--covered", "chest", "--covered", "chest")["breakage_checks"] == [
        {"piece": "chest", "modifier": -25}
    ]


def test_00_is_a_d100_roll_of_100(capsys: pytest.CaptureFixture[str]) -> None:
    # Percentile dice show 100 as "00"; the seed's table reads "Roll d100" up to 100.
    assert run_json(capsys, "00", "E") == run_json(capsys, "100", "E")


def test_a_fall_the_text_states_is_prone_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """67-75 E: "Either way the leg folds and foe goes down." -- no ⇘ token, and the JSON does
    not say "prone": false: it says true, and ``stated_in_text`` gives the words (SHR-12)."""
    data = run_json(capsys, "70", "E", "--covered", "legs,abdomen")
    assert data["prone"] is True
    assert data["stated_in_text"] == [{"effect": "prone", "words": "Either way the leg folds and foe goes down"}]
    assert run_json(capsys, "100", "B", "--covered", "head")["prone"] is False


def test_the_summary_leaves_out_what_did_not_happen(capsys: pytest.CaptureFixture[str]) -> None:
    # 2-3 A bare: "+1Hcovered: bare: +2H" -- 3 hits and nothing else: no "bleeding 0", no "prone no".
    assert run(["shrapnel", "2", "A"]) == 0
    out = capsys.readouterr().out
    assert "hits 3" in out
    for zero in ("bleeding", "stun", "injury", "fatigue", "staggered", "prone"):
        assert zero not in out, zero
    assert run(["shrapnel", "70", "E"]) == 0
    assert "prone (the text: 'Either way the leg folds and foe goes down')" in capsys.readouterr().out


def test_through_python_m_pyengine(capsys: pytest.CaptureFixture[str]) -> None:
    engine_cli = pytest.importorskip("pyengine.cli")
    assert engine_cli.main(["shrapnel", "50", "C", "--covered", "chest", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hits"] == 24
