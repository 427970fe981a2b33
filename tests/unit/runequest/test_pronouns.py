"""Pronouns come from the adventurer (issue 34, RQ-145): "he, she or they, chosen on the sheet; "they" by
default, and older records read as "they" unless set" — the record (format 4), its links and its words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest

from pyengine.cli.tables import hit_locations
from pyengine.dice import ScriptedDice
from pyengine.errors import RecordError, RulesError
from pyengine.runequest.campaign.changes import spend, take_damage
from pyengine.runequest.campaign.current import Current
from pyengine.runequest.campaign.health import frame_of, vitals
from pyengine.runequest.campaign.scenario import end_scenario
from pyengine.runequest.campaign.writeback import apply_write_back, plan_write_back
from pyengine.runequest.healing.model import Healing
from pyengine.runequest.healing.treatment import heal
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.log import read_any, replay
from pyengine.runequest.melee.model import Fight, start
from pyengine.runequest.melee.statement import Intent, Strike
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet import state as sheet_link
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from tests.unit.runequest.campaign.campaign_world import answering, broo, fighter, play, rurik

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


def test_each_pronoun_gives_every_form_and_the_verb_that_agrees():
    she, he, they = Pronouns.SHE, Pronouns.HE, Pronouns.THEY
    assert (she.he, she.him, she.his, she.himself, she.he_is) == ("she", "her", "her", "herself", "she is")
    assert (he.he, he.him, he.his, he.himself, he.he_is) == ("he", "him", "his", "himself", "he is")
    assert (they.he, they.him, they.his, they.himself, they.he_is) == ("they", "them", "their", "themselves", "they are")
    assert she.does("falls", "fall") == "she falls" and they.does("falls", "fall") == "they fall"
    assert they.he_has == "they have" and she.he_was == "she was"


def test_a_new_adventurer_is_they_and_a_chosen_pronoun_is_kept_in_the_record():
    assert rurik().pronouns is Pronouns.THEY
    vasana = rurik(name="Vasana", pronouns=Pronouns.SHE)
    data = json.loads(dump_adventurer(vasana))
    assert data["pronouns"] == "she" and data["format"] == 4
    assert load_adventurer(dump_adventurer(vasana)).pronouns is Pronouns.SHE


@pytest.mark.parametrize("name", ["adventurer-format-1.json", "adventurer-format-2.json", "adventurer-format-3.json"])
def test_an_older_record_without_pronouns_reads_as_they(name):
    raw = (GOLDEN / name).read_bytes()
    assert "pronouns" not in json.loads(raw)
    assert load_adventurer(raw).pronouns is Pronouns.THEY


def test_the_format_4_golden_record_opens_as_she_and_writes_back_byte_for_byte():
    raw = (GOLDEN / "adventurer-format-4.json").read_bytes().strip()
    a = load_adventurer(raw)
    assert a.name == "Vasana" and a.pronouns is Pronouns.SHE and a.format == 4
    assert a.current.marks == ("broadsword attack", "dagger@left parry", "defense")
    assert dump_adventurer(a) == raw


def test_a_format_3_record_with_pronouns_is_refused_and_a_bad_pronoun_is_named():
    raw = json.loads((GOLDEN / "adventurer-format-3.json").read_bytes())
    with pytest.raises(RecordError, match="format 3 has no pronouns"):
        load_adventurer({**raw, "pronouns": "she"})
    with pytest.raises(RecordError, match="pronouns"):
        load_adventurer({**raw, "format": 4, "pronouns": "it"})


def test_a_sheet_link_carries_she_and_leaves_they_out():
    vasana = rurik(name="Vasana", pronouns=Pronouns.SHE)
    state = sheet_link.to_state(vasana)
    assert state["pronouns"] == "she"
    assert sheet_link.from_state(state).pronouns is Pronouns.SHE
    assert "pronouns" not in sheet_link.to_state(rurik())
    assert sheet_link.from_state(sheet_link.to_state(rurik())).pronouns is Pronouns.THEY


# -- the words: write-back, experience, the sheet's state, healing, the fight ---------------------------------

@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, hit_locations())


VID = "vasana-1"


def vasana(tables):
    """A woman with 3 points in the chest from an earlier fight."""
    she = msgspec.structs.replace(rurik(), name="Vasana", pronouns=Pronouns.SHE)
    return take_damage(she, tables, location="chest", points=3, cause="an old wound", fight="Ambush", round=2).adventurer


def dagger_to_the_chest(fight, mt):
    intents = (Intent(who="Broo", actions=(Strike(arm="dagger", target="Vasana"),)),)
    return play(fight, start(fight), intents, mt, answering(("Broo attacks", {100: 10, 20: 12, 4: 1})))


def test_a_she_adventurers_write_back_plan_says_her(tables, mt):
    before = vasana(tables)
    fight = Fight(combatants=(fighter(tables, before, VID), broo(tables)))
    rounds = [dagger_to_the_chest(fight, mt)]
    after = apply_write_back(plan_write_back(fight, rounds, {VID: before}, tables, fight_id="f-1"))[VID]
    again = plan_write_back(fight, rounds, {VID: after}, tables, fight_id="f-1").plans[0]
    assert [s.text for s in again.changes] == ["this fight is on her sheet already, up to round 1"]
    with pytest.raises(RulesError, match="Vasana: round 1 of this fight is on her sheet already"):
        apply_write_back(plan_write_back(fight, rounds, {VID: before}, tables, fight_id="f-1"), {VID: after})
    edited = take_damage(before, tables, location="head", points=1).adventurer
    plan = plan_write_back(fight, rounds, {VID: edited}, tables, fight_id="f-1").plans[0]
    assert plan.changes[0].text.startswith("her sheet's wounds are not those this fight started from")
    assert not any(re.search(r"\b(his|him|he|their)\b", s.text) for s in plan.changes), plan.changes


def test_a_she_adventurers_experience_says_defense_saved_her(tables):
    she = msgspec.structs.replace(rurik(), name="Vasana", pronouns=Pronouns.SHE, defense=5,
                                  current=Current(marks=("defense",)))
    ended = end_scenario(she, tables, ScriptedDice([10]))
    assert [s.text for s in ended.steps if "Defense saved" in s.text] == ["Defense saved her: INT 13 or less on D100, rolled 10: +5%"]
    them = end_scenario(rurik(defense=5, current=Current(marks=("defense",))), tables, ScriptedDice([10]))
    assert any(s.text.startswith("Defense saved them: ") for s in them.steps)


def test_the_sheets_words_of_her_state_money_and_healing_say_she(tables):
    she = vasana(tables)
    assert spend(she, lunars=10, what="a room").steps[0].text.endswith("(ENC counts what she carries)")
    with pytest.raises(RulesError, match="more than the 100 L she carries"):
        spend(she, lunars=101, what="a horse")
    maimed = msgspec.structs.replace(she.current.wounds, maimed=("chest",))
    assert "chest: maimed: she cannot fight until it is healed below its points" in vitals(
        msgspec.structs.replace(she.current, wounds=maimed), frame_of(she, tables), she.pronouns).notes
    dead = msgspec.structs.replace(she.current.wounds, condition="dead")
    healed = heal(frame_of(she, tables), dead, Healing(points=2, how="spell", location="chest"), None, she.pronouns)
    assert "she is dead, and the dead are not healed" in healed.steps[0].text


def test_a_fight_event_says_she_of_a_saved_adventurer_and_they_of_anyone_else(mt):
    fight_log = read_any((GOLDEN / "fight-3v3.link").read_text().strip())
    golden = replay(fight_log, mt)
    notes = [n for r in golden.rounds for e in r.events for n in e.notes]
    assert "Rurik's Defense saved them: 41 would have hit without it" in notes
    she = replay(fight_log, mt, pronouns={"Rurik": Pronouns.SHE})
    said = [n for r in she.rounds for e in r.events for n in e.notes]
    assert "Rurik's Defense saved her: 41 would have hit without it" in said
    assert "Rurik's whole Defense 10% against Tusk rider, the first to strike at her (RQ-47)" in said
    assert she.state == golden.state, "the words change, never the fight"


def test_fight_mode_reads_a_saved_adventurers_pronouns_from_her_sheet_on_this_device(tables, mt):
    from pyengine.pages.fight.core import FightCore
    from pyengine.storage.store import MemoryStore

    store = MemoryStore()
    store.put(f"strike-rank/character/{VID}", dump_adventurer(vasana(tables)).decode())
    core = FightCore(tables, hit_locations(), store)
    fight = Fight(combatants=(fighter(tables, vasana(tables), VID), broo(tables)))
    assert core.pronouns(fight) == {"Vasana": Pronouns.SHE}  # the broo, a quick stat block, is "they"
    store.put(f"strike-rank/character/{VID}", "{damaged")
    assert core.pronouns(fight) == {}
