"""Organizing Armor (seed 000): split, combine, and the seed's leather + chainmail example."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError
from pyengine.gear.blocking import Attack, resolve_block
from pyengine.gear.items import Item, ItemKind
from pyengine.gear.notation import parse_areas
from pyengine.gear.organizing import Area, combine, organize, overlap, split

LEATHER = Item(name="leather", kind=ItemKind.ARMOUR, cover=4, absorb=2, toughness=1)
MAIL = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=3)
SWORD = Item(name="sword", kind=ItemKind.MELEE, reach=3, parry=2)


def test_one_piece_is_several_with_the_same_absorb_whose_covers_add_up() -> None:
    # "One peice of armor can be treated as several peices of armor that have the same absorb bonus,
    # if the several peices cover bonuses add up to the single peice's cover bonus."
    parts = split(MAIL, [2, 3])
    assert [(p.cover, p.absorb, p.toughness) for p in parts] == [(2, 4, 3), (3, 4, 3)]
    assert [p.name for p in parts] == ["chainmail (1)", "chainmail (2)"]


def test_a_split_must_add_up() -> None:
    with pytest.raises(IllegalActionError, match=r"2 \+ 2 = 4 do not add up to its cover 5"):
        split(MAIL, [2, 2])
    with pytest.raises(IllegalActionError, match="cover of 1 or more"):
        split(MAIL, [5, 0])


def test_pieces_with_the_same_cover_combine_by_adding_absorbs() -> None:
    # "Several peices of armor that cover the same area of the body and have the same cover bonus can
    # be treated as one peice with the same cover bonus and an absorb bonus equal to the absorb
    # bonuses of the several peices added together."
    shirt = Item(name="shirt", kind=ItemKind.ARMOUR, cover=4, absorb=1, toughness=5)
    one = combine([LEATHER, shirt])
    assert (one.name, one.cover, one.absorb) == ("leather + shirt", 4, 3)
    assert one.toughness == 1  # the lowest (GEAR-11)
    assert one.kind is ItemKind.ARMOUR


def test_pieces_with_different_covers_do_not_combine() -> None:
    with pytest.raises(IllegalActionError, match="same cover"):
        combine([LEATHER, MAIL])


def test_the_seeds_leather_and_chainmail_example() -> None:
    # "if you have partially overlapping leather and chainmail armor, then you would have an area
    # protected by leather and chainmail, an area protected only by chainmail, and an area protected
    # only by leather. Each of these areas should be treated as a seperate peice of armor."
    # Leather cover 4 absorb 2, chainmail cover 5 absorb 4, overlapping over cover 3:
    # both: cover 3, absorb 2 + 4 = 6; only chainmail: cover 5 - 3 = 2, absorb 4;
    # only leather: cover 4 - 3 = 1, absorb 2.
    result = overlap(LEATHER, MAIL, 3)
    assert [(p.name, p.cover, p.absorb) for p in result.pieces] == [
        ("leather + chainmail", 3, 6),
        ("chainmail only", 2, 4),
        ("leather only", 1, 2),
    ]
    assert result.replaced == ("leather", "chainmail")
    assert "split leather (cover 4, absorb 2) into 2 pieces of cover 3 + 1" in result.working[0].text


def test_the_example_typed_as_areas_gives_the_same_pieces() -> None:
    areas = parse_areas("3: leather + chainmail; 2: chainmail; 1: leather")
    assert organize([SWORD, LEATHER, MAIL], areas).pieces == overlap(LEATHER, MAIL, 3).pieces


def test_the_organized_list_keeps_other_items_in_place() -> None:
    result = organize([SWORD, LEATHER, MAIL], parse_areas("3: Leather + CHAINMAIL; 2: chainmail; 1: leather"))
    assert [i.name for i in result.items] == ["sword", "leather + chainmail", "chainmail only", "leather only"]


def test_organized_pieces_block_as_separate_pieces() -> None:
    # The organized armour goes into the Armor rule: sorted by absorb, 6 (cover 3), 4 (2), 2 (1).
    # Success level 3: 3 = 3 -> half blocked by "leather + chainmail" and "chainmail only".
    pieces = overlap(LEATHER, MAIL, 3).items
    result = resolve_block(Attack(success_level=3, power=10), pieces)
    assert result.half_blocked == ("leather + chainmail", "chainmail only")
    assert result.power_left == 10 - 3 - 2


def test_a_single_area_with_one_piece_is_not_split() -> None:
    result = organize([LEATHER], [Area(cover=4, pieces=("leather",))])
    assert result.pieces == (LEATHER,)


@pytest.mark.parametrize(
    ("areas", "message"),
    [
        ("3: leather + cloak", "no item is named 'cloak'"),
        ("3: leather + chainmail; 2: chainmail", r"'leather': its areas' covers 3 = 3 do not add up to its cover 4"),
        ("2: sword", "'sword' has no cover bonus"),
    ],
)
def test_areas_that_do_not_fit_the_list_are_refused(areas: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        organize([SWORD, LEATHER, MAIL], parse_areas(areas))


def test_overlap_needs_a_shared_cover_both_pieces_have() -> None:
    with pytest.raises(IllegalActionError, match="not a cover from 1 to 4"):
        overlap(LEATHER, MAIL, 5)


def test_names_do_not_clash_with_items_kept() -> None:
    only = Item(name="chainmail only", kind=ItemKind.MELEE)
    result = organize([only, LEATHER, MAIL], parse_areas("3: leather + chainmail; 2: chainmail; 1: leather"))
    names = [i.name for i in result.items]
    assert len({n.lower() for n in names}) == len(names)
    assert "chainmail only (2)" in names


@given(st.integers(1, 10), st.integers(1, 10), st.integers(0, 9), st.integers(0, 9), st.data())
def test_overlap_keeps_cover_times_absorb(c1: int, c2: int, a1: int, a2: int, data: st.DataObject) -> None:
    # Splitting keeps each piece's absorb over all its cover; combining adds absorbs over one cover:
    # so the sum of cover x absorb is the same before and after.
    shared = data.draw(st.integers(1, min(c1, c2)))
    first = Item(name="a", kind=ItemKind.ARMOUR, cover=c1, absorb=a1)
    second = Item(name="b", kind=ItemKind.ARMOUR, cover=c2, absorb=a2)
    result = overlap(first, second, shared)
    assert sum((p.cover or 0) * (p.absorb or 0) for p in result.pieces) == c1 * a1 + c2 * a2
    assert sum(p.cover or 0 for p in result.pieces) == c1 + c2 - shared
