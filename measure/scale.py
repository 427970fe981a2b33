"""The scale case, as a device's storage: 200 adventurers of 20 versions each,
30 opponent templates, 50 fights of 20 rounds (and a few parties), made from real records.

* adventurers: rolled with the app's own rules (characteristics, background, starting kit,
  weapons, armour bought and worn), then changed and saved again through the library 19
  times, as an evening of play does (money spent, notes, experience gained);
* fights: the golden 3-against-3 fight's combatants (tests/golden/fight-3v3.link), made
  tougher so the fight lasts, each fought for 20 rounds with its own dice, kept with the
  draft fight mode writes (the add form and everyone's next statement);
* templates: the quick stat block's fields as the fight page has them.

``scale_store()`` returns a :class:`~pyengine.storage.store.MemoryStore` (the bench and the
tests use it); ``python -m measure.scale`` prints what it measures (``--json`` for one object).

And the long evening (:func:`long_evening`): 300 rounds of six in fight mode and 500 sheet
edits in one page each, in Chromium, with memory and per-round times;
``python -m measure.scale --long-evening`` plays it on the built ``dist/`` (the browser test
``tests/browser/test_long_evening.py`` plays the same with its bars).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from pyengine import __version__
from pyengine.dice import RandomDice
from pyengine.library.backup import export_backup
from pyengine.library.fights import keep_fight, leave_fight, list_fights
from pyengine.library.parties import make_party, save_party
from pyengine.library.records import read_all
from pyengine.library.templates import list_templates, make_template, save_template
from pyengine.library.usage import storage_use
from pyengine.library.versions import save
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tools import chromium
from tools.serve import serving

GOLDEN_FIGHT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "fight-3v3.link"
NAMES = ("Rurik", "Vasana", "Yanioth", "Harrek", "Orlanth", "Kallyr", "Argrath", "Jar-eel", "Gunda", "Ernalda",
         "Vostor", "Sorala", "Dorasar", "Leika", "Berra", "Hofstaring", "Minaryth", "Gringle", "Arim", "Varanis")
SIDES = ("Sartar", "Chaos")


def _when(day: int, minute: int = 0) -> str:
    return f"2025-{1 + day // 28:02d}-{1 + day % 28:02d}T{19 + minute // 60 % 5:02d}:{minute % 60:02d}:00.000Z"


class Ids:
    """Ids as the glue makes them (12 hex digits), from a counter."""

    def __init__(self, start: int = 0) -> None:
        self.n = start

    def __call__(self) -> str:
        self.n += 1
        return f"{self.n:012x}"


def adventurer_versions(tables: Any, dice: RandomDice, name: str, versions: int) -> list[tuple[str, str]]:
    """One adventurer's texts, oldest first, each with why it was saved."""
    from pyengine.runequest.advancement.background import roll_background
    from pyengine.runequest.advancement.creation import apply_background, roll_new
    from pyengine.runequest.sheet.adventurer import dump_adventurer
    from pyengine.runequest.sheet.edits import add_weapon, wear
    from pyengine.runequest.sheet.equipment import buy

    adventurer, _ = roll_new(tables, dice, name)
    adventurer, _ = apply_background(adventurer, tables, roll_background(tables.background, dice))
    for weapon, hand in (("broadsword", "right"), ("medium_shield", "left"), ("dagger", "right")):
        adventurer = add_weapon(adventurer, weapon, hand)
    adventurer = msgspec.structs.replace(adventurer, money=max(adventurer.money, 400))
    for ref in ("open_helm", "hauberk_ring_mail"):
        try:
            adventurer = buy(adventurer, tables, ref).adventurer
            adventurer = wear(adventurer, len(adventurer.gear) - 1, True)
        except Exception:  # noqa: BLE001 - not enough money or not for sale: he goes without
            pass
    out = [(dump_adventurer(adventurer).decode(), "saved on the sheet")]
    for v in range(1, versions):
        weapons = list(adventurer.weapons)
        k = v % len(weapons)
        weapons[k] = msgspec.structs.replace(weapons[k], attack=min(200, weapons[k].attack + 5))
        adventurer = msgspec.structs.replace(
            adventurer, weapons=tuple(weapons), money=max(0, adventurer.money - dice.roll(20)),
            notes=(adventurer.notes + f"Session {v}: fought broos at the ford; found {dice.roll(6)} arrows.\n")[-2000:],
            adventures=adventurer.adventures + (v % 5 == 0),
        )
        why = ("edited on the sheet", f"written back from fight 'Broos at the ford {v}', round {v % 7 + 1}",
               "experience rolled")[v % 3]
        out.append((dump_adventurer(adventurer).decode(), why))
    return out


def fight_drafts(count: int, rounds: int, seed: int = 16) -> list[tuple[str, dict[str, list[str]], int]]:
    """``count`` fights of ``rounds`` rounds: (fight mode's draft text, sides, rounds)."""
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.inputs import draft_of
    from pyengine.runequest.melee.log import FightLog, add_round, read_any, to_link
    from pyengine.runequest.melee.model import start
    from pyengine.runequest.melee.round import resolve_round

    tables = load_tables()
    mt = melee_tables(tables, hit_locations())
    golden = read_any(GOLDEN_FIGHT.read_text(encoding="utf-8").strip()).fight
    tough = tuple(msgspec.structs.replace(c, hit_points=c.hit_points * 3,
                                          locations={k: v * 3 for k, v in c.locations.items()})
                  for c in golden.combatants)
    fight = msgspec.structs.replace(golden, combatants=tough)
    out = []
    for n in range(count):
        log, state, dice = FightLog(fight=fight), start(fight), RandomDice(seed + n)
        intents: tuple = ()
        for _ in range(rounds):
            intents = _statements(fight, state)
            result = resolve_round(fight, state, intents, dice=dice, tables=mt)
            log, state = add_round(log, result, intents), result.state
        sides: dict[str, list[str]] = {}
        for c in fight.combatants:
            sides.setdefault(c.side, []).append(c.name)
        draft = {
            "add": {"fa-name": "Broo", "fa-side": "Chaos", "fa-str": "14", "fa-con": "14", "fa-siz": "13",
                    "fa-dex": "9", "fa-hp": "15", "fa-armour": "2", "fa-source": ""},
            "declare": {i.who: draft_of(i, fight) for i in _statements(fight, state)},
            "applied": [],
            "link": to_link(log),
        }
        out.append((json.dumps(draft), sides, rounds))
    return out


def _statements(fight: Any, state: Any) -> tuple:
    """Everyone able strikes (or shoots at) a foe still up, and parries him."""
    from pyengine.runequest.melee.intent import Intent, ParryIntent, Ready, Shoot, Strike

    out = []
    for c in fight.combatants:
        body = state.bodies[c.name]
        foes = [f for f in fight.combatants if f.side != c.side and state.bodies[f.name].condition != "dead"]
        if body.condition in ("dead", "unconscious", "incapacitated") or not foes:
            continue
        arm = next((a for a in c.arms if a.attack is not None and a.name not in body.broken
                    and a.name not in body.gone), None)
        if arm is None or any(s.owner == c.name and s.weapon == arm.name for b in state.bodies.values()
                              for s in b.stuck_in):
            continue
        mates = [m.name for m in fight.combatants if m.side == c.side]
        foe = foes[mates.index(c.name) % len(foes)].name  # each side's n-th fights the n-th foe still up
        if arm.missile:
            actions: tuple = (Shoot(arm=arm.name, target=foe, distance=30),)
        elif arm.name in body.in_hand:
            actions = (Strike(arm=arm.name, target=foe),)
        else:
            actions = (Ready(arm=arm.name), Strike(arm=arm.name, target=foe))
        parries = tuple(ParryIntent(arm=a.name, against=foe) for a in c.arms if a.parry is not None
                        and a.name in body.in_hand and a.name not in body.broken and a is not arm)[:1]
        out.append(Intent(who=c.name, actions=actions, parries=parries))
    return tuple(out)


def template_fields(n: int) -> dict[str, str]:
    """The quick stat block's fields, as the fight page has them."""
    return {"fa-name": f"Broo {n}", "fa-side": "Chaos", "fa-str": str(10 + n % 8), "fa-con": "14", "fa-siz": "13",
            "fa-dex": str(8 + n % 6), "fa-hp": "15", "fa-armour": "2", "fa-defense": "5", "fa-bonus": "+1D4",
            "fa-move": "8", "fa-w1": "war_hammer", "fa-w1-attack": "45", "fa-w1-parry": "35", "fa-w2": "small_shield",
            "fa-w2-attack": "", "fa-w2-parry": "40", "fa-w3": "", "fa-w3-attack": "", "fa-w3-parry": ""}


def scale_store(adventurers: int = 200, versions: int = 20, templates: int = 30, fights: int = 50,
                rounds: int = 20, *, parties: int = 5, seed: int = 16) -> MemoryStore:
    """A device's storage holding the scale case, every record written through the library."""
    from pyengine.cli.tables import load_tables

    tables = load_tables()
    store, new_id, dice = MemoryStore(), Ids(), RandomDice(seed)
    members = []
    for a in range(adventurers):
        ident = new_id()
        members.append(ident)
        name = f"{NAMES[a % len(NAMES)]} {a // len(NAMES) + 1}" if adventurers > len(NAMES) else NAMES[a]
        for v, (text, why) in enumerate(adventurer_versions(tables, dice, name, versions)):
            save(store, "character", ident, text, when=_when(v, a), why=why)
    for t in range(templates):
        template = make_template(f"Broo {t + 1}" if t % 2 else f"Tusk rider {t + 1}", template_fields(t), 1 + t % 4)
        save_template(store, template, when=_when(t), new_id=new_id)
    for p in range(parties):
        save_party(store, make_party(f"Party {p + 1}", members[p * 6:(p + 1) * 6]), when=_when(p), new_id=new_id)
    for f, (draft, sides, played) in enumerate(fight_drafts(fights, rounds, seed)):
        store.put(FIGHT_DRAFT, draft)
        keep_fight(store, draft, sides=sides, rounds=played, now=_when(f, f), new_id=new_id,
                   name=f"Broos at the ford {f + 1}")
        leave_fight(store)
    return store


def party_fight(store: MemoryStore, rounds: int = 5, seed: int = 6) -> MemoryStore:
    """A copy of ``store`` with fight mode holding a fight of the first party's six, three
    against three, ``rounds`` rounds fought with the app's dice, as fight mode keeps it: the
    write-back case (and, written back, the wounded party for "a week passes")."""
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.library.parties import list_parties
    from pyengine.pages.fight import FightPage
    from pyengine.runequest.sheet.adventurer import load_adventurer

    out = MemoryStore(dict(store.items))
    party = list_parties(out).entries[0].value
    clock = iter(range(10_000))
    page = FightPage(load_tables(), hit_locations(), out, RandomDice(seed), new_id=Ids(1 << 40),
                     now=lambda: _when(100, next(clock)))
    page.open({})
    page.on_new()  # the fight fight mode held is kept among the fights
    for n, ident in enumerate(party.members[:6]):
        name = load_adventurer(out.get(CHARACTER_PREFIX + ident) or "").name
        added = page.on_add({"fa-source": ident, "fa-name": name, "fa-side": SIDES[n % 2]})
        assert not any(added.errors.values()), added.errors
    # Each statement made again now that both sides are in (made as each joined, the first
    # ones named no foe), each side's n-th fighting the other's n-th.
    page.draft.declare = {}
    page.render()
    names = [c.name for c in page.fight.combatants]
    for n, name in enumerate(names):
        for action in page.draft.declare[name]["actions"]:
            action["target"] = names[n + 1 if n % 2 == 0 else n - 1]
    for _ in range(rounds):
        page.on_roll({})
    assert len(page.results) == rounds, "the party's fight did not resolve"
    return out


def written_back(store: MemoryStore) -> MemoryStore:
    """A copy of ``store`` (holding :func:`party_fight`'s fight) with the fight written back."""
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.pages.fight import FightPage

    out = MemoryStore(dict(store.items))
    page = FightPage(load_tables(), hit_locations(), out, RandomDice(7), now=lambda: _when(101))
    page.open({})
    page.on_writeback_click({"id": "fw-plan"})
    page.on_writeback_click({"id": "fw-confirm"})
    assert page.written is not None and len(page.written.records) == 6, "the fight was not written back"
    return out


def start_page_listing(store: MemoryStore) -> dict[str, Any]:
    """What the start page lists: every adventurer by name, every fight, every template."""
    from pyengine.runequest.sheet.adventurer import load_adventurer

    characters = read_all(store, "character", lambda text: load_adventurer(text).name)
    return {"adventurers": characters, "fights": list_fights(store), "templates": list_templates(store)}


def measure(store: MemoryStore, repeat: int = 20) -> dict[str, Any]:
    """The scale case's numbers: storage by group, the start page's listing time, the backup's size."""
    from pyengine.runequest.sheet.adventurer import load_adventurer  # imported before timing, as the page has it

    load_adventurer  # noqa: B018
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        listed = start_page_listing(store)
        times.append((time.perf_counter() - t0) * 1000)
    t0 = time.perf_counter()
    _, backup = export_backup(store, now="2025-03-01T23:00:00.000Z", app=__version__)
    export_ms = (time.perf_counter() - t0) * 1000
    used = storage_use(store)
    return {
        "adventurers": len(listed["adventurers"].entries), "fights": len(listed["fights"].entries),
        "templates": len(listed["templates"].entries),
        "list for the start page (ms, median)": sorted(times)[len(times) // 2],
        "storage (characters)": used.total, "storage by group (characters)": used.groups,
        "backup file (characters)": len(backup), "backup file (bytes, UTF-8)": len(backup.encode("utf-8")),
        "export the backup (ms)": export_ms,
        "keys": len(store.items),
        "largest adventurer (characters)": max(len(v) for k, v in store.items.items() if k.startswith(CHARACTER_PREFIX)),
    }


def long_evening(browser: Any, site_url: str, rounds: int = 300, edits: int = 500) -> dict[str, Any]:
    """The long evening's figures on a built site: :func:`play_rounds` on fight mode showing
    :func:`long_evening_link`'s fight, then :func:`edit_sheet` on the sheet page, in a phone-sized
    profile that has the app installed (its service worker holding the site) first."""
    context = browser.new_context(viewport=chromium.PHONE, base_url=site_url)
    try:
        page = context.new_page()
        page.goto("index.html")
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=120_000)
        page.goto(f"combat.html#{long_evening_link()}")
        page.wait_for_selector("#fd-roll:not([disabled])", timeout=120_000)
        fight = play_rounds(context, page, rounds - 1)
        page.goto("sheet.html")
        page.wait_for_selector('body[data-prepared="1"]', state="attached", timeout=120_000)
        return {"fight": fight, "sheet": edit_sheet(context, page, edits)}
    finally:
        context.close()


def long_evening_main() -> dict[str, Any]:
    """``python -m measure.scale --long-evening``: the built ``dist/`` served, the long evening played."""
    from playwright.sync_api import sync_playwright

    dist = Path(__file__).resolve().parent.parent / "dist"
    with serving(dist) as url, sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options())
        try:
            return long_evening(browser, url)
        finally:
            browser.close()


def main(argv: list[str]) -> int:
    if "--long-evening" in argv:
        print(json.dumps(long_evening_main(), indent=1))
        return 0
    t0 = time.perf_counter()
    store = scale_store()
    built = time.perf_counter() - t0
    numbers = measure(store) | {"build the scale case (s)": built}
    if "--json" in argv:
        print(json.dumps(numbers))
    else:
        for name, value in numbers.items():
            print(f"{name:45} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


# -- a long evening: hundreds of rounds and edits in one page, no reload ------------------

#: Six quick stat blocks, three against three (name, side, weapon, shield or second weapon), made so
#: tough (999 hit points) that all six still fight after 300 rounds.
LONG_EVENING_SIX = (("Aldo", "Sartar", "broadsword", "medium_shield"), ("Bera", "Sartar", "short_spear_1h", "small_shield"),
                    ("Cora", "Sartar", "war_hammer", ""), ("Dorn", "Chaos", "war_hammer", "medium_shield"),
                    ("Esk", "Chaos", "dagger", "small_shield"), ("Fenn", "Chaos", "broadsword", ""))
#: What the browser test and the bench read: the wasm memory of the page's Pyodide (the interpreter
#: module keeps the object as ``strikeRankPyodide``).
WASM_BYTES_JS = "globalThis.strikeRankPyodide ? globalThis.strikeRankPyodide._module.HEAPU8.buffer.byteLength : 0"
#: Clicks "Resolve: app dice" ``n`` times, one round each, letting the page draw between rounds; the
#: handler's whole time (Python, the DOM written) for each, as the click takes it.
PLAY_ROUNDS_JS = """async (n) => {
  const roll = document.getElementById("fd-roll");
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    roll.click();
    out.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, 0));
  }
  return out;
}"""
#: Types ``n`` edits into the sheet (a characteristic at a time, each an ``input`` event as typing
#: makes), letting the page draw between edits.
SHEET_EDITS_JS = """async ([n, start]) => {
  const keys = ["STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"];
  const out = [];
  for (let i = start; i < start + n; i++) {
    const field = document.getElementById("sheet-" + keys[i % keys.length]);
    field.value = String(8 + (i * 5) % 11);
    const t0 = performance.now();
    field.dispatchEvent(new Event("input", { bubbles: true }));
    out.push(performance.now() - t0);
    await new Promise(r => setTimeout(r, 0));
  }
  return out;
}"""


def long_evening_link() -> str:
    """The six's fight after one round in which each side's n-th fought the other's n-th (so the
    page, carrying last round's statements, keeps them paired), as a fight link fragment."""
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
    from pyengine.runequest.melee.log import FightLog, add_round, to_link
    from pyengine.runequest.melee.model import Fight, start
    from pyengine.runequest.melee.round import resolve_round

    tables = load_tables()
    six = []
    for name, side, weapon, second in LONG_EVENING_SIX:
        weapons = [QuickWeapon(weapon=weapon, attack=55, parry=45)]
        if second:
            weapons.append(QuickWeapon(weapon=second, parry=45))
        six.append(quick_combatant(tables, name=name, side=side, STR=13, CON=12, SIZ=12, DEX=12, hit_points=999,
                                   weapons=weapons, armour=3, first_in_hand=True))
    fight = Fight(combatants=tuple(six))
    intents = _statements(fight, start(fight))
    result = resolve_round(fight, start(fight), intents, dice=RandomDice(20), tables=melee_tables(tables, hit_locations()))
    return to_link(add_round(FightLog(fight=fight), result, intents))


def page_memory(context: Any, page: Any) -> dict[str, int]:
    """The page's memory after a full garbage collection: the JS heap in use (CDP
    ``Runtime.getHeapUsage``; the DOM's own heap beside it) and Pyodide's wasm memory."""
    cdp = context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        usage = cdp.send("Runtime.getHeapUsage")
    finally:
        cdp.detach()
    wasm = int(page.evaluate(WASM_BYTES_JS))
    js = int(usage["usedSize"])
    return {"js": js, "wasm": wasm, "total": js + wasm, "dom": int(usage.get("embedderHeapUsedSize", 0))}


def _measures(page: Any, name: str) -> list[float]:
    return [float(d) for d in page.evaluate(f"performance.getEntriesByName({name!r}, 'measure').map(e => e.duration)")]


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def play_rounds(context: Any, page: Any, rounds: int = 300, warm_up: int = 20) -> dict[str, Any]:
    """A fight page showing :func:`long_evening_link`'s fight (fight mode, ready) plays ``rounds``
    rounds with the app's dice through its "Resolve" button; memory read after the first ``warm_up``
    rounds and at the end. Per-round times: the page's own ``fight round + draw`` measure (the engine's
    round and everything drawn for it, the bench's) and the click's whole handler (the DOM written too),
    each the median of the last 50."""
    t0 = time.perf_counter()
    clicks = page.evaluate(PLAY_ROUNDS_JS, warm_up)
    warm = page_memory(context, page)
    clicks += page.evaluate(PLAY_ROUNDS_JS, rounds - warm_up)
    end = page_memory(context, page)
    drawn = _measures(page, "fight round + draw")
    return {
        "rounds": rounds, "seconds": round(time.perf_counter() - t0, 1),
        "round + draw (ms, median of the last 50)": round(_median(drawn[-50:]), 2),
        "round + draw (ms, median of rounds 2-51)": round(_median(drawn[1:51]), 2),
        "click, DOM written (ms, median of the last 50)": round(_median(clicks[-50:]), 2),
        "click, DOM written (ms, median of rounds 2-51)": round(_median(clicks[1:51]), 2),
        "memory after warm-up (bytes)": warm, "memory at the end (bytes)": end,
        "memory growth": round(end["total"] / warm["total"] - 1, 4),
    }


def edit_sheet(context: Any, page: Any, edits: int = 500, warm_up: int = 50) -> dict[str, Any]:
    """The sheet page (ready and prepared) takes ``edits`` edits; memory after ``warm_up`` and at the end."""
    t0 = time.perf_counter()
    times = page.evaluate(SHEET_EDITS_JS, [warm_up, 0])
    warm = page_memory(context, page)
    times += page.evaluate(SHEET_EDITS_JS, [edits - warm_up, warm_up])
    end = page_memory(context, page)
    return {
        "edits": edits, "seconds": round(time.perf_counter() - t0, 1),
        "edit, DOM written (ms, median of the last 50)": round(_median(times[-50:]), 2),
        "derive + render (ms, median of the last 50)": round(_median(_measures(page, "derive + render")[-50:]), 2),
        "memory after warm-up (bytes)": warm, "memory at the end (bytes)": end,
        "memory growth": round(end["total"] / warm["total"] - 1, 4),
    }
