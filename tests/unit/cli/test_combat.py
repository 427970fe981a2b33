"""``python -m pyengine attack`` and ``replay``: keys, seed values, links and files, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.cli import main
from pyengine.cli.tables import combat_tables
from pyengine.dice import RandomDice, ScriptedDice
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon
from pyengine.runequest.combat.state import ExchangeState, export_json, to_link
from pyengine.share import decode_link, encode_link

KEYS = {"chance", "roll", "hit", "critical", "impale", "fumble", "critical_max", "impale_max", "fumble_min"}
LOCS = dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    data: dict[str, object] = json.loads(out)
    return data


def test_at_25_percent_only_01_is_critical(capsys: pytest.CaptureFixture[str]) -> None:
    # "a character with only a 25% chance to hit ... still only has the flat 1% (a roll of 01)"
    data = run_json(capsys, "attack", "--chance", "25", "--roll", "1")
    assert set(data) == KEYS
    assert data["critical"] is True and data["critical_max"] == 1
    assert run_json(capsys, "attack", "--chance", "25", "--roll", "2")["critical"] is False


def test_a_spear_at_40_impales_on_8(capsys: pytest.CaptureFixture[str]) -> None:
    # "a spearman with a 40% chance of success who rolls 8 or less on D100 has impaled his opponent"
    data = run_json(capsys, "attack", "--chance", "40", "--roll", "8", "--impaling")
    assert data["impale"] is True and data["impale_max"] == 8 and data["hit"] is True
    assert run_json(capsys, "attack", "--chance", "40", "--roll", "9", "--impaling")["impale"] is False
    assert run_json(capsys, "attack", "--chance", "40", "--roll", "8")["impale"] is False


@pytest.mark.parametrize("roll", [96, 97, 98, 99])
def test_at_100_percent_96_to_99_miss(capsys: pytest.CaptureFixture[str], roll: int) -> None:
    # "even with a full 100% chance of hitting or parrying, 96-99 is still always a miss, and 00 is still always a fumble"
    data = run_json(capsys, "attack", "--chance", "100", "--roll", str(roll))
    assert data["hit"] is False and data["fumble"] is False


def test_at_100_percent_00_fumbles(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "attack", "--chance", "100", "--roll", "100")
    assert data["fumble"] is True and data["fumble_min"] == 100


def test_the_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["attack", "--chance", "40", "--roll", "100"]) == 0
    assert "00 against 40%: fumble" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["attack", "--chance", "40", "--roll", "0"], "--roll: 0"),
        (["attack", "--chance", "40", "--roll", "101"], "--roll: 101"),
        (["attack", "--chance", "forty", "--roll", "5"], "--chance: 'forty'"),
        (["attack", "--chance", "400", "--roll", "5"], "--chance: 400"),
        (["attack", "--roll", "5"], "--chance"),
        (["replay", "no-such-file.json"], "'no-such-file.json'"),
    ],
)
def test_bad_arguments_exit_2_naming_them(capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    assert main(argv) == 2
    assert named in capsys.readouterr().err


def exchange() -> tuple[Attack, Defence]:
    spear = Weapon(name="short spear", damage="1D6+1", impales=True, long_hafted=True, hp=15, enc=2)
    shield = Parry(kind="shield", chance=45, name="medium shield", absorbs=12)
    return Attack(weapon=spear, chance=65, damage_bonus="+1D4"), Defence(hit_points=14, locations=LOCS, parry=shield, armour={"chest": 3})


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_replay_a_link_gives_the_same_result(capsys: pytest.CaptureFixture[str], seed: int) -> None:
    attack, defence = exchange()
    result = resolve_exchange(attack, defence, dice=RandomDice(seed), **combat_tables())
    link = "https://example.org/dir/combat.html#" + to_link(attack, defence, result.roll_values)
    data = run_json(capsys, "replay", link)
    assert data["headline"] == result.headline and data["outcome"] == result.outcome
    assert [r["value"] for r in data["rolls"]] == result.roll_values  # type: ignore[index, union-attr]


def test_replay_a_json_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    attack, defence = exchange()
    result = resolve_exchange(attack, defence, dice=RandomDice(7), **combat_tables())
    path = tmp_path / "exchange.json"
    path.write_bytes(export_json(ExchangeState(attack=attack, defence=defence, rolls=tuple(result.roll_values)), result))
    data = run_json(capsys, "replay", str(path))
    assert data["headline"] == result.headline


def test_a_link_state_decodes_as_documented() -> None:
    attack, defence = exchange()
    state = decode_link(to_link(attack, defence, [30, 70, 3, 2, 12]))
    # version 2: the inputs gained optional fields (docs/formats.md)
    assert state.kind == "exchange" and state.version == 2
    assert set(state.data) == {"attack", "defence", "rolls", "rules"}
    assert state.data["rolls"] == [30, 70, 3, 2, 12]


def test_a_version_1_link_still_replays(capsys: pytest.CaptureFixture[str]) -> None:
    # A link made by 0.1.0 has none of version 2's fields: they take their defaults.
    attack, defence = exchange()
    data = decode_link(to_link(attack, defence, [30, 70, 3, 2, 12])).data
    for key in ("skill", "target_totally_helpless"):
        del data["attack"][key]
    for key in ("parry_skill", "exposed"):
        del data["defence"][key]
    old = encode_link("exchange", data, version=1)
    assert decode_link(old).version == 1
    replayed = run_json(capsys, "replay", old)
    assert replayed["outcome"] == resolve_exchange(attack, defence, dice=ScriptedDice([30, 70, 3, 2, 12]),
                                                   **combat_tables()).outcome


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"attack": {"weapon": {"name": "x", "damage": "1D6"}, "chance": 50}}, "defence"),
        ({"attack": {"weapon": {"name": "x", "damage": "1Dq"}, "chance": 50}, "defence": {"hit_points": 5, "locations": LOCS}}, "damage"),
    ],
)
def test_a_bad_link_is_refused_with_a_message(capsys: pytest.CaptureFixture[str], data: dict[str, object], message: str) -> None:
    link = encode_link("exchange", data)
    assert main(["replay", link, "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert message in out["error"]


def test_rolls_that_stop_short_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    attack, defence = exchange()
    assert main(["replay", to_link(attack, defence, [30]), "--json"]) == 1
    assert "stop short" in json.loads(capsys.readouterr().out)["error"]


#: A link made before the exchange was split into stages (armour, a shield, a wound carried).
OLD_LINK = (
    "1.eNpdUctO40AQTAjhgMTuL3BHHCKt9o6UD0B742S1Pe2ZUeZhTY8X9shDQpG4cudhOwmv_ELk_BhjOwjYW09191R11WUxkYbN8SwRYDje_-0XDDxcVe"
    "A9JJOb6hQhs2ZaGND4TMI6v08ZgqsYaOBYjsa_D0btJ6VGhTiTOgOFtH5W1vBIQOqRrd_azYg8xLE0vH4Q2c9HNMlW6RraVdXQJ3jU0pR_cicnLx1BFFuT"
    "U3EwGv967bREXaO39OA4-kigygIh1YvQ487mhtVPuUlBSyXB1XObpkFHQOdMBgWBZ_WxmzhL1Ah62wDMMt68ZwzToA-nT0L6KLPSePqxUDYBL62h60IgsG"
    "GZCCS_M4OYWY1muHCSCx-B09tzhWlXbUCFfNiBTdUeWp2QVQw7LsJemYFz_6atmxUJiYptjDls5181Mpnr_a4VPFx9mORhgqYXdJB1MQ024ay-ZlD_n0EVx"
    "NncXXRHDD61b337tV-dNpbS-edA_1s2d6WzStHt7vH2YK90ecjifNleEuyVXiagaP0OaHAJUA"
)
#: The keys ``replay --json`` printed in 0.1.0 (docs/formats.md), in order.
RESULT_KEYS = [
    "outcome", "headline", "chance", "thresholds", "attack_roll", "hit", "critical", "impale", "fumble", "parry_chance",
    "parry_roll", "parry_success", "parry_critical", "parry_fumble", "parried", "fumble_effects", "parry_fumble_effects",
    "wide_open", "damage", "shield_absorbed", "armour_absorbed", "location", "location_damage", "wound", "weapon_harm",
    "stuck", "stuck_effect", "condition", "hit_points_after", "rolls", "working",
]


def test_replay_json_keeps_the_keys_of_0_1_0(capsys: pytest.CaptureFixture[str]) -> None:
    # A step is written {"field", "text", "rule", "rulings"} as in 0.1.0, and now its "value" too.
    data = run_json(capsys, "replay", OLD_LINK)
    assert list(data) == RESULT_KEYS
    assert data["headline"] == "An impale to the right arm: 13 damage — Ysolde is incapacitated"
    assert (data["armour_absorbed"], data["location_damage"], data["hit_points_after"]) == (2, 13, 5)
    working: list[dict[str, object]] = data["working"]  # type: ignore[assignment]
    assert all(list(step) == ["field", "text", "rule", "rulings", "value"] for step in working)
    assert working[0]["rule"] == "ch. IV, Basic Chances" and working[0]["value"] == 65
    assert [s["value"] for s in working if s["field"] == "damage"] == [15]
    assert all(list(r) == ["purpose", "sides", "value"] for r in data["rolls"])  # type: ignore[union-attr]


#: An exchange link of version 1: a short spear at 65% with +1D4 against a
#: target down (+20%) with 5% Defense, parrying with a medium shield at 45%; rolls 10 70 4 3 12.
LINK_V1 = (
    "1.eNpdkc9q20AQxpMm7qGE9hVyDz0YQu4B09cQI-1od_H-ETOrpr01NFAMveaepJIs5-8rGPvFutI60PQ2-w2zv2---dnMtRM9fisUOIm3X_cbAQGu"
    "OggBivnv7gKh8m7ROLD4wMpTOOYKgToBFiS209nZyXT8pLVoEJfaVmCQtw_GO5kpKAOK7fM4mXGAPNdObu5U9ekPuuJdSwN23Q34As9HTH8-spEeEyP"
    "Lvau5OZnOTp-SnSw19l4CkMSQKTRVZPJ2FXuSfO3E5r52JVhtNNCm92UZrUS1FzqaiKj162xBnnnw9LwThBdyeC8FltEiLu6VDlnltQv8cWV8AUF7x78"
    "ahSAmbaGQw_sl5MJbdJMVaalCBmQPe4NlqnaiQTlJ4lClXWcDRCAlGuOkrYDo-2KMtGOl0YhdOp_HiSeLQtf2OLVikOvXmALM0e1FJ-wp56Pdhdb_H"
    "mLz_yG6aM_XdJnWOHj7VXcxJMk_3tzhpiVvDF9_-HJ4cNRSHXO_fBk9xyh10AUY3v4FuK4CVg"
)


def test_an_exchange_link_of_version_1_replays_to_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert decode_link(LINK_V1).version == 1
    data = run_json(capsys, "replay", LINK_V1)
    assert data["outcome"] == "impale" and data["headline"] == "An impale to the chest: 12 damage — Defender is dead"
    assert data["thresholds"] == {"chance": 80, "critical_max": 4, "impale_max": 16, "fumble_min": 99}


@pytest.mark.parametrize("content", ["[]", '{"a": 1}', "hello", '"text"'])
def test_replay_of_a_file_that_is_no_link_nor_export_says_what_it_expected(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str) -> None:
    # Tried: a JSON file holding [] was refused as "'[]' is not a Strike Rank link".
    path = tmp_path / "odd.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 1
    message = json.loads(capsys.readouterr().out)["error"]
    assert str(path) in message
    assert "a Strike Rank link" in message and "export file" in message and '"kind": "fight"' in message
