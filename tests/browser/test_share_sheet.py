"""The phone's share sheet beside a share link: "Share…" where the browser has
``navigator.share`` (given here by an init script that records what it is handed),
"Copy link" alone elsewhere."""

from __future__ import annotations

from playwright.sync_api import expect

from pyengine.pages.share_sheet import REFUSED
from tests.browser.conftest import open_ready

#: A share sheet that records what it is given (or refuses, when told to).
FAKE_SHARE = """
Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: function (data) {
  window.shared = data;
  return window.refuseShare ? Promise.reject(new DOMException("refused", "NotAllowedError")) : Promise.resolve();
} });
"""
NO_SHARE = "delete Navigator.prototype.share;"


def roll(page) -> None:
    page.fill("#dice-expr", "2D6+2")
    page.fill("#dice-typed", "3 4")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_text("9")


def test_share_opens_the_sheet_with_the_link_and_its_summary(fresh_app):
    context, watch = fresh_app
    context.add_init_script(FAKE_SHARE)
    page = open_ready(context)
    roll(page)
    expect(page.locator("#dice-copy")).to_be_visible()
    page.click("#dice-share-sheet")
    page.wait_for_function("() => window.shared !== undefined")
    link = page.eval_on_selector("#dice-share", "a => a.href")
    assert page.evaluate("window.shared") == {"title": "Strike Rank", "text": "Dice roll: 2D6+2 = 9", "url": link}
    assert "#1." in link
    expect(page.locator("#dice-copy-status")).to_have_text("")
    page.evaluate("window.refuseShare = true")
    page.click("#dice-share-sheet")
    expect(page.locator("#dice-copy-status")).to_have_text(REFUSED)
    watch.assert_clean()


def test_without_a_share_sheet_only_copy_link_is_offered(fresh_app):
    context, watch = fresh_app
    context.add_init_script(NO_SHARE)
    page = open_ready(context)
    roll(page)
    expect(page.locator("#dice-copy")).to_be_visible()
    expect(page.locator("#dice-share-sheet")).to_be_hidden()
    watch.assert_clean()
