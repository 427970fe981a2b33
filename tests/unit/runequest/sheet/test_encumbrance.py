"""ENC notation and fractional ENC totals: "(4)" is four items to one ENC, added exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import NotationError
from pyengine.runequest.sheet.adventurer import Adventurer, Gear
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.enc import format_enc, parse_enc, show_enc
from tests.unit.runequest.rq_fixtures import adventurer, scores


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2", Fraction(2)),
        ("0", Fraction(0)),
        ("(4)", Fraction(1, 4)),
        ("( 2 )", Fraction(1, 2)),
        ("1/5", Fraction(1, 5)),
        (" 5/2 ", Fraction(5, 2)),
    ],
)
def test_parse(text: str, value: Fraction) -> None:
    assert parse_enc(text) == value


@pytest.mark.parametrize(
    ("text", "pos", "expected"),
    [
        ("", 0, "a number of things"),
        ("x", 0, "a number of things"),
        ("2x", 1, "a number of things"),
        ("(0)", 1, "a number of items from 1"),
        ("1/0", 2, "a divisor from 1"),
        ("(4", 2, "a number of things"),
        ("2.5", 1, "a number of things"),
    ],
)
def test_parse_errors_name_the_position(text: str, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_enc(text)
    assert info.value.pos == pos
    assert expected in info.value.expected
    assert str(info.value).startswith("ENC notation: ")


@pytest.mark.parametrize(
    ("value", "text"), [(Fraction(2), "2"), (Fraction(1, 4), "(4)"), (Fraction(5, 2), "5/2"), (0, "0")]
)
def test_format(value: Fraction, text: str) -> None:
    assert format_enc(value) == text


@given(st.fractions(min_value=0, max_value=1000, max_denominator=1000))
def test_format_then_parse_round_trips(value: Fraction) -> None:
    if value.numerator > 9999 or value.denominator > 9999:
        return
    assert parse_enc(format_enc(value)) == value


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(3), "3"),
        (Fraction(5, 2), "2\u00bd"),
        (Fraction(13, 4), "3\u00bc"),
        (Fraction(1, 4), "\u00bc"),
        (Fraction(7, 5), "1 2/5"),
    ],
)
def test_show(value: Fraction, shown: str) -> None:
    assert show_enc(value) == shown


def test_the_seeds_three_enc_example(tables: RuneQuestTables) -> None:
    # "a character with hood and composite helm, two daggers, 1 dart, and a pair of light cesti would
    # have a total ENC of 3 from these objects"
    gear = (
        Gear(ref="leather_hood", worn=True),
        Gear(ref="composite_helm", worn=True),
        Gear(ref="dagger", count=2),
        Gear(ref="dart"),
        Gear(ref="light_cestus", count=2),
    )
    sheet = derive(adventurer(gear=gear), tables)
    assert sheet.enc == "3"
    assert sheet.enc_unknown == ()
    step = sheet.steps_for("enc")[0]
    assert step.text == (
        "leather hood (2) + composite helm (2) + 2 x dagger (4) + dart (2) + 2 x light cestus (2) = 3 ENC"
    )


def test_the_adventurers_pack_counts_two(tables: RuneQuestTables) -> None:
    pack = tables.starting_equipment.pack
    sheet = derive(adventurer(gear=(Gear(name=pack.name, enc=pack.enc),)), tables)
    assert sheet.enc == "2"


def test_coins_count_100_lunars_to_the_thing(tables: RuneQuestTables) -> None:
    # "Thus 100 L equals one 'thing'"; savings left behind weigh nothing (RQ-11).
    sheet = derive(adventurer(money=250), tables)
    assert (sheet.enc, sheet.enc_shown) == ("5/2", "2.5")  # shown in decimals as the rules print them
    stored = derive(Adventurer(characteristics=scores(), savings=5000), tables)
    assert stored.enc == "0"


def test_max_enc_in_lunars(tables: RuneQuestTables) -> None:
    # "multiply maximum ENC by 100 to find how many Lunars a character can carry with no other ENC cost"
    sheet = derive(adventurer(money=1000, STR=10, CON=10), tables)
    assert (sheet.max_enc, sheet.enc_over, sheet.move) == (10, 0, 8)
    sheet = derive(adventurer(money=1100, STR=10, CON=10), tables)
    assert (sheet.enc_over, sheet.move) == (1, 7)


def test_left_behind_and_unknown_items_do_not_count(tables: RuneQuestTables) -> None:
    gear = (Gear(ref="broadsword", carried=False), Gear(name="tunic"), Gear(name="rope", enc="1"))
    sheet = derive(adventurer(gear=gear), tables)
    assert sheet.enc == "1"
    assert sheet.enc_unknown == ("tunic",)
    assert ("enc", "ENC not in the rules we have, not counted: tunic") in [(p.field, p.message) for p in sheet.problems]
    assert [line.counted for line in sheet.gear] == [False, False, True]
