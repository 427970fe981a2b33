"""Browser-test fixtures: the built site on 127.0.0.1, Debian Chromium, and a watch on
every page for foreign requests, console errors and uncaught exceptions."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest

import build
from tools import chromium
from tools.serve import serving

READY = 'body[data-ready="1"]'
#: Python starts in about 2-3 s here; a cold page under load gets generous room.
READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **chromium.launch_options()}


@pytest.fixture(scope="session")
def site_url():
    if not (build.DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    with serving(build.DIST) as url:
        yield url


@dataclass
class Watch:
    """What a browser context did that a test must not allow."""

    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def attach_context(self, context) -> None:
        context.on("request", self._on_request)
        context.on("page", self.attach_page)
        for page in context.pages:
            self.attach_page(page)

    def attach_page(self, page) -> None:
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(msg.text))
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("dialog", self._on_dialog)

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _on_request(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in LOCAL_HOSTS:
            self.foreign_requests.append(request.url)

    def assert_clean(self) -> None:
        assert self.foreign_requests == [], "requests left 127.0.0.1"
        assert self.console_errors == [], "console errors"
        assert self.page_errors == [], "uncaught page errors"
        assert self.dialogs == [], "dialogs opened"


@pytest.fixture(params=[chromium.PHONE, chromium.DESKTOP], ids=["phone", "desktop"])
def viewport(request):
    return request.param


@pytest.fixture
def app(browser, site_url, viewport):
    """A fresh browser context at the test's viewport, watched; yields (context, watch)."""
    context = browser.new_context(viewport=viewport, base_url=site_url)
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()


def open_ready(context, path: str = "index.html"):
    """Opens a page of the site and waits until Python is up and the page works."""
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page
