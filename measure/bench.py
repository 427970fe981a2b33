"""Start-up benchmark: every page against a bare PyScript + Pyodide page, in the same run.

The bare page is made from the same vendored files: it loads msgspec, marks "ready"
and does nothing else. Each subject is loaded ``cold_loads`` times cold (each in a fresh
browser profile; the median counts), then ``warm_loads`` times in the first of those
persistent profiles (HTTP cache and, for our pages, the service worker warm). Subjects
take turns, load by load, so a change in the machine's load hits them all alike. Time to ready is the ``ready`` performance mark,
from navigation start. Ratios are subject / bare, so the machine's speed cancels out.

Bytes on the wire are what Chromium reports each response moved (``Network.loadingFinished``'s
``encodedDataLength``, through ``measure.phone.Wire``: the page and its service worker), before
ready and in all; the site is served as static hosts serve it (``--encodings``: brotli, then
gzip, from the build's precompressed files). ``--phone`` runs the same under a phone's network
and CPU (``measure/phone.py``). Both print the start-up targets, each with its figure.

Run it with ``python3 build.py bench`` (``--json`` for one JSON object).
"""

from __future__ import annotations

import json
import statistics
import tempfile
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path

from playwright.sync_api import sync_playwright

from measure import phone
from tools import chromium
from tools.serve import ENCODINGS, is_precompressed_sibling, precompressed_size, serving, site_size

READY_TIMEOUT_MS = 120_000
#: The golden 3-against-3 fight (tests/golden/), the fight every measured round starts from.
GOLDEN_FIGHT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "fight-3v3.link"

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head><body>
<script type="py" config="./bare.json">
import msgspec
from pyscript import document, window
document.body.dataset.ready = "1"
window.performance.mark("ready")
</script>
</body></html>
"""


def measures(page, name: str) -> list[float]:
    return [float(d) for d in page.evaluate(f"performance.getEntriesByName({name!r}, 'measure').map(e => e.duration)")]


def shrapnel_actions(page) -> dict[str, float]:
    """Reads 12 criticals through the form; the page measures resolve + render itself."""
    for i, (severity, roll, area) in enumerate([("C", 50, "chest"), ("E", 100, "head"), ("A", 1, "legs")] * 4):
        page.click(f"label[for=shr-sev-{severity}]")
        page.fill("#shr-roll", str(roll + i % 3 if roll < 98 else roll))
        page.click(f'input[name=covered][value="{area}"]')
        page.click("#shr-resolve")
        page.wait_for_function(f"() => performance.getEntriesByName('resolve + render', 'measure').length >= {i + 1}")
    return {
        "resolve + render (ms, median of 12)": statistics.median(measures(page, "resolve + render")),
        "table decode (ms)": measures(page, "table decode")[0],
    }


def sheet_actions(page) -> dict[str, float]:
    """Types a character, rolls a background, adds four weapons: each change derives the full sheet."""
    for key, value in zip(("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"), (12, 12, 17, 13, 18, 11, 10), strict=True):
        page.fill(f"#sheet-{key}", str(value))
    page.click("#sheet-roll-bg")
    for weapon in ("broadsword", "dagger", "short_spear_1h", "self_bow"):
        if page.locator(f'#sheet-weapon option[value="{weapon}"]').count():
            page.select_option("#sheet-weapon", weapon)
            page.click("#sheet-add-weapon")
    for value in range(10, 18):
        page.fill("#sheet-STR", str(value))
    times = measures(page, "derive + render")
    derive = measures(page, "derive")
    return {
        f"derive a full sheet (ms, median of {len(derive)})": statistics.median(derive),
        f"derive + render a full sheet (ms, median of {len(times)})": statistics.median(times),
        "table decode, 16 RuneQuest tables (ms)": measures(page, "table decode")[0],
    }


def combat_actions(page) -> dict[str, float]:
    """Works out the exact odds of one exchange 12 times through the form; the page measures it."""
    page.select_option("#att-weapon", "short_spear_1h")
    page.fill("#att-bonus", "+1D6")
    page.select_option("#def-parry", "medium_shield")
    for i in range(12):
        page.click("#cx-odds")
        page.wait_for_function(f"() => performance.getEntriesByName('odds', 'measure').length >= {i + 1}")
    out = {"exact odds of one exchange (ms, median of 12)": statistics.median(measures(page, "odds"))}
    out.update(fight_actions(page, page.url.split("#")[0]))
    out.update(long_fight_replay(page))
    return out


#: The golden fight of twelve over 30 rounds (it replays in the page in under 50 ms).
LONG_FIGHT = GOLDEN_FIGHT.parent / "fight-12x30.link"


def long_fight_replay(page, runs: int = 7) -> dict[str, float]:
    """The 12-combatant, 30-round golden fight read from its link and replayed by the page's Python."""
    link = LONG_FIGHT.read_text(encoding="utf-8").strip()
    timings = page.evaluate(
        """([link, runs]) => globalThis.strikeRankPyodide.runPython(`
import time
import app.combat as combat
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.log import read_any, replay
tables = melee_tables(combat.tables, combat.locations)
def once():
    start = time.perf_counter()
    replay(read_any(${JSON.stringify(link)}), tables)
    return (time.perf_counter() - start) * 1000
[once() for _ in range(${runs})]
`).toJs()""", [link, runs])
    return {f"replay the 12-combatant, 30-round fight from its link (ms, median of {runs}; bar < 50)": statistics.median(timings)}


def fight_link() -> str:
    """The golden 3-against-3 fight after one round in which every blow missed: all six fighters
    state again, so the next round is a round of six."""
    from pyengine.cli.tables import hit_locations as default_locations
    from pyengine.cli.tables import load_tables
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.log import FightLog, add_round, read_any, to_link
    from pyengine.runequest.melee.model import start
    from pyengine.runequest.melee.round import resolve_round

    class Misses:
        """96 on every D100 (a miss, and no fumble at 25% or more), 1 on anything else."""

        def roll(self, sides: int) -> int:
            return 96 if sides == 100 else 1

    golden = read_any(GOLDEN_FIGHT.read_text(encoding="utf-8"))
    intents = golden.rounds[0].intents
    log = FightLog(fight=golden.fight, rules=golden.rules)
    result = resolve_round(log.fight, start(log.fight), intents, dice=Misses(),
                           tables=melee_tables(load_tables(), default_locations()), rules=log.rules)
    return to_link(add_round(log, result, intents))


def fight_actions(page, url: str, rounds: int = 8) -> dict[str, float]:
    """Opens a fight of six and resolves its next round with the app's dice, ``rounds`` times over."""
    link = fight_link()
    times: list[float] = []
    drawn: list[float] = []
    in_page: list[float] = []
    for _ in range(rounds):
        page.goto("about:blank")
        page.goto(f"{url}#{link}")
        ready_ms(page)
        page.wait_for_selector("#fd-roll:not([disabled])", timeout=READY_TIMEOUT_MS)
        page.click("#fd-roll")
        page.wait_for_function("() => performance.getEntriesByName('fight round in the page', 'measure').length >= 1")
        times.append(measures(page, "fight round")[0])
        drawn.append(measures(page, "fight round + draw")[0])
        in_page.append(measures(page, "fight round in the page")[0])
    return {
        f"one round of six combatants (ms, median of {rounds})": statistics.median(times),
        f"the same, with the log, state and link drawn (ms, median of {rounds})": statistics.median(drawn),
        f"the same, the table view and all written into the page (ms, median of {rounds}; target 20)":
            statistics.median(in_page),
    }


def cpython_round_ms(runs: int = 20) -> float:
    """The same round of six in CPython."""
    import time

    from pyengine.cli.tables import hit_locations as default_locations
    from pyengine.cli.tables import load_tables
    from pyengine.dice import RandomDice
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.defaults import next_intents
    from pyengine.runequest.melee.log import read_any, replay
    from pyengine.runequest.melee.round import resolve_round

    mt = melee_tables(load_tables(), default_locations())
    log = read_any(fight_link())
    state = replay(log, mt).state
    intents = next_intents(log.fight, state, log.rounds[-1].intents)
    assert len(intents) == 6
    times = []
    for seed in range(runs):
        start = time.perf_counter()
        resolve_round(log.fight, state, intents, dice=RandomDice(seed), tables=mt)
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def cpython_odds_ms(runs: int = 20) -> float:
    """The same exact odds in CPython (target: under 50 ms)."""
    import time

    from pyengine.cli.tables import combat_tables, load_tables
    from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry
    from pyengine.runequest.combat.odds import exchange_odds

    tables = load_tables()
    attack = quick_attack(tables, "short_spear_1h", "50", "+1D6")
    defence = quick_defence(tables, "12", "0", "0", quick_parry(tables, "medium_shield", "40"))
    against = combat_tables()
    exchange_odds(attack, defence, **against)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        exchange_odds(attack, defence, **against)
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


#: The scale case's bars: the start page listing it, after Python is up, against the
#: bare page's ready; write-back of a fight of six and a week passing for a party of six, in ms.
SCALE_LISTED_BAR = 0.10
SCALE_ACTION_BAR_MS = 20.0
WRITE_BACK = "write-back of a 6-combatant fight, plan + confirm (ms, median of {n})"
A_WEEK = "a week passes for a party of 6 (ms, median of {n})"


def scale_actions(fought: dict[str, str], wounded: dict[str, str], party: str, runs: int = 9):
    """The scale case's actions, in the start page's warm profile (each run on the scale case's
    storage as it was): a fight of six saved adventurers written back (fight mode: "Write the
    results to the sheets", then "Confirm"), and a week passing for their party, wounded by it
    (the start page). The page measures each (web/app/fight.py, web/app/index.py). Nine runs:
    one tap's time on this machine varies by half from one page load to the next."""

    def act(page) -> dict[str, float]:
        site = page.url.rsplit("/", 1)[0] + "/"
        plans, confirms, weeks = [], [], []
        for _ in range(runs):
            fill_storage(page, site + "combat.html", fought)
            page.goto(site + "combat.html#fight")
            ready_ms(page)
            page.wait_for_selector("#fw-plan:not([disabled])", timeout=READY_TIMEOUT_MS)
            page.click("#fw-plan")
            page.wait_for_selector("#fw-confirm", timeout=READY_TIMEOUT_MS)
            page.click("#fw-confirm")
            page.wait_for_selector("#fw-undo", timeout=READY_TIMEOUT_MS)
            plans.append(measures(page, "write-back fw-plan")[0])
            confirms.append(measures(page, "write-back fw-confirm")[0])
            fill_storage(page, site + "index.html", wounded)
            page.goto(site + "index.html")
            prepared_ms(page)
            page.click(f"#party-{party} button[data-do=week]")
            page.wait_for_function("() => performance.getEntriesByName('party week', 'measure').length > 0",
                                   timeout=READY_TIMEOUT_MS)
            weeks.append(measures(page, "party week")[0])
        both = [a + b for a, b in zip(plans, confirms, strict=True)]
        return {
            f"write-back of a 6-combatant fight: the plan (ms, median of {runs})": statistics.median(plans),
            f"write-back of a 6-combatant fight: confirm (ms, median of {runs})": statistics.median(confirms),
            WRITE_BACK.format(n=runs): statistics.median(both),
            A_WEEK.format(n=runs): statistics.median(weeks),
        }

    return act


def scale_case() -> dict:
    """The scale case's storage (measure/scale.py), a fight of six of its adventurers in fight mode,
    and that fight written back (a wounded party), each as ``localStorage`` items; with CPython's
    timings of the same actions and the backup file's size."""
    import time

    from measure.scale import party_fight, scale_store, written_back
    from pyengine import __version__
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.dice import RandomDice
    from pyengine.library.backup import export_backup
    from pyengine.library.parties import list_parties
    from pyengine.pages.fight import FightPage
    from pyengine.pages.index import StartPage
    from pyengine.pages.start_library import DeviceLibrary
    from pyengine.storage.store import MemoryStore

    store = scale_store()
    fought = party_fight(store)
    wounded = written_back(fought)
    party = list_parties(wounded).entries[0].ident
    tables, locations = load_tables(), hit_locations()
    now = "2025-03-01T23:00:00.000Z"

    def timed(setup, work, runs: int = 20) -> float:
        """``work(setup())``'s median time (the set-up not timed)."""
        times = []
        for _ in range(runs):
            made = setup()
            start = time.perf_counter()
            work(made)
            times.append((time.perf_counter() - start) * 1000)
        return round(statistics.median(times), 2)

    def listing(_) -> None:
        StartPage(store).open("")
        DeviceLibrary(store, now=lambda: now).open()

    def fight_page():
        page = FightPage(tables, locations, MemoryStore(dict(fought.items)), RandomDice(1), now=lambda: now)
        page.open({})
        return page

    def write_back(page) -> None:
        page.on_writeback_click({"id": "fw-plan"})
        page.on_writeback_click({"id": "fw-confirm"})

    def start_page():
        lib = DeviceLibrary(MemoryStore(dict(wounded.items)), now=lambda: now, dice=RandomDice(1))
        lib.use_tables(tables, locations)
        return lib

    def a_week(lib) -> None:
        lib.on_party_click({"party": party, "do": "week"}, {})

    _, backup = export_backup(store, now=now, app=__version__)
    return {
        "items": dict(store.items), "fought": dict(fought.items), "wounded": dict(wounded.items), "party": party,
        "cpython": {
            "scale case: the start page's listing, saved list and device library (ms, median of 20)": timed(lambda: None, listing),
            "scale case: write-back of a 6-combatant fight, plan + confirm, page controller (ms, median of 20)":
                timed(fight_page, write_back),
            "scale case: a week passes for a party of 6, page controller (ms, median of 20)": timed(start_page, a_week),
        },
        "backup_bytes": len(backup.encode("utf-8")),
        "storage_characters": sum(len(k) + len(v) for k, v in store.items.items()),
        "keys": len(store.items),
    }


def scale_report(results: list[Measure], base: Measure, case: dict) -> dict:
    """The scale case against its bars."""
    scale = next(m for m in results if m.subject == SCALE_SUBJECT)
    empty = next((m for m in results if m.subject == "index.html"), None)
    listed = statistics.median(scale.listed_warm)
    out = {
        "adventurers": 200, "versions each": 20, "templates": 30, "fights": 50, "rounds each": 20,
        "keys": case["keys"], "storage (characters)": case["storage_characters"],
        "backup file (bytes)": case["backup_bytes"],
        "start page listed after python up, warm (ms, median)": listed,
        "start page listed after python up, cold (ms, median)": statistics.median(scale.listed_cold),
        "the same on an empty device, warm (ms, median)": statistics.median(empty.listed_warm) if empty else None,
        "bare page ready, warm (ms, median)": base.warm_median_ms,
        "listed × bare ready (warm)": round(listed / base.warm_median_ms, 3),
        "listed × bare ready (cold)": round(statistics.median(scale.listed_cold) / base.cold_ms, 3),
        "listed bar (× bare ready)": SCALE_LISTED_BAR,
        "action bar (ms)": SCALE_ACTION_BAR_MS,
    }
    for name, value in scale.actions.items():
        out[name] = value
    return out


#: Page -> what to do on it once warm, returning named timings the page measured.
PAGE_ACTIONS = {"shrapnel.html": shrapnel_actions, "sheet.html": sheet_actions, "combat.html": combat_actions}


#: The bare page's interpreter module: Pyodide's own, keeping the object for the memory reading.
BARE_BOOT = """import { loadPyodide as start, version } from "./vendor/pyodide/pyodide.mjs";
export { version };
export async function loadPyodide(options) {
  const pyodide = await start({ ...options, indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
  globalThis.strikeRankPyodide = pyodide;
  return pyodide;
}
"""

MEMORY_JS = "globalThis.strikeRankPyodide ? globalThis.strikeRankPyodide._module.HEAPU8.length : 0"


@dataclass
class Measure:
    subject: str
    cold_samples: list[float]
    """Time to ready of each first visit, each in a fresh browser profile."""
    warm_ms: list[float]
    first_visit_bytes: int
    actions: dict[str, float]
    fcp_cold_ms: float
    fcp_warm_ms: list[float]
    memory_bytes: int
    """JS heap in use plus wasm memory, after the last warm start."""
    prepared_samples: list[float]
    """For each first visit, when everything the page's controls need had loaded (the
    ``prepared`` mark, just after ready: docs/startup.md); the bare page's ready."""
    listed_cold: list[float] = field(default_factory=list)
    """The start page: for each first visit, from ``python up`` to the ``listed`` mark (the saved
    adventurers, fights and parties drawn); other pages: none."""
    listed_warm: list[float] = field(default_factory=list)
    """The same, for each return visit."""
    bytes_before_ready: int | None = None
    """What the kept first visit moved on the wire before ready."""
    files: dict = field(default_factory=dict)
    """The kept first visit's bytes on the wire by file (``measure.phone.Wire.moved``)."""
    offline_samples: list[float] = field(default_factory=list)
    """Time to ready of each offline visit (after the return visits, the network cut)."""
    shown_samples: list[float] = field(default_factory=list)
    """A shared link's subject: for each first visit, when the replayed result was on screen."""
    starts: list[str] = field(default_factory=list)
    """How each timed first visit started Python (``snapshot``, ``normal``; the bare page: none)."""
    painted_warm: list[float] = field(default_factory=list)
    """For each return visit that showed the page as it was left before Python (``paint.js``'s
    ``painted`` mark): its first contentful paint, when that state is on the screen."""
    shown_warm: list[float] = field(default_factory=list)
    """A shared link's subject: for each return visit, when the replayed result was on screen."""
    crashes: int = 0
    """Visits made again because Chromium's renderer died under them."""

    @property
    def warm_median_ms(self) -> float:
        return statistics.median(self.warm_ms)

    @property
    def cold_ms(self) -> float:
        return statistics.median(self.cold_samples)

    @property
    def prepared_ms(self) -> float:
        return statistics.median(self.prepared_samples)


def bare_site(dist: Path, folder: Path) -> Path:
    """A site with only the bare page, sharing dist/'s vendored files."""
    (folder / "vendor").symlink_to(dist / "vendor", target_is_directory=True)
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    config = {"interpreter": "./bare-boot.mjs", "packages": ["msgspec"], "packages_cache": "passthrough"}
    (folder / "bare.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "bare-boot.mjs").write_text(BARE_BOOT, encoding="utf-8")
    return folder


#: A visit whose renderer crashed is made again, this many times at most. Under the phone profile's
#: CPU throttling, on two cores, Chromium's renderer died about once in 40 to 150 first visits, of
#: both builds compared (docs/startup.md, session 14): a bench of some 150 visits ended on it.
VISIT_REPEATS = 2


def repeat_if_crashed(visit, recover, repeats: int = VISIT_REPEATS) -> int:
    """Makes ``visit()``; when Chromium's renderer died under it (``tools.chromium.renderer_crashed``),
    calls ``recover()`` and makes it again, ``repeats`` times at most. Returns how many times it
    crashed; any other failure, or a crash past the repeats, is raised as it is."""
    crashed = 0
    while True:
        try:
            visit()
            return crashed
        except Exception as error:
            if crashed == repeats or not chromium.renderer_crashed(error):
                raise
            crashed += 1
            recover()


def ready_ms(page) -> float:
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("performance.getEntriesByName('ready')[0].startTime"))


def shown_ms(page) -> float:
    """A shared link's first visit: when the replayed result was first on screen (the mark
    ``measure.phone.SHOWN_SCRIPT`` sets), from navigation start."""
    page.wait_for_function("() => performance.getEntriesByName('result shown').length > 0", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("performance.getEntriesByName('result shown')[0].startTime"))


def prepared_ms(page) -> float:
    page.wait_for_selector('body[data-prepared="1"]', state="attached", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("performance.getEntriesByName('prepared')[0].startTime"))


def listed_ms(page) -> float:
    """The start page: from ``python up`` to ``listed`` (every saved adventurer, fight and party drawn)."""
    page.wait_for_function("() => performance.getEntriesByName('listed').length > 0", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("performance.getEntriesByName('listed')[0].startTime"
                               " - performance.getEntriesByName('python up')[0].startTime"))


def fill_storage(page, url: str, items: dict[str, str]) -> None:
    """The site's ``localStorage`` holding exactly ``items``, set from a page of the site that
    runs nothing (its stylesheet), before ``url`` is visited."""
    page.goto(url.rsplit("/", 1)[0] + "/style.css")
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)


def fcp_ms(page) -> float:
    entries = page.evaluate("performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)")
    return float(entries[0]) if entries else float("nan")


def memory_bytes(context, page) -> int:
    cdp = context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    cdp.detach()
    return int(heap) + int(page.evaluate(MEMORY_JS))


class Subject:
    """One page under test, with the persistent profile its warm loads share."""

    def __init__(self, p, name: str, url: str, *, has_sw: bool, profiles: Path, storage: dict[str, str] | None = None,
                 actions=None, profile: phone.Profile | None = None, shown: str | None = None, with_actions: bool = True) -> None:
        self.p, self.name, self.url, self.has_sw, self.profiles = p, name, url, has_sw, profiles
        self.profile = profile
        """The network and CPU every visit runs under (``None``: this machine's, unthrottled)."""
        self.shown = shown
        """A shared link's subject: the selector of the replayed result on screen."""
        self.shown_cold: list[float] = []
        self.shown_warm: list[float] = []
        self.painted_warm: list[float] = []
        self.starts: list[str] = []
        self.offline: list[float] = []
        self.wire: phone.Wire | None = None
        self.bytes_before_ready: int | None = None
        self.files: dict = {}
        self.storage = storage
        """What the device holds before the first visit (``localStorage``, by key), if anything."""
        self.actions = (actions or PAGE_ACTIONS.get(name)) if with_actions else None
        self.lists = has_sw and url.endswith("/index.html")
        """The start page: its ``listed`` mark is read too."""
        self.listed_cold: list[float] = []
        self.listed_warm: list[float] = []
        self.cold: list[float] = []
        self.prepared: list[float] = []
        self.warm: list[float] = []
        self.fcp_warm: list[float] = []
        self.fcp_cold = float("nan")
        self.moved = 0
        self.context = None
        self.page = None
        self._visited = None
        """The profile of the first visit being made."""
        self.crashes = 0
        """Visits made again because Chromium's renderer died under them (``repeat_if_crashed``)."""

    def first_visit(self, keep: bool, timed: bool = True) -> None:
        """A first visit in a fresh profile; a kept one (untimed) is the profile of the warm loads.
        A visit whose renderer crashed is made again in another fresh profile (``repeat_if_crashed``)."""
        self.crashes += repeat_if_crashed(lambda: self._first_visit(keep, timed), self._close_visited)

    def _close_visited(self) -> None:
        """Closes the profile of a first visit whose renderer crashed."""
        with suppress(Exception):  # the browser may have taken it down with the renderer
            self._visited.close()

    def _first_visit(self, keep: bool, timed: bool) -> None:
        folder = tempfile.mkdtemp(prefix="profile-", dir=self.profiles)
        context = self._visited = self.p.chromium.launch_persistent_context(
            folder, **chromium.launch_options(viewport=chromium.PHONE))
        if self.shown:
            context.add_init_script(phone.shown_script(self.shown))
        page = context.pages[0] if context.pages else context.new_page()
        if self.storage is not None:
            fill_storage(page, self.url, self.storage)
        wire = phone.Wire(context, page, self.profile)
        page.goto(self.url)
        ready = ready_ms(page)
        if timed:  # each figure read before any is kept: a crash between them keeps none
            start = page.evaluate("globalThis.strikeRankStart || 'unknown'") if self.has_sw else None
            shown = shown_ms(page) if self.shown else None
            listed = listed_ms(page) if self.lists else None
            prepared = prepared_ms(page) if self.has_sw else ready
            self.cold.append(ready)
            self.prepared.append(prepared)
            for kept, figure in ((self.starts, start), (self.shown_cold, shown), (self.listed_cold, listed)):
                if figure is not None:
                    kept.append(figure)
        if not keep:
            wire.detach()
            context.close()
            return
        self.fcp_cold = fcp_ms(page)
        if self.has_sw:
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
        page.wait_for_load_state("networkidle")
        moved = wire.moved(self.url, ready)
        wire.reset()
        wire.throttle_cpu(False)  # until its next timed visit (phone.Wire.throttle_cpu)
        self.moved, self.bytes_before_ready, self.files = moved["all"], moved["before_ready"], moved["files"]
        self.context, self.page, self.wire = context, page, wire

    def return_visit(self) -> None:
        self.crashes += repeat_if_crashed(self._return_visit, self._new_page)

    def _return_visit(self) -> None:
        self.page.goto("about:blank")
        with self.wire.throttled():
            self.page.goto(self.url)
            ready, fcp = ready_ms(self.page), fcp_ms(self.page)
            painted = None
            if self.page.evaluate("performance.getEntriesByName('painted').length > 0"):
                painted = max(fcp, float(self.page.evaluate("performance.getEntriesByName('painted')[0].startTime")))
            shown = shown_ms(self.page) if self.shown else None
            listed = listed_ms(self.page) if self.lists else None
        self.warm.append(ready)
        self.fcp_warm.append(fcp)
        for kept, figure in ((self.painted_warm, painted), (self.shown_warm, shown), (self.listed_warm, listed)):
            if figure is not None:
                kept.append(figure)

    def offline_visit(self) -> None:
        """A return visit with the network cut (the page and its service worker offline)."""
        self.crashes += repeat_if_crashed(self._offline_visit, self._new_page)

    def _offline_visit(self) -> None:
        self.page.goto("about:blank")
        with self.wire.cut_off(), self.wire.throttled():
            self.page.goto(self.url)
            ready = ready_ms(self.page)
        self.offline.append(ready)

    def _new_page(self) -> None:
        """A new page in the kept profile, in place of one whose renderer crashed."""
        self.wire.detach()
        with suppress(Exception):
            self.page.close()
        self.page = self.context.new_page()
        self.wire = phone.Wire(self.context, self.page, self.profile)
        self.wire.throttle_cpu(False)

    def finish(self) -> Measure:
        memory = memory_bytes(self.context, self.page)
        actions = {k: round(v, 2) for k, v in self.actions(self.page).items()} if self.actions else {}
        self.context.close()
        return Measure(
            self.name, [round(c, 1) for c in self.cold], [round(w, 1) for w in self.warm], self.moved, actions,
            round(self.fcp_cold, 1), [round(f, 1) for f in self.fcp_warm], memory,
            [round(c, 1) for c in self.prepared], [round(c, 1) for c in self.listed_cold],
            [round(w, 1) for w in self.listed_warm], self.bytes_before_ready, self.files,
            [round(o, 1) for o in self.offline], [round(s, 1) for s in self.shown_cold], self.starts,
            [round(w, 1) for w in self.painted_warm], [round(w, 1) for w in self.shown_warm], self.crashes,
        )


def measure_all(p, subjects: list[tuple], warm_loads: int, cold_loads: int, offline_loads: int = 0, **common) -> list[Measure]:
    """Round-robin over the subjects, so a change in the machine's load hits them all alike:
    ``cold_loads`` first visits each (a fresh profile every time), then ``warm_loads`` rounds of
    return visits in the profile of each subject's first visit.

    Every timed first visit has the machine to itself: the browsers kept for the return
    visits are opened only after the last of them (they went on compiling WebAssembly in
    the background and slowed the first visits of the subjects measured after them).
    ``offline_loads`` rounds of offline visits follow, for the subjects with a service worker;
    ``common`` goes to every ``Subject`` (the profile)."""
    with tempfile.TemporaryDirectory(prefix="bench-profiles-") as profiles:
        runs = [Subject(p, name, url, has_sw=has_sw, profiles=Path(profiles), **common, **more)
                for name, url, has_sw, *extra in subjects for more in (extra[0] if extra else {},)]
        for _ in range(cold_loads):
            for run in runs:
                run.first_visit(keep=False)
        for run in runs:
            run.first_visit(keep=True, timed=False)
        for _ in range(warm_loads):
            for run in runs:
                run.return_visit()
        for _ in range(offline_loads):
            for run in runs:
                if run.has_sw:
                    run.offline_visit()
        return [run.finish() for run in runs]


def own_bytes(dist: Path, encodings: tuple[str, ...] = tuple(ENCODINGS)) -> dict[str, int]:
    """Our own bytes by kind: the code and data a page loads (engine wheel, tables, glue,
    CSS, our JS) and, apart, the pre-rendered pages; the vendored stack and snapshot not counted.
    The files as they are, the precompressed siblings not counted (they are the same files);
    ``code_and_data_on_the_wire``: the same files as a client gets them when the site is served
    with ``encodings`` (each file's first copy among them, or the file itself: the server's choice)."""
    sizes = {"code_and_data": 0, "pages": 0, "other": 0, "code_and_data_on_the_wire": 0}
    for path in dist.rglob("*"):
        rel = path.relative_to(dist)
        if not path.is_file() or rel.parts[0] == "vendor" or is_precompressed_sibling(path):
            continue
        if path.suffix == ".html":
            sizes["pages"] += path.stat().st_size
        elif path.suffix in {".whl", ".msgpack", ".css", ".js", ".mjs", ".json"}:
            sizes["code_and_data"] += path.stat().st_size
            served = next((s for s in (path.with_name(path.name + ENCODINGS[c]) for c in ENCODINGS if c in encodings)
                           if s.is_file()), path)
            sizes["code_and_data_on_the_wire"] += served.stat().st_size
        else:
            sizes["other"] += path.stat().st_size
    return sizes


#: The start page on a device holding the scale case.
SCALE_SUBJECT = "index.html, scale case"


def run(dist: Path, pages: list[str], warm_loads: int, cold_loads: int = 7, *, encodings: tuple[str, ...] = tuple(ENCODINGS),
        profile: phone.Profile | None = None, offline_loads: int = 0, links: bool = False, scale: bool = True,
        actions: bool = True) -> dict:
    """Measures the bare page and ``pages`` (and the shared links, the scale case), every
    subject served with ``encodings`` and run under ``profile``."""
    case = scale_case() if scale else None
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as bare_dir:
        bare = bare_site(dist, Path(bare_dir))
        with serving(bare, encodings=encodings) as bare_url, serving(dist, encodings=encodings) as site_url, \
                sync_playwright() as p:
            subjects: list[tuple] = [("bare PyScript + Pyodide", bare_url + "index.html", False)]
            subjects += [(page, site_url + page, True) for page in pages]
            if links:
                for name, (page, link, selector) in phone.LINK_SUBJECTS.items():
                    subjects.append((name, f"{site_url}{page}#{link()}", True, {"shown": selector}))
            if case:
                subjects.append((SCALE_SUBJECT, site_url + "index.html", True, {
                    "storage": case["items"], "actions": scale_actions(case["fought"], case["wounded"], case["party"])}))
            results = measure_all(p, subjects, warm_loads, cold_loads, offline_loads, profile=profile, with_actions=actions)
    base = results[0]
    files, size = site_size(dist)
    rows = []
    for m in results:
        rows.append({
            **asdict(m),
            "cold_ms": m.cold_ms,
            "warm_median_ms": m.warm_median_ms,
            "warm_ratio": round(m.warm_median_ms / base.warm_median_ms, 3),
            "cold_ratio": round(m.cold_ms / base.cold_ms, 3),
            "prepared_ms": m.prepared_ms,
            "prepared_ratio": round(m.prepared_ms / base.cold_ms, 3),
            "fcp_warm_median_ms": statistics.median(m.fcp_warm_ms),
            "fcp_ratio": round(statistics.median(m.fcp_warm_ms) / base.warm_median_ms, 3),
            "memory_ratio": round(m.memory_bytes / base.memory_bytes, 3),
            "offline_ms": statistics.median(m.offline_samples) if m.offline_samples else None,
            "offline_ratio": round(statistics.median(m.offline_samples) / base.warm_median_ms, 3) if m.offline_samples else None,
            "shown_ms": statistics.median(m.shown_samples) if m.shown_samples else None,
            "shown_ratio": round(statistics.median(m.shown_samples) / base.cold_ms, 3) if m.shown_samples else None,
            "painted_ms": statistics.median(m.painted_warm) if m.painted_warm else None,
            "painted_ratio": round(statistics.median(m.painted_warm) / base.warm_median_ms, 3) if m.painted_warm else None,
            "painted_visits": f"{len(m.painted_warm)} of {len(m.warm_ms)}",
            "shown_warm_ms": statistics.median(m.shown_warm) if m.shown_warm else None,
            "shown_warm_ratio": round(statistics.median(m.shown_warm) / base.warm_median_ms, 3) if m.shown_warm else None,
        })
    report = {
        "warm_loads": warm_loads,
        "cold_loads": cold_loads,
        "offline_loads": offline_loads,
        "encodings": list(encodings),
        "profile": asdict(profile) if profile else None,
        "subjects": rows,
        "dist_files": files,
        "dist_bytes": size,
        "precompressed_bytes": precompressed_size(dist),
        "own_bytes": own_bytes(dist, encodings),
        "chromium": chromium.executable(),
    }
    if case:
        report["cpython"] = {
            "combat exact odds (ms, median of 20)": cpython_odds_ms(),
            "one round of six combatants (ms, median of 20)": cpython_round_ms(),
            **case["cpython"],
        }
        report["scale"] = scale_report(results, base, case)
    return report


def table(report: dict) -> str:
    profile = report.get("profile")
    lines = [
        f"Link: {profile['name']} (the browser told {profile['down_bits'] / 1e6:g} Mbit/s, no added round trip; "
        "measure.phone.LOOPBACK)." if profile else "Link: this machine over loopback.",
        "",
        f"| page | cold ready, median of {report['cold_loads']} (ms) | warm ready, median of {report['warm_loads']} (ms) | warm × bare | cold × bare "
        "| cold, controls loaded × bare | FCP warm (ms) | FCP × bare ready | memory (MB) | memory × bare "
        "| first visit moved before ready (bytes) | first visit moved (bytes) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in report["subjects"]:
        lines.append(
            f"| {row['subject']} | {row['cold_ms']:.0f} | {row['warm_median_ms']:.0f} | {row['warm_ratio']:.2f} | "
            f"{row['cold_ratio']:.2f} | {row['prepared_ratio']:.2f} | {row['fcp_warm_median_ms']:.0f} | {row['fcp_ratio']:.2f} | "
            f"{row['memory_bytes'] / 1e6:.1f} | {row['memory_ratio']:.2f} | "
            f"{'–' if row['bytes_before_ready'] is None else format(row['bytes_before_ready'], ',')} | {row['first_visit_bytes']:,} |"
        )
    lines.append("")
    lines.append(phone.starts_line(report))
    lines.append(phone.crashes_line(report))
    for row in report["subjects"]:
        for name, value in row["actions"].items():
            lines.append(f"{row['subject']}: {name}: {value}")
    for name, value in report.get("cpython", {}).items():
        lines.append(f"CPython: {name}: {value}")
    scale = report.get("scale")
    if scale:
        ratio, bar = scale["listed × bare ready (warm)"], scale["listed bar (× bare ready)"]
        lines.append(
            f"Scale case ({scale['adventurers']} adventurers × {scale['versions each']} versions, {scale['templates']} templates, "
            f"{scale['fights']} fights × {scale['rounds each']} rounds; {scale['keys']} keys, "
            f"{scale['storage (characters)']:,} characters stored; backup file {scale['backup file (bytes)']:,} bytes):")
        lines.append(
            f"  start page listed after Python up: {scale['start page listed after python up, warm (ms, median)']:.0f} ms warm "
            f"(empty device {scale['the same on an empty device, warm (ms, median)'] or float('nan'):.0f} ms), "
            f"{scale['start page listed after python up, cold (ms, median)']:.0f} ms cold; "
            f"× bare ready {ratio:.3f} warm, {scale['listed × bare ready (cold)']:.3f} cold "
            f"(bar ≤ {bar:.2f}: {'met' if ratio <= bar else 'MISSED'})")
        for name, value in scale.items():
            if name.startswith(("write-back of a 6-combatant fight, plan + confirm", "a week passes")):
                met = "met" if value < scale["action bar (ms)"] else "MISSED"
                lines.append(f"  {name}: {value:.1f} (bar < {scale['action bar (ms)']:.0f} ms: {met})")
    own = report["own_bytes"]
    packed = report.get("precompressed_bytes", {})
    lines.append(f"dist/: {report['dist_files']} files, {report['dist_bytes']:,} bytes (served with "
                 f"{', '.join(report.get('encodings', [])) or 'no compression'}; precompressed copies beside them, not counted: "
                 f"{packed.get('br', 0):,} bytes brotli, {packed.get('gzip', 0):,} gzip); our own bytes: "
                 f"{own['code_and_data']:,} code and data (wheel, tables, glue, CSS, JS; "
                 f"{own['code_and_data_on_the_wire']:,} on the wire as served), "
                 f"{own['pages']:,} pre-rendered pages, {own['other']:,} other (icons, manifest)")
    per_file = phone.per_file_table(report)
    if per_file:
        lines += ["", per_file]
    lines += ["", "Issue 19's targets (unthrottled; `--phone` for the phone profile's):"]
    lines += ["  " + t["line"] for t in report.get("targets", [])]
    return "\n".join(lines)


def main(dist: Path, pages: list[str], versions: dict[str, str], *, as_json: bool, warm_loads: int, cold_loads: int = 7,
         encodings: tuple[str, ...] = tuple(ENCODINGS)) -> int:
    """Runs the benchmark on the built site ``dist`` (its ``pages``); ``versions`` are printed with the report.
    The link is this machine's loopback, and the browser is told how fast it is (``phone.LOOPBACK``)."""
    report = run(dist, pages, warm_loads, cold_loads, encodings=encodings, profile=phone.LOOPBACK)
    report["pins"] = versions
    report["targets"] = phone.targets(report, phone=False)
    print(json.dumps(report, indent=1) if as_json else table(report))
    return 0


def main_phone(dist: Path, pages: list[str], versions: dict[str, str], *, as_json: bool, warm_loads: int,
         cold_loads: int = phone.COLD_LOADS, encodings: tuple[str, ...] = ("br", "gzip")) -> int:
    """``build.py bench --phone``: every page, the bare page and the shared links under ``phone.PHONE``."""
    global READY_TIMEOUT_MS
    # A phone's first visit takes 4-5× a plain one: 20-45 s on this machine, more under load.
    # As many offline visits as return visits: of 3, one slow visit made a page's median.
    READY_TIMEOUT_MS = max(READY_TIMEOUT_MS, phone.PHONE_READY_TIMEOUT_MS)
    report = run(dist, pages, warm_loads, cold_loads, encodings=encodings, profile=phone.PHONE,
                 offline_loads=warm_loads, links=True, scale=False, actions=False)
    report["pins"] = versions
    report["targets"] = phone.targets(report, phone=True)
    print(json.dumps(report, indent=1) if as_json else phone.table(report))
    return 0
