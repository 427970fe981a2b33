"""Fight mode's renderers: everyone's state, the statements with their strike ranks, the round in
strike-rank order with its working, experience marks; every name escaped; engine field paths
turned into the form's field ids."""

from __future__ import annotations

import re
from xml.etree import ElementTree as ET

import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.cli.tables import load_tables
from pyengine.dice import ScriptedDice
from pyengine.html import to_html, to_xml
from pyengine.runequest.melee import render
from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
from pyengine.runequest.melee.intent import Intent, ParryIntent, Strike
from pyengine.runequest.melee.model import Fight, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.timing import schedule
from pyengine.runequest.reading import location_reading


def tree(node) -> ET.Element:
    """The rendered element, written and read back, to search with ElementTree's paths."""
    return ET.fromstring(to_xml(node))


@pytest.fixture(scope="module")
def world():
    tables = load_tables()
    mt = melee_tables(tables, default_locations())
    aldo = quick_combatant(tables, name="Aldo", side="A", STR=13, CON=12, SIZ=13, DEX=12, hit_points=13,
                           weapons=[QuickWeapon(weapon="broadsword", attack=60, parry=40),
                                    QuickWeapon(weapon="medium_shield", parry=50)], armour=3, defense=10)
    bera = quick_combatant(tables, name="Bera", side="B", STR=11, CON=12, SIZ=10, DEX=14, hit_points=12,
                           weapons=[QuickWeapon(weapon="short_spear_1h", attack=55, parry=40)], armour=2)
    fight = Fight(combatants=(aldo, bera))
    return tables, mt, fight


def intents(fight):
    aldo, bera = fight.combatants
    return (
        Intent(who=aldo.name, actions=(Strike(arm=aldo.arms[0].name, target=bera.name),),
               parries=(ParryIntent(arm=aldo.arms[1].name),)),
        Intent(who=bera.name, actions=(Strike(arm=bera.arms[0].name, target=aldo.name),),
               parries=(ParryIntent(arm=bera.arms[0].name),)),
    )


#: Bera's spear (SR 6) strikes first and hits a leg; then Aldo (SR 7) hits Bera's head.
def resolved(world, rolls=(30, 90, 5, 3, 20, 80, 8, 20)):
    _, mt, fight = world
    return resolve_round(fight, start(fight), intents(fight), dice=ScriptedDice(list(rolls)), tables=mt)


def test_the_round_reads_in_strike_rank_order_with_the_working_a_tap_away(world):
    result = resolved(world)
    html = to_html(render.render_round(result))
    node = ET.fromstring(html)
    events = node.findall(".//li[@class]")
    events = [e for e in events if "fr-event" in e.get("class")]
    assert [int(e.get("data-sr")) for e in events] == sorted(int(e.get("data-sr")) for e in events)
    assert events[0].get("data-who") == "Bera"
    assert len(events) == len(result.events)
    for event, li in zip(result.events, events):
        assert event.outcome in "".join(li.itertext())
        if event.exchange is not None:
            details = li.find("details")
            assert details is not None and details.find("summary").text == "Working"
            assert details.find(".//*[@class='cx-headline']").text == event.exchange.headline
    # Each die says what it was for (issue 34), in the order rolled.
    dice = node.find(".//*[@class='help fr-dice']")
    assert [m.value for m in result.made] == list(result.rolls)
    assert ["".join(li.itertext()) for li in dice.iter("li")] == [f"D{m.sides} {m.value} — {m.purpose}"
                                                                  for m in result.made]


def test_everyones_state_shows_hit_points_by_location_in_text(world):
    result = resolved(world)
    _, _, fight = world
    node = tree(render.render_state(fight, result.state))
    bodies = node.findall("article")
    assert [b.get("data-name") for b in bodies] == [c.name for c in fight.combatants]
    for c, body in zip(fight.combatants, bodies):
        b = result.state.bodies[c.name]
        assert body.get("data-hp") == str(c.hit_points - b.damage_taken)
        assert f"Hit points {c.hit_points - b.damage_taken} of {c.hit_points}" in "".join(body.itertext())
        for cell in body.iter("td"):
            key = cell.get("data-location")
            left = c.locations[key] - b.wounds.get(key, 0)
            assert cell.text == location_reading(left, c.locations[key], severed=key in b.severed)
            assert cell.text.endswith(" out") == (left <= 0 and key not in b.severed)
        text = "".join(body.iter("ul").__next__().itertext())
        assert "in hand:" in text
        for rounds in (b.bleeding.values() if b.condition != "dead" else ()):
            assert f"dies in {rounds} round" in text
        assert render.CONDITION_WORDS[b.condition] in "".join(body.find("h3").itertext())


def test_names_from_people_and_links_are_escaped(world):
    from pyengine.runequest.melee.build import renamed

    _, _, plain = world
    fight = Fight(combatants=(renamed(plain.combatants[0], "Aldo <the bold>"), plain.combatants[1]))
    html = to_html(render.render_combatants(fight, removable=True))
    assert "Aldo &lt;the bold&gt;" in html and "<the bold>" not in html
    html = to_html(render.render_state(fight, start(fight)))
    assert "<the bold>" not in html


def test_the_statement_form_is_filled_from_the_draft_and_shows_the_strike_ranks(world):
    _, mt, fight = world
    state = start(fight)
    aldo = fight.combatants[0]
    draft = render.default_declaration(fight, state, aldo)
    assert draft["actions"][0] == {"do": "attack", "arm": "broadsword", "target": "Bera"}
    assert draft["parries"][0]["arm"] == aldo.arms[1].name
    timed = schedule(aldo, state.bodies[aldo.name], intents(fight)[0], mt.strike_ranks)
    node = tree(render.render_declaration(fight, state, 0, draft, timed))
    assert node.get("id") == "fd-0"
    row = node.find(".//div[@id='fd-0-a0']")
    assert row.get("data-do") == "attack"
    chosen = node.find(".//select[@id='fd-0-a0-target']/option[@selected]")
    assert chosen.get("value") == "Bera"
    sr = node.find(".//div[@id='fd-0-sr']//li")
    assert sr.get("data-sr") == str(timed[0].sr)
    assert node.find(".//input[@id='fd-0-def-1']") is not None  # Defense split against Bera
    assert node.find(".//input[@id='fd-0-def-0']") is None  # not against himself


def test_too_late_actions_are_marked_in_words():
    from pyengine.runequest.melee.intent import Move
    from pyengine.runequest.melee.timing import Timed
    from pyengine.working import Step

    timed = [Timed(who="Aldo", index=0, action=Move(metres=30), sr=14,
                   working=Step(field="sr", text="move 30 m 14 = SR 14", value=14),
                   too_late="SR 14 is past 12: no time this round")]
    html = to_html(render.render_schedule(timed))
    assert 'class="too-late"' in html and "no time this round" in html


def test_engine_field_paths_become_form_fields():
    assert render.field_for("intents[1].actions[0].target", "'X' is not in the fight", [0, 2], [[0], [1]]) == (
        "fd-2-a1-target", "action 2, target: 'X' is not in the fight")
    assert render.field_for("intents[0].parries[1].arm", "no", [3], [[]])[0] == "fd-3-p1-arm"
    assert render.field_for("intents[0].defense", "30% allotted", [1], [[]])[0] == "fd-1-defense"
    assert render.field_for("intents[0].actions[0].metres", "too far", [0], [[2]])[0] == "fd-0-a2-n"
    assert render.field_for("", "something else", [0], [[]]) == ("", "something else")


def test_experience_marks_per_combatant(world):
    result = resolved(world)
    _, _, fight = world
    node = tree(render.render_marks(fight, result.state))
    items = node.findall("li")
    assert [li.get("data-name") for li in items] == [c.name for c in fight.combatants]
    for c, li in zip(fight.combatants, items):
        marks = result.state.bodies[c.name].marks
        assert li.get("data-marks") == str(len(marks))
        for mark in marks:
            assert mark in "".join(li.itertext())


def test_the_log_puts_the_latest_round_first(world):
    first = resolved(world)
    node = tree(render.render_log([first, first]))
    assert node.get("data-rounds") == "2"
    assert node[0].tag == "section" and node[1].tag == "details"
    assert tree(render.render_log([])).get("id") == "fl-empty"


def test_a_refused_statement_is_drawn_with_its_fields_marked_and_the_last_message_in_his_note(world):
    _, _, fight = world
    state = start(fight)
    draft = {"actions": [{"do": "move", "n": "99"}], "parries": [], "defense": {"Bera": "x"}, "surprised": False}
    errors = {"fd-0-a0-n": "action 1, metres: 99 is not 1 to 30", "fd-0-def-1": "Defense against Bera: 'x'"}
    node = tree(render.render_declaration(fight, state, 0, draft, None, errors))
    assert node.find(".//input[@id='fd-0-a0-n']").get("aria-invalid") == "true"
    assert node.find(".//input[@id='fd-0-def-1']").get("aria-invalid") == "true"
    assert node.find(".//*[@id='fd-0-a0-n-error']").get("hidden") is not None  # the page clears the mark by it
    note = node.find(".//p[@id='fd-0-error']")
    assert note.get("hidden") is None and note.text == "Aldo — Defense against Bera: 'x'"
    assert node.find(".//details[@id='fd-0-defense']").get("open") == "open"
    clean = tree(render.render_declaration(fight, state, 1, render.default_declaration(fight, state, fight.combatants[1]), None, errors))
    assert clean.find(".//p[@id='fd-1-error']").get("hidden") is not None and "aria-invalid" not in to_xml_text(clean)
    whole = tree(render.render_declaration(fight, state, 0, draft, None, {"fd-0": "no statement fits"}))
    assert whole.get("aria-invalid") == "true"


def to_xml_text(node) -> str:
    return ET.tostring(node, encoding="unicode")


def test_a_statement_drawn_again_in_its_place_is_its_inside(world):
    _, _, fight = world
    state = start(fight)
    box = render.render_declaration(fight, state, 0, render.default_declaration(fight, state, fight.combatants[0]))
    inner = render.inner_html(box)
    assert to_html(box) == f'<div class="fd-who" id="fd-0" data-name="Aldo" data-condition="unhurt">{inner}</div>'
    assert render.render_declarations(None, None, {}).text == "Add combatants first."


def test_the_quick_blocks_weapon_rows_are_the_fights_choices(world):
    tables, _, _ = world
    html = render.render_quick_weapons(tables)
    node = ET.fromstring("<div>" + re.sub(r"(<input[^>]*)>", r"\1/>", html) + "</div>")  # HTML's void inputs, as XML
    rows = node.findall("div[@class='fa-weapon']")
    assert len(rows) == 3
    choices = dict(render.quick_weapon_choices(tables))
    assert {"broadsword", "grapple", "self_bow", "medium_shield"} <= set(choices)
    for n, row in enumerate(rows, start=1):
        select = row.find(f".//select[@id='fa-w{n}']")
        values = [o.get("value") for o in select.findall("option")]
        assert values == ([] if n == 1 else [""]) + list(choices)
        for field in (f"fa-w{n}", f"fa-w{n}-attack", f"fa-w{n}-parry"):
            assert row.find(f".//*[@id='{field}-error']") is not None
    assert rows[0].find(".//option[@selected]").get("value") == "broadsword"
    assert rows[0].find(".//input[@id='fa-w1-attack']").get("value") == "50"


def test_the_fights_export_button_and_notices():
    assert to_html(render.export_button()) == '<button type="button" id="fl-export">Export JSON</button>'
    assert render.render_notice("<b>x</b>") == '<p class="notice">&lt;b&gt;x&lt;/b&gt;</p>'


def test_a_slow_missile_reloading_and_a_weapon_picked_up_read_in_his_state(world):
    """ "1/2R means one shot every 2 melee rounds" (RQ-55): after the shot, one more round before it shoots;
    a weapon "picked up in the middle of a melee" is at half (RQ-73)."""
    from pyengine.runequest.melee.model import Body

    _, _, fight = world
    aldo = fight.combatants[0]
    body = Body(in_hand=("broadsword",), reload={"crossbow": 1}, unfamiliar=("broadsword",))
    text = "".join(tree(render.render_body(aldo, body)).find("ul").itertext())
    assert "crossbow: reloading, 1 more round before it shoots again (RQ-55)" in text
    assert "picked up in this melee, at half: broadsword" in text
