"""Write-back by codes alone on the two pages (issue 35: the results reach the player's own device, "with
the same plan → confirm → undo as on the game master's phone"; "the same exchange works by codes alone"):
"Offer the results" says the players by codes get them in the fight code; the player's page shows the
offer once it reads that code, shows what it would write, writes it on "Confirm" and shows the answer as
a code, which the panel reads as his answer; "Undo" puts his adventurer back and is a code too. The game
master's records are never touched."""

from __future__ import annotations

import pytest

from pyengine.pages.player import PlayerPage
from pyengine.pages.player_codes import PlayerCodes
from pyengine.pages.player_table import PlayerTable
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.by_codes_world import Table
from tests.unit.pages.fight_writeback_world import golden_rurik, two_saved_and_a_broo

HERS = "0a0a0a0a0a0a"


@pytest.fixture
def table(world):
    store = MemoryStore({CHARACTER_PREFIX + HERS: golden_rurik()})  # her own adventurer, on her phone
    return Table(two_saved_and_a_broo(world), world, store=store)


def test_results_offered_by_codes_are_planned_confirmed_and_undone_on_the_players_phone(table):
    table.seated()
    fm, phone, player = table.fm, table.phone, table.player
    fm.apply(table.panel.on_change({"seat": "1", "who": "Rurik"}, True)[0])
    fm.apply(table.panel.on_change({"seat": "1", "who": "Vasana"}, False)[0])  # she plays Rurik alone
    fm.apply(fm.roll())
    fm.apply(table.panel.after_action().update)
    update, out = table.panel.on_offer()
    fm.apply(update)
    assert out.sends == [] and "1 player(s) by codes, in the fight code" in fm.dom.text("lt-status")
    table.player_reads_the_fight()
    (offer,) = player.page.guest.offers
    assert phone.find(f"pl-adv-{offer}") is not None
    phone.choose(f"pl-adv-{offer}", HERS)
    phone.apply(player.table.on_click({"plan": str(offer)}, phone.values("fw-section"))[0])
    assert phone.find("fw-confirm") is not None
    before = table.store.get(CHARACTER_PREFIX + HERS)
    update, sends = player.table.on_click({"id": "fw-confirm"}, {})
    phone.apply(update | player.shown(sends))  # no channel: "Confirm"'s answer becomes a code
    assert table.store.get(CHARACTER_PREFIX + HERS) != before
    assert load_adventurer(table.store.get(CHARACTER_PREFIX + HERS)).name == "Rurik"
    table.scanned(table.shown_code())
    assert "Ana wrote the fight's results for Rurik on his own device" in fm.dom.text("lt-said")
    table.player_reads_the_fight()
    assert player.page.guest.offers == {}  # answered: not offered again
    update, sends = player.table.on_click({"id": "fw-undo"}, {})
    phone.apply(update | player.shown(sends))
    assert table.store.get(CHARACTER_PREFIX + HERS) == before
    table.scanned(table.shown_code())
    assert "Ana took back the fight's results for Rurik on his own device" in fm.dom.text("lt-said")
    assert fm.store.get(CHARACTER_PREFIX + "rurik") == golden_rurik()  # the game master's records untouched


def test_an_offer_confirmed_is_not_offered_again_after_a_reload_before_the_game_master_reads_the_answer(table, world):
    table.seated()
    fm, phone, player = table.fm, table.phone, table.player
    fm.apply(fm.roll())
    fm.apply(table.panel.after_action().update)
    fm.apply(table.panel.on_offer()[0])
    table.player_reads_the_fight()
    (offer,) = player.page.guest.offers
    phone.choose(f"pl-adv-{offer}", HERS)
    phone.apply(player.table.on_click({"plan": str(offer)}, phone.values("fw-section"))[0])
    update, sends = player.table.on_click({"id": "fw-confirm"}, {})
    phone.apply(update | player.shown(sends))
    written = table.store.get(CHARACTER_PREFIX + HERS)
    page = PlayerPage(*world[:2], table.store)  # his page reloaded before the game master scanned "Confirm"
    table.player = PlayerCodes(PlayerTable(page))
    phone.apply(table.player.table.open("").update)
    table.player_reads_the_fight()  # the fight code still offers it
    assert page.guest.offers == {} and phone.find(f"pl-adv-{offer}") is None
    assert table.store.get(CHARACTER_PREFIX + HERS) == written
