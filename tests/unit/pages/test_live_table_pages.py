"""The live table's two pages as their glue joins them (issue 35): the game master's panel in fight mode
(``TablePanel``: the join code, the answer code read, who is at the table, Let in / Turn away, whom each
plays, every action of fight mode sent, the results offered, Close) and the player's page
(``PlayerTable``: the join code from the address, his name, the answer code, connected / waiting / turned
away in words, the table's rows with his own forms and Send, refusals on the form's field, the die asked of
him, the results offered, a reload showing the kept fight and saying the connection is lost).

The two phones' connection is Chromium's descriptions from tests/golden (the offer is the game master's,
the answer the player's), and the data channel a direct hand-over of the frames each side sends."""

from __future__ import annotations

import pytest

from pyengine.live import codes, sdp
from pyengine.pages.at_start import join_address
from pyengine.pages.fight.table_panel import SpareToMake, TablePanel
from pyengine.pages.player import PlayerPage
from pyengine.pages.player_table import COMING_BACK, LOST, REJOIN_KEY, PlayerTable, Wire
from pyengine.pages.scan import read_code
from pyengine.pages.view import Update
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.live.samples import GOLDEN, SPARE_FINGERPRINT
from tests.unit.pages.fight_mode import FightMode
from tests.unit.pages.fight_writeback_world import golden_rurik, hits, two_saved_and_a_broo
from tests.unit.pages.page_dom import Page

SITE = "https://strike-rank.example.org/app/"


def golden_sdp(name: str) -> str:
    """A description as Chromium wrote it (tests/golden), CRLF line ends kept."""
    return (GOLDEN / name).read_bytes().decode("ascii")


OFFER = golden_sdp("live-sdp-offer-chromium.txt")
ANSWER = golden_sdp("live-sdp-answer-chromium.txt")


def secrets(n: int) -> bytes:
    return bytes(range(n))


class Table:
    """The game master's fight mode with its panel, and players' pages, their channels handed frames."""

    def __init__(self, fm: FightMode) -> None:
        self.fm = fm
        self.panel = TablePanel(fm.page, lambda: 0.0, secrets, SITE + "combat.html#fight")
        self.players: dict[int, tuple[PlayerTable, Page]] = {}
        self.wires: dict[int, list[Wire]] = {}
        """What each player's page said to each frame it was given (what its glue does next)."""
        self.spares: list[SpareToMake] = []
        """The spare connections the panel asked its glue to make."""

    def gm(self, update):
        self.fm.apply(update)
        return update

    def act(self, update) -> None:
        """An action of fight mode, then what the glue does after each (``app.fight.act``)."""
        self.fm.apply(update)
        said = self.panel.after_action()
        self.gm(said.update)
        self.deliver(said.out)

    def deliver(self, out) -> None:
        for frame in out.sends:
            player, dom = self.players[frame.peer]
            said = player.on_event("message", frame.data)
            dom.apply(said.update)
            self.wires.setdefault(frame.peer, []).append(said)
            self.to_gm(frame.peer, said.sends)

    def to_gm(self, channel: int, frames) -> None:
        for data in frames:
            said = self.panel.on_event(channel, "message", data)
            self.gm(said.update)
            self.spares += said.spares
            self.deliver(said.out)

    def show_code(self, channel: int | None = None) -> str:
        """The join code shown for the next player; its typed form as the panel shows it."""
        if channel is None:
            said = self.panel.on_show() if not self.panel.is_open else None
            channel = said.make if said is not None else 0
            if said is not None:
                self.gm(said.update)
                self.deliver(said.out)
                self.gm(self.panel.site_drawn())  # as the glue does once the QR encoder is in
            if not channel:
                update, channel, _ = self.panel.on_next()
                self.gm(update)
        self.gm(self.panel.offer_made(channel, OFFER))
        self.channel = channel
        return self.fm.dom.text("lt-join-typed")

    def join(self, world, name: str, store=None, *, typed: str | None = None) -> tuple[PlayerTable, Page]:
        """A player's phone: opens the join link, says his name, shows his answer code, which the game
        master scans; the channel opens."""
        typed = typed or self.show_code()
        link = codes.join_link(codes.read_join(typed), SITE)
        dom = Page.built("player.html", {})
        player = PlayerTable(PlayerPage(*world[:2], store if store is not None else MemoryStore()))
        dom.apply(player.open(link[link.index("#") :]).update)
        assert dom.shown("pl-named") and dom.focused == "pl-name" and "Join code read" in dom.text("pl-status")
        dom.fill("pl-name", name)
        update, offer = player.on_join(dom.values("pl-join"))
        dom.apply(update)
        assert sdp.from_sdp(offer) == sdp.from_sdp(OFFER)  # the game master's offer, to answer
        dom.apply(player.answer_made(ANSWER))
        said = dom.text("pl-code-shown")
        assert "Show this to the game master" in said and any(n.tag == "svg" for n in dom["pl-answer"].walk())
        answer = dom.text("pl-code-shown-typed")
        update, channel, description = self.panel.on_answer(answer)
        self.gm(update)
        assert channel == self.channel and sdp.from_sdp(description) == sdp.from_sdp(ANSWER)
        self.players[channel] = (player, dom)
        self.gm(self.panel.on_event(channel, "open").update)
        said = player.on_event("open")
        dom.apply(said.update)
        assert dom.address == "./player.html"  # a reload from here shows the fight kept, not the join step
        self.to_gm(channel, said.sends)
        return player, dom

    def let_in(self, channel: int) -> None:
        update, out = self.panel.on_click({"admit": str(channel)})
        self.gm(update)
        self.deliver(out)


@pytest.fixture
def table(world):
    fm = FightMode(world)
    fm.add()  # Aldo (A) against Bera and Cora (B)
    return Table(fm)


def test_open_the_table_shows_a_join_code_the_site_and_the_plain_sentence(table):
    dom = table.fm.dom
    assert "disabled" in dom["fd-table"].attrs  # until the glue wires it
    typed = table.show_code()
    assert dom.shown("lt-panel") and dom.focused == "lt-hide"
    assert any(n.tag == "svg" for n in dom["lt-code"].walk())  # the QR code, filling the width
    join = codes.read_join(typed)
    assert join.session == sdp.from_sdp(OFFER) and join.secret == secrets(codes.SECRET_BYTES)
    assert "cannot load it here with no signal" in dom.text("lt-site") and SITE in dom.text("lt-site")
    assert "Nobody at the table yet" in dom.text("lt-seats")
    table.gm(table.panel.on_hide())
    assert not dom.shown("lt-panel")  # one tap shuts it; the table stays open
    assert table.panel.is_open


def test_the_panel_is_shown_at_once_and_its_codes_come_with_the_qr_encoder(table):
    # On a phone the QR encoder (segno, installed on demand) took 2-3 s to come in after the tap on
    # "Table players", and the panel waited for it: now what shows the panel draws no code.
    said = table.panel.on_show()
    table.gm(said.update)
    dom = table.fm.dom
    assert dom.shown("lt-panel") and dom.focused == "lt-hide"
    assert "Making a join code" in dom.text("lt-status") and said.make
    assert not any("<svg" in html for html in said.update.html.values())
    table.gm(table.panel.site_drawn())
    assert any(n.tag == "svg" for n in dom["lt-site"].walk()) and SITE in dom.text("lt-site")
    # shut and shown again: the site's code is there still, and not drawn again (it never changes)
    table.gm(table.panel.on_control("lt-hide", "click", {}, {}).update)
    table.gm(table.panel.on_show().update)
    assert table.panel.site_drawn() == Update()
    assert any(n.tag == "svg" for n in dom["lt-site"].walk()) and SITE in dom.text("lt-site")


def test_a_player_joins_by_the_codes_and_both_say_so_in_words(table, world):
    player, phone = table.join(world, "Ana")
    assert "waiting for the game master to let you in" in phone.text("pl-status")
    assert "Ana asks to join" in table.fm.dom.text("lt-seats")
    table.let_in(table.channel)
    assert "Ana: connected" in table.fm.dom.text("lt-seats")
    assert "Connected to the game master's table as Ana (seat 1)" in phone.text("pl-status")
    # the game master gives her Bera: her phone says so, and opens Bera's statement form with Send
    update, out = table.panel.on_change({"seat": "1", "who": "Bera"}, True)
    table.gm(update)
    table.deliver(out)
    assert "you play Bera" in phone.text("pl-status")
    assert phone.find("fd-1-a0-do") is not None and phone.find("fd-0-a0-do") is None
    assert "Send Bera's statement" in phone.text("pl-send")
    assert phone.text("fs-out") == table.fm.dom.text("fs-out")  # everyone now, as the game master sees it


def test_an_answer_for_another_code_is_refused_once_and_the_next_player_gets_his_own_code(table, world):
    first = table.show_code()
    other = codes.make_answer(sdp.from_sdp(ANSWER), codes.make_join(sdp.from_sdp(OFFER), lambda n: b"\x07" * n))
    update, channel, _ = table.panel.on_answer(codes.answer_text(other))
    table.gm(update)
    assert channel == 0 and "made for another table's join code" in table.fm.dom.error("lt-answer")
    assert table.panel.on_answer(codes.answer_text(other))[1:] == (0, "")  # the camera sees it again: said once
    update, channel, stale = table.panel.on_next()
    assert channel == 2 and stale == [1]  # the unanswered code's connection let go
    table.gm(update)
    second = table.show_code(channel)
    assert codes.read_join(second) == codes.read_join(first)  # the same offer and secrets here (injected)


def test_a_player_turned_away_is_told_in_words(table, world):
    player, phone = table.join(world, "Mallory")
    update, out = table.panel.on_click({"away": str(table.channel)})
    table.gm(update)
    table.deliver(out)
    assert out.closed == [table.channel]
    assert "Turned away: the game master did not let this phone in" in phone.text("pl-status")


def test_rounds_statements_dice_undo_and_a_reload_reach_the_players_page(table, world):
    store = MemoryStore()
    ana, phone = table.join(world, "Ana", store)
    table.let_in(table.channel)
    table.gm(table.panel.on_change({"seat": "1", "who": "Bera"}, True)[0])
    table.deliver(table.panel.live.assign(1, ["Bera"]))
    fm = table.fm
    # her statement, sent from her form, taken by the game master's
    phone.choose("fd-1-a0-do", "move")
    phone.apply(ana.on_form(phone.values("fd-1"), "fd-1-a0-do"))  # his form drawn again for moving
    phone.fill("fd-1-a0-n", "12")
    update, sends = ana.on_click({"send": "Bera"}, phone.values("pl-acts"))
    phone.apply(update)
    table.to_gm(table.channel, sends)
    assert fm.page.core.draft.declare["Bera"]["actions"][0]["do"] == "move"
    # a statement that does not read: refused on her form's field, in its words
    phone.fill("fd-1-a0-n", "far")
    update, sends = ana.on_click({"send": "Bera"}, phone.values("pl-acts"))
    table.to_gm(table.channel, sends)
    assert phone.error("fd-1") == "Bera \u2014 action 1, metres: 'far' is not a whole number"
    assert phone["fd-1-a0-n"].attrs["aria-invalid"] == "true" and phone.value("fd-1-a0-n") == "far"
    assert "Bera's statement is not taken" in phone.text("pl-said")
    # the round resolved: it reaches her phone
    table.act(fm.page.on_roll(fm.dom.values("fd-list")))
    table.act(fm.page.drawn_later())
    assert phone.text("fd-round") == "2" and phone.text("fl-out") and phone.text("fs-out") == fm.dom.text("fs-out")
    # a round with typed dice: the die Bera's player rolls is asked of her phone
    table.act(fm.page.on_start(fm.dom.values("fd-list")))
    asked = 0
    for _ in range(60):
        if fm.page.rounds.rolls is None:
            break
        if phone.find("pl-roll") is not None and phone["pl-ask"].children:
            asked += 1
            data = {k: v for k, v in phone["pl-roll"].attrs.items() if k.startswith("data-")}
            update, sends = ana.on_click({"roll": data["data-roll"]}, {})
            phone.apply(update)
            table.to_gm(table.channel, sends)
            table.act(fm.page.drawn_later())
            continue
        fm.dom.fill("fd-typed", str(min(fm.page.rounds.rolls.needed.sides, 50)))
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    table.act(fm.page.drawn_later())
    assert asked and fm.page.rounds.rolls is None and phone.text("fd-round") == "3"
    assert not phone["pl-ask"].children
    # the game master's undo reaches her
    table.act(fm.page.on_undo())
    assert phone.text("fd-round") == "2" and phone.text("fs-out") == fm.dom.text("fs-out")
    shown = phone.text("fs-out")
    # her page reloads: the same fight at once, and the connection said lost until a new code
    again = Page.built("player.html", {})
    reloaded = PlayerTable(PlayerPage(*world[:2], store))
    said = reloaded.open("")
    again.apply(said.update)
    assert again.text("fs-out") == shown and again.text("pl-status") == COMING_BACK
    assert said.rejoin and said.key == REJOIN_KEY  # the way back kept is tried first
    assert again.value("pl-name") == "Ana"
    again.apply(reloaded.on_event("rejoin-none").update)  # none kept: the codes, said plainly
    assert again.text("fs-out") == shown and again.text("pl-status") == LOST and "scan the join code again" in LOST
    # and the channel gone on a page that was connected: the way back tried, then the codes
    said = ana.on_event("close")
    phone.apply(said.update)
    assert said.rejoin and phone.text("pl-status") == COMING_BACK
    said = ana.on_event("rejoin-late")
    phone.apply(said.update)
    assert said.close and phone.text("pl-status") == LOST


def test_the_results_are_offered_to_a_player_for_his_own_adventurer(world):
    fm = two_saved_and_a_broo(world)
    table = Table(fm)
    store = MemoryStore({CHARACTER_PREFIX + "0a0a0a0a0a0a": golden_rurik()})
    ana, phone = table.join(world, "Ana", store)
    table.let_in(table.channel)
    table.deliver(table.panel.live.assign(1, ["Rurik"]))
    fm.type_round(hits)
    table.act(fm.page.drawn_later())
    assert "disabled" not in fm.dom["lt-offer"].attrs
    update, out = table.panel.on_offer()
    table.gm(update)
    table.deliver(out)
    assert "offered to 1 phone" in fm.dom.text("lt-status")
    (offer,) = ana.page.guest.offers
    phone.choose(f"pl-adv-{offer}", "0a0a0a0a0a0a")
    update, _ = ana.on_click({"plan": str(offer)}, phone.values("fw-section"))
    phone.apply(update)
    assert phone.find("fw-confirm") is not None
    before = store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a")
    update, sends = ana.on_click({"id": "fw-confirm"}, {})
    phone.apply(update)
    table.to_gm(table.channel, sends)
    assert store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a") != before
    assert "Ana wrote the fight's results for Rurik" in fm.dom.text("lt-said")
    update, sends = ana.on_click({"id": "fw-undo"}, {})
    table.to_gm(table.channel, sends)
    assert store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a") == before
    assert "Ana took back the fight's results for Rurik" in fm.dom.text("lt-said")  # the game master hears of it
    assert "ignored" not in fm.dom.text("lt-said")


def test_close_the_table_lets_every_phone_go_and_the_fight_goes_on(table, world):
    player, phone = table.join(world, "Ana")
    table.let_in(table.channel)
    update, out = table.panel.on_close()
    table.gm(update)
    table.deliver(out)
    assert out.closed == [table.channel] and not table.panel.is_open
    assert not table.fm.dom.shown("lt-panel") and "fight goes on" in table.fm.dom.text("lt-status")
    assert "closed the table" in phone.text("pl-said") or "closed the table" in phone.text("pl-status")
    assert table.panel.after_action().out.sends == []


def test_a_join_link_opens_the_players_page_from_the_scanner_and_from_the_combat_page():
    join = codes.make_join(sdp.from_sdp(OFFER), secrets)
    link = codes.join_link(join, SITE)
    assert link.startswith(SITE + "player.html#join=")
    fragment = link[link.index("#") :]
    assert read_code(link, SITE + "index.html").url == f"./player.html{fragment}"
    first_version = link.replace("player.html", "combat.html")  # join links of the first version
    assert read_code(first_version, SITE + "player.html").url == f"./player.html{fragment}"
    assert join_address(fragment) == f"./player.html{fragment}" and join_address("#fight") == ""
    damaged = read_code(link[:-6], SITE + "index.html")
    assert not damaged.url and "join code" in damaged.message


def test_a_players_page_comes_back_by_the_spare_kept_after_a_reload_with_no_code(table, world):
    store = MemoryStore()
    ana, phone = table.join(world, "Ana", store)
    table.let_in(table.channel)
    table.deliver(table.panel.live.assign(1, ["Bera"]))
    first, fm = table.channel, table.fm
    assert [w.key for w in table.wires[first] if w.prepare] == [REJOIN_KEY]  # let in: the way back prepared
    # the glue hands peer.js's ticket to the page, which sends it; the panel asks its glue for a spare
    table.to_gm(first, ana.on_ticket(SPARE_FINGERPRINT, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z").sends)
    [spare] = table.spares
    assert spare.seat == 1 and spare.channel not in (0, first)
    assert "a=ice-ufrag:q7Zk\r\n" in spare.answer and f"a=fingerprint:sha-256 {SPARE_FINGERPRINT}\r\n" in spare.answer
    made = table.panel.spare_made(spare.seat, spare.channel, OFFER)
    table.deliver(made.out)
    [kept] = [w.keep for w in table.wires[first] if w.keep]  # the page's glue keeps it (keepSpare)
    assert sdp.from_sdp(kept) == sdp.from_sdp(OFFER) and table.wires[first][-1].key == REJOIN_KEY
    # a second ticket on the same channel is not a second spare (one a channel)
    table.to_gm(first, ana.on_ticket(SPARE_FINGERPRINT, "q7Zk", "Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z").sends)
    assert len(table.spares) == 1

    # her page reloads, and the fight moves on meanwhile
    again = Page.built("player.html", {})
    reloaded = PlayerTable(PlayerPage(*world[:2], store))
    said = reloaded.open("")
    again.apply(said.update)
    assert said.rejoin and said.key == REJOIN_KEY and again.text("pl-status") == COMING_BACK
    gone = table.panel.on_event(first, "close")
    table.gm(gone.update)
    assert gone.out.closed == [first] and "Ana's phone is away" in fm.dom.text("lt-said")
    table.act(fm.page.on_roll(fm.dom.values("fd-list")))
    table.act(fm.page.drawn_later())
    assert again.text("fd-round") == "1" and fm.dom.text("fd-round") == "2"

    # the spare opens: her phone's hello names its device, and the seat is hers again, caught up
    table.players[spare.channel] = (reloaded, again)
    table.gm(table.panel.on_event(spare.channel, "open").update)
    assert "coming back by itself" in fm.dom.text("lt-status")
    said = reloaded.on_event("open")
    again.apply(said.update)
    table.to_gm(spare.channel, said.sends)
    assert "Ana's phone is back at the table" in fm.dom.text("lt-said") and "Ana: connected" in fm.dom.text("lt-seats")
    assert "Connected to the game master's table as Ana (seat 1): you play Bera" in again.text("pl-status")
    assert again.text("fd-round") == "2" and again.text("fs-out") == fm.dom.text("fs-out")
    assert any(w.prepare for w in table.wires[spare.channel])  # back: the next way back prepared at once
    # the game master's next round reaches her on the spare's channel
    table.act(fm.page.on_roll(fm.dom.values("fd-list")))
    table.act(fm.page.drawn_later())
    assert again.text("fd-round") == "3" and again.text("fs-out") == fm.dom.text("fs-out")

    # one spare a seat: a new one lets the seat's last go
    third, fourth = table.panel.new_channel(), table.panel.new_channel()
    assert table.panel.spare_made(1, third, OFFER).out.closed == []
    assert table.panel.spare_made(1, fourth, OFFER).out.closed == [third]
    # a spare for a seat no longer there is let go at once
    assert table.panel.spare_made(5, 99, OFFER).out.closed == [99]


def test_a_turned_away_phone_does_not_try_to_come_back_and_a_failed_way_back_falls_to_the_codes(table, world):
    player, phone = table.join(world, "Mallory")
    update, out = table.panel.on_click({"away": str(table.channel)})
    table.deliver(out)
    said = player.on_event("close")
    phone.apply(said.update)
    assert not said.rejoin and "Turned away" in phone.text("pl-said") + phone.text("pl-status")
    ana, phone = table.join(world, "Ana")
    table.let_in(table.channel)
    said = ana.on_event("state", "failed")
    assert said.rejoin
    said = ana.on_event("close")  # the way back itself lost before it opened: the codes
    phone.apply(said.update)
    assert said.close and not said.rejoin and phone.text("pl-status") == LOST
    assert ana.on_event("rejoin-late").update == Wire().update  # once lost, a late timer says nothing


def test_the_players_round_card_before_a_round_says_what_a_player_does_not_resolve(table, world):
    dom = Page.built("player.html", {})
    player = PlayerTable(PlayerPage(*world[:2], MemoryStore()))
    dom.apply(player.open("").update)
    said = dom.text("fd-happened")
    assert "Resolve" not in said and "the game master resolves" in said  # he cannot Resolve on his phone
    ana, phone = table.join(world, "Ana")
    table.let_in(table.channel)
    assert "Resolve" not in phone.text("fd-happened") and "the game master resolves" in phone.text("fd-happened")
    assert "then Resolve" in table.fm.dom.text("fd-happened")  # fight mode's own words stay the game master's


def test_the_game_masters_reload_keeps_the_fight_and_the_seats_and_a_returning_phone_sits_with_no_new_approval(table, world):
    store = MemoryStore()
    ana, phone = table.join(world, "Ana", store)
    table.let_in(table.channel)
    update, out = table.panel.on_change({"seat": "1", "who": "Bera"}, True)
    table.gm(update)
    table.deliver(out)
    fm = table.fm
    table.act(fm.page.on_roll(fm.dom.values("fd-list")))
    table.act(fm.page.drawn_later())
    shown = fm.dom.text("fs-out")

    # his page reloads: the fight is fight mode's own draft; every channel is gone
    again = Table(FightMode(world, fm.store))
    again.panel.random_bytes = lambda n: bytes(range(7, 7 + n))  # the table opened again has an id of its own
    assert again.fm.dom.text("fs-out") == shown and again.fm.dom.text("fd-round") == "2"
    said = ana.on_event("close")  # her page: the way back tried (his spare is gone with his page)…
    phone.apply(said.update)
    assert said.rejoin and phone.text("pl-status") == COMING_BACK
    phone.apply(ana.on_event("rejoin-late").update)  # …and it does not open: she is told to scan again
    assert phone.text("pl-status") == LOST and phone.text("fs-out") == shown

    # the table opened again: her seat is back, away, and the panel says every phone must scan again
    typed = again.show_code()
    assert "Ana: away" in again.fm.dom.text("lt-seats")
    assert "Ana must scan a join code again" in again.fm.dom.text("lt-said")
    # she scans the new code: her phone's device is known, so she sits again with no new approval
    back, phone = again.join(world, "Ana", store, typed=typed)
    # the way back is prepared and kept under one name whatever the table's id (a new one since the reload)
    assert {w.key for w in again.wires[again.channel]} == {back.key} and any(w.prepare for w in again.wires[again.channel])
    assert not again.panel.live.host.waiting() and "Ana: connected" in again.fm.dom.text("lt-seats")
    assert "Connected to the game master's table as Ana (seat 1): you play Bera" in phone.text("pl-status")
    assert phone.text("fs-out") == shown and phone.text("fd-round") == "2"
    # a stranger's phone still asks to be let in
    again.gm(again.panel.on_next()[0])
    again.join(world, "Mallory")
    assert [name for _, name, _ in again.panel.live.host.waiting()] == ["Mallory"]

    # "Close the table" forgets the seats: the next table starts with nobody
    again.gm(again.panel.on_close()[0])
    third = Table(FightMode(world, fm.store))
    third.show_code()
    assert "Nobody at the table yet" in third.fm.dom.text("lt-seats")


def test_the_panels_controls_route_through_one_call_as_the_glue_makes_it(table, world):
    """``TablePanel.on_control`` and ``on_code_read``: what the glue calls for each control and each code read."""
    panel, dom = table.panel, table.fm.dom
    table.show_code()
    said = panel.on_control("lt-next", "click", {}, {})
    assert said.make == 2 and said.out.closed == [1]  # a new channel's offer to make; the unanswered one let go
    table.gm(said.update)
    typed = table.show_code(said.make)
    link = codes.join_link(codes.read_join(typed), SITE)
    player = PlayerTable(PlayerPage(*world[:2], MemoryStore()))
    phone = Page.built("player.html", {})
    phone.apply(player.open(link[link.index("#") :]).update)
    phone.fill("pl-name", "Ana")
    phone.apply(player.on_join(phone.values("pl-join"))[0])
    phone.apply(player.answer_made(ANSWER))
    answer = phone.text("pl-code-shown-typed")
    said = panel.on_control("lt-use", "click", {}, {"lt-answer": answer})  # typed
    assert said.accept is not None and said.accept[0] == 2 and sdp.from_sdp(said.accept[1]) == sdp.from_sdp(ANSWER)
    assert panel.on_code_read(answer).accept is None  # the camera sees it again: nothing twice
    table.players[2] = (player, phone)
    table.channel = 2
    said = player.on_event("open")
    table.to_gm(2, said.sends)
    said = panel.on_control("lt-seats", "click", {"admit": "2"}, {})
    table.gm(said.update)
    table.deliver(said.out)
    said = panel.on_control("lt-seats", "change", {"seat": "1", "who": "Bera"}, {}, ticked=True)
    table.deliver(said.out)
    assert panel.live.host.seats[1].who == ["Bera"] and "you play Bera" in phone.text("pl-status")
    assert panel.on_control("lt-offer", "click", {}, {}).out.sends == []  # no round yet: nothing to offer
    table.gm(panel.on_control("lt-hide", "click", {}, {}).update)
    assert not dom.shown("lt-panel")
    said = panel.on_control("lt-close", "click", {}, {})
    assert said.camera_off and said.out.closed and not panel.is_open
    assert panel.on_control("nothing", "click", {}, {}) == type(said)()
