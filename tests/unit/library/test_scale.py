"""The scale case (measure/scale.py: 200 adventurers of 20 versions, 30 templates,
50 fights of 20 rounds) fits the device's storage with room to spare, lists whole, and comes
back exactly from its backup. Times are the bench's business (measure/scale.py prints them)."""

from __future__ import annotations

import json

import pytest

from measure.scale import measure, scale_store
from pyengine.library.backup import export_backup
from pyengine.library.fights import load_fight
from pyengine.library.merge import import_into_empty
from pyengine.library.usage import LOCAL_STORAGE_CHARS, storage_use
from pyengine.library.versions import read_versions
from pyengine.storage.store import MemoryStore


@pytest.fixture(scope="module")
def store():
    return scale_store()


def test_the_scale_case_is_what_the_issue_says(store):
    numbers = measure(store, repeat=1)
    assert (numbers["adventurers"], numbers["fights"], numbers["templates"]) == (200, 50, 30)
    ident = next(k for k in store.items if k.startswith("strike-rank/character/")).rsplit("/", 1)[1]
    assert len(read_versions(store, "character", ident).earlier) == 19
    fight = load_fight(store, next(k for k in store.items if k.startswith("strike-rank/fight/")).rsplit("/", 1)[1])
    assert fight.rounds == 20 and json.loads(fight.draft_text())["link"] == fight.link


def test_it_uses_less_than_half_the_storage_and_its_backup_comes_back_exactly(store):
    assert storage_use(store).total < LOCAL_STORAGE_CHARS / 2
    fresh = MemoryStore(quota=LOCAL_STORAGE_CHARS)
    _, text = export_backup(store, now="2025-03-01T23:00:00.000Z", app="0.2.0")
    assert len(text) < 2_000_000
    assert import_into_empty(fresh, text).failed == ()
    assert fresh.items == store.items
