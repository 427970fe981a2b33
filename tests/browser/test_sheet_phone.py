"""The sheet at the table on a phone: each test is one thing a game master met there, at
390×844 (the ``app`` fixture's size), and failed on the build before it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from pyengine.runequest.sheet.adventurer import Adventurer, Gear, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from tests.browser.conftest import open_ready
from tests.browser.examples import YSOLDE
from tests.browser.flows import type_adventurer

#: Words of the record and the code that a player must never read on the sheet.
INTERNAL = re.compile(r"characteristics\.|weapons\[|gear\[|\benc:|runequest/|\[RQ-")


def sheet_with(context, *, weapon: str = "broadsword", money: str = "500"):
    page = open_ready(context, "sheet.html")
    type_adventurer(page)
    page.fill("#sheet-money", money)
    if weapon:
        page.select_option("#sheet-weapon", weapon)
        page.click("#sheet-add-weapon")
        expect(page.locator("#sheet-view .rq-weapon")).to_have_count(1)
    return page


def buy_and_wear(page, item: str = "open_helm", name: str = "open helm") -> None:
    page.select_option("#sheet-item", item)
    page.click("#sheet-buy")
    box = page.locator(f"#sheet-view .rq-gear tr:has(th:text-is('{name}')) input[data-wear]")
    box.check()
    expect(box).to_be_checked()


def test_each_weapon_is_a_card_with_attack_parry_damage_sr_and_hp_in_view(app):
    # Intent: on a phone, no number of a weapon hides behind a sideways scroll.
    context, watch = app
    page = sheet_with(context)
    row = page.locator("#sheet-view tr.rq-weapon").first
    width = page.evaluate("window.innerWidth")
    for cell in range(1, 7):  # hand, SR, attack, parry, damage, HP
        box = row.locator(f"td:nth-of-type({cell})").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (cell, box)
    wrap = page.locator("#sheet-view .rq-block-weapons .table-wrap")
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth")
    expect(row.locator("td:nth-of-type(5)")).to_have_text("1D8+1 +1D4")
    expect(row.locator("td:nth-of-type(6)")).to_have_text("20")
    labels = row.evaluate("r => [...r.querySelectorAll('td')].map(td => getComputedStyle(td, '::before').content)")
    assert labels[:6] == ['"Hand"', '"SR"', '"Attack"', '"Parry"', '"Damage"', '"HP"'], labels
    watch.assert_clean()


def test_armour_is_named_on_screen_and_on_paper(app):
    # Intent: "4 open_helm" was an id; the sheet names the piece as the tables do.
    context, watch = app
    page = sheet_with(context, weapon="")
    buy_and_wear(page, "open_helm")
    head = page.locator('#sheet-view tr[data-location="head"]')
    expect(head).to_contain_text("open helm")
    expect(head).not_to_contain_text("open_helm")
    page.emulate_media(media="print")
    assert "open helm" in head.inner_text() and "open_helm" not in head.inner_text()
    watch.assert_clean()


def test_where_armour_is_bought_it_says_it_protects_only_when_worn(app):
    # Intent: bought armour does nothing until Worn is ticked, and the page says so there.
    context, watch = app
    page = sheet_with(context, weapon="")
    buying = page.locator("fieldset.choice:has(#sheet-item)")
    expect(buying).to_contain_text("only when it is worn")
    page.select_option("#sheet-item", "hauberk_ring_mail")
    page.click("#sheet-buy")
    expect(page.locator("#sheet-buy-note")).to_contain_text("tick Worn")
    watch.assert_clean()


def test_problems_and_working_use_the_sheets_words_and_rulings_link_to_their_entry(app):
    # Intent: no record paths or table ids in what players read; a ruling id is a link that
    # opens its entry in the rulings, which the site ships (and the service worker caches).
    context, watch = app
    page = open_ready(context, "sheet.html")
    type_adventurer(page, "Odd Olaf", {**YSOLDE, "SIZ": "25"})
    page.click("#sheet-roll-bg")  # the kit's clothes: ENC not in the rules
    expect(page.locator("#sheet-view .rq-problem").first).to_be_visible()
    for details in page.locator("#sheet-view details").all():
        details.locator("summary").click()
    shown = page.locator("#sheet-view").inner_text()
    assert not INTERNAL.search(shown), INTERNAL.search(shown)
    expect(page.locator('#sheet-view .rq-problem[data-field="characteristics.SIZ"]')).to_have_text(
        re.compile(r"^SIZ 25 is above"))
    link = page.locator("#sheet-view a.rq-ruling").first
    ruling = link.inner_text()
    assert link.get_attribute("href") == f"./rulings.html#{ruling}"
    assert "./rulings.html" in page.evaluate("fetch('./sw.js').then(r => r.text())")
    link.click()
    page.wait_for_url(re.compile(rf"rulings\.html#{ruling}$"))
    expect(page.locator(f"h3[id='{ruling}']")).to_be_visible()
    watch.assert_clean()


def test_the_seven_natural_ability_lines_are_labelled_and_why_looks_tappable(app):
    # Intent: each "why?" line says which ability it is; the toggle looks like a button.
    context, watch = app
    page = sheet_with(context, weapon="")
    block = page.locator("#sheet-view .rq-block:has(h3:text-is('Natural abilities'))")
    summary = block.locator("details.rq-why > summary")
    style = summary.evaluate("""e => { const s = getComputedStyle(e), b = getComputedStyle(e, '::before');
        return [parseFloat(s.borderTopWidth), s.cursor, b.content, e.getBoundingClientRect().height]; }""")
    assert style[0] >= 1 and style[1] == "pointer" and style[2] not in ("none", "normal", "") and style[3] >= 44, style
    summary.click()
    lines = block.locator("details.rq-why li").all_inner_texts()
    labels = ["Attack", "Parry", "Defense", "Perception", "Stealth", "Manipulation", "Knowledge"]
    assert [line.split(":")[0] for line in lines] == labels, lines
    watch.assert_clean()


def test_enc_is_shown_in_decimals(app):
    # Intent: "2 13/100 of 12" -> "2.13 of 12", as the rules print a part of a thing.
    context, watch = app
    page = sheet_with(context, weapon="", money="213")
    expect(page.locator('#sheet-view dd[data-field="enc"]')).to_have_text("2.13 of 12")
    page.select_option("#sheet-item", "dagger")
    page.fill("#sheet-count", "3")
    page.click("#sheet-buy")
    expect(page.locator("#sheet-view .rq-gear")).to_contain_text("0.75")
    assert not re.search(r"\d/\d|[½¼¾⅓⅔⅕]", page.locator("#sheet-view .rq-block-gear").inner_text())
    watch.assert_clean()


def test_savings_are_editable_and_weigh_nothing_and_the_kits_choices_are_made_on_the_sheet(app, tmp_path):
    # Intent: 900 L carried weighs 9 ENC; typed as savings it weighs nothing; a "(to choose)"
    # line of the starting kit has a picker, and what is picked goes on the sheet.
    context, watch = app
    record = Adventurer(characteristics=Characteristics(**{k: int(v) for k, v in YSOLDE.items()}), name="Barbara",
                        background="barbarian", money=900, gear=(Gear(name="basic weapons (to choose)"),))
    path = tmp_path / "barbara.json"
    path.write_bytes(dump_adventurer(record))
    page = open_ready(context, "sheet.html")
    page.set_input_files("#sheet-import", str(path))
    enc = page.locator('#sheet-view dd[data-field="enc"]')
    expect(enc).to_have_text("9 of 12")
    page.fill("#sheet-savings", "900", timeout=5_000)
    page.fill("#sheet-money", "0")
    expect(enc).to_have_text("0 of 12")
    expect(page.locator('#sheet-view [data-field="move"]')).to_contain_text("8 m")
    expect(page.locator('#sheet-view [data-field="savings"]')).to_have_text("900 L")
    picker = page.locator("#sheet-view select#kit-pick-0")
    picker.select_option("broadsword", timeout=5_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # the picker fits
    page.click("#sheet-view button[data-kit-pick='0']")
    expect(page.locator("#sheet-view .rq-weapon")).to_contain_text("broadsword")
    expect(page.locator("#sheet-kit-note")).to_contain_text("broadsword chosen")
    watch.assert_clean()


def test_the_weapon_picker_says_one_or_two_handed(app):
    # Intent: "battle axe" twice with no label: each melee weapon says 1H or 2H, none twice.
    context, watch = app
    page = open_ready(context, "sheet.html")
    melee = page.locator("#sheet-weapon optgroup[label='Melee weapons'] option").all_inner_texts()
    assert len(melee) == len(set(melee)), sorted(m for m in melee if melee.count(m) > 1)
    axes = [m for m in melee if m.startswith("battle axe")]
    assert axes == ["battle axe (1H)", "battle axe (2H)"], axes
    assert all(m.endswith(("(1H)", "(2H)")) for m in melee), melee
    watch.assert_clean()


def test_print_has_the_notes_and_what_is_worn(app):
    # Intent: the paper sheet carries the notes and says which armour is worn.
    context, watch = app
    page = sheet_with(context, weapon="")
    page.fill("#sheet-notes", "Owes Harrek a favour.")
    buy_and_wear(page, "open_helm")
    page.emulate_media(media="print")
    printed = page.locator("main").inner_text()
    assert "Owes Harrek a favour." in printed
    gear = page.locator("#sheet-view .rq-gear tr:has(th:text-is('open helm'))").inner_text()
    assert re.search(r"\bworn\b", gear), gear
    watch.assert_clean()


def test_save_stays_in_view_and_the_sections_fold(app):
    # Intent: Save is one tap away wherever the page is scrolled; a card folds away.
    context, watch = app
    page = sheet_with(context)
    height = page.evaluate("window.innerHeight")
    total = page.evaluate("document.documentElement.scrollHeight")
    for y in (0, total // 3, 2 * total // 3, total):
        page.evaluate(f"window.scrollTo(0, {y})")
        box = page.locator("#sheet-save").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (y, box)
        hit = page.evaluate(f"document.elementFromPoint({box['x'] + box['width'] / 2}, {box['y'] + box['height'] / 2}).id")
        assert hit == "sheet-save", (y, hit)
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#sheet-save")
    expect(page.locator("#sheet-save-status")).to_be_visible()
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Ysolde")
    for fold, inside in (("#sheet-fold-advance", "#sheet-quote"), ("#sheet-fold-now", "#sheet-undo"),
                         ("#sheet-fold-gear", "#sheet-buy")):
        page.locator(f"{fold} > summary").click()
        expect(page.locator(inside)).to_be_hidden()
        page.locator(f"{fold} > summary").click()
        expect(page.locator(inside)).to_be_visible()
    watch.assert_clean()


def test_an_experience_roll_says_which_way_it_must_go(app):
    # Intent: "roll 100 against 83: no gain" did not say that 83 or less gains.
    context, watch = app
    page = sheet_with(context)
    page.check("#sheet-exp-list input[data-use=attack]")
    page.click("#sheet-exp-roll")
    expect(page.locator("#sheet-exp-result li")).to_have_text(
        re.compile(r"roll \d+ against (\d+) \(\1 or less gains\): (no gain|\+\d+%)"))
    watch.assert_clean()
