"""The app side: Chromium finds it installable, a new build is announced as "update ready",
and nothing saved on the device is lost across the update."""

from __future__ import annotations

from playwright.sync_api import expect

import builder.app_files
import builder.base
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.sheet.adventurer import dump_adventurer
from tests.browser.conftest import READY, READY_TIMEOUT_MS, Watch, open_ready

SCORES = {"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}


def test_chromium_finds_the_app_installable(browser_type, browser_type_launch_args, site_url, viewport, tmp_path):
    # Intent: manifest, icons and service worker meet Chromium's install criteria
    # (in a real profile: Chromium never offers to install from an incognito one).
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, viewport=viewport, base_url=site_url
    )
    watch = Watch()
    watch.attach_context(context)
    page = open_ready(context)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    watch.assert_clean()
    context.close()


def test_a_new_build_says_update_ready_and_keeps_saved_characters(browser, second_site, viewport):
    # Intent: build 2 replaces build 1 on the same origin: the open page says "update
    # ready", reloading shows build 2, and the character saved on the device is still there.
    site, url = second_site
    context = browser.new_context(viewport=viewport, base_url=url)
    page = open_ready(context)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
    record = dump_adventurer(typed_new(SCORES, name="Ysolde of the Hills")).decode()
    page.evaluate("r => localStorage.setItem('strike-rank/character/ysolde', r)", record)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#saved-list")).to_contain_text("Ysolde of the Hills")
    expect(page.locator("#update-ready")).to_be_hidden()

    # Build 2: a changed stylesheet, and the service worker generated again.
    css = site / "style.css"
    css.write_text(css.read_text() + "\n/* build 2 */\n")
    (site / "sw.js").write_text(builder.app_files.service_worker(site))

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#update-ready")).to_be_visible(timeout=READY_TIMEOUT_MS)
    with page.expect_navigation():  # the button reloads: wait for the new document
        page.click("#update-reload")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert "build 2" in page.evaluate("fetch('./style.css').then(r => r.text())")
    expect(page.locator("#saved-list")).to_contain_text("Ysolde of the Hills")
    assert page.evaluate("localStorage.getItem('strike-rank/character/ysolde')") == record
    context.close()
