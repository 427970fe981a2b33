"""The shrapnel legend's notation: every token parses and prints back; errors name the offset."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import NotationError, RulesError
from pyengine.shrapnel.notation import (
    Bleeding,
    Breakage,
    CellNotation,
    Clause,
    Dying,
    Fatigue,
    Hits,
    Injury,
    Prone,
    Staggered,
    Stun,
    format_cell,
    format_effects,
    format_token,
    parse_cell,
    parse_effects,
)
from pyengine.shrapnel.vocabulary import Area

# Each legend entry (seed 001's last line), written as the legend writes it, and what it means.
LEGEND_TOKENS = [
    ("+4H", Hits(hits=4)),  # +XH: additional hits
    ("♦1", Bleeding(per_round=1)),  # ♦X: bleeding, X hits per round
    ("1✹[-50]", Stun(rounds=1, penalty=-50)),  # X✹[-Y]: stunned X rounds at -Y
    ("2✹", Stun(rounds=2)),  # a stun with no penalty given
    ("3×✳", Staggered(ap=3)),  # N×✳: staggered, loses N AP
    ("✳", Staggered(ap=1)),  # ... 1 if unnumbered
    ("-5", Injury(penalty=-5)),  # -X: injury penalty
    ("◷10", Fatigue(points=10)),  # ◷X: X fatigue
    ("⇘", Prone()),  # knocked prone
    ("☠", Dying()),  # dying on a bare side
    ("⚒(-25)", Breakage(modifier=-25)),  # ⚒(-X): breakage check at -X
    ("⚒", Breakage()),  # ... "at -X if given"
]


@pytest.mark.parametrize(("text", "token"), LEGEND_TOKENS, ids=[t for t, _ in LEGEND_TOKENS])
def test_every_legend_token_parses_and_prints_back(text: str, token: object) -> None:
    assert parse_effects(text) == (token,)
    assert format_token(token) == text  # type: ignore[arg-type]


def test_a_dash_is_no_effects_and_no_effects_print_as_a_dash() -> None:
    # Legend: "— : nothing beyond the base" (SHR-3).
    assert parse_effects("—") == ()
    assert format_effects(()) == "—"


def test_a_side_is_tokens_in_order_separated_by_commas() -> None:
    text = "+11H, ♦3, -5, ☠"
    assert parse_effects(text) == (Hits(hits=11), Bleeding(per_round=3), Injury(penalty=-5), Dying())
    assert format_effects(parse_effects(text)) == text


def test_spaces_around_separators_are_forgiven_and_printed_canonically() -> None:
    assert format_effects(parse_effects("  +4H ,⚒(-25)  ")) == "+4H, ⚒(-25)"
    assert format_cell(parse_cell("+1H;covered:—;bare:+3H")) == "+1H; covered: —; bare: +3H"


def test_one_times_staggered_reads_as_staggered_and_prints_short() -> None:
    assert parse_effects("1×✳") == (Staggered(ap=1),)
    assert format_effects(parse_effects("1×✳")) == "✳"


def test_a_one_area_cell() -> None:
    # Seed, Chest 21-25 B: "+2Hcovered: +2H, 10, (-25)bare: +6H, 2" with its glyphs restored.
    text = "+2H; covered: +2H, ◷10, ⚒(-25); bare: +6H, ♦2"
    cell = parse_cell(text)
    assert cell == CellNotation(
        base=(Hits(hits=2),),
        clauses=(
            Clause(
                area=None,
                covered=(Hits(hits=2), Fatigue(points=10), Breakage(modifier=-25)),
                bare=(Hits(hits=6), Bleeding(per_round=2)),
            ),
        ),
    )
    assert cell.single_area
    assert format_cell(cell) == text


def test_a_multi_area_cell() -> None:
    # Seed, Abdomen + Legs 26-35 A: "+15HAbdomen: +4H, (-25) / 1Legs: +2H, (-25) / 1".
    text = "+15H; Abdomen: +4H, ⚒(-25) / ♦1; Legs: +2H, ⚒(-25) / ♦1"
    cell = parse_cell(text)
    assert [c.area for c in cell.clauses] == [Area.ABDOMEN, Area.LEGS]
    assert cell.clauses[1].bare == (Bleeding(per_round=1),)
    assert not cell.single_area
    assert format_cell(cell) == text


@pytest.mark.parametrize(
    ("text", "pos", "expected"),
    [
        ("+4", 2, "'H' after the hits"),
        ("+H", 1, "a number of hits"),
        ("+0H", 1, "from 1 to 999"),
        ("+1000H", 1, "from 1 to 999"),
        ("♦", 1, "hits bled per round"),
        ("4✹[-", 4, "a stun penalty"),
        ("4✹[-25", 6, "']' closing the stun penalty"),
        ("4✹[-0]", 4, "from 1 to 999"),
        ("7", 1, "'✹' (stun) or '×✳' (staggered)"),
        ("3×", 2, "'✳' after '×'"),
        ("⚒(-", 3, "a breakage modifier"),
        ("⚒(-25", 5, "')' closing the breakage modifier"),
        ("x", 0, "a shrapnel effect"),
        ("", 0, "a shrapnel effect"),
        ("+4H,", 4, "a shrapnel effect"),
        ("+4H +5H", 4, "', ' and another effect"),
        ("—, +4H", 1, "', ' and another effect, or the end"),
    ],
)
def test_bad_effects_name_the_offset_and_what_was_expected(text: str, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_effects(text)
    error = caught.value
    assert isinstance(error, RulesError)
    assert (error.kind, error.text, error.pos) == ("shrapnel notation", text, pos)
    assert expected in error.expected
    assert repr(text) in str(error)


@pytest.mark.parametrize(
    ("text", "pos", "expected"),
    [
        ("+1H", 3, "'; covered: …; bare: …' or '; Area: covered / bare'"),
        ("+1H; covered: —", 15, "'; bare:'"),
        ("+1H; covered: —; +3H", 17, "'bare:'"),
        ("+1H; covered: —; bare: —; Head: — / —", 24, "the end of the cell"),
        ("+1H; Neck: — / —", 5, "an area and ':'"),
        ("+1H; head: — / —", 5, "an area and ':'"),
        ("+1H; Head — / —", 5, "an area and ':'"),
        ("+1H; Head: ♦1", 13, "' / ' and the bare side"),
        ("+1H; Head: — / ♦1 Chest: — / —", 18, "'; ' and the next area"),
        ("+1H; Head: — / ♦1;", 18, "'covered:' or an area"),
    ],
)
def test_bad_cells_name_the_offset_and_what_was_expected(text: str, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cell(text)
    assert caught.value.pos == pos
    assert expected in caught.value.expected


# -- round trip over generated notation (one strategy per grammar rule) --------

counts = st.integers(min_value=1, max_value=999)
tokens = st.one_of(
    counts.map(lambda n: Hits(hits=n)),
    counts.map(lambda n: Bleeding(per_round=n)),
    st.builds(lambda r, p: Stun(rounds=r, penalty=-p), counts, st.integers(min_value=0, max_value=999)),
    counts.map(lambda n: Staggered(ap=n)),
    counts.map(lambda n: Injury(penalty=-n)),
    counts.map(lambda n: Fatigue(points=n)),
    st.just(Prone()),
    st.just(Dying()),
    st.integers(min_value=0, max_value=999).map(lambda m: Breakage(modifier=-m)),
)
effects = st.lists(tokens, max_size=6).map(tuple)
one_area = st.builds(lambda c, b: (Clause(area=None, covered=c, bare=b),), effects, effects)
several_areas = st.lists(st.sampled_from(list(Area)), min_size=1, max_size=5, unique=True).flatmap(
    lambda areas: st.tuples(*(st.builds(Clause, area=st.just(a), covered=effects, bare=effects) for a in areas))
)
cells = st.builds(CellNotation, base=effects, clauses=st.one_of(one_area, several_areas))


@given(effects)
def test_printed_effects_parse_back_to_the_same_tokens(value: tuple) -> None:  # type: ignore[type-arg]
    text = format_effects(value)
    assert parse_effects(text) == value
    assert format_effects(parse_effects(text)) == text


@given(cells)
def test_printed_cells_parse_back_to_the_same_cell(value: CellNotation) -> None:
    text = format_cell(value)
    assert parse_cell(text) == value
    assert format_cell(parse_cell(text)) == text


@given(st.text(alphabet="+-0123456789H♦✹[]×✳◷⇘☠⚒(),;:/— ABCEHLadehorstv", max_size=30))
def test_any_text_either_parses_or_raises_a_notation_error(text: str) -> None:
    for parse in (parse_effects, parse_cell):
        try:
            parse(text)
        except NotationError as error:
            assert 0 <= error.pos <= len(text)
