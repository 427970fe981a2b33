"""What a person types on the shrapnel page: the roll, armour pieces, presets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError, NotationError, RollError
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.inputs import (
    PRESETS,
    armour_from_form,
    covered_areas,
    format_pieces,
    parse_pieces,
    read_roll,
)
from pyengine.shrapnel.resolve import resolve
from pyengine.shrapnel.vocabulary import Area


@pytest.mark.parametrize(("text", "roll"), [("50", 50), (" 7 ", 7), ("00", 100), ("100", 100), ("1", 1)])
def test_read_roll(text, roll):
    assert read_roll(text) == roll


@pytest.mark.parametrize(("text", "named"), [("", "empty"), ("0", "'0'"), ("101", "'101'"), ("abc", "'abc'"), ("5-9", "range"), ("-3", "'-3'")])
def test_a_bad_roll_is_refused_naming_the_value(text, named):
    with pytest.raises(RollError, match="shrapnel roll") as info:
        read_roll(text)
    assert named in str(info.value)


def test_pieces_parse_and_print():
    pieces = parse_pieces("Vest: chest + Abdomen;  helmet:head\nsleeves: arm")
    assert pieces == (
        ArmourPiece(name="Vest", areas=(Area.CHEST, Area.ABDOMEN)),
        ArmourPiece(name="helmet", areas=(Area.HEAD,)),
        ArmourPiece(name="sleeves", areas=(Area.ARMS,)),
    )
    assert format_pieces(pieces) == "Vest: chest + abdomen; helmet: head; sleeves: arms"
    assert parse_pieces("") == () and parse_pieces(" ; ") == ()


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=12).filter(lambda s: s.strip() == s and s)


@given(st.dictionaries(names, st.lists(st.sampled_from(list(Area)), min_size=1, max_size=5, unique=True), max_size=5))
def test_printed_pieces_read_back_the_same(spec):
    pieces = tuple(ArmourPiece(name=n, areas=tuple(a)) for n, a in spec.items())
    assert parse_pieces(format_pieces(pieces)) == pieces


@pytest.mark.parametrize(
    ("text", "pos"),
    [("vest chest", 0), ("vest: chest + tail", 14), ("vest: chest +", 13), ("a: head; : chest", 9)],
)
def test_a_bad_piece_names_the_place(text, pos):
    with pytest.raises(NotationError) as info:
        parse_pieces(text)
    assert info.value.kind == "armour pieces"
    assert info.value.pos == pos


def test_two_pieces_with_one_name_are_refused():
    with pytest.raises(IllegalActionError, match="'vest'"):
        parse_pieces("vest: chest; vest: head")


def test_covered_areas_outside_pieces_are_each_their_own_piece():
    armour = armour_from_form(["head", "chest", "legs"], "vest: chest + abdomen")
    assert armour == (ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN)), Area.HEAD, Area.LEGS)
    assert covered_areas(armour) == {Area.HEAD, Area.CHEST, Area.ABDOMEN, Area.LEGS}


def test_presets_cover_what_their_names_say(table):
    assert covered_areas(PRESETS["none"][1]) == set()
    assert covered_areas(PRESETS["vest"][1]) == {Area.CHEST, Area.ABDOMEN}
    assert covered_areas(PRESETS["vest-helmet"][1]) == {Area.CHEST, Area.ABDOMEN, Area.HEAD}
    assert covered_areas(PRESETS["full"][1]) == set(Area)
    # The vest is one piece: an abdomen + chest + legs pattern (roll 66) makes one vest check.
    result = resolve(table, 66, "A", PRESETS["vest"][1])
    assert [c.piece for c in result.breakage_checks] == ["vest"]


def test_a_piece_name_too_long_for_a_link_is_refused_when_typed():
    # A result is always shareable: what the link could not carry is refused up front.
    with pytest.raises(IllegalActionError, match="at most 40"):
        parse_pieces("x" * 41 + ": chest")
    assert parse_pieces("x" * 40 + ": chest")[0].name == "x" * 40


@pytest.mark.parametrize(("text", "words"), [
    ("vest: chest + abdomen; helmet: nose",
     "Named pieces: 'nose' in piece 'helmet' is not an area; an area is head, chest, abdomen, arms or legs"),
    ("vest: chest and abdomen", "Named pieces: 'chest and abdomen' in piece 'vest' is not an area; join areas with +"),
    ("helmet: head, neck", "Named pieces: 'head, neck' in piece 'helmet' is not an area; join areas with +"),
    ("vest chest", "Named pieces: 'vest chest' has no ':' after the piece's name; write each piece as its name"),
    ("a: head; : chest", "Named pieces: ': chest' has no name before its ':'"),
    ("vest: chest +", "Named pieces: piece 'vest' has a '+' with no area after it; name the areas it covers"),
    ("vest:", "Named pieces: piece 'vest' has no areas after its ':'"),
])
def test_a_bad_piece_is_said_in_a_players_words(text, words):
    # Not "unexpected 'n' at 28", which reads like a parser: the piece and what was expected instead.
    with pytest.raises(NotationError) as info:
        parse_pieces(text)
    message = str(info.value)
    assert message.startswith(words) and "unexpected" not in message and " at " not in message
    assert "e.g. vest: chest + abdomen" in message
