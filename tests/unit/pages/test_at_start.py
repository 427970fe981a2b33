"""What a page asks of the device as it starts (``pyengine.pages.at_start``): whether it has
anything of its own to show at once, so that it loads its engine before it is used."""

from __future__ import annotations

import pytest

from pyengine.pages.at_start import keeps_adventurers, keeps_draft, keeps_work
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT, GEAR_DRAFT, GEAR_PREFIX, PARTY_PREFIX, PLAYER_DRAFT, SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page


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


def test_the_players_page_opens_its_engine_at_once_only_for_the_table_it_kept():
    assert keeps_draft(MemoryStore({PLAYER_DRAFT: "{}"}), "player") is True
    assert keeps_draft(MemoryStore({FIGHT_DRAFT: "{}", CHARACTER_PREFIX + "a1": "{}"}), "player") is False


def drawn(node) -> list:
    """A page's elements as a browser shows them: tag, attributes, field value, text (spaces aside)."""
    return [(n.tag, sorted(n.attrs.items()), n.field_value() if n.tag in ("input", "select", "textarea") else None,
             " ".join("".join(c for c in n.children if isinstance(c, str)).split())) for n in node.walk()]


def test_a_players_page_with_no_table_kept_and_no_code_is_the_page_as_built(world):
    # Intent: player.html is ready before its engine is imported when the phone keeps no table and its
    # address carries no code (web/app/player.py): what the controller draws as it opens then is nothing
    # the page as built does not show already. A change to the page or to the controller's opening that
    # would draw something else fails here.
    from pyengine.pages.player import PlayerPage
    from pyengine.pages.player_table import PlayerTable

    page = Page.built("player.html", {})
    before = drawn(page.root)
    page.apply(PlayerTable(PlayerPage(*world[:2], MemoryStore())).open("").update)
    assert drawn(page.root) == before
