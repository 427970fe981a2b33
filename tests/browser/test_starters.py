"""Issue 34, "Opponents in a few taps", by a thumb at 390x844: from fight mode open with the party already
in, three ready opponents are added in at most 5 taps, without a stat block; each one's rolled
characteristics are shown; "Edit a copy" puts one in the quick stat block (the logic:
tests/unit/pages/test_fight_starters.py, tests/unit/runequest/melee/test_starters.py)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

import builder.install
from tests.browser.audit import SHOTS, serious_findings
from tests.browser.conftest import READY, READY_TIMEOUT_MS


def party_link() -> str:
    """A fight with the party in and no foe yet: two adventurers on side "Party"."""
    from pyengine.cli.tables import load_tables
    from pyengine.runequest.melee import log as fight_log
    from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
    from pyengine.runequest.melee.model import Fight

    tables = load_tables()
    party = tuple(
        quick_combatant(tables, name=name, side="Party", STR=13, CON=12, SIZ=12, DEX=13, hit_points=12,
                        weapons=[QuickWeapon(weapon=weapon, attack=45, parry=40)], armour=3)
        for name, weapon in (("Vasana", "broadsword"), ("Ulf", "short_spear_1h"))
    )
    return fight_log.to_link(fight_log.FightLog(fight=Fight(combatants=party)))


class Taps:
    """Taps counted, each a thumb's."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        self.count += 1
        locator.tap()


def test_three_opponents_join_in_at_most_five_taps_rolled_by_the_rules_and_editable(thumb):
    context, watch = thumb
    page = context.new_page()
    page.goto(f"combat.html#{party_link()}")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fc-list .fc-item")).to_have_count(2)

    taps = Taps(page)
    if page.locator("#fa-box").get_attribute("open") is None:
        taps.tap(page.locator("#fa-box > summary"))
    three = page.locator("#ft-starters button[data-count='3']")
    three.scroll_into_view_if_needed()
    taps.tap(three)
    expect(three).to_have_attribute("aria-pressed", "true")
    taps.tap(page.locator("#ft-starters button[data-starter='bandit']"))
    rows = page.locator("#fc-list .fc-item")
    expect(rows).to_have_count(5)
    assert taps.count <= 5, f"three opponents took {taps.count} taps"
    print(f"three opponents: {taps.count} taps")
    assert [rows.nth(k).get_attribute("data-name") for k in range(2, 5)] == ["Bandit 1", "Bandit 2", "Bandit 3"]
    assert {rows.nth(k).get_attribute("data-side") for k in range(2, 5)} == {"Foes"}

    # Each one's seven rolls, and what they made, are shown.
    said = page.locator("#ft-said")
    expect(said).to_contain_text("Added Bandit 1, Bandit 2, Bandit 3 on side Foes.")
    lines = said.locator("li")
    expect(lines).to_have_count(3)
    for k in range(3):
        text = lines.nth(k).inner_text()
        assert re.match(rf"Bandit {k + 1}: STR \d+ \(\d\+\d\+\d\), CON \d+ \(\d\+\d\+\d\), SIZ .* CHA \d+ \(\d\+\d\+\d\); "
                        r"\d+ hit points", text), text
    for button in page.locator("#ft-starters button").all():
        box = button.bounding_box()
        if box is not None and box["height"]:
            assert box["width"] >= 44 and box["height"] >= 44, f"{button.inner_text()!r} is {box}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "starters-three-bandits.png"), full_page=False)
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []

    # "The game master can edit them afterwards": a copy in the quick stat block, to change and add.
    page.locator("#ft-starters .ft-about > summary").tap()
    page.locator("#ft-starters button[data-edit='veteran']").tap()
    expect(page.locator("#fa-name")).to_have_value("Veteran")
    # his first weapon is the first of his broadsword (STR 9, DEX 7), shield (STR 9) and dagger his rolls let
    # him use; "an excess of STR makes up for a lack of DEX, on a 2 for 1 basis" (RQ-18): STR 14 covers DEX 5
    STR, DEX = int(page.locator("#fa-str").input_value()), int(page.locator("#fa-dex").input_value())
    assert 3 <= STR <= 18 and 3 <= DEX <= 18
    broadsword = STR >= 9 and STR - 9 >= 2 * max(7 - DEX, 0)
    usable = [w for w, needs in (("broadsword", broadsword), ("medium_shield", STR >= 9), ("dagger", True)) if needs]
    assert page.locator("#fa-w1").input_value() == usable[0], (STR, DEX)
    page.locator("#fa-w1-attack").fill("60")
    page.locator("#fa-add").tap()
    expect(rows).to_have_count(6)
    expect(rows.nth(5)).to_have_attribute("data-name", "Veteran")
    watch.assert_clean()
