"""Fight mode at the table on a phone (issue 17), at 390×844: a round's statements as one compact row
per combatant, taps counted from the fight shown to the round resolved; a fallen target said on the
attacker's row; missiles and natural weapons; the add form (saved names, sides); leaving the fight."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.cli.tables import load_tables
from pyengine.runequest.melee import log as fight_log
from pyengine.runequest.melee.build import melee_tables
from tests.browser.conftest import open_ready

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PHONE_SCREEN = 844


@pytest.fixture(scope="module")
def engine():
    tables = load_tables()
    return tables, melee_tables(tables, default_locations())


class Taps:
    """The page, with every click and choice the test makes counted."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def click(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)

    def select(self, selector: str, value: str) -> None:
        self.count += 1
        self.page.select_option(selector, value)


def golden_3v3(rounds: int) -> str:
    """The golden 3-against-3 fight (tests/golden/fight-3v3.link) after its first ``rounds`` rounds, as a link."""
    log = fight_log.read_any((GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip())
    return fight_log.to_link(fight_log.FightLog(fight=log.fight, rounds=log.rounds[:rounds], rules=log.rules,
                                                melee_rules=log.melee_rules))


def open_link(context, link: str):
    page = open_ready(context, f"combat.html#{link}")
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(page.locator("#fd-list .fd-who")).to_have_count(6)
    return page


def test_a_3v3_round_resolves_in_few_taps_and_six_statements_fit_two_screens(app, engine):
    # Intent (issue 17, round entry): each statement is one compact row (what, with what, at whom, SR);
    # an unchanged round resolves in at most 2 taps, changing one fighter's target in at most 3 more;
    # the six statements fit in two phone screens.
    context, watch = app
    _, mt = engine
    page = open_link(context, golden_3v3(1))
    rows = page.locator("#fd-list .fd-who")
    height = page.locator("#fd-list").bounding_box()["height"]
    assert height <= 2 * PHONE_SCREEN, f"the six statements take {height:.0f} px, more than two screens"
    for k in range(6):
        if rows.nth(k).get_attribute("data-condition") in ("dead", "unconscious", "incapacitated"):
            continue
        expect(rows.nth(k).locator(".fd-sr .sr-badge").first).to_be_visible()  # SR shown in the row
        expect(rows.nth(k).locator(".fd-more")).not_to_have_attribute("open", "open")  # details one tap away
    expect(page.locator("#fd-0-sr")).to_contain_text("same as last round")

    taps = Taps(page)
    taps.click("#fd-roll")  # an unchanged round
    expect(page.locator("#fd-round")).to_have_text("3")
    assert taps.count <= 2, f"an unchanged round took {taps.count} taps"

    taps = Taps(page)
    target = page.locator("#fd-1-a0-target")
    before = target.input_value()
    other = next(v for v in target.locator("option").evaluate_all("os => os.map(o => o.value)") if v and v != before)
    taps.select("#fd-1-a0-target", other)
    expect(page.locator("#fd-1-sr")).to_contain_text("changed from last round")
    taps.click("#fd-roll")
    expect(page.locator("#fd-round")).to_have_text("4")
    assert taps.count <= 3, f"changing one target took {taps.count} taps"
    log = fight_log.read_any(page.locator("#fl-share").get_attribute("href").partition("#")[2])
    vasana = next(i for i in log.rounds[-1].intents if i.who == "Vasana")
    assert vasana.actions[0].target == other
    watch.assert_clean()


def test_a_fallen_target_is_said_on_the_attackers_row_and_the_next_foe_offered(app):
    # Intent (issue 17): when a target dies or falls the attacker's order does not silently become
    # "nothing": his row says so and his blow goes to the next foe standing, never an ally by default.
    context, watch = app
    page = open_link(context, golden_3v3(1))  # after round 1 the Broo is unconscious
    fell = page.locator("#fd-0-fell")
    expect(fell).to_have_text("Broo is unconscious: now at Scorpion man")
    expect(page.locator("#fd-0-a0-target")).to_have_value("Scorpion man")
    expect(page.locator("#fd-0-sr")).to_contain_text("Scorpion man")
    options = page.locator("#fd-0-a0-target option").evaluate_all("os => os.map(o => o.textContent)")
    assert options[0] == "Scorpion man" and options[-1].endswith("(own side)")
    watch.assert_clean()
