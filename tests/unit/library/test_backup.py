"""One backup file (pyengine.library.backup, .merge): everything under strike-rank/ exported;
imported into an empty browser it gives back exactly the same items; into one with records,
a plan (new / same / changed, damaged entries named) applied only with the player's choices,
never overwriting silently, versions merged without loss; files that are not backups say so."""

from __future__ import annotations

import json

import pytest

from pyengine import __version__
from pyengine.errors import RecordError
from pyengine.gear.state import read_record as read_gear
from pyengine.library.backup import export_backup, read_backup
from pyengine.library.deleted import delete, kept_aside
from pyengine.library.fights import keep_fight
from pyengine.library.merge import BOTH, DEVICE, FILE, apply_plan, describe_plan, import_into_empty, plan_import
from pyengine.library.versions import read_versions, save
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import (
    CHARACTER_PREFIX,
    CURRENT_FIGHT,
    FIGHT_DRAFT,
    FIGHT_PREFIX,
    GEAR_PREFIX,
    HISTORY_PREFIX,
    SET_ASIDE,
    SHEET_DRAFT,
)
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import RefusingStore, rurik, when

READERS = {"character": load_adventurer, "gear": read_gear}
NOW = "2025-03-01T23:10:00.000Z"


def device(n_versions=3, **extra) -> MemoryStore:
    """A device with an adventurer of a few versions, a damaged record, a draft and someone else's key."""
    store = MemoryStore({"another-app/setting": "1", CHARACTER_PREFIX + "bad": "{not json", SHEET_DRAFT: '{"key": null}'})
    for n in range(n_versions):
        save(store, "character", "r1", rurik(money=n), when=when(n), why=f"edit {n}")
    store.items.update(extra)
    return store


def backup_of(store) -> str:
    return export_backup(store, now=NOW, app=__version__)[1]


def test_the_backup_holds_every_item_of_the_app_and_nothing_else():
    store = device()
    name, text = export_backup(store, now=NOW, app="0.2.0")
    assert name == "strike-rank-backup-2025-03-01.json"
    data = json.loads(text)
    assert (data["format"], data["kind"], data["app"], data["made"]) == (1, "backup", "0.2.0", NOW)
    assert data["items"] == {k: v for k, v in store.items.items() if k.startswith("strike-rank/")}
    assert text.count("\n") > len(data["items"])  # one item a line: a person can read it


def test_imported_into_an_empty_browser_it_gives_back_exactly_the_same_items(ids):
    store = device()
    keep_fight(store, json.dumps({"add": {}, "declare": {}, "applied": [], "link": "1.abc"}), sides={"A": ["x"]},
               rounds=1, now=NOW, new_id=ids)
    store.put(FIGHT_DRAFT, json.dumps({"add": {}, "declare": {}, "applied": [], "link": "1.abc"}))
    delete(store, "character", "bad", when=NOW)
    text = backup_of(store)
    mine = {k: v for k, v in store.items.items() if k.startswith("strike-rank/")}
    fresh = MemoryStore()
    assert set(import_into_empty(fresh, text).written) == set(mine)
    assert fresh.items == mine
    fresh = MemoryStore()
    plan = plan_import(fresh, text, READERS)
    assert {i.status for i in plan.items} == {"new"}
    apply_plan(fresh, plan, {}, now=NOW, new_id=ids)
    assert fresh.items == mine


def test_the_scale_case_round_trips():
    from measure.scale import scale_store

    store = scale_store(adventurers=4, versions=5, templates=3, fights=2, rounds=3)
    fresh = MemoryStore()
    import_into_empty(fresh, backup_of(store))
    assert fresh.items == store.items


@pytest.mark.parametrize("text, said", [
    ("", "backup file: damaged (not JSON: "),
    ("{", "backup file: damaged (not JSON: "),
    ("[1, 2]", "backup file: this is not a Strike Rank backup (a JSON list, not an object)"),
    ('{"items": {}}', 'backup file: this is not a Strike Rank backup (no "format")'),
    ('{"format": "1"}', 'backup file: this is not a Strike Rank backup ("format" is "1", not a number)'),
    ('{"format": true, "kind": "backup"}', "not a number"),
    (rurik(), 'backup file: this is not a Strike Rank backup (no "kind": "backup"; an adventurer'),
    ('{"format": 3, "kind": "fight"}', 'this is not a Strike Rank backup (its "kind" is "fight"'),
    ('{"format": 2, "kind": "backup", "items": {}}',
     "backup file: made by a newer version of Strike Rank (format 2); this app reads format 1"),
    ('{"format": 0, "kind": "backup", "items": {}}', "backup file: damaged (format 0)"),
    ('{"format": 1, "kind": "backup"}', 'backup file: damaged ("items" is missing or not an object)'),
    ('{"format": 1, "kind": "backup", "items": []}', 'backup file: damaged ("items" is missing or not an object)'),
    (b"\xff\xfe{", "backup file: damaged (not UTF-8 text: byte 0 is not)"),
    ("[" * 100_000 + "]" * 100_000, "backup file: damaged"),
])
def test_a_file_that_is_not_a_backup_says_so_in_a_players_words(text, said):
    with pytest.raises(RecordError) as caught:
        plan_import(MemoryStore(), text)
    message = str(caught.value)
    assert message.startswith("backup file: ") and said in message, message


def test_entries_that_cannot_be_imported_are_named_and_the_rest_imports():
    text = json.dumps({"format": 1, "kind": "backup", "items": {
        "other/key": "x", "strike-rank/": "x", CHARACTER_PREFIX + "n": 5, CHARACTER_PREFIX + "r": rurik(),
    }})
    backup = read_backup("\ufeff" + text)  # a byte order mark is fine
    assert list(backup.items) == [CHARACTER_PREFIX + "r"]
    assert [(d.key, d.reason) for d in backup.refused] == [
        ("other/key", "not one of this app's keys (they start strike-rank/)"),
        ("strike-rank/", "not one of this app's keys (they start strike-rank/)"),
        (CHARACTER_PREFIX + "n", "its value is a JSON number, not the stored text"),
    ]
    assert len(plan_import(MemoryStore(), text).refused) == 3


def test_the_plan_says_new_same_changed_and_names_damaged_entries():
    here = device()
    there = device(5)  # the same adventurer, two more versions
    there.items[CHARACTER_PREFIX + "new"] = rurik(name="Vasana")
    there.items[CHARACTER_PREFIX + "broken"] = '{"format": 1, "name": 5}'
    there.items[GEAR_PREFIX + "Grunt"] = "{}"
    plan = plan_import(here, backup_of(there), READERS)
    by_key = {i.key: i for i in plan.items}
    assert by_key[CHARACTER_PREFIX + "r1"].status == "changed"
    assert by_key[CHARACTER_PREFIX + "r1"].choices == (DEVICE, FILE, BOTH)
    assert by_key[CHARACTER_PREFIX + "r1"].device_when == when(2)
    assert by_key[CHARACTER_PREFIX + "r1"].file_when == when(4)
    assert by_key[CHARACTER_PREFIX + "r1"].earlier_new == 1  # money=3; money=2 is this device's current
    assert by_key[CHARACTER_PREFIX + "new"].status == "new" and not by_key[CHARACTER_PREFIX + "new"].damaged
    assert by_key[CHARACTER_PREFIX + "bad"].status == "same" and "adventurer record" in by_key[CHARACTER_PREFIX + "bad"].damaged
    assert "adventurer record" in by_key[CHARACTER_PREFIX + "broken"].damaged
    assert "not a gear record" in by_key[GEAR_PREFIX + "Grunt"].damaged
    assert by_key[SHEET_DRAFT].status == "same"
    assert describe_plan(plan) == {"new": 3, "same": 2, "changed": 1, "damaged": 3, "refused": 0}


def texts_of(store, kind="character", ident="r1"):
    versions = read_versions(store, kind, ident)
    return [v.text for v in versions.earlier], versions.current.text


def test_keeping_this_devices_changes_nothing_current_and_loses_nothing_of_the_file(ids):
    here, there = device(3), device(5)
    before = here.items[CHARACTER_PREFIX + "r1"]
    apply_plan(here, plan_import(here, backup_of(there), READERS), {}, now=NOW, new_id=ids)  # no choice: this device's
    earlier, current = texts_of(here)
    assert current == before == rurik(money=2)
    assert earlier == [rurik(money=0), rurik(money=1), rurik(money=3), rurik(money=4)]  # oldest first, none twice


def test_taking_the_files_keeps_this_devices_as_an_earlier_version(ids):
    here, there = device(3), MemoryStore()
    save(there, "character", "r1", rurik(money=50), when=when(1), why="on the phone")
    save(there, "character", "r1", rurik(money=60), when=when(9), why="on the phone")
    applied = apply_plan(here, plan_import(here, backup_of(there), READERS), {CHARACTER_PREFIX + "r1": FILE},
                         now=NOW, new_id=ids)
    assert CHARACTER_PREFIX + "r1" in applied.written
    earlier, current = texts_of(here)
    assert current == rurik(money=60)
    assert earlier == [rurik(money=0), rurik(money=1), rurik(money=50), rurik(money=2)]  # by when
    assert read_versions(here, "character", "r1").current.why == "on the phone"


def test_keeping_both_adds_the_files_as_a_copy_with_a_new_id(ids):
    here, there = device(3), device(4)
    there.items[GEAR_PREFIX + "Grunt"] = "file's"
    here.items[GEAR_PREFIX + "Grunt"] = "device's"
    here.items[GEAR_PREFIX + "Grunt (from backup)"] = "older copy"
    before = dict(here.items)
    applied = apply_plan(here, plan_import(here, backup_of(there), READERS),
                         {CHARACTER_PREFIX + "r1": BOTH, GEAR_PREFIX + "Grunt": BOTH}, now=NOW, new_id=ids)
    assert applied.copies == {CHARACTER_PREFIX + "r1": CHARACTER_PREFIX + "000000000001",
                              GEAR_PREFIX + "Grunt": GEAR_PREFIX + "Grunt (from backup 2)"}
    assert here.items[CHARACTER_PREFIX + "000000000001"] == rurik(money=3)
    assert texts_of(here, ident="000000000001")[0] == [rurik(money=0), rurik(money=1), rurik(money=2)]
    assert here.items[GEAR_PREFIX + "Grunt (from backup 2)"] == "file's"
    assert all(here.items[k] == v for k, v in before.items())  # nothing of this device's touched


def test_a_choice_that_is_not_offered_is_refused(ids):
    here = device()
    plan = plan_import(here, backup_of(device(4)), READERS)
    with pytest.raises(RecordError, match="'keep' is not a choice"):
        apply_plan(here, plan, {CHARACTER_PREFIX + "r1": "keep"}, now=NOW, new_id=ids)
    with pytest.raises(RecordError, match="already keeps records"):
        import_into_empty(here, backup_of(device()))


def test_a_changed_draft_stays_this_devices_unless_the_file_is_chosen_and_then_this_devices_is_set_aside(ids):
    here = device()
    there = device()
    there.items[SHEET_DRAFT] = '{"key": "file"}'
    plan = plan_import(here, backup_of(there), READERS)
    apply_plan(here, plan, {}, now=NOW, new_id=ids)
    assert here.items[SHEET_DRAFT] == '{"key": null}'
    apply_plan(here, plan, {SHEET_DRAFT: FILE}, now=NOW, new_id=ids)
    assert here.items[SHEET_DRAFT] == '{"key": "file"}'
    assert here.items[f"{SET_ASIDE}{NOW}/{SHEET_DRAFT}"] == '{"key": null}'


def test_fight_modes_open_fight_goes_with_its_draft(ids):
    here = device(**{FIGHT_DRAFT: "device's fight", CURRENT_FIGHT: "f-device"})
    there = device(**{FIGHT_DRAFT: "file's fight", CURRENT_FIGHT: "f-file"})
    plan = plan_import(here, backup_of(there), READERS)
    assert CURRENT_FIGHT not in {i.key for i in plan.items}
    apply_plan(here, plan, {}, now=NOW, new_id=ids)
    assert (here.items[FIGHT_DRAFT], here.items[CURRENT_FIGHT]) == ("device's fight", "f-device")
    apply_plan(here, plan, {FIGHT_DRAFT: FILE}, now=NOW, new_id=ids)
    assert (here.items[FIGHT_DRAFT], here.items[CURRENT_FIGHT]) == ("file's fight", "f-file")
    here = device()
    apply_plan(here, plan_import(here, backup_of(there), READERS), {}, now=NOW, new_id=ids)
    assert (here.items[FIGHT_DRAFT], here.items[CURRENT_FIGHT]) == ("file's fight", "f-file")
    # The same fight, further on here and kept so: the file's draft must not be kept over it.
    here = device(**{FIGHT_PREFIX + "f-file": "round 5 here"})
    there.items[FIGHT_PREFIX + "f-file"] = "round 3 there"
    apply_plan(here, plan_import(here, backup_of(there), READERS), {}, now=NOW, new_id=ids)
    assert here.items[FIGHT_DRAFT] == "file's fight" and CURRENT_FIGHT not in here.items
    assert here.items[FIGHT_PREFIX + "f-file"] == "round 5 here"


def test_deleted_records_kept_aside_are_merged(ids):
    here, there = device(), device()
    save(here, "party", "p", '{"p": 1}', when=when(1), why="x")
    save(there, "party", "q", '{"q": 1}', when=when(1), why="x")
    delete(here, "party", "p", when=when(3))
    delete(there, "party", "q", when=when(4))
    apply_plan(here, plan_import(here, backup_of(there), READERS), {}, now=NOW, new_id=ids)
    assert [(d.ident, d.when) for d in kept_aside(here)] == [("q", when(4)), ("p", when(3))]


def test_damaged_earlier_versions_are_never_dropped(ids):
    here, there = device(), device(4)
    here.items[HISTORY_PREFIX + "character/r1"] = "{damaged"
    apply_plan(here, plan_import(here, backup_of(there), READERS), {CHARACTER_PREFIX + "r1": FILE}, now=NOW,
               new_id=ids)
    assert here.items[f"{SET_ASIDE}{NOW}/{HISTORY_PREFIX}character/r1"] == "{damaged"
    assert texts_of(here) == ([rurik(money=0), rurik(money=1), rurik(money=2)], rurik(money=3))
    here, there = device(), device(4)
    there.items[HISTORY_PREFIX + "character/r1"] = "{damaged"
    plan = plan_import(here, backup_of(there), READERS)
    assert "earlier versions of adventurer 'r1': damaged" in {i.key: i for i in plan.items}[CHARACTER_PREFIX + "r1"].damaged
    applied = apply_plan(here, plan, {}, now=NOW, new_id=ids)
    assert any("were not merged" in note for note in applied.notes)
    # the file's text joins, of unknown time (its note was in the damaged part): first
    assert texts_of(here) == ([rurik(money=3), rurik(money=0), rurik(money=1)], rurik(money=2))


def test_what_does_not_fit_is_said_and_the_rest_is_imported_with_nothing_lost(ids):
    here = RefusingStore(device().items)
    there = device(4)
    there.items[CHARACTER_PREFIX + "v"] = rurik(name="Vasana")
    before = dict(here.items)
    here.refuse = lambda key: key.endswith("/r1")
    applied = apply_plan(here, plan_import(here, backup_of(there), READERS), {CHARACTER_PREFIX + "r1": FILE},
                         now=NOW, new_id=ids)
    assert [f.key for f in applied.failed] == [CHARACTER_PREFIX + "r1"]
    assert "storage: adventurer 'r1' was not imported" in applied.failed[0].reason
    assert here.items[CHARACTER_PREFIX + "v"] == rurik(name="Vasana")
    assert all(here.items[k] == v for k, v in before.items())
