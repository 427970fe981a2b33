"""Local only (not committed): fight mode through the hardening engineer's axe / layout checks."""
import pytest
from tests.browser import test_pages_for_everyone as E
from tests.browser.conftest import open_ready
from tests.browser.test_fight_page import THREE, add, open_fight

axe_source = E.axe_source
context_at = E.context_at


def show_fight(page):
    add(page)
    page.click("#fd-roll")
    page.wait_for_selector("#fl-out .fr-round")
    page.locator("#fl-out .fr-event details summary").first.click()


def test_axe_fight(context_at, axe_source):
    context, watch = context_at(390, 844)
    page = open_fight(context)
    assert E.serious_findings(page, axe_source) == []
    show_fight(page)
    assert E.serious_findings(page, axe_source) == []
    watch.assert_clean()


@pytest.mark.parametrize("layout", ["360x740", "390x844", "1280x800"])
def test_layout_fight(context_at, layout):
    context, watch = context_at(*E.LAYOUTS[layout])
    page = open_fight(context)
    show_fight(page)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input:not([type=checkbox]):not([type=radio]), select, summary, label:has(> input[type=checkbox]), .sev-buttons label, .tools a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)"""
    )
    assert small == []
    watch.assert_clean()
