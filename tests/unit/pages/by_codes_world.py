"""The table by codes alone on its two pages, for tests: the game master's fight mode with its panel open and
one player's page, every code passed as the text its QR code holds, each phone's secrets from its own
injected source."""

from __future__ import annotations

from pyengine.pages.fight.table_panel import TablePanel
from pyengine.pages.player import PlayerPage
from pyengine.pages.player_codes import PlayerCodes
from pyengine.pages.player_table import PlayerTable
from pyengine.pages.scan import read_code
from pyengine.storage.store import MemoryStore
from tests.unit.live.wire import Secrets
from tests.unit.pages.page_dom import Page

SITE = "https://strike-rank.example.org/app/"


class Table:
    """The game master's fight mode with its panel open, and one player's page; codes passed as text."""

    def __init__(self, fm, world, seed: int = 5, store: MemoryStore | None = None) -> None:
        self.world = world
        self.fm = fm
        self.panel = self.opened(fm)
        self.store = store if store is not None else MemoryStore()
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
