"""The gear page: a sheet line built and a block resolved by the engine in the page, a share
link that reopens the same result, bad input explained next to its field, records kept."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from pyengine.gear.blocking import Attack, resolve_block
from pyengine.gear.example import CHARACTER, ENTRIES
from pyengine.gear.items import Item, ItemKind
from pyengine.gear.sheet import sheet_line
from tests.browser.conftest import BOTH_SIZES, open_ready
from tests.browser.flows import add_spear, resolve

SPEAR = Item(name="spear", kind=ItemKind.MELEE, reach=4, power=11, heft=9, sharpness=2, attack=1, parry=1, toughness=5)
AXE = Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3)


def assert_block_shows(page, expected) -> None:
    card = page.locator("#gear-block .gear-block-result")
    expect(card).to_have_attribute("data-power-left", str(expected.power_left))
    expect(card).to_have_attribute("data-rule", expected.rule.value)
    for step in expected.steps:
        if step.role.value == "not_in_line":
            expect(card.locator(f'.gear-not-in-line [data-item="{step.name}"]')).to_have_count(1)
            continue
        li = card.locator(f'li.gear-step[data-item="{step.name}"]')
        expect(li).to_have_attribute("data-role", step.role.value)
        expect(li).to_have_attribute("data-absorbed", str(step.absorbed))
        expect(li).to_have_attribute("data-damage", str(step.damage_taken))
    expect(card.locator(".gear-weapon")).to_have_attribute("data-broke", "true" if expected.weapon_broke else "false")


def assert_no_page_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@BOTH_SIZES  # thumb-sized controls, no sideways scroll
def test_a_sheet_line_is_built_and_a_block_resolved_and_carried(app):
    # Intent: a typed item gets the engine's sheet line, differences marked; one block resolves
    # as the engine says, its damage carries to the next attack; thumbs-sized controls, no sideways scroll.
    context, watch = app
    page = open_ready(context, "gear.html")
    add_spear(page)
    page.click("#gear-work-out")
    line = sheet_line(CHARACTER, SPEAR, skill=3)
    sheet_row = page.locator('#gear-sheet tr.gear-sheet-row[data-item="spear"]')
    for key in ("rch", "pwr", "hft", "shp", "cmb", "atk", "par", "tgh"):
        expect(sheet_row.locator(f"td.gear-col-{key}")).to_have_attribute("data-value", str(line.value(key)))
    for key in line.differs:
        expect(sheet_row.locator(f"td.gear-col-{key}")).to_have_class(f"gear-col-{key} gear-diff")
    expect(page.locator("#gear-sheet [data-ruling=GEAR-1]")).to_have_count(1)

    items = [e.item for e in ENTRIES] + [SPEAR]
    expected = resolve_block(Attack(success_level=4, power=14, weapon=AXE), items, "shield")
    resolve(page, "4", "14", "shield")
    assert_block_shows(page, expected)
    expect(page.locator("#gear-block .gear-verdict")).to_have_text("Half blocked by shield and chainmail")
    assert_no_page_scroll(page)

    page.click("#gear-apply")
    expect(page.locator("#gear-applied")).to_be_visible()
    expect(page.locator("#gear-weapon-absorb")).to_have_value(str(expected.weapon.absorb))
    again = resolve_block(Attack(success_level=4, power=14, weapon=expected.weapon), expected.items, "shield")
    page.click("#gear-resolve")
    assert_block_shows(page, again)

    small = page.evaluate(
        """() => [...document.querySelectorAll('main button, main select, main input:not([type=checkbox]):not([type=radio]), main summary')]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
            .map(e => e.id || e.textContent.trim())"""
    )
    assert small == []
    assert_no_page_scroll(page)
    watch.assert_clean()


def test_a_share_link_reopens_the_same_result(app):
    # Intent: the link carries the inputs; opening it fills the fields and works out the same block.
    context, watch = app
    page = open_ready(context, "gear.html")
    page.fill("#gear-char-reach", "5")
    page.fill("#gear-item-5-absorb", "7")  # chainmail
    resolve(page, "6", "12", "")
    items = [e.item for e in ENTRIES]
    items[4] = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=7, toughness=3)
    expected = resolve_block(Attack(success_level=6, power=12, weapon=AXE), items, None)
    assert_block_shows(page, expected)
    link = page.locator("#gear-share").get_attribute("href")
    assert link.startswith("./gear.html#1.")

    other = open_ready(context, link)
    assert_block_shows(other, expected)
    expect(other.locator("#gear-char-reach")).to_have_value("5")
    expect(other.locator("#gear-item-5-absorb")).to_have_value("7")
    expect(other.locator("#gear-sl")).to_have_value("6")
    expect(other.locator("#gear-weapon-name")).to_have_value("axe")
    expect(other.locator('#gear-sheet tr.gear-sheet-row[data-item="sword"] td.gear-col-rch')).to_have_attribute("data-value", "8")
    watch.assert_clean()


def test_bad_input_is_shown_next_to_its_field_and_kept(app):
    # Intent: every problem at once, each next to its field naming the field and the value; what was
    # typed stays; a damaged link is explained and the page still works.
    context, watch = app
    page = open_ready(context, "gear.html#1.damaged")
    expect(page.locator("#gear-link-error")).to_contain_text("share link")
    page.fill("#gear-item-2-absorb", "x6")
    page.fill("#gear-item-4-name", "Sword")
    page.fill("#gear-char-size", "big")
    page.click("#gear-work-out")
    expect(page.locator("#gear-item-2-absorb-error")).to_contain_text("Abs of 'shield'")
    expect(page.locator("#gear-item-2-absorb-error")).to_contain_text("'x6'")
    expect(page.locator("#gear-item-4-name-error")).to_contain_text("'Sword' is the name of item 1 too")
    expect(page.locator("#gear-char-size-error")).to_contain_text("'big'")
    expect(page.locator("#gear-item-2-absorb")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#gear-list-error")).to_contain_text("3 fields")
    expect(page.locator("#gear-sheet")).to_have_class("result gear-stale")
    expect(page.locator("#gear-item-2-absorb")).to_have_value("x6")

    page.fill("#gear-sl", "")
    page.fill("#gear-power", "-3")
    page.click("#gear-resolve")
    expect(page.locator("#gear-sl-error")).to_contain_text("Success level: empty")
    expect(page.locator("#gear-power-error")).to_contain_text("Attack power: '-3'")
    expect(page.locator("#gear-block")).to_be_empty()

    page.fill("#gear-areas", "3: leather + cloak")
    page.click("#gear-organize")
    expect(page.locator("#gear-areas-error")).to_be_hidden()  # the list is fixed first
    page.fill("#gear-item-2-absorb", "6")
    page.fill("#gear-item-4-name", "leather")
    page.fill("#gear-char-size", "10")
    page.click("#gear-organize")
    expect(page.locator("#gear-areas-error")).to_contain_text("no item is named 'cloak'")
    expect(page.locator("#gear-areas")).to_have_value("3: leather + cloak")
    page.fill("#gear-power", "14")
    page.fill("#gear-sl", "4")
    page.click("#gear-resolve")
    expect(page.locator("#gear-block .gear-block-result")).to_have_count(1)
    watch.assert_clean()


def test_organized_pieces_replace_the_overlapping_ones(app):
    # Intent: the seed's leather + chainmail overlap becomes three pieces in the list.
    context, watch = app
    page = open_ready(context, "gear.html")
    page.click("#gear-organize")
    pieces = page.locator("#gear-organized li.gear-piece")
    expect(pieces).to_have_count(3)
    expect(pieces.first).to_have_attribute("data-item", "leather + chainmail")
    expect(pieces.first).to_have_attribute("data-absorb", "9")
    page.click("#gear-use-pieces")
    names = [page.locator(f"#gear-item-{k}-name").input_value()
             for k in page.locator("#gear-items .gear-item").evaluate_all("cs => cs.map(c => c.dataset.key)")]
    assert names == ["sword", "shield", "sling", "leather + chainmail", "chainmail only", "leather only"]
    expect(page.locator('#gear-sheet tr.gear-sheet-row[data-item="chainmail only"] td.gear-col-cvr')).to_have_attribute("data-value", "2")
    watch.assert_clean()


def test_lists_are_saved_on_the_device_and_a_damaged_record_is_kept(app):
    # Intent: a saved list reopens after a reload; a damaged record is listed, said so, never overwritten.
    context, watch = app
    page = open_ready(context, "gear.html")
    page.evaluate("localStorage.setItem('strike-rank/gear/Broken', '{not json')")
    page.fill("#gear-char-reach", "7")
    page.fill("#gear-save-name", "Grunt")
    page.click("#gear-save")
    expect(page.locator("#gear-save-status")).to_contain_text("Saved as 'Grunt'")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    expect(page.locator("#gear-saved .gear-damaged")).to_contain_text("Damaged record 'strike-rank/gear/Broken', kept as it is")
    page.click('#gear-saved button[data-open="strike-rank/gear/Grunt"]')
    expect(page.locator("#gear-char-reach")).to_have_value("7")
    page.fill("#gear-save-name", "Broken")
    page.click("#gear-save")
    expect(page.locator("#gear-save-name-error")).to_contain_text("a damaged record is stored under that name and is kept")
    assert page.evaluate("localStorage.getItem('strike-rank/gear/Broken')") == "{not json"
    with page.expect_download() as download:
        page.click("#gear-export")
    assert download.value.suggested_filename == "Broken.gear.json"
    exported = Path(download.value.path()).read_bytes()

    # The exported file imports again; a file that is not a gear record is explained next to the field.
    page.set_input_files("#gear-import", {"name": "notes.json", "mimeType": "application/json", "buffer": b'{"format": "x"}'})
    expect(page.locator("#gear-import-error")).to_contain_text("file 'notes.json': not a gear record")
    page.fill("#gear-char-reach", "1")
    page.set_input_files("#gear-import", {"name": "grunt.json", "mimeType": "application/json", "buffer": exported})
    expect(page.locator("#gear-char-reach")).to_have_value("7")
    expect(page.locator("#gear-import-error")).to_be_hidden()
    watch.assert_clean()
