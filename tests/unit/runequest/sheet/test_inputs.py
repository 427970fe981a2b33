"""What a player types on the sheet page, and the sheet's share-link state."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.errors import RulesError, ShareLinkError
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from pyengine.runequest.sheet.inputs import read_lunars, read_score
from pyengine.runequest.sheet.state import VERSION, from_state, to_state
from pyengine.share import decode_link, encode_link
from tests.unit import junk


@pytest.mark.parametrize(("text", "value"), [("12", 12), (" 3 ", 3), ("0", 0), ("99", 99), ("+7", 7)])
def test_a_score_as_typed(text, value):
    assert read_score("STR", text) == value


@pytest.mark.parametrize(("text", "says"), [("", "STR: empty"), ("abc", "STR: 'abc' is not"), ("100", "STR: 100 is not"),
                                            ("1.5", "'1.5'"), ("-1", "-1 is not"), ("9" * 40, "is not a whole number")])
def test_a_bad_score_names_the_field_and_the_value(text, says):
    with pytest.raises(RulesError, match=says.replace(".", r"\.")):
        read_score("STR", text)


def test_money_empty_is_none():
    assert read_lunars("money", "") == 0
    assert read_lunars("money", "250") == 250
    with pytest.raises(RulesError, match="money: 'lots'"):
        read_lunars("money", "lots")


def test_money_typed_is_never_more_than_a_record_holds():
    # A sum the record refuses would make the saved character unreadable.
    most = typed_new({c: 10 for c in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA")})
    most = msgspec.structs.replace(most, money=read_lunars("money", "1000000"))
    assert load_adventurer(dump_adventurer(most)) == most
    with pytest.raises(RulesError, match="money: 1000001 is not from 0 to 1000000"):
        read_lunars("money", "1000001")


def test_a_shared_sheet_reopens_as_the_same_record():
    adventurer = typed_new({"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}, name="Ysolde")
    link = encode_link("sheet", to_state(adventurer), version=VERSION)
    shared = decode_link(link)
    assert from_state(shared.data, shared.version) == adventurer


@pytest.mark.parametrize("data", [[], "x", {"format": 99}, {"characteristics": {"STR": "big"}}, {"name": 3}])
def test_a_damaged_sheet_link_is_a_share_link_error(data):
    with pytest.raises(ShareLinkError, match="share link"):
        from_state(data)


FIELDS = ["format", "name", "characteristics", "money", "weapons", "gear", "STR", "weapon", "hand", "ref", "count"]
LEAVES = st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6) | st.sampled_from(["right", "dagger", "STR"])
DATA = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=4), inner, max_size=5), max_leaves=12)


def sheet_link_data_opens_or_says_why(data):
    try:
        from_state(data)
    except ShareLinkError:
        pass


def test_10000_random_sheet_link_data_open_or_say_why():
    junk.run(sheet_link_data_opens_or_says_why, lambda j: j.data(FIELDS + ["right", "dagger", "STR"], max_leaves=12, low=-5, high=200, floats=False))


@settings(max_examples=500, deadline=None)
@given(DATA)
def test_hypothesis_sheet_link_data_opens_or_says_why(data):
    sheet_link_data_opens_or_says_why(data)
