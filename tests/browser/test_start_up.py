"""Start-up: a first visit starts Python normally; a return visit restores it from the
memory snapshot the service worker keeps; a damaged snapshot falls back to a normal start."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

import builder.app_files
import builder.base
import builder.pages
import builder.snapshot
from tests.browser.conftest import BOTH_SIZES, READY, READY_TIMEOUT_MS, Watch, open_ready, tell_link, wait_offline_ready
from tests.browser.flows import add, add_spear, resolve, type_adventurer

#: Everything the page's controls need is loaded (dom.Preparation; docs/startup.md).
PREPARED = 'body[data-prepared="1"]'


def roll_works(page) -> None:
    page.fill("#dice-expr", "1D6+1")
    page.fill("#dice-typed", "4")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_text("5")


#: A link the boot module finds too slow for the snapshot on a first visit (it wants 7 Mbit/s).
SLOW_LINK_MBITS = 4


def open_on_a_slow_link(context, path: str = "index.html"):
    """As ``open_ready``, on a link too slow for the snapshot: Python started normally."""
    page = context.new_page()
    tell_link(page, SLOW_LINK_MBITS)
    page.goto(path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def first_visit(context):
    """A first visit on a slow link (Python started normally), left once the service worker holds the site."""
    page = open_on_a_slow_link(context)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
    return page


def test_a_return_visit_restores_python_from_the_snapshot_also_offline_with_new_dice_each_time(fresh_app):
    # Intent: visit 1 starts normally (nothing extra fetched first); visit 2 restores
    # Python from the snapshot the service worker cached, and the engine works. The snapshot
    # is memory as it was made, random generators included; each restore reseeds, so two
    # return visits never roll the same dice (the app's, and the random module's own
    # generator, which the snapshot holds already imported).
    context, watch = fresh_app
    page = first_visit(context)
    assert page.evaluate("globalThis.strikeRankStart") == "normal"
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    # Read from the service worker's cache by the page itself: no request for it (through the worker,
    # its 31 MB held up Pyodide's WebAssembly behind it).
    assert not page.evaluate("performance.getEntriesByType('resource').some((r) => /snapshot-/.test(r.name))")
    rolls = [restored_rolls(page)]
    roll_works(page)
    # Our modules came compiled in the snapshot, and the page unpacked each as the mark of that code
    # (builder.snapshot.write_restored_wheel): a traceback names the repository's file and line still.
    used, unpacked, line = page.evaluate(
        """() => globalThis.strikeRankPyodide.runPython(`
import sys, app.dom, app.start
[sorted(sys.modules["strike_rank_baked"].USED), open(app.start.__file__, "rb").read().decode(),
 app.start.start_page.__code__.co_firstlineno]
`).toJs()"""
    )
    assert {"app.index", "app.dom", "pyengine.dice", "pyscript"} <= set(used)
    with zipfile.ZipFile(next((builder.base.DIST / "pkg").glob("*.whl"))) as wheel:
        assert wheel.read("app/start.py") != unpacked.encode()
    code = next((builder.base.DIST / "vendor").glob("snapshot-*.bin")).stem.rpartition("-")[2]
    assert unpacked.encode() == builder.snapshot.baked_mark(code)
    source = (Path(__file__).parents[2] / "web" / "app" / "start.py").read_text(encoding="utf-8")
    assert source.splitlines()[line - 1].startswith("async def start_page(setup, later=None)")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    rolls.append(restored_rolls(page))
    assert rolls[0][0] != rolls[1][0], rolls
    assert rolls[0][1] != rolls[1][1], rolls
    roll_works(page)
    watch.assert_clean()


def restored_rolls(page) -> tuple[str, float]:
    """The app's first roll after a restore, and the random module's first number."""
    module_random = page.evaluate("() => globalThis.strikeRankPyodide.runPython('import random\\nrandom.random()')")
    return app_roll(page), module_random


@pytest.mark.parametrize("mbits, start", [(80, "snapshot"), (SLOW_LINK_MBITS, "normal")])
def test_a_first_visit_on_a_fast_connection_starts_from_the_snapshot(fresh_app, mbits, start):
    # Intent: on a connection the browser estimates fast (navigator.connection, here
    # told), a first visit downloads the snapshot and restores Python from it, faster than
    # starting Pyodide on a phone's CPU; on a slower one (and where the browser gives no
    # estimate, as on this loopback: 1.5 Mbit/s) it starts normally, fetching nothing extra.
    context, watch = fresh_app
    page = context.new_page()
    tell_link(page, mbits)
    page.goto("index.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    # A first visit: no service worker served the page (asked of the navigation itself: by the
    # time the test asks, the worker registered at ready may have taken the page over already,
    # as it did once on a loaded machine)
    assert page.evaluate("performance.getEntriesByType('navigation')[0].workerStart") == 0
    assert page.evaluate("globalThis.strikeRankStart") == start
    snapshots = page.evaluate("performance.getEntriesByType('resource').filter((r) => r.name.includes('/snapshot-')).length")
    assert snapshots == (1 if start == "snapshot" else 0)
    roll_works(page)
    watch.assert_clean()


def test_a_first_visit_restored_from_the_snapshot_reads_its_standard_library_only_when_an_import_needs_it(no_worker_app):
    # Intent: a page restored from the snapshot reads the rest of its standard library, once prepared,
    # only from the service worker's copy; on a first visit no worker has one yet (here none ever will),
    # and the page moves no 0.7 MB for an import that may never come: the first import that needs it
    # reads it then (synchronously, online).
    context, watch = no_worker_app
    page = context.new_page()
    tell_link(page, 80)
    page.goto("index.html")
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    page.wait_for_timeout(500)
    read = "performance.getEntriesByType('resource').filter((r) => r.name.includes('python_stdlib_used')).length"
    assert page.evaluate(read) == 0
    filled, gzipped = page.evaluate("""() => globalThis.strikeRankPyodide.runPython(`
import gzip, strike_rank_stdlib as s
[list(s.FILLED_FOR), gzip.decompress(gzip.compress(b"3D6")).decode()]`).toJs()""")
    assert (filled, gzipped) == (["gzip"], "3D6")
    watch.assert_clean()


def first_visit_restored(context, *, slowed: str, seconds: float):
    """index.html's first visit on a fast link, the host answering for ``slowed`` ``seconds`` late;
    once ready, Python restored from the snapshot."""
    page = context.new_page()

    def slow(route) -> None:
        time.sleep(seconds)
        route.continue_()

    page.route(slowed, slow)
    tell_link(page, 80)
    page.goto("index.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    return page


def fetched(page, names: str) -> dict[str, list[float]]:
    """When each file whose URL matches ``names`` (a JS regex) was asked for and arrived, by file name
    (the snapshot's as ``snapshot``)."""
    return page.evaluate(
        """(names) => Object.fromEntries(performance.getEntriesByType('resource')
            .filter((r) => new RegExp(names).test(r.name))
            .map((r) => [r.name.includes('snapshot-') ? 'snapshot' : r.name.split('/').pop(), [r.startTime, r.responseEnd]]))""",
        names,
    )


def test_a_start_from_the_snapshot_asks_for_the_webassembly_while_the_snapshot_arrives(fresh_app):
    # Intent: Pyodide's WebAssembly and the standard library are asked for while the
    # snapshot is still coming, not queued behind it (about 0.1 s of a return visit's 0.6 s).
    # The host here takes a second to answer for the snapshot.
    context, watch = fresh_app
    page = first_visit_restored(context, slowed="**/snapshot-*", seconds=1.0)
    timing = fetched(page, r"snapshot-|pyodide\.asm\.wasm|python_stdlib_")
    # (a restored page loads the standard library with what the snapshot imported blanked)
    assert set(timing) == {"snapshot", "pyodide.asm.wasm", "python_stdlib_restored.zip"}, timing
    for name in ("pyodide.asm.wasm", "python_stdlib_restored.zip"):
        assert timing[name][0] < timing["snapshot"][1] - 500, timing
    roll_works(page)
    watch.assert_clean()


def hold_the_snapshot(cut_pages: int = 0) -> str:
    """An init script: the snapshot's bytes held back after its first 64 KiB until Pyodide has
    instantiated its WebAssembly (20 s at most), then the rest, less its last ``cut_pages`` pages of
    4 KiB; the page's own fetch, wrapped before any script runs."""
    return """
(() => {
  const fetched = globalThis.fetch;
  const instantiated = async () => {
    for (let waited = 0; waited < 20000; waited += 50) {
      if (performance.getEntriesByName('webassembly instantiated').length) return;
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  globalThis.fetch = async function (input, init) {
    const response = await fetched.apply(this, arguments);
    if (!String(input).includes('/snapshot-')) return response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(bytes.slice(0, 65536));
        await instantiated();
        performance.mark('snapshot released');
        controller.enqueue(bytes.slice(65536, bytes.length - 4096 * CUT));
        controller.close();
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
})();
""".replace("CUT", str(cut_pages))


def test_pyodide_instantiates_its_webassembly_while_the_snapshot_still_arrives(fresh_app):
    # Intent: the snapshot's first bytes say how large Python's heap is; Pyodide instantiates its
    # WebAssembly from them while the rest arrives, and the pages are put in place after. Waiting for
    # the last byte first put the instantiating after it: 0.4 s of a phone's first visit.
    context, watch = fresh_app
    page = context.new_page()
    page.add_init_script(hold_the_snapshot())
    tell_link(page, 80)
    page.goto("index.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    at = page.evaluate("(names) => names.map((name) => performance.getEntriesByName(name)[0].startTime)",
                       ["webassembly instantiated", "snapshot released", "python started"])
    assert at == sorted(at), at
    roll_works(page)
    watch.assert_clean()


def test_a_first_visit_asks_for_its_big_files_before_pyscript_asks_for_python(fresh_app):
    # Intent: the snapshot, Pyodide's WebAssembly and the standard library are most of a first
    # visit's bytes; the page asks for them from its head, not when PyScript, a chain of files
    # later, asks for Python (1.2 s of a phone's first visit on 4G). Here PyScript's code takes
    # a second and a half longer to come, and they are asked for all the same.
    context, watch = fresh_app
    page = first_visit_restored(context, slowed="**/vendor/pyscript/core-*.js", seconds=1.5)
    asked = page.evaluate("performance.getEntriesByName('pyscript asks for python')[0].startTime")
    started = {name: start for name, (start, _) in fetched(page, r"snapshot-|pyodide\.asm\.(wasm|mjs)|python_stdlib_").items()}
    assert set(started) == {"snapshot", "pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib_restored.zip"}, started
    for name, at in started.items():
        assert at < asked - 1000, (name, at, asked)
    roll_works(page)
    watch.assert_clean()


def test_a_snapshot_the_host_does_not_have_costs_only_a_normal_start(fresh_app):
    # Intent: a first visit on a fast connection asks for the snapshot; where the host answers
    # 404 the page starts Python normally, in the same page, and works.
    context, watch = fresh_app
    page = context.new_page()
    page.route("**/snapshot-*", lambda route: route.fulfill(status=404, body="not here"))
    tell_link(page, 80)
    page.goto("index.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "normal"
    roll_works(page)
    # Chromium reports the refused file itself; nothing else went wrong.
    assert all("404" in text for text in watch.console_errors), watch.console_errors
    watch.console_errors.clear()
    watch.assert_clean()


#: How the service worker's copy of the snapshot is damaged. Its first bytes tell a restore how the rest is
#: laid out: it is refused before Pyodide instantiates anything when they are wrong, or when the copy is
#: not as long as they say.
DAMAGED_SNAPSHOTS = ["not a snapshot", "a page outside the heap", "cut short after its header"]


def test_a_damaged_snapshot_falls_back_to_a_normal_start(fresh_app):
    # Intent: a snapshot that does not restore (damaged in the cache, or from another
    # Pyodide) costs nothing but the time: the page starts Python normally and works.
    # Each damage is made to the copy as it was kept (one visit for all: each is a first visit's time).
    context, watch = fresh_app
    page = first_visit(context)
    for damage in DAMAGED_SNAPSHOTS:
        page.evaluate(
            """async (damage) => {
                const url = new URL(JSON.parse((await (await fetch('./pyodide-boot.mjs')).text())
                    .match(/const SNAPSHOT_URL = (.*);/)[1]), location.href).href;
                const damaged = (bytes) => {
                    const view = new DataView(bytes.buffer), start = view.getUint32(4, true);
                    if (damage === "not a snapshot") return new Uint8Array([31, 139, 8, 0, 1, 2, 3]);
                    if (damage === "a page outside the heap") view.setUint32(start + 16, view.getUint32(start + 4, true) / 4096, true);
                    if (damage === "cut short after its header") return bytes.slice(0, bytes.length - 4096 * 100);
                    return bytes;
                };
                let found = 0;
                for (const name of await caches.keys()) {
                    const cache = await caches.open(name);
                    const kept = (await cache.match(url + '?as-kept')) || (await cache.match(url));
                    if (!kept) continue;
                    found += 1;
                    const bytes = new Uint8Array(await kept.arrayBuffer());
                    await cache.put(url + '?as-kept', new Response(bytes.slice()));
                    await cache.put(url, new Response(damaged(bytes)));
                }
                if (!found) throw new Error("no snapshot kept");
            }""",
            damage,
        )
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("globalThis.strikeRankStart") == "normal", damage
        # Our wheel as marks (fetched early, for the restore it expected) is for a restored Python only.
        assert page.evaluate("globalThis.strikeRankPrefetch.handed.every((url) => !url.includes('.restored.'))")
        assert page.evaluate("performance.getEntriesByType('resource').some((r) => /strike_rank-.*[.]whl$/.test(r.name))")
        roll_works(page)
    watch.assert_clean()


def test_a_snapshot_cut_short_on_the_wire_falls_back_to_a_normal_start(fresh_app):
    # Intent: a first visit reads the snapshot as it arrives, and Pyodide instantiates its WebAssembly
    # from its first bytes; a snapshot cut short is found out only as its last bytes come, after that.
    # The start it began is left, and Python starts normally.
    context, watch = fresh_app
    page = context.new_page()
    page.add_init_script(hold_the_snapshot(cut_pages=100))
    tell_link(page, 80)
    page.goto("index.html")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "normal"
    at = page.evaluate("(names) => names.map((name) => performance.getEntriesByName(name)[0].startTime)",
                       ["webassembly instantiated", "snapshot released", "python started"])
    assert at == sorted(at), at
    roll_works(page)
    watch.assert_clean()


@BOTH_SIZES  # nothing moves: a layout
def test_what_is_typed_before_python_is_up_is_kept_and_nothing_moves(fresh_app):
    # Intent: the pre-rendered form can be filled while Python starts (here held back by
    # a slow engine download); nothing jumps when Python arrives, and the typed values
    # are what the engine then uses.
    context, watch = fresh_app

    held = Held(context, "**/pkg/*")  # until the form has been filled
    page = context.new_page()
    page.goto("index.html", wait_until="domcontentloaded")
    page.fill("#dice-expr", "1D4+10")
    page.fill("#dice-typed", "3")
    assert page.evaluate("document.body.dataset.ready") is None  # still starting
    before = page.locator("#dice-form").bounding_box()
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator("#dice-form").bounding_box() == before
    expect(page.locator("#dice-expr")).to_have_value("1D4+10")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_text("13")
    watch.assert_clean()


class FirstVisit:
    """A page's first visit in a new, empty profile, watched and with every request it makes
    recorded from the start; what it prefetched is read as soon as it is prepared."""

    def __init__(self, browser, site_url: str, viewport: dict, page_file: str) -> None:
        self.context = browser.new_context(viewport=viewport, base_url=site_url)
        self.watch = Watch()
        self.watch.attach_context(self.context)
        self.requested: list[str] = []
        self.context.on("request", lambda request: self.requested.append(request.url))
        self.page = open_on_a_slow_link(self.context, page_file)  # nothing from the snapshot: every module imported as it runs
        self.start = self.page.evaluate("globalThis.strikeRankStart")
        self.page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
        self.prefetch = self.page.evaluate(
            """() => [strikeRankPrefetch.sent, strikeRankPrefetch.handed,
                      performance.getEntriesByType("resource").map((r) => r.name)
                        .filter((name) => name.includes("/tables/") || name.includes("/pkg/") || name.endsWith(".whl"))]"""
        )


@pytest.fixture(scope="module")
def first_visits(browser, site_url):
    """Each page's first visit, shared by the two tests that look at one: what it prefetched as it
    started, then the typical flow on it (which ends the visit). A page's first visit costs a
    normal start and the service worker's download of the whole site; one is enough for both."""
    visits: dict[str, FirstVisit] = {}

    def visit(page_file: str, viewport: dict, *, last: bool = False) -> FirstVisit:
        if page_file not in visits:
            visits[page_file] = FirstVisit(browser, site_url, viewport, page_file)
        return visits.pop(page_file) if last else visits[page_file]

    yield visit
    for left in visits.values():
        left.context.close()


@pytest.mark.parametrize("page_file", [page.file for page in builder.pages.PAGES], scope="module")  # each page's two tests together
def test_each_page_prefetches_exactly_the_tables_it_starts_with(first_visits, viewport, page_file):
    # Intent: while Pyodide starts, the boot module fetches our wheel and the tables the
    # page decodes as it starts (builder.pages.Page.tables), and the page takes them from there:
    # nothing it starts with is fetched late, nothing prefetched goes unused.
    visit = first_visits(page_file, viewport)
    sent, handed, fetched = visit.prefetch
    # Our wheel and the package Pyodide loads for PyScript (msgspec) too.
    assert [url.rsplit("/", 1)[1].split("-")[0] for url in sent if "/pkg/" in url or url.endswith(".whl")] == ["strike_rank", "msgspec"]
    assert sorted(set(handed)) == sorted(sent), page_file
    assert sorted(fetched) == sorted(sent), page_file  # each fetched once, and only those
    visit.watch.assert_clean()


class Held:
    """Holds back the responses to a URL pattern until released (the page's own fetch and the
    boot module's prefetch alike)."""

    def __init__(self, context, pattern: str) -> None:
        self.routes: list = []
        self.released = False
        context.route(pattern, self.hold)

    def hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()

    def wait_then_release(self, page) -> None:
        """Waits until the page has asked (its boot module asks as soon as it runs, so a
        fixed delay would race with what the test types meanwhile), then releases."""
        for _ in range(600):
            if self.routes:
                break
            page.wait_for_timeout(50)
        assert self.routes, "the page never asked for what is held back"
        self.release()


def shrapnel_click(page) -> None:
    page.click("label[for=shr-sev-C]")
    page.fill("#shr-roll", "50")
    page.click("#shr-resolve")


def combat_click(page) -> None:
    page.click("#cx-odds")


def sheet_click(page) -> None:
    page.click("#sheet-roll-chars")


EARLY_CLICKS = {
    # page, its tables, a control that needs them, what that control then shows
    "shrapnel.html": ("**/tables/shrapnel/*.msgpack", shrapnel_click, "#shr-result .shr-result"),
    "combat.html": ("**/tables/runequest/*.msgpack", combat_click, "#cx-odds-out .cx-odds-table"),
    "sheet.html": ("**/tables/runequest/*.msgpack", sheet_click, "#sheet-roll-note:not(:empty)"),
}


@pytest.mark.parametrize("page_file", sorted(EARLY_CLICKS))
def test_the_page_is_ready_before_its_tables_and_an_early_click_waits_for_them(no_worker_app, page_file):
    # Intent: the pre-rendered page's first view needs no tables, so it is ready (and its
    # buttons enabled) while they are still on their way; a control used then is not lost:
    # it is answered, by the engine, once they have arrived.
    context, watch = no_worker_app
    pattern, click, answer = EARLY_CLICKS[page_file]
    held = Held(context, pattern)
    page = open_ready(context, page_file)
    assert held.routes, "the tables were not asked for"
    click(page)
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.prepared") is None
    expect(page.locator(answer)).to_have_count(0)
    held.release()
    expect(page.locator(answer)).to_have_count(1)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    watch.assert_clean()


@pytest.mark.parametrize("page_file", sorted(EARLY_CLICKS))
def test_a_damaged_table_loaded_after_ready_is_explained(no_worker_app, page_file):
    # Intent: tables decoded after the page is ready are checked as strictly as before;
    # a damaged one is named in the status line, which shows again, and never "prepared".
    context, _ = no_worker_app
    pattern = EARLY_CLICKS[page_file][0]
    context.route(pattern, lambda route: route.fulfill(status=200, body=b"\xc1 not a table"))
    page = open_ready(context, page_file)
    status = page.locator("#engine-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("The rules engine could not load")
    expect(status).to_contain_text(".msgpack")
    assert page.evaluate("document.body.dataset.prepared") is None


def test_a_sheet_typed_before_python_is_up_is_derived_by_the_time_the_page_is_ready(no_worker_app):
    # Intent: the sheet leaves its tables for after ready only when there is nothing to
    # show; scores typed while Python starts count as something: the page is ready with
    # their sheet (the seed's CON 12 SIZ 17 POW 18: 15 hit points), no further input needed.
    context, watch = no_worker_app
    held = Held(context, "**/pkg/*")
    page = context.new_page()
    page.goto("sheet.html", wait_until="domcontentloaded")
    type_adventurer(page)
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.locator('#sheet-view [data-field="hit_points"]').text_content() == "15"
    watch.assert_clean()


def test_gear_typed_before_python_is_up_is_worked_out_by_the_time_the_page_is_ready(no_worker_app):
    # Intent: as on the sheet, the gear page leaves its engine for after ready only when
    # nothing was typed; a reach typed while Python starts is in the sheet line at ready.
    context, watch = no_worker_app
    held = Held(context, "**/pkg/*")
    page = context.new_page()
    page.goto("gear.html", wait_until="domcontentloaded")
    row = '#gear-sheet tr.gear-sheet-row[data-item="sword"] td.gear-col-rch'
    shown = page.locator(row).get_attribute("data-value")
    page.fill("#gear-char-reach", "5")
    held.wait_then_release(page)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert shown != "8"
    assert page.locator(row).get_attribute("data-value") == "8"
    watch.assert_clean()


def test_the_start_page_fetches_its_tables_early_when_a_party_is_saved(no_worker_app):
    # Intent: the start page decodes the RuneQuest tables only to show a party's hit points;
    # with a party saved, the boot module fetches them while Pyodide starts and the page takes
    # them from there (without one, the case above: nothing but the wheel).
    context, watch = no_worker_app
    page = open_ready(context, "index.html")
    page.evaluate("""() => localStorage.setItem('strike-rank/party/p1',
                        JSON.stringify({format: 1, name: 'The ford', members: []}))""")
    page.reload()
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    sent, handed = page.evaluate("() => [strikeRankPrefetch.sent, strikeRankPrefetch.handed]")
    tables = [url for url in sent if "/tables/" in url]
    from pyengine.runequest.tables.catalogue import TABLE_IDS

    assert len(tables) == len(TABLE_IDS) + 1  # and the hit locations
    # The tables and our wheel are taken from the early fetch. msgspec is left to the first-visit
    # test above: on this return visit, restored from the snapshot, its early fetch was once seen
    # unused (the page fetched it itself, as the boot module's fallback does; no harm but time).
    assert set(tables) | {url for url in sent if "/pkg/" in url} <= set(handed)
    expect(page.locator("#party-list")).to_contain_text("The ford")
    watch.assert_clean()


# ---------------------------------------------------------------- the trimmed standard library

#: The standard-library files a page has imported, by their path inside the zip they came
#: from, and which zip: the trimmed one or Pyodide's whole one (strike_rank_stdlib).
IMPORTED_STDLIB = """() => globalThis.strikeRankPyodide.runPython(`
import sys, strike_rank_stdlib as s
found = {}
for m in list(sys.modules.values()):
    origin = getattr(getattr(m, "__spec__", None), "origin", None) or ""
    for zip_path, kind in ((s.TRIMMED, "trimmed"), (s.FULL, "full")):
        if origin.startswith(zip_path + "/"):
            found[origin[len(zip_path) + 1:]] = kind
[found, list(s.FROM_FULL), s.FULL in sys.path]
`).toJs({dict_converter: Object.fromEntries})"""


def imported_stdlib(page) -> tuple[dict[str, str], list[str], bool]:
    found, from_full, full_loaded = page.evaluate(IMPORTED_STDLIB)
    return found, from_full, full_loaded


def index_flow(page) -> None:
    roll_works(page)
    page.fill("#dice-expr", "3D6")
    page.fill("#dice-typed", "")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_count(1)


def shrapnel_flow(page) -> None:
    shrapnel_click(page)
    expect(page.locator("#shr-result .shr-result")).to_have_count(1)


def combat_flow(page) -> None:
    page.click("#cx-odds")
    expect(page.locator("#cx-odds-out .cx-odds-table")).to_have_count(1)
    page.click("#cx-roll")
    expect(page.locator("#cx-result .cx-result")).to_have_count(1)
    page.goto("combat.html#fight")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fa-add")).to_be_enabled()
    add(page)
    page.click("#fd-roll")
    expect(page.locator("#fl-export")).to_be_enabled()


def sheet_flow(page) -> None:
    sheet_click(page)
    expect(page.locator("#sheet-roll-note")).not_to_be_empty()


def gear_flow(page) -> None:
    add_spear(page)
    resolve(page, "50", "11", "spear")
    expect(page.locator("#gear-block .gear-block-result")).to_have_count(1)


def player_flow(page) -> None:
    # A join code typed from its golden form (tests/golden/live-join-format-1.txt) is read: the page asks
    # the player's name. Making the answer needs a game master's phone (tests/browser/live/test_table.py).
    golden = (Path(__file__).parents[1] / "golden" / "live-join-format-1.txt").read_text(encoding="utf-8")
    typed = next(line.split(" | ")[2] for line in golden.splitlines() if " | typed | " in line)
    page.click("summary:has-text('Type the join code')")
    page.fill("#pl-code", typed)
    page.click("#pl-code-use")
    expect(page.locator("#pl-named")).to_be_visible()


TYPICAL_FLOWS = {"index.html": index_flow, "shrapnel.html": shrapnel_flow, "combat.html": combat_flow,
                 "sheet.html": sheet_flow, "gear.html": gear_flow, "player.html": player_flow}


def test_every_page_has_a_typical_flow_here():
    assert sorted(TYPICAL_FLOWS) == sorted(page.file for page in builder.pages.PAGES)


@pytest.mark.parametrize("page_file", sorted(TYPICAL_FLOWS), scope="module")
def test_a_typical_flow_imports_only_the_listed_standard_library(first_visits, viewport, page_file):
    # Intent: the trimmed standard library is the list web/stdlib-used.txt; a first visit
    # (nothing from the snapshot: every module imported as the page runs) through the page's
    # usual actions imports nothing else, so nothing needs Pyodide's whole zip. When this
    # fails, the list is stale: record it again (python -m builder.stdlib_record).
    from builder import stdlib

    visit = first_visits(page_file, viewport, last=True)
    page, watch, fetched = visit.page, visit.watch, visit.requested
    assert visit.start == "normal"
    TYPICAL_FLOWS[page_file](page)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    found, from_full, full_loaded = imported_stdlib(page)
    assert len(found) > 50
    assert sorted(set(found) - set(stdlib.read_used()) - {"strike_rank_stdlib.py"}) == [], "not in web/stdlib-used.txt"
    assert (from_full, full_loaded) == ([], False)
    # And every file the flow fetched is one the service worker pre-caches (builder.app_files.NOT_PRECACHED
    # leaves out what no page loads): offline, the same flow finds all of it.
    wait_offline_ready(page)
    site = page.evaluate("location.href").rsplit("/", 1)[0] + "/"
    precached = set(page.evaluate("""async () => (await (await caches.open((await caches.keys())[0])).keys())
        .map((r) => r.url)"""))
    files = {url.split("?")[0] for url in fetched if url.startswith(site) and not url.endswith("/sw.js")}
    assert files and sorted(files - precached) == []
    watch.assert_clean()
    visit.context.close()


def test_a_restored_page_reads_no_standard_library_before_it_is_prepared(fresh_app):
    # Intent: a page restored from the snapshot loads a standard library of zeros (but ipaddress:
    # builder.stdlib.write_restored): the snapshot holds what each page imports before it is ready and
    # prepared, links opened included. A page that imported more read the whole trimmed zip first,
    # synchronously (strike_rank_stdlib.TrimmedStdlibFiller: 0.7 MB on a first visit); the page's own
    # read once prepared (an ordinary fetch) may have filled it already.
    from measure.phone import golden_fight_link, golden_shrapnel_link

    context, watch = fresh_app
    page = first_visit(context)
    golden = (Path(__file__).parents[1] / "golden" / "live-join-format-1.txt").read_text(encoding="utf-8")
    join = next(line.split(" | ")[2] for line in golden.splitlines() if " | scanned | " in line)
    addresses = [page.file for page in builder.pages.PAGES]
    addresses += ["combat.html#" + golden_fight_link(), "shrapnel.html#" + golden_shrapnel_link(), "player.html#join=" + join]
    for address in addresses:
        page.goto(address)
        page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
        start, filled = page.evaluate("""() => [globalThis.strikeRankStart, globalThis.strikeRankPyodide.runPython(
            "import strike_rank_stdlib as s\\n[name for name in s.FILLED_FOR if name != s.PREPARED]").toJs()]""")
        assert (address, start, filled) == (address, "snapshot", [])
    expect(page.locator("#pl-named")).to_be_visible()  # the join code was read
    watch.assert_clean()


def test_a_module_the_trimmed_standard_library_leaves_out_still_imports_also_offline(fresh_app):
    # Intent: the trimmed zip is an optimisation, never a limit: a page importing a module
    # outside it gets it from Pyodide's whole zip (fetched once, synchronously, then on the
    # path); after a restore from the snapshot and offline too (from the browser's own cache: the
    # service worker does not see a synchronous request). A restored page offline has read the trimmed
    # zip in the place of its zeros once prepared, from the service worker.
    context, watch = fresh_app
    page = first_visit(context)
    # The whole zip is not pre-cached; the worker keeps it once a page it controls fetches it.
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=READY_TIMEOUT_MS)
    assert not page.evaluate("""async () => !!(await caches.match("vendor/pyodide/python_stdlib.zip"))""")
    missing = page.evaluate("""() => globalThis.strikeRankPyodide.runPython(`
import strike_rank_stdlib as s
[name in s.MISSING for name in ("xml.dom.minidom", "email.mime.text", "email", "json")]`).toJs()""")
    assert missing == [True, True, False, False]
    shown = page.evaluate("""() => globalThis.strikeRankPyodide.runPython(`
import xml.dom.minidom
xml.dom.minidom.parseString("<a><b>dice</b></a>").documentElement.firstChild.toxml()`)""")
    assert shown == "<b>dice</b>"
    found, from_full, full_loaded = imported_stdlib(page)
    # The first package the trimmed zip lacks came from the whole one, and its modules from its folder there.
    assert full_loaded and from_full[:1] in (["xml"], ["xml.dom"]) and found["xml/dom/minidom.py"] == "full"
    roll_works(page)  # and the page goes on working
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("globalThis.strikeRankStart") == "snapshot"
    page.wait_for_function("""() => globalThis.strikeRankPyodide.runPython(
        "import strike_rank_stdlib as s\\ns.FILLED_FOR == [s.PREPARED]")""", timeout=READY_TIMEOUT_MS)
    text = page.evaluate("""() => globalThis.strikeRankPyodide.runPython(`
import email.mime.text
email.mime.text.MIMEText("hit", "plain", "utf-8").get_content_type()`)""")
    assert text == "text/plain"
    found, from_full, full_loaded = imported_stdlib(page)
    # A package in the trimmed zip, its module outside: that module from the whole one.
    assert "email.mime" in from_full and found["email/mime/text.py"] == "full"
    assert found["email/__init__.py"] == "trimmed"
    # What it imports from the trimmed zip (email.charset...) was read from the trimmed zip itself.
    gzipped = page.evaluate("""() => globalThis.strikeRankPyodide.runPython(`
import gzip
gzip.decompress(gzip.compress(b"2D6")).decode()`)""")
    assert gzipped == "2D6"
    roll_works(page)
    watch.assert_clean()


# ---------------------------------------------------------------- the snapshot's dice


def app_roll(page) -> str:
    page.fill("#dice-expr", "10D100")
    page.fill("#dice-typed", "")
    page.click("#dice-roll")
    expect(page.locator("#dice-result .roll-total")).to_have_count(1)
    return page.locator("#dice-result").inner_text()
