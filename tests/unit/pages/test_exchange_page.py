"""The combat page's single exchange (pyengine.pages.exchange.ExchangePage), in CPython, on the
built page's own fields: each roll typed gives the engine's own result, its link replays it,
the odds show before rolling, saved adventurers fight with their sheets' numbers, the next
blow carries the wounds, and every bad value is explained beside its field."""

from __future__ import annotations

import base64
import re

import msgspec
import pytest
from msgspec.structs import replace

from pyengine.cli import tables as source
from pyengine.cli.tables import combat_tables, hit_locations, load_tables
from pyengine.dice import RandomDice, ScriptedDice
from pyengine.pages import combat
from pyengine.pages.combat import link_mode
from pyengine.runequest.combat import exchange as engine
from pyengine.runequest.combat.exchange import next_roll, resolve_exchange
from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry, sheet_attack, sheet_defence, sheet_of
from pyengine.runequest.combat.model import Rules
from pyengine.runequest.combat.next_blow import after_blow
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.state import read_export, to_state
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.share import encode_link
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.exchange_mode import Exchange
from tests.unit.pages.page_dom import Page
from tests.worked_examples import ROLLS, engine_exchange

HUGE = "9" * 40


@pytest.fixture(scope="module")
def world():
    tables = load_tables()
    return tables, hit_locations(), combat.prerender(source)


def rurik() -> str:
    hero = Adventurer(
        name="Rurik",
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )
    return dump_adventurer(hero).decode()


def test_typed_rolls_give_the_engines_result_and_the_link_and_export_replay_it(world):
    # Browser: test_combat_page (typed rolls, link, export), test_forms_and_keyboard (the focus
    # stays on the roll field).
    tables = world[0]
    attack, defence = engine_exchange(tables)
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(ROLLS), **combat_tables())
    assert expected.outcome == "impale"
    ex = Exchange(world)
    ex.fill()
    ex.do("on_start")
    for i, roll in enumerate(ROLLS):
        needed = next_roll(attack, defence, ROLLS[:i], **combat_tables())
        ask = ex.dom.select("cx-ask", under="cx-ask")[0]
        assert ask.attrs["data-sides"] == str(needed.sides) and needed.purpose in ask.text()
        assert ex.dom.focused == "cx-typed"
        ex.dom.fill("cx-typed", str(roll))
        ex.do("on_next")
        assert ex.dom.value("cx-typed") == ""
    assert "Every roll is in" in ex.dom.text("cx-ask")
    assert "disabled" in ex.dom["cx-next"].attrs
    ex.assert_shows(expected)
    assert ex.dom.select("cx-odds-table", under="cx-odds-out")
    assert not ex.dom.shown("cx-result-empty")

    link = ex.dom["cx-share"].attrs["href"]
    assert link.startswith("./combat.html#1.") and ex.dom.address == link.removeprefix("./combat.html")
    other = Exchange(world, fragment=link.removeprefix("./combat.html"))
    other.assert_shows(expected)
    assert other.dom.text("cx-result") == ex.dom.text("cx-result")

    export = ex.dom["cx-export"]
    assert export.attrs["download"] == "exchange.json"
    head, _, body = export.attrs["href"].partition(",")
    assert head == "data:application/json;charset=utf-8;base64"
    exported = base64.b64decode(body)
    assert msgspec.json.decode(exported)["result"]["outcome"] == expected.outcome
    assert list(read_export(exported).rolls) == ROLLS


def test_the_odds_before_rolling_are_the_engines(world):
    # Browser: test_combat_page (odds), test_forms_and_keyboard (the chance less Defense).
    tables = world[0]
    attack, defence = engine_exchange(tables)
    odds = exchange_odds(attack, defence, rules=Rules(), **combat_tables())
    ex = Exchange(world, dice=RandomDice(7))
    ex.fill()
    ex.do("on_odds")
    row = next(n for n in ex.dom["cx-odds-out"].walk() if n.attrs.get("data-outcome") == "impale")
    assert row.children[-1].text() == f"{float(odds.outcomes['impale']) * 100:.1f}%"
    assert ex.card() is None
    ex.do("on_roll")
    assert ex.card() is not None
    assert ex.dom.select("cx-fact-chance", under="cx-result")[0].attrs["data-value"] == "50%"  # 55% less 5% Defense


def test_the_apps_dice_are_the_injected_ones_and_a_link_replays_them(world):
    tables = world[0]
    attack, defence = engine_exchange(tables)
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(ROLLS), **combat_tables())
    ex = Exchange(world, dice=ScriptedDice(ROLLS))
    ex.fill()
    ex.do("on_roll")
    ex.assert_shows(expected)
    Exchange(world, fragment=ex.dom.address).assert_shows(expected)


def test_bad_input_is_explained_next_to_each_field_all_at_once(world):
    # Browser: test_combat_page (bad input, damaged link).
    ex = Exchange(world, fragment="#1.damaged")
    assert "share link" in ex.dom.text("cx-link-error") and ex.dom.shown("cx-link-error")
    ex.dom.fill("att-chance", "lots")
    ex.dom.fill("def-hp", "0")
    ex.dom.fill("att-bonus", "+1Dx")
    update = ex.do("on_roll")
    assert "'lots'" in ex.dom.error("att-chance") and ex.dom.invalid("att-chance")
    assert "0" in ex.dom.error("def-hp")
    assert "damage bonus" in ex.dom.error("att-bonus")
    assert update.values == {} and ex.dom.value("att-chance") == "lots"
    assert ex.card() is None and not ex.dom.select("cx-odds-table", under="cx-odds-out")
    ex.dom.fill("att-chance", "55")
    ex.dom.fill("def-hp", "12")
    ex.dom.fill("att-bonus", "")
    ex.do("on_roll")
    assert ex.dom.error("att-chance") == "" and not ex.dom.invalid("att-chance") and ex.card() is not None


#: (field, value, the control used, what its message must name): test_forms_and_keyboard's combat rows.
BAD_VALUES = [
    ("att-chance", "", "on_roll", "attack %: empty"),
    ("att-chance", "abc", "on_roll", "attack %: 'abc'"),
    ("att-chance", "301", "on_roll", "attack %: 301 is not -100 to 300"),
    ("att-chance", HUGE[:5], "on_roll", "attack %: 99999 is not"),
    ("att-bonus", "+1D4+", "on_roll", "damage bonus: '+1D4+' ends with '+'"),
    ("att-bonus", "1000D6", "on_roll", "'1000D6'"),
    ("att-bonus", HUGE, "on_roll", "damage bonus"),
    ("def-hp", "", "on_roll", "hit points: empty"),
    ("def-hp", "0", "on_roll", "hit points: 0 is not 1 to 999"),
    ("def-hp", "ten", "on_roll", "hit points: 'ten'"),
    ("def-hp", HUGE[:4], "on_roll", "hit points: 9999 is not"),
    ("def-armour", "-1", "on_roll", "armour: -1 is not 0 to 99"),
    ("def-armour", "x", "on_roll", "armour: 'x'"),
    ("def-armour", HUGE[:3], "on_roll", "armour: 999 is not"),
    ("def-defense", "201", "on_roll", "Defense %: 201 is not 0 to 200"),
    ("def-defense", "some", "on_roll", "Defense %: 'some'"),
    ("def-defense", HUGE[:4], "on_odds", "Defense %: 9999 is not"),
    ("def-parry-chance", "", "on_roll", "parry %: empty"),
    ("def-parry-chance", "-101", "on_roll", "parry %: -101 is not"),
    ("def-parry-chance", "4O", "on_odds", "parry %: '4O'"),
    ("def-parry-chance", HUGE[:5], "on_roll", "parry %: 99999 is not"),
    ("sit-distance", "-1", "on_roll", "range in metres: -1 is not"),
    ("sit-distance", "far", "on_roll", "range in metres: 'far'"),
    ("sit-distance", HUGE[:5], "on_start", "range in metres: 99999 is not"),
    ("cx-typed", "", "on_next", "the roll: empty"),
    ("cx-typed", "0", "on_next", "the roll: 0 is not 1 to"),
    ("cx-typed", "six", "on_next", "the roll: 'six'"),
    ("cx-typed", HUGE[:3], "on_next", "roll 999 does not fit a D100"),
]
#: What a refused value must leave unshown, by the control used: the engine got nothing.
NOTHING_RESOLVED = {"on_roll": ("cx-result", "cx-odds-out"), "on_odds": ("cx-result", "cx-odds-out"),
                    "on_start": ("cx-ask", "cx-odds-out"), "on_next": ("cx-result",)}


@pytest.mark.parametrize(("field", "value", "action", "names"), BAD_VALUES,
                         ids=[f"{f}-{v[:8] or 'empty'}" for f, v, *_ in BAD_VALUES])
def test_a_bad_value_gets_a_message_naming_the_field(world, field, value, action, names):
    # Browser: test_forms_and_keyboard.test_a_bad_value_gets_a_message_naming_the_field (combat.html);
    # the page's maxlength cuts what can be typed, so the longest value each field takes is tried.
    ex = Exchange(world)
    if field == "def-parry-chance":
        ex.dom.choose("def-parry", "medium_shield")  # the parry % is read only when there is a parry
    if field == "cx-typed":
        ex.do("on_start")
        assert ex.dom.select("cx-ask", under="cx-ask")[0].attrs["data-sides"] == "100"
    maxlength = ex.dom[field].attrs.get("maxlength")
    typed = value[: int(maxlength)] if maxlength else value
    ex.dom.fill(field, typed)
    update = ex.do(action)
    assert names in ex.dom.error(field) and ex.dom.invalid(field)
    assert field not in update.values and ex.dom.value(field) == typed
    for region in NOTHING_RESOLVED[action]:
        assert ex.dom.text(region) == "" or region == "cx-odds-out" and action == "on_next"


def test_saved_adventurers_fight_with_their_own_numbers_and_stay_as_saved(world):
    # Browser: test_combat_page.test_saved_characters_fight_with_their_own_numbers.
    tables = world[0]
    record = rurik()
    _, sheet = sheet_of(record, tables)
    attack = sheet_attack(tables, sheet, 0, name="Rurik")
    defence = sheet_defence(tables, sheet, 1, "", name="Rurik")
    rolls = [20, 80, 5, 2, 12]
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(rolls), **combat_tables())
    store = MemoryStore({CHARACTER_PREFIX + "rurik": record, CHARACTER_PREFIX + "junk": "{not json", "other": "x"})
    ex = Exchange(world, store=store)
    options = [(n.attrs["value"], n.text()) for n in ex.dom["att-char"].walk() if n.tag == "option"]
    assert options == [("", "Quick stat block"), ("rurik", "Rurik")]
    ex.dom.choose("att-char", "rurik")
    ex.do("on_att_char")
    assert [n.attrs["value"] for n in ex.dom["att-weapon"].walk()] == ["0"]
    assert "disabled" in ex.dom["att-chance"].attrs and ex.dom.value("att-bonus") == sheet.damage_bonus
    ex.dom.choose("def-char", "rurik")
    ex.do("on_def_char")
    assert ex.dom.value("def-hp") == str(sheet.hit_points) and "disabled" in ex.dom["def-armour"].attrs
    ex.dom.choose("def-parry", "1")
    ex.dom.fill("def-defense", "")
    ex.type_rolls(rolls)
    ex.assert_shows(expected)
    assert store.items[CHARACTER_PREFIX + "rurik"] == record and store.items[CHARACTER_PREFIX + "junk"] == "{not json"

    ex.dom.choose("att-char", "")
    ex.do("on_att_char")
    assert "disabled" not in ex.dom["att-chance"].attrs and ex.dom.find("att-weapon").children


def test_the_next_blow_of_the_same_fight_carries_the_wounds(world):
    # Browser: test_combat_page.test_the_next_blow_of_the_same_fight_carries_the_wounds.
    tables = world[0]
    attack, defence = engine_exchange(tables)
    first_rolls = [30, 71, 2, 1, 13]  # a plain hit to the right arm
    second_rolls = [30, 71, 4, 3, 14]  # the same arm again
    first = resolve_exchange(attack, defence, dice=ScriptedDice(first_rolls), **combat_tables())
    attack2, defence2 = after_blow(attack, defence, first)
    second = resolve_exchange(attack2, defence2, dice=ScriptedDice(second_rolls), **combat_tables())
    assert second.hit_points_after < first.hit_points_after
    ex = Exchange(world)
    ex.fill()
    ex.type_rolls(first_rolls)
    ex.assert_shows(first)
    ex.dom.apply(ex.page.on_result_click({"id": "cx-again"}))
    assert f"{first.hit_points_after} hit points left" in ex.dom.text("cx-fight") and ex.dom.shown("cx-fight")
    ex.type_rolls(second_rolls)
    ex.assert_shows(second)
    # Any change to the form starts afresh.
    ex.dom.apply(ex.page.on_form_change())
    assert not ex.dom.shown("cx-fight")
    ex.type_rolls(first_rolls)
    ex.assert_shows(first)


def test_typed_dice_resolve_the_exchange_once_per_die(world, monkeypatch):
    # k dice typed: one resolution asks for the first die, and each die typed is one more
    # (replayed from the rolls so far), which asks for the next die or gives the result.
    resolutions = []
    chance = engine.effective_chance
    monkeypatch.setattr(engine, "effective_chance", lambda *a, **k: resolutions.append(1) or chance(*a, **k))
    ex = Exchange(world)
    ex.fill()
    ex.type_rolls(ROLLS)
    assert ex.card() is not None and ex.page.typed == ROLLS
    assert len(resolutions) == len(ROLLS) + 1
    # A die that does not fit is refused and costs one resolution; it is not kept.
    resolutions.clear()
    ex.do("on_start")
    ex.dom.fill("cx-typed", "150")
    ex.do("on_next")
    assert "does not fit a D100" in ex.dom.error("cx-typed") and ex.page.typed == []
    assert len(resolutions) == 2


def test_nothing_to_carry_before_a_blow_and_other_buttons_do_nothing(world):
    ex = Exchange(world)
    assert ex.page.on_again().notices == {} and ex.page.on_result_click({"id": "cx-copy"}) == ex.page.on_again()
    assert ex.do("on_next").html == {}  # no roll asked for yet


PAYLOADS = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "javascript:alert(1)", "'; alert(1); '"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_names_typed_saved_or_linked_are_shown_as_text(world, payload):
    # Browser: test_pages_for_everyone.test_text_typed_or_linked_is_shown_as_text_never_run (combat).
    tables = world[0]
    fighter = Adventurer(
        name=payload,
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
    )
    ex = Exchange(world, store=MemoryStore({CHARACTER_PREFIX + "fighter": dump_adventurer(fighter).decode()}))
    for side in ("att-char", "def-char"):
        assert [n.text() for n in ex.dom[side].walk() if n.attrs.get("value") == "fighter"] == [payload]
        ex.dom.choose(side, "fighter")
    ex.do("on_att_char")
    ex.do("on_def_char")
    ex.do("on_roll")
    assert payload in ex.dom.text("cx-result")

    attack = quick_attack(tables, "short_spear_1h", "55", "+1D4", name=f"{payload}, attacking")
    attack = replace(attack, weapon=replace(attack.weapon, name=f"{payload}'s weapon"))
    parry = replace(quick_parry(tables, "medium_shield", "40"), name=f"{payload}'s shield")
    defence = quick_defence(tables, "30", "2", "5", parry, name=f"{payload}, defending")
    result = resolve_exchange(attack, defence, dice=ScriptedDice(ROLLS), **combat_tables())
    linked = Exchange(world, fragment="#" + encode_link("exchange", to_state(attack, defence, result.roll_values), version=1))
    assert f"{payload}, defending" in linked.dom.select("cx-headline", under="cx-result")[0].text()
    for name in (f"{payload}, attacking", f"{payload}'s weapon", f"{payload}'s shield"):
        assert name in linked.dom.text("cx-result")
    linked.dom.apply(linked.page.on_result_click({"id": "cx-again"}))
    assert f"{payload}, defending has" in linked.dom.text("cx-fight")
    for html in (*ex.page.render().values(), *linked.page.render().values()):
        assert "<img" not in html and "<script" not in html


def test_a_link_of_another_kind_or_too_new_is_explained(world):
    other = Exchange(world, fragment="#" + encode_link("dice", {"expr": "1D6", "rolls": [1]}))
    assert other.dom.text("cx-link-error") == "share link: this is a 'dice' link, not a 'exchange' one; open it on the start page"
    newer = Exchange(world, fragment="#" + encode_link("exchange", {}, version=9))
    assert "newer than this app reads" in newer.dom.text("cx-link-error") and newer.card() is None
    short = Exchange(world, fragment="#" + encode_link("exchange", to_state(*engine_exchange(world[0]), [10])))
    assert "the rolls stop short" in short.dom.text("cx-link-error") and short.card() is None


def test_the_address_says_which_mode_opens():
    fight = "#" + encode_link("fight", {"fight": {"combatants": []}})
    assert [link_mode(f) for f in ("", "#", "#exchange", "#fight", fight, "#1.damaged", "#" + encode_link("dice", {}))] == [
        "exchange", "exchange", "exchange", "fight", "fight", "exchange", "exchange"]


def test_a_fight_link_cut_short_opens_fight_mode_which_says_why(world, tables):
    # Cut short (a message app's limit, a thumb's selection), a fight's link opened the one
    # exchange, with no word that it was a fight (issue 34): what is left still says its kind.
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.log import to_link
    from pyengine.share import kind_of_damaged
    from tests.unit.runequest.melee.fight_3v3 import make_log

    link = to_link(make_log(tables, melee_tables(tables, hit_locations())))
    for cut in (len(link) // 2, len(link) - 1, 200):
        assert kind_of_damaged(link[:cut]) == "fight"
        assert link_mode("#" + link[:cut]) == "fight"
    exchange = encode_link("exchange", to_state(*engine_exchange(world[0]), ROLLS))
    half = exchange[: len(exchange) // 2]
    assert kind_of_damaged(half) in (None, "exchange") and link_mode("#" + half) == "exchange"
    assert [kind_of_damaged(t) for t in ("", "1.", "1.AAAAgarbage", "2." + link[2:], "nonsense")] == [None] * 5


def test_the_page_is_prerendered_with_its_choices(world):
    slots = world[2]
    assert 'value="broadsword" selected' in slots["weapons"] and "medium_shield" in slots["parries"]
    dom = Page.built("combat.html", slots)
    assert dom.value("fa-w1") == "broadsword" and dom.value("fa-w2") == "" and dom.value("fa-w3") == ""
    assert dom.value("fa-w1-attack") == "50" and dom.value("fa-w2-parry") == "40" and dom.value("fa-w3-parry") == ""
    for n in (1, 2, 3):
        for field in (f"fa-w{n}", f"fa-w{n}-attack", f"fa-w{n}-parry"):
            assert dom[field].attrs["aria-describedby"] == f"{field}-error" and dom.error(field) == ""
    grapple = [o for o in dom["fa-w1"].walk() if o.attrs.get("value") == "grapple"]
    assert grapple and re.fullmatch(r"grapple \(2H, grapple\)", grapple[0].text())


# -- a totally helpless target, cover ----------------------------------------------------------


def test_the_form_kills_a_totally_helpless_target_outright(world):
    # "A totally helpless opponent can be killed outright with any weapon unless the attacker rolls a
    # fumble" (RQ-60): its own tick, apart from "down, held or unaware" (+20%).
    ex = Exchange(world, dice=ScriptedDice([80]))
    ex.fill()
    assert not ex.dom["sit-totally-helpless"].is_checked() and ex.dom.find("sit-helpless") is not None
    ex.dom.tick("sit-totally-helpless")
    ex.do("on_odds")
    killed = next(n for n in ex.dom["cx-odds-out"].walk() if n.attrs.get("data-outcome") == "killed")
    assert killed.children[-1].text() == "97.0%"  # a 55% spear fumbles on 98-00
    ex.do("on_roll")
    assert ex.card().attrs["data-outcome"] == "killed" and ex.card().attrs["data-condition"] == "dead"
    state = msgspec.json.decode(base64.b64decode(ex.dom["cx-export"].attrs["href"].partition(",")[2]))
    assert state["attack"]["target_totally_helpless"] is True


def test_the_form_puts_the_defender_behind_cover(world):
    # "if the hit location rolled is not actually visible to the archer, the arrow ... simply hits the
    # protection instead of the target" (RQ-61): every location is exposed until one is unticked.
    ex = Exchange(world, dice=ScriptedDice([30, 71, 4, 3, 5]))  # a hit; D20 5: the left leg
    ex.fill()
    keys = ("head", "chest", "abdomen", "right-arm", "left-arm", "right-leg", "left-leg")
    assert all(ex.dom[f"sit-exposed-{k}"].is_checked() for k in keys)
    for k in ("abdomen", "right-leg", "left-leg"):
        ex.dom.tick(f"sit-exposed-{k}", False)
    ex.do("on_roll")
    assert ex.card().attrs["data-outcome"] == "cover"
    state = msgspec.json.decode(base64.b64decode(ex.dom["cx-export"].attrs["href"].partition(",")[2]))
    assert state["defence"]["exposed"] == ["head", "chest", "right_arm", "left_arm"]
    other = Exchange(world, fragment=ex.dom.address)
    assert other.card().attrs["data-outcome"] == "cover"


def test_every_location_exposed_is_no_cover_and_none_is_refused(world):
    ex = Exchange(world, dice=ScriptedDice(ROLLS))
    ex.fill()
    ex.do("on_roll")
    state = msgspec.json.decode(base64.b64decode(ex.dom["cx-export"].attrs["href"].partition(",")[2]))
    assert state["defence"]["exposed"] is None
    for k in ("head", "chest", "abdomen", "right-arm", "left-arm", "right-leg", "left-leg"):
        ex.dom.tick(f"sit-exposed-{k}", False)
    ex.do("on_roll")
    assert "exposed" in ex.dom.error("sit-exposed") and ex.dom.invalid("sit-exposed")


def test_a_saved_adventurers_greyed_fields_show_the_numbers_the_exchange_uses(world):
    # The greyed fields show his sheet's numbers, not the quick block's 50%, armour 0 and parry 40,
    # since the engine uses his sheet. Browser: test_phone_misc.
    tables = world[0]
    record = rurik()
    _, sheet = sheet_of(record, tables)
    attack = sheet_attack(tables, sheet, 0, name="Rurik")
    defence = sheet_defence(tables, sheet, 1, "", name="Rurik")
    ex = Exchange(world, store=MemoryStore({CHARACTER_PREFIX + "rurik": record}))
    ex.dom.choose("att-char", "rurik")
    ex.do("on_att_char")
    assert ex.dom.value("att-chance") == str(attack.chance) != "50"
    ex.dom.choose("def-char", "rurik")
    ex.do("on_def_char")
    assert ex.dom.value("def-hp") == str(defence.hit_points)
    assert ex.dom.value("def-parry-chance") == ""  # no parry chosen: no parry % shown
    assert not ex.dom.shown("def-armour-field") and ex.dom.shown("def-armour-used")
    shown = {n.attrs["data-location"]: int(n.attrs["data-value"]) for n in ex.dom["def-armour-used"].walk() if n.tag == "li"}
    assert shown == {key.value: defence.armour.get(key, 0) for key in defence.locations} and max(shown.values()) > 0
    ex.dom.choose("def-parry", "1")
    ex.do("on_form_change")
    assert ex.dom.value("def-parry-chance") == str(defence.parry.chance)
    ex.dom.choose("def-char", "")
    ex.do("on_def_char")
    assert ex.dom.shown("def-armour-field") and not ex.dom.shown("def-armour-used")


def test_swapping_attacker_and_defender_carries_the_wounds_of_this_fight(world):
    # "Swap attacker and defender" for the return blow; each keeps his wounds.
    tables = world[0]
    a_attack, b_defence = engine_exchange(tables)
    first_rolls = [30, 71, 2, 1, 13]  # A's plain hit to B's right arm
    first = resolve_exchange(a_attack, b_defence, dice=ScriptedDice(first_rolls), **combat_tables())
    a_attack2, b_wounded = after_blow(a_attack, b_defence, first)
    ex = Exchange(world)
    ex.fill()
    ex.type_rolls(first_rolls)
    ex.assert_shows(first)
    ex.dom.apply(ex.page.on_result_click({"id": "cx-swap"}, ex.dom.values("exchange-mode")))
    # B's attack and A's hit points were never given: left empty, asked for, never guessed.
    assert ex.dom.value("att-chance") == "" and ex.dom.value("def-hp") == ""
    assert "empty" in ex.dom.error("att-chance") and "empty" in ex.dom.error("def-hp")
    assert "Return blow" in ex.dom.text("cx-fight")
    ex.dom.choose("att-weapon", "broadsword")
    ex.dom.fill("att-chance", "45")
    ex.dom.fill("def-hp", "11")
    ex.dom.fill("def-armour", "3")
    ex.do("on_form_change")
    b_attack = quick_attack(tables, "broadsword", "45", "")
    a_defence = quick_defence(tables, "11", "3", "0", None)
    back_rolls = [10, 5, 15]  # B hits A
    back = resolve_exchange(b_attack, a_defence, dice=ScriptedDice(back_rolls), **combat_tables())
    ex.type_rolls(back_rolls)
    ex.assert_shows(back)
    _, a_wounded = after_blow(b_attack, a_defence, back)
    # Swap again: A strikes B, whose wounds of the first blow are carried, and his fields come back.
    ex.dom.apply(ex.page.on_result_click({"id": "cx-swap"}, ex.dom.values("exchange-mode")))
    assert ex.dom.value("att-chance") == "55" and ex.dom.value("def-hp") == "12" and ex.dom.value("def-parry") == "medium_shield"
    text = ex.dom.text("cx-fight")
    assert f"{b_wounded.hit_points - b_wounded.damage_taken} of 12" in text and f"{11 - a_wounded.damage_taken} of 11" in text
    third_rolls = [30, 71, 4, 3, 14]
    third = resolve_exchange(a_attack2, b_wounded, dice=ScriptedDice(third_rolls), **combat_tables())
    ex.type_rolls(third_rolls)
    ex.assert_shows(third)
    assert third.hit_points_after < first.hit_points_after
    # The link carries the carried wounds (the blow's own defence): it replays the same.
    again = Exchange(world, fragment="#" + ex.page.shown_link)
    again.assert_shows(third)
    # Another Who starts afresh.
    ex.do("on_att_char")
    assert ex.page.bout is None and not ex.dom.shown("cx-fight")


def test_a_roll_brings_its_result_into_view_and_a_refusal_does_not(world):
    # Browser: test_results_in_view (the result's top inside the phone's screen after the tap).
    ex = Exchange(world, dice=RandomDice(7))
    ex.fill()
    assert ex.do("on_roll").scroll == "cx-result"
    ex.type_rolls(ROLLS[:-1])
    assert ex.page.typing is not None and ex.page.typing.needed is not None
    ex.dom.fill("cx-typed", str(ROLLS[-1]))
    assert ex.do("on_next").scroll == "cx-result"  # the last die typed: the result
    ex.dom.fill("att-chance", "")
    assert ex.do("on_roll").scroll == ""  # refused beside its field: the eyes stay there
