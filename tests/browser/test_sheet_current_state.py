"""The sheet page's "Now" card in the browser, at the phone's size: a saved adventurer hurt by
hand shows the location against its maximum, a week heals it by one, undo goes back twice to
unhurt, and a reload keeps it so (the logic: tests/unit/pages/test_sheet_state.py)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready, store_items

# CON 12, SIZ 17, POW 18 -> 15 hit points; legs 5.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


def test_damage_by_hand_a_week_and_undo_twice_survive_a_reload(app):
    # Intent: the current state is shown against the maximum, every change by hand and every
    # week is a version with its why, and undo brings the previous one back, on the device.
    context, watch = app
    page = open_ready(context, "sheet.html")
    page.fill("#sheet-name", "Ysolde")
    for key, value in YSOLDE.items():
        page.fill(f"#sheet-{key}", value)
    page.click("#sheet-save")
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Ysolde")
    state = page.locator("#sheet-state")
    expect(state).to_have_text("Unhurt: 15 / 15 hit points.")
    expect(page.locator("#sheet-undo")).to_be_disabled()

    page.locator("#sheet-now summary", has_text="Damage by hand").click()
    page.fill("#state-dmg-points", "ten")
    page.select_option("#state-dmg-location", "left_leg")
    page.click("#sheet-take-damage")
    expect(page.locator("#state-dmg-points-error")).to_contain_text("'ten'")
    expect(page.locator("#state-dmg-points")).to_have_value("ten")  # nothing typed is lost
    page.fill("#state-dmg-points", "4")
    page.fill("#state-dmg-cause", "a fall")
    page.click("#sheet-take-damage")
    expect(state).to_contain_text("left leg 1/5")
    expect(state).to_contain_text("Hit points 11 / 15")
    expect(page.locator("#state-dmg-points-error")).to_be_hidden()
    expect(page.locator("#sheet-state-result")).to_contain_text("4 points to the left leg by hand")
    expect(page.locator("#sheet-undo")).to_have_text("Undo: 4 points to the left leg by hand")

    page.locator("#sheet-now summary", has_text="Time passes").click()
    page.click("#sheet-a-week")
    expect(state).to_contain_text("left leg 2/5")
    expect(page.locator("#sheet-undo")).to_have_text("Undo: a week passes")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")

    page.click("#sheet-undo")
    expect(state).to_contain_text("left leg 1/5")
    page.click("#sheet-undo")
    expect(state).to_have_text("Unhurt: 15 / 15 hit points.")
    expect(page.locator("#sheet-undo")).to_be_disabled()

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#sheet-state")).to_have_text("Unhurt: 15 / 15 hit points.")
    watch.assert_clean()


def test_the_scenario_ends_on_the_sheet_and_its_marks_are_rolled_and_cleared(app):
    # Intent: "At the end of the scenario ... there's a chance he'll learn something": a saved
    # adventurer's marks (kept by his fights' write-backs) are shown on the Now card; "End the
    # scenario" rolls one check per mark, shows the working, and clears them (RQ-134).
    context, watch = app
    golden = (Path(__file__).parents[1] / "golden" / "adventurer-format-3.json").read_text(encoding="utf-8").strip()
    store_items(context, {"strike-rank/character/aaaaaaaaaaaa": golden})
    page = open_ready(context, "sheet.html?open=aaaaaaaaaaaa")
    state = page.locator("#sheet-state")
    expect(state).to_contain_text("Experience marks: broadsword attack, dagger (left) parry, Defense")
    page.locator("#sheet-now summary", has_text="The scenario ends").click()
    page.click("#sheet-end-scenario")
    result = page.locator("#sheet-state-result")
    expect(result).to_contain_text("The scenario ends")
    expect(result).to_contain_text("broadsword attack")
    expect(state).not_to_contain_text("Experience marks")
    expect(page.locator("#sheet-undo")).to_have_text("Undo: the scenario ends")
    watch.assert_clean()
