"""The device library's formats as version 1 wrote them (tests/golden/backup-format-1.json: a
small device exported, with a history, an undo, a template, a party with a member gone, a fight,
a deleted record, a draft and a damaged record) keep opening, to exactly these records."""

from __future__ import annotations

import json
from pathlib import Path

from pyengine.library.backup import read_backup
from pyengine.library.damaged import damaged_items
from pyengine.library.deleted import kept_aside, undelete
from pyengine.library.fights import list_fights, resume
from pyengine.library.merge import import_into_empty
from pyengine.library.parties import list_parties, members_of
from pyengine.library.templates import list_templates
from pyengine.library.versions import read_versions
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import rurik, when

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
BACKUP = (GOLDEN / "backup-format-1.json").read_text(encoding="utf-8")
LINK = (GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip()


def opened() -> MemoryStore:
    store = MemoryStore()
    import_into_empty(store, BACKUP)
    return store


def test_the_backup_of_format_1_keeps_opening_to_the_same_items():
    store = opened()
    assert store.items == json.loads(BACKUP)["items"] == read_backup(BACKUP).items
    assert read_backup(BACKUP).made == "2025-03-01T23:10:00.000Z" and read_backup(BACKUP).app == "0.2.0"


def test_its_history_keeps_every_version_with_when_and_why():
    versions = read_versions(opened(), "character", "a1b2c3d4e5f6")
    assert versions.current.text == rurik(money=80) and versions.current.why == f"undo (back to the version of {when(1)})"
    assert [(v.when, v.why, v.text) for v in versions.earlier] == [
        (when(0), "saved on the sheet", rurik(money=100)), (when(1), "edited on the sheet", rurik(money=80)),
        (when(2), "written back from fight 'Broos at the ford', round 3", rurik(money=60)),
    ]
    assert versions.back == 1 and versions.undo_index == 0


def test_its_fight_party_template_and_deleted_record_read():
    store = opened()
    [fight] = list_fights(store).entries
    assert (fight.name, fight.rounds, fight.current, [s.side for s in fight.sides]) == (
        "Broos at the ford", 10, True, ["Sartar", "Chaos"])
    text = resume(store, fight.ident, now=when(20), new_id=lambda: "x")
    assert json.loads(text)["link"] == LINK and store.items[FIGHT_DRAFT] == text
    [template] = list_templates(store).entries
    assert (template.value.name, template.value.count, template.value.fields["fa-str"]) == ("Broo", 3, "14")
    [party] = list_parties(store).entries
    members = members_of(store, party.value, lambda t: load_adventurer(t).name)
    assert [(m.status, m.value) for m in members] == [("ok", "Rurik"), ("ok", "Vasana"), ("missing", None)]
    assert [d.ident for d in kept_aside(store)] == ["b00000000002"]
    undelete(store)  # a deleted template comes back
    assert [e.value.name for e in list_templates(store).entries] == ["Broo", "Tusk rider"]


def test_its_damaged_record_is_still_set_aside():
    found = damaged_items(opened(), {"character": load_adventurer})
    assert [d.key for d in found] == [CHARACTER_PREFIX + "damaged00000"]
