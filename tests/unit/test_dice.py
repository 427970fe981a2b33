"""Dice sources and dice notation: parser/printer, statistics, rolling and replay."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine import dice as dice_module
from pyengine.dice import (
    DiceExpr,
    DiceRoll,
    NeededRoll,
    NoRollLeft,
    RandomDice,
    RanOut,
    RollLog,
    RollMade,
    ScriptedDice,
    Term,
    TypedRolls,
)
from pyengine.dice.exact import distribution, mean
from pyengine.dice_roller import parse_typed_rolls
from pyengine.errors import NotationError, RollError, RulesError

# -- strategies ---------------------------------------------------------------


@st.composite
def terms(draw: st.DrawFn, max_count: int = dice_module.MAX_COUNT, max_sides: int = dice_module.MAX_SIDES) -> Term:
    sign = draw(st.sampled_from([1, -1]))
    if draw(st.booleans()):
        return Term(sign, draw(st.integers(0, dice_module.MAX_CONSTANT)), None)
    return Term(sign, draw(st.integers(1, max_count)), draw(st.integers(2, max_sides)))


@st.composite
def expressions(draw: st.DrawFn, max_terms: int = dice_module.MAX_TERMS) -> DiceExpr:
    """Random expressions up to every limit, long canonical text included."""
    chosen: list[Term] = []
    length = 0
    for _ in range(draw(st.integers(1, max_terms))):
        term = draw(terms())
        width = len(str(term)) + (1 if chosen or term.sign < 0 else 0)
        if length + width > dice_module.MAX_TEXT:
            break
        chosen.append(term)
        length += width
    return DiceExpr(chosen)

small_expressions = st.lists(terms(max_count=2, max_sides=6), min_size=1, max_size=3).map(DiceExpr).filter(
    lambda e: sum(t.count for t in e.terms if t.sides) <= 4
)


@st.composite
def spelled(draw: st.DrawFn, expr: DiceExpr) -> str:
    """The same expression written the way people type it: case, spaces, omitted count, D%."""
    out = [draw(st.sampled_from(["", " "]))]
    for i, term in enumerate(expr.terms):
        if term.sign < 0:
            out.append(draw(st.sampled_from(["-", "\u2212"])))
        elif i or draw(st.booleans()):
            out.append("+")
        out.append(draw(st.sampled_from(["", " "])))
        if term.sides is None:
            out.append(str(term.count))
        else:
            if term.count != 1 or draw(st.booleans()):
                out.append(str(term.count))
            out.append(draw(st.sampled_from("Dd")))
            out.append("%" if term.sides == 100 and draw(st.booleans()) else str(term.sides))
        out.append(draw(st.sampled_from(["", " "])))
    return "".join(out)


# -- parsing and printing -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "expected_terms"),
    [
        ("3D6", "3D6", [Term(1, 3, 6)]),
        ("1D8+1", "1D8+1", [Term(1, 1, 8), Term(1, 1, None)]),
        ("2D6+2", "2D6+2", [Term(1, 2, 6), Term(1, 2, None)]),
        ("-1D4", "-1D4", [Term(-1, 1, 4)]),
        ("1D6+1D4", "1D6+1D4", [Term(1, 1, 6), Term(1, 1, 4)]),
        ("D100", "D100", [Term(1, 1, 100)]),
        ("1D100", "D100", [Term(1, 1, 100)]),
        ("2D100", "2D100", [Term(1, 2, 100)]),
        ("d6", "1D6", [Term(1, 1, 6)]),
        ("D6", "1D6", [Term(1, 1, 6)]),
        ("  2d6 +  2 ", "2D6+2", [Term(1, 2, 6), Term(1, 2, None)]),
        ("7", "7", [Term(1, 7, None)]),
        ("2D6-1", "2D6-1", [Term(1, 2, 6), Term(-1, 1, None)]),
        ("1D8 - 1D4 + 2", "1D8-1D4+2", [Term(1, 1, 8), Term(-1, 1, 4), Term(1, 2, None)]),
        ("+1D6", "1D6", [Term(1, 1, 6)]),
        ("\u22121D4", "-1D4", [Term(-1, 1, 4)]),  # the minus sign printed tables use
        ("2+1D6", "2+1D6", [Term(1, 2, None), Term(1, 1, 6)]),  # written order is kept
        ("d%", "D100", [Term(1, 1, 100)]),
        ("03D06", "3D6", [Term(1, 3, 6)]),
    ],
)
def test_parse_and_print(text: str, canonical: str, expected_terms: list[Term]) -> None:
    expr = DiceExpr.parse(text)
    assert expr.terms == tuple(expected_terms)
    assert str(expr) == canonical
    assert repr(expr) == f"DiceExpr.parse({canonical!r})"


def test_repr_rebuilds_the_expression() -> None:
    expr = DiceExpr.parse("2d6 + 2")
    assert repr(expr) == "DiceExpr.parse('2D6+2')"
    assert eval(repr(expr), {"DiceExpr": DiceExpr}) == expr


def test_equality_and_hash_follow_the_terms() -> None:
    assert DiceExpr.parse("D100") == DiceExpr.parse("1d100")
    assert hash(DiceExpr.parse("D100")) == hash(DiceExpr.parse("1d100"))
    assert DiceExpr.parse("1D6+1D4") != DiceExpr.parse("1D4+1D6")
    assert DiceExpr.parse("1D6") != "1D6"


def test_expressions_are_immutable() -> None:
    expr = DiceExpr.parse("1D6")
    with pytest.raises(AttributeError):
        expr.terms = ()  # type: ignore[misc]


@given(expressions())
@settings(deadline=None)
def test_print_then_parse_gives_the_same_expression(expr: DiceExpr) -> None:
    text = str(expr)
    assert DiceExpr.parse(text) == expr
    assert str(DiceExpr.parse(text)) == text


@given(st.data())
@settings(deadline=None)
def test_any_spelling_parses_to_the_canonical_expression(data: st.DataObject) -> None:
    expr = data.draw(st.lists(terms(), min_size=1, max_size=6).map(DiceExpr))
    text = data.draw(spelled(expr))
    assert DiceExpr.parse(text) == expr


@given(st.text(max_size=120))
def test_arbitrary_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        expr = DiceExpr.parse(text)
    except NotationError as exc:
        assert 0 <= exc.pos <= len(text)
        assert exc.text == text
    else:
        assert DiceExpr.parse(str(expr)) == expr


@pytest.mark.parametrize(
    ("text", "pos", "expected"),
    [
        ("2Dx6", 2, "a number of sides"),
        ("2D", 2, "a number of sides"),
        ("2D6+", 4, "a dice term"),
        ("", 0, "a dice term"),
        ("   ", 3, "a dice term"),
        ("2D6 2", 4, "'+', '-' or the end"),
        ("2D6x", 3, "'+', '-' or the end"),
        ("1D6++1", 4, "a dice term"),
        ("--1D4", 1, "a dice term"),
        ("2 D6", 2, "'+', '-' or the end"),
        ("1D6 + x", 6, "a dice term"),
    ],
)
def test_malformed_notation_reports_where(text: str, pos: int, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        DiceExpr.parse(text)
    assert info.value.kind == "dice notation"
    assert info.value.text == text
    assert info.value.pos == pos
    assert expected in info.value.expected
    assert str(info.value).startswith("dice notation: unexpected ")
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    ("text", "pos", "limit"),
    [
        ("0D6", 0, "from 1 to 100"),
        ("101D6", 0, "from 1 to 100"),
        ("1D6+101D6", 4, "from 1 to 100"),
        ("1D1", 2, "from 2 to 1000"),
        ("1D0", 2, "from 2 to 1000"),
        ("1D1001", 2, "from 2 to 1000"),
        ("1D6+10001", 4, "from 0 to 10000"),
        ("1D6" + "+1" * 19 + "+1", 3 + 2 * 19, "at most 20 terms"),
        ("1" * 101, 100, "at most 100 characters"),
        ("9" * 99, 0, "from 0 to 10000"),
    ],
)
def test_limits_are_notation_errors_naming_the_limit(text: str, pos: int, limit: str) -> None:
    with pytest.raises(NotationError) as info:
        DiceExpr.parse(text)
    assert info.value.pos == pos
    assert limit in str(info.value)


def test_limits_are_inclusive() -> None:
    assert DiceExpr.parse("100D1000+10000").maximum == 100_000 + 10_000
    assert str(DiceExpr.parse("1D2")) == "1D2"
    assert len(DiceExpr.parse("1D6" + "+1" * 19).terms) == 20
    assert DiceExpr.parse(" " * 97 + "1D6").maximum == 6  # 100 characters


@pytest.mark.parametrize(
    "terms_",
    [
        [],
        [Term(1, 0, 6)],
        [Term(1, 1, 1)],
        [Term(2, 1, 6)],
        [Term(1, 10001, None)],
        [Term(1, 1, 6)] * 21,
        [Term(-1, 100, 1000)] * 12,  # prints to more than 100 characters
    ],
)
def test_building_outside_the_limits_is_refused(terms_: list[Term]) -> None:
    with pytest.raises(ValueError):
        DiceExpr(terms_)


# -- statistics ---------------------------------------------------------------


def brute_force(expr: DiceExpr) -> dict[int, Fraction]:
    """Every combination of faces, counted one by one."""
    constant = sum(t.sign * t.count for t in expr.terms if t.sides is None)
    dice = [(t.sign, t.sides) for t in expr.terms if t.sides is not None for _ in range(t.count)]
    counts: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, sides + 1) for _, sides in dice)):
        counts[constant + sum(sign * face for (sign, _), face in zip(dice, faces, strict=True))] += 1
    n = sum(counts.values())
    return {total: Fraction(c, n) for total, c in sorted(counts.items())}


@pytest.mark.parametrize(
    ("text", "minimum", "maximum", "average"),
    [
        ("3D6", 3, 18, Fraction(21, 2)),
        ("1D8+1", 2, 9, Fraction(11, 2)),
        ("2D6+2", 4, 14, Fraction(9)),
        ("-1D4", -4, -1, Fraction(-5, 2)),
        ("1D6-1D4", -3, 5, Fraction(1)),
        ("D100", 1, 100, Fraction(101, 2)),
        ("5", 5, 5, Fraction(5)),
        ("2D6-3", -1, 9, Fraction(4)),
    ],
)
def test_minimum_maximum_mean(text: str, minimum: int, maximum: int, average: Fraction) -> None:
    expr = DiceExpr.parse(text)
    assert (expr.minimum, expr.maximum, mean(expr)) == (minimum, maximum, average)
    assert isinstance(mean(expr), Fraction)


def test_distribution_of_2d6() -> None:
    dist = distribution(DiceExpr.parse("2D6"))
    assert list(dist) == list(range(2, 13))
    assert dist[7] == Fraction(1, 6)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert dist[4] == Fraction(3, 36)


def test_distribution_of_a_constant() -> None:
    assert distribution(DiceExpr.parse("3")) == {3: Fraction(1)}


@given(small_expressions)
@settings(deadline=None)
def test_distribution_matches_brute_force(expr: DiceExpr) -> None:
    assert distribution(expr) == brute_force(expr)


@given(st.lists(terms(max_count=12, max_sides=20), min_size=1, max_size=4).map(DiceExpr))
@settings(deadline=None, max_examples=60)
def test_distribution_agrees_with_minimum_maximum_mean(expr: DiceExpr) -> None:
    dist = distribution(expr)
    assert sum(dist.values()) == 1
    assert min(dist) == expr.minimum
    assert max(dist) == expr.maximum
    assert sum(total * p for total, p in dist.items()) == mean(expr)
    assert all(p > 0 for p in dist.values())


def test_distribution_of_a_big_expression_is_exact() -> None:
    dist = distribution(DiceExpr.parse("10D10+3D6"))
    assert sum(dist.values()) == 1
    assert min(dist) == 13 and max(dist) == 118
    assert dist[13] == Fraction(1, 10**10 * 6**3)
    # Symmetric around the mean (131/2): 13 and 118 are equally likely, and so on.
    assert all(dist[t] == dist[131 - t] for t in dist)


def test_distribution_too_big_to_work_out_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match=r"'100D1000' is too big to work out exactly"):
        distribution(DiceExpr.parse("100D1000"))


# -- dice sources ---------------------------------------------------------------


class Asked:
    """Dice that note each die asked of them and the face handed out (the test's own record)."""

    def __init__(self, dice) -> None:
        self.dice = dice
        self.asked: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        value = self.dice.roll(sides)
        self.asked.append((sides, value))
        return value


def test_scripted_dice_hand_out_values_in_order() -> None:
    dice = Asked(ScriptedDice([3, 5, 1]))
    assert [dice.roll(6), dice.roll(8), dice.roll(4)] == [3, 5, 1]
    assert dice.asked == [(6, 3), (8, 5), (4, 1)]
    assert dice.dice.remaining == ()


def test_dice_keep_no_record_of_their_rolls() -> None:
    # The resolver's roll log keeps each roll; the dice themselves hold nothing that grows.
    for dice in (RandomDice(3), ScriptedDice([1] * 500)):
        before = {name: repr(value) for name, value in vars(dice).items() if name != "_next"}
        for _ in range(500):
            dice.roll(6)
        assert {name: repr(value) for name, value in vars(dice).items() if name != "_next"} == before
        assert not hasattr(dice, "history")


def test_scripted_dice_running_out() -> None:
    dice = ScriptedDice([1, 2, 3])
    for _ in range(3):
        dice.roll(6)
    with pytest.raises(RanOut, match=r"^no roll left for a D6: all 3 given rolls are used$"):
        dice.roll(6)


def test_scripted_dice_with_no_rolls() -> None:
    with pytest.raises(RollError, match=r"no roll left for a D20: all 0 given rolls are used"):
        ScriptedDice([]).roll(20)


def test_scripted_dice_value_that_does_not_fit() -> None:
    dice = ScriptedDice([4, 7, 2])
    dice.roll(6)
    with pytest.raises(RollError, match=r"^roll 7 does not fit a D6 \(1-6\)"):
        dice.roll(6)
    # The value is not used up: a D8 can take it.
    assert dice.remaining == (7, 2)
    assert dice.roll(8) == 7


@pytest.mark.parametrize("value", [0, -1, 21])
def test_scripted_dice_out_of_range(value: int) -> None:
    with pytest.raises(RollError, match=rf"roll {value} does not fit a D20 \(1-20\)"):
        ScriptedDice([value]).roll(20)


@pytest.mark.parametrize("value", [1.0, "3", True, None])
def test_scripted_dice_only_take_whole_numbers(value: object) -> None:
    with pytest.raises(RollError, match="is not a whole number"):
        ScriptedDice([1, value])  # type: ignore[list-item]


@pytest.mark.parametrize("sides", [0, -6, 2.5])
def test_dice_refuse_a_die_without_faces(sides: object) -> None:
    for dice in (RandomDice(1), ScriptedDice([1])):
        with pytest.raises(RollError, match="is not a number of sides"):
            dice.roll(sides)  # type: ignore[arg-type]


def test_random_dice_with_the_same_seed_repeat() -> None:
    a, b = Asked(RandomDice(1234)), RandomDice(1234)
    sides = [6, 20, 100, 4, 8] * 20
    rolls_a = [a.roll(s) for s in sides]
    assert rolls_a == [b.roll(s) for s in sides]
    assert a.asked == list(zip(sides, rolls_a, strict=True))
    assert all(1 <= v <= s for s, v in a.asked)
    # A different seed gives a different sequence (100 rolls cannot all agree by chance).
    c = RandomDice(4321)
    assert [c.roll(s) for s in sides] != rolls_a


def test_random_dice_cover_every_face() -> None:
    dice = RandomDice(7)
    assert {dice.roll(6) for _ in range(600)} == {1, 2, 3, 4, 5, 6}


def test_random_dice_do_not_touch_the_global_generator() -> None:
    random.seed(99)
    expected = random.random()
    random.seed(99)
    RandomDice(5).roll(6)
    RandomDice().roll(6)
    assert random.random() == expected


# -- rolling ------------------------------------------------------------------


def test_roll_keeps_every_die_and_sign() -> None:
    roll = DiceExpr.parse("2D6-1D4+3").roll(ScriptedDice([3, 5, 2]))
    assert roll.expression == "2D6-1D4+3"
    assert [(t.sign, t.sides, t.values, t.subtotal) for t in roll.terms] == [
        (1, 6, (3, 5), 8),
        (-1, 4, (2,), -2),
        (1, None, (), 3),
    ]
    assert roll.total == 9
    assert roll.rolls == ((6, 3), (6, 5), (4, 2))
    assert [str(t) for t in roll.terms] == ["2D6", "1D4", "3"]


def test_roll_draws_left_to_right_one_die_at_a_time() -> None:
    dice = Asked(ScriptedDice([1, 2, 3, 4]))
    DiceExpr.parse("1D4+2D8+1D6").roll(dice)
    assert dice.asked == [(4, 1), (8, 2), (8, 3), (6, 4)]


def test_roll_records_the_canonical_expression() -> None:
    roll = DiceExpr.parse(" d100 ").roll(ScriptedDice([42]))
    assert roll.expression == "D100"
    assert roll.total == 42


def test_roll_with_too_few_rolls_raises() -> None:
    with pytest.raises(RollError, match="no roll left for a D6"):
        DiceExpr.parse("3D6").roll(ScriptedDice([1, 2]))


def test_a_rolled_expression_refuses_a_value_a_custom_dice_source_makes_up() -> None:
    # The dice check each face they hand out; one that breaks the protocol is still caught by
    # the rolled expression's own record, which must add up and fit its dice.
    class Loaded:
        def roll(self, sides: int) -> int:
            return sides + 1

    with pytest.raises(ValueError, match=r"dice roll: term 0 does not fit '1D6'"):
        DiceExpr.parse("1D6").roll(Loaded())


@given(expressions(), st.integers())
@settings(max_examples=200, deadline=None)
def test_replay_with_scripted_dice_gives_the_identical_roll(expr: DiceExpr, seed: int) -> None:
    dice = Asked(RandomDice(seed))
    roll = expr.roll(dice)
    assert list(roll.rolls) == dice.asked
    assert expr.minimum <= roll.total <= expr.maximum
    replay = expr.roll(ScriptedDice(v for _, v in roll.rolls))
    assert replay == roll
    assert replay.total == sum(t.subtotal for t in roll.terms)


@given(expressions(), st.integers())
@settings(max_examples=100, deadline=None)
def test_a_roll_survives_msgpack_and_json(expr: DiceExpr, seed: int) -> None:
    roll = expr.roll(RandomDice(seed))
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(roll), type=DiceRoll) == roll
    assert msgspec.json.decode(msgspec.json.encode(roll), type=DiceRoll) == roll


def dice_term(values: list[int], subtotal: int) -> dict:
    return {"sign": 1, "sides": 6, "values": values, "subtotal": subtotal}


PLUS_2 = {"sign": 1, "sides": None, "values": [], "subtotal": 2}


@pytest.mark.parametrize(
    "change",
    [
        {"total": 11},
        {"expression": "2D6+4"},
        {"expression": "2Dx"},
        {"terms": [dice_term([3, 7], 10), PLUS_2]},  # 7 on a D6
        {"terms": [dice_term([3], 3), PLUS_2]},  # one die short
        {"terms": [dice_term([3, 5], 8)]},  # a term missing
        {"terms": [dice_term([3, 5], 8), {"sign": -1, "sides": None, "values": [], "subtotal": -2}]},  # sign
        {"terms": [dice_term([3, 5], 9), PLUS_2], "total": 11},  # subtotal does not add up
        # A constant with dice values.
        {"terms": [dice_term([3, 5], 8), {"sign": 1, "sides": None, "values": [1], "subtotal": 2}]},
    ],
)
def test_a_decoded_roll_that_does_not_add_up_is_refused(change: dict) -> None:
    good = msgspec.to_builtins(DiceExpr.parse("2D6+2").roll(ScriptedDice([3, 5])))
    assert msgspec.convert(good, type=DiceRoll).total == 10
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(good | change, type=DiceRoll)


# -- the roll log ---------------------------------------------------------------------------------


def test_the_roll_log_keeps_every_roll_with_its_purpose() -> None:
    log = RollLog(ScriptedDice([30, 7, 3, 13]))
    assert log.d(100, "attack roll") == 30
    assert log.expr(DiceExpr.parse("1D8+1D4"), "damage") == 10
    assert log.d(20, "hit location") == 13
    assert log.made == [
        RollMade(purpose="attack roll", sides=100, value=30),
        RollMade(purpose="damage", sides=8, value=7),
        RollMade(purpose="damage", sides=4, value=3),
        RollMade(purpose="hit location", sides=20, value=13),
    ]
    assert log.values == (30, 7, 3, 13)


def test_each_roll_is_named_where_it_is_made() -> None:
    log = RollLog(ScriptedDice([1, 2, 3]))
    log.d(6, "moving damage")
    log.expr(DiceExpr.parse("1D6"), "more")
    log.part("the strike").d(6, "attack")
    assert [r.purpose for r in log.made] == ["moving damage", "more", "attack"]
    assert len(log) == 3 and log.since(1) == tuple(log.made[1:])


def test_scripted_dice_running_out_name_the_roll_needed() -> None:
    log = RollLog(ScriptedDice([30]))
    log.d(100, "attack roll")
    with pytest.raises(NoRollLeft, match=r"^no roll left for the D8 of the damage \(roll 2\)$") as caught:
        log.d(8, "damage")
    assert caught.value.needed == NeededRoll(sides=8, purpose="damage", index=1)
    assert isinstance(caught.value, RollError)


def test_a_part_of_a_log_keeps_its_rolls_once_in_the_log() -> None:
    # An exchange inside a round: it rolls through a part of the round's log, which keeps each
    # roll once; the part sees its own, and the roll it runs out at is the round's, named by both.
    outer = RollLog(ScriptedDice([5, 6]), within="the round")
    outer.d(6, "before")
    inner = outer.part("Rurik strikes")
    inner.d(6, "attack")
    with pytest.raises(NoRollLeft) as caught:
        inner.d(20, "hit location")
    assert caught.value.needed == NeededRoll(sides=20, purpose="Rurik strikes: hit location", index=2)
    assert outer.values == (5, 6) and inner.values == (6,)
    assert outer.made == [RollMade(purpose="before", sides=6, value=5), RollMade(purpose="attack", sides=6, value=6)]
    assert inner.made[0] is outer.made[1]


def test_a_roll_off_its_die_in_a_part_names_both_purposes() -> None:
    outer = RollLog(ScriptedDice([5, 150]), within="the round")
    outer.d(6, "before")
    with pytest.raises(RollError, match=r"^attack: roll 2 of the round \(Rurik strikes\): roll 150 does not fit a D100"):
        outer.part("Rurik strikes").d(100, "attack")
    assert outer.values == (5,)


def test_a_roll_that_does_not_fit_names_what_it_was_for() -> None:
    with pytest.raises(RollError, match=r"^parry roll: roll 150 does not fit a D100 \(1-100\); it is given roll 1 of 1$"):
        RollLog(ScriptedDice([150])).d(100, "parry roll")
    with pytest.raises(RollError, match=r"^roll 2 of the round \(grapple\): roll 7 does not fit a D6 \(1-6\)"):
        log = RollLog(ScriptedDice([1, 7]), within="the round")
        log.d(6, "first")
        log.d(6, "grapple")


def test_a_roll_off_its_die_is_refused_once_by_the_dice_and_not_kept() -> None:
    class Counted(ScriptedDice):
        checks = 0

        def roll(self, sides: int) -> int:
            Counted.checks += 1
            return super().roll(sides)

    log = RollLog(Counted([7]))
    with pytest.raises(RollError, match=r"^damage: roll 7 does not fit a D6 \(1-6\); it is given roll 1 of 1$"):
        log.d(6, "damage")
    assert log.made == [] and Counted.checks == 1


@given(st.lists(st.sampled_from([4, 6, 8, 20, 100]), max_size=12), st.integers())
@settings(max_examples=50, deadline=None)
def test_the_log_replays_exactly_from_its_values(sides: list[int], seed: int) -> None:
    first = RollLog(RandomDice(seed))
    for i, s in enumerate(sides):
        first.d(s, f"roll {i}")
    again = RollLog(ScriptedDice(first.values))
    for i, s in enumerate(sides):
        again.d(s, f"roll {i}")
    assert again.made == first.made


# -- dice typed in by hand (the start page's "your own dice") -------------------------------


def test_a_typed_00_is_a_percentile_roll_of_100():
    """Percentile dice show 100 as "00" (RuneQuest: "an attack roll of exactly 00 is always a
    fumble"); typed by hand it is the d100's 100, as the combat page and the shrapnel table read it."""
    assert parse_typed_rolls("00") == [100]
    assert parse_typed_rolls("00, 7 10") == [100, 7, 10]
    assert DiceExpr.parse("1D100").roll(ScriptedDice(parse_typed_rolls("00"))).total == 100
    assert parse_typed_rolls("0") == [0]  # not a d100's face: the die refuses it, naming it
    with pytest.raises(Exception, match="roll 0 does not fit a D100"):
        DiceExpr.parse("1D100").roll(ScriptedDice(parse_typed_rolls("0")))


# -- a resolution's dice typed in one at a time --------------------------------------------------


def test_typed_rolls_replay_once_per_die_and_check_each_die_once() -> None:
    resolutions = []

    def resolve(dice):
        resolutions.append(1)
        log = RollLog(dice)
        return log.d(100, "attack") + log.expr(DiceExpr.parse("2D6"), "damage") + log.d(20, "where")

    typed = TypedRolls(resolve)
    assert typed.start() == NeededRoll(sides=100, purpose="attack", index=0)
    assert typed.enter(40) == NeededRoll(sides=6, purpose="damage", index=1)
    with pytest.raises(RollError, match=r"^damage: roll 7 does not fit a D6"):
        typed.enter(7)
    assert typed.rolls == [40] and typed.needed == NeededRoll(sides=6, purpose="damage", index=1)
    assert typed.enter(3) == NeededRoll(sides=6, purpose="damage", index=2)
    assert typed.enter(4) == NeededRoll(sides=20, purpose="where", index=3)
    assert typed.enter(12) == 59
    assert typed.needed is None and typed.rolls == [40, 3, 4, 12]
    # 4 dice: the first asked for, then one resolution per die typed (and one for the refused 7).
    assert len(resolutions) == 1 + 4 + 1
    with pytest.raises(RollError, match="no die is asked for"):
        typed.enter(1)
