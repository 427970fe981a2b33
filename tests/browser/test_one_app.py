"""One app, in the built site at phone size: the navigation bar on every page
(there before Python is up, marking where you are, thumb-sized, never covering the page), the
gear page's draft coming back after a reload, and shrapnel read against a saved adventurer's
and a fighter's worn armour, its link replaying it."""

from __future__ import annotations

import json

import msgspec
from playwright.sync_api import expect

from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.melee.log import FightLog, to_link
from pyengine.runequest.melee.model import Combatant, Fight
from pyengine.runequest.sheet.adventurer import Gear, dump_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT, GEAR_DRAFT
from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready, store_items

NAV = [("index.html", "Start"), ("sheet.html", "Sheet"), ("combat.html", "Combat"), ("shrapnel.html", "Shrapnel"),
       ("gear.html", "Gear")]
SCORES = {"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}
LOCATIONS = {key: 4 for key in ("head", "chest", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg")}


def assert_bar(page, current: str) -> None:
    """The bar: five links in order, ``current`` marked, each at least 44 px square and on screen."""
    links = page.locator("nav.pages a")
    expect(links).to_have_text([label for _, label in NAV])
    expect(page.locator('nav.pages a[aria-current="page"]')).to_have_attribute("href", f"./{current}")
    height = page.viewport_size["height"]
    for box in [links.nth(i).bounding_box() for i in range(len(NAV))]:
        assert box["width"] >= 44 and box["height"] >= 44
        assert 0 <= box["y"] and box["y"] + box["height"] <= height + 0.5  # in view, wherever the page is scrolled


def test_the_bar_is_on_every_page_before_python_and_takes_you_everywhere(browser, site_url):
    # Intent: plain links built into each page: with Python held back (the wheel never comes),
    # the bar is there, marks the page, and each link opens its page. Scrolled to the end, the
    # page's last line sits above the bar (it covers nothing).
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=site_url)
    context.route("**/pkg/*", lambda route: None)  # held: Python never starts
    page = context.new_page()
    page.goto("index.html", wait_until="domcontentloaded")
    for file, label in [*NAV[1:], NAV[0]]:
        page.locator("nav.pages").get_by_role("link", name=label).click()
        page.wait_for_url(f"**/{file}")
        assert page.evaluate("document.body.dataset.ready") is None
        assert_bar(page, file)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        bar = page.locator("nav.pages").bounding_box()
        last = page.locator("footer.foot p").first.bounding_box()
        assert last["y"] + last["height"] <= bar["y"] + 0.5, file
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_bar_stays_in_view_on_a_long_page_and_marks_fight_mode_as_combat(app):
    context, watch = app
    page = open_ready(context, "sheet.html")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    assert_bar(page, "sheet.html")
    page.locator("nav.pages").get_by_role("link", name="Combat").click()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert_bar(page, "combat.html")
    watch.assert_clean()


def test_an_unsaved_gear_edit_comes_back_after_a_reload_and_through_the_bar(app):
    # Intent: "today an unsaved edit on gear.html is lost on reload".
    context, watch = app
    page = open_ready(context, "gear.html")
    page.fill("#gear-char-reach", "5")
    page.click("#gear-add")
    key = page.locator("#gear-items .gear-item").last.get_attribute("data-key")
    page.fill(f"#gear-item-{key}-name", "spear")
    page.wait_for_function(f"() => (localStorage.getItem({json.dumps(GEAR_DRAFT)}) || '').includes('spear')")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#gear-char-reach")).to_have_value("5")
    expect(page.locator(f"#gear-item-{key}-name")).to_have_value("spear")
    expect(page.locator("#gear-draft-status")).to_have_text("Restored what was being typed here.")
    page.locator("nav.pages").get_by_role("link", name="Start").click()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("nav.pages").get_by_role("link", name="Gear").click()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator(f"#gear-item-{key}-name")).to_have_value("spear")
    page.screenshot(path="/work/notes/shots/c-gear-restored.png")
    watch.assert_clean()


def test_a_damaged_gear_draft_is_said_and_the_page_starts_from_the_example(app):
    context, watch = app
    store_items(context, {GEAR_DRAFT: "{damaged"})
    page = open_ready(context, "gear.html")
    expect(page.locator("#gear-draft-status")).to_contain_text("could not be read back")
    expect(page.locator("#gear-draft-status")).to_contain_text("saved lists on this device are not touched")
    expect(page.locator("#gear-items .gear-item")).to_have_count(5)
    assert page.evaluate(f"localStorage.getItem({json.dumps(GEAR_DRAFT)})") == "{damaged"
    watch.assert_clean()


def save_on_device(context) -> None:
    """Vasana (open helm, ring mail hauberk, leather vambraces worn) and a fight with a broo
    armoured on head, chest and his left arm only."""
    vasana = msgspec.structs.replace(typed_new(SCORES, name="Vasana"), gear=(
        Gear(ref="open_helm", worn=True), Gear(ref="hauberk_ring_mail", worn=True), Gear(ref="vambraces_leather", worn=True)))
    broo = Combatant(name="Broo 1", side="Broos", STR=13, CON=11, SIZ=12, DEX=10, hit_points=12, locations=LOCATIONS,
                     dex_sr=3, armour={"head": 2, "chest": 3, "left_arm": 3})
    draft = {"link": to_link(FightLog(fight=Fight(combatants=(broo,)))), "add": {}, "declare": {}, "applied": []}
    store_items(context, {CHARACTER_PREFIX + "a1b2c3d4e5f6": dump_adventurer(vasana).decode(), FIGHT_DRAFT: json.dumps(draft)})


def test_shrapnel_against_a_saved_adventurer_and_a_fighter_replays_from_its_link(app):
    context, watch = app
    save_on_device(context)
    page = context.new_page()
    page.goto("shrapnel.html")
    page.wait_for_selector('body[data-prepared="1"]', state="attached", timeout=READY_TIMEOUT_MS)
    target = page.locator("#shr-target")
    expect(target).to_be_enabled()
    target.select_option(label="Vasana")
    expect(page.locator("#shr-pieces")).to_have_value(
        "open helm: head; ring mail hauberk: chest + abdomen; leather vambraces: arms")
    expect(page.locator("#shr-target-taken")).to_have_text(
        "Taken from Vasana's worn armour: open helm (head); ring mail hauberk (chest, abdomen); leather vambraces (arms).")
    for area in ("head", "chest", "abdomen", "arms"):
        expect(page.locator(f"#shr-cover-{area}")).to_be_checked()
    page.locator("#shr-target-taken").scroll_into_view_if_needed()
    page.screenshot(path="/work/notes/shots/c-shrapnel-target-picked.png")
    page.click("label[for=shr-sev-C]")
    page.fill("#shr-roll", "78")
    page.click("#shr-resolve")
    card = page.locator("#shr-result .shr-result")
    expect(card.locator(".shr-target")).to_have_text("Target: Vasana")
    expect(card.locator(".shr-check")).to_have_count(2)  # the hauberk and the vambraces: Chest + Arms
    link = page.locator("#shr-share").get_attribute("href")

    target.select_option(label="Broo 1")
    expect(page.locator("#shr-pieces")).to_have_value("left arm armour: left arm")
    page.click("#shr-resolve")
    expect(card.locator(".shr-target")).to_have_text("Target: Broo 1")
    expect(card.locator('[data-area="arms"]')).to_have_attribute("data-side", "bare")
    card.locator("details.shr-working summary").click()
    expect(card.locator("details.shr-working")).to_contain_text("SHR-13")
    card.locator(".shr-target").scroll_into_view_if_needed()
    page.screenshot(path="/work/notes/shots/c-shrapnel-target-result.png")
    card.locator("details.shr-working li", has_text="SHR-13").scroll_into_view_if_needed()
    page.screenshot(path="/work/notes/shots/c-shrapnel-shr13-working.png")

    again = open_ready(context, link)
    expect(again.locator("#shr-result .shr-target")).to_have_text("Target: Vasana")
    expect(again.locator("#shr-result .shr-check")).to_have_count(2)
    again.wait_for_selector('body[data-prepared="1"]', state="attached", timeout=READY_TIMEOUT_MS)
    expect(again.locator("#shr-target")).to_have_value("link")
    watch.assert_clean()
