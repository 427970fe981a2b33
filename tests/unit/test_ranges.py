"""Roll ranges as tables print them: parser, printer, and the tiling check."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import NotationError
from pyengine.ranges import check_tiling, format_roll_range, parse_roll_range


@pytest.mark.parametrize(
    ("text", "die", "expected"),
    [
        ("26-35", 100, (26, 35)),
        ("66", 100, (66, 66)),
        ("01-04", 100, (1, 4)),
        ("00", 100, (100, 100)),
        ("96-00", 100, (96, 100)),
        ("100", 100, (100, 100)),
        ("1-4", 20, (1, 4)),
        ("12", 20, (12, 12)),
        ("19-20", 20, (19, 20)),
        (" 13 - 15 ", 20, (13, 15)),
        ("13\u201315", 20, (13, 15)),  # the en dash printed tables use
        ("5-5", 20, (5, 5)),
    ],
)
def test_parse(text: str, die: int, expected: tuple[int, int]) -> None:
    assert parse_roll_range(text, die) == expected


def test_the_die_defaults_to_d100() -> None:
    assert parse_roll_range("00") == (100, 100)
    assert parse_roll_range("91-99") == (91, 99)


@pytest.mark.parametrize(("low", "high", "text"), [(26, 35, "26-35"), (66, 66, "66"), (1, 4, "1-4"), (100, 100, "100")])
def test_format(low: int, high: int, text: str) -> None:
    assert format_roll_range(low, high) == text


@given(st.integers(1, 100), st.integers(0, 99), st.sampled_from([100, 20, 6]))
def test_format_then_parse_gives_the_same_range(low: int, width: int, die: int) -> None:
    low = min(low, die)
    high = min(low + width, die)
    assert parse_roll_range(format_roll_range(low, high), die) == (low, high)


@pytest.mark.parametrize(
    ("text", "die", "pos", "expected"),
    [
        ("abc", 100, 0, "a roll or a range"),
        ("12x", 100, 2, "a roll or a range"),
        ("", 100, 0, "a roll or a range"),
        ("1-", 20, 2, "a roll or a range"),
        ("0", 20, 0, "a roll from 1 to 20"),
        ("00", 20, 0, "a roll from 1 to 20"),  # "00" means 100 on percentile dice only
        ("21", 20, 0, "a roll from 1 to 20"),
        ("5-21", 20, 2, "a roll from 1 to 20"),
        ("101", 100, 0, "a roll from 1 to 100"),
        ("9-5", 20, 2, "a roll of at least 9"),
        # Text of digits, dashes and spaces that still does not fit: the place it stops fitting.
        ("1234", 100, 3, "a roll or a range"),
        ("1-2-3", 20, 3, "a roll or a range"),
        ("1 2", 20, 2, "a roll or a range"),
    ],
)
def test_parse_errors(text: str, die: int, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_roll_range(text, die)
    assert info.value.kind == "roll range"
    assert info.value.pos == pos
    assert expected in info.value.expected
    assert repr(text) in str(info.value)


@given(st.text(max_size=12), st.sampled_from([100, 20]))
def test_any_text_parses_or_raises_notation_error(text: str, die: int) -> None:
    try:
        low, high = parse_roll_range(text, die)
    except NotationError as exc:
        assert 0 <= exc.pos <= len(text)
    else:
        assert 1 <= low <= high <= die


def test_tiling_accepts_rows_that_cover_every_roll_once() -> None:
    check_tiling([(1, 4), (5, 8), (9, 11), (12, 12), (13, 15), (16, 18), (19, 20)], 1, 20, "hit location")
    check_tiling([(1, 100)], 1, 100, "table")


@given(st.sets(st.integers(2, 100), max_size=30))
def test_tiling_accepts_any_cut_of_1_to_100(cuts: set[int]) -> None:
    starts = [1, *sorted(cuts)]
    ranges = [(a, b - 1) for a, b in zip(starts, [*starts[1:], 101], strict=True)]
    check_tiling(ranges, 1, 100, "table")


@pytest.mark.parametrize(
    ("ranges", "message"),
    [
        ([(1, 4), (6, 20)], r"hit location row 1 \(6-20\): roll 5 is missing"),
        ([(1, 4), (4, 20)], r"hit location row 1 \(4-20\): roll 4 is covered twice"),
        ([(2, 20)], r"hit location row 0 \(2-20\): roll 1 is missing"),
        ([(1, 4), (5, 19)], r"hit location: rows end at 19, must reach 20"),
        ([(1, 4), (5, 21)], r"hit location: rows end at 21, must reach 20"),
        ([(5, 20), (1, 4)], r"row 0 \(5-20\): roll 1 is missing"),
        ([], r"rows end at 0, must reach 20"),
    ],
)
def test_tiling_names_the_row_and_the_roll(ranges: list[tuple[int, int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_tiling(ranges, 1, 20, "hit location")
