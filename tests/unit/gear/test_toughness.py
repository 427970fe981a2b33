"""Toughness and Breaking (seed 000): the damage an item takes and what breaking halves."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pyengine.gear.items import Item, ItemKind, halve
from pyengine.gear.toughness import damage_from, damage_item

SWORD = Item(
    name="sword", kind=ItemKind.MELEE, reach=3, sharpness=1, parry=5, toughness=6, cover=2, absorb=3,
    power=13, heft=12, special={"Stun": 5, "Knockback": 3},
)


def test_absorption_is_reduced_by_attack_power_minus_toughness() -> None:
    # "the item's absorption is reduced by the attack power minus the item's toughness":
    # power 8 - toughness 6 = 2; absorption 3 - 2 = 1; 2 is not greater than 3: not broken.
    result = damage_item(SWORD, 8)
    assert result.damage == 2
    assert result.after.absorb == 1
    assert not result.broke and not result.after.broken


def test_toughness_greater_than_power_means_no_damage_at_all() -> None:
    # "If the item's toughness is greater than the attack power, then the weapon is not damaged at all."
    result = damage_item(SWORD, 5)
    assert result.damage == 0
    assert result.after == SWORD
    assert "not damaged at all" in result.working[0].text


def test_toughness_equal_to_power_does_no_damage() -> None:
    # power 6 - toughness 6 = 0: the absorption is reduced by nothing.
    assert damage_item(SWORD, 6).after == SWORD


def test_no_toughness_listed_counts_as_zero() -> None:
    # GEAR-9
    assert damage_from(4, None) == 4
    rag = Item(name="rag", kind=ItemKind.ARMOUR, cover=1, absorb=5)
    assert damage_item(rag, 4).after.absorb == 1


def test_damage_greater_than_absorption_breaks_the_item_and_halves_its_bonuses() -> None:
    # "If the damage taken by an item is greater than it's absorbtion, the item breaks. Usually
    # this means that the item's reach bonus, lasting damage bonus, stun damage bonus, parry bonus
    # and cover bonus are halved." power 10 - toughness 6 = 4 > absorption 3.
    # Halved, rounded down (GEAR-8): reach 3 -> 1, sharpness (lasting damage) 1 -> 0,
    # Stun 5 -> 2, parry 5 -> 2, cover 2 -> 1. Others stay: power, heft, Knockback.
    result = damage_item(SWORD, 10)
    after = result.after
    assert result.broke and after.broken
    assert (after.reach, after.sharpness, after.parry, after.cover) == (1, 0, 2, 1)
    assert after.special == {"Stun": 2, "Knockback": 3}
    assert (after.power, after.heft, after.toughness) == (13, 12, 6)
    assert after.absorb == 0  # 3 - 4, never below 0 (GEAR-8)


def test_damage_equal_to_absorption_does_not_break() -> None:
    # "greater than": power 9 - 6 = 3, absorption 3: worn to 0, not broken.
    result = damage_item(SWORD, 9)
    assert result.after.absorb == 0
    assert not result.broke


def test_an_item_breaks_once() -> None:
    # GEAR-8: a broken item hit again loses absorption (to 0) but is not halved again.
    once = damage_item(SWORD, 10).after
    again = damage_item(once, 20)
    assert not again.broke
    assert (again.after.reach, again.after.parry, again.after.cover) == (once.reach, once.parry, once.cover)


def test_halving_rounds_down_and_leaves_penalties() -> None:
    # GEAR-8: a broken item never gets better, so a blunt weapon's -5 stays -5.
    assert [halve(v) for v in (7, 6, 1, 0, -5)] == [3, 3, 0, 0, -5]
    club = Item(name="club", kind=ItemKind.MELEE, sharpness=-5, parry=3, toughness=2)
    assert damage_item(club, 5).after.sharpness == -5


def test_an_item_without_absorb_breaks_at_the_first_damage() -> None:
    # GEAR-9: no absorb listed counts 0; any damage is greater than 0.
    dagger = Item(name="dagger", kind=ItemKind.MELEE, reach=1, parry=1, toughness=4)
    result = damage_item(dagger, 5)
    assert result.broke
    assert result.after.absorb is None


items = st.builds(
    Item, name=st.just("x"), kind=st.sampled_from(ItemKind), reach=st.none() | st.integers(-999, 999),
    parry=st.none() | st.integers(-999, 999), cover=st.none() | st.integers(0, 999),
    absorb=st.none() | st.integers(0, 999), toughness=st.none() | st.integers(-999, 999), broken=st.booleans(),
)


@given(items, st.integers(0, 999))
def test_damage_properties(item: Item, power: int) -> None:
    result = damage_item(item, power)
    assert result.damage == max(0, power - (item.toughness or 0))
    if item.absorb is not None:
        assert result.after.absorb == max(0, item.absorb - result.damage)
    assert result.broke == (result.damage > (item.absorb or 0) and not item.broken)
    for field in ("reach", "parry", "cover"):
        before, after = getattr(item, field), getattr(result.after, field)
        assert (before is None) == (after is None)
        if before is not None:
            assert after == (halve(before) if result.broke else before)
            assert after <= before  # breaking never makes a bonus better


# -- breaking, said in words; negative toughness -------------------------------------------

CLUB = Item(name="club", kind=ItemKind.MELEE, reach=1, sharpness=-5, parry=3, toughness=2, special={"Stun": 0})


def test_breaking_lists_only_the_bonuses_halving_changed() -> None:
    """"Usually this means that the item's reach bonus, lasting damage bonus, stun damage bonus,
    parry bonus and cover bonus are halved." A blunt club's -5 lasting damage and its Stun 0
    are not changed by halving (GEAR-8), so the list of what breaking halved does not name them:
    power 5 - toughness 2 = 3 > no absorb: reach 1 -> 0, parry 3 -> 1, and nothing else."""
    result = damage_item(CLUB, 5)
    assert result.broke
    assert result.halved == (("reach", 1, 0), ("parry", 3, 1))
    text = result.working[-1].text
    assert "reach 1 to 0, parry 3 to 1" in text
    assert "-5 to -5" not in text and "0 to 0" not in text
    assert result.after.sharpness == -5 and result.after.special == {"Stun": 0}


def test_breaking_that_changes_nothing_says_so() -> None:
    # Every bonus breaking halves is 0 or below, or not listed: nothing to list (GEAR-8).
    stick = Item(name="stick", kind=ItemKind.MELEE, sharpness=-5, parry=0, toughness=0)
    result = damage_item(stick, 4)
    assert result.broke and result.halved == ()
    assert "halving changes none of its bonuses" in result.working[-1].text


def test_a_negative_toughness_makes_every_blow_do_more_than_its_power() -> None:
    """"the item's absorption is reduced by the attack power minus the item's toughness": with
    toughness -2, a blow of power 3 does 3 - (-2) = 5 (GEAR-12)."""
    glass = Item(name="glass", kind=ItemKind.ARMOUR, cover=2, absorb=6, toughness=-2)
    result = damage_item(glass, 3)
    assert result.damage == 5 and result.after.absorb == 1
    assert "GEAR-12" in result.working[0].rulings and "toughness -2 (below 0, GEAR-12)" in result.working[0].text
