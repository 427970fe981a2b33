"""The table by codes alone on its two pages, sealed (issue 35): a seat by codes outlives the game master's
reload with its key (his phone finds it in the new fight code and its codes are still taken; a stranger's
are not); a player's code typed in the panel's field is used as the camera uses it, and a text that is
neither his code nor an answer code is refused naming the field; a newcomer by code turned away reads it
on his page from the next fight code, instead of being asked again to show his code."""

from __future__ import annotations

import pytest

from pyengine.pages.fight.table_panel import TablePanel
from pyengine.pages.player import PlayerPage
from pyengine.pages.player_codes import PlayerCodes
from pyengine.pages.player_table import PlayerTable
from pyengine.pages.scan import read_code
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_writeback_world import two_saved_and_a_broo
from tests.unit.pages.page_dom import Page

SITE = "https://strike-rank.example.org/app/"


class Secrets:
    """An injected random source: each call new bytes."""

    def __init__(self, seed: int) -> None:
        self.seed, self.calls = seed, 0

    def __call__(self, n: int) -> bytes:
        self.calls += 1
        return bytes((self.seed * 31 + self.calls * 7 + i) % 256 for i in range(n))


class Table:
    """The game master's fight mode with its panel open, and one player's page; codes passed as text."""

    def __init__(self, fm, world, seed: int = 5) -> None:
        self.world = world
        self.fm = fm
        self.panel = self.opened(fm)
        self.store = MemoryStore()
        self.player = PlayerCodes(PlayerTable(PlayerPage(*world[:2], self.store, random_bytes=Secrets(seed))))
        self.phone = Page.built("player.html", {})

    def opened(self, fm) -> TablePanel:
        panel = TablePanel(fm.page, lambda: 0.0, Secrets(9), SITE + "combat.html")
        shown = panel.on_show()
        fm.apply(shown.update)
        fm.apply(panel.offer_made(shown.make, ""))
        return panel

    def fight_code(self) -> str:
        if not self.panel.codes.showing:
            update, _ = self.panel.codes.on_situation()
            self.fm.apply(update)
        return self.panel.codes.link

    def player_reads_the_fight(self) -> None:
        scanned = read_code(self.fight_code(), SITE + "player.html")
        self.phone.apply(self.player.on_link(scanned.url[scanned.url.index("#") :]))

    def shown_code(self) -> str:
        return self.phone.text("pl-code-shown-typed")

    def scanned(self, text: str) -> None:
        read = self.panel.on_code_read(text)
        assert read.out.sends == [] and read.accept is None
        self.fm.apply(read.update)

    def asks_to_join(self, name: str = "Ana") -> None:
        self.player_reads_the_fight()
        self.phone.fill("pl-name", name)
        self.phone.apply(self.player.on_join(self.phone.values("pl-join")))

    def seated(self) -> None:
        self.asks_to_join()
        self.scanned(self.shown_code())
        self.fm.apply(self.panel.on_click({"admit": "-1"})[0])
        self.fm.apply(self.panel.on_change({"seat": "1", "who": "Vasana"}, True)[0])
        self.player_reads_the_fight()
        assert "At the table by codes as Ana (seat 1)" in self.phone.text("pl-status")

    def states(self, surprised: bool = True) -> str:
        """Vasana's statement made on the player's page: the code it shows."""
        k = 1
        self.phone.choose(f"fd-{k}-a0-do", "move")
        self.phone.apply(self.player.table.on_form(self.phone.values(f"fd-{k}"), f"fd-{k}-a0-do"))
        self.phone.fill(f"fd-{k}-a0-n", "12")
        update, sends = self.player.table.on_click({"send": "Vasana"}, self.phone.values("pl-acts"))
        self.phone.apply(update | self.player.shown(sends))
        return self.shown_code()


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
