"""Fight mode writes a fight's results to the saved adventurers' sheets, at the
phone size: two saved adventurers (format 2 records put in localStorage as the sheet page
keeps them) and a quick stat block fight a round with a hit; "Write the results to the
sheets" shows what changes, "Confirm" writes it, the sheet page opens the wounded man's
record, "Undo" puts every record back as it was."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from pyengine.runequest.sheet.adventurer import load_adventurer
from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready, store_items
from tests.browser.flows import add, open_fight

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
KEY = "strike-rank/character/"


def records() -> dict[str, str]:
    rurik = (GOLDEN / "adventurer-format-2.json").read_text(encoding="utf-8").strip()
    vasana = json.loads(rurik)
    vasana["name"] = "Vasana"
    del vasana["current"]
    return {"rurik": rurik, "vasana": json.dumps(vasana)}


def stored(page) -> dict[str, str]:
    return page.evaluate(f"""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('{KEY}')).map(k => [k.slice({len(KEY)}), localStorage.getItem(k)]))""")


def test_a_round_written_back_confirmed_seen_on_the_sheet_and_undone(app):
    context, watch = app
    store_items(context, {KEY + ident: text for ident, text in records().items()})
    page = open_ready(context, "combat.html#fight")
    expect(page.locator("#fa-add")).to_be_enabled()
    for ident, name in (("rurik", "Rurik"), ("vasana", "Vasana")):
        page.select_option("#fa-source", ident)
        page.fill("#fa-name", name)
        page.fill("#fa-side", "Sartar")
        page.click("#fa-add")
    page.select_option("#fa-source", "")
    page.fill("#fa-name", "Broo")
    page.fill("#fa-side", "Chaos")
    # He stands the first blows and strikes first and hard: no blow goes at an ally by default now,
    # so the wound written back is his.
    for field, value in (("fa-hp", "30"), ("fa-bonus", "+1D6"), ("fa-dex", "19"), ("fa-siz", "19")):
        page.fill(f"#{field}", value)
    page.select_option("#fa-w1", "broadsword")
    page.click("#fa-add")
    items = page.locator("#fc-list .fc-item")
    expect(items).to_have_count(3)
    # Rurik comes in with his wounds, and his line says so.
    expect(items.nth(0).locator(".fc-entering")).to_contain_text("enters wounded: chest 3/6")
    expect(items.nth(1).locator(".fc-entering")).to_have_count(0)

    # One round, my dice: the D100s alternate 05 and 99, so blows land and parries fail.
    page.click("#fd-start")
    d100 = 0
    for _ in range(60):
        if page.locator("#fd-typing").is_hidden():
            break
        sides = int(page.locator("#fd-ask .cx-ask").get_attribute("data-sides"))
        if sides == 100:
            page.fill("#fd-typed", ("5", "99")[d100 % 2])
            d100 += 1
        else:
            page.fill("#fd-typed", str(min(sides, 3)))
        page.click("#fd-next")
    expect(page.locator("#fd-round")).to_have_text("2")
    before = stored(page)

    page.click("#fw-plan")
    plan = page.locator("#fw-out")
    expect(plan.locator(".fw-who")).to_have_count(2)
    expect(plan).to_contain_text("Broo: not written (no saved sheet)")
    wounded = [li.get_attribute("data-character") for li in plan.locator(".fw-who").all()
               if "new wound" in li.inner_text()]
    assert wounded, plan.inner_text()
    assert stored(page) == before  # nothing written yet
    page.locator("#fw-confirm").scroll_into_view_if_needed()
    page.click("#fw-confirm")
    expect(page.locator("#fw-out")).to_contain_text("Written to the sheets of Rurik, Vasana")
    after = stored(page)
    who = wounded[0]
    record = load_adventurer(after[who])
    new = [i for i in record.current.injuries if i.fight == "Sartar against Chaos" and i.round == 1]
    assert new and after[who] != before[who]

    # The sheet page opens his record; its current state lists the new wound.
    sheet = open_ready(context, f"sheet.html?open={who}")
    expect(sheet.locator("#sheet-name")).to_have_value(record.name)
    wound = new[0]
    expect(sheet.locator("#sheet-state .state-injuries li").filter(has_text="Sartar against Chaos round 1")).to_contain_text(
        f"{wound.location.replace('_', ' ')} {wound.points} point")
    assert load_adventurer(stored(sheet)[who]).current.injuries == record.current.injuries
    sheet.close()

    # Undo is still there after a reload (what was written is kept with the fight).
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fw-out")).to_contain_text("Written to the sheets of Rurik, Vasana")
    page.click("#fw-undo")
    expect(page.locator("#fw-out")).to_contain_text("Undone: Rurik, Vasana back as before")
    assert stored(page) == before
    watch.assert_clean()


def test_two_tabs_on_one_fight_never_write_over_each_other(app):
    # Intent: the same fight open in two tabs; one plays on, the other (not having seen it)
    # changes its own: that one is kept apart as a saved fight of its own, and says so.
    context, watch = app
    first = open_fight(context)
    add(first, (("Aldo", "A", "broadsword", ""), ("Bera", "B", "dagger", "")))
    second = open_fight(context)
    expect(second.locator("#fc-list .fc-item")).to_have_count(2)
    for page in (first, second):
        if page.locator("#fa-box").get_attribute("open") is None:
            page.click("#fa-box > summary")
    add(first, (("Cora", "B", "dagger", ""),))
    add(second, (("Dara", "A", "dagger", ""),))
    expect(second.locator("#fl-link-error")).to_contain_text("this tab's fight is kept apart")
    expect(second.locator("#fl-link-error")).to_contain_text("'A against B (second tab)'")
    start = open_ready(context, "index.html")
    fights = start.locator("#fights-list")
    expect(fights).to_contain_text("A against B (second tab)")
    expect(fights).to_contain_text("Cora")
    expect(fights).to_contain_text("Dara")
    first.reload()
    first.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(first.locator("#fc-list .fc-item")).to_have_count(3)
    expect(first.locator("#fc-list")).to_contain_text("Cora")
    watch.assert_clean()
