"""What the controllers ask the library for, so that no page reads or writes a record by hand:
one record's text, one read with the page's reader, a record kept without versions, whether
any of a kind is stored, a record's id in its key, each page's draft, and a fight set up
elsewhere opened in fight mode."""

from __future__ import annotations

import json

import pytest

from pyengine.errors import RecordError, StorageError
from pyengine.library.drafts import drop_draft, keep_draft, read_draft
from pyengine.library.fights import current_fight, load_fight, open_fight
from pyengine.library.kinds import has_records, ident_of
from pyengine.library.records import put_record, read_record, record_text
from pyengine.storage import keys
from pyengine.storage.store import MemoryStore


class Refusing(MemoryStore):
    def put(self, key: str, text: str) -> None:
        raise StorageError("full")


def test_one_records_text_and_read_with_the_pages_reader():
    store = MemoryStore({keys.CHARACTER_PREFIX + "a1": '{"name": "Rurik"}', keys.GEAR_PREFIX + "a1": "gear"})
    assert record_text(store, "character", "a1") == '{"name": "Rurik"}'
    assert record_text(store, "gear", "a1") == "gear"
    assert record_text(store, "character", "zz") is None
    assert record_text(store, "character", "") is None  # no id: no record (a ?open= with nothing after)
    assert read_record(store, "character", "a1", json.loads) == ({"name": "Rurik"}, '{"name": "Rurik"}')
    assert read_record(store, "character", "zz", json.loads) is None
    with pytest.raises(ValueError):
        read_record(store, "gear", "a1", json.loads)  # the reader's own error, for the page to say
    with pytest.raises(RecordError, match="not a kind of record"):
        record_text(store, "spell", "a1")


def test_a_record_without_versions_is_put_as_it_is():
    store = MemoryStore()
    put_record(store, "gear", "Grunt", "text 1")
    put_record(store, "gear", "Grunt", "text 2")
    assert {k: store.get(k) for k in store.keys()} == {keys.GEAR_PREFIX + "Grunt": "text 2"}  # no history beside it
    with pytest.raises(StorageError):
        put_record(Refusing(), "gear", "Grunt", "text")


def test_whether_any_record_of_a_kind_is_stored_and_a_records_id_in_its_key():
    store = MemoryStore({keys.PARTY_PREFIX + "p1": "{}", keys.CHARACTER_PREFIX: "no id"})
    assert has_records(store, "party")
    assert not has_records(store, "character")  # the bare prefix is no record
    assert ident_of(keys.CHARACTER_PREFIX + "a1", "character") == "a1"
    assert ident_of(keys.CHARACTER_PREFIX + "a1", "gear") is None
    assert ident_of(keys.HISTORY_PREFIX + "character/a1", "character") is None
    assert ident_of("elsewhere/a1", "character") is None


def test_each_pages_draft_is_kept_read_and_dropped_under_its_key():
    store = MemoryStore()
    for page, key in (("sheet", keys.SHEET_DRAFT), ("gear", keys.GEAR_DRAFT), ("fight", keys.FIGHT_DRAFT)):
        assert read_draft(store, page) is None
        keep_draft(store, page, f"{page} typed")
        assert store.get(key) == f"{page} typed" == read_draft(store, page)
        drop_draft(store, page)
        assert store.get(key) is None
    with pytest.raises(StorageError):
        keep_draft(Refusing(), "sheet", "x")


def test_a_fight_set_up_elsewhere_becomes_fight_modes_and_is_kept_as_one_unit(ids):
    draft = json.dumps({"format": 1, "link": "1.abc"})
    store = MemoryStore()
    ident = open_fight(store, draft, sides={"Sartar": ["Rurik"]}, name="Sartar's fight",
                       why="starting Sartar's fight", when="2026-12-01T14:00:00.000Z",
                       now="2026-12-01T14:01:00.000Z", new_id=ids)
    assert store.get(keys.FIGHT_DRAFT) == draft
    assert current_fight(store) == ident
    fight = load_fight(store, ident)
    assert (fight.name, fight.link, fight.rounds, fight.changed) == ("Sartar's fight", "1.abc", 0, "2026-12-01T14:01:00.000Z")
    assert store.get(keys.JOURNAL) is None  # the unit finished
