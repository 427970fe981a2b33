"""The test profiles themselves: a warm profile starts pages as a return visit does, comes to
each test with empty storage, its pages at that test's viewport, and its watch sees every page
of that test and nothing after."""

from __future__ import annotations

from tests.browser.conftest import open_ready
from tools import chromium


def test_a_warm_profile_is_lent_with_empty_storage_and_a_watch_on_each_page(warm_profiles):
    context, watch = warm_profiles.lend(chromium.PHONE)
    page = open_ready(context)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"  # the service worker's snapshot
    assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]
    # Empty but for the page's own paint of itself, kept as it draws (issue 36: never a record)
    assert page.evaluate("Object.keys(localStorage).filter(k => !k.startsWith('strike-rank.paint/'))") == []
    page.evaluate("localStorage.setItem('strike-rank/character/left-behind', '{}'); sessionStorage.setItem('x', '1')")
    second = open_ready(context, "gear.html")
    second.evaluate("console.error('seen by the watch')")
    second.wait_for_timeout(100)
    assert watch.console_errors == ["seen by the watch"]
    warm_profiles.give_back(context, watch)
    assert page.is_closed() and second.is_closed()

    again, next_watch = warm_profiles.lend(chromium.DESKTOP)
    assert again is context  # one profile, every size: a size is no first visit
    page = open_ready(again, "shrapnel.html")
    assert page.evaluate("[Object.keys(localStorage).filter(k => !k.startsWith('strike-rank.paint/')).length,"
                         " sessionStorage.length]") == [0, 0]
    assert page.evaluate("[innerWidth, innerHeight]") == [1280, 800]  # this test's size, not the one before's
    page.evaluate("console.error('the next test')")
    page.wait_for_timeout(100)
    assert watch.console_errors == ["seen by the watch"]  # the first test's watch is gone
    assert next_watch.console_errors == ["the next test"]
    warm_profiles.give_back(again, next_watch)
