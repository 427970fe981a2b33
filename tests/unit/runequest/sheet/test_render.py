"""The sheet page's HTML (pyengine.runequest.sheet.render): the sheet, the page's option
lists, the saved characters, the advancement panel; every text a player typed escaped."""

from __future__ import annotations

import re

from pyengine.dice import ScriptedDice
from pyengine.runequest.advancement.experience import FieldUse, after_adventure
from pyengine.runequest.advancement.training import quote_weapon_training, start_training
from pyengine.runequest.sheet.adventurer import Gear, WeaponSkill
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.sheet.render import (
    EMPTY_SAVED,
    render_experience,
    render_experience_boxes,
    render_item_options,
    render_quote,
    render_refusal,
    render_saved_list,
    render_sheet,
    render_train_options,
    render_training_started,
    render_weapon_options,
)
from tests.unit.runequest.rq_fixtures import adventurer

HOSTILE = "<b>&\"'"


def test_the_sheet_shows_each_number_by_its_field_and_escapes_the_name(tables):
    sheet = derive(adventurer(weapons=(WeaponSkill(weapon="broadsword"),), CON=12, SIZ=17, POW=18), tables)
    html = render_sheet(sheet, HOSTILE)
    assert '<h2 class="rq-name">&lt;b&gt;&amp;"\'</h2>' in html
    assert '<dd data-field="hit_points">15</dd>' in html and 'data-remove-weapon="0"' in html
    assert html.count('class="working rq-why"') >= 3


def test_the_option_lists_name_every_choice_and_refuse_what_has_no_price(tables):
    weapons = render_weapon_options(tables)
    assert '<optgroup label="Shields">' in weapons and '<option value="broadsword">broadsword (1H)</option>' in weapons  # marked 1H/2H
    items = render_item_options(tables)
    assert re.search(r'<option value="dagger">dagger — \d+ L</option>', items)
    assert all("disabled" in o for o in re.findall(r"<option[^>]*>[^<]*price not in the rules", items))


def test_the_saved_list_links_each_character_by_name():
    assert render_saved_list([]) == EMPTY_SAVED
    html = render_saved_list([("00ab", HOSTILE)])
    assert html == '<ul class="saved"><li><a href="./sheet.html?open=00ab">&lt;b&gt;&amp;"\'</a></li></ul>'


def test_the_course_choices_keep_the_one_chosen(tables):
    sheet = derive(adventurer(weapons=(WeaponSkill(weapon="dagger"), WeaponSkill(weapon="dagger", hand="left"))), tables)
    assert render_train_options(sheet) == (
        '<option value="dagger@right">dagger (right)</option><option value="dagger@left">dagger (left)</option>'
    )
    assert '<option value="dagger@left" selected="selected">' in render_train_options(sheet, "dagger@left")
    assert "selected" not in render_train_options(sheet, "gone@right")


def test_each_weapon_use_and_defense_has_a_box(tables):
    sheet = derive(adventurer(weapons=(WeaponSkill(weapon="broadsword"), WeaponSkill(weapon="javelin"))), tables)
    html = render_experience_boxes(sheet, {"exp-0-parry"})
    ids = re.findall(r'id="([^"]+)"', html)
    assert ids == ["exp-0-attack", "exp-0-parry", "exp-1-attack", "exp-defense"]  # a javelin does not parry
    assert '<input type="checkbox" id="exp-0-parry" data-weapon="broadsword" data-hand="right" data-use="parry" checked="checked">' in html
    assert html.endswith('<label class="check" for="exp-defense"><input type="checkbox" id="exp-defense"> Defense saved them</label>')


def test_a_quote_says_what_it_costs_and_gives_or_why_not(tables):
    rich = adventurer(weapons=(WeaponSkill(weapon="broadsword"),), money=5000)
    quote = quote_weapon_training(rich, tables, "broadsword")
    html = render_quote(quote)
    assert re.match(r"<div><p>\d+ L for [\d½¼¾]+ weeks at 2 hours a day: attack \d+% → \d+%, parry \d+% → \d+%</p>", html)
    assert '<details class="working"><summary>Why?</summary><ol><li>' in html
    assert html.endswith('<button type="button" id="sheet-train" class="primary">Pay and start the course</button></div>')
    refused = render_quote(quote_weapon_training(adventurer(weapons=rich.weapons), tables, "broadsword"))
    assert refused.startswith('<div><p class="field-error">Not possible: broadsword: it costs') and "sheet-train" not in refused
    started = render_training_started(start_training(rich, tables, quote))
    assert started.startswith("<p>") and "paid" in started


def test_the_checks_say_the_roll_the_chance_and_the_gain(tables):
    adv = adventurer(weapons=(WeaponSkill(weapon="broadsword"),), gear=(Gear(name="rope"),))
    result = after_adventure(adv, tables, [FieldUse(weapon="broadsword", use="attack")], ScriptedDice([99]),
                             defense_saved=True)
    html = render_experience(result)
    assert html.startswith("<ul><li>broadsword attack: roll 99 against ") and "no gain" in html
    assert "<li>defense: " in html
    none = after_adventure(adv, tables, [], ScriptedDice([]))
    assert render_experience(none) == "<p>Nothing was ticked: no checks.</p>"
    assert render_refusal(HOSTILE) == '<p class="field-error">&lt;b&gt;&amp;"\'</p>'
