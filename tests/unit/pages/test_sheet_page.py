"""The sheet page's controller (pyengine.pages.sheet), in CPython: what the page shows for
each action, with the device's storage in memory.

These hold the logic the browser tests of the sheet check (tests/browser/test_sheet_page.py,
test_storage.py, the sheet's rows in test_forms_and_keyboard.py, test_pages_for_everyone.py
and test_start_up.py); each test names the browser test whose checks it makes."""

from __future__ import annotations

import contextlib
import json
import re

import pytest

from pyengine.dice import ScriptedDice
from pyengine.errors import StorageError
from pyengine.pages.index import StartPage
from pyengine.pages.sheet import EMPTY_SHEET, FIELDS, NEEDS_RECORD, RECORD_FIELDS, SheetPage
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.render import EMPTY_SAVED
from pyengine.share import encode_link
from pyengine.storage.keys import CHARACTER_PREFIX, SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.sheet_fields import YSOLDE, numbers, opened, page_on, typed

# -- test_sheet_page.py ----------------------------------------------------------------------


def test_typed_characteristics_give_the_seeds_sheet(tables):
    # test_typed_characteristics_give_the_sheet_and_saving_keeps_it: the seed's 15 hit points.
    page = page_on(tables)
    update = page.on_input(typed())
    shown = numbers(update.html["sheet-view"])
    assert shown["hit_points"] == "15" and shown["locations.chest"] == "6" and shown["locations.left_arm"] == "4"
    assert update.disabled == {button: False for button in NEEDS_RECORD}
    assert all(update.errors[f"sheet-{key}"] == "" for key in YSOLDE)
    assert '<h2 class="rq-name">Ysolde</h2>' in update.html["sheet-view"]


def test_a_weapon_added_is_on_the_sheet_and_saving_keeps_it_over_a_reload(tables):
    # test_typed_characteristics_give_the_sheet_and_saving_keeps_it: a weapon, saved, reloaded,
    # listed on the start page.
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed())
    update = page.on_click({"id": "sheet-add-weapon"}, typed())
    assert update.html["sheet-view"].count('class="rq-weapon"') == 1
    before = numbers(update.html["sheet-view"])
    saved = page.on_click({"id": "sheet-save"}, typed())
    assert saved.text["sheet-save-status"] == "Saved Ysolde on this device."
    assert re.fullmatch(r"\./sheet\.html\?open=[0-9a-f]{12}", saved.address)
    assert 'href="./sheet.html?open=000000000001">Ysolde<' in saved.html["sheet-saved"]
    assert store.get(SHEET_DRAFT) is None
    again, update = opened(tables, store, wanted=saved.address.split("open=")[1])
    assert numbers(update.html["sheet-view"]) == before
    assert update.values["sheet-name"] == "Ysolde" and update.values["sheet-STR"] == "12"
    assert again.adventurer == page.adventurer
    assert "Ysolde" in StartPage(store).render()["saved-list"]


def test_export_then_import_gives_the_same_sheet_and_a_bad_file_loses_nothing(tables):
    # test_export_then_import_gives_the_same_sheet: the background's gear, the file's name,
    # "New adventurer", the import, and a file that is not a record.
    store = MemoryStore()
    page = page_on(tables, store, dice=ScriptedDice([50, 3, 4, 5]))
    page.on_input(typed("Rurik"))
    rolled = page.on_click({"id": "sheet-roll-bg"}, typed("Rurik"))
    assert 'class="rq-gear"' in rolled.html["sheet-view"] and rolled.text["sheet-bg-note"]
    before = numbers(rolled.html["sheet-view"])
    name, text = page.on_click({"id": "sheet-export"}, typed("Rurik")).download
    assert name == "Rurik.json" and load_adventurer(text) == page.adventurer
    assert store.get(SHEET_DRAFT) is not None
    assert page.on_click({"id": "sheet-new"}, {}).navigate == "./sheet.html"
    assert store.get(SHEET_DRAFT) is None
    other, _ = opened(tables, store)
    imported = other.on_import(text)
    assert imported.text["sheet-save-status"] == "Imported: save it to keep it on this device."
    assert numbers(imported.html["sheet-view"]) == before
    assert imported.values["sheet-name"] == "Rurik" and imported.notices["sheet-import-error"] == ""
    bad = other.on_import('{"format": 1, "characteristics": {"STR": "strong"}}')
    assert bad.notices["sheet-import-error"].startswith("import: adventurer record: ")
    assert "STR" in bad.notices["sheet-import-error"]
    assert bad.html == {} and bad.values == {} and other.adventurer == page.adventurer  # nothing lost


def test_the_share_link_opens_read_only_and_a_copy_can_be_saved(tables):
    # test_the_share_link_opens_the_same_sheet_read_only_and_a_copy_can_be_saved.
    page = page_on(tables)
    before = numbers(page.on_input(typed("Shared Sven")).html["sheet-view"])
    box = page.on_click({"id": "sheet-share-link"}, typed("Shared Sven")).html["sheet-share-box"]
    href = re.search(r'id="sheet-share" href="([^"]+)"', box).group(1)
    assert href.startswith("./sheet.html#") and "Link to this sheet (opens read-only)" in box
    store = MemoryStore()
    other, update = opened(tables, store, fragment=href[len("./sheet.html"):])
    assert numbers(update.html["sheet-view"]) == before
    assert update.hidden["sheet-shared"] is False
    assert update.disabled["sheet-edit"] and update.disabled["sheet-edit-gear"] and update.disabled["sheet-save"]
    assert store.get(SHEET_DRAFT) is None  # a shared sheet is not a draft here
    assert other.on_input(typed("Typed over", {**YSOLDE, "STR": "3"})) == type(update)()
    assert other.on_click({"remove-weapon": "0"}, {}).html == {}
    copy = other.on_click({"id": "sheet-save-copy"}, {})
    assert copy.text["sheet-save-status"] == "Saved Shared Sven on this device."
    assert copy.disabled["sheet-edit"] is False and copy.disabled["sheet-save"] is False
    assert copy.hidden["sheet-shared"] is True
    assert [load_adventurer(store.get(k)).name for k in store.keys() if k.startswith(CHARACTER_PREFIX)] == ["Shared Sven"]


def test_a_link_of_another_kind_or_damaged_is_said_and_the_draft_opens(tables):
    store = MemoryStore()
    page_on(tables, store).on_input(typed("Drafted Dan"))
    for link in ("#1.not-a-real-link", "#" + encode_link("dice", {"expr": "1D6", "rolls": [3]})):
        page, update = opened(tables, store, fragment=link)
        assert update.notices["sheet-link-error"].startswith("share link: ")
        assert update.values["sheet-name"] == "Drafted Dan" and not page.read_only
    assert "this is a 'dice' link, not a 'sheet' one" in update.notices["sheet-link-error"]


def test_the_print_button_prints(tables):
    # test_the_print_view_is_one_page: the button opens the print dialog (the layout is the browser's).
    page = page_on(tables)
    page.on_input(typed("Printed Pia"))
    assert page.on_click({"id": "sheet-print"}, {}).print is True


def test_bad_input_is_explained_beside_its_field_and_kept(tables):
    # test_bad_input_is_explained_next_to_its_field_and_kept.
    page = page_on(tables)
    update = page.on_input(typed("Odd Olaf", {**YSOLDE, "STR": "25", "DEX": "abc"}))
    assert update.errors["sheet-DEX"] == "DEX: 'abc' is not a whole number"
    assert update.values == {}  # what was typed stays as it is
    assert update.disabled["sheet-save"] is True
    update = page.on_input(typed("Odd Olaf", {**YSOLDE, "STR": "25"}))
    assert update.errors["sheet-DEX"] == ""
    assert update.errors["sheet-STR"] == "STR: STR 25 is above the human maximum of 21"
    assert 'class="rq-problem rq-error" data-field="characteristics.STR"' in update.html["sheet-view"]
    update = page.on_input(typed("Odd Olaf", {**YSOLDE, "STR": "25"}, sheet_money="a lot"))
    assert update.errors["sheet-money"] == "money: 'a lot' is not a whole number"


@pytest.mark.parametrize(("field", "text", "says"), [
    ("sheet-STR", "abc", "STR: 'abc'"), ("sheet-STR", "", "STR: empty"), ("sheet-CON", "999", "CON: 999"),
    ("sheet-money", "lots", "money: 'lots'"), ("sheet-money", "9" * 40, "money"),
    ("sheet-money", "5000000", "money: 5000000 is not from 0 to 1000000"),
])
def test_a_bad_value_gets_a_message_naming_the_field(tables, field, text, says):
    # test_forms_and_keyboard.py's sheet rows (typed over a whole adventurer).
    page = page_on(tables)
    page.on_input(typed())
    update = page.on_input({**typed(), field: text})
    assert says in update.errors[field] and update.values == {}
    assert page.adventurer is None and update.disabled["sheet-save"] is True


def test_an_empty_score_is_not_an_error_before_there_is_a_sheet(tables):
    update = page_on(tables).on_input(typed("", {"STR": "12"}))
    assert update.errors["sheet-STR"] == "" and "sheet-CON" not in update.errors


@pytest.mark.parametrize(("count", "says"), [("0", "how many: 0"), ("x", "how many: 'x'")])
def test_a_bad_count_to_buy_is_named_and_nothing_is_bought(tables, count, says):
    # test_forms_and_keyboard.py: #sheet-count refused on Buy, the engine gets nothing.
    page = page_on(tables)
    page.on_input(typed(sheet_money="100"))
    update = page.on_click({"id": "sheet-buy"}, typed(sheet_money="100", sheet_count=count))
    assert says in update.errors["sheet-count"] and "sheet-view" not in update.html
    assert page.adventurer.gear == ()


def test_an_item_is_bought_and_one_that_cannot_be_is_said_beside_the_item(tables):
    page = page_on(tables)
    page.on_input(typed(sheet_money="100"))
    update = page.on_click({"id": "sheet-buy"}, typed(sheet_money="100", sheet_count="2"))
    assert update.errors == {**update.errors, "sheet-item": "", "sheet-count": ""}
    assert page.adventurer.gear == (Gear(ref="dagger", count=2),) and update.values["sheet-money"] == "60"
    poor = page.on_click({"id": "sheet-buy"}, typed(sheet_money="60", sheet_count="1000"))
    assert poor.errors["sheet-item"] == "buy dagger: it costs 20000 L and there are only 60 L" and poor.errors["sheet-count"] == ""


def test_keyboard_kari_is_saved(tables):
    # test_keyboard_alone_makes_and_saves_a_sheet (the keys are the browser's; the save is this).
    page = page_on(tables)
    assert numbers(page.on_input(typed("Keyboard Kari")).html["sheet-view"])["hit_points"] == "15"
    assert page.on_click({"id": "sheet-save"}, {}).text["sheet-save-status"] == "Saved Keyboard Kari on this device."


def test_training_is_priced_and_bought_and_experience_is_rolled(tables):
    # test_training_is_priced_and_bought_and_experience_is_rolled.
    page = page_on(tables, dice=ScriptedDice([1]))
    page.on_input(typed("Trainee Tam", sheet_money="5000"))
    added = page.on_click({"id": "sheet-add-weapon"}, typed("Trainee Tam", sheet_money="5000"))
    attack_before = numbers(added.html["sheet-view"])["weapons[0].attack"]
    assert attack_before.endswith("%")
    assert added.html["sheet-train-weapon"] == '<option value="broadsword@right">broadsword (right)</option>'
    fields = typed("Trainee Tam", sheet_money="5000", sheet_train_weapon="broadsword@right")
    quote = page.on_click({"id": "sheet-quote"}, fields).html["sheet-quote-result"]
    assert " L for " in quote and "weeks" in quote and 'id="sheet-train"' in quote
    paid = page.on_click({"id": "sheet-train"}, fields)
    assert "5000 L" not in re.search(r'<dl class="rq-money">.*?</dl>', paid.html["sheet-view"]).group(0)
    assert "paid" in paid.html["sheet-quote-result"] and page.adventurer.courses
    assert page.on_click({"id": "sheet-train"}, fields).html == {}  # paid once
    rolled = page.on_click({"id": "sheet-exp-roll"}, {**fields, "exp-0-attack": "1"})
    items = re.findall(r"<li>(.*?)</li>", rolled.html["sheet-exp-result"])
    assert len(items) == 1 and items[0].startswith("broadsword attack: roll 1 against ") and "+5%" in items[0]
    assert 'checked' not in rolled.html["sheet-exp-list"]  # unticked for the next adventure


def test_a_quote_without_a_weapon_or_refused_says_why(tables):
    page = page_on(tables)
    page.on_input(typed())
    assert "add a weapon or shield" in page.on_click({"id": "sheet-quote"}, typed()).html["sheet-quote-result"]
    page.on_click({"id": "sheet-add-weapon"}, typed())
    quote = page.on_click({"id": "sheet-quote"}, typed(sheet_train_weapon="broadsword@right"))
    assert "Not possible: broadsword: it costs" in quote.html["sheet-quote-result"]  # no money
    assert 'id="sheet-train"' not in quote.html["sheet-quote-result"]


def test_no_weapon_ticked_means_no_checks(tables):
    page = page_on(tables)
    page.on_input(typed())
    update = page.on_click({"id": "sheet-exp-roll"}, typed())
    assert update.html["sheet-exp-result"] == "<p>Nothing was ticked: no checks.</p>"


# -- test_storage.py -------------------------------------------------------------------------

DAMAGED = '{"format": 1, "name": "Half a record", "characteristics": {"STR": 1'


def test_a_damaged_record_is_said_kept_and_listed_as_damaged(tables):
    # test_a_damaged_record_is_said_kept_and_offered_for_export (the sheet's part).
    store = MemoryStore({CHARACTER_PREFIX + "0badc0ffee00": DAMAGED,
                         CHARACTER_PREFIX + "00000000beef": dump_adventurer(whole("Whole Wenna")).decode()})
    page, update = opened(tables, store, wanted="0badc0ffee00")
    assert update.notices["sheet-link-error"].startswith("saved character: adventurer record: not JSON")
    assert update.notices["sheet-link-error"].endswith("; the record is kept as it is")
    assert store.get(CHARACTER_PREFIX + "0badc0ffee00") == DAMAGED
    listed = update.html["sheet-saved"]
    assert "(damaged record '0badc0ffee00': kept as it is; export it from the start page)" in listed
    assert listed.index("damaged record") < listed.index("Whole Wenna")
    assert page.adventurer is None
    _, missing = opened(tables, store, wanted="nobody")
    assert missing.notices["sheet-link-error"] == (
        "saved character: no character 'nobody' is saved on this device; the record is kept as it is"
    )


def test_full_storage_on_save_says_so_and_loses_nothing(tables):
    # test_full_storage_on_save_says_so_and_loses_nothing.
    store = RefusingStore(CHARACTER_PREFIX)
    page = page_on(tables, store)
    page.on_input(typed("Crowded Cai"))
    update = page.on_click({"id": "sheet-save"}, typed("Crowded Cai"))
    status = update.text["sheet-save-status"]
    assert status.startswith("Not saved: ") and "QuotaExceededError" in status and "Export" in status
    assert update.values == {} and update.html == {} and update.address is None
    assert page.adventurer.name == "Crowded Cai" and page.key is None
    assert numbers(page.render()["sheet-view"])["hit_points"] == "15"
    assert json.loads(store.get(SHEET_DRAFT))["record"]  # the draft is still kept


def test_a_draft_the_device_refuses_is_said(tables):
    page = page_on(tables, RefusingStore(SHEET_DRAFT))
    status = page.on_input(typed("Full Fran")).text["sheet-save-status"]
    assert status.startswith("Not kept as a draft: ") and "QuotaExceededError" in status and "Export" in status


def test_storage_full_by_quota_is_said_too(tables):
    page = page_on(tables, MemoryStore(quota=100))
    assert "storage is full" in page.on_input(typed()).text["sheet-save-status"]
    assert "storage is full" in page.on_click({"id": "sheet-save"}, {}).text["sheet-save-status"]


def test_two_tabs_editing_one_character_never_silently_overwrite(tables):
    # test_two_tabs_editing_one_character_never_silently_overwrite.
    store = MemoryStore()
    first = page_on(tables, store)
    first.on_input(typed("Twin Tove"))
    ident = first.on_click({"id": "sheet-save"}, {}).address.split("open=")[1]
    second, _ = opened(tables, store, wanted=ident)
    second.on_input(typed("Twin Tove, changed in tab B"))
    assert second.on_click({"id": "sheet-save"}, {}).text["sheet-save-status"].startswith("Saved")
    first.on_input(typed("Twin Tove", {**YSOLDE, "STR": "13"}))
    refused = first.on_click({"id": "sheet-save"}, {})
    assert refused.hidden == {"sheet-conflict": False}
    assert refused.text["sheet-save-status"] == "Not saved yet: see below."
    assert "changed in tab B" in store.get(CHARACTER_PREFIX + ident)
    copy = first.on_click({"id": "sheet-save-as-copy"}, {})
    assert copy.hidden["sheet-conflict"] is True
    assert sorted(names(store)) == ["Twin Tove", "Twin Tove, changed in tab B"]
    assert first.on_click({"id": "sheet-save"}, {}).text["sheet-save-status"].startswith("Saved")  # its own now


def test_overwrite_saves_mine_over_the_other_tabs(tables):
    store = MemoryStore()
    first = page_on(tables, store)
    first.on_input(typed("Mine"))
    ident = first.on_click({"id": "sheet-save"}, {}).address.split("open=")[1]
    store.put(CHARACTER_PREFIX + ident, dump_adventurer(whole("Theirs")).decode())
    assert first.on_click({"id": "sheet-save"}, {}).hidden == {"sheet-conflict": False}
    assert first.on_click({"id": "sheet-overwrite"}, {}).hidden == {"sheet-conflict": True}
    assert names(store) == ["Mine"]


# -- test_pages_for_everyone.py, test_start_up.py ------------------------------------------

PAYLOAD = '<img src=x onerror=alert(1)>'


def test_text_from_users_and_links_is_shown_as_text(tables):
    # test_pages_for_everyone.py: a hostile name and notes, typed and from a link.
    page = page_on(tables)
    fields = typed(PAYLOAD, sheet_notes=PAYLOAD)
    shown = page.on_input(fields).html["sheet-view"]
    assert '<h2 class="rq-name">&lt;img src=x onerror=alert(1)&gt;</h2>' in shown and "<img" not in shown
    _, update = opened(tables, MemoryStore(), fragment="#" + page.link())
    assert "<img" not in update.html["sheet-view"] and "&lt;img" in update.html["sheet-view"]
    assert update.values["sheet-name"] == PAYLOAD and update.values["sheet-notes"] == PAYLOAD
    assert "<img" not in page.on_click({"id": "sheet-share-link"}, fields).html["sheet-share-box"]
    listed = page_on(tables, MemoryStore({CHARACTER_PREFIX + "x": dump_adventurer(whole(PAYLOAD)).decode()}))
    assert "<img" not in listed.render_saved()


def test_a_sheet_typed_before_python_was_up_is_derived_on_opening(tables):
    # test_a_sheet_typed_before_python_is_up_is_derived_by_the_time_the_page_is_ready.
    _, update = opened(tables, MemoryStore(), **{f"sheet-{k}": v for k, v in YSOLDE.items()})
    assert numbers(update.html["sheet-view"])["hit_points"] == "15"


def test_the_characteristics_are_rolled_with_the_pages_dice(tables):
    # test_the_page_is_ready_before_its_tables_and_an_early_click_waits_for_them: the roll's note.
    page = page_on(tables, dice=ScriptedDice([3, 4, 5] * 7))
    update = page.on_click({"id": "sheet-roll-chars"}, typed("Rolled Rae", {}))
    assert update.text["sheet-roll-note"] == "3D6 each: " + "; ".join(f"{k} 3+4+5 = 12" for k in YSOLDE)
    assert update.values["sheet-STR"] == "12" and update.values["sheet-name"] == "Rolled Rae"
    assert page.adventurer.characteristics == Characteristics(**dict.fromkeys(YSOLDE, 12))


def test_with_nothing_to_show_the_page_is_as_it_came(tables):
    store = MemoryStore()
    page, update = opened(tables, store)
    assert update.html == {"sheet-saved": EMPTY_SAVED}
    assert update.disabled == {button: True for button in NEEDS_RECORD}
    assert store.items == {}  # nothing typed: no draft, so the next visit starts light
    page.on_input(typed("A name", {}))
    assert json.loads(store.get(SHEET_DRAFT))["typed"]["sheet-name"] == "A name"
    page.on_input(typed("", {}))
    assert store.items == {}  # all taken away again
    assert page.render() == {"sheet-saved": EMPTY_SAVED, "sheet-view": EMPTY_SHEET}


# -- the draft ---------------------------------------------------------------------------------


def test_the_draft_survives_a_reload(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed("Draft Dora"))
    page.on_click({"id": "sheet-add-weapon"}, typed("Draft Dora"))
    again, update = opened(tables, store)
    assert update.text["sheet-save-status"] == "Restored what was being typed here."
    assert update.values["sheet-name"] == "Draft Dora" and again.adventurer == page.adventurer
    assert again.adventurer.weapons == (WeaponSkill(weapon="broadsword"),)


def test_a_half_typed_sheet_survives_a_reload_with_its_weapons(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed("Half Hal"))
    page.on_click({"id": "sheet-add-weapon"}, typed("Half Hal"))
    page.on_input(typed("Half Hal", {**YSOLDE, "DEX": "1x"}))
    draft = json.loads(store.get(SHEET_DRAFT))
    assert draft["typed"]["sheet-DEX"] == "1x" and set(draft["typed"]) == set(RECORD_FIELDS)
    again, update = opened(tables, store)
    assert update.values["sheet-DEX"] == "1x" and update.errors["sheet-DEX"] == "DEX: '1x' is not a whole number"
    assert again.adventurer is None
    fixed = again.on_input(typed("Half Hal"))
    assert fixed.html["sheet-view"].count('class="rq-weapon"') == 1  # the weapon carried on


def test_a_retyped_field_keeps_the_weapons(tables):
    page = page_on(tables)
    page.on_input(typed())
    page.on_click({"id": "sheet-add-weapon"}, typed())
    page.on_input(typed(scores={**YSOLDE, "DEX": ""}))
    assert page.on_input(typed()).html["sheet-view"].count('class="rq-weapon"') == 1


def test_a_saved_character_being_edited_is_restored_with_its_key(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed("Kept Key"))
    ident = page.on_click({"id": "sheet-save"}, {}).address.split("open=")[1]
    page.on_input(typed("Kept Key, changed"))
    again, _ = opened(tables, store)
    assert again.key == CHARACTER_PREFIX + ident
    assert again.on_click({"id": "sheet-save"}, {}).text["sheet-save-status"] == "Saved Kept Key, changed on this device."
    assert names(store) == ["Kept Key, changed"]


@pytest.mark.parametrize("draft", ["{not json", "[]", "5", '{"key": 3, "record": {"format": 99}}', '{"typed": 7}'])
def test_a_damaged_draft_is_left_and_the_page_starts_afresh(tables, draft):
    store = MemoryStore({SHEET_DRAFT: draft})
    page, update = opened(tables, store)
    assert "sheet-save-status" not in update.text and page.adventurer is None and page.key is None
    assert store.get(SHEET_DRAFT) == draft  # until the next change


# -- the sheet's own controls -------------------------------------------------------------------


def test_weapons_and_gear_are_removed_and_armour_worn_from_the_sheet(tables):
    page = page_on(tables)
    page.on_input(typed(sheet_money="1000"))
    page.on_click({"id": "sheet-add-weapon"}, typed())
    page.on_click({"id": "sheet-add-weapon"}, typed(sheet_weapon="dagger"))
    page.on_click({"id": "sheet-buy"}, typed(sheet_item="open_helm", sheet_money="1000"))
    assert 'data-wear="0"' in page.render()["sheet-view"]
    worn = page.on_click({"wear": "0", "id": ""}, {})
    assert page.adventurer.gear[0].worn and 'checked="checked"' in worn.html["sheet-view"]
    page.on_click({"wear": "0"}, {})
    assert not page.adventurer.gear[0].worn
    page.on_click({"remove-weapon": "0"}, {})
    assert [w.weapon for w in page.adventurer.weapons] == ["dagger"]
    page.on_click({"remove-gear": "0"}, {})
    assert page.adventurer.gear == ()
    for stale in ({"remove-weapon": "5"}, {"remove-gear": "x"}, {"wear": "-1"}, {"field": "hit_points"}):
        assert page.on_click(stale, {}) == type(worn)()


def test_a_weapon_twice_in_one_hand_is_refused_beside_the_picker(tables):
    page = page_on(tables)
    page.on_input(typed())
    page.on_click({"id": "sheet-add-weapon"}, typed())
    update = page.on_click({"id": "sheet-add-weapon"}, typed())
    assert update.errors == {"sheet-weapon": "weapon: 'broadsword' in the right hand is already on the sheet"}
    assert page.on_click({"id": "sheet-add-weapon"}, typed(sheet_hand="left")).errors["sheet-weapon"] == ""
    assert len(page.adventurer.weapons) == 2


def test_the_ticks_and_the_chosen_course_stay_with_their_weapons(tables):
    page = page_on(tables)
    page.on_input(typed())
    page.on_click({"id": "sheet-add-weapon"}, typed())
    page.on_click({"id": "sheet-add-weapon"}, typed(sheet_weapon="dagger"))
    fields = {**typed(sheet_train_weapon="dagger@right"), "exp-1-attack": "1", "exp-defense": "1"}
    update = page.on_click({"remove-weapon": "0"}, fields)
    assert 'id="exp-0-attack" data-weapon="dagger" data-hand="right" data-use="attack" checked="checked"' in update.html["sheet-exp-list"]
    assert 'id="exp-defense" checked="checked"' in update.html["sheet-exp-list"]
    assert update.html["sheet-train-weapon"] == '<option value="dagger@right" selected="selected">dagger (right)</option>'


def test_buttons_that_need_a_record_do_nothing_without_one(tables):
    page = page_on(tables)
    for button in (*NEEDS_RECORD, "sheet-train", "sheet-overwrite", "sheet-save-as-copy", "sheet-save-copy"):
        assert page.on_click({"id": button}, typed("", {})) == type(page.on_input({}))()


def test_an_engine_field_is_shown_beside_the_pages_field():
    assert FIELDS["characteristics.SIZ"] == ("sheet-SIZ", "SIZ")
    assert FIELDS["weapon"][0] == "sheet-weapon" and FIELDS["ref"][0] == "sheet-item"


def test_derive_and_render_are_measured(tables):
    seen = []

    @contextlib.contextmanager
    def measure(name):
        seen.append(name)
        yield

    page = SheetPage(tables, MemoryStore(), measure=measure)
    page.on_input(typed())
    assert seen == ["derive + render", "derive"]


# -- helpers ---------------------------------------------------------------------------------


def whole(name: str) -> Adventurer:
    return Adventurer(name=name, characteristics=Characteristics(**{k: int(v) for k, v in YSOLDE.items()}))


def names(store: MemoryStore) -> list[str]:
    return [load_adventurer(store.get(k)).name for k in store.keys() if k.startswith(CHARACTER_PREFIX)]


class RefusingStore(MemoryStore):
    """A store whose device refuses keys with this prefix, as a full browser storage does."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def put(self, key: str, text: str) -> None:
        if key.startswith(self.prefix):
            raise StorageError("the device's storage is full (QuotaExceededError); nothing was overwritten")
        super().put(key, text)
