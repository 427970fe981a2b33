"""At the table on a 390x844 phone: the one exchange shows only numbers it uses and
swaps attacker and defender; the start page's roller; the gear and shrapnel pages' phone
layouts and messages."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from pyengine.cli.tables import combat_tables, load_tables
from pyengine.dice import ScriptedDice
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry, sheet_attack, sheet_defence, sheet_of
from pyengine.runequest.combat.next_blow import after_blow
from tests.browser.conftest import open_ready, store_items
from tests.browser.examples import rurik_record
from tests.browser.flows import fill_exchange


def type_rolls(page, rolls) -> None:
    page.click("#cx-start")
    for roll in rolls:
        page.fill("#cx-typed", str(roll))
        page.click("#cx-next")


def assert_shows(page, result) -> None:
    card = page.locator("#cx-result .cx-result")
    expect(card).to_have_attribute("data-outcome", result.outcome)
    expect(card.locator(".cx-headline")).to_have_text(result.headline)
    expect(card.locator(".cx-fact-hit-points")).to_have_attribute("data-value", str(result.hit_points_after))


def test_exchange_a_saved_adventurer_shows_the_numbers_the_engine_uses(app):
    # The greyed fields kept the quick block's attack 50, armour 0 and parry 40 while the
    # engine used the adventurer's own numbers. Now they show his sheet's; armour by location.
    context, watch = app
    tables = load_tables()
    record = rurik_record()
    _, sheet = sheet_of(record, tables)
    attack = sheet_attack(tables, sheet, 0, name="Rurik")
    defence = sheet_defence(tables, sheet, 1, "", name="Rurik")
    store_items(context, {"strike-rank/character/rurik": record})
    page = open_ready(context, "combat.html")
    page.select_option("#att-char", "rurik")
    expect(page.locator("#att-chance")).to_have_value(str(attack.chance))
    page.select_option("#def-char", "rurik")
    expect(page.locator("#def-hp")).to_have_value(str(defence.hit_points))
    expect(page.locator("#def-parry-chance")).to_have_value("")
    expect(page.locator("#def-armour")).to_be_hidden()
    used = page.locator("#def-armour-used")
    expect(used).to_be_visible()
    for key in ("head", "chest", "left_leg"):
        expect(used.locator(f'li[data-location="{key}"]')).to_have_attribute("data-value", str(defence.armour.get(key, 0)))
    page.select_option("#def-parry", "1")
    expect(page.locator("#def-parry-chance")).to_have_value(str(defence.parry.chance))
    rolls = [20, 80, 5, 2, 12]
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(rolls), **combat_tables())
    page.fill("#def-defense", "")
    type_rolls(page, rolls)
    assert_shows(page, expected)
    assert json.loads(page.evaluate("localStorage.getItem('strike-rank/character/rurik')")) == json.loads(record)
    watch.assert_clean()


def test_exchange_swap_attacker_and_defender_keeps_the_wounds(app):
    # "Swap attacker and defender" for the return blow, keeping the wounds of this fight.
    context, watch = app
    tables = load_tables()
    a_attack = quick_attack(tables, "short_spear_1h", "55", "+1D4")
    b_defence = quick_defence(tables, "12", "2", "5", quick_parry(tables, "medium_shield", "40"))
    first_rolls = [30, 71, 2, 1, 13]
    first = resolve_exchange(a_attack, b_defence, dice=ScriptedDice(first_rolls), **combat_tables())
    a_attack2, b_wounded = after_blow(a_attack, b_defence, first)
    b_attack = quick_attack(tables, "broadsword", "45", "")
    a_defence = quick_defence(tables, "11", "3", "0", None)
    back_rolls = [10, 5, 15]
    back = resolve_exchange(b_attack, a_defence, dice=ScriptedDice(back_rolls), **combat_tables())
    third_rolls = [30, 71, 4, 3, 14]
    third = resolve_exchange(a_attack2, b_wounded, dice=ScriptedDice(third_rolls), **combat_tables())

    page = open_ready(context, "combat.html")
    fill_exchange(page)
    type_rolls(page, first_rolls)
    assert_shows(page, first)
    page.click("#cx-swap")
    expect(page.locator("#cx-fight")).to_contain_text("Return blow")
    expect(page.locator("#att-chance")).to_have_value("")  # never guessed: asked for
    expect(page.locator("#att-chance-error")).to_be_visible()
    page.select_option("#att-weapon", "broadsword")
    page.fill("#att-chance", "45")
    page.fill("#def-hp", "11")
    page.fill("#def-armour", "3")
    type_rolls(page, back_rolls)
    assert_shows(page, back)
    page.click("#cx-swap")
    expect(page.locator("#att-chance")).to_have_value("55")
    expect(page.locator("#def-hp")).to_have_value("12")
    expect(page.locator("#cx-fight")).to_contain_text(f"{12 - b_wounded.damage_taken} of 12")
    type_rolls(page, third_rolls)
    assert_shows(page, third)
    watch.assert_clean()


def test_start_page_one_tap_dice_00_and_history_within_the_first_screen(app):
    # One-tap dice reachable without scrolling past the tool cards; a typed 00 on a
    # D100 is 100; the latest rolls are kept on the device and survive a reload.
    context, watch = app
    page = open_ready(context, "index.html")
    for die in ("D100", "D20", "D8", "D6", "D4", "D3"):
        box = page.locator(f'#dice-quick [data-dice="{die}"]').bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 - 56, f"{die} is below the first screen"
    assert page.locator("#dice-roll").bounding_box()["y"] < page.locator("ul.tools").first.bounding_box()["y"]
    page.fill("#dice-typed", "00")
    page.click('#dice-quick [data-dice="D100"]')
    expect(page.locator("#dice-expr")).to_have_value("D100")
    expect(page.locator("#dice-result .roll-total")).to_have_text("100")
    page.fill("#dice-typed", "")
    page.click('#dice-quick [data-dice="D6"]')
    expect(page.locator("#dice-history li")).to_have_count(2)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    history = page.locator("#dice-history li")
    expect(history).to_have_count(2)
    expect(history.nth(1)).to_have_text("D100 = 100 (00) (your dice)")
    watch.assert_clean()


def test_start_page_dice_errors_say_what_to_type(app):
    # "no roll left for a D6: all 1 given roll is used" and "unexpected '9' at 0 in
    # '999D999'" read like a parser; now they name the field, say what is wrong and what to type.
    context, watch = app
    page = open_ready(context, "index.html")
    page.fill("#dice-expr", "999D999")
    page.click("#dice-roll")
    error = page.locator("#dice-expr-error")
    expect(error).to_contain_text("Dice to roll: 999 dice is more than can be rolled at once")
    expect(error).not_to_contain_text("unexpected")
    expect(page.locator("#dice-expr")).to_have_value("999D999")
    page.fill("#dice-expr", "2D6")
    page.fill("#dice-typed", "3")
    page.click("#dice-roll")
    expect(page.locator("#dice-typed-error")).to_have_text(
        "Your own dice: 2D6 rolls 2 dice and you typed 1 number (3); type one more, one number for each die in order")
    expect(page.locator("#dice-typed")).to_have_value("3")
    watch.assert_clean()


def test_gear_sheet_lines_are_cards_without_sideways_scroll_and_fields_are_explained(app):
    # The sheet-lines table scrolled sideways (612 px in 322 px) on a phone;
    # "Success level" and "Attack power" were used and never explained.
    context, watch = app
    for width in (360, 390):
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": 844})
        page.goto("gear.html")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
        page.click("#gear-work-out")
        expect(page.locator("#gear-sheet tbody.gear-item-lines").first).to_be_visible()
        wrap = page.evaluate("(() => { const e = document.querySelector('.gear-table-wrap'); return [e.scrollWidth, e.clientWidth]; })()")
        assert wrap[0] <= wrap[1], f"the sheet lines scroll sideways at {width} px: {wrap}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width != 390:
            page.close()
    # The phone's page goes on: the fields' help.
    expect(page.locator("#gear-sl-help")).to_contain_text("How well the attack succeeded")
    expect(page.locator("#gear-power-help")).to_contain_text("How hard the attack strikes")
    assert "gear-sl-help" in page.get_attribute("#gear-sl", "aria-describedby")
    assert "gear-power-help" in page.get_attribute("#gear-power", "aria-describedby")
    watch.assert_clean()


def test_shrapnel_bad_piece_names_the_piece_and_what_was_expected(app):
    # "unexpected 'n' at 28" read like a parser.
    context, watch = app
    page = open_ready(context, "shrapnel.html")
    page.click("label[for=shr-sev-C]")
    page.fill("#shr-roll", "50")
    page.fill("#shr-pieces", "vest: chest + abdomen; helmet: nose")
    page.click("#shr-resolve")
    error = page.locator("#shr-pieces-error")
    expect(error).to_contain_text("Named pieces: 'nose' in piece 'helmet' is not an area")
    expect(error).not_to_contain_text("unexpected")
    expect(page.locator("#shr-pieces")).to_have_value("vest: chest + abdomen; helmet: nose")
    watch.assert_clean()
