"""The live table by codes alone (issue 35: "No shared network at all"), with no wire at all: every code
passes as its text. A player's phone reads the game master's fight code (``situation``) and shows its join
code (its ``hello``), which the game master's camera reads; let in, the seat lives by codes: its
statements and dice are shown as codes (``shown``) the game master scans, taken or refused as a channel's
are, and what became of them rides in the next fight code. A code of another table, of a seat not at
this one, a die not asked, or a code that is not a player's is refused in words; the same code read
twice does no harm."""

from __future__ import annotations

import pytest

from pyengine.errors import LiveMessageError
from pyengine.live.guest import Guest
from pyengine.live.host import BY_CODE, DieGiven, Host, Newcomer, NotUsed, StatementAsked
from pyengine.live.messages import (
    Hello,
    Rolled,
    Shown,
    Situation,
    Statement,
    message_link,
    read_message,
    read_message_link,
)
from tests.unit.live.samples import FIGHT, GOLDEN, SAMPLES, TABLE, VASANA
from tests.unit.live.wire import Clock, Phone, Wire

DEVICE = "0123456789abcdef01234567"


def host_with_fight() -> Host:
    host = Host(TABLE, Clock())
    host.publish(FIGHT, {"Vasana": VASANA})
    return host


def read_fight_code(guest: Guest, host: Host) -> list[str]:
    """The game master shows the fight as a code; the player's phone reads its text."""
    return [h.text for h in guest.take_situation(read_message_link(message_link(host.situation())))]


def joined(host: Host, name: str = "Ana", device: str = DEVICE, who=("Vasana",)) -> Guest:
    """A player joins by codes alone: the fight code read, his join code scanned, let in, the fight code read."""
    guest = Guest(device, name)
    read_fight_code(guest, host)
    out = host.scanned(guest.join_code())
    (newcomer,) = out.events
    assert isinstance(newcomer, Newcomer) and newcomer.peer < 0 and newcomer.text == f"{name} asks to join"
    assert out.sends == [] and (newcomer.peer, name, ()) in host.waiting()
    out = host.admit(newcomer.peer, who)
    assert out.sends == []  # no channel: nothing is sent, the seat lives by codes
    said = read_fight_code(guest, host)
    assert guest.status == "seated" and guest.mine == tuple(who), said
    return guest


def test_the_fight_as_a_code_is_the_whole_state_and_reads_on_a_phone_with_nothing():
    host = host_with_fight()
    situation = host.situation()
    assert isinstance(situation, Situation) and situation.table == TABLE and situation.fight == FIGHT
    guest = Guest(DEVICE, "Ana")
    said = read_fight_code(guest, host)
    assert guest.fight == FIGHT and guest.statements == {"Vasana": VASANA} and guest.table == TABLE
    assert guest.status == "new" and any("not at the table" in s for s in said)


def test_a_player_joins_by_codes_and_the_game_master_lets_him_in_on_the_scanned_code_alone():
    host = host_with_fight()
    guest = joined(host)
    assert guest.seat == 1 and host.seats[1].by_codes and host.seats[1].peer is None
    assert host.situation().seats[0].name == "Ana"


def test_a_join_code_of_another_table_or_a_name_already_seated_is_refused_in_words():
    host = host_with_fight()
    joined(host)
    other = Guest("fedcba9876543210fedcba98", "Bo")
    other.table = "0000000000000bad"
    (refused,) = host.scanned(other.join_code()).events
    assert isinstance(refused, NotUsed) and "another table" in refused.text
    twin = Guest("fedcba9876543210fedcba98", "Ana")
    read_fight_code(twin, host)
    (refused,) = host.scanned(twin.join_code()).events
    assert "a player called Ana is at the table already" in refused.text


def test_a_statement_shown_as_a_code_is_asked_of_the_game_master_and_its_verdict_rides_the_next_fight_code():
    host = host_with_fight()
    guest = joined(host)
    code = guest.as_code(guest.state_for("Vasana", Statement(surprised=True)))
    assert read_message_link(code).table == TABLE and read_message_link(code).seat == 1
    (asked,) = host.scanned(code).events
    assert isinstance(asked, StatementAsked) and asked.peer == BY_CODE and asked.who == "Vasana"
    assert asked.text == "Ana states for Vasana"
    out = host.refuse(asked, "action 1, target: 'Broo' is not in the fight", "fd-1-a0-target")
    assert out.sends == [] and "not taken" in out.events[0].text
    read_fight_code(guest, host)
    assert guest.answers["Vasana"].why == "action 1, target: 'Broo' is not in the fight"
    # shown again, taken this time
    code = guest.as_code(guest.state_for("Vasana", Statement(surprised=True)))
    (asked,) = host.scanned(code).events
    host.accept(asked)
    host.publish(FIGHT, {"Vasana": Statement(surprised=True)})
    read_fight_code(guest, host)
    assert guest.answers["Vasana"].__struct_config__.tag == "accepted"
    assert guest.statements["Vasana"] == Statement(surprised=True)


def test_codes_of_another_table_or_seat_or_not_a_players_are_refused_in_words():
    host = host_with_fight()
    guest = joined(host)
    stated = read_message(guest.state_for("Vasana", VASANA))
    for shown, words in (
        (Shown(table="0000000000000bad", seat=1, said=stated, mac="0" * 16), "another table"),
        (Shown(table=TABLE, seat=5, said=stated, mac="0" * 16), "seat 5 is not at this table"),
    ):
        (refused,) = host.scanned(message_link(shown)).events
        assert isinstance(refused, NotUsed) and words in refused.text, refused.text
    for text, words in ((message_link(SAMPLES["state"]), "not a player's code"), ("hello there", "not a live table's code")):
        (refused,) = host.scanned(text).events
        assert words in refused.text, refused.text
    bo = Guest("fedcba9876543210fedcba98", "Bo")  # a phone that is not at the table makes no code
    with pytest.raises(LiveMessageError, match="not at the table"):
        bo.as_code(guest.state_for("Vasana", VASANA))


def test_a_die_asked_of_a_seat_by_codes_rides_the_fight_code_and_comes_back_as_a_code_once():
    host = host_with_fight()
    guest = joined(host)
    number, out = host.ask_die("Vasana", 100, "Broo attacks Vasana: parry roll (Vasana, 45%)", 3, 1)
    assert number and out.sends == []
    read_fight_code(guest, host)
    assert list(guest.asks) == [number] and guest.asks[number].sides == 100
    code = guest.as_code(guest.roll(number, 37))
    assert isinstance(read_message_link(code).said, Rolled)
    (given,) = host.scanned(code).events
    assert isinstance(given, DieGiven) and given.value == 37 and given.index == 1 and given.peer == BY_CODE
    (again,) = host.scanned(code).events  # the camera reads it again: no second die
    assert isinstance(again, NotUsed) and "was read already" in again.text
    assert host.situation().asks == ()


def test_a_channel_hello_with_a_seat_by_codes_device_does_not_take_the_seat():
    host = host_with_fight()
    joined(host)
    wire = Wire(host.received, host.dropped)
    intruder = Phone(Guest(DEVICE, "Mallory"))  # the device id was in a code anyone could photograph
    wire.connect(intruder)
    wire.pump()
    assert intruder.guest.status == "waiting" and host.seats[1].peer is None


def test_the_golden_codes_read_to_their_messages_and_are_written_the_same():
    for kind in ("situation", "shown"):
        text = (GOLDEN / f"live-code-{kind}.txt").read_text(encoding="ascii").strip()
        assert read_message_link(text) == SAMPLES[kind]
        assert message_link(SAMPLES[kind]) == text
    assert isinstance(read_message_link(message_link(Hello(device=DEVICE, name="Ana", table=TABLE))), Hello)


def test_a_statement_code_from_before_the_fight_changed_is_refused_in_words():
    host = host_with_fight()
    guest = joined(host)
    code = guest.as_code(guest.state_for("Vasana", Statement(surprised=True)))
    host.publish(FIGHT + "A", {"Vasana": VASANA})  # a round resolved, or another fight loaded
    (refused,) = host.scanned(code).events
    assert refused.peer == BY_CODE and "the fight has moved on since your phone showed it" in refused.text
    read_fight_code(guest, host)
    assert "moved on" in guest.answers["Vasana"].why
