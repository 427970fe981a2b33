"""The combat page's inputs (read by the engine) and its renderers."""

from __future__ import annotations

import re

import pytest

from pyengine.cli.tables import combat_tables
from pyengine.dice import RandomDice, ScriptedDice
from pyengine.errors import FieldError
from pyengine.runequest.combat.exchange import next_roll, resolve_exchange
from pyengine.runequest.combat.inputs import (
    line_choices,
    parry_choices,
    quick_attack,
    quick_defence,
    quick_parry,
    read_bonus,
    read_int,
    sheet_attack,
    sheet_defence,
    sheet_of,
    weapon_choices,
)
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import render_needed, render_odds, render_options, render_result
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
from pyengine.runequest.tables.catalogue import RuneQuestTables
from tests.unit.runequest.rq_fixtures import scores


def test_quick_stat_block(tables: RuneQuestTables) -> None:
    attack = quick_attack(tables, "broadsword", "45", "1d4")
    assert attack.chance == 45 and attack.damage_bonus == "+1D4" and attack.weapon.damage == "1D8+1"
    defence = quick_defence(tables, "14", "3", "10", quick_parry(tables, "medium_shield", "30"))
    # 14 hit points: "5 points in his abdomen, 4 in each arm, 5 in his head, and 6 in his chest, plus ... 5 in each leg"
    assert defence.locations == dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)
    assert defence.armour["chest"] == 3 and defence.defense == 10
    assert defence.parry is not None and defence.parry.absorbs == 12
    r = resolve_exchange(attack, defence, dice=ScriptedDice([35, 90, 4, 2, 12]), **combat_tables())
    assert r.chance == 35 and r.location_damage == 7 - 3


def test_every_problem_is_named_with_its_field(tables: RuneQuestTables) -> None:
    with pytest.raises(FieldError) as caught:
        quick_attack(tables, "broadsword", "lots", "+1Dx")
    assert [f for f, _ in caught.value.problems] == ["att-chance", "att-bonus"]
    assert "'lots'" in caught.value.problems[0][1]
    with pytest.raises(FieldError) as caught:
        quick_defence(tables, "0", "x", "-5", None)
    assert [f for f, _ in caught.value.problems] == ["def-hp", "def-armour", "def-defense"]
    with pytest.raises(FieldError, match="missile"):
        quick_parry(tables, "self_bow", "30")
    with pytest.raises(FieldError, match="grapple"):
        quick_attack(tables, "grapple", "30", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "attack %: empty; type a whole number from -100 to 300"),
        ("  ", "attack %: empty"),
        ("abc", "attack %: 'abc' is not a whole number"),
        ("301", "attack %: 301 is not -100 to 300"),
        ("99999", "attack %: 99999 is not -100 to 300"),
        ("9" * 40, "attack %: '999999999999999999999999…' is not -100 to 300"),
    ],
)
def test_a_number_field_says_empty_out_of_range_or_not_a_number(text: str, message: str) -> None:
    with pytest.raises(FieldError, match=re.escape(message)):
        read_int(text, "att-chance", "attack %", -100, 300)
    assert read_int(" -5% ", "att-chance", "attack %", -100, 300) == -5
    assert read_int("", "def-armour", "armour", 0, 99, empty=0) == 0


def test_bonus_notation() -> None:
    assert read_bonus("", "f") == "" and read_bonus("none", "f") == ""
    assert read_bonus("-1d4", "f") == "-1D4" and read_bonus("2D6", "f") == "+2D6"


def test_choices_list_weapons_and_parries(tables: RuneQuestTables) -> None:
    weapons = dict(weapon_choices(tables))
    assert "short_spear_1h" in weapons and "throwing_axe" in weapons and "grapple" not in weapons
    parries = dict(parry_choices(tables))
    assert "medium_shield" in parries and "broadsword" in parries and "fist" not in parries


def test_a_saved_adventurer_fights(tables: RuneQuestTables) -> None:
    hero = Adventurer(
        name="Rurik",
        characteristics=scores(STR=15, SIZ=15),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )
    adventurer, sheet = sheet_of(dump_adventurer(hero), tables)
    assert adventurer.name == "Rurik"
    assert [label.split(" ")[0] for _, label in line_choices(sheet, parry=False)] == ["broadsword"]
    assert len(line_choices(sheet, parry=True)) == 2
    attack = sheet_attack(tables, sheet, 0, name="Rurik")
    assert attack.chance == sheet.weapons[0].attack and attack.damage_bonus == sheet.damage_bonus == "+1D4"
    defence = sheet_defence(tables, sheet, 1, "", name="Rurik")
    assert defence.parry is not None and defence.parry.kind == "shield" and defence.armour["chest"] == 4
    result = resolve_exchange(attack, defence, dice=RandomDice(5), **combat_tables())
    assert result.rolls


def test_renderers_escape_names_and_show_everything(tables: RuneQuestTables) -> None:
    attack = quick_attack(tables, "short_spear_1h", "60", "+1D4", name="<b>Bad</b>")
    defence = quick_defence(tables, "12", "1", "0", quick_parry(tables, "broadsword", "30"), name="<i>x</i>")
    result = resolve_exchange(attack, defence, dice=ScriptedDice([70, 10, 3]), **combat_tables())
    html = render_result(result)
    assert "<b>Bad</b>" not in html and "&lt;b&gt;Bad&lt;/b&gt;" in html
    assert 'data-outcome="missed"' in html and html.count("<li") >= len(result.rolls)
    odds_html = render_odds(exchange_odds(attack, defence, **combat_tables()))
    assert 'data-outcome="impale"' in odds_html and "Killed" in odds_html
    needed = next_roll(attack, defence, [70], **combat_tables())
    assert needed is not None and "parry" in render_needed(needed, [70])
    assert "Every roll is in" in render_needed(None, [1])
    assert render_options([('a"', "b>")], none="none") == '<option value="">none</option><option value="a&quot;">b&gt;</option>'


def test_one_typed_die_prompt_for_the_exchange_and_the_fight() -> None:
    from pyengine.dice import NeededRoll

    html = render_needed(NeededRoll(sides=100, purpose="Aldo's broadsword at Bera: attack roll", index=2), [30, 71])
    assert 'data-sides="100"' in html
    assert "Roll 3: a D100 (00 is 100) — <strong>Aldo's broadsword at Bera: attack roll</strong>" in html
    assert "Typed so far: 30, 71" in html
    assert "(00 is 100)" not in render_needed(NeededRoll(sides=20, purpose="hit location", index=0), [])


def test_a_quick_blocks_weapon_error_names_its_row_from_the_errors_field(tables: RuneQuestTables) -> None:
    from pyengine.errors import IllegalActionError
    from pyengine.runequest.melee import inputs

    values = {"fa-name": "Aldo", "fa-side": "A", "fa-str": "12", "fa-con": "12", "fa-siz": "12", "fa-dex": "12",
              "fa-hp": "12", "fa-w1": "broadsword", "fa-w3": "laser_sword"}
    with pytest.raises(FieldError) as caught:
        inputs.read_quick(tables, values, None)
    assert caught.value.problems == (("fa-w3", "weapon 3: 'laser_sword' is not in the weapon tables"),)
    # The row comes from the error's field (melee.build's path), never from its message.
    moved = IllegalActionError("'laser_sword' is not in the weapon tables", field="weapons[1].weapon")
    assert inputs._weapon_of(moved) == (1, "'laser_sword' is not in the weapon tables")
    assert inputs._weapon_of(IllegalActionError("weapons[0].weapon: in the message only")) is None
    assert inputs._weapon_of(IllegalActionError("something else", field="name")) is None
