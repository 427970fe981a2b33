"""The live table's messages: each kind's golden frame reads to the same message and is written the same
way; the decoder refuses, in words, what is too big, of another version, damaged or not fitting; a message
goes as a code (a ``live`` share link) and back."""

from __future__ import annotations

import msgspec
import pytest

from pyengine.errors import LiveMessageError, RulesError
from pyengine.live.messages import (
    KINDS,
    MAX_MESSAGE,
    VERSION,
    Hello,
    State,
    encode_message,
    message_link,
    read_message,
    read_message_link,
)
from pyengine.runequest.melee.log import read_any
from pyengine.share import encode_link
from tests.unit.live.samples import DEVICE, FIGHT, GOLDEN, SAMPLES, TABLE

#: Words a player must never see: a library's or Python's.
TELLS = ("msgspec", "Expected", "zlib", "Error -3", "$.", "NoneType", "KeyError", "Traceback", "decode")


def golden(kind: str) -> bytes:
    return bytes.fromhex((GOLDEN / f"live-message-{kind}.hex.txt").read_text().replace("\n", ""))


def test_every_kind_has_a_golden_frame_and_a_sample():
    assert set(SAMPLES) == set(KINDS)
    assert {p.name for p in GOLDEN.glob("live-message-*.hex.txt")} == {f"live-message-{k}.hex.txt" for k in KINDS}


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_a_golden_frame_reads_to_its_message_and_is_written_the_same(kind):
    frame = golden(kind)
    assert frame[0] == VERSION
    assert read_message(frame) == SAMPLES[kind]
    assert encode_message(SAMPLES[kind]) == frame


def test_a_state_carries_the_fight_as_its_own_link_which_replays():
    state = read_message(golden("state"))
    assert isinstance(state, State) and state.fight == FIGHT
    assert read_any(state.fight).fight.combatants  # the same reader as any fight link


def refusal(data) -> str:
    with pytest.raises(LiveMessageError) as caught:
        read_message(data)
    said = str(caught.value)
    assert said.startswith("live table: ") and len(said) < 400
    assert not any(tell in said for tell in TELLS), said
    return said


def frame(data) -> bytes:
    return bytes((VERSION,)) + msgspec.msgpack.encode(data)


def test_what_does_not_read_is_refused_in_words():
    assert "empty" in refusal(b"")
    assert "bytes, not text" in refusal("hello")
    assert "newer than this app's" in refusal(bytes((VERSION + 1,)) + golden("ping")[1:])
    assert "damaged" in refusal(b"\x00\x80")
    assert "damaged" in refusal(bytes((VERSION,)) + b"\xc1")
    assert "a kind this app does not know ('shout')" in refusal(frame({"k": "shout"}))
    assert "without its kind" in refusal(frame({"n": 1}))
    assert "name" in refusal(frame({"k": "hello", "device": DEVICE, "name": ""}))
    assert "device: is not in the right form" in refusal(frame({"k": "hello", "device": "<script>", "name": "Ana"}))
    assert "value: should be a whole number of at most 100" in refusal(frame({"k": "rolled", "ask": 1, "value": 101}))
    said = refusal(frame({"k": "stated", "ref": 1, "seen": 0, "who": "Vasana",
                          "statement": {"actions": [{"do": "attack", "arm": 7}]}}))
    assert "statement, action 1, arm: should be text" in said
    assert "this app does not know: 'x'" in refusal(frame({"k": "ping", "x": 1}))


def test_the_size_limit_holds_both_ways():
    big = frame({"k": "refused", "why": "x" * MAX_MESSAGE})
    assert f"{len(big):,} bytes is too big (at most {MAX_MESSAGE:,})" in refusal(big)
    many = State(table=TABLE, revision=1, fight=FIGHT, statements={f"N{i}": SAMPLES["stated"].statement
                                                                   for i in range(24)})
    assert len(encode_message(many)) < MAX_MESSAGE  # the largest state a fight makes fits
    with pytest.raises(LiveMessageError, match="too big to send"):
        encode_message(State(table=TABLE, revision=1, fight="x" * 16_000, statements={
            f"N{i}": msgspec.structs.replace(SAMPLES["stated"].statement, defense={f"{i:y>40}": "z" * 120 for i in range(24)})
            for i in range(24)}))


def test_a_message_goes_as_a_code_and_back():
    for message in SAMPLES.values():
        link = message_link(message)
        assert link.startswith("1.")
        assert read_message_link(f"https://example.org/combat.html#{link}") == message


def test_a_code_that_is_not_a_live_message_is_refused_in_words():
    for text, said in (("1.abc$", "damaged"), (encode_link("dice", {"expr": "1D6"}), "not a 'live' one"),
                       (encode_link("live", {"m": {"k": "shout"}}), "a kind this app does not know"),
                       (encode_link("live", {"x": 1}), "should hold one message"),
                       (encode_link("live", {"m": {}}, version=2), "newer than this app reads")):
        with pytest.raises(LiveMessageError) as caught:
            read_message_link(text)
        assert said in str(caught.value) and isinstance(caught.value, RulesError)
        assert not any(tell in str(caught.value) for tell in TELLS)


def test_a_hello_without_a_table_is_a_first_visit():
    assert read_message(encode_message(Hello(device=DEVICE, name="Ana"))) == Hello(device=DEVICE, name="Ana")
