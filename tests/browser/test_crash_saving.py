"""Saving that survives a crash, in Chromium itself: a large backup is imported into a device
that already keeps records, and the browser process is killed (SIGKILL, not closed) before,
during and right after the import; the same profile, relaunched, keeps every record saved
before exactly as it was, holds the import wholly or not at all, and the page says what did
not finish.

"During" is made exact by a hook on the page's ``localStorage``: after the N-th write of the
import every further write is refused and nothing more reaches the storage, as if the tab had
died there; the test then waits until Chromium has committed what it was given to disk (it
commits lazily, about five seconds after a change here: a kill sooner loses the change, which
is "absent", allowed) and kills the browser. It knows the commit happened by a mark: a key
outside the app's, written after the import's last write, found in the profile's storage files
(Chromium commits a page's changes in the order made, all that are waiting at once).
``pyengine.library.journal`` is what makes the difference: without it the relaunched profile
holds half a backup.
"""

from __future__ import annotations

import json
import os
import signal
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from pyengine.library.backup import export_backup
from tests.browser.conftest import READY, READY_TIMEOUT_MS
from tools import chromium

#: How long Chromium takes to commit localStorage to disk, with room (measured: 5 s kept, 4 s lost):
#: the longest wait for the mark to reach the disk before the test goes on as if it had.
COMMITTED_S = 7.0
#: The mark's key: not the app's (``ITEMS`` and the app read only ``strike-rank/`` keys).
MARK = "crash-test/mark"

#: The hook: after ``n`` writes of records to localStorage, none more (setItem refused, removeItem a no-op).
FREEZE_AFTER = """n => {
    const set = Storage.prototype.setItem, remove = Storage.prototype.removeItem;
    let count = 0;
    const stopped = (storage, key) => {
        if (storage !== window.localStorage) return false;
        if (n !== null && count >= n) { document.body.dataset.crashPoint = String(count); return true; }
        if (String(key).startsWith('strike-rank/')) count += 1;  // a record's write (a kept paint is none)
        return false;
    };
    Storage.prototype.setItem = function (key, value) {
        if (stopped(this, key)) throw new DOMException('the tab stopped here', 'AbortError');
        return set.call(this, key, value);
    };
    Storage.prototype.removeItem = function (key) {
        if (stopped(this, key)) return;
        return remove.call(this, key);
    };
    window.crashWrites = () => count;
    window.crashMark = (key, value) => set.call(window.localStorage, key, value);
}"""

ITEMS = "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('strike-rank/')).map(k => [k, localStorage.getItem(k)]))"


def saved_before() -> dict[str, str]:
    """What the device keeps before the import: three adventurers with earlier versions, a party."""
    from measure.scale import NAMES
    from pyengine.library.parties import make_party, save_party
    from pyengine.library.versions import save
    from pyengine.storage.store import MemoryStore

    store = MemoryStore()
    ids = ["feedface0001", "feedface0002", "feedface0003"]
    for n, ident in enumerate(ids):
        for v in range(4):
            record = {"format": 2, "name": NAMES[n], "characteristics": {"STR": 12, "CON": 12, "SIZ": 13, "INT": 13,
                      "POW": 11, "DEX": 10 + v, "CHA": 10}, "notes": f"version {v}"}
            save(store, "character", ident, json.dumps(record), when=f"2025-02-0{v + 1}T20:00:00.000Z", why=f"edit {v}")
    save_party(store, make_party("The ford", ids), when="2025-02-05T20:00:00.000Z", new_id=lambda: "feedface0100")
    return dict(store.items)


def backup_file() -> str:
    """A large backup of another device: adventurers with ten versions each, templates, fights."""
    from measure.scale import scale_store

    store = scale_store(adventurers=20, versions=10, templates=6, fights=6, rounds=8, parties=2)
    return export_backup(store, now="2025-03-01T23:10:00.000Z", app="0.2.0")[1]


def browser_pid(profile) -> int:
    """The browser's own process (not a renderer) of the profile."""
    flag = f"--user-data-dir={profile}".encode()
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if flag in args and not any(a.startswith(b"--type=") for a in args):
            return int(pid)
    raise AssertionError(f"no browser process for {profile}")


class Device:
    """One browser profile on disk, launched, killed and relaunched."""

    def __init__(self, playwright, profile, site_url) -> None:
        self.playwright, self.profile, self.site_url = playwright, profile, site_url
        self.context = None

    def launch(self):
        self.context = self.playwright.chromium.launch_persistent_context(
            str(self.profile), **chromium.launch_options(), viewport=chromium.PHONE, base_url=self.site_url + "/")
        return self.context

    def start_page(self):
        """The start page, ready. A renderer that crashes as the relaunched browser starts (seen
        once in about twenty relaunches on this loaded machine, twice in a row once with the
        suite's three workers) is given another page, twice at most."""
        for attempt in (1, 2, 3):
            page = self.context.new_page()
            try:
                page.goto("index.html")
                page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
                page.wait_for_selector('body[data-prepared="1"]', state="attached", timeout=READY_TIMEOUT_MS)
                return page
            except PlaywrightError as exc:
                if attempt == 3 or not chromium.renderer_crashed(exc):
                    raise
                page.close()
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.context.close()  # a clean close: Chromium commits localStorage first
        self.context = None

    def kill(self) -> None:
        os.kill(browser_pid(self.profile), signal.SIGKILL)
        try:
            self.context.close()
        except Exception:  # the browser is gone: Playwright only has to notice
            pass
        self.context = None


SEED = """items => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('strike-rank/')) localStorage.removeItem(k);
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
}"""


def seed(device: Device, items: dict[str, str]) -> None:
    """The profile holds exactly ``items`` (of the app), on disk."""
    device.launch()
    page = device.start_page()
    seed_page(device, page, items)
    device.close()


def seed_page(device: Device, page, items: dict[str, str]) -> None:
    """The page's storage made to hold exactly ``items`` (of the app), and that on disk before it
    returns. A clean close is not enough: writes the renderer has not handed to the browser
    process yet when it shuts down are lost, and a commit made between two of them leaves the
    profile half seeded (seen once in a CI run: the next kill point found records missing)."""
    page.evaluate(SEED, items)
    assert wait_until_on_disk(device, page) is not None, "the seeded records did not reach the disk"


def import_file(page, path) -> None:
    page.set_input_files("#backup-file", str(path))
    expect(page.locator("#backup-apply")).to_be_visible(timeout=READY_TIMEOUT_MS)
    page.click("#backup-apply")


@pytest.fixture(scope="module")
def case(playwright, site_url, tmp_path_factory):
    folder = tmp_path_factory.mktemp("crash")
    path = folder / "strike-rank-backup-2025-03-01.json"
    text = backup_file()
    path.write_text(text, encoding="utf-8")
    before = saved_before()
    device = Device(playwright, folder / "profile", site_url)
    seed(device, before)
    device.launch()
    page = device.start_page()
    page.evaluate(FREEZE_AFTER, None)  # counting only
    import_file(page, path)
    expect(page.locator("#backup-out")).to_contain_text("Imported", timeout=READY_TIMEOUT_MS)
    writes = page.evaluate("window.crashWrites()")
    after = page.evaluate(ITEMS)
    seed_page(device, page, before)  # what each kill point starts from
    device.close()
    return {"device": device, "path": path, "before": before, "after": after, "writes": writes, "text": text}


def storage_files(profile: Path) -> Iterator[bytes]:
    """What each of the profile's localStorage files holds now. Only that folder is listed: a walk
    of the whole profile fails when Chromium removes a folder under it meanwhile (blob_storage)."""
    try:
        names = list((profile / "Default" / "Local Storage" / "leveldb").iterdir())
    except OSError:  # not made yet
        return
    for name in names:
        try:
            yield name.read_bytes()
        except OSError:  # a file leveldb has just let go
            continue


def wait_until_on_disk(device: Device, page, longest: float = COMMITTED_S) -> float | None:
    """Writes the mark (after every write the page made) and waits until Chromium has committed
    it to the profile's storage files, so all before it too; at most ``longest`` seconds.
    Returns the seconds it took (None: not seen in time)."""
    token = uuid.uuid4().hex
    page.evaluate("([key, value]) => (window.crashMark || ((k, v) => localStorage.setItem(k, v)))(key, value)",
                  [MARK, token])
    needles = (token.encode("ascii"), token.encode("utf-16-le"))
    start = time.monotonic()
    while time.monotonic() < start + longest:
        for data in storage_files(device.profile):
            if any(needle in data for needle in needles):
                return round(time.monotonic() - start, 1)
        time.sleep(0.1)
    return None


def relaunched(device: Device, then_seed: dict[str, str] | None = None):
    """The profile relaunched: what the start page shows and what the device keeps; then, if
    given, the profile is made to hold exactly ``then_seed``, on disk, as :func:`seed` does (in
    the same launch: a launch and a page start fewer for each kill point)."""
    device.launch()
    page = device.start_page()
    note = page.locator("#save-recovered")
    said = note.text_content() if note.is_visible() else ""
    items = page.evaluate(ITEMS)
    if then_seed is not None and items != then_seed:
        seed_page(device, page, then_seed)
    # else nothing to write: should the page's taking back not reach the disk before the close,
    # the journal is still there, and the next start takes it back again
    device.close()
    return said, items


def difference(items: dict[str, str], before: dict[str, str], after: dict[str, str]) -> str:
    """How ``items`` differ from the records before and from the import, key by key (for a failure)."""
    def against(other: dict[str, str]) -> str:
        extra = sorted(set(items) - set(other))
        missing = sorted(set(other) - set(items))
        changed = sorted(k for k in set(items) & set(other) if items[k] != other[k])
        return f"{len(extra)} more {extra[:4]}, {len(missing)} fewer {missing[:4]}, {len(changed)} changed {changed[:4]}"
    return f"against before: {against(before)}; against the import: {against(after)}"


def test_the_import_is_large_and_what_it_adds_is_all_or_nothing_at_every_kill_point(case):
    device, before, after, writes = case["device"], case["before"], case["after"], case["writes"]
    assert len(case["text"]) > 100_000 and writes > 50
    assert set(before) < set(after) and all(after[k] == v for k, v in before.items())
    # (kill point, writes before the tab stops (None: it does not), wait until the import is done,
    # wait until what the page wrote is on disk before the kill)
    points = [("before: at the click", None, False, False),
              ("during: the journal only", 1, False, True),
              ("during: half-way", writes // 2, False, True),
              ("during: all but the journal's removal", writes - 1, False, True),
              ("right after, not yet on disk", None, True, False), ("right after, on disk", None, True, True)]
    seen, waited = [], []
    for n, (point, stop_after, done, wait) in enumerate(points):
        # The profile holds exactly the records before, on disk: the case left it so, and so
        # does each point's relaunch below for the next one.
        device.launch()
        page = device.start_page()
        page.evaluate(FREEZE_AFTER, stop_after)
        import_file(page, case["path"])
        if done:
            expect(page.locator("#backup-out")).to_contain_text("Imported", timeout=READY_TIMEOUT_MS)
        elif stop_after:
            page.wait_for_selector("body[data-crash-point]", state="attached", timeout=READY_TIMEOUT_MS)
        waited.append(wait_until_on_disk(device, page) if wait else 0.0)
        device.kill()
        said, items = relaunched(device, then_seed=before if n + 1 < len(points) else None)
        seen.append((point, "after" if items == after else "before" if items == before else "half", said))
        assert items in (before, after), (f"{point}: the relaunched device holds neither the records before nor the "
                                          f"import: {difference(items, before, after)}; so far {seen[:-1]}")
        taken_back = said.startswith("A save did not finish when this browser last stopped (importing a backup file") \
            and "it was taken back" in said
        if stop_after and wait:  # the journal reached the disk: the page takes it back and says so
            assert items == before and taken_back, (point, said)
        elif not wait and said:  # Chromium committed while the import went on (a loaded machine): taken back
            assert items == before and taken_back, (point, said)
        else:
            assert said == "", point
    assert seen[-1][1] == "after", seen  # a finished import, committed, survives the kill
    print("kill points:", seen, "seconds until on disk:", waited, "writes:", writes, "characters:", len(case["text"]), "items:", len(after) - len(before))
