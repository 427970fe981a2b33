"""The table by codes alone on its two pages, sealed (issue 35): a seat by codes outlives the game master's
reload with its key (his phone finds it in the new fight code and its codes are still taken; a stranger's
are not); a player's code typed in the panel's field is used as the camera uses it, and a text that is
neither his code nor an answer code is refused naming the field; a newcomer by code turned away reads it
on his page from the next fight code, instead of being asked again to show his code."""

from __future__ import annotations

import pytest

from pyengine.pages.player import PlayerPage
from pyengine.pages.player_codes import PlayerCodes
from pyengine.pages.player_table import PlayerTable
from tests.unit.pages.by_codes_world import Secrets, Table
from tests.unit.pages.fight_writeback_world import two_saved_and_a_broo


@pytest.fixture
def table(world):
    return Table(two_saved_and_a_broo(world), world)


def test_a_seat_by_codes_comes_back_after_the_game_masters_reload_with_its_key(table, world):
    table.seated()
    fm = table.fm.reload(world)  # the game master's page reloaded: the fight and the seats kept
    table.fm, table.panel = fm, table.opened(fm)
    seats = fm.dom.text("lt-seats")
    assert "Ana" in seats and "by codes" in seats, seats
    said = fm.dom.text("lt-said")
    assert "Ana plays by codes: the phone scans the fight code again" in said, said
    table.player_reads_the_fight()  # the new table's code: her seat found by her name
    assert "At the table by codes as Ana (seat 1): you play Vasana" in table.phone.text("pl-status")
    table.scanned(table.states())
    assert fm.page.core.draft.declare["Vasana"]["actions"][0]["do"] == "move"
    assert "Vasana's statement is taken" in fm.dom.text("lt-said")


def test_a_stranger_named_as_a_seated_player_makes_no_code_the_game_master_takes(table, world):
    table.seated()
    mallory = Table(table.fm, world, seed=6)
    mallory.panel = table.panel
    mallory.player_reads_the_fight()
    mallory.phone.fill("pl-name", "Ana")  # his page takes the seat the fight code names for Ana
    mallory.phone.apply(mallory.player.on_join(mallory.phone.values("pl-join")))
    mallory.player_reads_the_fight()
    forged = mallory.states()
    before = table.fm.page.core.draft.declare.get("Vasana")
    table.fm.apply(table.panel.on_code_read(forged).update)
    assert "this code was not made by Ana's phone" in table.fm.dom.error("lt-answer")
    assert table.fm.page.core.draft.declare.get("Vasana") == before


def test_a_players_code_typed_in_the_field_is_used_as_the_camera_uses_it(table):
    table.asks_to_join()
    table.fm.dom.fill("lt-answer", table.shown_code())
    wire = table.panel.on_control("lt-use", "click", {}, table.fm.dom.values("lt-panel"))
    assert wire.accept is None and wire.out.sends == []
    table.fm.apply(wire.update)
    assert "Ana asks to join" in table.fm.dom.text("lt-seats")
    assert table.fm.dom.error("lt-answer") == ""


def test_a_typed_text_that_is_neither_is_refused_naming_the_field(table):
    table.fm.dom.fill("lt-answer", "hello there")
    table.fm.apply(table.panel.on_control("lt-use", "click", {}, table.fm.dom.values("lt-panel")).update)
    error = table.fm.dom.error("lt-answer")
    assert error.startswith("The player's code: "), error
    assert "neither an answer code nor a code his phone shows" in error, error


def test_a_newcomer_turned_away_by_code_reads_it_on_his_page(table):
    table.asks_to_join()
    table.scanned(table.shown_code())
    assert "Show your code to join" in table.phone.text("pl-status")
    table.fm.apply(table.panel.on_click({"away": "-1"})[0])
    table.player_reads_the_fight()
    status = table.phone.text("pl-status")
    assert "The game master did not let you in" in status, status
    assert "Show your code to join" not in status
    assert table.phone.shown("pl-named") and table.phone.shown("pl-hello")  # he may ask again


def test_the_players_phone_keeps_its_key_through_a_reload(table, world):
    table.seated()
    key = table.player.page.guest.key
    assert key and f'"key": "{key}"' in table.store.get("strike-rank/draft/player")
    page = PlayerPage(*world[:2], table.store, random_bytes=Secrets(7))  # the player's page reloaded
    table.player = PlayerCodes(PlayerTable(page))
    table.phone.apply(table.player.table.open("").update)
    assert page.guest is not None and page.guest.key == key
    table.player_reads_the_fight()
    table.scanned(table.states())
    assert "Vasana's statement is taken" in table.fm.dom.text("lt-said")
