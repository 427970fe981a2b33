"""Issue 34 on the start page and the sheet, in CPython: "Where to begin" is shown until the device
keeps an adventurer; opening an adventurer (``?open=<id>``) over typing not saved shows that typing
again and asks (pyengine.pages.sheet_unsaved), and opens him at once when nothing would be lost.
The browser test: tests/browser/test_where_to_begin.py."""

from __future__ import annotations

import json

from pyengine.library.backup import export_backup
from pyengine.pages.at_start import begin_shown
from pyengine.pages.index import StartPage, prerender
from pyengine.pages.start_library import DeviceLibrary
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.storage.keys import CHARACTER_PREFIX, SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.sheet_fields import YSOLDE, opened, page_on, typed

RURIK = "a1b2c3d4e5f6"
SCORES = Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10)


def with_rurik(**items: str) -> MemoryStore:
    return MemoryStore({CHARACTER_PREFIX + RURIK: dump_adventurer(Adventurer(name="Rurik", characteristics=SCORES)).decode(),
                        **items})


# -- "Where to begin" ---------------------------------------------------------------------------------


def test_where_to_begin_is_pre_rendered_with_its_steps_in_order_and_offline():
    slots = prerender(None)
    html = slots["begin"]
    steps = [html.index(step) for step in ("Make an adventurer", "Make a party", "Start a fight")]
    assert steps == sorted(steps)
    assert 'href="./sheet.html"' in html and 'href="#parties"' in html and 'href="./combat.html#fight"' in html
    assert "works offline" in html and 'id="begin"' in html
    assert slots["begin_when"] == CHARACTER_PREFIX  # begin.js hides it before the first paint then


def test_where_to_begin_goes_once_the_device_keeps_an_adventurer():
    assert begin_shown(MemoryStore()).hidden == {"begin": False}
    assert begin_shown(MemoryStore({"strike-rank/party/p1": "{}"})).hidden == {"begin": False}
    assert begin_shown(with_rurik()).hidden == {"begin": True}


def test_a_backup_that_brings_the_first_adventurer_takes_where_to_begin_away():
    backup = export_backup(with_rurik(), now="2026-12-06T04:00:00Z", app="test")[1]
    library = DeviceLibrary(MemoryStore(), now=lambda: "2026-12-06T04:00:00Z")
    assert library.on_backup_file(backup).hidden == {"begin": True}


def test_the_start_pages_own_places_in_the_address_are_not_taken_for_a_roll():
    for place in ("#parties", "#main", "#begin"):
        assert StartPage(MemoryStore()).open(place).notices == {}
    assert StartPage(MemoryStore()).open("#nonsense").notices["dice-link-error"]


# -- typing not saved, and another adventurer opened ------------------------------------------------


def test_a_new_adventurer_half_typed_is_shown_again_and_the_page_asks(tables):
    store = with_rurik()
    page_on(tables, store).on_input(typed("Vasana", {}))  # a name, no characteristics yet
    draft = store.get(SHEET_DRAFT)
    page, update = opened(tables, store, wanted=RURIK)
    assert update.values["sheet-name"] == "Vasana" and page.key is None
    assert update.hidden["sheet-draft-ask"] is False
    ask = update.html["sheet-draft-ask"]
    assert "Vasana" in ask and ">Keep editing Vasana<" in ask and ">Open Rurik, drop it<" in ask
    assert store.get(SHEET_DRAFT) == draft  # nothing dropped while the question stands
    kept = page.on_click({"id": "sheet-draft-keep"}, typed("Vasana", {}))
    assert kept.hidden == {"sheet-draft-ask": True} and kept.address == "./sheet.html"
    assert json.loads(store.get(SHEET_DRAFT))["typed"]["sheet-name"] == "Vasana"


def test_open_the_other_drops_the_typing_and_opens_him(tables):
    store = with_rurik()
    page_on(tables, store).on_input(typed("Vasana"))  # a whole new record, never saved
    page, update = opened(tables, store, wanted=RURIK)
    assert update.values["sheet-name"] == "Vasana" and "Open Rurik" in update.html["sheet-draft-ask"]
    assert page.on_click({"id": "sheet-draft-open"}, typed("Vasana")).navigate == f"./sheet.html?open={RURIK}"
    assert store.get(SHEET_DRAFT) is None
    again, update = opened(tables, store, wanted=RURIK)
    assert update.values["sheet-name"] == "Rurik" and "sheet-draft-ask" not in update.hidden


def test_changes_to_the_same_adventurer_not_saved_are_asked_about_too(tables):
    store = with_rurik()
    page, _ = opened(tables, store, wanted=RURIK)
    page.on_input(typed("Rurik the Bold", {c: str(SCORES[c]) for c in YSOLDE}))
    again, update = opened(tables, store, wanted=RURIK)
    assert update.values["sheet-name"] == "Rurik the Bold"
    ask = update.html["sheet-draft-ask"]
    assert ">Keep editing Rurik the Bold<" in ask and ">Open Rurik as saved<" in ask
    assert again.on_click({"id": "sheet-draft-keep"}, {}).address == f"./sheet.html?open={RURIK}"


def test_nothing_is_asked_when_nothing_would_be_lost(tables):
    store = with_rurik()
    other = dump_adventurer(Adventurer(name="Vasana", characteristics=SCORES)).decode()
    store.put(CHARACTER_PREFIX + "0000000000aa", other)
    opened(tables, store, wanted="0000000000aa")  # Vasana opened as saved: the draft is her record as it is
    page, update = opened(tables, store, wanted=RURIK)
    assert update.values["sheet-name"] == "Rurik" and "sheet-draft-ask" not in update.html
    for damaged in ("{not json", '{"typed": {"sheet-name": ""}}'):
        store.put(SHEET_DRAFT, damaged)
        assert opened(tables, store, wanted=RURIK)[1].values["sheet-name"] == "Rurik"


def test_a_sheet_only_looked_at_then_changed_elsewhere_holds_no_typing(tables):
    # Opened on the sheet (its draft: him as shown), then a fight's write-back saves him wounded:
    # opening him again asks nothing.
    from pyengine.library.versions import save

    store = MemoryStore()
    save(store, "character", RURIK, dump_adventurer(Adventurer(name="Rurik", characteristics=SCORES)).decode(),
         when="2026-12-06T04:00:00Z", why="saved on the sheet page")
    opened(tables, store, wanted=RURIK)
    save(store, "character", RURIK, dump_adventurer(Adventurer(name="Rurik", characteristics=SCORES, notes="hurt")).decode(),
         when="2026-12-06T04:10:00Z", why="written back from a fight")
    page, update = opened(tables, store, wanted=RURIK)
    assert "sheet-draft-ask" not in update.html and update.values["sheet-notes"] == "hurt"
