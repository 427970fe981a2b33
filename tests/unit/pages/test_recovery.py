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


GOLDEN = ROOT / "tests" / "golden"
NOW = "2026-12-06T02:00:00.000Z"
RURIK = CHARACTER_PREFIX + "a1b2c3d4e5f6"


def imported_golden_backup() -> MemoryStore:
    from pyengine.library.merge import import_into_empty

    store = MemoryStore()
    import_into_empty(store, (GOLDEN / "backup-format-1.json").read_text(encoding="utf-8"), now=NOW)
    return store


def open_dropping_the_draft(tables, store, ident: str):
    """The sheet opened on ``ident``; over typing not saved (the golden backup's half-typed draft,
    a save refused) the page asks first, and the answer is to open him."""
    page = sheet(tables, store)
    opened = page.open("", ident, {})
    if "sheet-draft-ask" in opened.html:
        assert page.on_click({"id": "sheet-draft-open"}, {}).navigate == f"./sheet.html?open={ident}"
        page = sheet(tables, store)
        opened = page.open("", ident, {})
    return page, dict(opened.values)


def save_rurik_with_str(tables, store, strength: str) -> str:
    page, values = open_dropping_the_draft(tables, store, "a1b2c3d4e5f6")
    values["sheet-STR"] = strength
    page.on_input(values)
    return page.on_click({"id": "sheet-save"}, values).text["sheet-save-status"]


def test_a_damaged_journal_is_set_aside_at_the_pages_start_said_and_kept_after_the_next_save(tables):
    # The reproduction: the golden backup imported, the journal damaged, the sheet opened
    # on Rurik, STR changed and saved.
    from pyengine.storage.keys import SET_ASIDE

    store = imported_golden_backup()
    store.put(JOURNAL, "{damaged journal")
    said = recovery.recover(store, NOW).notices[recovery.NOTICE]
    aside = f"{SET_ASIDE}{NOW}/{JOURNAL}"
    assert said.startswith("The journal of an unfinished save is damaged (it is not JSON text), so the save it was "
                           f"for could not be taken back. The journal is set aside, as it was, under {aside!r}"), said
    assert save_rurik_with_str(tables, store, "13") == "Saved Rurik on this device."
    assert store.items[aside] == "{damaged journal" and JOURNAL not in store.items


def test_a_newer_versions_unfinished_save_of_rurik_refuses_his_save_and_says_what_to_do(tables):
    store = imported_golden_backup()
    text = ('{"format": 2, "what": "saving adventurer \'Rurik\'", "when": "2026-12-05T20:00:00.000Z", '
            f'"before": {{"{RURIK}": null}}, "more": "what format 2 adds"}}')
    store.put(JOURNAL, text)
    rurik = store.items[RURIK]
    said = recovery.recover(store, NOW).notices[recovery.NOTICE]
    assert "this version will not save what it was changing: adventurer 'Rurik'." in said
    assert "Open the newer version of Strike Rank on this device to finish it or take it back" in said
    status = save_rurik_with_str(tables, store, "13")
    assert status.startswith("Not saved: storage: saving adventurer 'Rurik' was refused: a save begun by a newer "
                             "version of Strike Rank did not finish, and it was changing adventurer 'Rurik'"), status
    assert store.items[RURIK] == rurik and store.items[JOURNAL] == text
    # Another adventurer saves as ever, and the newer version's journal is left as it was.
    page, values = open_dropping_the_draft(tables, store, "0f1e2d3c4b5a")
    values["sheet-STR"] = "14"
    page.on_input(values)
    assert page.on_click({"id": "sheet-save"}, values).text["sheet-save-status"].startswith("Saved ")
    assert store.items[JOURNAL] == text
