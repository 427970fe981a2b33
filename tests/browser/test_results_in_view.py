"""At the table, on a 390x844 touch screen: a result comes into view where the eyes are, and
every fold shows that it folds.

The exchange's "Roll it all", shrapnel's "Read the critical" and the gear page's "Resolve the
block" are tapped where a thumb leaves them after filling the form (just above the pages bar);
their results are drawn below, out of sight, and must come up into the screen. Every
``<summary>`` on the pages visited shows a marker, ▸ closed and ▾ open, whatever its fold: a
summary that looks like a heading does not say it can be opened.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import open_ready
from tests.browser.flows import add_spear, fill_exchange

#: Where a result's top must come to: on the screen, with a line of it above the pages bar.
IN_VIEW = """selector => {
    const top = document.querySelector(selector).getBoundingClientRect().top;
    const bar = document.querySelector('.pages').getBoundingClientRect().top;
    return top >= 0 && top < bar - 40;
}"""

#: Each summary whose marker is missing or wrong (▸ closed, ▾ open), with its words.
UNMARKED = """() => [...document.querySelectorAll('summary')].flatMap(summary => {
    const open = summary.parentElement.open;
    const marks = ['::before', '::after'].map(part => getComputedStyle(summary, part).content).join(' ');
    return marks.includes(open ? '\u25be' : '\u25b8') ? []
        : [`${summary.textContent.trim().slice(0, 50)} (${open ? 'open' : 'closed'}): ${marks}`];
})"""


def above_the_bar(page, selector: str) -> None:
    """Scrolls so that the button sits just above the pages bar, where a thumb finishing the form leaves it."""
    page.evaluate("""selector => {
        const box = document.querySelector(selector).getBoundingClientRect();
        const bar = document.querySelector('.pages').getBoundingClientRect().top;
        window.scrollBy(0, box.bottom - bar + 8);
    }""", selector)


def tap_and_see(page, button: str, result: str) -> None:
    above_the_bar(page, button)
    assert not page.evaluate(IN_VIEW, result), f"{result} was in view before the tap"
    page.locator(button).tap()
    page.wait_for_function(f"() => document.querySelector({result!r}).childElementCount > 0")
    page.wait_for_function(f"() => ({IN_VIEW})({result!r})", timeout=5000)


def assert_every_fold_marked(page) -> None:
    assert page.locator("summary").count() > 0
    assert page.evaluate(UNMARKED) == []


def test_a_result_comes_into_view_and_every_fold_shows_that_it_folds(thumb):
    context, watch = thumb

    # The exchange: "Roll it all"; the odds' "Damage reaching him…" fold opens to a tap.
    page = open_ready(context, "combat.html")
    fill_exchange(page)
    tap_and_see(page, "#cx-roll", "#cx-result")
    assert_every_fold_marked(page)
    damage = page.locator("#cx-odds-out details summary")
    damage.tap()
    expect(page.locator("#cx-odds-out details")).to_have_attribute("open", "")
    assert_every_fold_marked(page)

    # Shrapnel: "Read the critical".
    page.close()  # one page with Python at a time: the suite's three workers share two cores
    page = open_ready(context, "shrapnel.html")
    page.locator("label[for=shr-sev-C]").tap()
    page.locator("#shr-roll").fill("37")
    tap_and_see(page, "#shr-resolve", "#shr-result")
    assert_every_fold_marked(page)

    # Gear: "Resolve the block", with "The attacking weapon" fold opened.
    page.close()  # one page with Python at a time: the suite's three workers share two cores
    page = open_ready(context, "gear.html")
    add_spear(page)
    page.fill("#gear-sl", "4")
    page.fill("#gear-power", "14")
    page.select_option("#gear-defending", "shield")
    assert_every_fold_marked(page)
    page.locator("#gear-weapon-box summary").tap()
    page.fill("#gear-weapon-name", "axe")
    page.fill("#gear-weapon-toughness", "6")
    page.fill("#gear-weapon-absorb", "3")
    tap_and_see(page, "#gear-resolve", "#gear-block")
    assert_every_fold_marked(page)

    # The sheet: its sections and the "Now" card's folds.
    page.close()  # one page with Python at a time: the suite's three workers share two cores
    page = open_ready(context, "sheet.html")
    assert page.locator("#sheet-fold-now summary").count() >= 6
    assert_every_fold_marked(page)
    watch.assert_clean()
