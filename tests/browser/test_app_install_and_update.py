"""The app side: Chromium finds it installable, a new build is announced as "update ready"
(also when the page could not look for it while the device was offline), and nothing saved on the
device is lost across the update."""

from __future__ import annotations

import contextlib
import shutil
import threading
import time
from http import server as http_server

import pytest
from playwright.sync_api import expect

import builder.app_files
import builder.base
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.sheet.adventurer import dump_adventurer
from tests.browser.conftest import READY, READY_TIMEOUT_MS, Watch, open_ready, wait_offline_ready
from tools import serve

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


class Host(serve.SiteHandler):
    """The site's host as a device without signal sees it while ``down``: every request goes
    unanswered (the connection closed, a network error). Playwright's ``set_offline`` does not
    reach the browser's own look for a new service worker, nor the worker's fetches, so a test of
    what a device offline misses makes the host unreachable too. ``asked`` keeps what was asked
    of it while down."""

    down = False
    asked: list[str] = []

    def send_head(self):
        if type(self).down:
            type(self).asked.append(self.path)
            self.close_connection = True
            return None
        return super().send_head()


@pytest.fixture
def reachable_site(tmp_path):
    """A copy of dist/ served on its own by a :class:`Host` of its own: (folder, URL, host)."""
    site = tmp_path / "site"
    shutil.copytree(builder.base.DIST, site, symlinks=True)
    host = type("SiteHost", (Host,), {"asked": []})

    def handler(*args, **kwargs):
        return host(*args, directory=str(site), **kwargs)

    httpd = http_server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield site, f"http://127.0.0.1:{httpd.server_address[1]}/", host
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextlib.contextmanager
def offline(context, host):
    """The device without signal: the page's ``navigator.onLine`` false and the host unreachable;
    back online (an ``online`` event in each page) when the block ends."""
    host.down = True
    context.set_offline(True)
    try:
        yield
    finally:
        host.down = False
        context.set_offline(False)


def new_build(site, number: int) -> None:
    """Puts build ``number`` on the host: a changed stylesheet, and the service worker generated again."""
    css = site / "style.css"
    css.write_text(css.read_text() + f"\n/* build {number} */\n")
    (site / "sw.js").write_text(builder.app_files.service_worker(site))


def test_an_update_is_announced_when_the_page_looks_again_online_or_shown(browser, reachable_site, viewport):
    # Intent (issue 33, item 7): the browser looks for a new service worker by itself only after a
    # navigation, and a look made offline fails and is not made again. So an open page looks again
    # itself, and says "update ready" within seconds without another page being opened:
    # - brought back into view (a phone's tab): build 2, on the first visit's page, which no worker
    #   controlled as it loaded;
    # - back online: build 3 reaches the host while the device is offline, and a page opened then
    #   (from this device's copy) has the browser's look fail. Its reload shows build 3.
    site, url, host = reachable_site
    context = browser.new_context(viewport=viewport, base_url=url)
    watch = Watch()
    watch.attach_context(context)
    first = open_ready(context)
    wait_offline_ready(first)
    new_build(site, 2)
    first.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # visible all along
    expect(first.locator("#update-ready")).to_be_visible(timeout=READY_TIMEOUT_MS)
    first.close()

    new_build(site, 3)
    with offline(context, host):
        page = open_ready(context)
        assert page.evaluate("() => Boolean(navigator.serviceWorker.controller)"), "the page opened from this device's copy"
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while "/sw.js" not in host.asked:  # the browser's own look after the navigation, failed
            assert time.monotonic() < deadline, f"the browser never looked for a new service worker: {host.asked}"
            page.wait_for_timeout(200)
        expect(page.locator("#update-ready")).to_be_hidden()

    expect(page.locator("#update-ready")).to_be_visible(timeout=READY_TIMEOUT_MS)
    with page.expect_navigation():
        page.click("#update-reload")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert "build 3" in page.evaluate("fetch('./style.css').then(r => r.text())")
    watch.assert_clean()
    context.close()
