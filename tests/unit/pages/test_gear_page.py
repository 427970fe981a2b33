"""The gear page's controller (pyengine.pages.gear), in CPython: what the page shows for each
action -- sheet lines with differences marked, the organizer and "use these pieces", the
block and "apply the damage", messages beside fields, links replayed, records saved,
opened, exported, imported, damaged records and a full storage -- with the device's
storage in memory.

:class:`Browser` plays the page: it holds the fields as ``dom.values`` reads them and
writes each :class:`~pyengine.pages.view.Update` as ``dom.apply`` would, reading the
fields of HTML written into ``gear-items`` and ``gear-defending`` back from that HTML. The
browser tests (tests/browser/test_gear_page.py and the gear parts of
test_forms_and_keyboard.py, test_pages_for_everyone.py, test_start_up.py) keep one pass of
each flow through the real page; every value they check is checked here too.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

import msgspec
import pytest

from pyengine.gear.blocking import Attack, resolve_block
from pyengine.gear.example import CHARACTER, ENTRIES, EXAMPLE
from pyengine.gear.items import Item, ItemKind
from pyengine.gear.sheet import sheet_line
from pyengine.gear.state import read_record, to_record
from pyengine.pages.gear import GearPage, form_values, prerender, record_key
from pyengine.pages.view import Update
from pyengine.share import encode_link
from pyengine.storage.keys import GEAR_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.gear_browser import Browser, Fields, add_spear, options

SPEAR = Item(name="spear", kind=ItemKind.MELEE, reach=4, power=11, heft=9, sharpness=2, attack=1, parry=1, toughness=5)
AXE = Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3)
HUGE = "9" * 40
PAYLOADS = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "javascript:alert(1)", "'; alert(1); '"]


class Tags(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.add(tag)


def tags(text: str) -> set[str]:
    """The elements a browser would make of this HTML."""
    return Tags(text).found


def block_fields(sl: str, power: str, defending: str, weapon: bool = True) -> dict[str, str]:
    typed = {"gear-sl": sl, "gear-power": power, "gear-defending": defending}
    if weapon:
        typed |= {"gear-weapon-name": "axe", "gear-weapon-toughness": "6", "gear-weapon-absorb": "3"}
    return typed


def assert_block_shows(card: str, expected) -> None:
    """What the browser test's assert_block_shows checks, on the card's HTML."""
    head = re.search(r'<article class="gear-block-result" data-rule="([^"]*)" data-power-left="([^"]*)"', card)
    assert head and head.groups() == (expected.rule.value, str(expected.power_left))
    for step in expected.steps:
        if step.role.value == "not_in_line":
            part = card[card.index('class="gear-not-in-line"'):]
            assert f'<span data-item="{html.escape(step.name)}" data-role="not_in_line">' in part
            continue
        li = re.search(rf'<li class="gear-step [^"]*" data-item="{re.escape(step.name)}" data-role="([^"]*)" '
                       r'data-absorbed="([^"]*)" data-damage="([^"]*)"', card)
        assert li and li.groups() == (step.role.value, str(step.absorbed), str(step.damage_taken)), step.name
    broke = re.search(r'class="gear-weapon" data-damage="[^"]*" data-broke="([^"]*)"', card)
    assert broke and broke.group(1) == ("true" if expected.weapon_broke else "false")


def verdict(card: str) -> str:
    found = re.search(r'<p class="gear-verdict[^"]*"><strong>([^<]*)</strong>', card)
    assert found
    return html.unescape(found.group(1))


# -- the sheet lines ----------------------------------------------------------------------------


def test_a_typed_item_gets_the_engines_sheet_line_with_the_differences_marked():
    browser = Browser()
    add_spear(browser)
    browser.do("on_work_out")
    line = sheet_line(CHARACTER, SPEAR, skill=3)
    for key in ("rch", "pwr", "hft", "shp", "cmb", "atk", "par", "tgh"):
        value, classes = browser.cell("gear-sheet", "sheet", "spear", key)
        assert value == str(line.value(key)), key
        assert classes == (f"gear-col-{key} gear-diff" if key in line.differs else f"gear-col-{key}")
    assert browser.html["gear-sheet"].count('data-ruling="GEAR-1"') == 1
    assert browser.cell("gear-sheet", "list", "spear", "shp")[0] == "2"
    assert browser.page.stale is False and browser.errors == {} and browser.notices == {}
    assert browser.address and browser.address.startswith("#1.")
    assert options(browser.html["gear-defending"])[0] == ["", "sword", "shield", "sling", "leather", "chainmail", "spear"]


def test_a_new_item_is_armour_at_the_end_with_its_name_focused_and_what_was_typed_kept():
    browser = Browser()
    browser.type(gear_char_reach="7")
    browser.fields["gear-item-2-absorb"] = "x6"
    browser.do("on_work_out")
    assert browser.errors["gear-item-2-absorb"]
    browser.do("on_add")
    assert browser.keys() == ["1", "2", "3", "4", "5", "6"] and browser.focus == "gear-item-6-name"
    assert browser.fields["gear-item-6-kind"] == "armour" and browser.fields["gear-item-6-name"] == ""
    assert browser.fields["gear-item-2-absorb"] == "x6" and browser.fields["gear-char-reach"] == "7"
    assert "Abs of 'shield'" in browser.errors["gear-item-2-absorb"]  # the card was drawn again: its problem is still shown
    assert "<legend>Item 6</legend>" in browser.html["gear-items"]


def test_removing_an_item_works_the_list_out_again_and_keeps_the_focus_in_the_list():
    browser = Browser()
    browser.do("on_items_click", {"remove": "3"})  # the sling
    assert browser.keys() == ["1", "2", "4", "5"] and browser.focus == "gear-item-4-name"
    assert 'data-item="sling"' not in browser.html["gear-sheet"] and 'id="gear-item-3"' not in browser.html["gear-items"]
    assert re.findall(r"<legend>(Item \d)</legend>", browser.html["gear-items"]) == ["Item 1", "Item 2", "Item 3", "Item 4"]
    browser.do("on_items_click", {"remove": "5"})
    assert browser.focus == "gear-item-4-name"  # the last one goes: the one before
    for key in ("4", "2", "1"):
        browser.do("on_items_click", {"remove": key})
    assert browser.keys() == [] and browser.focus == "gear-add"
    assert "The list is empty" in browser.html["gear-sheet"]
    assert browser.page.on_items_click({"remove": "9"}, browser.fields) == Update()


def test_the_defending_choices_follow_the_names_typed_and_keep_the_one_chosen():
    browser = Browser()
    browser.fields["gear-defending"] = "shield"
    browser.fields["gear-item-1-name"] = "blade"
    update = browser.do("on_list_change")
    assert options(update.html["gear-defending"]) == (["", "blade", "shield", "sling", "leather", "chainmail"], "shield")
    assert set(update.html) == {"gear-defending"} and update.errors == {}  # nothing else moves on a change
    browser.fields["gear-item-1-name"] = ""
    assert browser.do("on_list_change") == Update()


# -- the block ----------------------------------------------------------------------------------


def test_a_block_resolves_as_the_engine_says_and_its_damage_carries_to_the_next_attack():
    browser = Browser()
    add_spear(browser)
    browser.do("on_work_out")
    items = [e.item for e in ENTRIES] + [SPEAR]
    expected = resolve_block(Attack(success_level=4, power=14, weapon=AXE), items, "shield")
    browser.fields |= block_fields("4", "14", "shield")
    browser.do("on_resolve")
    card = browser.html["gear-block"]
    assert_block_shows(card, expected)
    assert verdict(card) == "Half blocked by shield and chainmail"
    assert card.endswith('<div class="actions"><button type="button" id="gear-apply">Apply the damage to my list</button></div>')

    browser.do("on_result_click", {"id": "gear-apply"})
    assert browser.focus == "gear-applied" and 'id="gear-applied"' in browser.html["gear-block"]
    assert browser.fields["gear-weapon-absorb"] == str(expected.weapon.absorb)
    assert [e for e in browser.names()] == [i.name for i in expected.items]
    again = resolve_block(Attack(success_level=4, power=14, weapon=expected.weapon), expected.items, "shield")
    browser.do("on_resolve")
    assert_block_shows(browser.html["gear-block"], again)


def test_the_keyboards_block_half_then_failed_defence_and_the_layouts_block():
    browser = Browser()
    browser.fields |= block_fields("4", "14", "shield") | {"gear-defence": "half"}
    half = resolve_block(Attack(success_level=4, power=14, defence="half", weapon=AXE), [e.item for e in ENTRIES], "shield")
    browser.do("on_resolve")
    assert_block_shows(browser.html["gear-block"], half)
    browser.fields["gear-defence"] = "failed"
    browser.do("on_resolve")
    expected = resolve_block(Attack(success_level=4, power=14, weapon=AXE), [e.item for e in ENTRIES], "shield")
    assert_block_shows(browser.html["gear-block"], expected)
    assert verdict(browser.html["gear-block"]) == "Half blocked by shield and chainmail"
    browser.fields |= block_fields("2", "12", "", weapon=False) | {"gear-weapon-name": "", "gear-weapon-toughness": "", "gear-weapon-absorb": ""}
    browser.do("on_work_out")
    browser.do("on_resolve")
    assert '<article class="gear-block-result"' in browser.html["gear-block"]


def test_a_block_that_changes_nothing_offers_nothing_to_apply():
    browser = Browser()
    browser.fields |= block_fields("0", "0", "", weapon=False)
    browser.do("on_resolve")
    assert "gear-apply" not in browser.html["gear-block"]
    before = dict(browser.fields)
    assert browser.do("on_result_click", {"id": "gear-apply"}).html.get("gear-block") is None
    assert browser.names() == [n for n in (before[f"gear-item-{k}-name"] for k in "12345")]


def test_apply_with_the_list_changed_to_something_wrong_says_so_and_applies_nothing():
    browser = Browser()
    browser.fields |= block_fields("4", "14", "shield")
    browser.do("on_resolve")
    browser.fields["gear-item-1-power"] = "lots"
    update = browser.do("on_result_click", {"id": "gear-apply"})
    assert "gear-items" not in update.html and "Pwr of 'sword'" in browser.errors["gear-item-1-power"]
    assert browser.notices["gear-list-error"] == "1 field above needs fixing: each says what is wrong."


# -- links -------------------------------------------------------------------------------------


def test_a_share_link_reopens_the_same_inputs_and_results():
    browser = Browser()
    browser.fields["gear-char-reach"] = "5"
    browser.fields["gear-item-5-absorb"] = "7"  # chainmail
    browser.fields |= block_fields("6", "12", "")
    browser.do("on_resolve")
    items = [e.item for e in ENTRIES]
    items[4] = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=7, toughness=3)
    expected = resolve_block(Attack(success_level=6, power=12, weapon=AXE), items, None)
    assert_block_shows(browser.html["gear-block"], expected)
    link = browser.share()
    assert link.startswith("./gear.html#1.") and browser.address == link[len("./gear.html"):]

    other = Browser()
    other.do("start", link[link.index("#"):])
    assert_block_shows(other.html["gear-block"], expected)
    assert (other.fields["gear-char-reach"], other.fields["gear-item-5-absorb"], other.fields["gear-sl"]) == ("5", "7", "6")
    assert other.fields["gear-weapon-name"] == "axe" and other.opened == {"gear-weapon-box": True}
    assert other.cell("gear-sheet", "sheet", "sword", "rch")[0] == "8"
    assert other.notices == {} and "gear-saved" in other.html
    # Opened organizer areas are organized again; a block with the shield defending keeps it chosen.
    browser.fields |= block_fields("4", "14", "shield")
    browser.do("on_organize")
    third = Browser()
    third.do("open", browser.address)
    assert third.html["gear-organized"].count('class="gear-piece"') == 3 and third.fields["gear-defending"] == "shield"


@pytest.mark.parametrize(("fragment", "says"), [
    ("#1.damaged", "share link"),
    ("#" + encode_link("gear", {"entries": [{"item": {"name": "x", "kind": "melee", "cover": -1}}]}), "gear link: item 1, cover"),
    ("#" + encode_link("gear", {}, version=2), "share link: gear version 2 is newer"),
    ("#" + encode_link("shrapnel", {"roll": 50, "severity": "C"}), "share link: this is a 'shrapnel' link"),
])
def test_a_link_that_does_not_open_is_explained_and_the_page_still_works(fragment, says):
    browser = Browser()
    browser.do("start", fragment)
    assert browser.notices["gear-link-error"].startswith(says)
    assert browser.fields == {**form_values(EXAMPLE), **{"gear-defending": ""}}
    browser.do("on_work_out")
    assert "gear-sheet" in browser.html


def test_a_state_too_big_for_a_link_is_said_where_the_link_would_be(monkeypatch):
    # The page's limits keep a state under a link's (40 items of 80-character names with 8
    # special columns each make ~14,000 of its 16,384 characters); should one not fit:
    from pyengine.errors import ShareLinkError
    from pyengine.gear import state

    def too_big(data):
        raise ShareLinkError("share link: the state is 20000 characters; a link holds 16384")

    monkeypatch.setattr(state.LINK, "link", too_big)
    browser = Browser()
    browser.do("on_work_out")
    assert browser.html["gear-share-box"] == (
        '<span class="field-error">share link: the state is 20000 characters; a link holds 16384</span>'
    )
    assert browser.address is None and "gear-sheet" in browser.html


# -- bad input ---------------------------------------------------------------------------------


def test_every_problem_at_once_each_beside_its_field_and_what_was_typed_kept():
    browser = Browser()
    browser.fields |= {"gear-item-2-absorb": "x6", "gear-item-4-name": "Sword", "gear-char-size": "big"}
    browser.do("on_work_out")
    assert "Abs of 'shield'" in browser.errors["gear-item-2-absorb"] and "'x6'" in browser.errors["gear-item-2-absorb"]
    assert "'Sword' is the name of item 1 too" in browser.errors["gear-item-4-name"]
    assert "'big'" in browser.errors["gear-char-size"]
    assert browser.notices["gear-list-error"].startswith("3 fields")
    assert browser.page.stale is True and browser.fields["gear-item-2-absorb"] == "x6"
    assert browser.last.classes == {"gear-sheet": {"gear-stale": True}}  # the page marks the sheet as the update says

    browser.fields |= {"gear-sl": "", "gear-power": "-3"}
    browser.do("on_resolve")
    assert browser.errors["gear-sl"].startswith("Success level: empty")
    assert browser.errors["gear-power"].startswith("Attack power: '-3'")
    assert "gear-block" not in browser.html

    browser.fields["gear-areas"] = "3: leather + cloak"
    browser.do("on_organize")
    assert "gear-areas" not in browser.errors  # the list is fixed first
    browser.fields |= {"gear-item-2-absorb": "6", "gear-item-4-name": "leather", "gear-char-size": "10"}
    browser.do("on_organize")
    assert "no item is named 'cloak'" in browser.errors["gear-areas"] and browser.fields["gear-areas"] == "3: leather + cloak"
    browser.fields |= {"gear-power": "14", "gear-sl": "4"}
    browser.do("on_resolve")
    assert '<article class="gear-block-result"' in browser.html["gear-block"]
    browser.do("on_work_out")
    assert browser.page.stale is False and list(browser.errors) == ["gear-areas"] and browser.notices == {}
    assert browser.last.classes == {"gear-sheet": {"gear-stale": False}}


LIST_VALUES = [
    ("gear-char-reach", "abc", "Reach: unexpected 'a'"),
    ("gear-char-size", "1000", "Size: '1000' is out of range"),
    ("gear-char-encumbrance", HUGE, "Encumbrance: '9999"),
    ("gear-char-hand_to_hand", "3.5", "Hand to hand: unexpected '.'"),
    ("gear-char-marksmanship", "-1000", "Marksmanship: '-1000'"),
    ("gear-item-1-name", "", "Name of item 1: empty"),
    ("gear-item-1-name", "x" * 100, "longer than 80"),
    ("gear-item-2-name", "Sword", "'Sword' is the name of item 1"),
    ("gear-item-1-reach", "far", "Rch of 'sword': unexpected 'f'"),
    ("gear-item-1-power", "1000", "Pwr of 'sword': '1000'"),
    ("gear-item-1-heft", HUGE, "Hft of 'sword': '9999"),
    ("gear-item-1-sharpness", "-1000", "Shp of 'sword': '-1000'"),
    ("gear-item-3-attack", "1.5", "Atk of 'sling': unexpected '.'"),
    ("gear-item-1-grapple", "++3", "Grp of 'sword'"),
    ("gear-item-1-parry", "x", "Par of 'sword': unexpected 'x'"),
    ("gear-item-1-toughness", HUGE, "Tgh of 'sword': '9999"),
    ("gear-item-4-cover", "-1", "Cvr of 'leather': '-1' is out of range (0 to 999)"),
    ("gear-item-4-absorb", "six", "Abs of 'leather': unexpected 's'"),
    ("gear-item-5-absorb", HUGE, "Abs of 'chainmail': '9999"),
    ("gear-item-1-skill", "good", "Skill of 'sword': unexpected 'g'"),
    ("gear-item-1-skill", "1000", "Skill of 'sword': '1000'"),
    ("gear-item-1-special", "Stun", "Special bonuses of 'sword'"),
    ("gear-item-1-special", "Stun " + HUGE, "Stun: '9999"),
]


@pytest.mark.parametrize(("field", "value", "names"), LIST_VALUES, ids=[f"{f}-{v[:8] or 'empty'}" for f, v, _ in LIST_VALUES])
def test_a_bad_value_in_the_list_is_named_beside_its_field_and_the_sheet_marked_stale(field, value, names):
    browser = Browser()
    browser.fields[field] = value
    update = browser.do("on_work_out")
    assert names in browser.errors[field] and field not in update.values
    assert "gear-sheet" not in update.html and browser.page.stale


@pytest.mark.parametrize(("field", "value", "names"), [
    ("gear-areas", "leather", "armour areas: unexpected 'l'"),
    ("gear-areas", "0: leather", "a cover of 1 or more"),
    ("gear-areas", HUGE + ": leather", "armour areas: cover '9999"),
])
def test_bad_areas_are_named_and_nothing_is_organized(field, value, names):
    browser = Browser()
    browser.fields[field] = value
    update = browser.do("on_organize")
    assert names in browser.errors[field] and "gear-organized" not in update.html


@pytest.mark.parametrize(("field", "value", "names"), [
    ("gear-sl", "", "Success level: empty"),
    ("gear-sl", "abc", "Success level: unexpected 'a'"),
    ("gear-sl", HUGE, "Success level: '9999"),
    ("gear-power", "", "Attack power: empty"),
    ("gear-power", "-3", "Attack power: '-3' is out of range (0 to 999)"),
    ("gear-power", "1000", "Attack power: '1000'"),
    ("gear-weapon-name", "w" * 100, "Attacking weapon: 'wwww"),
    ("gear-weapon-toughness", "hard", "toughness: unexpected 'h'"),
    ("gear-weapon-toughness", HUGE, "toughness: '9999"),
    ("gear-weapon-absorb", "-2", "absorb: '-2' is out of range"),
])
def test_a_bad_value_in_the_block_is_named_and_nothing_is_resolved(field, value, names):
    browser = Browser()
    browser.fields |= {"gear-sl": "2", "gear-power": "12", field: value}
    update = browser.do("on_resolve")
    assert names in browser.errors[field] and "gear-block" not in update.html
    assert browser.opened == ({"gear-weapon-box": True} if field.startswith("gear-weapon") else {})


# -- organizing ---------------------------------------------------------------------------------


def test_the_seeds_overlap_becomes_three_pieces_that_replace_the_overlapping_ones():
    browser = Browser()
    browser.do("on_organize")
    pieces = re.findall(r'<li class="gear-piece" data-item="([^"]*)" data-cover="([^"]*)" data-absorb="([^"]*)"',
                        browser.html["gear-organized"])
    assert len(pieces) == 3 and pieces[0] == ("leather + chainmail", "3", "9")
    assert "become" in browser.html["gear-organized"]
    browser.do("on_result_click", {"id": "gear-use-pieces"})
    assert browser.names() == ["sword", "shield", "sling", "leather + chainmail", "chainmail only", "leather only"]
    assert browser.cell("gear-sheet", "sheet", "chainmail only", "cvr")[0] == "2"
    assert browser.focus == "gear-used" and browser.fields["gear-areas"] == ""
    assert browser.html["gear-organized"].startswith('<p class="gear-status" id="gear-used" tabindex="-1">The list now holds 3 pieces')
    assert browser.html["gear-sheet"].count('class="gear-sheet-row"') == 6
    assert 'value="leather"' not in browser.html["gear-items"]


def test_pieces_in_the_list_keep_the_skill_typed_for_their_names():
    browser = Browser()
    browser.fields["gear-item-1-skill"] = "4"
    browser.do("on_organize")
    browser.do("on_result_click", {"id": "gear-use-pieces"})
    assert browser.fields["gear-item-1-skill"] == "4"


# -- what is shown, for everyone -------------------------------------------------------------


def test_every_difference_and_every_empty_cell_is_said_in_words():
    browser = Browser()
    browser.do("on_work_out")
    sheet = browser.html["gear-sheet"]
    diffs = re.findall(r'<td class="gear-col-\w+ gear-diff"[^>]*>.*?</td>', sheet)
    assert diffs and all("the list says" in d for d in diffs)
    empty = re.search(r'<td class="[^"]*" data-value="">(.*?)</td>', sheet)
    assert empty and '<span class="visually-hidden">none</span>' in empty.group(1)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_hostile_name_is_shown_as_text(payload):
    browser = Browser()
    browser.do("on_add")
    browser.fields["gear-item-6-name"] = payload
    browser.do("on_work_out")
    assert html.escape(payload, quote=False) in browser.html["gear-sheet"]
    for region in ("gear-sheet", "gear-items", "gear-defending"):
        assert not {"img", "script"} & tags(browser.html[region]), region
    assert options(browser.html["gear-defending"])[0][-1] == payload


def test_what_was_typed_before_python_was_up_is_worked_out_at_start():
    browser = Browser()
    browser.fields["gear-char-reach"] = "5"
    browser.do("start", "")
    assert browser.cell("gear-sheet", "sheet", "sword", "rch")[0] == "8"
    assert browser.address is None  # the link waits for a change
    assert browser.html["gear-saved"] == '<p class="empty">No equipment lists are saved on this device yet.</p>'


def test_the_page_is_pre_rendered_with_the_example_and_its_fields_are_the_examples():
    slots = prerender(None)
    typed = Fields(slots["character"] + slots["items"]).values
    assert typed == {k: v for k, v in form_values(EXAMPLE).items() if k.startswith(("gear-char-", "gear-item-"))}
    assert html.unescape(slots["areas"]) == EXAMPLE.areas and 'data-ruling="GEAR-11"' in slots["rulings"]
    assert options(slots["defending"]) == (["", "sword", "shield", "sling", "leather", "chainmail"], "")
    assert browser_sheet_rows(slots["sheet"]) == ["sword", "shield", "sling", "leather", "chainmail"]


def browser_sheet_rows(sheet: str) -> list[str]:
    return [html.unescape(n) for n in re.findall(r'<tr class="gear-sheet-row" data-item="([^"]*)"', sheet)]


# -- records on the device ----------------------------------------------------------------------


def test_a_list_is_saved_and_reopened_and_a_damaged_record_is_listed_kept_and_never_overwritten():
    store = MemoryStore({GEAR_PREFIX + "Broken": "{not json"})
    browser = Browser(store)
    browser.fields["gear-char-reach"] = "7"
    browser.fields["gear-save-name"] = "Grunt"
    browser.do("on_save")
    assert browser.text["gear-save-status"] == "Saved as 'Grunt' on this device."
    assert read_record(store.get(record_key("Grunt"))).state.character.reach == 7

    later = Browser(store)  # a reload
    later.do("start", "")
    saved = later.html["gear-saved"]
    assert "Damaged record 'strike-rank/gear/Broken', kept as it is" in saved
    assert '<button type="button" class="gear-open" data-open="strike-rank/gear/Grunt">Open</button>' in saved
    later.do("on_saved_click", {"open": record_key("Grunt")})
    assert later.fields["gear-char-reach"] == "7" and later.fields["gear-save-name"] == "Grunt"
    assert later.text["gear-save-status"] == "Opened 'Grunt'."
    later.fields["gear-save-name"] = "Broken"
    later.do("on_save")
    assert "a damaged record is stored under that name and is kept" in later.errors["gear-save-name"]
    assert store.get(GEAR_PREFIX + "Broken") == "{not json"
    later.do("on_saved_click", {"open": GEAR_PREFIX + "Broken"})
    assert later.text["gear-save-status"].startswith("record 'strike-rank/gear/Broken': not JSON")
    assert later.page.on_saved_click({"open": "elsewhere"}, later.fields) == Update()

    later.do("on_export")
    name, exported = later.download
    assert name == "Broken.gear.json" and later.text["gear-save-status"] == "Exported Broken.gear.json."
    later.do("on_import", "notes.json", '{"format": "x"}')
    assert "file 'notes.json': not a gear record" in later.errors["gear-import"]
    later.fields["gear-char-reach"] = "1"
    later.do("on_import", "grunt.json", exported)
    assert later.fields["gear-char-reach"] == "7" and "gear-import" not in later.errors
    assert later.text["gear-save-status"] == "Imported 'Broken' from 'grunt.json'; save it to keep it on this device."


@pytest.mark.parametrize(("name", "says"), [("", "name to save under: empty"), ("x" * 200, "longer than 60")])
def test_a_bad_name_to_save_under_is_named_and_nothing_is_saved(name, says):
    store = MemoryStore()
    browser = Browser(store)
    browser.fields["gear-save-name"] = name
    update = browser.do("on_save")
    assert says in browser.errors["gear-save-name"] and store.items == {} and "gear-saved" not in update.html


def test_a_list_with_problems_is_neither_saved_nor_exported():
    store = MemoryStore()
    browser = Browser(store)
    browser.fields |= {"gear-save-name": "Grunt", "gear-item-1-reach": "far"}
    browser.do("on_save")
    assert browser.errors["gear-save-name"] == "Save: the list has fields to fix first (marked above); nothing was saved"
    assert "Rch of 'sword'" in browser.errors["gear-item-1-reach"] and store.items == {}
    browser.do("on_export")
    assert browser.errors["gear-save-name"] == "Export: the list has fields to fix first (marked above)"
    assert browser.download is None


def test_a_full_storage_says_so_and_keeps_what_was_there():
    record = to_record("Grunt", EXAMPLE)
    store = MemoryStore({record_key("Grunt"): record}, quota=len(record_key("Grunt")) + len(record))
    browser = Browser(store)
    browser.fields |= {"gear-save-name": "Grunt", "gear-char-reach": "19"}  # one character more
    browser.do("on_save")
    assert browser.errors["gear-save-name"].startswith("Save as 'Grunt': storage: the device's storage is full (QuotaExceededError)")
    assert store.get(record_key("Grunt")) == record and "gear-save-status" not in browser.text


def test_an_export_without_a_name_is_called_equipment_and_reads_back_as_the_same_inputs():
    browser = Browser()
    browser.fields |= block_fields("4", "14", "shield")
    browser.do("on_export")
    name, text = browser.download
    assert name == "equipment.gear.json"
    record = read_record(text)
    assert record.name == "equipment" and record.state.block is not None and record.state.block.defending == "shield"
    assert json.loads(text)["format"] == "strike-rank/gear"
    assert msgspec.structs.replace(record.state, block=None) == msgspec.structs.replace(EXAMPLE, block=None)


def test_the_saved_list_is_sorted_by_name():
    store = MemoryStore({record_key(n): to_record(n, EXAMPLE) for n in ("zed", "Ann", "bob")} | {"other": "x"})
    assert [name for _, name, _ in GearPage(store).saved()] == ["Ann", "bob", "zed"]



def test_a_block_brings_its_result_into_view_and_a_refusal_does_not():
    # Browser: test_results_in_view (the result's top inside the phone's screen after the tap).
    browser = Browser()
    browser.do("on_work_out")
    browser.fields |= block_fields("4", "14", "shield")
    assert browser.do("on_resolve").scroll == "gear-block"
    browser.fields |= block_fields("4", "", "shield")
    assert browser.do("on_resolve").scroll == ""
