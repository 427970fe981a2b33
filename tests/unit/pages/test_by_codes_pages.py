"""The live table by codes alone on its two pages (issue 35: "No shared network at all. The same exchange
works by codes alone"): no channel and no wire, every code passed as the text its QR code holds.

The game master's panel shows "The fight as a code"; the player's page opens it (as its scanner or the
phone's camera does: the page's address) and shows the fight as the game master's does; his name makes
his code to join, which the panel's camera reads; "Let in" seats him on that code alone. His statement
and his die become codes to show the game master ("Show this to the game master"), which the panel reads
as his statement and his die: taken or refused, the verdict and the round resolved reach his phone with
the next fight code, which the panel keeps drawn as the fight goes on. A code of another table is refused
in words. Two adventurers and three foes after three rounds still fit one code (its size and QR version
measured here)."""

from __future__ import annotations

import pytest

from pyengine import qr
from pyengine.live import codes
from pyengine.live.host import Out
from pyengine.live.messages import Situation, read_message_link
from pyengine.pages.fight.table_panel import TablePanel
from pyengine.pages.player import PlayerPage
from pyengine.pages.player_codes import PlayerCodes
from pyengine.pages.player_table import PlayerTable
from pyengine.pages.scan import Scanner, read_code
from pyengine.pages.view import Update
from pyengine.storage.store import MemoryStore
from tests.unit.live.samples import GOLDEN
from tests.unit.pages.fight_mode import FightMode
from tests.unit.pages.fight_writeback_world import two_saved_and_a_broo
from tests.unit.pages.page_dom import Page

SITE = "https://strike-rank.example.org/app/"


def secrets(n: int) -> bytes:
    return bytes(range(n))


def two_adventurers_and_three_foes(world):
    fm = two_saved_and_a_broo(world)  # Rurik and Vasana (saved adventurers) against a broo
    for name in ("Scorpion", "Tusk"):
        fm.dom.fill("fa-name", name)
        fm.dom.fill("fa-side", "Chaos")
        fm.dom.choose("fa-w1", "broadsword")
        fm.apply(fm.page.on_add(fm.dom.values("fa-form")))
    assert len(fm.combatants()) == 5
    return fm


class ByCodes:
    """The game master's fight mode with its panel open, and one player's page: codes passed as text."""

    def __init__(self, fm, world, random_bytes=secrets) -> None:
        self.fm = fm
        self.panel = TablePanel(fm.page, lambda: 0.0, random_bytes, SITE + "combat.html")
        shown = self.panel.on_show()
        fm.apply(shown.update)
        fm.apply(self.panel.offer_made(shown.make, ""))  # no join code is made: this phone has no WebRTC
        self.store = MemoryStore()
        self.player = PlayerCodes(PlayerTable(PlayerPage(*world[:2], self.store)))
        self.phone = Page.built("player.html", {})

    def act(self, update) -> None:
        """An action of fight mode, then what the glue does after each."""
        self.fm.apply(update)
        self.fm.apply(self.panel.after_action().update)

    def fight_code(self) -> str:
        """The fight as a code, as the panel shows it; its text, as a camera reads it."""
        if not self.panel.codes.showing:
            update, out = self.panel.codes.on_situation()
            assert out.sends == []
            self.fm.apply(update)
        assert any(n.tag == "svg" for n in self.fm.dom["lt-fight-code"].walk())
        assert "each player scans it" in self.fm.dom.text("lt-fight-code")
        return self.panel.codes.link

    def player_reads_the_fight(self) -> None:
        """The player's scanner reads the fight code: the page opens it (its address), as the camera app does."""
        link = self.fight_code()
        scanned = read_code(link, SITE + "player.html")
        assert scanned.url.startswith("./player.html#1.") and scanned.page == "player.html"
        self.phone.apply(self.player.on_link(scanned.url[scanned.url.index("#") :]))

    def shown_to_the_game_master(self) -> str:
        """The code the player's page shows, read by the panel's camera."""
        shown = self.phone.text("pl-code-shown")
        assert "Show this to the game master" in shown
        text = self.phone.text("pl-code-shown-typed")
        read = self.panel.on_code_read(text)  # the panel's one camera: a player's code, not an answer
        assert read.out.sends == [] and read.accept is None
        self.fm.apply(read.update)
        return text


@pytest.fixture
def table(world):
    return ByCodes(two_adventurers_and_three_foes(world), world)


def test_a_player_joins_and_follows_the_fight_by_codes_alone(table):
    fm, phone, player = table.fm, table.phone, table.player
    table.player_reads_the_fight()
    assert phone.text("fs-out") == fm.dom.text("fs-out")  # everyone now, as the game master sees it
    assert "follow the fight by codes" in phone.text("pl-status")
    assert phone.shown("pl-named") and phone.shown("pl-hello")
    phone.fill("pl-name", "Ana")
    phone.apply(player.on_join(phone.values("pl-join")))
    table.shown_to_the_game_master()
    assert "Ana asks to join" in fm.dom.text("lt-seats")
    (admit,) = [n for n in fm.dom["lt-seats"].walk() if "data-admit" in n.attrs]
    update, out = table.panel.on_click({"admit": admit.attrs["data-admit"]})
    fm.apply(update)
    assert "Ana: " in fm.dom.text("lt-seats") and "by codes" in fm.dom.text("lt-seats")
    update, out = table.panel.on_change({"seat": "1", "who": "Vasana"}, True)
    fm.apply(update)
    assert out.sends == []
    table.player_reads_the_fight()  # the panel redrew the fight code: it names her seat now
    assert "At the table by codes as Ana (seat 1): you play Vasana" in phone.text("pl-status")
    assert not phone.shown("pl-named")
    assert "Send Vasana's statement" in phone.text("pl-send")


def seated(table) -> None:
    table.player_reads_the_fight()
    table.phone.fill("pl-name", "Ana")
    table.phone.apply(table.player.on_join(table.phone.values("pl-join")))
    table.shown_to_the_game_master()
    table.fm.apply(table.panel.on_click({"admit": "-1"})[0])
    table.fm.apply(table.panel.on_change({"seat": "1", "who": "Vasana"}, True)[0])
    table.player_reads_the_fight()


def test_a_round_stated_as_a_code_resolved_and_read_back(table):
    seated(table)
    fm, phone, player = table.fm, table.phone, table.player
    k = 1  # Vasana's row
    phone.choose(f"fd-{k}-a0-do", "move")
    phone.apply(player.table.on_form(phone.values(f"fd-{k}"), f"fd-{k}-a0-do"))
    phone.fill(f"fd-{k}-a0-n", "far")  # not a number: refused in the form's words
    update, sends = player.table.on_click({"send": "Vasana"}, phone.values("pl-acts"))
    phone.apply(update | player.shown(sends))  # no channel: the statement becomes a code
    assert "No network: not sent. Show the code below to the game master" in phone.text("pl-said")
    table.shown_to_the_game_master()
    assert "Vasana's statement is not taken" in fm.dom.text("lt-said")
    table.player_reads_the_fight()
    assert phone.error("fd-1") == "Vasana \u2014 action 1, metres: 'far' is not a whole number"
    phone.fill(f"fd-{k}-a0-n", "12")
    update, sends = player.table.on_click({"send": "Vasana"}, phone.values("pl-acts"))
    phone.apply(update | player.shown(sends))
    text = table.shown_to_the_game_master()
    assert fm.page.core.draft.declare["Vasana"]["actions"][0]["do"] == "move"
    assert "Vasana's statement is taken" in fm.dom.text("lt-said")
    again, out = table.panel.codes.on_code(text)  # the camera reads it again: nothing happens
    assert again == Update() and out == Out()
    table.act(fm.roll())
    table.player_reads_the_fight()
    assert phone.text("fd-round") == "2" and phone.text("fs-out") == fm.dom.text("fs-out")
    assert phone.text("fl-out")


def test_a_die_asked_of_a_player_by_codes_is_rolled_on_his_phone_and_scanned(table):
    seated(table)
    fm, phone, player = table.fm, table.phone, table.player
    table.act(fm.page.on_start(fm.dom.values("fd-list")))
    rolled = 0
    for _ in range(60):
        if fm.page.rounds.rolls is None:
            break
        table.player_reads_the_fight()
        if phone.find("pl-roll") is not None and phone["pl-ask"].children:
            data = {k: v for k, v in phone["pl-roll"].attrs.items() if k.startswith("data-")}
            update, sends = player.table.on_click({"roll": data["data-roll"]}, {})
            phone.apply(update | player.shown(sends))
            table.shown_to_the_game_master()
            table.act(fm.page.drawn_later())
            rolled += 1
            continue
        fm.dom.fill("fd-typed", str(min(fm.page.rounds.rolls.needed.sides, 50)))
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    table.act(fm.page.drawn_later())
    assert rolled and fm.page.rounds.rolls is None
    table.player_reads_the_fight()
    assert phone.text("fd-round") == "2" and not phone["pl-ask"].children


def test_a_code_of_another_table_is_refused_in_words(table, world):
    seated(table)
    other = ByCodes(two_adventurers_and_three_foes(world), world, lambda n: b"\x07" * n)
    other.player_reads_the_fight()
    other.phone.fill("pl-name", "Mallory")
    other.phone.apply(other.player.on_join(other.phone.values("pl-join")))
    update, _ = table.panel.codes.on_code(other.phone.text("pl-code-shown-typed"))
    table.fm.apply(update)
    assert "made for another table" in table.fm.dom.error("lt-answer")
    assert table.panel.codes.on_code(codes.join_typed(codes.make_join(*_offer()))) is None  # an answer code's path


def _offer():
    from pyengine.live import sdp

    return sdp.from_sdp((GOLDEN / "live-sdp-offer-chromium.txt").read_text(encoding="ascii")), secrets


def test_two_adventurers_and_three_foes_after_three_rounds_fit_one_code(table):
    seated(table)
    for _ in range(3):
        table.act(table.fm.roll())
    link = table.fight_code()
    situation = read_message_link(link)
    assert isinstance(situation, Situation) and situation.fight == table.fm.page.link()
    code = qr.encode(link)
    print(f"\nthe fight as a code after 3 rounds, 2 adventurers and 3 foes: {len(link):,} characters, {code.describe()}")
    assert code.version <= 30
    assert code.describe() in table.fm.dom.text("lt-fight-code")


def test_the_players_scanner_opens_the_fight_code_where_it_is_and_a_join_code_by_a_reload(table):
    scanner = Scanner(SITE + "player.html")
    assert scanner.on_code(table.fight_code()).navigate.startswith("./player.html#1.") and not scanner.reloads
    join = codes.join_link(codes.make_join(*_offer()), SITE)
    assert scanner.on_code(join).navigate.startswith("./player.html#join=") and scanner.reloads
    elsewhere = Scanner(SITE + "index.html")
    assert elsewhere.on_code(table.fight_code()).navigate.startswith("./player.html#1.") and not elsewhere.reloads


def test_a_table_too_big_for_one_code_leaves_its_statements_out_and_says_so(world):
    link = (GOLDEN / "fight-12x30.link").read_text(encoding="utf-8").strip()
    fm = FightMode(world, link=link)  # twelve combatants, thirty rounds
    table = ByCodes(fm, world)
    table.fight_code()
    said = fm.dom.text("lt-fight-code")
    assert "the statements left out: the whole table does not fit one code" in said
    situation = read_message_link(table.panel.codes.link)
    assert situation.fight == fm.page.link() and situation.statements == {}
    print(f"\nthe 12-against-30-rounds fight as a code: {len(table.panel.codes.link):,} characters, {qr.encode(table.panel.codes.link).describe()}")
