"""Parties (a name and adventurers in order, none ever dropped) and opponent templates (a quick
stat block under a name, several added at a time as Broo 1, Broo 2, Broo 3)."""

from __future__ import annotations

import json

import pytest

from pyengine.errors import RecordError, RulesError
from pyengine.library.parties import (
    list_parties,
    make_party,
    members_of,
    moved,
    read_party,
    save_party,
    with_member,
    without_member,
)
from pyengine.library.templates import copy_names, list_templates, make_template, read_template, save_template
from pyengine.library.versions import read_versions, undo
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, PARTY_PREFIX, TEMPLATE_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import rurik, when

FIELDS = {"fa-name": "Broo", "fa-side": "Chaos", "fa-str": "14", "fa-hp": "15", "fa-w1": "war_hammer"}


# -- parties -------------------------------------------------------------------------------


def test_a_party_keeps_its_members_in_order_and_shows_the_gone_and_the_damaged(ids):
    store = MemoryStore({CHARACTER_PREFIX + "a": rurik(name="Rurik"), CHARACTER_PREFIX + "c": '{"format": 1}'})
    ident, _ = save_party(store, make_party(" The ford ", ["a", "b", "c", "a"]), when=when(1), new_id=ids)
    party = read_party(store.items[PARTY_PREFIX + ident])
    assert party.name == "The ford" and party.members == ("a", "b", "c")
    members = members_of(store, party, lambda text: load_adventurer(text).name)
    assert [(m.ident, m.status, m.value) for m in members] == [("a", "ok", "Rurik"), ("b", "missing", None),
                                                               ("c", "damaged", None)]
    assert "adventurer record" in members[2].reason and "characteristics" in members[2].reason


def test_members_are_added_removed_and_moved_and_each_change_can_be_undone(ids):
    store = MemoryStore()
    party = make_party("P", ["a", "b"])
    ident, _ = save_party(store, party, when=when(1), new_id=ids)
    party = moved(with_member(party, "c"), "c", -5)
    assert party.members == ("c", "a", "b")
    assert without_member(party, "a").members == ("c", "b") and moved(party, "zz", 1) is party
    save_party(store, party, when=when(2), new_id=ids, ident=ident)
    undo(store, "party", ident, when=when(3))
    assert read_party(store.items[PARTY_PREFIX + ident]).members == ("a", "b")
    assert len(read_versions(store, "party", ident).earlier) == 2


def test_party_names_and_sizes_are_checked(ids):
    with pytest.raises(RulesError, match="give the party a name") as caught:
        make_party("  ")
    assert caught.value.field == "name"
    with pytest.raises(RulesError, match="at most 50 members"):
        make_party("P", [str(n) for n in range(51)])
    with pytest.raises(RecordError, match="an adventurer is in the party twice"):
        read_party('{"format": 1, "name": "P", "members": ["a", "a"]}')
    with pytest.raises(RecordError, match=r"made by a newer version \(format 2\)"):
        read_party('{"format": 2, "name": "P"}')
    store = MemoryStore({PARTY_PREFIX + "x": "[]"})
    save_party(store, make_party("b"), when=when(1), new_id=ids)
    save_party(store, make_party("A"), when=when(1), new_id=ids)
    listing = list_parties(store)
    assert [e.value.name for e in listing.entries] == ["A", "b"] and listing.damaged[0].ident == "x"


# -- templates ------------------------------------------------------------------------------


def test_a_template_keeps_the_quick_stat_block_as_it_was_typed(ids):
    store = MemoryStore()
    template = make_template(" Broo ", FIELDS, "3")
    ident, saved = save_template(store, template, when=when(1), new_id=ids)
    text = store.items[TEMPLATE_PREFIX + ident]
    assert json.loads(text) == {"format": 1, "name": "Broo", "fields": FIELDS, "count": 3}
    assert read_template(text) == template and saved.versions == 0
    save_template(store, make_template("Broo", FIELDS, 4), when=when(2), new_id=ids, ident=ident)
    assert read_template(store.items[TEMPLATE_PREFIX + ident]).count == 4
    assert len(read_versions(store, "template", ident).earlier) == 1


@pytest.mark.parametrize("name, count, field, said", [
    ("", 1, "name", "give it a name"),
    ("x" * 61, 1, "name", "at most 60 characters"),
    ("Broo", "three", "count", "'three' is not a whole number"),
    ("Broo", 0, "count", "0 is not from 1 to 24"),
    ("Broo", 25, "count", "25 is not from 1 to 24"),
])
def test_template_problems_name_the_field(name, count, field, said):
    with pytest.raises(RulesError, match=said) as caught:
        make_template(name, FIELDS, count)
    assert caught.value.field == field


def test_templates_are_listed_by_name_with_damaged_ones_apart(ids):
    store = MemoryStore({TEMPLATE_PREFIX + "bad": '{"format": 1, "name": "x", "fields": {"a": 1}}'})
    for name in ("tusk rider", "Broo"):
        save_template(store, make_template(name, FIELDS), when=when(1), new_id=ids)
    listing = list_templates(store)
    assert [e.value.name for e in listing.entries] == ["Broo", "tusk rider"]
    assert listing.damaged[0].key == TEMPLATE_PREFIX + "bad" and "fields, an entry: should be text, not a whole number" in listing.damaged[0].reason


@pytest.mark.parametrize("name, count, in_use, names", [
    ("Broo", 3, [], ["Broo 1", "Broo 2", "Broo 3"]),
    ("Broo", 1, [], ["Broo"]),
    ("Broo", 1, ["broo"], ["Broo 2"]),
    ("Broo", 2, ["Broo"], ["Broo 2", "Broo 3"]),
    ("Broo", 3, ["Broo 1", "Broo 2", "Rurik"], ["Broo 3", "Broo 4", "Broo 5"]),
    ("Broo", 2, ["Broo 2"], ["Broo 3", "Broo 4"]),
    ("  Tusk   rider ", 2, ["Tusk rider 1"], ["Tusk rider 2", "Tusk rider 3"]),
    ("x" * 40, 2, [], ["x" * 38 + " 1", "x" * 38 + " 2"]),
])
def test_copies_are_named_after_those_already_in_the_fight(name, count, in_use, names):
    assert copy_names(name, count, in_use) == names


def test_copy_names_need_a_name_and_a_count():
    with pytest.raises(RulesError, match="give the copies a name"):
        copy_names(" ", 2, [])
    with pytest.raises(RulesError, match="0 is not 1 or more"):
        copy_names("Broo", 0, [])
