"""Fights kept on the device (pyengine.library.fights): fight mode's draft kept under the fight's
own id after each change, listed newest first with what the start page shows, resumed in fight
mode exactly as it was, renamed, deleted with undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import ConflictError, RecordError, RulesError, StorageError
from pyengine.library.deleted import KEEP, kept_aside
from pyengine.library.fights import (
    current_fight,
    default_name,
    delete_fight,
    keep_fight,
    leave_fight,
    list_fights,
    load_fight,
    new_fight,
    rename_fight,
    resume,
    undo_delete,
)
from pyengine.library.versions import read_versions
from pyengine.storage.keys import CURRENT_FIGHT, DELETED, FIGHT_DRAFT, FIGHT_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import RefusingStore, when

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
LINK = (GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip()
SIDES = {"Sartar": ["Rurik", "Vasana", "Yanioth"], "Chaos": ["Broo", "Scorpion man", "Tusk rider"]}


def draft(link=LINK, typed="Broo"):
    """Fight mode's draft as pages/fight.py writes it (json.dumps of its parts, link last)."""
    return json.dumps({"add": {"fa-name": typed, "fa-side": "Chaos"},
                       "declare": {"Rurik": {"actions": [{"do": "attack", "arm": "broadsword", "target": "Broo"}],
                                             "parries": [], "defense": {}, "surprised": False, "engaged": []}},
                       "applied": [], "link": link})


def kept(store, ids, n=1, text=None, rounds=3, **kw):
    text = text or draft()
    store.put(FIGHT_DRAFT, text)
    return keep_fight(store, text, sides=SIDES, rounds=rounds, now=when(n), new_id=ids, **kw)


def test_the_first_change_keeps_the_fight_under_a_new_id_and_later_ones_under_the_same(ids):
    store = MemoryStore()
    ident = kept(store, ids, 1, name="Broos at the ford")
    assert ident == "000000000001" and store.items[CURRENT_FIGHT] == ident
    fight = load_fight(store, ident)
    assert (fight.name, fight.started, fight.changed, fight.rounds, fight.link) == (
        "Broos at the ford", when(1), when(1), 3, LINK)
    assert [(s.side, s.names) for s in fight.sides] == [("Sartar", ("Rurik", "Vasana", "Yanioth")),
                                                         ("Chaos", ("Broo", "Scorpion man", "Tusk rider"))]
    assert "link" not in fight.draft  # the link is kept once
    assert kept(store, ids, 2, text=draft(typed="Broo 2"), rounds=4) == ident
    fight = load_fight(store, ident)
    assert (fight.name, fight.started, fight.changed, fight.rounds) == ("Broos at the ford", when(1), when(2), 4)
    assert fight.draft_text() == draft(typed="Broo 2")  # exactly what fight mode wrote
    assert read_versions(store, "fight", ident).earlier == ()  # progress replaces; the link holds every round


def test_a_round_undone_in_fight_mode_keeps_the_version_before():
    store, ids = MemoryStore(), iter(["f1"]).__next__
    kept(store, ids, 1, rounds=5)
    kept(store, ids, 2, rounds=4)
    earlier = read_versions(store, "fight", "f1").earlier
    assert len(earlier) == 1 and json.loads(earlier[0].text)["rounds"] == 5
    assert read_versions(store, "fight", "f1").current.why == "round 5 undone in fight mode"


def test_a_fight_gets_its_sides_as_its_name_and_a_draft_without_a_fight_keeps_nothing(ids):
    store = MemoryStore()
    assert default_name(SIDES) == "Sartar against Chaos" and default_name({}) == "A fight"
    assert keep_fight(store, draft(link=""), sides={}, rounds=0, now=when(1), new_id=ids) is None
    assert store.items == {}
    kept(store, ids)
    assert list_fights(store).entries[0].name == "Sartar against Chaos"
    with pytest.raises(RecordError, match="fight draft: damaged"):
        keep_fight(store, "{nope", sides={}, rounds=0, now=when(1), new_id=ids)


def test_the_fights_are_listed_newest_first_with_what_the_start_page_shows(ids):
    store = MemoryStore()
    for n in range(3):
        kept(store, ids, n, name=f"Fight {n}", rounds=n)
        leave_fight(store)
    kept(store, ids, 9, name="Open")
    store.items[FIGHT_PREFIX + "zzz"] = '{"format": 1, "name": ""}'
    listing = list_fights(store)
    assert [(e.name, e.rounds, e.changed, e.current) for e in listing.entries] == [
        ("Open", 3, when(9), True), ("Fight 2", 2, when(2), False), ("Fight 1", 1, when(1), False),
        ("Fight 0", 0, when(0), False)]
    assert [(d.key, d.kind, d.ident) for d in listing.damaged] == [(FIGHT_PREFIX + "zzz", "fight", "zzz")]
    assert "saved fight: damaged" in listing.damaged[0].reason


def test_resume_opens_the_saved_fight_in_fight_mode_and_keeps_the_one_it_had(ids):
    store = MemoryStore()
    first = kept(store, ids, 1, text=draft(typed="first"), name="First")
    leave_fight(store)
    second = kept(store, ids, 2, text=draft(typed="second"), name="Second")
    store.put(FIGHT_DRAFT, draft(typed="second, typed on"))  # fight mode changed it; the page has not handed it on
    text = resume(store, first, now=when(3), new_id=ids)
    assert text == store.items[FIGHT_DRAFT] == draft(typed="first") and current_fight(store) == first
    assert load_fight(store, second).draft_text() == draft(typed="second, typed on")  # nothing typed was lost
    with pytest.raises(RecordError, match="not on this device"):
        resume(store, "nope", now=when(4), new_id=ids)


def test_a_draft_from_before_fights_were_kept_is_kept_as_its_own_fight_on_resume(ids):
    store = MemoryStore({FIGHT_DRAFT: draft(typed="old")})
    store.put(FIGHT_PREFIX + "f9", json.dumps({"format": 1, "name": "Later", "started": when(5), "changed": when(5),
                                              "link": LINK, "draft": {}}))
    resume(store, "f9", now="2025-03-02T10:00:00.000Z", new_id=ids)
    names = {e.name: e for e in list_fights(store).entries}
    assert set(names) == {"Later", "Fight kept 2025-03-02 10:00"}
    assert load_fight(store, names["Fight kept 2025-03-02 10:00"].ident).draft_text() == draft(typed="old")
    assert names["Later"].current


def test_resume_on_a_full_storage_leaves_fight_mode_as_it_was(ids):
    store = RefusingStore()
    first = kept(store, ids, 1, text=draft(typed="first"))
    leave_fight(store)
    second = kept(store, ids, 2, text=draft(typed="second"))
    store.refuse = lambda key: key == FIGHT_DRAFT
    with pytest.raises(StorageError, match="was not opened"):
        resume(store, first, now=when(3), new_id=ids)
    assert store.items[FIGHT_DRAFT] == draft(typed="second") and current_fight(store) == second


def test_the_fight_page_reopens_a_resumed_fight_exactly(ids):
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.pages.fight import FightPage, load_draft

    tables, locations = load_tables(), hit_locations()
    store = MemoryStore()
    page = FightPage(tables, locations, store)
    page.open({}, LINK)  # fight mode keeps its draft
    written = store.items[FIGHT_DRAFT]
    ident = keep_fight(store, written, sides=SIDES, rounds=len(page.results), now=when(1), new_id=ids)
    new_fight(store, now=when(2), new_id=ids)
    assert FIGHT_DRAFT not in store.items and current_fight(store) is None
    assert resume(store, ident, now=when(3), new_id=ids) == written
    again = FightPage(tables, locations, store)
    again.open({})
    assert again.link() == page.link() and len(again.results) == 10
    assert load_draft(store.items[FIGHT_DRAFT]) == load_draft(written)


def test_rename(ids):
    store = MemoryStore()
    ident = kept(store, ids)
    rename_fight(store, ident, "  Broos   at the ford ", now=when(5))
    assert load_fight(store, ident).name == "Broos at the ford"
    with pytest.raises(RulesError, match="give the fight a name") as caught:
        rename_fight(store, ident, "  ", now=when(5))
    assert caught.value.field == "name"
    with pytest.raises(RulesError, match="at most 60 characters"):
        rename_fight(store, ident, "x" * 61, now=when(5))


def test_a_deleted_fight_is_kept_aside_until_undone(ids):
    store = MemoryStore()
    ident = kept(store, ids, name="Gone")
    leave_fight(store)
    other = kept(store, ids, name="Open")
    before = dict(store.items)
    delete_fight(store, ident, now=when(7), new_id=ids)
    assert FIGHT_PREFIX + ident not in store.items and [e.name for e in list_fights(store).entries] == ["Open"]
    assert [(d.kind, d.ident, d.when) for d in kept_aside(store)] == [("fight", ident, when(7))]
    undo_delete(store)
    store.items.pop(DELETED)
    assert store.items == {**before}
    assert current_fight(store) == other


def test_deleting_the_open_fight_empties_fight_mode_and_undo_brings_it_back_as_a_saved_fight(ids):
    store = MemoryStore()
    ident = kept(store, ids, name="Open")
    delete_fight(store, ident, now=when(2), new_id=ids)
    assert FIGHT_DRAFT not in store.items and CURRENT_FIGHT not in store.items
    undo_delete(store, ident)
    assert list_fights(store).entries[0].name == "Open" and not list_fights(store).entries[0].current


def test_only_the_last_ten_deletions_are_kept_and_a_full_storage_deletes_nothing(ids):
    store = MemoryStore()
    made = []
    for n in range(KEEP + 1):
        made.append(kept(store, ids, n, name=f"F{n}"))
        leave_fight(store)
    for n, ident in enumerate(made):
        delete_fight(store, ident, now=when(20 + n), new_id=ids)
    assert [d.ident for d in kept_aside(store)] == made[::-1][:KEEP]  # the first deleted went for good
    with pytest.raises(RecordError, match="not kept aside"):
        undo_delete(store, made[0])
    store = RefusingStore()
    ident = kept(store, ids, name="Big")
    before = dict(store.items)
    store.refuse = lambda key: key == DELETED
    with pytest.raises(StorageError, match="was not deleted: the copy kept to undo it"):
        delete_fight(store, ident, now=when(3), new_id=ids)
    assert store.items == before
    assert delete_fight(store, ident, now=when(3), new_id=ids, for_good=True) is None
    assert list_fights(store).entries == ()


def test_undo_never_writes_over_a_fight_stored_there_again(ids):
    store = MemoryStore()
    ident = kept(store, ids)
    delete_fight(store, ident, now=when(2), new_id=ids)
    store.items[FIGHT_PREFIX + ident] = "something new"
    with pytest.raises(ConflictError, match="stored there now"):
        undo_delete(store)
    assert store.items[FIGHT_PREFIX + ident] == "something new"
    with pytest.raises(RecordError, match="not on this device"):
        delete_fight(store, "nothing", now=when(3), new_id=ids)


def test_a_damaged_record_under_the_open_fights_id_stays_and_the_fight_goes_under_a_new_id(ids):
    store = MemoryStore({CURRENT_FIGHT: "bad", FIGHT_PREFIX + "bad": "{damaged"})
    ident = kept(store, ids)
    assert ident != "bad" and store.items[FIGHT_PREFIX + "bad"] == "{damaged"
