"""The page as it was left, on the screen before Python is up (issue 36): fight mode's table with the
fight in progress is there on return while Python is still held back, marked as the state being
restored, and the live page then draws the same rows in the same place. A kept paint is shown only
for the fight the address names, the records as they are and the build that drew it; a forged one
runs nothing and is not shown; what is typed before Python is up stays."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from pyengine.runequest.melee.log import FightLog, to_link
from pyengine.runequest.melee.model import Combatant, Fight
from pyengine.storage.keys import PAINT_PREFIX
from tests.browser.conftest import READY, READY_TIMEOUT_MS, Watch
from tests.browser.examples import YSOLDE
from tests.browser.flows import add, open_fight, open_row, type_adventurer
from tools import chromium

KEY = PAINT_PREFIX + "combat.html"
PAINTED = "document.documentElement.hasAttribute('data-painted')"


def new_device(browser, site_url, storage_state=None):
    """A new profile with no service worker (so the page's own requests can be held back), watched;
    holding ``storage_state`` (Playwright's: the site's localStorage) if given."""
    context = browser.new_context(viewport=chromium.PHONE, base_url=site_url, service_workers="block",
                                  storage_state=storage_state)
    watch = Watch()
    watch.attach_context(context)
    return context, watch


@pytest.fixture
def device(browser, site_url):
    context, watch = new_device(browser, site_url)
    yield context, watch
    context.close()


@pytest.fixture(scope="module")
def left(browser, site_url):
    """Fight mode left once for the module's tests (:func:`fight_left`): the device's storage as it
    was then, the address, the paint."""
    context, watch = new_device(browser, site_url)
    try:
        address, kept = fight_left(context)
        watch.assert_clean()
        return context.storage_state(), address, kept
    finally:
        context.close()


@pytest.fixture
def device_left(browser, site_url, left):
    """A device on which fight mode was left (:func:`fight_left`), as :func:`device`: (the context, its
    watch, the address the fight was at, its paint)."""
    state, address, kept = left
    context, watch = new_device(browser, site_url, storage_state=state)
    yield context, watch, address, kept
    context.close()


class Held:
    """Our wheel held back until released: Python is not up meanwhile."""

    def __init__(self, context) -> None:
        self.routes: list = []
        self.released = False
        context.route("**/pkg/*", self.hold)

    def hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def wait_then_release(self, page) -> None:
        page.wait_for_timeout(300)  # the painted page stays as it is meanwhile
        for route in self.routes:
            route.continue_()
        self.released = True


def fight_left(context) -> tuple[str, str]:
    """Fight mode with Aldo, Bera and Cora added and Aldo's row open, left once its paint is kept: the
    address it was at, the paint."""
    page = open_fight(context)
    add(page)
    open_row(page, 0)
    page.wait_for_function("key => (localStorage.getItem(key) || '').includes('Cora')", arg=KEY)
    address, kept = page.url, page.evaluate("key => localStorage.getItem(key)", KEY)
    page.close()
    return address, kept


def left_and_back(page, address: str | None = None):
    """``page`` left (its paint is kept as it is left), then opened again at ``address`` (where it was,
    by default) with Python held back: (the page, the hold)."""
    context, address = page.context, address or page.url
    page.close()
    return come_back(context, address)


def come_back(context, address: str):
    """The page opened again at ``address`` with Python held back: (the page, the hold)."""
    held = Held(context)
    page = context.new_page()
    page.goto(address, wait_until="domcontentloaded")
    return page, held


def test_the_fight_in_progress_is_on_the_screen_before_python_and_the_live_page_draws_it_in_place(device_left):
    context, watch, address, _ = device_left
    page, held = come_back(context, address)
    rows = page.locator("#fd-list .fd-who")
    assert page.evaluate("document.body.dataset.ready") is None  # Python is not up
    assert page.evaluate(PAINTED)
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(rows).to_have_count(3)
    expect(page.locator("#fc-list")).to_contain_text("Aldo")
    expect(page.locator("#engine-status .status-note")).to_have_text(
        "This is the page as you left it; its buttons work once Python is up. It can be filled in meanwhile."
    )
    expect(page.locator("#fc-list button").first).to_have_css("pointer-events", "none")  # shown as starting
    expect(page.locator("#fd-0-a0-do")).to_be_visible()  # Aldo's row open as it was left, its form in it
    expect(page.locator("#tab-fight")).to_have_attribute("aria-current", "page")  # the tab of what is shown
    expect(page.locator("#tab-exchange")).not_to_have_attribute("aria-current", "page")
    first, second = rows.first.bounding_box(), rows.nth(1).bounding_box()
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert not page.evaluate(PAINTED)
    expect(rows).to_have_count(3)
    expect(page.locator("#fd-0-a0-do")).to_be_visible()  # still open, its form drawn by the live page
    # The live rows are where the painted ones were (Aldo's form drawn anew, not a pixel taller).
    assert (rows.first.bounding_box(), rows.nth(1).bounding_box()) == (first, second)
    expect(page.locator("#fc-list button").first).not_to_have_css("pointer-events", "none")
    expect(page.locator("#tab-fight")).to_have_attribute("aria-current", "page")
    expect(page.locator("#tab-exchange")).not_to_have_attribute("aria-current", "page")
    watch.assert_clean()


def test_a_kept_paint_of_another_fight_is_not_shown(device_left):
    context, watch, _, _ = device_left
    broo = Combatant(
        name="Broo 1",
        side="Broos",
        STR=13,
        CON=11,
        SIZ=12,
        DEX=10,
        hit_points=12,
        locations={key: 3 for key in ("head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg")},
        dex_sr=3,
    )
    page, held = come_back(context, "combat.html#" + to_link(FightLog(fight=Fight(combatants=(broo,)))))
    page.wait_for_load_state("load")
    assert not page.evaluate(PAINTED)
    expect(page.locator("#fd-list .fd-who")).to_have_count(0)
    expect(page.locator("#fight-mode")).to_be_hidden()  # the page as built until Python opens the link
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fc-list")).to_contain_text("Broo 1")
    watch.assert_clean()


def test_a_kept_paint_is_refused_after_the_app_is_updated(device_left):
    context, watch, address, _ = device_left

    def updated(route):  # the same page from a newer build: another data-build
        response = route.fetch()
        html = response.text()
        assert 'data-build="' in html
        route.fulfill(response=response, body=html.replace('data-build="', 'data-build="0'))

    context.route("**/combat.html", updated)
    page, held = come_back(context, address)
    page.wait_for_load_state("load")
    assert not page.evaluate(PAINTED)
    expect(page.locator("#fd-list .fd-who")).to_have_count(0)
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    watch.assert_clean()


def test_a_kept_paint_is_refused_once_another_tab_saved(device_left):
    context, watch, address, _ = device_left
    other = context.new_page()  # another tab: the start page rolls dice, and keeps them
    other.goto("index.html")
    other.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    other.fill("#dice-expr", "1D6")
    other.click("#dice-roll")
    expect(other.locator("#dice-result .roll-total")).to_have_count(1)
    page, held = come_back(context, address)
    page.wait_for_load_state("load")
    assert not page.evaluate(PAINTED)
    expect(page.locator("#fd-list .fd-who")).to_have_count(0)
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fd-list .fd-who")).to_have_count(3)  # the live page, from the records
    watch.assert_clean()


def test_what_is_typed_before_python_is_up_over_the_painted_page_is_kept(device_left):
    context, watch, address, _ = device_left
    page, held = come_back(context, address)
    assert page.evaluate(PAINTED)
    expect(page.locator("#fa-box")).to_have_attribute("open", "")  # open, as it was left
    page.fill("#fa-name", "Dorn")
    page.fill("#fa-side", "B")
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fa-box")).to_have_attribute("open", "")  # the start's "shut" does not shut it under him
    expect(page.locator("#fa-name")).to_have_value("Dorn")
    expect(page.locator("#fa-side")).to_have_value("B")
    page.select_option("#fa-w1", "dagger")
    page.click("#fa-add")
    expect(page.locator("#fc-list .fc-item")).to_have_count(4)
    expect(page.locator("#fc-list")).to_contain_text("Dorn")
    watch.assert_clean()


@pytest.mark.parametrize(
    "forged",
    [
        '<img src="x" onerror="window.forged = 1">',
        '<script src="./boot.js"></script><p>Aldo</p>',
        '<p py-click="print(1)">Aldo</p>',
        '<p style="">Aldo</p>',  # the policy refuses inline style: parsed, even inert, it is reported
    ],
)
def test_a_forged_paint_runs_nothing_and_is_not_shown(device_left, forged):
    context, watch, address, kept = device_left
    paint = json.loads(kept)
    paint["html"]["fd-list"] = forged  # all else as kept: only the region's HTML refuses it
    # Put there before the page's own scripts run (the new tab's about:blank has no storage of ours).
    context.add_init_script(f"if (location.protocol === 'http:') localStorage.setItem({json.dumps(KEY)}, {json.dumps(json.dumps(paint))})")
    page, held = come_back(context, address)
    page.wait_for_load_state("load")
    assert not page.evaluate(PAINTED)
    expect(page.locator("#fd-list img, #fd-list script, #fd-list [py-click]")).to_have_count(0)
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.forged") is None
    assert page.evaluate("window.strikeRankGuard.refused()") == 0
    watch.assert_clean()


def test_the_adventurer_being_typed_is_on_the_screen_before_python(device):
    context, watch = device
    page = context.new_page()
    page.goto("sheet.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    type_adventurer(page)
    page.wait_for_function("key => (localStorage.getItem(key) || '').includes('Ysolde')", arg=PAINT_PREFIX + "sheet.html")
    page, held = left_and_back(page)
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.evaluate(PAINTED)
    expect(page.locator("#sheet-name")).to_have_value("Ysolde")
    for key, value in YSOLDE.items():
        expect(page.locator(f"#sheet-{key}")).to_have_value(value)
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert not page.evaluate(PAINTED)
    expect(page.locator("#sheet-name")).to_have_value("Ysolde")
    for key, value in YSOLDE.items():
        expect(page.locator(f"#sheet-{key}")).to_have_value(value)
    watch.assert_clean()


def test_a_style_an_add_on_left_in_a_region_is_not_kept(device):
    # A browser's add-on (a password manager) or a test's tool sets styles on what it marks, and leaves
    # style="" after: the paint keeps our renderers' markup only, so the policy has nothing to refuse.
    context, watch = device
    page = open_fight(context)
    add(page)
    page.evaluate("document.querySelector('#fd-list .fd-who').style.outline = '2px solid red'")
    page.evaluate("document.querySelector('#fc-list .fc-item').style.outline = ''")  # style=""
    page, held = left_and_back(page)
    assert page.evaluate(PAINTED)
    expect(page.locator("#fd-list .fd-who")).to_have_count(3)
    assert page.locator("main [style]").count() == 0
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    watch.assert_clean()


def test_a_shared_link_opened_again_shows_its_result_before_python(device):
    # Intent: the game master opens the same shared fight link again from the chat: the link, made by
    # an earlier version (tests/golden), was written in this version's form as the page opened it, and
    # the fight's log is on the screen before Python is up all the same.
    from measure.phone import golden_fight_link

    context, watch = device
    address = "combat.html#" + golden_fight_link()
    page = context.new_page()
    page.goto(address)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fl-out .fr-log")).to_have_count(1)
    assert page.evaluate("location.hash") != "#" + golden_fight_link()  # written again in this version's form
    page, held = left_and_back(page, address)  # the link as the chat has it
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.evaluate(PAINTED)
    expect(page.locator("#fl-out .fr-log")).to_be_visible()
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fl-out .fr-log")).to_have_count(1)
    watch.assert_clean()
