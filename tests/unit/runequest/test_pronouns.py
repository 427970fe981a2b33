"""Pronouns come from the adventurer (issue 34, RQ-141): "he, she or they, chosen on the sheet; "they" by
default, and older records read as "they" unless set" — the record (format 4), its links and its words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import RecordError
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet import state as sheet_link
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from tests.unit.runequest.campaign.campaign_world import rurik

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
