"""The sheet page's controller at the table, in CPython: savings typed and kept
(old drafts too), the note where armour is bought, the kit's choices made from the sheet, the
share box and the conflict brought into view from the bar, and the rulings page the ruling
links open (build.py writes it from docs/rulings.md). Each test names the browser test in
tests/browser/test_sheet_phone.py whose checks it makes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec

import builder.rulings
from pyengine.pages import sheet as sheet_page
from pyengine.runequest.advancement import creation
from pyengine.runequest.sheet.adventurer import Gear, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.render import WEAR_NOTE
from pyengine.storage.keys import CHARACTER_PREFIX, SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.sheet_fields import YSOLDE, numbers, opened, page_on, typed

ROOT = Path(__file__).resolve().parents[3]


def test_savings_are_a_field_of_the_record_and_weigh_nothing(tables):
    # test_savings_are_editable_and_weigh_nothing_and_the_kits_choices_are_made_on_the_sheet
    page = page_on(tables)
    carried = page.on_input(typed(sheet_money="900", sheet_savings=""))
    assert numbers(carried.html["sheet-view"])["enc"] == "9 of 12"
    saved = page.on_input(typed(sheet_money="0", sheet_savings="900"))
    shown = numbers(saved.html["sheet-view"])
    assert (shown["enc"], shown["savings"], shown["move"]) == ("0 of 12", "900 L", "8 m per strike rank")
    assert page.adventurer.savings == 900 and "sheet-savings" in sheet_page.RECORD_FIELDS
    bad = page.on_input(typed(sheet_savings="lots"))
    assert bad.errors["sheet-savings"] == "savings: 'lots' is not a whole number"
    assert page.adventurer is None


def test_a_record_opened_shows_its_savings_in_the_field(tables):
    store = MemoryStore()
    record = msgspec.structs.replace(load_adventurer(json.dumps({"characteristics": {k: int(v) for k, v in YSOLDE.items()}})),
                                     savings=450, money=12)
    store.put(CHARACTER_PREFIX + "0000000000aa", dump_adventurer(record).decode())
    _, update = opened(tables, store, wanted="0000000000aa")
    assert (update.values["sheet-savings"], update.values["sheet-money"]) == ("450", "12")


def test_a_half_typed_draft_from_before_the_savings_field_keeps_the_savings(tables):
    store = MemoryStore()
    record = msgspec.structs.replace(load_adventurer(json.dumps({"characteristics": {k: int(v) for k, v in YSOLDE.items()}})),
                                     savings=300)
    typed_then = {f: v for f, v in typed("Old Ola", {**YSOLDE, "DEX": "1x"}).items() if f in sheet_page.RECORD_FIELDS}
    store.put(SHEET_DRAFT, json.dumps({"key": None, "typed": typed_then, "record": dump_adventurer(record).decode()}))
    page, update = opened(tables, store)
    assert update.values["sheet-savings"] == "300"
    page.on_input({**typed("Old Ola"), "sheet-savings": update.values["sheet-savings"]})
    assert page.adventurer.savings == 300


def test_buying_armour_says_it_protects_only_once_worn(tables):
    # test_where_armour_is_bought_it_says_it_protects_only_when_worn
    page = page_on(tables)
    page.on_input(typed(sheet_money="500"))
    helm = page.on_click({"id": "sheet-buy"}, typed(sheet_money="500", sheet_item="open_helm"))
    assert helm.text["sheet-buy-note"] == f"Bought 1 x open helm at 15 L = 15 L, paid from 15 L carried. {WEAR_NOTE}"
    dagger = page.on_click({"id": "sheet-buy"}, typed(sheet_money="485", sheet_item="dagger"))
    assert "Worn" not in dagger.text["sheet-buy-note"]
    page.on_input(typed(sheet_money="0"))
    refused = page.on_click({"id": "sheet-buy"}, typed(sheet_money="0", sheet_item="closed_helm"))
    assert refused.text["sheet-buy-note"] == "" and "costs" in refused.errors["sheet-item"]
    assert "$wear_note" in (ROOT / "web" / "pages" / "sheet.html").read_text()
    assert sheet_page.prerender(__import__("pyengine.cli.tables", fromlist=["x"]))["wear_note"] == WEAR_NOTE


def test_a_choice_of_the_kit_is_made_from_its_picker_on_the_sheet(tables):
    # test_savings_are_editable_and_weigh_nothing_and_the_kits_choices_are_made_on_the_sheet
    assert sheet_page.TO_CHOOSE == creation.TO_CHOOSE
    store = MemoryStore()
    record = msgspec.structs.replace(
        load_adventurer(json.dumps({"characteristics": {k: int(v) for k, v in YSOLDE.items()}})),
        background="barbarian", gear=(Gear(name="basic weapons (to choose)"),))
    page = page_on(tables, store)
    shown = page.on_import(dump_adventurer(record).decode())
    assert 'id="kit-pick-0"' in shown.html["sheet-view"]
    picked = page.on_click({"kit-pick": "0"}, {**typed(), "kit-pick-0": "broadsword"})
    assert picked.text["sheet-kit-note"] == "Basic weapons: broadsword chosen; more can be chosen, or the line removed."
    assert [w.weapon for w in page.adventurer.weapons] == ["broadsword"]
    assert picked.html["sheet-view"].count('class="rq-weapon"') == 1
    wrong = page.on_click({"kit-pick": "1"}, {**typed(), "kit-pick-1": "broadsword"})  # the broadsword's line
    assert wrong.text["sheet-kit-note"] == "starting kit: line 2 of the gear is not a choice to make"
    assert page.on_click({"kit-pick": "x"}, typed()).text == {}


def test_share_and_a_conflict_are_scrolled_into_view_from_the_bar(tables):
    # test_save_stays_in_view_and_the_sections_fold: the bar is at the foot of the screen; what
    # a tap there shows elsewhere is brought into view.
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed())
    assert page.on_click({"id": "sheet-share-link"}, typed()).scroll == "sheet-share-box"
    page.on_click({"id": "sheet-save"}, typed())
    store.put(page.key, store.get(page.key).replace('"name":"Ysolde"', '"name":"Other"'))
    assert page.on_click({"id": "sheet-save"}, typed()).scroll == "sheet-conflict"


def test_the_page_has_the_savings_field_the_bar_and_the_folds(tables):
    html = (ROOT / "web" / "pages" / "sheet.html").read_text()
    for ident in ("sheet-savings", "sheet-savings-error", "sheet-buy-note", "sheet-kit-note", "sheet-bar",
                  "sheet-fold-saved", "sheet-fold-now", "sheet-fold-gear", "sheet-fold-advance"):
        assert f'id="{ident}"' in html, ident
    bar = html[html.index('id="sheet-bar"'):]
    assert all(f'id="{b}"' in bar for b in ("sheet-save", "sheet-export", "sheet-share-link", "sheet-print",
                                              "sheet-save-status"))


def test_the_rulings_page_anchors_every_ruling_and_escapes_the_text():
    # test_problems_and_working_use_the_sheets_words_and_rulings_link_to_their_entry
    doc = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    page = builder.rulings.rulings_html(doc)
    ids = re.findall(r"^### ([A-Z]+-\d+) — ", doc, flags=re.M)
    assert ids and re.findall(r'<h3 id="([A-Z]+-\d+)">', page) == ids
    assert "RQ-130" in ids and "RQ-131" in ids
    sample = builder.rulings.rulings_html("### RQ-1 — a <b> & c\n\n> \"quoted `x`\"\n\n**Decision:** one\ntwo\n\n- a\n- b\n")
    assert sample == ('<h3 id="RQ-1">RQ-1 — a &lt;b&gt; &amp; c</h3>\n<blockquote><p>"quoted <code>x</code>"</p></blockquote>\n'
                      "<p><strong>Decision:</strong> one two</p>\n<ul><li>a</li><li>b</li></ul>")
