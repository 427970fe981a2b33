"""Armour on one arm or one leg only (SHR-13): the seed's areas are Arms and Legs, both limbs
at once. A piece can say it covers one limb (``vambrace: left arm``); the area is covered
when both of its limbs are, whatever pieces do it, and then each of those pieces is struck
and makes its check; with one limb bare, the area reads its bare side and a piece on the
other limb makes no check there. The working says so, citing SHR-13; share links (version
2) carry it, and the target's name, and replay exactly; version 1 links still open."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError, NotationError, ShareLinkError
from pyengine.share import encode_link
from pyengine.shrapnel.armour import ArmourPiece, armour_pieces, fold_armour
from pyengine.shrapnel.inputs import armour_from_form, covered_areas, format_pieces, parse_pieces
from pyengine.shrapnel.render import render_result
from pyengine.shrapnel.resolve import resolve
from pyengine.shrapnel.state import LINK, VERSION, ShrapnelState, from_state, to_state
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area, Limb, Side, parse_cover

#: 500 examples in the suite; ``STRIKE_RANK_FUZZ_EXAMPLES=10000`` runs the full fuzz, as
#: tests/unit/library/test_backup_fuzz.py does.
FUZZ = settings(max_examples=int(os.environ.get("STRIKE_RANK_FUZZ_EXAMPLES", "500")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
LEFT = ArmourPiece(name="left vambrace", areas=(), limbs=(Limb.LEFT_ARM,))
RIGHT = ArmourPiece(name="right vambrace", areas=(), limbs=(Limb.RIGHT_ARM,))
SLEEVES = ArmourPiece(name="sleeves", areas=(Area.ARMS,))
VEST = ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))
#: Chest + Arms (rows 76-80): the seed's own example of a vest and bare arms.
CHEST_ARMS = 78


def struck(result, area: Area):
    return next(a for a in result.struck if a.area is area)


def test_the_limbs_are_the_two_of_each_area_of_two():
    assert [str(limb) for limb in Limb] == ["left arm", "right arm", "left leg", "right leg"]
    assert {limb.area for limb in Limb} == {Area.ARMS, Area.LEGS}
    assert Limb.LEFT_ARM.pair is Limb.RIGHT_ARM and Limb.RIGHT_LEG.pair is Limb.LEFT_LEG
    assert parse_cover(" Left Arm ") is Limb.LEFT_ARM and parse_cover("legs") is Area.LEGS and parse_cover("arm") is Area.ARMS
    with pytest.raises(NotationError):
        parse_cover("left elbow")


def test_one_arm_covered_leaves_arms_bare_and_its_piece_makes_no_check(table: ShrapnelTable):
    result = resolve(table, CHEST_ARMS, "C", [VEST, LEFT])
    assert struck(result, Area.CHEST).side is Side.COVERED
    arms = struck(result, Area.ARMS)
    assert arms.side is Side.BARE and arms.pieces == ()
    assert [c.piece for c in result.breakage_checks] == ["vest"]
    steps = [s for s in result.working if "SHR-13" in s.rulings]
    assert len(steps) == 1 and "SHR-13" in steps[0].text
    assert "left vambrace" in steps[0].text and "left arm" in steps[0].text and "both arms" in steps[0].text
    plain = resolve(table, CHEST_ARMS, "C", [VEST])  # read as if it were not there, save for the working
    for field in result.__struct_fields__:
        assert field == "working" or getattr(result, field) == getattr(plain, field), field


def test_both_arms_covered_by_two_pieces_is_arms_covered_and_each_makes_its_check(table: ShrapnelTable):
    result = resolve(table, CHEST_ARMS, "C", [VEST, LEFT, RIGHT])
    arms = struck(result, Area.ARMS)
    assert arms.side is Side.COVERED and arms.pieces == ("left vambrace", "right vambrace")
    assert sorted(c.piece for c in result.breakage_checks) == ["left vambrace", "right vambrace", "vest"]
    assert any("SHR-13" in s.rulings and "both arms are covered" in s.text for s in result.working)


def test_a_one_arm_piece_over_full_sleeves_is_a_layer_struck_with_them(table: ShrapnelTable):
    result = resolve(table, CHEST_ARMS, "C", [SLEEVES, LEFT])
    assert struck(result, Area.ARMS).pieces == ("left vambrace", "sleeves")
    assert sorted(c.piece for c in result.breakage_checks) == ["left vambrace", "sleeves"]


def test_legs_follow_the_same_ruling(table: ShrapnelTable):
    greave = ArmourPiece(name="greave", areas=(), limbs=(Limb.RIGHT_LEG,))
    row = next(r for r in table.rows if r.areas == (Area.LEGS,))
    roll = int(row.rolls.split("-")[0])
    assert struck(resolve(table, roll, "A", [greave]), Area.LEGS).side is Side.BARE
    other = ArmourPiece(name="other greave", areas=(), limbs=(Limb.LEFT_LEG,))
    assert struck(resolve(table, roll, "A", [greave, other]), Area.LEGS).side is Side.COVERED


def test_a_ticked_area_is_never_folded_into_a_one_limb_piece():
    # SHR-11 folds a ticked area into a named piece that covers it; one limb does not.
    folded = fold_armour([LEFT, Area.ARMS])
    assert [p.name for p in folded.pieces] == ["left vambrace", "arms"] and folded.folded == ()
    assert covered_areas([LEFT, Area.ARMS]) == {Area.ARMS}
    assert covered_areas([LEFT]) == set()


@pytest.mark.parametrize(("piece", "says"), [
    (ArmourPiece(name="odd", areas=(Area.ARMS,), limbs=(Limb.LEFT_ARM,)), "the left arm is one of the arms"),
    (ArmourPiece(name="odd", areas=(), limbs=(Limb.LEFT_ARM, Limb.LEFT_ARM)), "listed twice"),
    (ArmourPiece(name="odd", areas=(), limbs=()), "covers no area"),
])
def test_a_piece_that_says_a_limb_twice_or_nothing_is_refused(piece, says):
    with pytest.raises(IllegalActionError, match=says):
        armour_pieces([piece])


def test_both_limbs_of_one_piece_are_the_whole_area():
    (piece,) = armour_pieces([ArmourPiece(name="bracers", areas=(), limbs=(Limb.RIGHT_ARM, Limb.LEFT_ARM))])
    assert piece == ArmourPiece(name="bracers", areas=(Area.ARMS,))
    assert parse_pieces("bracers: left arm + right arm") == (ArmourPiece(name="bracers", areas=(Area.ARMS,)),)


def test_typed_pieces_name_limbs_and_print_back_as_typed():
    text = "vest: chest + abdomen; left vambrace: left arm; shirt: chest + right arm"
    pieces = parse_pieces(text)
    assert pieces[1] == LEFT
    assert pieces[2] == ArmourPiece(name="shirt", areas=(Area.CHEST,), limbs=(Limb.RIGHT_ARM,))
    assert format_pieces(pieces) == text
    assert parse_pieces(format_pieces(pieces)) == pieces
    with pytest.raises(NotationError):
        parse_pieces("vambrace: left elbow")
    assert armour_from_form(["arms"], "left vambrace: left arm") == (LEFT, Area.ARMS)


# -- the link, version 2 -------------------------------------------------------------------------


def test_version_2_carries_limbs_and_the_target_and_replays_exactly(table: ShrapnelTable):
    assert VERSION == 2
    data = to_state(CHEST_ARMS, "C", [VEST, LEFT], target="Vasana")
    assert data == {
        "roll": CHEST_ARMS, "severity": "C", "covered": [],
        "pieces": [{"name": "vest", "areas": ["chest", "abdomen"]}, {"name": "left vambrace", "areas": [], "limbs": ["left arm"]}],
        "target": "Vasana",
    }
    assert json.loads(json.dumps(data)) == data
    opened = LINK.open(LINK.link(data))
    assert opened.target == "Vasana"
    again = resolve(table, opened.roll, opened.severity, opened.armour())
    assert again == resolve(table, CHEST_ARMS, "C", [VEST, LEFT])
    assert "Vasana" in render_result(again, target=opened.target)


def test_a_state_without_target_or_limbs_is_as_version_1_wrote_it():
    assert to_state(50, "C", ["chest"]) == {"roll": 50, "severity": "C", "covered": ["chest"], "pieces": []}


def test_a_version_1_link_still_opens_and_a_version_1_link_cannot_carry_what_2_added():
    old = encode_link("shrapnel", {"roll": 50, "severity": "C", "covered": ["chest"]}, version=1)
    assert LINK.open(old) == ShrapnelState(roll=50, severity="C", covered=(Area.CHEST,))
    for added in ({"target": "Vasana"}, {"pieces": [{"name": "v", "areas": [], "limbs": ["left arm"]}]}):
        with pytest.raises(ShareLinkError, match="version 1"):
            from_state({"roll": 50, "severity": "C", **added}, version=1)


@pytest.mark.parametrize(("data", "says"), [
    ({"roll": 50, "severity": "C", "target": "x" * 81}, "target"),
    ({"roll": 50, "severity": "C", "pieces": [{"name": "v", "areas": [], "limbs": ["left elbow"]}]}, r"piece 1 \('v'\), limb 1: .*'left elbow'"),
    ({"roll": 50, "severity": "C", "pieces": [{"name": "v", "areas": [], "limbs": []}]}, r"piece 1 \('v'\) covers no area"),
])
def test_a_damaged_version_2_state_names_the_field(data, says):
    with pytest.raises(ShareLinkError, match=says):
        from_state(data, version=2)


NAMES = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=";:\n"), min_size=1, max_size=12).filter(str.strip)
PIECE = st.builds(
    lambda name, areas, limbs: ArmourPiece(name=name.strip(), areas=tuple(areas), limbs=tuple(limbs)),
    NAMES,
    st.lists(st.sampled_from(list(Area)), unique=True, max_size=3),
    st.lists(st.sampled_from(list(Limb)), unique=True, max_size=2),
)


@FUZZ
@given(st.integers(1, 100), st.sampled_from("ABCDE"), st.lists(PIECE, max_size=4, unique_by=lambda p: p.name.lower()),
       st.lists(st.sampled_from(list(Area)), max_size=3), st.text(max_size=80))
def test_every_version_2_state_reads_back_equal_or_is_refused_clearly(roll, severity, pieces, covered, target):
    try:
        data = to_state(roll, severity, [*pieces, *covered], target=target)
    except (IllegalActionError, NotationError):
        return  # resolving these inputs would refuse them too
    state = from_state(json.loads(json.dumps(data)), version=2)
    assert to_state(state.roll, state.severity, state.armour(), target=state.target) == data


def test_the_command_line_takes_a_piece_on_one_limb(capsys):
    from tests.unit.shrapnel.shrapnel_fixtures import run_json

    one = run_json(capsys, str(CHEST_ARMS), "C", "--piece", "vest=chest+abdomen", "--piece", "vambrace=left arm")
    assert [c["piece"] for c in one["breakage_checks"]] == ["vest"]
    both = run_json(capsys, str(CHEST_ARMS), "C", "--piece", "vest=chest+abdomen",
                    "--piece", "left=left arm", "--piece", "right=right arm")
    assert sorted(c["piece"] for c in both["breakage_checks"]) == ["left", "right", "vest"]
    assert both["hits"] != one["hits"] or both["bleeding"] != one["bleeding"]


WORDS = ["roll", "severity", "covered", "pieces", "name", "areas", "limbs", "target", "left arm", "right leg", "arms",
         "chest", "C", 78, "", "Vasana"]
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 101) | st.text(max_size=6) | st.sampled_from(WORDS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from([w for w in WORDS if isinstance(w, str)]), inner, max_size=5),
    max_leaves=14,
)


@FUZZ
@given(JUNK, st.integers(1, 2))
def test_anything_else_in_a_link_opens_or_is_a_clear_share_link_error(data, version):
    try:
        from_state(data, version=version)
    except ShareLinkError as exc:
        assert str(exc).startswith("shrapnel link: ")
