"""Issue 34, the sheet, by a thumb at 390x844: a hurt adventurer opened from the device shows his
state on the first screen, a location in the notation fight mode uses too, no "fighting" at rest,
and the print carries the state now with boxes to tick (the logic: tests/unit/pages/test_sheet_now_first.py)."""

from __future__ import annotations

import msgspec
from playwright.sync_api import expect

import builder.install
from tests.browser.audit import serious_findings
from tests.browser.conftest import READY, READY_TIMEOUT_MS


def hurt_record() -> str:
    """Ysolde (15 hit points, arms 4) after a broo's axe: 8 points in the left arm, 3 in the chest."""
    from pyengine.cli.tables import load_tables
    from pyengine.runequest.campaign.changes import take_damage
    from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, dump_adventurer
    from pyengine.runequest.sheet.characteristics import Characteristics

    tables = load_tables()
    hero = Adventurer(name="Ysolde", characteristics=Characteristics(STR=12, CON=12, SIZ=17, INT=13, POW=18, DEX=11,
                                                                      CHA=10),
                      weapons=(WeaponSkill(weapon="self_bow", attack=30),))
    for where, points in (("left_arm", 8), ("chest", 3)):
        hero = take_damage(hero, tables, location=where, points=points, cause="a broo's axe").adventurer
    hero = msgspec.structs.replace(hero, current=msgspec.structs.replace(hero.current, ammunition={"self_bow": 12}))
    return dump_adventurer(hero).decode()


def test_a_hurt_adventurer_shows_his_state_first_in_one_notation_at_rest_and_on_paper(thumb):
    context, watch = thumb
    page = context.new_page()
    page.goto("rulings.html")  # the site's origin, without starting Python for it
    page.evaluate("r => localStorage.setItem('strike-rank/character/ysolde', r)", hurt_record())
    page.goto("sheet.html?open=ysolde")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)

    first = page.locator("#now-first-heading")
    expect(first).to_have_text("Ysolde now")
    summary = page.locator("#sheet-now-first")
    expect(summary).to_contain_text("Hit points 4 / 15 (wounded, able to fight)")
    box = summary.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, "the state is on the first screen"
    expect(summary.locator("[data-field=first-left_arm]")).to_have_text("-4/4 out")
    expect(page.locator("#sheet-state [data-field=state-left_arm]")).to_have_text("-4/4 out")
    for region in ("#sheet-now-first", "#sheet-state"):
        assert "fighting" not in page.locator(region).inner_text()
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []

    page.locator(".now-first-link").tap()
    page.wait_for_function("() => location.hash === '#sheet-now'")

    page.emulate_media(media="print")
    printed = page.locator("#sheet-print-now")
    expect(printed).to_be_visible()
    expect(printed).to_contain_text("Hit points now 4 / 15")
    expect(printed.locator("[data-field=print-left_arm]")).to_have_text("-4/4 out")
    expect(printed).to_contain_text("☒☒☒☐☐☐")  # the chest: 3 taken of 6, the rest to tick
    expect(printed).to_contain_text("self bow 12 ☐☐☐☐☐☐☐☐☐☐☐☐")
    expect(page.locator("#sheet-now-first")).to_be_hidden()
    watch.assert_clean()
