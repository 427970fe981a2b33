"""``python -m pyengine gear line|block``: the keys, values worked from the seed, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pyengine import cli

ROOT = Path(__file__).resolve().parents[3]
LINE_KEYS = ["rch", "pwr", "hft", "shp", "cmb", "atk", "grp", "par", "tgh", "cvr", "abs"]
CHARACTER = {"reach": 2, "size": 10, "encumbrance": 14, "hand_to_hand": 5, "marksmanship": 3, "skill": 2}
SWORD = {"name": "sword", "kind": "melee", "reach": 3, "power": 13, "heft": 12, "sharpness": 1, "parry": 2, "toughness": 10}


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["gear", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    assert out.count("\n") == 1  # one JSON object on one line
    data: dict[str, Any] = json.loads(out)
    return data


# -- gear line -------------------------------------------------------------------------------


def test_line_for_a_sword(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Rch 2 + 3; Pwr max(10, 13); Hft min(14, 12); Shp 1; Cmb 5 + 2 + Hft 12 (GEAR-1);
    # no attack bonus, not a missile weapon: Atk null; no grapple: Grp null; Par 5 + 2 + 2 + 12;
    # Tgh 10; no cover, no absorb: null.
    data = run_json(capsys, "line", write(tmp_path, "c.json", CHARACTER), write(tmp_path, "i.json", SWORD))
    assert list(data) == LINE_KEYS
    assert data == {"rch": 5, "pwr": 13, "hft": 12, "shp": 1, "cmb": 19, "atk": None, "grp": None, "par": 21,
                    "tgh": 10, "cvr": None, "abs": None}


def test_line_for_a_missile_weapon_and_for_armour(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    c = write(tmp_path, "c.json", CHARACTER)
    sling = run_json(capsys, "line", c, write(tmp_path, "s.json", {"name": "sling", "kind": "missile", "heft": 5, "attack": 1}))
    assert (sling["atk"], sling["cmb"], sling["hft"]) == (3 + 2 + 1 + 5, None, 5)
    mail = run_json(capsys, "line", c, write(tmp_path, "m.json", {"name": "mail", "kind": "armour", "cover": 5, "absorb": 4, "toughness": 8}))
    assert mail == dict.fromkeys(LINE_KEYS) | {"tgh": 8, "cvr": 5, "abs": 4}


def test_line_special_columns_are_printed_only_when_the_item_has_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    c = write(tmp_path, "c.json", {})
    data = run_json(capsys, "line", c, write(tmp_path, "i.json", {"name": "mace", "kind": "melee", "special": {"Stun": 3}}))
    assert list(data) == [*LINE_KEYS, "special"]
    assert data["special"] == {"Stun": 3}


def test_line_without_json_prints_the_working(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "line", write(tmp_path, "c.json", CHARACTER), write(tmp_path, "i.json", SWORD))
    assert code == 0
    assert out.startswith("sword: Rch 5, Pwr 13, Hft 12, Shp 1, Cmb 19, Atk —")
    assert "Cmb = hand to hand 5 + skill 2 + encumbrance read as Hft 12 (GEAR-1) = 19" in out


@pytest.mark.parametrize(
    ("which", "data", "named"),
    [
        ("character", {"reach": 2, "strength": 5}, "has a field this app does not know: 'strength'"),
        ("character", {"reach": "2"}, "reach: should be a whole number, not text (found '2')"),
        ("character", {"skill": 1.5}, "skill: should be a whole number, not a decimal number"),
        ("character", [1, 2], "the file: should be a set of named fields, not a list"),
        ("item", {**SWORD, "colour": "red"}, "has a field this app does not know: 'colour'"),
        ("item", {**SWORD, "parry": True}, "parry: should be a whole number or null, not true or false"),
        ("item", {**SWORD, "kind": "sword"}, "kind: is not one this app knows (found 'sword')"),
        ("item", {"kind": "melee"}, "the file: has no name"),
        ("item", {**SWORD, "cover": -1}, "cover: should be a whole number of at least 0"),
        ("item", {**SWORD, "special": {"Stun": "x"}}, "special, an entry: should be a whole number, not text"),
        ("item", "{not json", "not JSON"),
    ],
)
def test_line_bad_files_exit_2_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, which: str, data: object, named: str
) -> None:
    character = write(tmp_path, "c.json", data if which == "character" else CHARACTER)
    item = write(tmp_path, "i.json", data if which == "item" else SWORD)
    code, out, err = run(capsys, "line", character, item, "--json")
    assert code == 2
    assert out == ""
    assert named in err
    assert ("CHARACTER.json" if which == "character" else "ITEM.json") in err
    assert "Traceback" not in err


def test_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "line", str(tmp_path / "nope.json"), write(tmp_path, "i.json", SWORD))
    assert code == 2 and "cannot be read" in err


def test_missing_arguments_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "line")[0] == 2
    assert run(capsys)[0] == 2


# -- gear block ------------------------------------------------------------------------------

ARMOUR = {
    "items": [
        {"name": "shield", "kind": "melee", "cover": 4, "absorb": 6, "toughness": 2, "parry": 4, "reach": 1},
        {"name": "leather", "kind": "armour", "cover": 4, "absorb": 2, "toughness": 0},
        {"name": "chainmail", "kind": "armour", "cover": 5, "absorb": 4, "toughness": 1},
    ],
    "defending": "shield",
}


def test_block_half_blocked_by_the_defending_item_and_the_next(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Line: shield (defending, cover 4), chainmail (absorb 4, cover 5), leather (absorb 2, cover 4).
    # Success level 4 = shield's 4: half blocked by shield and chainmail. Shield: half of 6 = 3 of
    # 12 -> 9, takes 3 - 2 = 1; chainmail: half of 4 = 2 of 9 -> 7, takes 2 - 1 = 1.
    attack = write(tmp_path, "a.json", {"success_level": 4, "power": 12})
    data = run_json(capsys, "block", attack, write(tmp_path, "arm.json", ARMOUR))
    assert data["blocked"] == []
    assert data["half_blocked"] == ["shield", "chainmail"]
    assert (data["power"], data["power_left"]) == (12, 7)
    assert data["damage"] == {"shield": 1, "chainmail": 1, "leather": 0}
    assert data["absorbed"] == {"shield": 3, "chainmail": 2, "leather": 0}
    assert data["broken"] == []
    assert (data["rule"], data["defence"], data["hit_too_hard"]) == ("armour", "failed", False)
    assert (data["weapon_damage"], data["weapon_broken"], data["weapon"]) == (None, None, None)
    assert [i["absorb"] for i in data["items"]] == [5, 2, 3]  # the next state, in the order given
    assert data["working"][-1] == "power getting through: 7 of 12"


def test_block_items_fed_back_carry_the_damage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    attack = write(tmp_path, "a.json", {"success_level": 4, "power": 12})
    first = run_json(capsys, "block", attack, write(tmp_path, "arm.json", ARMOUR))
    again = run_json(capsys, "block", attack, write(tmp_path, "arm2.json", {"items": first["items"], "defending": "shield"}))
    assert again["absorbed"]["shield"] == 2  # half of its absorb 5 now


def test_block_hitting_too_hard_breaks_the_weapon(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Power 14 > axe toughness 6; the blocking shield's absorption 6 >= 6: the axe takes 14 - 6 = 8
    # > its absorb 3: broken, reach 2 -> 1. The shield is spared; the block still subtracts 6.
    axe = {"name": "axe", "kind": "melee", "toughness": 6, "absorb": 3, "reach": 2}
    attack = write(tmp_path, "a.json", {"success_level": 0, "power": 14, "defence": "half", "weapon": axe})
    data = run_json(capsys, "block", attack, write(tmp_path, "arm.json", ARMOUR))
    assert data["blocked"] == ["shield"]
    assert data["power_left"] == 8
    assert data["damage"]["shield"] == 0
    assert (data["hit_too_hard"], data["weapon_damage"], data["weapon_broken"]) == (True, 8, True)
    assert (data["weapon"]["reach"], data["weapon"]["absorb"], data["weapon"]["broken"]) == (1, 0, True)


def test_block_accepts_a_bare_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    attack = write(tmp_path, "a.json", {"success_level": 6, "power": 12, "defence": "success"})
    data = run_json(capsys, "block", attack, write(tmp_path, "arm.json", ARMOUR["items"]))
    assert (data["rule"], data["power_left"]) == ("defended", 0)


@pytest.mark.parametrize(
    ("attack", "armour", "named"),
    [
        ({"success_level": 4}, ARMOUR, "the file: has no power"),
        ({"success_level": 4, "power": 12, "roll": 3}, ARMOUR, "has a field this app does not know: 'roll'"),
        ({"success_level": "4", "power": 12}, ARMOUR, "success level: should be a whole number, not text"),
        ({"success_level": 4, "power": 12, "defence": "parried"}, ARMOUR, "defence: is not one this app knows (found 'parried')"),
        ({"success_level": 4, "power": 12, "weapon": {"name": "axe", "kind": "melee", "edge": 1}}, ARMOUR, "weapon: has a field this app does not know: 'edge'"),
        ({"success_level": 4, "power": 12}, {**ARMOUR, "worn": True}, "has a field this app does not know: 'worn'"),
        ({"success_level": 4, "power": 12}, {"items": [{"name": "a", "kind": "armour", "absorb": "2"}]}, "item 1 ('a'), absorb: should be a whole number or null, not text"),
        ({"success_level": 4, "power": 12}, {**ARMOUR, "defending": "cloak"}, "defending item 'cloak': no item has that name"),
        ({"success_level": 4, "power": 12}, [ARMOUR["items"][1], ARMOUR["items"][1]], "two are named 'leather'"),
    ],
)
def test_block_bad_files_exit_2_naming_the_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, attack: object, armour: object, named: str
) -> None:
    code, out, err = run(capsys, "block", write(tmp_path, "a.json", attack), write(tmp_path, "arm.json", armour), "--json")
    assert (code, out) == (2, "")
    assert named in err
    assert "Traceback" not in err


def test_a_real_subprocess(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyengine", "gear", "line", write(tmp_path, "c.json", CHARACTER),
         write(tmp_path, "i.json", SWORD), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cmb"] == 19
    bad = subprocess.run(
        [sys.executable, "-m", "pyengine", "gear", "line", write(tmp_path, "c2.json", {"reech": 1}),
         write(tmp_path, "i2.json", SWORD), "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2 and "has a field this app does not know: 'reech'" in bad.stderr
