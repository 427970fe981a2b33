"""Every page, for every user: an accessibility audit (axe-core) with no serious or
critical finding, layouts from 360 px phones to desktops with no sideways scrolling and
touch targets of at least 44 px, and text from users or links always shown as text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import builder.install
import builder.pages
from pyengine.cli.tables import combat_tables
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.share import encode_link
from tests.browser.audit import SHOTS, serious_findings
from tests.browser.conftest import open_ready, store_items

#: Every page, and the combat page's fight mode.
PAGES = [page.file for page in builder.pages.PAGES] + ["combat.html#fight"]
LAYOUTS = {"360x740": (360, 740), "390x844": (390, 844), "768x1024": (768, 1024), "1280x800": (1280, 800)}
PAYLOADS = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "javascript:alert(1)", "'; alert(1); '"]
#: Every payload in one name, for what a link carries (one page start for them all).
ALL_PAYLOADS = " ".join(PAYLOADS)


@pytest.fixture(scope="module")
def axe_source() -> str:
    return builder.install.axe_script().read_text(encoding="utf-8")


@pytest.fixture
def context_at(warm_profiles):
    """The warm profile at a size, storage cleared, watched: (context, watch)."""
    lent = []

    def make(width: int, height: int):
        lent.append(warm_profiles.lend({"width": width, "height": height}))
        return lent[-1]

    yield make
    for context, watch in lent:
        warm_profiles.give_back(context, watch)


def show_a_result(page, file: str) -> None:
    """Brings each page to the state with the most on it: a result shown."""
    if file == "index.html":
        page.fill("#dice-typed", "3 4")
        page.click("#dice-roll")
        page.wait_for_selector("#dice-result .roll")
        page.click("#dice-result details summary")
    elif file == "shrapnel.html":
        page.click("label[for=shr-sev-E]")
        page.fill("#shr-roll", "98")
        page.click("button[data-preset=vest]")
        page.click("#shr-resolve")
        page.wait_for_selector("#shr-result .shr-result")
    elif file == "sheet.html":
        for key, value in zip(("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"), (12, 12, 17, 13, 18, 11, 10)):
            page.fill(f"#sheet-{key}", str(value))
        page.click("#sheet-roll-bg")
        page.select_option("#sheet-weapon", "broadsword")
        page.click("#sheet-add-weapon")
        page.wait_for_selector("#sheet-view .rq-weapon")
    elif file == "gear.html":
        page.click("#gear-work-out")
        page.fill("#gear-sl", "2")
        page.fill("#gear-power", "12")
        page.click("#gear-resolve")
        page.wait_for_selector("#gear-block .gear-block-result")
    elif file == "combat.html#fight":
        for name, side, weapon in (("Aldo", "A", "broadsword"), ("Bera", "B", "short_spear_1h")):
            page.fill("#fa-name", name)
            page.fill("#fa-side", side)
            page.select_option("#fa-w1", weapon)
            page.click("#fa-add")
        page.click("#fd-roll")
        page.wait_for_selector("#fl-out .fr-round")
        page.click("#fl-out .fr-event details summary")
    elif file == "combat.html":
        page.select_option("#att-weapon", "short_spear_1h")
        page.select_option("#def-parry", "medium_shield")
        page.click("#cx-roll")
        page.wait_for_selector("#cx-result .cx-result")
        page.click("#cx-result details summary")


@pytest.mark.parametrize("file", PAGES)
def test_no_serious_accessibility_finding(context_at, axe_source, file):
    # Intent: axe-core finds nothing serious or critical, on the page as it starts and with a
    # result shown, at the phone's size and the desktop's. One page start for all four: no page
    # reads its size (only its style sheet does), so a page brought to a size lays out as one
    # opened at that size does.
    context, watch = context_at(*LAYOUTS["390x844"])
    page = open_ready(context, file)
    expect(page.locator("nav.pages a")).to_have_count(5)  # the navigation bar is audited with the page
    sizes = [LAYOUTS["390x844"], LAYOUTS["1280x800"]]
    for state in ("as it starts", "with a result shown"):
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            assert serious_findings(page, axe_source) == [], (state, width)
        if state == "as it starts":
            show_a_result(page, file)
            sizes.reverse()  # at the desktop's size now: audited there first
    watch.assert_clean()


def assert_the_navigation_bar_is_in_view_and_covers_nothing(page, file: str) -> None:
    """The bar: the page is marked; each link is in view and at least 44 px square, at the
    top and at the end of the page; at the end, the page's last line is clear of it."""
    current = file.split("#")[0]
    scrolled = page.evaluate("window.scrollY")
    marked = page.locator('nav.pages a[aria-current="page"]')
    if current == "player.html":  # the player's page is not in the bar (a join code opens it): nothing marked
        assert marked.count() == 0
    else:
        assert marked.get_attribute("href") == f"./{current}"
    for where in ("0", "document.documentElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {where})")
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('nav.pages a')].map(a => { const r = a.getBoundingClientRect();
                return [r.top, r.bottom, r.width, r.height]; })"""
        )
        height = page.evaluate("window.innerHeight")
        assert len(boxes) == 5
        assert all(top >= 0 and bottom <= height + 0.5 and w >= 44 and h >= 44 for top, bottom, w, h in boxes), boxes
    bar = page.evaluate("document.querySelector('nav.pages').getBoundingClientRect().toJSON()")
    foot = page.evaluate("document.querySelector('footer.foot').getBoundingClientRect().toJSON()")
    last_line = page.evaluate("document.querySelector('footer.foot p').getBoundingClientRect().bottom")
    assert last_line <= bar["top"] + 0.5 or bar["bottom"] <= foot["top"], (bar, foot)
    page.evaluate(f"window.scrollTo(0, {scrolled})")


@pytest.fixture(scope="module")
def shown(warm_profiles):
    """Each page with a result shown, opened once for all its layouts: ``shown(context, file)``.

    The layouts of one page follow each other, and only that page is kept open between them.
    No page reads its size (only its style sheet does), so a page brought to a size lays out as
    one opened at that size does.
    """
    held: dict[str, object] = {}

    def page_for(context, file: str):
        if file not in held:
            for page in held.values():
                warm_profiles.let_go(page)
            held.clear()
            page = open_ready(context, file)
            show_a_result(page, file)
            warm_profiles.keep(page)
            held[file] = page
        return held[file]

    yield page_for
    for page in held.values():
        warm_profiles.let_go(page)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("file", PAGES)
def test_layout_fits_and_targets_are_thumb_sized(context_at, shown, file, layout):
    # Intent: nothing scrolls sideways, nothing is cut off, every control is at least 44 px
    # tall; the screenshots are kept in dist-screenshots/ to look at.
    width, height = LAYOUTS[layout]
    context, watch = context_at(width, height)
    page = shown(context, file)
    page.set_viewport_size({"width": width, "height": height})
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_the_navigation_bar_is_in_view_and_covers_nothing(page, file)
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input:not([type=checkbox]):not([type=radio]), select, summary, label:has(> input[type=checkbox]), .sev-buttons label, .tools a, nav.pages a, input[data-wear], a.rq-ruling, #begin a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
            .filter(([, h]) => h < 44)"""
    )
    assert small == []
    SHOTS.mkdir(exist_ok=True)
    shot = file.replace(".html", "").replace("#", "-")
    page.screenshot(path=str(SHOTS / f"{shot}-{layout}.png"), full_page=file != "shrapnel.html")
    watch.assert_clean()


def test_text_typed_or_linked_is_shown_as_text_never_run(context_at):
    # Intent: hostile text in a field, a link or stored data shows as text on every page
    # (combat: fighters' names, weapon and shield names, and everything a link carries);
    # no script runs, no dialog opens (the watch fails the test on any dialog or error).
    # Each page start takes every payload: typed one after another in one page, side by side
    # in stored data, and all together (ALL_PAYLOADS) where a link carries one name.
    context, watch = context_at(390, 844)
    stats = {"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}
    store_items(context, {f"strike-rank/character/hostile{n}": dump_adventurer(typed_new(stats, name=payload)).decode() for n, payload in enumerate(PAYLOADS)})
    page = open_ready(context)
    for payload in PAYLOADS:
        expect(page.locator("#saved-list")).to_contain_text(payload)
        page.fill("#dice-expr", payload)
        page.click("#dice-roll")
        expect(page.locator("#dice-expr-error")).to_contain_text(repr(payload)[1:-1][:10])
    page.close()

    page = open_ready(context, f"index.html#{encode_link('dice', {'expr': ALL_PAYLOADS, 'rolls': [1]})}")
    expect(page.locator("#dice-link-error")).to_be_visible()
    page.close()

    shrapnel = open_ready(context, "shrapnel.html")
    shrapnel.click("label[for=shr-sev-C]")
    shrapnel.fill("#shr-roll", "50")
    for payload in PAYLOADS:
        shrapnel.fill("#shr-pieces", f"{payload}: chest + arms")
        shrapnel.click("#shr-resolve")
        if ":" in payload or ";" in payload:  # these split a piece: refused, and shown as text
            expect(shrapnel.locator("#shr-pieces-error")).to_contain_text(payload.split(":")[0].split(";")[0].strip()[:10])
        else:
            expect(shrapnel.locator("#shr-result .shr-check")).to_contain_text(payload)
    shrapnel.close()
    pieces = [{"name": payload, "areas": ["chest"]} for payload in PAYLOADS]
    shrapnel = open_ready(context, f"shrapnel.html#{encode_link('shrapnel', {'roll': 50, 'severity': 'C', 'pieces': pieces})}")
    for payload in PAYLOADS:
        expect(shrapnel.locator("#shr-result")).to_contain_text(f"{payload}: one breakage check")
    assert shrapnel.evaluate("document.querySelectorAll('#shr-result img, #shr-result script').length") == 0
    shrapnel.close()

    sheet = open_ready(context, "sheet.html")
    for key, value in stats.items():
        sheet.fill(f"#sheet-{key}", str(value))
    for payload in (*PAYLOADS, ALL_PAYLOADS):
        sheet.fill("#sheet-name", payload)
        expect(sheet.locator("#sheet-view .rq-name")).to_have_text(payload)
    sheet.fill("#sheet-notes", ALL_PAYLOADS)
    sheet.click("#sheet-share-link")
    shared = open_ready(context, sheet.locator("#sheet-share-box a").get_attribute("href"))
    expect(shared.locator("#sheet-view .rq-name")).to_have_text(ALL_PAYLOADS)
    expect(shared.locator("#sheet-notes")).to_have_value(ALL_PAYLOADS)

    gear = open_ready(context, "gear.html")
    for payload in PAYLOADS:
        gear.click("#gear-add")
        key = gear.locator("#gear-items .gear-item").last.get_attribute("data-key")
        gear.fill(f"#gear-item-{key}-name", payload)
    gear.click("#gear-work-out")
    for payload in PAYLOADS:
        expect(gear.locator("#gear-sheet")).to_contain_text(payload)

    # combat: saved fighters' names in both choosers and the result; every name a link carries
    # (attacker, defender, weapon, parrying shield) in the result, its working and the fight line
    for n, payload in enumerate(PAYLOADS):
        fighter = Adventurer(
            name=payload,
            characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
            weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        )
        gear.evaluate("([k, r]) => localStorage.setItem(k, r)", [f"strike-rank/character/fighter{n}", dump_adventurer(fighter).decode()])
    combat = open_ready(context, "combat.html")
    for n, payload in enumerate(PAYLOADS):
        expect(combat.locator(f'#att-char option[value="fighter{n}"]')).to_have_text(payload)
        expect(combat.locator(f'#def-char option[value="fighter{n}"]')).to_have_text(payload)
    for n, payload in enumerate(PAYLOADS):
        combat.select_option("#att-char", f"fighter{n}")
        combat.select_option("#def-char", f"fighter{(n + 1) % len(PAYLOADS)}")
        combat.click("#cx-roll")
        expect(combat.locator("#cx-result .cx-result")).to_contain_text(payload)
    # the link's four names, one payload each (a fighter's name holds 60 characters, not all four)
    attacker, weapon, shield, defender = PAYLOADS
    linked = open_ready(context, f"combat.html#{encode_link('exchange', hostile_exchange(attacker, weapon, shield, defender), version=1)}")
    expect(linked.locator("#cx-result .cx-headline")).to_contain_text(defender)
    linked.click("#cx-result details summary")
    for name in (attacker, weapon, shield):
        expect(linked.locator("#cx-result")).to_contain_text(name)
    linked.click("#cx-again")
    expect(linked.locator("#cx-fight")).to_contain_text(f"{defender} has")
    for page_ in (sheet, shared, gear, combat, linked):
        assert page_.evaluate("document.querySelectorAll('main img, main script').length") == 0
    watch.assert_clean()


def hostile_exchange(attacker: str, weapon: str, shield: str, defender: str) -> dict:
    """An exchange link's state with these names."""
    from msgspec.structs import replace

    from pyengine.cli.tables import load_tables
    from pyengine.dice import ScriptedDice
    from pyengine.runequest.combat.exchange import resolve_exchange
    from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry
    from pyengine.runequest.combat.state import to_state

    tables = load_tables()
    attack = quick_attack(tables, "short_spear_1h", "55", "+1D4", name=attacker)
    attack = replace(attack, weapon=replace(attack.weapon, name=weapon))
    parry = replace(quick_parry(tables, "medium_shield", "40"), name=shield)
    defence = quick_defence(tables, "30", "2", "5", parry, name=defender)
    result = resolve_exchange(attack, defence, dice=ScriptedDice([10, 71, 4, 3, 12]), **combat_tables())
    return to_state(attack, defence, result.roll_values)


#: Text a screen reader would have to guess at: an element whose only text is symbols, or a
#: meaning-carrying glyph, where no word says the same (aria-hidden glyphs with words beside are fine).
UNSPOKEN_GLYPHS = """skip => {
    const found = [];
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
    const spoken = e => [...e.childNodes].map(n => n.nodeType === 3 ? n.textContent
        : (n.closest && n.closest('[aria-hidden=true]') ? '' : spoken(n))).join('');
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!n.textContent.trim() || parent.closest('[aria-hidden=true], script, style, template')) continue;
        if (skip && parent.closest(skip)) continue;
        if (!/[\\p{L}\\p{N}]/u.test(spoken(parent)) || /[→½×♦⚒✓✗]/u.test(n.textContent))
            found.push(`${parent.tagName}.${parent.className}: ${n.textContent.trim().slice(0, 40)}`);
    }
    return found;
}"""


@pytest.mark.parametrize("file", ["gear.html", "combat.html"])
def test_every_glyph_and_colour_has_words(context_at, file):
    # Intent: nothing on the gear and combat pages is said by a symbol or a colour alone: empty
    # cells say "none", arrows and halves are words, highlighted and broken things say so in text.
    # (The engine's own working steps on the combat page are prose with ×½ and →; left to it.)
    context, watch = context_at(390, 844)
    page = open_ready(context, file)
    show_a_result(page, file)
    if file == "gear.html":
        page.click("#gear-organize")
        page.wait_for_selector("#gear-organized .gear-organized")
        expect(page.locator("#gear-organized .gear-organized-title")).to_contain_text("become")
        diffs = page.locator("#gear-sheet td.gear-diff")
        assert diffs.count() > 0
        for i in range(diffs.count()):
            expect(diffs.nth(i).locator(".visually-hidden")).to_contain_text("the list says")
        expect(page.locator('#gear-sheet td[data-value=""]').first).to_contain_text("none")
    assert page.evaluate(UNSPOKEN_GLYPHS, "details.working" if file == "combat.html" else None) == []
    watch.assert_clean()
