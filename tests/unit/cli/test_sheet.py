"""``python -m pyengine sheet``: exactly the issue's JSON keys, the seed's numbers, exit 2 out of range."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pyengine import cli
from tests.unit.runequest.rq_fixtures import ROOT

KEYS = [
    "hit_points",
    "locations",
    "damage_bonus",
    "attack",
    "parry",
    "defense",
    "perception",
    "stealth",
    "manipulation",
    "knowledge",
    "max_enc",
    "dex_sr",
    "siz_sr",
    "move",
]
LOCATIONS = ["head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg"]


def args(
    str_: int = 10, con: int = 10, siz: int = 10, int_: int = 10, pow_: int = 10, dex: int = 10, cha: int = 10
) -> list[str]:
    return [
        "sheet",
        "--str",
        str(str_),
        "--con",
        str(con),
        "--siz",
        str(siz),
        "--int",
        str(int_),
        "--pow",
        str(pow_),
        "--dex",
        str(dex),
        "--cha",
        str(cha),
    ]


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert cli.main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    data: dict[str, object] = json.loads(out)
    return data


def test_the_keys_are_exactly_the_issues(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, args())
    assert list(data) == KEYS
    assert list(data["locations"]) == LOCATIONS  # type: ignore[arg-type]


def test_the_seeds_hit_point_example(capsys: pytest.CaptureFixture[str]) -> None:
    # "A character with CON 12, SIZ 17, and POW 18 would have 15 Hit Points"; 15 is in the 13-15 column:
    # leg 5, abdomen 5, chest 6, arm 4, head 5. (12 + 17) / 2 = 14.5 -> 15: +1D4.
    data = run_json(capsys, args(str_=12, con=12, siz=17, pow_=18))
    assert data["hit_points"] == 15
    assert data["locations"] == {
        "head": 5,
        "chest": 6,
        "abdomen": 5,
        "right_arm": 4,
        "left_arm": 4,
        "right_leg": 5,
        "left_leg": 5,
    }
    assert data["damage_bonus"] == "+1D4"
    assert (data["dex_sr"], data["siz_sr"], data["move"]) == (3, 1, 8)


@pytest.mark.parametrize(("str_", "con", "max_enc"), [(12, 18, 12), (12, 6, 9)])
def test_the_seeds_enc_examples(capsys: pytest.CaptureFixture[str], str_: int, con: int, max_enc: int) -> None:
    # "a character with STR 12 and CON 18 may only carry 12 'things'"; "STR 12 and CON 6 has an ENC maximum of 9"
    assert run_json(capsys, args(str_=str_, con=con))["max_enc"] == max_enc


def test_natural_abilities_and_a_negative_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    # STR 17, SIZ 5, INT 16, POW 3, DEX 18 (worked in tests/unit/runequest/sheet/test_derive.py): 15, 10, 10, 0, 25, 15, 0.
    # (17 + 5) / 2 = 11: none. STR 3 SIZ 3: -1D4.
    data = run_json(capsys, args(str_=17, siz=5, int_=16, pow_=3, dex=18))
    assert [data[k] for k in ("attack", "parry", "defense", "perception", "stealth", "manipulation", "knowledge")] == [
        15,
        10,
        10,
        0,
        25,
        15,
        0,
    ]
    assert data["damage_bonus"] == ""
    assert run_json(capsys, args(str_=3, siz=3))["damage_bonus"] == "-1D4"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (args(str_=22), ["STR 22", "above the human maximum of 21"]),
        (args(dex=2), ["DEX 2", "below the human minimum of 3"]),
        (args(cha=0, pow_=40), ["POW 40", "CHA 0"]),
        (args(con=-5), ["CON -5"]),
    ],
)
def test_out_of_range_exits_2_naming_the_characteristic_and_value(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]
) -> None:
    assert cli.main([*argv, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    for word in words:
        assert word in err


@pytest.mark.parametrize(
    "argv",
    [
        ["sheet", "--str", "10"],  # the rest missing
        [*args()[:2], "ten", *args()[3:]],  # not a number
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert cli.main(argv) == 2
    assert capsys.readouterr().err


def test_the_summary_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(args(str_=12, con=12, siz=17, pow_=18)) == 0
    out = capsys.readouterr().out
    assert out.startswith("hit points 15 (head 5, chest 6")
    assert "damage bonus +1D4" in out


def test_the_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyengine", *args(str_=12, con=18), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["max_enc"] == 12
    bad = subprocess.run(
        [sys.executable, "-m", "pyengine", *args(siz=30), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "SIZ 30" in bad.stderr
