"""The start page: Python comes up, the engine answers in the page, nothing leaves the
origin, nothing logs an error, and after one visit it starts again with the network off."""

from __future__ import annotations

import re

from playwright.sync_api import expect

import pyengine
from tests.browser.conftest import BOTH_SIZES, READY, READY_TIMEOUT_MS, open_ready


def roll(page, expr: str, typed: str = "") -> None:
    page.fill("#dice-expr", expr)
    page.fill("#dice-typed", typed)
    page.click("#dice-roll")


@BOTH_SIZES  # no sideways scroll
def test_start_page_is_ready_and_shows_engine_version(app):
    # Intent: Python starts, the footer names the engine version, the page has its parts.
    context, watch = app
    page = open_ready(context)
    expect(page.locator("#engine-version")).to_have_text(f"rules engine {pyengine.__version__}")
    expect(page.locator("h1")).to_have_text("Strike Rank")
    expect(page.locator("#saved-heading")).to_have_text("Saved characters")
    expect(page.locator("#engine-status")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    watch.assert_clean()


def test_dice_are_parsed_printed_and_rolled_by_the_engine(app):
    # Intent: one engine call in the browser: typed notation is parsed, printed canonically,
    # and rolled with the user's own dice, with the exact range from the engine.
    context, watch = app
    page = open_ready(context)
    roll(page, " 2d6 + 2 ", "3 4")
    result = page.locator("#dice-result")
    expect(result.locator(".roll-expr")).to_contain_text("2D6+2")
    expect(result.locator(".roll-total")).to_have_text("9")
    expect(result).to_contain_text("4 to 14")
    watch.assert_clean()


def test_bad_input_gets_a_message_next_to_the_field_and_is_kept(app):
    # Intent: bad notation and dice that do not fit are explained next to their field;
    # what was typed stays in the field.
    context, watch = app
    page = open_ready(context)
    roll(page, "2D", "")
    expect(page.locator("#dice-expr-error")).to_be_visible()
    expect(page.locator("#dice-expr-error")).to_contain_text("'2D'")
    expect(page.locator("#dice-expr")).to_have_value("2D")
    expect(page.locator("#dice-expr")).to_have_attribute("aria-invalid", "true")
    roll(page, "2D6", "7 1")
    expect(page.locator("#dice-expr-error")).to_be_hidden()
    expect(page.locator("#dice-typed-error")).to_contain_text("7")
    expect(page.locator("#dice-typed")).to_have_value("7 1")
    watch.assert_clean()


def test_a_shared_roll_replays_exactly_in_a_new_page(app):
    # Intent: the share link carries the inputs and rolls; opening it shows the same result.
    context, watch = app
    page = open_ready(context)
    roll(page, "3D6+1D4", "")
    total = page.locator("#dice-result .roll-total").inner_text()
    dice = page.locator("#dice-result .roll-dice li").all_inner_texts()
    link = page.locator("#dice-share").get_attribute("href")
    assert re.search(r"#1\.[A-Za-z0-9_-]+$", link)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#dice-copy")
    expect(page.locator("#dice-copy-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.evaluate("document.getElementById('dice-share').href")
    other = open_ready(context, link)
    expect(other.locator("#dice-result .roll-total")).to_have_text(total)
    expect(other.locator("#dice-result .roll-dice li")).to_have_text(dice)
    expect(other.locator("#dice-expr")).to_have_value("3D6+1D4")
    watch.assert_clean()


def test_a_damaged_link_is_explained_not_a_crash(app):
    # Intent: an unknown or damaged link gives a readable message and the page still works.
    context, watch = app
    page = open_ready(context, "index.html#1.not-a-real-link")
    expect(page.locator("#dice-link-error")).to_contain_text("share link")
    roll(page, "1D6", "5")
    expect(page.locator("#dice-result .roll-total")).to_have_text("5")
    watch.assert_clean()


def test_starts_again_offline_after_the_first_visit(fresh_app):
    # Intent: after one visit the service worker holds the whole site; with the network
    # off the page starts, Python comes up and the engine still answers.
    context, watch = fresh_app
    page = open_ready(context)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#offline-status")).to_have_text("works offline")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    roll(page, "1D8+1", "8")
    expect(page.locator("#dice-result .roll-total")).to_have_text("9")
    # Issue 16: the navigation bar's plain links open every page offline, each working.
    for file, label in (("sheet.html", "Sheet"), ("combat.html", "Combat"), ("shrapnel.html", "Shrapnel"),
                        ("gear.html", "Gear"), ("index.html", "Start")):
        page.locator("nav.pages").get_by_role("link", name=label).click()
        page.wait_for_url(f"**/{file}")
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        expect(page.locator('nav.pages a[aria-current="page"]')).to_have_attribute("href", f"./{file}")
        expect(page.locator("#offline-status")).to_have_text("works offline")
    watch.assert_clean()
