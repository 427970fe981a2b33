"""A thumb at the table: on a 390x844 touch screen, a button acts on the first tap after
typing, with the field still focused (on Android, closing the keyboard with Back keeps the
focus, so this is the usual case).

While a field has focus the pages bar steps aside for the keyboard. The tap's press takes the
focus away; if the bar came back then, it would move the sheet's action bar, or cover the
button, between press and release, and the tap would land elsewhere: the game master believes
the adventurer is saved and it is not. Each case puts its button where the bar comes back (the
foot of the screen) before the tap, so that a bar that comes back too soon is caught.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import READY_TIMEOUT_MS

PREPARED = 'body[data-prepared="1"]'


def opened(context, path: str):
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def type_into(page, selector: str, text: str) -> None:
    field = page.locator(selector)
    field.tap()
    field.fill("")
    page.keyboard.type(text)


def at_the_foot(page, selector: str) -> None:
    """Scrolls so that the button's foot is at the screen's, where the pages bar comes back
    (a sticky bar is there already)."""
    page.evaluate("""selector => {
        const box = document.querySelector(selector).getBoundingClientRect();
        window.scrollBy(0, box.bottom - window.innerHeight + 4);
    }""", selector)


def tap_with_the_field_focused(page, field: str, button: str) -> None:
    assert page.evaluate("document.activeElement.id") == field.removeprefix("#"), "the field lost its focus too soon"
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    page.locator(button).tap()


def test_a_button_acts_on_the_first_tap_after_typing_with_the_field_still_focused(thumb):
    context, watch = thumb

    # The sheet: Save in its sticky bar (12 taps of 12 missed here).
    page = opened(context, "sheet.html")
    page.locator("#sheet-roll-chars").tap()
    type_into(page, "#sheet-name", "Rurik")
    expect(page.locator("#sheet-save")).to_be_enabled()
    tap_with_the_field_focused(page, "#sheet-name", "#sheet-save")
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Rurik")
    assert page.evaluate("Object.keys(localStorage).some(k => k.startsWith('strike-rank/character/'))")

    # The start page's dice roller.
    page.close()  # one page with Python at a time: the suite's three workers share two cores
    page = opened(context, "index.html")
    type_into(page, "#dice-expr", "1D6+100")
    at_the_foot(page, "#dice-roll")
    tap_with_the_field_focused(page, "#dice-expr", "#dice-roll")
    expect(page.locator("#dice-result")).to_contain_text("1D6+100")

    # Shrapnel: the roll typed, then Read the critical.
    page.close()
    page = opened(context, "shrapnel.html")
    page.locator("label[for=shr-sev-C]").tap()
    type_into(page, "#shr-roll", "37")
    at_the_foot(page, "#shr-resolve")
    tap_with_the_field_focused(page, "#shr-roll", "#shr-resolve")
    expect(page.locator("#shr-result")).to_contain_text("37")
    watch.assert_clean()
