"""A new game master's first minutes, by thumb on a 390x844 touch screen (issue 34): the empty
start page says where to begin and its first step opens the sheet; typing on a new sheet is not
lost when an adventurer is opened from the start page's list (the sheet asks); and the sheet's
small controls, the Worn boxes and the ruling links, are thumb-sized targets.

One new profile for all of it (a page start costs seconds).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import READY_TIMEOUT_MS
from tests.browser.examples import rurik_record

PREPARED = 'body[data-prepared="1"]'
RURIK = "strike-rank/character/a1b2c3d4e5f6"
#: WCAG 2.5.5's size, the house's least (style.css ``--tap``).
TAP = 44


def ready(page) -> None:
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)


def size_of(locator) -> tuple[float, float]:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["width"], box["height"]


def test_where_to_begin_then_typing_kept_when_another_adventurer_opens_and_thumb_sized_targets(thumb):
    context, watch = thumb
    page = context.new_page()
    page.goto("index.html")
    ready(page)

    # The empty start page says where to begin, in order, and that it all works offline.
    begin = page.locator("#begin")
    expect(begin).to_be_visible()
    steps = begin.locator("ol li a")
    expect(steps).to_have_text(["Make an adventurer", "Make a party", "Start a fight"])
    expect(begin).to_contain_text("works offline")
    assert begin.bounding_box()["y"] < page.locator("#dice").bounding_box()["y"]  # at the top
    for i in range(3):
        assert size_of(steps.nth(i))[1] >= TAP
    steps.first.tap()
    page.wait_for_url("**/sheet.html")
    ready(page)

    # A new adventurer typed, not saved; the device keeps another one (Rurik).
    name = page.locator("#sheet-name")
    name.tap()
    page.keyboard.type("Vasana")
    page.wait_for_function("() => (localStorage.getItem('strike-rank/draft/sheet') || '').includes('Vasana')")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [RURIK, rurik_record()])

    # The start page, now for a device with an adventurer: no "Where to begin", marked before Python.
    page.goto("index.html")
    ready(page)
    assert page.evaluate("document.documentElement.dataset.keeps") == "adventurers"
    expect(page.locator("#begin")).to_be_hidden()

    # Rurik opened from the list: the sheet asks before Vasana's typing goes.
    page.locator("#saved-list a", has_text="Rurik").tap()
    page.wait_for_url("**/sheet.html?open=a1b2c3d4e5f6")
    ready(page)
    ask = page.locator("#sheet-draft-ask")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("Vasana")
    expect(name).to_have_value("Vasana")
    expect(page.locator("#sheet-draft-keep")).to_have_text("Keep editing Vasana")
    expect(page.locator("#sheet-draft-open")).to_contain_text("Open Rurik")
    with page.expect_navigation():  # the page opens again on Rurik
        page.locator("#sheet-draft-open").tap()  # the player's answer: Rurik, Vasana dropped
    ready(page)
    expect(name).to_have_value("Rurik")
    expect(page.locator("#sheet-draft-ask")).to_be_hidden()

    # Rurik's sheet: the Worn boxes and the ruling links are whole tap targets.
    worn = page.locator("input[data-wear]").first
    expect(worn).to_be_checked()
    width, height = size_of(worn)
    assert width >= TAP and height >= TAP, (width, height)
    ruling = page.locator("a.rq-ruling").first
    width, height = size_of(ruling)
    assert width >= TAP and height >= TAP, (width, height)
    worn.tap(position={"x": 3, "y": 3})  # near its corner: the whole square is the target
    expect(page.locator("input[data-wear]").first).not_to_be_checked()
    watch.assert_clean()
