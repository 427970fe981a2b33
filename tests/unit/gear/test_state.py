"""The gear page's share-link state and stored/exported record: round trips and damaged data."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.errors import RecordError, ShareLinkError
from pyengine.gear.blocking import Defence, resolve_block
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.state import (
    KIND,
    LINK,
    RECORD_FORMAT,
    VERSION,
    BlockInputs,
    Entry,
    GearState,
    from_state,
    read_record,
    to_record,
    to_state,
)
from pyengine.share import decode_link, encode_link

SWORD = Item(name="sword", kind=ItemKind.MELEE, reach=3, parry=2, toughness=10, special={"Stun": 2})
SHIELD = Item(name="shield", kind=ItemKind.MELEE, cover=4, absorb=6, toughness=2)
MAIL = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=1, broken=True)
STATE = GearState(
    character=Character(reach=2, size=10, encumbrance=14, hand_to_hand=5, marksmanship=3),
    entries=(Entry(item=SWORD, skill=2), Entry(item=SHIELD), Entry(item=MAIL)),
    areas="2: chainmail; 3: chainmail",
    block=BlockInputs(
        success_level=4, power=14, defence=Defence.HALF, defending="shield",
        weapon=Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3),
    ),
)


def test_kind_version_and_format() -> None:
    # Where the page stores a record (strike-rank/gear/<name>) is the page's: tests/unit/pages/test_gear_page.py.
    assert (KIND, VERSION, RECORD_FORMAT) == ("gear", 1, "strike-rank/gear")


def test_the_state_is_plain_data_and_round_trips_through_a_link() -> None:
    data = to_state(STATE)
    assert json.loads(json.dumps(data)) == data
    assert data["entries"][0] == {"item": msgspec.to_builtins(SWORD), "skill": 2}
    assert data["block"]["defence"] == "half"
    shared = decode_link(encode_link(KIND, data, version=VERSION))
    assert (shared.kind, shared.version) == ("gear", 1)
    back = from_state(shared.data, version=shared.version)
    assert back == STATE
    # ... and works out to the same result.
    assert back.block is not None and STATE.block is not None
    assert resolve_block(back.block.attack(), back.items, back.block.defending) == resolve_block(
        STATE.block.attack(), STATE.items, STATE.block.defending
    )


def test_an_empty_state_is_all_defaults() -> None:
    assert from_state({}) == GearState()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"entries": [{"item": {"name": "x", "kind": "sword"}}]}, r"item 1, kind: is not one this app knows \(found 'sword'\)"),
        ({"entries": [{"item": {"name": "x", "kind": "armour", "cover": -1}}]}, r"item 1, cover: should be a whole number of at least 0 \(found -1\)"),
        ({"entries": [{"item": {"name": "x", "kind": "armour", "cover": "3"}}]}, r"cover: should be a whole number or null, not text \(found '3'\)"),
        ({"entries": [{"item": {"name": "x"}}]}, r"item 1: has no kind"),
        ({"entries": [{"item": {"name": "x", "kind": "melee"}, "colour": 1}]}, r"item 1: has a field this app does not know: 'colour'"),
        ({"character": {"reach": True}}, r"character, reach: should be a whole number, not true or false"),
        ({"block": {"success_level": -1, "power": 1}}, r"block, success level: should be a whole number of at least 0"),
        ({"block": {"success_level": 1, "power": 1, "defence": "parried"}}, r"block, defence: is not one this app knows \(found 'parried'\)"),
        (
            {"entries": [{"item": {"name": "x", "kind": "melee"}}, {"item": {"name": "X", "kind": "melee"}}]},
            r"two are named 'X'",
        ),
        (
            {"entries": [{"item": {"name": "x", "kind": "melee"}}], "block": {"success_level": 1, "power": 1, "defending": "y"}},
            r"defending item 'y': no item has that name",
        ),
        ({"entries": [{"item": {"name": "x", "kind": "melee", "special": {"Reach": 1}}}]}, r"'Reach' is a standard column"),
        ({"entries": [{"item": {"name": "x", "kind": "melee", "special": {"": 1}}}]}, r"item 1, special: a key is empty"),
        ([], r"the state: should be a set of named fields, not a list"),
        ({"entries": [{"item": {"name": f"i{n}", "kind": "melee"}} for n in range(41)]}, r"items: should list at most 40 \(found \[.*, … 40 more\]\)"),
    ],
)
def test_a_damaged_state_is_refused_naming_the_field_and_value(data: object, message: str) -> None:
    with pytest.raises(ShareLinkError, match=message) as info:
        from_state(data)
    assert str(info.value).startswith("gear link: ")


def test_a_newer_state_version_or_another_kind_is_refused_by_the_link() -> None:
    with pytest.raises(ShareLinkError, match=r"^share link: gear version 2 is newer than this app reads \(1\)"):
        LINK.open(encode_link(KIND, {}, version=2))
    with pytest.raises(ShareLinkError, match=r"^share link: this is a 'shrapnel' link, not a 'gear' one"):
        LINK.open(encode_link("shrapnel", {}, version=1))
    assert LINK.open("#" + LINK.link(to_state(STATE))) == STATE


def test_to_state_refuses_what_opening_would_refuse() -> None:
    twice = GearState(entries=(Entry(item=SWORD), Entry(item=SWORD)))
    with pytest.raises(Exception, match="two are named 'sword'"):
        to_state(twice)


# -- records -----------------------------------------------------------------------------


def test_a_record_round_trips() -> None:
    text = to_record("  Grunt  ", STATE)
    data = json.loads(text)
    assert (data["format"], data["version"], data["name"]) == ("strike-rank/gear", 1, "Grunt")
    record = read_record(text)
    assert record.name == "Grunt" and record.state == STATE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", r"not JSON"),
        ("[1, 2]", r"expected a JSON object, found a list"),
        ('{"format": "strike-rank/character", "version": 1}', r"format 'strike-rank/character', expected 'strike-rank/gear'"),
        ('{"version": 1}', r"format '\(missing\)'"),
        ('{"format": "strike-rank/gear", "version": 9, "name": "x", "state": {}}', r"made by a newer version \(record version 9\)"),
        ('{"format": "strike-rank/gear", "version": "1", "name": "x", "state": {}}', r"record version '1' is not known"),
        ('{"format": "strike-rank/gear", "version": 1, "name": "", "state": {}}', r": name: is empty"),
        (
            '{"format": "strike-rank/gear", "version": 1, "name": "x", "state": {"entries": [{"item": {"name": "a", "kind": "melee", "reach": 2.5}}]}}',
            r"item 1, reach: should be a whole number or null, not a decimal number \(found 2\.5\)",
        ),
    ],
)
def test_a_damaged_record_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as info:
        read_record(text, "stored record 'x'")
    assert str(info.value).startswith("stored record 'x': ")


def test_a_record_needs_a_name() -> None:
    with pytest.raises(Exception, match="name to save under: empty"):
        to_record("  ", STATE)


bonus = st.none() | st.integers(-999, 999)
amount = st.none() | st.integers(0, 999)
items = st.builds(
    Item, name=st.just("x"), kind=st.sampled_from(ItemKind), reach=bonus, power=bonus, heft=bonus, sharpness=bonus,
    attack=bonus, grapple=bonus, parry=bonus, toughness=bonus, cover=amount, absorb=amount, broken=st.booleans(),
    special=st.dictionaries(st.sampled_from(["Stun", "Bleed", "Knockback"]), st.integers(-999, 999)),
)


@settings(max_examples=50)
@given(st.lists(items, max_size=6), st.integers(0, 999), st.integers(0, 999), st.sampled_from(Defence), st.data())
def test_any_valid_state_round_trips(pieces: list[Item], sl: int, power: int, defence: Defence, data: st.DataObject) -> None:
    entries = tuple(Entry(item=msgspec.structs.replace(p, name=f"item {n}"), skill=n) for n, p in enumerate(pieces))
    defending = data.draw(st.none() | st.sampled_from([e.item.name for e in entries])) if entries else None
    state = GearState(entries=entries, block=BlockInputs(success_level=sl, power=power, defence=defence, defending=defending))
    link = encode_link(KIND, to_state(state), version=VERSION)
    assert from_state(decode_link(link).data) == state
    assert read_record(to_record("r", state)).state == state
