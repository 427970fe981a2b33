"""Damaged records are set aside, never deleted (as the start page and the sheet have kept
unreadable characters since 0.1.0): listed with their key and why, offered for export as stored."""

from __future__ import annotations

from pyengine.gear.state import read_record as read_gear
from pyengine.library.damaged import damaged_items
from pyengine.library.records import export_item, read_all
from pyengine.library.versions import save
from pyengine.pages.index import StartPage
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import (
    CHARACTER_PREFIX,
    DELETED,
    FIGHT_PREFIX,
    GEAR_PREFIX,
    HISTORY_PREFIX,
    PARTY_PREFIX,
    SET_ASIDE,
    TEMPLATE_PREFIX,
)
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import rurik, when

READERS = {"character": load_adventurer, "gear": read_gear}


def test_every_kind_of_damage_is_listed_with_its_key_and_why_and_nothing_is_changed():
    items = {
        CHARACTER_PREFIX + "ok": rurik(), CHARACTER_PREFIX + "bad": '{"format": 9}',
        GEAR_PREFIX + "Grunt": "[]", TEMPLATE_PREFIX + "t": "{", PARTY_PREFIX + "p": '{"format": 1}',
        FIGHT_PREFIX + "f": '{"format": 1, "name": "x"}', HISTORY_PREFIX + "character/ok": "nope",
        DELETED: '{"format": 1, "items": 5}', f"{SET_ASIDE}{when(1)}/{HISTORY_PREFIX}character/x": "old",
        "strike-rank/draft/sheet": "{anything", "other-app/x": "{",
    }
    store = MemoryStore(dict(items))
    found = {d.key: d for d in damaged_items(store, READERS)}
    assert set(found) == set(items) - {CHARACTER_PREFIX + "ok", "strike-rank/draft/sheet", "other-app/x"}
    assert "made by a newer version" in found[CHARACTER_PREFIX + "bad"].reason
    assert (found[CHARACTER_PREFIX + "bad"].kind, found[CHARACTER_PREFIX + "bad"].ident) == ("character", "bad")
    assert "not a gear record" in found[GEAR_PREFIX + "Grunt"].reason
    assert found[TEMPLATE_PREFIX + "t"].reason.startswith("opponent template: damaged (not JSON")
    assert found[PARTY_PREFIX + "p"].reason.startswith("party: damaged (") and "name" in found[PARTY_PREFIX + "p"].reason
    assert found[HISTORY_PREFIX + "character/ok"].reason.startswith("earlier versions of adventurer 'ok': damaged")
    assert found[f"{SET_ASIDE}{when(1)}/{HISTORY_PREFIX}character/x"].reason == (
        f"set aside on {when(1)}; it was under '{HISTORY_PREFIX}character/x'")
    assert store.items == items


def test_versions_that_do_not_unpack_are_found_when_asked():
    store = MemoryStore()
    save(store, "character", "a", rurik(), when=when(1), why="x")
    save(store, "character", "a", rurik(money=1), when=when(2), why="x")
    key = HISTORY_PREFIX + "character/a"
    store.items[key] = store.items[key].replace('"versions":"e', '"versions":"xx')  # zlib's header no more
    assert damaged_items(store) == ()
    assert [d.key for d in damaged_items(store, unpack_versions=True)] == [key]


def test_a_damaged_record_is_exported_exactly_as_stored_with_the_start_pages_file_name():
    store = MemoryStore({CHARACTER_PREFIX + "abc": "{broken", TEMPLATE_PREFIX + "t/1": "{x"})
    assert export_item(store, CHARACTER_PREFIX + "abc") == ("damaged-abc.json", "{broken")
    start = StartPage(store).on_saved_click({"export-key": CHARACTER_PREFIX + "abc"})
    assert start.download == export_item(store, CHARACTER_PREFIX + "abc")  # the start page's own export, unchanged
    assert export_item(store, TEMPLATE_PREFIX + "t/1") == ("damaged-template-t-1.json", "{x")
    assert export_item(store, "strike-rank/nothing") is None


def test_read_all_sets_the_damaged_apart_in_key_order():
    store = MemoryStore({CHARACTER_PREFIX + "b": rurik(name="B"), CHARACTER_PREFIX + "a": "{",
                         CHARACTER_PREFIX + "c": rurik(name="C")})
    listing = read_all(store, "character", lambda text: load_adventurer(text).name)
    assert [(e.ident, e.value) for e in listing.entries] == [("b", "B"), ("c", "C")]
    assert [d.ident for d in listing.damaged] == ["a"] and listing.damaged[0].reason.startswith("adventurer record:")
