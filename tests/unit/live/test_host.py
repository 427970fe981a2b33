"""The table's protocol with an in-memory transport: joining and the game master's approval, up to 8
players, the single writer (a statement is a request; one for a combatant not his, or made from a fight
that moved on, or over the game master's change, is refused), a phone that drops and comes back or
reloads and catches up, rate and size limits."""

from __future__ import annotations

import pytest

from pyengine.errors import LiveMessageError
from pyengine.live.guest import Guest
from pyengine.live.host import BURST_MESSAGES, DROPS_BEFORE_CLOSE, Host, Newcomer, StatementAsked
from pyengine.live.messages import MAX_MESSAGE, MAX_SEATS, Stated, Statement, encode_message
from tests.unit.live.samples import FIGHT, TABLE, VASANA
from tests.unit.live.wire import Clock, Phone, Wire

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivo")


def device(n: int) -> str:
    return f"{n:024x}"


@pytest.fixture
def table():
    clock = Clock()
    host = Host(TABLE, clock)
    host.publish(FIGHT, {"Vasana": Statement(), "Broo": Statement()})
    return host, Wire(host.received, host.dropped), clock


def seated(host, wire, n: int, who=()) -> Phone:
    phone = Phone(Guest(device(n), NAMES[n]))
    wire.connect(phone, tuple(who))
    wire.pump()
    wire.deliver(host.admit(phone.peer, who))
    wire.pump()
    return phone


def test_a_newcomer_waits_until_the_game_master_lets_him_in(table):
    host, wire, _ = table
    ana = Phone(Guest(device(0), "Ana"))
    wire.connect(ana, ("Vasana",))
    wire.pump()
    assert ana.guest.status == "waiting" and ana.guest.fight == ""  # nothing of the fight before approval
    assert [e.text for e in wire.events] == ["Ana asks to join, to play Vasana"]
    assert host.waiting() == [(ana.peer, "Ana", ("Vasana",))]
    wire.send(ana, ana.guest.state_for.__self__.want(("Vasana",)))  # asks again while waiting: ignored
    wire.pump()
    assert "not at the table yet" in wire.events[-1].text
    wire.deliver(host.admit(ana.peer, ["Vasana"]))
    wire.pump()
    assert ana.guest.status == "seated" and ana.guest.seat == 1 and ana.guest.mine == ("Vasana",)
    assert ana.guest.fight == FIGHT and ana.guest.revision == host.revision
    assert [(s.name, s.who, s.here) for s in ana.guest.seats] == [("Ana", ("Vasana",), True)]


def test_a_newcomer_turned_away_is_told_why_and_let_go(table):
    host, wire, _ = table
    bo = Phone(Guest(device(1), "Bo"))
    wire.connect(bo)
    wire.pump()
    wire.deliver(host.turn_away(bo.peer, "not tonight"))
    wire.pump()
    assert bo.guest.status == "refused" and bo.guest.why == "not tonight" and bo.peer is None
    assert bo.guest.fight == "" and not host.seats


def test_up_to_eight_players_and_the_ninth_is_refused(table):
    host, wire, _ = table
    phones = [seated(host, wire, n) for n in range(MAX_SEATS)]
    assert [p.guest.seat for p in phones] == list(range(1, 9))
    assert all(p.guest.revision == host.revision and len(p.guest.seats) == 8 for p in phones)
    ivo = Phone(Guest(device(8), "Ivo"))
    wire.connect(ivo)
    wire.pump()
    assert ivo.guest.status == "refused" and "full (8 players)" in ivo.guest.why


def test_a_statement_is_a_request_and_only_for_his_own_combatant(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    bo = seated(host, wire, 1, ["Broo"])
    with pytest.raises(LiveMessageError, match="Vasana is not yours to play"):
        bo.guest.state_for("Vasana", VASANA)  # his phone does not send it
    forged = Stated(ref=9, seen=host.revision, who="Vasana", statement=VASANA)
    wire.send(bo, encode_message(forged))  # and the table refuses it if it comes anyway
    wire.send(ana, ana.guest.state_for("Vasana", VASANA))
    wire.pump()
    assert bo.guest.answers["Vasana"].why.startswith("Vasana is not yours to play")
    asked = [e for e in wire.events if isinstance(e, StatementAsked)]
    assert [(e.name, e.who) for e in asked] == [("Ana", "Vasana")]
    assert host.statements["Vasana"] == Statement()  # nothing changed: fight mode decides
    wire.deliver(host.accept(asked[0]) | host.publish(FIGHT, {"Vasana": VASANA, "Broo": Statement()}))
    wire.pump()
    assert ana.guest.answers["Vasana"].__struct_config__.tag == "accepted"
    assert bo.guest.statements["Vasana"] == VASANA == ana.guest.statements["Vasana"]


def test_two_players_never_hold_one_combatant(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    bo = seated(host, wire, 1)
    wire.deliver(host.assign(bo.guest.seat, ["Vasana"]))
    wire.pump()
    assert bo.guest.mine == ("Vasana",) and ana.guest.mine == ()
    wire.send(ana, encode_message(Stated(ref=1, seen=host.revision, who="Vasana", statement=VASANA)))
    wire.pump()
    assert "not yours" in ana.guest.answers["Vasana"].why


def test_a_statement_over_the_game_masters_change_or_from_an_old_round_is_refused(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    seen = ana.guest.revision
    stated = ana.guest.state_for("Vasana", VASANA)
    wire.deliver(host.publish(FIGHT, {"Vasana": Statement(surprised=True), "Broo": Statement()}))  # the GM's change
    wire.send(ana, stated)
    wire.pump()
    assert "the game master changed Vasana's statement since your phone showed it" in ana.guest.answers["Vasana"].why
    assert ana.guest.revision > seen
    again = ana.guest.state_for("Vasana", VASANA)  # from what it shows now: goes through
    wire.deliver(host.publish(FIGHT + "A", host.statements))  # a round resolved meanwhile
    wire.send(ana, again)
    wire.pump()
    assert "the fight has moved on" in ana.guest.answers["Vasana"].why
    assert not [e for e in wire.events if isinstance(e, StatementAsked)]


def test_a_phone_that_drops_keeps_its_seat_and_catches_up(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    bo = seated(host, wire, 1, ["Broo"])
    wire.drop(ana)
    assert wire.events[-1].text == "Ana's phone is away; the seat is kept"
    wire.deliver(host.publish(FIGHT + "A", {"Vasana": VASANA}))
    number, asked = host.ask_die("Vasana", 100, "Broo attacks Vasana: parry roll (Vasana, 45%)", 2, 1)
    wire.deliver(asked)
    wire.pump()
    assert ana.guest.fight == FIGHT and bo.guest.fight == FIGHT + "A"
    wire.connect(ana)  # back in range, a new channel
    wire.pump()
    assert ana.guest.fight == FIGHT + "A" and ana.guest.revision == host.revision == bo.guest.revision
    assert ana.guest.statements == {"Vasana": VASANA} and list(ana.guest.asks) == [number]
    assert wire.events[-1].text == "Ana's phone is back at the table" or "back" in " ".join(e.text for e in wire.events)
    assert [s.here for s in bo.guest.seats] == [True, True]


def test_a_reloaded_phone_rejoins_from_what_it_kept_and_is_sent_nothing_twice(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    kept = ana.guest.whole()
    wire.drop(ana)
    reloaded = Phone(Guest(ana.guest.device, "Ana", kept))  # only what the phone keeps
    assert reloaded.guest.fight == FIGHT  # shown at once, before any channel
    before = wire.bytes_to_phones
    wire.connect(reloaded)
    wire.pump()
    assert reloaded.guest.status == "seated" and reloaded.guest.mine == ("Vasana",)
    assert reloaded.guest.fight == FIGHT and reloaded.guest.revision == host.revision
    assert wire.bytes_to_phones - before < len(FIGHT)  # caught up without the fight sent again
    assert not [e for e in wire.events if isinstance(e, Newcomer) and e.name == "Ana" and e is wire.events[-1]]


def test_a_phone_on_a_second_channel_replaces_its_first(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    old = ana.peer
    second = Phone(ana.guest)
    wire.connect(second)
    wire.pump()
    assert host.seats[1].peer == second.peer != old and old not in host.channels


def test_a_flood_is_dropped_and_then_closed(table):
    host, wire, clock = table
    ana = seated(host, wire, 0, ["Vasana"])
    dropped = 0
    for _ in range(BURST_MESSAGES + 10):
        wire.send(ana, ana.guest.want(("Broo",)))
    wire.pump()
    said = [e.text for e in wire.events if "too many messages" in e.text]
    dropped = len(said)
    assert 1 <= dropped <= 3  # told, not once per message
    clock.now += 10  # the bucket fills again
    wire.send(ana, ana.guest.want(("Broo",)))
    wire.pump()
    assert wire.events[-1].text == "Ana asks to play Broo"
    for _ in range(DROPS_BEFORE_CLOSE + BURST_MESSAGES):
        wire.send(ana, b"\x01\xc1")
    wire.pump()
    assert ana.peer is None and ana.guest.status == "refused"


def test_a_message_over_the_size_limit_is_dropped_unread(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    wire.send(ana, b"\x01" + b"\x00" * MAX_MESSAGE)
    wire.pump()
    assert "too big" in wire.events[-1].text and ana.peer is not None


def test_only_the_game_master_sends_the_table(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    wire.send(ana, encode_message(host.state()))
    wire.pump()
    assert "is the game master's to send" in wire.events[-1].text


def test_a_change_is_sent_as_what_changed_and_a_lost_one_brings_the_whole_again(table):
    host, wire, _ = table
    ana = seated(host, wire, 0, ["Vasana"])
    before = wire.bytes_to_phones
    wire.deliver(host.publish(FIGHT, {**host.statements, "Broo": VASANA}))
    wire.pump()
    assert wire.bytes_to_phones - before < 300 < len(FIGHT)  # the statement, not the fight again
    assert ana.guest.statements["Broo"] == VASANA and ana.guest.fight == FIGHT
    lost = host.publish(FIGHT + "A", host.statements)  # lost on the way
    wire.deliver(host.publish(FIGHT + "B", host.statements))
    wire.pump()
    assert ana.guest.fight == FIGHT + "B" and ana.guest.revision == host.revision  # asked again, whole
    assert lost.sends and any(h.text == "Catching up with the table…" for h in ana.heard)
