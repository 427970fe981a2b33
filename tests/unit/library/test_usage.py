"""Storage use (pyengine.library.usage): characters by group and in all, as the start page
says it, and what to say of the browser's estimate and of persistence refused."""

from __future__ import annotations

from pyengine.library.usage import describe_estimate, describe_groups, describe_persistence, describe_usage, storage_use
from pyengine.library.versions import save
from pyengine.storage.keys import CURRENT_FIGHT, DELETED, FIGHT_DRAFT, SET_ASIDE, SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import rurik, when


def test_characters_are_counted_by_group_keys_included_and_earlier_versions_with_their_records():
    store = MemoryStore({SHEET_DRAFT: "12345", FIGHT_DRAFT: "1", CURRENT_FIGHT: "f", DELETED: "xx",
                         SET_ASIDE + "w/k": "y", "other-app": "z" * 100})
    save(store, "character", "a", rurik(), when=when(1), why="x")
    save(store, "character", "a", rurik(money=1), when=when(2), why="x")
    save(store, "gear", "Grunt", "{}", when=when(1), why="x")
    used = storage_use(store)
    mine = {k: v for k, v in store.items.items() if k != "other-app"}
    assert used.total == sum(len(k) + len(v) for k, v in mine.items())
    adventurers = sum(len(k) + len(v) for k, v in mine.items() if "character/" in k)
    assert used.groups["adventurers"] == adventurers and used.records["adventurers"] == 1
    assert used.groups["drafts"] == len(SHEET_DRAFT) + 5 + len(FIGHT_DRAFT) + 1
    assert used.groups["fights"] == len(CURRENT_FIGHT) + 1
    assert used.groups["deleted, kept to undo"] == len(DELETED) + 2
    assert used.groups["set aside"] == len(SET_ASIDE) + 4
    assert used.records["gear lists"] == 1
    assert describe_groups(used)[0] == "adventurers: less than 0.1 MB (1)"


def test_the_start_page_says_megabytes_of_about_five():
    assert describe_usage(1_234_567) == "1.2 MB of about 5 MB used"
    assert describe_usage(0) == "0.0 MB of about 5 MB used"
    assert describe_usage(20_000) == "less than 0.1 MB of about 5 MB used"
    assert describe_usage(4_100_000).startswith("4.1 MB of about 5 MB used: nearly full. Export a backup")
    assert describe_usage(storage_use(MemoryStore())) == "0.0 MB of about 5 MB used"


def test_what_to_say_of_the_browsers_estimate_and_of_persistence():
    assert describe_estimate(None, None) == ""
    assert describe_estimate(24_300_000, 2_100_000_000) == (
        "The site keeps 24.3 MB in this browser (its files for offline use included); "
        "the browser allows it about 2.1 GB.")
    assert describe_estimate(5_000_000, None).startswith("The site keeps 5.0 MB")
    assert describe_persistence(True).startswith("This browser keeps the site's records")
    refused = describe_persistence(False)
    assert "may clear the site's records" in refused and "export a backup" in refused
    assert "does not say" in describe_persistence(None)
