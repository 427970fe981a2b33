"""Fight mode's table view (issue 34): a row's words (hit points now of the most, the locations out,
what the last round changed, the statement in short), the strike-rank ruler (SR 1 to 12, actions at
the same strike rank together, those with no time left marked apart), each name's tag on it."""

from __future__ import annotations

from xml.etree import ElementTree as ET

import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.cli.tables import load_tables
from pyengine.html import to_xml
from pyengine.runequest.melee import table
from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
from pyengine.runequest.melee.intent import Intent, Strike
from pyengine.runequest.melee.model import Body, Fight, start
from pyengine.runequest.melee.timing import schedule


@pytest.fixture(scope="module")
def world():
    tables = load_tables()
    mt = melee_tables(tables, default_locations())

    def fighter(name: str, side: str, dex: int):
        return quick_combatant(tables, name=name, side=side, STR=13, CON=12, SIZ=13, DEX=dex, hit_points=13,
                               weapons=[QuickWeapon(weapon="broadsword", attack=60, parry=40)], armour=3)

    fight = Fight(combatants=(fighter("Aldo", "A", 12), fighter("Bandit 1", "B", 12), fighter("Bandit 2", "B", 9)))
    return mt, fight


def test_a_location_at_or_below_0_reads_out_and_a_severed_limb_severed(world):
    # Seed ch. III, "Notes on Damage Results" 1: points equalled or exceeded in any one location put it
    # out of use; 3: a limb struck for 6 more than it can hold is severed (ruling "Out").
    _, fight = world
    aldo = fight.combatants[0]
    arm = aldo.locations["left_arm"]
    assert table.out_locations(aldo, Body()) == []
    assert table.out_locations(aldo, Body(wounds={"left_arm": arm - 1})) == []
    assert table.out_locations(aldo, Body(wounds={"left_arm": arm})) == ["L arm out"]
    assert set(table.out_locations(aldo, Body(wounds={"left_arm": arm, "head": 9}, severed={"right_leg": 0}))) == {
        "head out", "R leg severed", "L arm out"}


def test_what_a_round_changed_in_a_row_is_said_in_short(world):
    _, fight = world
    aldo = fight.combatants[0]
    arm = aldo.locations["left_arm"]
    before = Body(damage_taken=2, wounds={"chest": 2}, condition="fighting")
    after = Body(damage_taken=2 + arm, wounds={"chest": 2, "left_arm": arm}, condition="fighting")
    assert table.changes(aldo, before, after) == [f"\u2212{arm} HP", "L arm out"]
    assert table.changes(aldo, after, after) == []
    assert table.changes(aldo, Body(), Body(damage_taken=14, wounds={"chest": 14}, condition="unconscious")) == [
        "\u221214 HP", "chest out", "now unconscious"]


def test_a_statement_in_short_has_its_strike_rank_target_and_parry(world):
    mt, fight = world
    aldo = fight.combatants[0]
    state = start(fight)
    timed = schedule(aldo, state.bodies["Aldo"], Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bandit 2"),)),
                     mt.strike_ranks)
    assert table.short_statement(timed, ["broadsword"]) == (
        f"SR {timed[0].sr}: attacks Bandit 2 with the broadsword \u00b7 parry: broadsword")
    assert table.short_statement([], []) == "no action"
    assert table.short_statement(None, []) == "statement not finished: tap to finish it"


def test_each_name_has_its_own_tag_on_the_ruler(world):
    _, fight = world
    assert table.tags(fight) == {"Aldo": "Ald", "Bandit 1": "Ba1", "Bandit 2": "Ba2"}
    twins = Fight(combatants=tuple(c.__class__(**{**{f: getattr(c, f) for f in c.__struct_fields__}, "name": n})
                                   for c, n in zip(fight.combatants, ("Rurik", "Rurika", "Rur"), strict=True)))
    tags = table.tags(twins)
    assert len(set(tags.values())) == 3 and tags["Rurik"] == "Rur"


def test_the_ruler_runs_from_sr_1_to_12_with_actions_at_one_strike_rank_together(world):
    # Seed ch. IV: the melee round is divided into 12 strike ranks; actions at the same strike rank are
    # simultaneous. The two bandits of DEX 12 and 9 with the same weapon and SIZ strike at different SRs.
    mt, fight = world
    state = start(fight)
    schedules = {}
    for c, foe in zip(fight.combatants, ("Bandit 1", "Aldo", "Aldo"), strict=True):
        schedules[c.name] = schedule(c, state.bodies[c.name], Intent(who=c.name, actions=(
            Strike(arm="broadsword", target=foe),)), mt.strike_ranks)
    node = ET.fromstring(to_xml(table.render_timeline(fight, state, schedules)))
    columns = node.findall(".//ol[@class='tl-ruler']/li")
    assert [li.get("data-sr") for li in columns] == [str(n) for n in range(1, 13)]
    at = {li.get("data-sr"): [a.get("data-who") for a in li.iter("li") if a.get("data-who")] for li in columns}
    for name, timed in schedules.items():
        assert name in at[str(timed[0].sr)]
    together = [sr for sr, who in at.items() if len(who) > 1]
    for sr in together:
        assert "tl-together" in next(li for li in columns if li.get("data-sr") == sr).get("class")
    # A statement not finished is named under the ruler, never placed on it.
    node = ET.fromstring(to_xml(table.render_timeline(fight, state, {**schedules, "Aldo": None})))
    assert "Aldo" in node.find(".//p[@class='help tl-unfinished']").text
    assert not [a for a in node.iter("li") if a.get("data-who") == "Aldo"]


def test_an_action_with_no_time_left_stands_apart_marked(world):
    mt, fight = world
    state = start(fight)
    late = [t.__class__(**{**{f: getattr(t, f) for f in t.__struct_fields__}, "sr": 14, "too_late": "SR 14 is past 12"})
            for t in schedule(fight.combatants[0], state.bodies["Aldo"], Intent(who="Aldo", actions=(
                Strike(arm="broadsword", target="Bandit 1"),)), mt.strike_ranks)]
    node = ET.fromstring(to_xml(table.render_timeline(fight, state, {"Aldo": late, "Bandit 1": [], "Bandit 2": []})))
    late_column = node.find(".//li[@data-sr='late']")
    assert late_column is not None and late_column.find(".//li[@data-who='Aldo']").get("class").endswith("tl-late")
