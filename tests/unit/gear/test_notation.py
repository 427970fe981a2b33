"""The gear notations: whole numbers, special bonuses, armour areas -- parsers, printers, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError, NotationError
from pyengine.gear.notation import (
    format_areas,
    format_specials,
    format_whole,
    parse_areas,
    parse_specials,
    parse_whole,
)
from pyengine.gear.organizing import Area


@pytest.mark.parametrize(("text", "value"), [("3", 3), (" +3 ", 3), ("-5", -5), ("\u22125", -5), ("- 4", -4), ("", None), ("  ", None)])
def test_whole_numbers(text: str, value: int | None) -> None:
    assert parse_whole(text, "Abs") == value


@pytest.mark.parametrize(("text", "pos"), [("x", 0), ("3x", 1), ("3.5", 1), ("-", 1), ("1 2", 2)])
def test_not_whole_numbers_name_the_field_the_text_and_where(text: str, pos: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_whole(text, "Abs of 'chainmail'")
    assert info.value.pos == pos
    assert str(info.value).startswith("Abs of 'chainmail': unexpected ")
    assert repr(text) in str(info.value)


def test_out_of_range_names_the_value() -> None:
    with pytest.raises(IllegalActionError, match=r"Cvr of 'x': '-1' is out of range \(0 to 999\)"):
        parse_whole("-1", "Cvr of 'x'", low=0)


def test_huge_numbers_are_out_of_range_not_misread() -> None:
    with pytest.raises(IllegalActionError, match=r"Abs: '999999999999999999999999…' is out of range \(0 to 999\)"):
        parse_whole("9" * 40, "Abs", low=0)
    with pytest.raises(IllegalActionError, match=r"Stun: '9999999' is out of range"):
        parse_specials("Stun 9999999")
    with pytest.raises(IllegalActionError, match=r"cover '9999' is out of range \(1 to 999\)"):
        parse_areas("9999: leather")


def test_specials() -> None:
    assert parse_specials("Stun 2, Bleed -1") == {"Stun": 2, "Bleed": -1}
    assert parse_specials("Stun: +2; Knock back 1\n") == {"Stun": 2, "Knock back": 1}
    assert parse_specials("") == {}
    assert format_specials({"Stun": 2, "Bleed": -1}) == "Stun 2, Bleed -1"


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("Stun", NotationError, "expected a value after the label"),
        ("2", NotationError, "expected a label before the value"),
        ("Stun 2, stun 3", IllegalActionError, "'stun' is given twice"),
        ("Rch 2", IllegalActionError, "'Rch' is a standard column"),
        ("Parry 1", IllegalActionError, "'Parry' is a standard column"),
        ("Stun 1000", IllegalActionError, "out of range"),
    ],
)
def test_bad_specials(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_specials(text)


def test_areas() -> None:
    areas = parse_areas("3: leather + chainmail; 2: chainmail\n1:leather")
    assert areas == (
        Area(cover=3, pieces=("leather", "chainmail")),
        Area(cover=2, pieces=("chainmail",)),
        Area(cover=1, pieces=("leather",)),
    )
    assert format_areas(areas) == "3: leather + chainmail; 2: chainmail; 1: leather"
    assert parse_areas(" ; ") == ()


@pytest.mark.parametrize(
    ("text", "pos", "expected"),
    [
        ("leather", 0, "an area as cover: piece + piece"),
        ("3 leather", 2, "':' after the cover"),
        ("0: leather", 0, "a cover of 1 or more"),
        ("3: leather + ", 13, "a piece's name"),
        ("3: leather; 2: + mail", 15, "a piece's name"),
    ],
)
def test_bad_areas_say_where(text: str, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_areas(text)
    assert info.value.pos == pos
    assert expected in str(info.value)


labels = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz ABCXYZ"), min_size=1, max_size=12).map(str.strip).filter(
    lambda s: s and s.lower() not in {"rch", "pwr", "hft", "shp", "cmb", "atk", "grp", "par", "tgh", "cvr", "abs",
                                      "reach", "power", "heft", "sharpness", "combat", "attack", "grapple", "parry",
                                      "toughness", "cover", "absorb", "combat bonus"}
)


@given(st.dictionaries(labels, st.integers(-999, 999), max_size=8).filter(
    lambda d: len({k.lower() for k in d}) == len(d)))
def test_specials_round_trip(special: dict[str, int]) -> None:
    assert parse_specials(format_specials(special)) == special


names = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz ()-'"), min_size=1, max_size=20).map(str.strip).filter(bool)


@given(st.lists(st.builds(Area, cover=st.integers(1, 999), pieces=st.lists(names, min_size=1, max_size=4, unique_by=str.lower).map(tuple)), max_size=6))
def test_areas_round_trip(areas: list[Area]) -> None:
    text = format_areas(areas)
    assert parse_areas(text) == tuple(areas)
    assert format_areas(parse_areas(text)) == text


@given(st.none() | st.integers(-999, 999))
def test_whole_round_trip(value: int | None) -> None:
    assert parse_whole(format_whole(value), "x") == value
