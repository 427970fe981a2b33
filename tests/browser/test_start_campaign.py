"""The start page's device library in the browser, at the phone's size: the fights
kept and the saved adventurers listed, a party made, a week passing, the backup exported and
imported into another browser, the same items there."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from playwright.sync_api import expect

import builder.install
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import ScriptedDice
from pyengine.library.kinds import record_key
from pyengine.pages.start_library import DeviceLibrary
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.browser.audit import SHOTS, serious_findings
from tests.browser.conftest import QUIET_PAGE, READY, READY_TIMEOUT_MS, open_ready, store_items

GOLDEN = Path(__file__).parents[1] / "golden" / "adventurer-format-2.json"
PREPARED = 'body[data-prepared="1"]'
#: Every record the device keeps (a kept paint, strike-rank.paint/…, is the device's own and in no backup).
ALL_ITEMS = ("() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('strike-rank/')).sort()"
             ".map(k => [k, localStorage.getItem(k)]))")


def record(name: str) -> str:
    data = json.loads(GOLDEN.read_text())
    data["name"] = name
    return json.dumps(data)


def seeded() -> dict[str, str]:
    """Two format-2 adventurers and a fight kept on the device (as fight mode keeps one)."""
    store = MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik"), CHARACTER_PREFIX + "bbb": record("Vasana")})
    ticks, ids = itertools.count(), itertools.count()
    lib = DeviceLibrary(store, now=lambda: f"2026-11-30T20:{next(ticks):02d}:00.000Z",
                        new_id=lambda: f"f{next(ids)}", dice=ScriptedDice([1] * 20))
    lib.use_tables(load_tables(), hit_locations())
    store.put(record_key("party", "tmp"), json.dumps({"format": 1, "name": "Broo hunters", "members": ["aaa"]}))
    lib.on_party_click({"party": "tmp", "do": "fight"}, {})
    for key in [k for k in store.keys() if "/party/" in k or k.endswith("history/party/tmp")]:
        store.remove(key)
    return {k: store.get(k) for k in store.keys() if "party" not in k}


def small_targets(page) -> list:
    """The controls in view less than 44 px tall (as the layouts test counts them)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('button, input:not([type=checkbox]):not([type=radio]), select, summary, label:has(> input[type=checkbox]), label:has(> input[type=radio])')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)"""
    )


def open_prepared(context):
    page = open_ready(context)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def test_fights_party_a_week_and_a_backup_that_imports_the_same(app, warm_profiles, viewport):
    # Intent: the evening's records on the start page: what is kept is listed, a party is made
    # and a week passes for it (saved), and the backup file brings the same items to another browser.
    context, watch = app
    store_items(context, seeded())
    page = open_ready(context)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#saved-list")).to_contain_text("Rurik")
    expect(page.locator("#saved-list")).to_contain_text("Vasana")
    expect(page.locator("#fights-list")).to_contain_text("Broo hunters's fight")
    expect(page.locator("#fights-list")).to_contain_text("Broo hunters: Rurik")
    expect(page.locator("#device-out")).to_contain_text("MB of about 5 MB used")

    page.click("#party-box summary")
    page.fill("#party-name", "The ford")
    page.check("#party-pick-aaa")
    page.check("#party-pick-bbb")
    page.click("#party-make")
    party = page.locator("#party-list article.party")
    expect(party).to_contain_text("The ford")
    expect(party.locator("li.member")).to_have_count(2)
    expect(party.locator("li.member").first).to_contain_text("hit points, wounded, able to fight", timeout=READY_TIMEOUT_MS)
    before = json.loads(page.evaluate("localStorage.getItem('strike-rank/character/aaa')"))
    party.get_by_role("button", name="A week passes").click()
    expect(party).to_contain_text("A week passes:")
    after = json.loads(page.evaluate("localStorage.getItem('strike-rank/character/aaa')"))
    assert after["current"]["wounds"]["damage_taken"] < before["current"]["wounds"]["damage_taken"]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert small_targets(page) == []
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []
    page.screenshot(path=str(SHOTS / "index-campaign-390x844.png"), full_page=True)

    # two taps from the start page: the party's card, "Start a fight with the party"
    party.get_by_role("button", name="Start a fight with the party").click()
    page.wait_for_url("**/combat.html#fight")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fc-list")).to_contain_text("Rurik", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fc-list")).to_contain_text("Vasana")
    page.goto("index.html")
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fights-list")).to_contain_text("The ford's fight")
    with page.expect_download() as download:
        page.click("#backup-export")
    assert download.value.suggested_filename.startswith("strike-rank-backup-")
    backup = Path(download.value.path())
    kept = page.evaluate(ALL_ITEMS)
    watch.assert_clean()

    other, other_watch = warm_profiles.lend(viewport, "another device")
    try:
        fresh = open_prepared(other)
        assert fresh.evaluate(ALL_ITEMS) == {}
        fresh.set_input_files("#backup-file", str(backup))
        expect(fresh.locator("#backup-out")).to_contain_text("Imported")
        assert fresh.evaluate(ALL_ITEMS) == kept
        expect(fresh.locator("#party-list")).to_contain_text("The ford")
        expect(fresh.locator("#fights-list")).to_contain_text("Broo hunters's fight")
        other_watch.assert_clean()
    finally:
        warm_profiles.give_back(other, other_watch)


def test_a_party_ends_its_scenario_beside_a_week_passing(app):
    # Intent: "At the end of the scenario ... there's a chance he'll learn something": the party's
    # card ends the scenario; each member's marks are rolled once, shown with the working, and
    # cleared (RQ-134).
    context, watch = app
    marked = (GOLDEN.parent / "adventurer-format-3.json").read_text(encoding="utf-8").strip()
    store_items(context, {CHARACTER_PREFIX + "aaa": marked, CHARACTER_PREFIX + "bbb": record("Vasana"),
                          "strike-rank/party/p1": json.dumps({"format": 1, "name": "The ford",
                                                             "members": ["aaa", "bbb"]})})
    page = open_ready(context)
    page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
    party = page.locator("#party-list article.party")
    expect(party.locator("li.member").first).to_contain_text("hit points, wounded, able to fight", timeout=READY_TIMEOUT_MS)
    party.get_by_role("button", name="End the scenario").click()
    expect(party).to_contain_text("The scenario ends:")
    expect(party).to_contain_text("3 experience checks rolled")
    after = json.loads(page.evaluate("localStorage.getItem('strike-rank/character/aaa')"))
    assert "marks" not in after["current"] and after["adventures"] == 1
    watch.assert_clean()


FILL = """leave => {
    // the largest filler the origin's storage takes, less `leave` characters: a browser nearly full
    const key = "another-app/filler";
    let low = 0, high = 6 * 1024 * 1024;
    while (high - low > 1024) {
        const mid = Math.floor((low + high) / 2);
        try { localStorage.setItem(key, "x".repeat(mid)); low = mid; } catch (e) { high = mid; }
    }
    localStorage.setItem(key, "x".repeat(Math.max(0, low - leave)));
}"""


def backup_text(pairs) -> str:
    """A backup file as a person may have it: ``pairs`` in order, a key as often as it is given."""
    items = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in pairs)
    return f'{{"format": 1, "kind": "backup", "app": "0.4.0", "made": "2025-03-01T23:10:00.000Z",\n "items": {{\n{items}\n }}\n}}'


def test_a_backup_with_a_key_twice_and_more_than_fits_is_said_plainly(app, tmp_path):
    # Intent (issue 33, item 6): the plan names the adventurer the file gives twice and says
    # which copy is taken; a time the file does not give is said so, never "?"; records that
    # do not fit are counted, and their list is in a fold the reader opens.
    context, watch = app
    store_items(context, {CHARACTER_PREFIX + "aaa": record("Rurik")})
    quiet = next(p for p in context.pages if p.url.endswith("/" + QUIET_PAGE))
    quiet.evaluate(FILL, 40_000)
    pairs = [(CHARACTER_PREFIX + "aaa", record("Rurik the Red")), (CHARACTER_PREFIX + "bbb", record("Vasana")),
             (CHARACTER_PREFIX + "bbb", record("Vasana the Bold"))]
    pairs += [(CHARACTER_PREFIX + f"c{n:03d}", record(f"Adventurer {n}")) for n in range(100)]
    path = tmp_path / "strike-rank-backup-2025-03-01.json"
    path.write_text(backup_text(pairs), encoding="utf-8")
    try:
        page = open_ready(context)
        page.wait_for_selector(PREPARED, state="attached", timeout=READY_TIMEOUT_MS)
        page.set_input_files("#backup-file", str(path))
        plan = page.locator("#backup-plan")
        expect(plan).to_contain_text("adventurer Vasana the Bold (bbb) is in the file twice: the last copy is taken",
                                     timeout=READY_TIMEOUT_MS)
        expect(plan).to_contain_text("1 named twice")
        expect(plan).to_contain_text("in the file: when is not recorded (the file was made 2025-03-01 23:10)")
        assert "?" not in plan.inner_text()
        page.click("#backup-apply")
        out = page.locator("#backup-out")
        expect(out).to_contain_text("records did not fit in this browser's storage:", timeout=READY_TIMEOUT_MS)
        expect(out).to_contain_text("is in the file twice")
        assert out.locator("p").count() < 6  # a summary, not a paragraph each
        fold = out.locator("details.listed")
        expect(fold).to_have_count(1)
        expect(fold.locator("li").first).to_be_hidden()
        marker = page.evaluate("() => getComputedStyle(document.querySelector('#backup-out details.listed summary'), "
                               "'::before').content")
        assert "\u25b8" in marker
        fold.locator("summary").click()
        expect(fold.locator("li").first).to_be_visible()
        expect(fold).to_contain_text("adventurer Adventurer")
        assert fold.locator("li").count() <= 51
        expect(fold.locator("li.more")).to_contain_text("more")
        assert small_targets(page) == []
        watch.assert_clean()
    finally:
        quiet.evaluate("localStorage.removeItem('another-app/filler')")
