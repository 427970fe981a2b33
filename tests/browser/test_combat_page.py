"""The combat page: every roll typed by hand gives the engine's own result, its link
replays it, the odds show before rolling, and bad input is explained next to its field."""

from __future__ import annotations

from pathlib import Path

import msgspec
from playwright.sync_api import expect

from pyengine.cli.tables import combat_tables, load_tables
from pyengine.dice import ScriptedDice
from pyengine.runequest.combat.exchange import next_roll, resolve_exchange
from pyengine.runequest.combat.model import Rules
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.state import read_export
from tests.browser.conftest import open_ready, store_items
from tests.browser.flows import fill_exchange as fill
from tests.worked_examples import ROLLS, engine_exchange


def assert_shows(page, result) -> None:
    card = page.locator("#cx-result .cx-result")
    expect(card).to_have_attribute("data-outcome", result.outcome)
    expect(card.locator(".cx-headline")).to_have_text(result.headline)
    expect(card.locator(".cx-rolls li")).to_have_count(len(result.rolls))
    expect(card.locator(".cx-fact-hit-points")).to_have_attribute("data-value", str(result.hit_points_after))


def test_typed_rolls_give_the_engines_result_and_the_link_replays_it(app):
    # Intent: the page asks for each roll, naming the die and what it is for; once all are in
    # it shows exactly what the engine resolves from them, and its link reopens the same.
    context, watch = app
    attack, defence = engine_exchange(load_tables())
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(ROLLS), **combat_tables())
    assert expected.outcome == "impale"
    page = open_ready(context, "combat.html")
    fill(page)
    page.click("#cx-start")
    for i, roll in enumerate(ROLLS):
        needed = next_roll(attack, defence, ROLLS[:i], **combat_tables())
        assert needed is not None
        expect(page.locator("#cx-ask .cx-ask")).to_have_attribute("data-sides", str(needed.sides))
        expect(page.locator("#cx-ask .cx-ask")).to_contain_text(needed.purpose)
        page.fill("#cx-typed", str(roll))
        page.click("#cx-next")
    expect(page.locator("#cx-ask")).to_contain_text("Every roll is in")
    assert_shows(page, expected)
    expect(page.locator("#cx-odds-out .cx-odds-table")).to_be_visible()

    link = page.locator("#cx-share").get_attribute("href")
    other = open_ready(context, link)
    assert_shows(other, expected)

    # The exported file is the exchange's JSON, which the engine reads back as the same rolls.
    with page.expect_download() as download:
        page.click("#cx-export")
    assert download.value.suggested_filename == "exchange.json"
    exported = Path(download.value.path()).read_bytes()
    assert msgspec.json.decode(exported)["result"]["outcome"] == expected.outcome
    assert list(read_export(exported).rolls) == ROLLS
    watch.assert_clean()


def test_the_odds_before_rolling_are_the_engines(app):
    # Intent: "Show the odds" gives the engine's exact chances, rounded to 0.1%.
    context, watch = app
    attack, defence = engine_exchange(load_tables())
    odds = exchange_odds(attack, defence, rules=Rules(), **combat_tables())
    page = open_ready(context, "combat.html")
    fill(page)
    page.click("#cx-odds")
    row = page.locator("#cx-odds-out tr[data-outcome=impale] td")
    expect(row).to_have_text(f"{float(odds.outcomes['impale']) * 100:.1f}%")
    page.click("#cx-roll")
    expect(page.locator("#cx-result .cx-result")).to_have_count(1)
    watch.assert_clean()


def test_bad_input_is_explained_next_to_each_field(app):
    # Intent: every problem at once, beside its field, what was typed kept; a damaged link is explained.
    context, watch = app
    page = open_ready(context, "combat.html#1.damaged")
    expect(page.locator("#cx-link-error")).to_contain_text("share link")
    page.fill("#att-chance", "lots")
    page.fill("#def-hp", "0")
    page.fill("#att-bonus", "+1Dx")
    page.click("#cx-roll")
    expect(page.locator("#att-chance-error")).to_contain_text("'lots'")
    expect(page.locator("#def-hp-error")).to_contain_text("0")
    expect(page.locator("#att-bonus-error")).to_contain_text("damage bonus")
    expect(page.locator("#att-chance")).to_have_value("lots")
    expect(page.locator("#cx-result .cx-result")).to_have_count(0)
    watch.assert_clean()


def test_saved_characters_fight_with_their_own_numbers(app):
    # Intent: a saved adventurer (the sheet's record in localStorage) can be chosen on either
    # side; the page uses his derived sheet (weapon %, bonus, hit points, armour, parry) and
    # the saved record is left exactly as it was.
    import json

    from pyengine.runequest.combat.inputs import sheet_attack, sheet_defence, sheet_of
    from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
    from pyengine.runequest.sheet.characteristics import Characteristics

    context, watch = app
    tables = load_tables()
    hero = Adventurer(
        name="Rurik",
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )
    record = dump_adventurer(hero).decode()
    _, sheet = sheet_of(record, tables)
    attack = sheet_attack(tables, sheet, 0, name="Rurik")
    defence = sheet_defence(tables, sheet, 1, "", name="Rurik")
    rolls = [20, 80, 5, 2, 12]
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(rolls), **combat_tables())

    store_items(context, {"strike-rank/character/rurik": record})
    page = open_ready(context, "combat.html")
    page.select_option("#att-char", "rurik")
    page.select_option("#att-weapon", "0")
    page.select_option("#def-char", "rurik")
    page.select_option("#def-parry", "1")
    page.fill("#def-defense", "")
    page.click("#cx-start")
    for roll in rolls:
        page.fill("#cx-typed", str(roll))
        page.click("#cx-next")
    assert_shows(page, expected)
    assert json.loads(page.evaluate("localStorage.getItem('strike-rank/character/rurik')")) == json.loads(record)
    watch.assert_clean()


def test_the_next_blow_of_the_same_fight_carries_the_wounds(app):
    # Intent: "Next blow, same fight" keeps the defender's wounds (his copy for this fight):
    # the second blow's result is the engine's for the carried defender.
    from pyengine.runequest.combat.next_blow import after_blow

    context, watch = app
    attack, defence = engine_exchange(load_tables())
    first_rolls = [30, 71, 2, 1, 13]  # a plain hit to the right arm
    second_rolls = [30, 71, 4, 3, 14]  # the same arm again
    first = resolve_exchange(attack, defence, dice=ScriptedDice(first_rolls), **combat_tables())
    attack2, defence2 = after_blow(attack, defence, first)
    second = resolve_exchange(attack2, defence2, dice=ScriptedDice(second_rolls), **combat_tables())
    assert second.hit_points_after < first.hit_points_after
    page = open_ready(context, "combat.html")
    fill(page)
    for rolls, expected in ((first_rolls, first), (second_rolls, second)):
        page.click("#cx-start")
        for roll in rolls:
            page.fill("#cx-typed", str(roll))
            page.click("#cx-next")
        assert_shows(page, expected)
        if expected is first:
            page.click("#cx-again")
            expect(page.locator("#cx-fight")).to_contain_text(f"{first.hit_points_after} hit points left")
    watch.assert_clean()
