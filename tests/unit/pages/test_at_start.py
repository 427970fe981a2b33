"""What a page asks of the device as it starts (``pyengine.pages.at_start``): whether it has
anything of its own to show at once, so that it loads its engine before it is used."""

from __future__ import annotations

import pytest

from pyengine.pages.at_start import keeps_adventurers, keeps_work
from pyengine.storage.keys import CHARACTER_PREFIX, GEAR_DRAFT, GEAR_PREFIX, PARTY_PREFIX, SHEET_DRAFT
from pyengine.storage.store import MemoryStore


@pytest.mark.parametrize(("items", "expected"), [
    ({}, False),
    ({PARTY_PREFIX + "p1": "{}"}, False),
    ({GEAR_DRAFT: "{}"}, False),
    ({CHARACTER_PREFIX + "a1b2c3d4e5f6": "{}"}, True),
])
def test_the_start_and_combat_pages_list_saved_adventurers_only_when_there_are_some(items, expected):
    assert keeps_adventurers(MemoryStore(items)) is expected


@pytest.mark.parametrize(("items", "expected"), [
    ({}, False),
    ({SHEET_DRAFT: "{}", CHARACTER_PREFIX + "a1": "{}"}, False),  # the sheet's: not the gear page's
    ({GEAR_DRAFT: ""}, True),  # a draft, even an empty one, is the page's to read
    ({GEAR_PREFIX + "g1": "{}"}, True),
])
def test_the_gear_page_opens_its_draft_or_its_saved_lists_at_once(items, expected):
    assert keeps_work(MemoryStore(items), "gear", "gear") is expected
