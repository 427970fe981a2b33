"""Dice typed by hand are a mode (issue 34, "The table view"), on a 390x844 touch screen: "While it
is open, app-dice Resolve and Undo are off, or ask first. The dice typed so far survive a reload, and
the mode is left only by Cancel, said plainly."

The controller's side (every action refused while typing, the draft's format 3, a damaged one, the
round's dice each saying what it was for): tests/unit/pages/test_typed_dice_mode.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

import builder.install
from pyengine.runequest.melee import log as fight_log
from tests.browser.audit import SHOTS, serious_findings
from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.fixture(scope="module")
def axe_source() -> str:
    return builder.install.axe_script().read_text(encoding="utf-8")


def golden_3v3(rounds: int) -> str:
    """The golden 3-against-3 fight after its first ``rounds`` rounds, as a link (a fight set up at once)."""
    log = fight_log.read_any((GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip())
    return fight_log.to_link(fight_log.FightLog(fight=log.fight, rounds=log.rounds[:rounds], rules=log.rules,
                                                melee_rules=log.melee_rules))


def type_die(page) -> int:
    """The die asked for typed (a hit on a D100, a low face on any other), and "Use this roll"
    tapped with the field still focused."""
    sides = int(page.locator("#fd-ask .cx-ask").get_attribute("data-sides"))
    value = 30 if sides == 100 else 1
    field = page.locator("#fd-typed")
    field.tap()
    field.fill("")
    page.keyboard.type(str(value))
    assert page.evaluate("document.activeElement.id") == "fd-typed"
    page.locator("#fd-next").tap()
    return value


def test_typed_dice_are_a_mode_that_survives_a_reload_and_is_left_by_cancel(thumb, axe_source):
    context, watch = thumb
    page = open_ready(context, f"combat.html#{golden_3v3(1)}")
    expect(page.locator("#fd-list .fd-who")).to_have_count(6)
    expect(page.locator("#fd-round")).to_have_text("2")
    expect(page.locator("#fd-undo")).to_be_enabled()

    page.locator("#fd-start").tap()
    expect(page.locator("#fd-typing")).to_be_visible()
    expect(page.locator("#fd-ask .cx-ask")).to_contain_text("Roll 1: a D")
    first = type_die(page)
    expect(page.locator("#fd-ask")).to_contain_text(f"Typed so far: {first}")
    expect(page.locator("#fd-ask .cx-ask")).to_contain_text("Roll 2: a D")
    asked = page.locator("#fd-ask .cx-ask").inner_text()

    # App dice, undo and what would end the round are off; the mode says so and how to leave it.
    for ident in ("fd-roll", "fd-start", "fd-undo", "fl-new"):
        expect(page.locator(f"#{ident}")).to_be_disabled()
    expect(page.locator("#fd-ask .fd-mode")).to_contain_text("Round 2 is not resolved until its last die is in")
    cancel = page.locator("#fd-cancel")
    expect(cancel).to_have_text("Cancel: drop the 1 die typed")
    box = cancel.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    # A tap on "Resolve: app dice" does nothing: the round stays unresolved and the die typed stays.
    page.locator("#fd-roll").scroll_into_view_if_needed()
    page.locator("#fd-roll").tap(force=True)
    expect(page.locator("#fd-round")).to_have_text("2")
    expect(page.locator("#fd-typing")).to_be_visible()
    expect(page.locator("#fd-ask")).to_contain_text(f"Typed so far: {first}")
    page.locator("#fd-typing").scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "typed-dice-mode-390.png"))
    assert serious_findings(page, axe_source) == []

    # A reload: the mode is open again, the die typed still there, the next die asked.
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fd-typing")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fd-ask")).to_contain_text(f"Typed so far: {first}")
    expect(page.locator("#fd-ask .cx-ask")).to_have_text(asked)
    expect(page.locator("#fd-roll")).to_be_disabled()
    expect(page.locator("#fd-undo")).to_be_disabled()
    second = type_die(page)
    expect(page.locator("#fd-ask")).to_contain_text(f"Typed so far: {first}, {second}")
    expect(cancel).to_have_text("Cancel: drop the 2 dice typed")

    # Cancel leaves the mode: the dice dropped, the round not resolved, everything on again.
    cancel.tap()
    expect(page.locator("#fd-typing")).to_be_hidden()
    expect(page.locator("#fd-round")).to_have_text("2")
    for ident in ("fd-roll", "fd-start", "fd-undo", "fl-new"):
        expect(page.locator(f"#{ident}")).to_be_enabled()
    assert page.evaluate("JSON.parse(localStorage.getItem('strike-rank/draft/fight')).typing") is None

    # The app's dice now: the round's dice list says which die was which.
    page.locator("#fd-roll").tap()
    expect(page.locator("#fd-round")).to_have_text("3")
    latest = page.locator("#fl-out .fr-round").first
    dice = latest.locator(".fr-dice li")
    expect(dice).to_have_count(int(latest.get_attribute("data-rolls")))
    expect(dice.first).to_have_text(re.compile(r"^D100 \d+ — \S+ (attacks|shoots at) .+: attack roll \("))
    latest.locator(".fr-dice").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "typed-dice-mode-dice-list-390.png"))
    watch.assert_clean()
