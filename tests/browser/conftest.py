"""Browser-test fixtures: the built site on 127.0.0.1, Debian Chromium, and a watch on
every page for foreign requests, console errors and uncaught exceptions.

Two kinds of browser profile:

- ``app`` lends a **warm** profile, one for the whole session (and one more for a test that
  needs a second device): it has visited the site once, so its service worker holds the site
  and the start-up snapshot, and each page starts as a return visit does. Each test gets it
  with its local storage cleared, opens its own pages (all closed after it) at its own
  viewport, and has its own :class:`Watch`, which sees every page the test opens. The
  viewport is set on each page before it loads anything, so a page lays out as in a profile
  made at that size (no page reads the screen's size), and no size costs a first visit.
- ``fresh_app`` makes a new, empty profile for the test, as a first visit: for what is about
  first visits, offline, install and update, the snapshot, start-up timing, storage faults,
  and anything that routes requests or adds init scripts (a profile cannot unlearn those).

Every context any test makes, these two or its own (``browser.new_context``,
``launch_persistent_context``, ``browser.new_page``), reports each ``securitypolicyviolation`` of
its pages (the content security policy, docs/security.md) to :data:`CSP_VIOLATIONS`, and a test
fails at teardown on any (``csp_violations``, autouse); a test that expects some takes them
(``csp_violations.take()``). Under that policy a page evaluates no string as JavaScript, so a
``page.wait_for_function`` predicate is written as a function (``"() => …"``; an expression there
is evaluated with ``eval`` while it polls), and a test's script goes in with
``page.evaluate(source)``, not as an inline ``add_script_tag``.

The product is phone-first: a test runs at the phone size unless it is about sizes
(layouts, sideways scrolling, tap targets, accessibility, screenshots), where it says
``@BOTH_SIZES``.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Error

import builder.base
from tools import chromium
from tools.serve import serving

READY = 'body[data-ready="1"]'
#: Python starts in about 2-3 s here; a cold page under load gets generous room.
READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
#: A page of the site that runs nothing: where a warm profile's storage is cleared from.
QUIET_PAGE = "style.css"

#: For a test about sizes: run it at the phone and the desktop size.
BOTH_SIZES = pytest.mark.parametrize("viewport", [chromium.PHONE, chromium.DESKTOP], ids=["phone", "desktop"])


#: The browser tests that take longest (a minute or more each): run first, so that in the
#: suite's parallel run (``--dist worksteal``) none of them starts last and keeps the others waiting.
LONGEST_FIRST = ("test_crash_saving.py", "test_long_evening.py", "test_whole_evening.py")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.path.name not in LONGEST_FIRST)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    options = chromium.launch_options()
    # host candidates' addresses, not mDNS names (tools/chromium.py TEST_FEATURES_OFF)
    return {**browser_type_launch_args, **options, "args": [*options["args"], *chromium.launch_args_for_tests()]}


#: What every page of every context tells the test about a blocked script, style, request…
CSP_LISTENER = """
window.addEventListener("securitypolicyviolation", (event) => {
  const report = {directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile,
                  line: event.lineNumber, column: event.columnNumber, sample: event.sample,
                  disposition: event.disposition, page: location.href};
  window.strikeRankCspViolation(report).catch(() => {});
}, true);
"""


class CspViolations:
    """Every ``securitypolicyviolation`` the pages of the running test reported."""

    def __init__(self) -> None:
        self.reports: list[dict] = []

    def add(self, report: dict) -> None:
        self.reports.append(report)

    def take(self) -> list[dict]:
        """The reports so far, which the test then expected (they no longer fail it)."""
        taken, self.reports = self.reports, []
        return taken

    def watch(self, context):
        """Makes ``context``'s pages, present and to come, report here; returns it."""
        context.expose_function("strikeRankCspViolation", self.add)
        context.add_init_script(CSP_LISTENER)
        return context


#: The one collector: contexts outlive tests (the warm profiles), so each reports here and the
#: ``csp_violations`` fixture empties it before each test and checks it after.
CSP_VIOLATIONS = CspViolations()


#: How fast every test's page is told its link is (``navigator.connection``, which the boot module
#: reads to choose how a first visit starts Python). This loopback is as fast as links come, but
#: Chromium leaves loopback traffic out of its estimate and says 1.5 Mbit/s, so every first visit took
#: a slow link's path: Python started normally, at about twice the processor time of a restore from
#: the snapshot (measured here: 5.3-7.1 s a start against 3.0-3.7 s), in a suite bound by its two
#: cores. A phone on 4G takes the snapshot's path; a test of the slow link's tells its page so
#: (:func:`tell_link`). Only what the page is told changes: the network is not slowed.
FAST_LINK_MBITS = 1000


def tell_link(page, mbits: float = FAST_LINK_MBITS) -> None:
    """Tells ``page``, from its next navigation, that its link is ``mbits`` Mbit/s each way (the
    last told wins). Not a page opened while its context is offline: ``navigator.onLine`` is told too."""
    context = page.context
    if getattr(context, "_strike_rank_offline", False):
        return
    try:
        context.new_cdp_session(page).send("Network.overrideNetworkState", {
            "offline": False, "latency": 0, "downloadThroughput": mbits * 125_000, "uploadThroughput": mbits * 125_000})
    except Error:  # the page closed meanwhile
        pass


def on_a_fast_link(context):
    """Tells the pages ``context`` has (a persistent profile's first) that their link is fast; each page
    ``BrowserContext.new_page`` makes is told before it is handed over. Not from a ``page`` event: its
    handler runs beside the test, which may have sized or loaded the page by then."""
    for page in context.pages:
        tell_link(page)
    return context


@pytest.fixture(scope="session", autouse=True)
def _every_context_reports_csp_violations():
    """Every context made in the session, by a fixture or by a test, reports to :data:`CSP_VIOLATIONS`
    and is on a fast link (:func:`on_a_fast_link`)."""
    made_by = {Browser: "new_context", BrowserType: "launch_persistent_context"}
    with pytest.MonkeyPatch.context() as patch:
        for owner, name in made_by.items():
            make = getattr(owner, name)

            def watched(self, *args, _make=make, **kwargs):
                return on_a_fast_link(CSP_VIOLATIONS.watch(_make(self, *args, **kwargs)))

            patch.setattr(owner, name, watched)
        new_page = Browser.new_page  # a page in a context of its own, made without new_context

        def watched_page(self, *args, **kwargs):
            page = new_page(self, *args, **kwargs)
            CSP_VIOLATIONS.watch(page.context)
            tell_link(page)
            return page

        patch.setattr(Browser, "new_page", watched_page)
        context_new_page = BrowserContext.new_page

        def new_page_on_a_fast_link(self, *args, **kwargs):
            page = context_new_page(self, *args, **kwargs)
            tell_link(page)
            return page

        patch.setattr(BrowserContext, "new_page", new_page_on_a_fast_link)
        set_offline = BrowserContext.set_offline

        def remembered_offline(self, offline):
            set_offline(self, offline)
            self._strike_rank_offline = offline

        patch.setattr(BrowserContext, "set_offline", remembered_offline)
        yield


@pytest.fixture(autouse=True)
def csp_violations(_every_context_reports_csp_violations):
    """Fails the test on any content-security-policy violation in any of its pages (every browser test)."""
    CSP_VIOLATIONS.take()
    yield CSP_VIOLATIONS
    reports = CSP_VIOLATIONS.take()
    assert reports == [], "content security policy violations"


@pytest.fixture(scope="session")
def site_url():
    if not (builder.base.DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    with serving(builder.base.DIST) as url:
        yield url


@pytest.fixture
def second_site(tmp_path):
    """A copy of dist/ served on its own, so a test can put a new build in its place."""
    site = tmp_path / "site"
    shutil.copytree(builder.base.DIST, site, symlinks=True)
    with serving(site) as url:
        yield site, url


@dataclass
class Watch:
    """What a browser context did that a test must not allow."""

    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    _watched: list = field(default_factory=list, repr=False)
    """(target, event, handler) for each listener, so a lent profile can be handed back."""

    def attach_context(self, context, *, besides=()) -> None:
        """Watches the context and each of its pages, present and to come, ``besides`` these."""
        self._listen(context, "request", self._on_request)
        self._listen(context, "page", self.attach_page)
        for page in context.pages:
            if page not in besides:
                self.attach_page(page)

    def attach_page(self, page) -> None:
        self._listen(page, "console", self._on_console)
        self._listen(page, "pageerror", self._on_page_error)
        self._listen(page, "dialog", self._on_dialog)

    def detach(self) -> None:
        """Stops watching (a warm profile outlives the test)."""
        for target, event, handler in reversed(self._watched):
            target.remove_listener(event, handler)
        self._watched.clear()

    def _listen(self, target, event: str, handler) -> None:
        target.on(event, handler)
        self._watched.append((target, event, handler))

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            self.console_errors.append(msg.text)

    def _on_page_error(self, exc) -> None:
        self.page_errors.append(str(exc))

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


def open_ready(context, path: str = "index.html"):
    """Opens a page of the site and waits until Python is up and the page works."""
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def store_items(context, items: dict[str, str]) -> None:
    """Puts ``items`` in a warm profile's local storage without starting a page of the app for
    it (each start costs seconds): through the quiet page the profile keeps open."""
    quiet = next(page for page in context.pages if page.url.endswith("/" + QUIET_PAGE))
    quiet.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def wait_offline_ready(page) -> None:
    """Waits until the service worker holds the whole site (the page says "works offline")."""
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)


class WarmProfiles:
    """The session's warm profiles, one per name ("this device", "another device"), each made
    on first use.

    A warm profile has visited the start page once and waited until its service worker
    held the whole site, snapshot included; between tests only its local storage is
    cleared (from a quiet page it keeps open), and nothing else it learnt is unlearnt.
    A test borrows it at a viewport: every page it opens is given that size before it loads.
    """

    def __init__(self, browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self._profiles: dict[str, tuple] = {}
        self._sizing: dict[int, object] = {}
        """The handler that sizes a lent profile's new pages, by id of its context."""
        self.kept: list = []
        """Pages that outlive the test that opened them (:meth:`keep`)."""

    def _profile(self, name: str):
        if name not in self._profiles:
            context = self.browser.new_context(viewport=chromium.PHONE, base_url=self.site_url)
            watch = Watch()  # the first visit is watched as any test's page is
            watch.attach_context(context)
            page = open_ready(context)
            wait_offline_ready(page)
            page.close()
            watch.detach()
            watch.assert_clean()
            quiet = context.new_page()
            quiet.goto(QUIET_PAGE)
            self._profiles[name] = (context, quiet)
        return self._profiles[name]

    def lend(self, viewport: dict, name: str = "this device"):
        """The warm profile ``name``, its storage cleared, its new pages at ``viewport``, with a new watch on it."""
        context, quiet = self._profile(name)
        quiet.evaluate("localStorage.clear(); sessionStorage.clear()")
        size = {"width": viewport["width"], "height": viewport["height"]}

        def sized(page) -> None:
            page.set_viewport_size(size)

        self._stop_sizing(context)
        context.on("page", sized)
        self._sizing[id(context)] = sized
        watch = Watch()
        watch.attach_context(context, besides=(quiet,))  # not the test's: its own favicon.ico is a 404
        return context, watch

    def give_back(self, context, watch: Watch) -> None:
        """Closes the pages the test opened and undoes what a test may set on the profile."""
        watch.detach()
        self._stop_sizing(context)
        quiet = next(q for c, q in self._profiles.values() if c is context)
        for page in context.pages:
            if page is not quiet and page not in self.kept:
                page.close()
        context.clear_permissions()
        context.set_offline(False)
        context.unroute_all(behavior="ignoreErrors")

    def keep(self, page) -> None:
        """Leaves ``page`` open after its test, for the next tests (each one's watch sees it), until
        :meth:`let_go`. Only for pages the next tests look at, not use: they share what it shows."""
        self.kept.append(page)

    def let_go(self, page) -> None:
        self.kept.remove(page)
        page.close()

    def _stop_sizing(self, context) -> None:
        sized = self._sizing.pop(id(context), None)
        if sized is not None:
            context.remove_listener("page", sized)

    def close(self) -> None:
        for context, _ in self._profiles.values():
            context.close()


@pytest.fixture(scope="session")
def warm_profiles(browser, site_url):
    profiles = WarmProfiles(browser, site_url)
    yield profiles
    profiles.close()


@pytest.fixture(params=[chromium.PHONE], ids=["phone"])
def viewport(request):
    """The phone size; a test about sizes is marked ``@BOTH_SIZES`` and also runs at the desktop's."""
    return request.param


@pytest.fixture
def app(warm_profiles, viewport):
    """A warm profile at the test's viewport, storage cleared, watched; yields (context, watch).

    Not for tests that route requests, add init scripts, go offline for good, or are about
    a first visit: those take ``fresh_app``.
    """
    context, watch = warm_profiles.lend(viewport)
    yield context, watch
    warm_profiles.give_back(context, watch)


@pytest.fixture
def fresh_app(browser, site_url, viewport):
    """A new, empty browser profile at the test's viewport, watched; yields (context, watch)."""
    context = browser.new_context(viewport=viewport, base_url=site_url)
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()


@pytest.fixture
def no_worker_app(browser, site_url, viewport):
    """As :func:`fresh_app`, with service workers blocked: for a test of what a first visit's page does
    as it starts, which the worker does not touch. The worker's install fetches and stores the whole
    site beside the page (snapshot included), a fifth of such a test's time on this machine; the tests
    of the worker and of return visits use ``fresh_app``. Yields (context, watch)."""
    context = browser.new_context(viewport=viewport, base_url=site_url, service_workers="block")
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()


@pytest.fixture
def thumb(browser, site_url):
    """A phone with a touch screen (``pointer: coarse``, 390x844): a new profile, watched; yields
    (context, watch). Tap with ``locator.tap()``, as a thumb does."""
    context = browser.new_context(viewport=chromium.PHONE, has_touch=True, is_mobile=True, base_url=site_url)
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()
