"""Fight mode's live table with players' phones on an in-memory wire (issue 35): a player's statement goes
through the game master's own form's path (taken, or refused in the form's words), a conflicting one is
refused, the dice a round needs of a player are asked of his phone and typed in with his, a phone that
drops mid-round comes back to the same round, every round, combatant and undo reaches every phone, a
phone that reloads shows the same fight, and the fight's results are written to a player's own
adventurer (plan, confirm, undo)."""

from __future__ import annotations

import pytest

from pyengine.live.guest import Guest
from pyengine.live.host import Answered, DieGiven
from pyengine.pages.fight.live import roller, to_message
from pyengine.pages.player import PlayerPage
from pyengine.pages.view import Update
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.live.wire import Clock, Phone, Wire
from tests.unit.pages.fight_mode import FightMode
from tests.unit.pages.fight_writeback_world import golden_rurik, hits, two_saved_and_a_broo

TABLE = "7ab1e0000000beef"


class Table:
    """Fight mode with its table open, and the players' phones on a wire."""

    def __init__(self, fm) -> None:
        self.fm = fm
        self.live = fm.page.live
        self.clock = Clock()
        self.wire = Wire(self.received, self.live.dropped)
        self.wire.deliver(self.live.open(TABLE, self.clock))

    def received(self, peer, data):
        update, out = self.live.received(peer, data)
        self.fm.apply(update)
        return out

    def act(self, update) -> None:
        """A game master's action, then what the glue does after each: the table synced."""
        self.fm.apply(update)
        self.wire.deliver(self.live.sync())
        self.wire.pump()

    def seat(self, n: int, name: str, who) -> Phone:
        phone = Phone(Guest(f"{n:024x}", name))
        self.wire.connect(phone, tuple(who))
        self.wire.pump()
        self.wire.deliver(self.live.admit(phone.peer, who))
        self.wire.pump()
        return phone

    def state(self, phone: Phone, who: str, **changes) -> None:
        declare = self.fm.page.core.draft.declare[who]
        actions = [{**declare["actions"][0], **changes}, *declare["actions"][1:]] if changes else declare["actions"]
        self.wire.send(phone, phone.guest.state_for(who, to_message({**declare, "actions": actions})))
        self.wire.pump()


@pytest.fixture
def table(world):
    fm = FightMode(world)
    fm.add()  # Aldo (A) against Bera and Cora (B)
    return Table(fm)


def test_whose_die_it_is_comes_from_what_it_is_for():
    names = ["Aldo", "Bera", "Bera II"]
    assert roller("Aldo attacks Bera with the broadsword: parry roll (Bera, 40%)", names) == "Bera"
    assert roller("Aldo attacks Bera II with the broadsword: damage (broadsword 1D8+1)", names) == "Aldo"
    assert roller("Bera II attacks Aldo with the dagger: attack roll (Bera II, 70%)", names) == "Bera II"
    assert roller("bleeding: chest", names) == ""


def test_a_players_statement_is_taken_as_the_game_masters_form_takes_it(table):
    ana = table.seat(1, "Ana", ["Bera"])
    assert ana.guest.fight == table.fm.page.link() and ana.guest.mine == ("Bera",)
    table.state(ana, "Bera", do="move", n="12")
    assert ana.guest.answers["Bera"].__struct_config__.tag == "accepted"
    assert table.fm.page.core.draft.declare["Bera"]["actions"][0]["do"] == "move"
    assert "moves 12 m" in table.fm.dom["fd-1-short"].text() or "12" in table.fm.dom["fd-1-short"].text()
    assert ana.guest.statements["Bera"].actions[0].do == "move"  # the table shows it on every phone
    table.fm.roll()  # the game master resolves: Bera moves as she stated
    assert table.fm.page.log.rounds[0].intents[1].actions[0].metres == 12


def test_a_statement_that_does_not_read_is_refused_in_the_forms_own_words(table, world):
    ana = table.seat(1, "Ana", ["Bera"])
    table.state(ana, "Bera", do="move", n="far")
    refused = ana.guest.answers["Bera"]
    assert refused.__struct_config__.tag == "rejected" and refused.field == "fd-1-a0-n"
    gm = FightMode(world)
    gm.add()
    gm.statement("fd-1-a0-do", "move")
    gm.statement("fd-1-a0-n", "far")
    gm.roll()
    assert gm.errors()["fd-1"] == f"Bera \u2014 {refused.why}"  # the very words the game master's form says
    assert table.fm.page.core.draft.declare["Bera"]["actions"][0]["do"] == "attack"  # nothing changed


def test_a_statement_against_the_rules_is_refused_naming_the_field(table):
    ana = table.seat(1, "Ana", ["Bera"])
    table.state(ana, "Bera", arm="dagger")  # not hers
    refused = ana.guest.answers["Bera"]
    assert refused.__struct_config__.tag == "rejected" and refused.field == "fd-1-a0-arm"
    assert refused.why == "action 1, arm: 'dagger' is not one of Bera's weapons"


def test_the_game_masters_change_wins_over_a_players_older_statement(table):
    ana = table.seat(1, "Ana", ["Bera"])
    declare = table.fm.page.core.draft.declare["Bera"]
    stated = ana.guest.state_for("Bera", to_message({**declare, "surprised": True}))
    table.act(table.fm.statement("fd-1-a0-do", "move"))  # the game master changes Bera's statement
    table.wire.send(ana, stated)
    table.wire.pump()
    assert "the game master changed Bera's statement" in ana.guest.answers["Bera"].why
    assert table.fm.page.core.draft.declare["Bera"]["actions"][0]["do"] == "move"
    assert not table.fm.page.core.draft.declare["Bera"].get("surprised")
    assert ana.guest.statements["Bera"].actions[0].do == "move"


def test_a_statement_while_the_round_is_being_typed_is_refused(table):
    ana = table.seat(1, "Ana", ["Bera"])
    table.act(table.fm.page.on_start(table.fm.dom.values("fd-list")))
    table.state(ana, "Bera", do="move", n="5")
    assert "rolling this round's dice" in ana.guest.answers["Bera"].why


def type_round(table: Table, phones: dict[str, Phone], gm_value, player_value) -> list[tuple[str, int]]:
    """A round with the game master's dice: he types his, each player rolls what is asked of his phone."""
    fm = table.fm
    table.act(fm.page.on_start(fm.dom.values("fd-list")))
    given: list[tuple[str, int]] = []
    for n in range(60):
        if fm.page.rounds.rolls is None:
            return given
        asked = [(name, p) for name, p in phones.items() if p.guest.asks]
        if asked:
            name, phone = asked[0]
            (number, ask), = phone.guest.asks.items()
            value = player_value(ask.sides, n)
            table.wire.send(phone, phone.guest.roll(number, value, typed=True))
            table.wire.pump()
            given.append((name, value))
            continue
        needed = fm.page.rounds.rolls.needed
        fm.dom.fill("fd-typed", str(gm_value(needed.sides, n)))
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    raise AssertionError("the round never ended")


def test_the_dice_a_round_needs_of_a_player_are_asked_of_his_phone(table):
    ana = table.seat(1, "Ana", ["Bera"])
    given = type_round(table, {"Ana": ana}, lambda sides, n: min(sides, 50), lambda sides, n: min(sides, 7))
    events = [e for e in table.wire.events if isinstance(e, DieGiven)]
    assert given and all(e.who == "Bera" for e in events) and len(events) == len(given)
    log = table.fm.page.log
    rolls = log.rounds[0].rolls
    assert [rolls[e.index] for e in events] == [e.value for e in events]  # each in its place in the round
    made = table.fm.page.results[0].made
    assert all("Bera" in made[e.index].purpose for e in events)
    assert ana.guest.fight == table.fm.page.link() and not ana.guest.asks


def test_the_game_master_typing_a_players_die_withdraws_the_ask(table):
    ana = table.seat(1, "Ana", ["Bera"])
    fm = table.fm
    table.act(fm.page.on_start(fm.dom.values("fd-list")))
    while not ana.guest.asks:
        fm.dom.fill("fd-typed", "50")
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    fm.dom.fill("fd-typed", "50")  # he types her die himself
    table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    assert not ana.guest.asks and ana.heard[-1].kind in ("withdrawn", "ask", "state")
    assert any(h.kind == "withdrawn" and "typed it" in h.text for h in ana.heard)


def test_a_player_who_drops_mid_round_comes_back_to_the_same_round(table):
    ana = table.seat(1, "Ana", ["Bera"])
    fm = table.fm
    table.act(fm.page.on_start(fm.dom.values("fd-list")))
    while not ana.guest.asks:
        fm.dom.fill("fd-typed", "50")
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    (number, ask), = ana.guest.asks.items()
    table.wire.drop(ana)  # her phone sleeps with the die asked
    assert fm.page.rounds.rolls is not None and fm.page.rounds.rolls.needed.index == ask.index
    ana.guest.asks.clear()
    table.wire.connect(ana)
    table.wire.pump()
    assert list(ana.guest.asks) == [number]  # asked again as she comes back
    given = type_round_rest(table, {"Ana": ana})
    assert fm.page.results and ana.guest.fight == fm.page.link() and given


def type_round_rest(table, phones):
    fm, given = table.fm, []
    for _ in range(60):
        if fm.page.rounds.rolls is None:
            return given
        asked = [p for p in phones.values() if p.guest.asks]
        if asked:
            (number, ask), = asked[0].guest.asks.items()
            table.wire.send(asked[0], asked[0].guest.roll(number, min(ask.sides, 9)))
            table.wire.pump()
            given.append(number)
            continue
        fm.dom.fill("fd-typed", str(min(fm.page.rounds.rolls.needed.sides, 50)))
        table.act(fm.page.on_next(fm.dom.values("fd-typing")))
    raise AssertionError("the round never ended")


def test_every_round_combatant_and_undo_reaches_every_phone(table, world):
    ana = table.seat(1, "Ana", ["Bera"])
    bo = table.seat(2, "Bo", ["Cora"])
    fm = table.fm
    fm.roll()
    table.act(fm.page.drawn_later())
    link = fm.page.link()
    assert ana.guest.fight == bo.guest.fight == link and len(fm.page.results) == 1
    players = []
    for phone in (ana, bo):
        page = PlayerPage(*world[:2], MemoryStore())
        page.guest = phone.guest  # the phone's page, over what it heard
        page.open()
        phone.page = page
        players.append(page)
        assert len(page.results) == 1 and page.state() == fm.page.state()  # the same fight, to the die
    table.act(fm.page.on_undo())
    assert ana.guest.fight == bo.guest.fight == fm.page.link() != link
    assert [len(page.results) for page in players] == [0, 0]
    fm.dom.fill("fa-name", "Dag")
    fm.dom.fill("fa-side", "A")
    table.act(fm.page.on_add(fm.dom.values("fa-form")))
    assert "Dag" in {s for s in ana.guest.statements} | {c.name for c in fm.page.fight.combatants}
    assert ana.guest.fight == bo.guest.fight == fm.page.link()


def test_a_player_who_reloads_rejoins_and_sees_the_same_fight(table, world):
    store = MemoryStore()
    page = PlayerPage(*world[:2], store, new_id=lambda: "00c0ffee00c0ffee00c0ffee")
    page.join("Ana")
    phone = Phone(page.guest, page=page)
    table.wire.connect(phone)
    table.wire.pump()
    table.wire.deliver(table.live.admit(phone.peer, ["Bera"]))
    table.fm.roll()
    table.act(table.fm.page.drawn_later())
    shown = page.shown().html
    assert len(page.results) == 1 and page.state() == table.fm.page.state()
    table.wire.drop(phone)
    again = PlayerPage(*world[:2], store)  # the page reloaded: only what the phone kept
    again.open()
    assert again.shown().html == shown and again.guest.device == page.guest.device
    back = Phone(again.guest, page=again)
    before = table.wire.bytes_to_phones
    table.wire.connect(back)
    table.wire.pump()
    assert again.guest.status == "seated" and again.guest.mine == ("Bera",)
    assert again.guest.fight == table.fm.page.link() and again.guest.revision == table.live.host.revision
    assert table.wire.bytes_to_phones - before < len(table.fm.page.link())  # caught up, not sent the fight again


def test_the_fights_results_are_written_to_a_players_own_adventurer(world):
    fm = two_saved_and_a_broo(world)
    table = Table(fm)
    ana_store = MemoryStore({CHARACTER_PREFIX + "0a0a0a0a0a0a": golden_rurik()})  # her own copy, her own id
    ana = PlayerPage(*world[:2], ana_store, now=lambda: "2026-12-06T20:00:00.000Z")
    ana.join("Ana")
    phone = Phone(ana.guest, page=ana)
    table.wire.connect(phone)
    table.wire.pump()
    table.wire.deliver(table.live.admit(phone.peer, ["Rurik"]))
    fm.type_round(hits)
    table.act(Update())
    assert ana.guest.fight == fm.page.link()
    table.wire.deliver(table.live.offer_results())
    table.wire.pump()
    (offer,) = ana.guest.offers
    assert ana.adventurers() == {"0a0a0a0a0a0a": "Rurik"}
    planned = ana.on_plan(offer, "0a0a0a0a0a0a")
    assert "fw-plan-box" in planned.html["fw-out"] and "Rurik" in planned.html["fw-out"]
    before = ana_store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a")
    update, sends = ana.on_confirm()
    for data in sends:
        table.wire.send(phone, data)
    table.wire.pump()
    after = ana_store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a")
    assert after != before and load_adventurer(after).name == "Rurik"
    assert [e.answer for e in table.wire.events if isinstance(e, Answered)] == ["confirmed"]
    reloaded = PlayerPage(*world[:2], ana_store, now=lambda: "2026-12-06T20:01:00.000Z")
    reloaded.open()
    assert reloaded.written is not None  # "Undo" outlives a reload
    update, sends = reloaded.on_undo()
    assert "Undone" in update.html["fw-out"]
    assert ana_store.get(CHARACTER_PREFIX + "0a0a0a0a0a0a") == before
    assert fm.store.get(CHARACTER_PREFIX + "rurik") == golden_rurik()  # the game master's records untouched
