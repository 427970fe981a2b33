"""The start page's controller (pyengine.pages.index), in CPython: what the page shows for
each action, with the device's storage in memory."""

from __future__ import annotations

import re

import pytest

from pyengine.dice import ScriptedDice
from pyengine.pages.index import EMPTY_SAVED, StartPage
from pyengine.pages.view import Update
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.storage.keys import CHARACTER_PREFIX, DICE_RECENT
from pyengine.storage.store import MemoryStore

SCORES = Characteristics(STR=12, CON=12, SIZ=17, INT=13, POW=18, DEX=11, CHA=10)


def record(name: str) -> str:
    return dump_adventurer(Adventurer(name=name, characteristics=SCORES)).decode()


def test_typed_notation_is_read_printed_and_rolled_with_your_own_dice():
    page = StartPage(MemoryStore())
    update = page.on_roll({"dice-expr": " 2d6 + 2 ", "dice-typed": "3 4"})
    html = update.html["dice-result"]
    assert "2D6+2" in html and '<p class="roll-total" aria-label="total 9">9</p>' in html
    assert "4 to 14" in html and "your own dice" in html
    assert update.errors == {"dice-expr": "", "dice-typed": ""}
    assert re.fullmatch(r"#1\.[A-Za-z0-9_-]+", update.address)


def test_the_apps_dice_are_the_injected_ones():
    page = StartPage(MemoryStore(), dice=ScriptedDice([6, 1]))
    assert "aria-label=\"total 9\"" in page.on_roll({"dice-expr": "2D6+2", "dice-typed": ""}).html["dice-result"]


def test_bad_notation_is_named_beside_its_field_and_nothing_is_overwritten():
    page = StartPage(MemoryStore())
    update = page.on_roll({"dice-expr": "2D", "dice-typed": ""})
    assert "'2D'" in update.errors["dice-expr"] and update.focus == "dice-expr"
    assert update.values == {} and "dice-result" not in update.html
    update = page.on_roll({"dice-expr": "2D6", "dice-typed": "7 1"})
    assert update.errors["dice-expr"] == "" and "7" in update.errors["dice-typed"]


def test_a_typed_00_on_percentile_dice_is_100():
    # "00" is how percentile dice show 100 (the combat page, the shrapnel page and the fight's typed dice agree).
    update = StartPage(MemoryStore()).on_roll({"dice-expr": "D100", "dice-typed": "00"})
    assert update.errors == {"dice-expr": "", "dice-typed": ""}
    assert '<p class="roll-total" aria-label="total 100">100</p>' in update.html["dice-result"]


def test_dice_typed_that_are_not_all_used_are_refused():
    update = StartPage(MemoryStore()).on_roll({"dice-expr": "1D6", "dice-typed": "3 4"})
    # Issue 17: said in a player's words, naming the field and what to type (was
    # "your own dice: 2 values typed, 1D6 uses 1").
    assert update.errors["dice-typed"] == "Your own dice: 1D6 rolls 1 die and you typed 2 numbers (3 4); type just 1 number"


def test_a_shared_roll_replays_exactly():
    first = StartPage(MemoryStore())
    shown = first.on_roll({"dice-expr": "3D6+1D4", "dice-typed": ""})
    again = StartPage(MemoryStore()).open(shown.address)
    assert again.html["dice-result"] == shown.html["dice-result"]
    assert again.values == {"dice-expr": "3D6+1D4"} and again.notices == {"dice-link-error": ""}


def test_a_damaged_or_foreign_link_is_explained():
    update = StartPage(MemoryStore()).open("#1.not-a-real-link")
    assert update.notices["dice-link-error"].startswith("share link: ")
    assert "dice-result" not in update.html
    from pyengine.runequest.sheet.state import LINK as SHEET

    sheet = SHEET.link({"characteristics": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10}})
    notice = StartPage(MemoryStore()).open("#" + sheet).notices["dice-link-error"]
    assert notice == "share link: this is a 'sheet' link, not a 'dice' one; open it on the sheet page"


def test_saved_characters_are_listed_by_name_and_a_damaged_one_is_kept_and_offered():
    store = MemoryStore({
        CHARACTER_PREFIX + "bbb": record("Yara"),
        CHARACTER_PREFIX + "aaa": record("rurik"),
        CHARACTER_PREFIX + "ccc": "{not json",
        "other": "x",
    })
    page = StartPage(store)
    html = page.open("").html["saved-list"]
    assert html.index("rurik") < html.index("Yara") < html.index("Damaged record 'ccc'")
    assert 'href="./sheet.html?open=aaa"' in html and 'data-export-key="strike-rank/character/ccc"' in html
    assert page.on_saved_click({"export-key": CHARACTER_PREFIX + "ccc"}).download == ("damaged-ccc.json", "{not json")
    assert page.on_saved_click({"id": "x"}).download is None
    assert store.get(CHARACTER_PREFIX + "ccc") == "{not json"  # never deleted


def test_with_nothing_saved_the_list_says_so():
    assert StartPage(MemoryStore()).render()["saved-list"] == EMPTY_SAVED


# -- one-tap dice, the latest rolls kept, errors in a player's words -------------


def test_a_one_tap_die_is_rolled_and_put_in_the_field():
    page = StartPage(MemoryStore(), ScriptedDice([17]))
    update = page.on_quick({"dice": "D20"}, {"dice-expr": "2D6+2", "dice-typed": ""})
    assert update.values == {"dice-expr": "D20"} and 'aria-label="total 17"' in update.html["dice-result"]
    assert StartPage(MemoryStore()).on_quick({"dice": "D7"}, {}) == Update()  # not a button of the page


def test_a_one_tap_d100_takes_a_typed_00_as_100():
    update = StartPage(MemoryStore()).on_quick({"dice": "D100"}, {"dice-typed": "00"})
    assert update.errors == {"dice-expr": "", "dice-typed": ""} and 'aria-label="total 100"' in update.html["dice-result"]
    assert "D100 = 100 (00) (your dice)" in update.html["dice-history"]


def test_the_latest_rolls_are_kept_on_the_device_newest_first_and_reopen():
    store = MemoryStore()
    page = StartPage(store, ScriptedDice([3, 4, 5, 20, 1, 1]))
    page.on_roll({"dice-expr": "2D6", "dice-typed": ""})
    page.on_quick({"dice": "D6"}, {})
    page.on_quick({"dice": "D20"}, {})
    again = StartPage(store)  # a reload
    html = again.show_history().html["dice-history"]
    assert html.index("1D20 = 20") < html.index("1D6 = 5") < html.index("2D6 = 7")
    link = re.search(r'href="\./index\.html(#[^"]+)"', html).group(1)
    assert 'aria-label="total 20"' in StartPage(MemoryStore()).open(link).html["dice-result"]
    for _ in range(12):
        page.on_roll({"dice-expr": "D6", "dice-typed": "2"})
    assert len(page.history.items()) == 10
    assert StartPage(MemoryStore()).show_history() == Update()  # none yet: the page's own words stay


def test_a_damaged_history_reads_as_none_and_the_roll_still_shows():
    store = MemoryStore({DICE_RECENT: "{not json"})
    update = StartPage(store, ScriptedDice([6])).on_quick({"dice": "D6"}, {})
    assert 'aria-label="total 6"' in update.html["dice-result"] and "1D6 = 6" in update.html["dice-history"]


@pytest.mark.parametrize("expr, words", [
    ("999D999", "Dice to roll: 999 dice is more than can be rolled at once in '999D999'; roll 1 to 100 dice, e.g. 3D6"),
    ("", "Dice to roll: empty; type dice as the rules print them"),
    ("2D", "Dice to roll: '2D' says D but not how many sides; put the sides after the D, e.g. 2D6"),
    ("3D6+", "Dice to roll: '3D6+' ends with '+'; add a die or a number after it"),
    ("D1", "Dice to roll: a die with 1 side in 'D1' is not one to roll; dice have 2 to 1000 sides"),
    ("D6*2", "Dice to roll: '*' after 'D6' is not dice notation; join dice and numbers with + or -"),
    ("abc", "Dice to roll: 'abc' is not dice notation ('a' where a die or a number goes)"),
    ("20000", "Dice to roll: 20000 in '20000' is more than 10000"),
    ("1" * 120, "Dice to roll: longer than 100 characters"),
    ("+".join(["1"] * 25), "Dice to roll: more than 20 parts joined by + or -"),
])
def test_dice_notation_is_refused_in_a_players_words(expr, words):
    update = StartPage(MemoryStore()).on_roll({"dice-expr": expr, "dice-typed": ""})
    message = update.errors["dice-expr"]
    assert message.startswith(words) and not re.search(r" at \d", message) and "unexpected" not in message


@pytest.mark.parametrize("expr, typed, words", [
    ("2D6", "3", "Your own dice: 2D6 rolls 2 dice and you typed 1 number (3); type one more, one number for each die in order"),
    ("3D6", "3", "Your own dice: 3D6 rolls 3 dice and you typed 1 number (3); type 3 numbers, one for each die in order"),
    ("D6", "7", "Your own dice: 7 is not a roll of a D6; a D6 shows 1 to 6"),
    ("1D6+1D4", "6 5", "Your own dice: the 2nd number, 5, is not a roll of a D4; a D4 shows 1 to 4"),
    ("D100", "0", "Your own dice: 0 is not a roll of a D100; a D100 shows 1 to 100 (00 for 100)"),
    ("5", "3", "Your own dice: 5 has no dice to roll; leave this field empty"),
    ("D6", "four", "Your own dice: 'four' is not a number a die shows; type what each die shows, in order"),
])
def test_own_dice_are_refused_in_a_players_words(expr, typed, words):
    update = StartPage(MemoryStore()).on_roll({"dice-expr": expr, "dice-typed": typed})
    assert update.errors["dice-typed"].startswith(words) and "given roll" not in update.errors["dice-typed"]
