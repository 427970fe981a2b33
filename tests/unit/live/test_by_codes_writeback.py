"""Write-back by codes alone (issue 35: "The fight's results reach each player's own device too: the game
master offers them, and the player confirms, with the same plan → confirm → undo as on the game master's
phone"; "The same exchange works by codes alone"). The results offered to a seat by codes ride the next
fight code (only while the fight is as offered); his "Confirm", "Cancel" or "Undo" becomes a code, sealed
with his key, which the game master's camera reads as the channel's answer. An offer answered is not
shown again; an answer to an offer not made to that seat is not used, in words."""

from __future__ import annotations

from pyengine.live.guest import Guest
from pyengine.live.host import Answered, Host, NotUsed
from pyengine.live.messages import Answer, Offer, message_link, read_message_link
from tests.unit.live.samples import FIGHT, TABLE, VASANA
from tests.unit.live.wire import Clock

ANA = "0123456789abcdef01234567"
BO = "fedcba9876543210fedcba98"


def secrets(seed: int):
    return lambda n: bytes((seed + i) % 256 for i in range(n))


def read_fight_code(guest: Guest, host: Host) -> list[str]:
    return [h.text for h in guest.take_situation(read_message_link(message_link(host.situation())))]


def joined(host: Host, name: str, device: str, who: tuple[str, ...], seed: int) -> Guest:
    guest = Guest(device, name, random_bytes=secrets(seed))
    read_fight_code(guest, host)
    (newcomer,) = host.scanned(guest.join_code()).events
    host.admit(newcomer.peer, who)
    read_fight_code(guest, host)
    assert guest.status == "seated"
    return guest


def table() -> tuple[Host, Guest, Guest]:
    host = Host(TABLE, Clock())
    host.publish(FIGHT, {"Vasana": VASANA})
    return host, joined(host, "Ana", ANA, ("Vasana",), 1), joined(host, "Bo", BO, ("Broo",), 2)


def test_an_offer_to_a_seat_by_codes_rides_the_fight_code_to_his_phone_alone():
    host, ana, bo = table()
    number, out = host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    assert number and out.sends == []  # no channel: the next fight code carries it
    said = read_fight_code(ana, host)
    assert list(ana.offers) == [number] and isinstance(ana.offers[number], Offer)
    assert any("The results of 'Sartar against Chaos' for Vasana can be written to your adventurer" in s for s in said)
    read_fight_code(bo, host)
    assert bo.offers == {}


def test_confirm_then_undo_become_codes_the_game_master_reads_as_answers():
    host, ana, _ = table()
    number, _ = host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    read_fight_code(ana, host)
    code = ana.as_code(ana.answer(number, "confirmed"))
    assert isinstance(read_message_link(code).said, Answer)
    (answered,) = host.scanned(code).events
    assert isinstance(answered, Answered) and answered.answer == "confirmed" and answered.who == "Vasana"
    assert number in host.written and number not in host.offers
    read_fight_code(ana, host)
    assert ana.offers == {}  # answered: not offered again
    (undone,) = host.scanned(ana.as_code(ana.answer(number, "undone"))).events
    assert isinstance(undone, Answered) and undone.answer == "undone" and number not in host.written
    (again,) = host.scanned(code).events  # the confirm code read again
    assert isinstance(again, NotUsed) and "read already" in again.text


def test_an_offer_declined_is_not_shown_again_even_before_the_game_master_reads_it():
    host, ana, _ = table()
    number, _ = host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    read_fight_code(ana, host)
    code = ana.as_code(ana.answer(number, "declined"))
    read_fight_code(ana, host)  # the game master has not scanned it yet: the fight code still offers it
    assert ana.offers == {}
    (declined,) = host.scanned(code).events
    assert isinstance(declined, Answered) and declined.answer == "declined"


def test_an_offer_of_a_fight_that_moved_on_is_not_in_the_fight_code():
    host, ana, _ = table()
    host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    host.publish(FIGHT + "A", {"Vasana": VASANA})  # another round resolved
    read_fight_code(ana, host)
    assert ana.offers == {} and host.situation().offers == ()


def test_an_answer_to_an_offer_not_made_to_that_seat_is_not_used_in_words():
    host, ana, bo = table()
    number, _ = host.offer("Vasana", "Sartar against Chaos", "0a1b2c3d4e5f")
    (refused,) = host.scanned(bo.as_code(bo.answer(number, "confirmed"))).events
    assert isinstance(refused, NotUsed) and f"offer {number} was not made to Bo" in refused.text, refused.text
    assert number in host.offers
