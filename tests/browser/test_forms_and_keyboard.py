"""Every form field refuses empty, out-of-range, non-numeric and huge values with a message
next to it that names the field — the engine never gets them — and every main flow works
with the keyboard alone (issue 9)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Watch, open_ready

HUGE = "9" * 40

# (page, field, value, how the submit happens, the message's container, what it must name)
BAD_VALUES = [
    ("index.html", "#dice-expr", "", "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-expr", "2D6+", "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-expr", "1000D6", "#dice-roll", "#dice-expr-error", "1000"),
    ("index.html", "#dice-expr", HUGE, "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-typed", "four", "#dice-roll", "#dice-typed-error", "your own dice: 'four'"),
    ("index.html", "#dice-typed", HUGE, "#dice-roll", "#dice-typed-error", "D6"),
    ("shrapnel.html", "#shr-roll", "", "#shr-resolve", "#shr-roll-error", "shrapnel roll: empty"),
    ("shrapnel.html", "#shr-roll", "0", "#shr-resolve", "#shr-roll-error", "shrapnel roll: '0'"),
    ("shrapnel.html", "#shr-roll", "abc", "#shr-resolve", "#shr-roll-error", "shrapnel roll: 'abc'"),
    ("shrapnel.html", "#shr-roll", HUGE, "#shr-resolve", "#shr-roll-error", "shrapnel roll"),
    ("shrapnel.html", "#shr-pieces", "vest chest", "#shr-resolve", "#shr-pieces-error", "armour pieces"),
    ("shrapnel.html", "#shr-pieces", "x" * 60 + ": chest", "#shr-resolve", "#shr-pieces-error", "armour piece"),
    ("sheet.html", "#sheet-STR", "abc", None, "#sheet-STR-error", "STR: 'abc'"),
    ("sheet.html", "#sheet-STR", "", None, "#sheet-STR-error", "STR: empty"),
    ("sheet.html", "#sheet-CON", "999", None, "#sheet-CON-error", "CON: 999"),
    ("sheet.html", "#sheet-money", "lots", None, "#sheet-money-error", "money: 'lots'"),
    ("sheet.html", "#sheet-money", HUGE, None, "#sheet-money-error", "money"),
    ("sheet.html", "#sheet-count", "0", "#sheet-buy", "#sheet-count-error", "how many: 0"),
    ("sheet.html", "#sheet-count", "x", "#sheet-buy", "#sheet-count-error", "how many: 'x'"),
]
SCORES = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


@pytest.fixture
def phone(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=site_url)
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()


@pytest.mark.parametrize(("file", "field", "value", "submit", "message", "names"), BAD_VALUES,
                         ids=[f"{f}-{fld}-{v[:8] or 'empty'}" for f, fld, v, *_ in BAD_VALUES])
def test_a_bad_value_gets_a_message_naming_the_field(phone, file, field, value, submit, message, names):
    # Intent: the value is refused next to its field, named, and left as typed.
    context, watch = phone
    page = open_ready(context, file)
    if file == "shrapnel.html":
        page.click("label[for=shr-sev-C]")
        page.fill("#shr-roll", "50")
    if file == "sheet.html":
        for key, score in SCORES.items():
            page.fill(f"#sheet-{key}", score)
    page.fill(field, value)
    if submit:
        page.click(submit)
    expect(page.locator(message)).to_be_visible()
    expect(page.locator(message)).to_contain_text(names)
    shown = page.locator(field).input_value()
    assert shown == value[: len(shown)] and (shown == value or page.locator(field).get_attribute("maxlength"))
    watch.assert_clean()


def test_keyboard_alone_rolls_dice(phone):
    # Intent: Tab to the field, type, Enter submits; the result is announced.
    context, watch = phone
    page = open_ready(context)
    page.locator("#dice-expr").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1D4+2")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(page.locator("#dice-result .roll-total")).to_have_text("5")
    watch.assert_clean()


def test_keyboard_alone_reads_a_critical(phone):
    # Intent: severity by arrow keys, roll typed, a preset and the submit by Enter/Space.
    context, watch = phone
    page = open_ready(context, "shrapnel.html")
    page.locator("#shr-sev-A").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#shr-sev-C")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.type("50")
    page.locator("button[data-preset=vest]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#shr-pieces")).to_have_value("vest: chest + abdomen")
    page.locator("#shr-resolve").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#shr-result .shr-result")).to_have_attribute("data-severity", "C")
    watch.assert_clean()


def test_keyboard_alone_makes_and_saves_a_sheet(phone):
    # Intent: every field reached by Tab in order; buttons pressed with Enter.
    context, watch = phone
    page = open_ready(context, "sheet.html")
    page.locator("#sheet-name").focus()
    page.keyboard.type("Keyboard Kari")
    for key in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"):
        page.keyboard.press("Tab")
        page.keyboard.type(SCORES[key])
    expect(page.locator('#sheet-view [data-field="hit_points"]')).to_have_text("15")
    page.locator("#sheet-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Keyboard Kari")
    watch.assert_clean()
