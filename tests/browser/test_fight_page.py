"""The combat page's fight mode: combatants added from quick stat blocks, statements of intent
with their strike ranks, rounds resolved with the app's dice or typed ones, undo, and the
whole fight as one link and one JSON file that reopen to the same state."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.cli.tables import load_tables
from pyengine.dice import ScriptedDice
from pyengine.runequest.melee import log as fight_log
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.model import start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.timing import schedule
from tests.browser import flows
from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready, store_items
from tests.browser.flows import add, open_fight
from tests.worked_examples import THREE, default_intents, engine_fight


@pytest.fixture(scope="module")
def engine():
    tables = load_tables()
    return tables, melee_tables(tables, default_locations())



def shown_state(page) -> dict[str, str]:
    bodies = page.locator("#fs-out .fs-body")
    return {bodies.nth(i).get_attribute("data-name"): bodies.nth(i).get_attribute("data-hp") for i in range(bodies.count())}


def assert_page_shows(page, log, replayed) -> None:
    """The page's last round and everyone's state are what the engine replays from the link."""
    last = replayed.rounds[-1]
    expect(page.locator("#fl-out .fr-round").first).to_have_attribute("data-round", str(last.round))
    outcomes = page.locator("#fl-out > .fr-log > .fr-round .fr-event .fr-outcome")
    expect(outcomes).to_have_text([e.outcome for e in last.events])
    bodies = replayed.state.bodies
    assert shown_state(page) == {c.name: str(c.hit_points - bodies[c.name].damage_taken) for c in log.fight.combatants}


def replay_link(href: str, mt):
    log = fight_log.read_any(href.partition("#")[2])
    return log, fight_log.replay(log, mt)


def test_add_declare_resolve_with_app_dice_and_undo(app, engine):
    # Intent: three combatants from quick blocks; each one's strike ranks show as declared (the
    # engine's schedule); a round with the app's dice shows in strike-rank order, its link
    # replays to what the page shows, the round is measured; undo takes it back.
    context, watch = app
    tables, mt = engine
    fight = engine_fight(tables)
    page = open_fight(context)
    add(page)
    state = start(fight)
    for k, (c, intent) in enumerate(zip(fight.combatants, default_intents(fight))):
        timed = schedule(c, state.bodies[c.name], intent, mt.strike_ranks)
        expect(page.locator(f"#fd-{k}-short")).to_contain_text(f"SR {timed[0].sr}:")  # in his row
    page.click("#fd-roll")
    expect(page.locator("#fd-round")).to_have_text("2")
    srs = [int(s) for s in page.locator("#fl-out .fr-round .fr-event").evaluate_all("els => els.map(e => e.dataset.sr)")]
    assert srs == sorted(srs) and srs
    expect(page.locator("#fl-out .fr-event details summary").first).to_have_text("Working")
    log, replayed = replay_link(page.locator("#fl-share").get_attribute("href"), mt)
    assert log.fight == fight and log.rounds[0].intents == default_intents(fight)
    assert_page_shows(page, log, replayed)
    assert page.evaluate("performance.getEntriesByName('fight round').length") == 1

    page.click("#fd-undo")
    expect(page.locator("#fd-round")).to_have_text("1")
    expect(page.locator("#fl-out .fr-round")).to_have_count(0)
    expect(page.locator("#fs-out .fs-body[data-condition=unhurt]")).to_have_count(3)
    watch.assert_clean()


def typed_value(sides: int, n: int) -> int:
    """A hit, then a miss, and so on; small numbers on the damage and location dice."""
    if sides == 100:
        return (30, 85)[n % 2]
    return min(sides, 3 + n % 4)


def test_typed_dice_ask_for_each_die_and_give_the_engines_round(app, engine):
    # Intent: "my dice" asks for each die in turn (which die, for what); a roll off the die is
    # refused beside the field; once every roll is in, the round is the engine's for those rolls.
    context, watch = app
    tables, mt = engine
    fight = engine_fight(tables, THREE[:2])
    page = open_fight(context)
    add(page, THREE[:2])
    page.click("#fd-start")
    expect(page.locator("#fd-typing")).to_be_visible()
    page.fill("#fd-typed", "101")
    page.click("#fd-next")
    expect(page.locator("#fd-typed-error")).to_contain_text("101")
    typed: list[int] = []
    for n in range(40):
        if page.locator("#fd-typing").is_hidden():
            break
        ask = page.locator("#fd-ask .cx-ask")
        sides = int(ask.get_attribute("data-sides"))
        expect(ask).to_contain_text(f"Roll {len(typed) + 1}: a D{sides}")
        typed.append(typed_value(sides, n))
        page.fill("#fd-typed", str(typed[-1]))
        page.click("#fd-next")
    expected = resolve_round(fight, start(fight), default_intents(fight), dice=ScriptedDice(typed), tables=mt)
    assert expected.rolls == tuple(typed)
    outcomes = page.locator("#fl-out .fr-round .fr-event .fr-outcome")
    expect(outcomes).to_have_text([e.outcome for e in expected.events])
    expect(page.locator("#fl-out .fr-dice li")).to_have_text([f"D{m.sides} {v} — {m.purpose}"
                                                              for m, v in zip(expected.made, typed, strict=True)])
    watch.assert_clean()


def test_the_link_and_the_json_export_reopen_the_same_fight(app, engine, warm_profiles, viewport):
    # Intent: two rounds later, the fight's link opened on another device (another browser
    # profile, nothing in its storage) and its JSON export imported there both replay to the
    # same state and the same log.
    context, watch = app
    _, mt = engine
    page = open_fight(context)
    add(page)
    for round_number in (2, 3):
        page.click("#fd-roll")
        expect(page.locator("#fd-round")).to_have_text(str(round_number))
    href = page.locator("#fl-share").get_attribute("href")
    state_text = page.locator("#fs-out").inner_text()
    log_text = page.locator("#fl-out .fr-round").first.inner_text()
    with page.expect_download() as download:
        page.click("#fl-export")
    exported = download.value.path().read_text(encoding="utf-8")
    assert json.loads(exported)["kind"] == "fight"

    for how in ("link", "file"):
        other_context, other_watch = warm_profiles.lend(viewport, "another device")
        try:
            if how == "link":
                other = other_context.new_page()
                other.goto(href)
                other.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
            else:
                other = open_fight(other_context)
                other.locator(".fi-box summary").click()
                path = download.value.path().with_name("fight.json")
                path.write_text(exported, encoding="utf-8")
                other.set_input_files("#fi-file", str(path))
            expect(other.locator("#fight-mode")).to_be_visible()
            expect(other.locator("#fd-round")).to_have_text("3")
            assert other.locator("#fs-out").inner_text() == state_text
            assert other.locator("#fl-out .fr-round").first.inner_text() == log_text
            expect(other.locator("#fl-out .fr-log")).to_have_attribute("data-rounds", "2")
        finally:
            warm_profiles.give_back(other_context, other_watch)
        other_watch.assert_clean()
    log, replayed = replay_link(href, mt)
    assert_page_shows(page, log, replayed)
    watch.assert_clean()


def test_a_bad_value_names_its_field_and_nothing_typed_is_lost(app):
    # Intent: a bad stat or statement is explained beside its field, what was typed stays,
    # and a reload keeps the fight and the half-typed statement (localStorage draft).
    context, watch = app
    page = open_fight(context)
    page.fill("#fa-name", "Aldo")
    page.fill("#fa-str", "ab")
    page.click("#fa-add")
    expect(page.locator("#fa-str-error")).to_contain_text("STR: 'ab'")
    expect(page.locator("#fa-str")).to_have_value("ab")
    expect(page.locator("#fc-list .fc-item")).to_have_count(0)
    page.fill("#fa-str", "12")
    page.fill("#fa-name", "")
    add(page, THREE[:2])
    page.click("#fd-0-more > summary")  # a second action is one tap away in the compact row
    page.select_option("#fd-0-a1-do", "move")
    page.fill("#fd-0-a1-n", "99")
    page.click("#fd-roll")
    expect(page.locator("#fd-0-error")).to_contain_text("Aldo — action 2, metres")
    expect(page.locator("#fd-0-a1-n")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#fl-out .fr-round")).to_have_count(0)
    page.fill("#fd-0-a1-n", "far")
    page.click("#fd-roll")
    expect(page.locator("#fd-0-error")).to_contain_text("'far'")

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(page.locator("#fc-list .fc-item")).to_have_count(2)
    flows.open_row(page, 0)
    expect(page.locator("#fd-0-a1-do")).to_have_value("move")
    expect(page.locator("#fd-0-a1-n")).to_have_value("far")
    watch.assert_clean()


def test_the_exchange_tab_still_works_beside_the_fight(app):
    # Intent: the two modes switch with their tabs; the exchange opens by default.
    context, watch = app
    page = open_ready(context, "combat.html")
    expect(page.locator("#exchange-mode")).to_be_visible()
    expect(page.locator("#fight-mode")).to_be_hidden()
    page.click("#tab-fight")
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(page.locator("#tab-fight")).to_have_attribute("aria-current", "page")
    page.click("#tab-exchange")
    expect(page.locator("#exchange-mode")).to_be_visible()
    page.click("#cx-roll")
    expect(page.locator("#cx-result .cx-result")).to_have_count(1)
    watch.assert_clean()


def test_a_saved_character_fights_and_takes_his_experience_marks_home(app):
    # Intent: a saved adventurer joins with his sheet's numbers; what he did well is marked;
    # the marks go to his saved sheet with the results, each once, and nothing is rolled: the
    # checks come "At the end of the scenario" (RQ-134). Until 0.4.0 a button here rolled them.
    from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer, load_adventurer
    from pyengine.runequest.sheet.characteristics import Characteristics

    context, watch = app
    hero = Adventurer(
        name="Rurik",
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )
    record = dump_adventurer(hero).decode()
    store_items(context, {"strike-rank/character/rurik": record})
    page = open_fight(context)
    page.select_option("#fa-source", "rurik")
    expect(page.locator("#fa-quick")).to_be_hidden()
    page.fill("#fa-name", "Rurik")
    page.fill("#fa-side", "A")
    page.click("#fa-add")
    expect(page.locator("#fc-list .fc-item")).to_have_count(1)
    expect(page.locator("#fc-list .fc-item")).to_contain_text("from a saved character")
    page.select_option("#fa-source", "")
    add(page, THREE[1:2])
    page.click("#fd-start")
    for _ in range(40):  # every D100 a 05: every blow and every parry succeeds
        if page.locator("#fd-typing").is_hidden():
            break
        sides = int(page.locator("#fd-ask .cx-ask").get_attribute("data-sides"))
        page.fill("#fd-typed", "5" if sides == 100 else "1")
        page.click("#fd-next")
    rurik = page.locator("#fx-out li[data-name=Rurik]")
    expect(rurik).to_contain_text("broadsword attack")
    expect(rurik).to_contain_text("rolled when the scenario ends")
    expect(page.locator("#fx-out button")).to_have_count(0)
    page.click("#fw-plan")
    expect(page.locator("#fw-out .fw-who[data-name=Rurik]")).to_contain_text("experience mark kept")
    page.locator("#fw-confirm").scroll_into_view_if_needed()
    page.click("#fw-confirm")
    expect(page.locator("#fw-out")).to_contain_text("Written to the sheets of Rurik")
    saved = load_adventurer(page.evaluate("localStorage.getItem('strike-rank/character/rurik')"))
    assert saved.name == "Rurik" and "broadsword attack" in saved.current.marks
    assert saved.weapons == hero.weapons and saved.adventures == 0
    watch.assert_clean()


HOSTILE = '<img src=x onerror=alert(1)>'


def test_hostile_names_typed_or_linked_show_as_text(app, engine):
    # Intent: a name typed in the form, or carried by a fight link, is shown as text everywhere
    # (combatants, statements, state, log); nothing runs, no dialog opens (the watch says so).
    context, watch = app
    tables, mt = engine
    page = open_fight(context)
    add(page, ((HOSTILE, "A", "broadsword", ""), ("Bera", '"><b>B', "dagger", "")))
    page.click("#fd-roll")
    expect(page.locator("#fl-out .fr-round")).to_have_count(1)
    for where in ("#fc-list", "#fd-list", "#fs-out", "#fl-out"):
        expect(page.locator(where)).to_contain_text(HOSTILE)
    assert page.evaluate("document.querySelectorAll('#fight-mode img, #fight-mode b').length") == 0

    fight = engine_fight(tables, ((HOSTILE, "A", "broadsword", ""), ("Bera", "B", "dagger", "")))
    log = fight_log.FightLog(fight=fight)
    other = open_ready(context, f"combat.html#{fight_log.to_link(log)}")
    expect(other.locator("#fc-list")).to_contain_text(HOSTILE)
    assert other.evaluate("document.querySelectorAll('#fight-mode img').length") == 0
    watch.assert_clean()
