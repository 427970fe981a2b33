"""The start page's controller (pyengine.pages.index), in CPython: what the page shows for
each action, with the device's storage in memory."""

from __future__ import annotations

import re

from pyengine.dice import ScriptedDice
from pyengine.pages.index import EMPTY_SAVED, StartPage
from pyengine.pages.keys import CHARACTER_PREFIX
from pyengine.pages.store import MemoryStore
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics

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
    assert update.errors["dice-typed"] == "your own dice: 2 values typed, 1D6 uses 1"


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
