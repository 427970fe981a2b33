"""Issue 34, every page: "Pronouns come from the adventurer (he, she or they, chosen on the sheet; "they"
by default)". By a thumb at 390x844: "she" chosen on the sheet and saved with the field still focused is
kept over a reload, and the sheet's words follow it (the logic: tests/unit/pages/test_sheet_pronouns.py,
tests/unit/runequest/test_pronouns.py)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

import builder.install
from tests.browser.audit import SHOTS, serious_findings
from tests.browser.conftest import READY, READY_TIMEOUT_MS


def test_she_chosen_on_the_sheet_is_saved_on_the_first_tap_and_kept_over_a_reload(thumb):
    context, watch = thumb
    page = context.new_page()
    page.goto("sheet.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    pronouns = page.locator("#sheet-pronouns")
    expect(pronouns).to_have_value("they")  # "they" by default

    page.locator("#sheet-roll-chars").tap()
    name = page.locator("#sheet-name")
    name.tap()
    page.keyboard.type("Vasana")
    pronouns.tap()
    pronouns.select_option("she")
    expect(page.locator("#sheet-save")).to_be_enabled()
    box = pronouns.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    assert page.evaluate("document.activeElement.id") == "sheet-pronouns", "the field lost its focus too soon"
    page.locator("#sheet-save").tap()
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Vasana")
    saved = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('strike-rank/character/'))
                                         .map(k => localStorage.getItem(k))""")
    assert [json.loads(text)["pronouns"] for text in saved] == ["she"]

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#sheet-name")).to_have_value("Vasana")
    expect(page.locator("#sheet-pronouns")).to_have_value("she")
    expect(page.locator("#sheet-exp-list")).to_contain_text("Defense saved her")
    page.evaluate("document.getElementById('sheet-pronouns').scrollIntoView({block: 'center'})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "pronouns-390.png"))
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []
    watch.assert_clean()
