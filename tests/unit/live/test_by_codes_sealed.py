"""A player's codes sealed (issue 35: "Only a phone that scanned this game master's code can connect"; "A
player acts only for the combatants given to him"). The fight's code can be photographed by anyone at the
table: it names the table and the seats. So a seat by codes holds a secret only the player's phone and the
game master's know: his code to join carries a fresh random key (from the injected random source), the
game master's phone keeps it with the seat, and every statement or die he shows as a code carries a MAC
made with it. A code forged from what the fight's code shows (right table and seat, no key), a code made
with another seat's key, or a code read again after it was used is refused in words, and the fight's code
never carries a key. A newcomer by code whom the game master turns away learns it from the next fight
code, which only his phone can recognise."""

from __future__ import annotations

import msgspec

from pyengine.live import seal
from pyengine.live.guest import Guest
from pyengine.live.host import Host, Newcomer, NotUsed, StatementAsked
from pyengine.live.messages import Hello, Shown, Statement, message_link, read_message, read_message_link
from tests.unit.live.samples import FIGHT, TABLE, VASANA
from tests.unit.live.wire import Clock, Secrets

ANA = "0123456789abcdef01234567"
BO = "fedcba9876543210fedcba98"


def host_with_fight() -> Host:
    host = Host(TABLE, Clock())
    host.publish(FIGHT, {"Vasana": VASANA})
    host.publish(FIGHT, {"Vasana": VASANA, "Broo": VASANA})
    return host


def read_fight_code(guest: Guest, host: Host) -> list[str]:
    return [h.text for h in guest.take_situation(read_message_link(message_link(host.situation())))]


def scanned_newcomer(host: Host, guest: Guest) -> Newcomer:
    read_fight_code(guest, host)
    (newcomer,) = host.scanned(guest.join_code()).events
    assert isinstance(newcomer, Newcomer)
    return newcomer


def joined(host: Host, name: str, device: str, who: tuple[str, ...], seed: int) -> Guest:
    guest = Guest(device, name, random_bytes=Secrets(seed))
    host.admit(scanned_newcomer(host, guest).peer, who)
    read_fight_code(guest, host)
    assert guest.status == "seated" and guest.mine == who
    return guest


def test_the_join_code_carries_a_fresh_key_of_96_bits_or_more_from_the_injected_source_and_the_seat_keeps_it():
    secrets = Secrets(1)
    guest = Guest(ANA, "Ana", random_bytes=secrets)
    host = host_with_fight()
    read_fight_code(guest, host)
    hello = read_message_link(guest.join_code())
    assert isinstance(hello, Hello) and secrets.calls == 1
    assert hello.key == guest.key and len(bytes.fromhex(hello.key)) * 8 >= 96
    assert read_message_link(guest.join_code()).key == hello.key  # the same code shown again while he waits
    other = Guest(BO, "Bo", random_bytes=Secrets(2))
    read_fight_code(other, host)
    assert read_message_link(other.join_code()).key != hello.key
    (newcomer,) = host.scanned(guest.join_code()).events
    host.admit(newcomer.peer, ("Vasana",))
    assert host.seats[1].key == hello.key


def test_the_fight_code_never_carries_a_key():
    host = host_with_fight()
    guest = joined(host, "Ana", ANA, ("Vasana",), 1)
    text = message_link(host.situation())
    assert guest.key not in text and guest.key not in repr(msgspec.to_builtins(host.situation()))
    newcomer = scanned_newcomer(host, Guest(BO, "Bo", random_bytes=Secrets(2)))  # waiting: his key is kept unshown
    assert newcomer.peer < 0 and all(k not in message_link(host.situation()) for k in (guest.key,))


def test_a_statement_code_carries_a_mac_and_is_taken():
    host = host_with_fight()
    guest = joined(host, "Ana", ANA, ("Vasana",), 1)
    shown = read_message_link(guest.as_code(guest.state_for("Vasana", Statement(surprised=True))))
    assert isinstance(shown, Shown) and len(bytes.fromhex(shown.mac)) == 8
    assert shown.mac == seal.mac(guest.key, TABLE, 1, shown.said)
    (asked,) = host.scanned(message_link(shown)).events
    assert isinstance(asked, StatementAsked) and asked.who == "Vasana"


def test_a_code_forged_from_the_fight_code_with_no_key_is_refused_in_words():
    host = host_with_fight()
    joined(host, "Ana", ANA, ("Vasana",), 1)
    situation = read_message_link(message_link(host.situation()))  # all a photograph of the fight code gives
    seat = situation.seats[0]
    mallory = Guest(BO, seat.name)
    mallory.take_situation(situation)  # his phone thinks it sits at Ana's seat
    said = read_message(mallory.state_for("Vasana", Statement(surprised=True)))
    for mac in ("0" * 16, seal.mac("00" * 16, situation.table, seat.seat, said)):
        forged = Shown(table=situation.table, seat=seat.seat, said=said, mac=mac)
        (refused,) = host.scanned(message_link(forged)).events
        assert isinstance(refused, NotUsed) and "this code was not made by Ana's phone" in refused.text, refused.text
    assert host._asked == {}


def test_a_code_made_with_another_seats_key_is_refused():
    host = host_with_fight()
    ana = joined(host, "Ana", ANA, ("Vasana",), 1)
    bo = joined(host, "Bo", BO, ("Broo",), 2)
    said = read_message(bo.state_for("Broo", Statement(surprised=True)))
    as_ana = Shown(table=TABLE, seat=ana.seat, said=said, mac=seal.mac(bo.key, TABLE, ana.seat, said))
    (refused,) = host.scanned(message_link(as_ana)).events
    assert isinstance(refused, NotUsed) and "not made by Ana's phone" in refused.text
    # and Bo's own code, its seat changed to Ana's: the MAC covers the seat
    shown = read_message_link(bo.as_code(bo.state_for("Broo", Statement(surprised=True))))
    moved = msgspec.structs.replace(shown, seat=ana.seat)
    (refused,) = host.scanned(message_link(moved)).events
    assert "not made by Ana's phone" in refused.text


def test_a_statement_code_read_again_after_it_was_used_is_ignored_in_words():
    host = host_with_fight()
    guest = joined(host, "Ana", ANA, ("Vasana",), 1)
    code = guest.as_code(guest.state_for("Vasana", Statement(surprised=True)))
    (asked,) = host.scanned(code).events
    host.accept(asked)
    host.publish(FIGHT, {"Vasana": Statement(surprised=True), "Broo": VASANA})
    (again,) = host.scanned(code).events
    assert isinstance(again, NotUsed) and "was read already" in again.text, again.text


def test_a_newcomer_turned_away_learns_it_from_the_next_fight_code_and_no_other_phone_does():
    host = host_with_fight()
    ana = Guest(ANA, "Ana", random_bytes=Secrets(1))
    bo = Guest(BO, "Bo", random_bytes=Secrets(2))
    turned = scanned_newcomer(host, ana)
    scanned_newcomer(host, bo)
    host.turn_away(turned.peer)
    said = read_fight_code(ana, host)
    assert ana.status == "refused" and "The game master did not let you in" in " ".join(said)
    read_fight_code(bo, host)
    assert bo.status == "waiting"
    # he asks again: a fresh key, and the next fight code no longer turns him away
    key = ana.key
    scanned_newcomer(host, ana)
    assert ana.key != key and ana.status == "waiting"
    read_fight_code(ana, host)
    assert ana.status == "waiting"


def test_a_phone_that_reloads_while_it_waits_shows_the_same_key_and_one_let_go_makes_a_fresh_one():
    host = host_with_fight()
    ana = Guest(ANA, "Ana", random_bytes=Secrets(1))
    newcomer = scanned_newcomer(host, ana)
    host.admit(newcomer.peer, ("Vasana",))  # let in before his phone read the next fight code
    reloaded = Guest(ANA, "Ana", ana.whole(), key=ana.key, random_bytes=Secrets(3))  # his page reloaded
    assert read_message_link(reloaded.join_code()).key == ana.key  # shown again: the seat's key still
    read_fight_code(reloaded, host)
    (asked,) = host.scanned(reloaded.as_code(reloaded.state_for("Vasana", Statement(surprised=True)))).events
    assert isinstance(asked, StatementAsked)
    host.unseat(1)
    read_fight_code(reloaded, host)  # let go: that key is spent
    assert reloaded.status == "new" and reloaded.key == ""
    assert read_message_link(reloaded.join_code()).key not in ("", ana.key)
