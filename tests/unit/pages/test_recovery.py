"""Every page starts by taking back a save a crash cut short (pyengine.pages.recovery, called by
web/app/start.py before the page reads anything) and says so above its content; the sheet
page's Save stopped after any write opens, re-opened, the adventurer as he was or as saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.cli.tables import load_tables
from pyengine.pages import recovery
from pyengine.pages.sheet import SheetPage
from pyengine.storage.keys import CHARACTER_PREFIX, JOURNAL, SHEET_DRAFT
from pyengine.storage.store import Crashed, MemoryStore

ROOT = Path(__file__).resolve().parents[3]
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "10", "CHA": "15"}


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def typed(name: str) -> dict[str, str]:
    fields = {"sheet-name": name, "sheet-money": "", "sheet-notes": "", "sheet-weapon": "broadsword",
              "sheet-hand": "right", "sheet-item": "dagger", "sheet-count": "1", "sheet-train-weapon": ""}
    return fields | {f"sheet-{key}": value for key, value in YSOLDE.items()}


def sheet(tables, store):
    return SheetPage(tables, store, None, new_id=lambda: "000000000001")


def test_the_notice_is_on_every_page_and_shows_only_what_did_not_finish():
    assert 'id="save-recovered"' in (ROOT / "web" / "shell.html").read_text(encoding="utf-8")
    assert recovery.recover(MemoryStore()).notices == {recovery.NOTICE: ""}  # hidden: every save finished
    assert recovery.wait_before(MemoryStore(), "2025-03-01T23:10:00.000Z") == 0


def test_the_sheets_save_stopped_after_any_write_reopens_as_it_was_or_as_saved_and_says_so(tables):
    store = MemoryStore()
    page = sheet(tables, store)
    page.on_input(typed("Ysolde"))
    page.on_click({"id": "sheet-save"}, typed("Ysolde"))
    before = dict(store.items)
    n, outcomes = 0, []
    while True:
        crashed = MemoryStore(before)
        again = sheet(tables, crashed)
        again.open("", "000000000001", typed(""))
        again.on_input(typed("Ysolde the Bold"))
        opened = dict(crashed.items)
        crashed.crash_after = crashed.writes + n  # it stops n writes into the save
        try:
            again.on_click({"id": "sheet-save"}, typed("Ysolde the Bold"))
            finished = True
        except Crashed:
            finished = False
        assert SHEET_DRAFT in opened  # the draft holds what is typed
        reopened = MemoryStore(crashed.items)
        said = recovery.recover(reopened).notices[recovery.NOTICE]
        if finished:
            assert said == "" and SHEET_DRAFT not in reopened.items
            assert '"Ysolde the Bold"' in reopened.items[CHARACTER_PREFIX + "000000000001"]
            break
        assert reopened.items == opened, n
        if JOURNAL in crashed.items:
            assert said.startswith("A save did not finish when this browser last stopped (saving adventurer "
                                   "'Ysolde the Bold'"), n
        outcomes.append(bool(said))
        n += 1
    assert len(outcomes) >= 3 and not outcomes[0] and all(outcomes[1:])  # once the journal is written, it is said
