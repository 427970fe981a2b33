"""Blocking, Armor and Hitting Too Hard (seed 000), worked by hand from the seed's words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.errors import IllegalActionError
from pyengine.gear.blocking import Attack, Defence, Role, Rule, line_up, resolve_block
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.sheet import sheet_line

SHIELD = Item(name="shield", kind=ItemKind.MELEE, cover=4, absorb=6, toughness=2, parry=4, reach=1)
LEATHER = Item(name="leather", kind=ItemKind.ARMOUR, cover=4, absorb=2, toughness=0)
MAIL = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=1)
HELM = Item(name="helm", kind=ItemKind.ARMOUR, cover=2, absorb=5, toughness=3)
SWORD = Item(name="sword", kind=ItemKind.MELEE, cover=1, absorb=4, parry=2, toughness=10)


def attack(sl: int, power: int, defence: str = "failed", weapon: Item | None = None) -> Attack:
    return Attack(success_level=sl, power=power, defence=Defence(defence), weapon=weapon)


def step(result, name):  # noqa: ANN001, ANN201 - a test helper
    return next(s for s in result.steps if s.name == name)


# -- Blocking (no armour) --------------------------------------------------------------


@pytest.mark.parametrize("defence", ["failed", "half"])
def test_cover_above_the_success_level_blocks(defence: str) -> None:
    # "If the defense fails, or is only half-successful and the cover bonus of the item is greater
    # than the attack's success level, then the attack is "blocked" and the item's absorption is
    # subtracted from the attack power of the attack, but the item takes damage based on the amount
    # of attack power it absorbed." Cover 4 > 3: power 10 - absorb 6 = 4 gets through; the shield
    # absorbed 6, and takes 6 - toughness 2 = 4 (GEAR-6): absorb 6 -> 2.
    result = resolve_block(attack(3, 10, defence), [SHIELD], defending="shield")
    assert result.rule is Rule.BLOCKING
    assert result.blocked == ("shield",)
    assert result.power_left == 4
    shield = step(result, "shield")
    assert shield.absorbed == 6 and shield.damage_taken == 4
    assert result.items[0].absorb == 2


def test_cover_equal_to_the_success_level_half_blocks() -> None:
    # "If the cover bonus is equal to the attack's success level, then the attack is "half blocked",
    # half the item's absorption is subtracted from the attack power, and the item still takes damage
    # based on the amount of attack power it absorbed." Cover 4 = 4: half of 6 = 3; 10 - 3 = 7;
    # the shield absorbed 3 and takes 3 - 2 = 1.
    result = resolve_block(attack(4, 10), [SHIELD], defending="shield")
    assert result.half_blocked == ("shield",)
    assert result.power_left == 7
    assert step(result, "shield").damage_taken == 1
    assert result.items[0].absorb == 5


def test_half_absorption_rounds_down() -> None:
    # GEAR-7: half of absorb 5 is 2.
    result = resolve_block(attack(2, 10), [HELM], defending="helm")
    assert step(result, "helm").absorbed == 2
    assert result.power_left == 8


def test_cover_below_the_success_level_does_not_block() -> None:
    result = resolve_block(attack(5, 10), [SHIELD], defending="shield")
    assert result.blocked == () and result.half_blocked == ()
    assert result.power_left == 10
    assert result.items == (SHIELD,)


def test_a_successful_defence_stops_the_attack() -> None:
    # GEAR-4: the blocking rules apply only after a failed or half-successful defence.
    result = resolve_block(attack(0, 10, "success"), [SHIELD, MAIL], defending="shield")
    assert result.rule is Rule.DEFENDED
    assert result.power_left == 0
    assert result.items == (SHIELD, MAIL)


def test_nothing_blocks_without_armour_or_a_defending_item() -> None:
    # A sword in hand with a cover bonus is not worn armour and is not defending (GEAR-5).
    result = resolve_block(attack(0, 10), [SWORD])
    assert result.rule is Rule.NONE
    assert result.power_left == 10
    assert step(result, "sword").role is Role.NOT_IN_LINE


def test_the_blocking_rule_is_the_armour_walk_with_one_item() -> None:
    # GEAR-5: with the defending item alone, the Armor rule's walk gives what the Blocking rule says.
    for sl in range(0, 7):
        result = resolve_block(attack(sl, 10), [SHIELD], defending="shield")
        expected = "blocked" if 4 > sl else "half" if 4 == sl else "none"
        got = "blocked" if result.blocked else "half" if result.half_blocked else "none"
        assert got == expected, sl


# -- Armor -------------------------------------------------------------------------------


def test_armour_is_sorted_by_absorb_with_the_defending_item_first() -> None:
    # "Each peice of armor is sorted from the highest absorb bonus to the lowest (unless that peice
    # is being used to actively defend.) Beginning with the item used to actively defend (if any),
    # followed by the sorted list of armor peices"
    line, rest = line_up([LEATHER, MAIL, SWORD, HELM, SHIELD], "shield")
    assert [i.name for i in line] == ["shield", "helm", "chainmail", "leather"]
    assert [i.name for i in rest] == ["sword"]
    line, _ = line_up([LEATHER, MAIL, HELM], "leather")  # a piece of armour actively defending goes first
    assert [i.name for i in line] == ["leather", "helm", "chainmail"]


def test_equal_absorbs_keep_the_list_order() -> None:
    a = Item(name="a", kind=ItemKind.ARMOUR, cover=1, absorb=3)
    b = Item(name="b", kind=ItemKind.ARMOUR, cover=1, absorb=3)
    assert [i.name for i in line_up([b, a], None)[0]] == ["b", "a"]


def test_the_cover_totals_decide_which_piece_blocks() -> None:
    # "compare the success level of the attack to the cover bonus of that item plus the cover bonus
    # of all of the items before it. If the total cover bonus is greater than the attack's success
    # level, then the attack is "blocked" by that item."
    # Line: helm (absorb 5, cover 2), chainmail (4, 5), leather (2, 4). Success level 6:
    # helm 2 < 6; chainmail 2 + 5 = 7 > 6: blocked by chainmail; 12 - 4 = 8 gets through;
    # chainmail takes 4 - toughness 1 = 3 (absorb 4 -> 1). The helm and leather take nothing.
    result = resolve_block(attack(6, 12), [LEATHER, MAIL, HELM])
    assert result.rule is Rule.ARMOUR
    assert result.blocked == ("chainmail",)
    assert result.power_left == 8
    assert [(s.name, s.role) for s in result.steps] == [
        ("helm", Role.PASSED), ("chainmail", Role.BLOCKED), ("leather", Role.NOT_REACHED)
    ]
    assert step(result, "chainmail").cover_total == 7
    assert step(result, "chainmail").damage_taken == 3
    assert [i.absorb for i in result.items] == [2, 1, 5]  # in the order given


def test_an_equal_total_half_blocks_that_piece_and_the_next() -> None:
    # "If the total cover bonus is equal to the attack's success level, then the attack is "half
    # blocked" by that item and "half blocked" by the next item (if there is one.)"
    # Success level 7: helm 2 < 7; chainmail 2 + 5 = 7 = 7: half blocked by chainmail and leather.
    # Chainmail: half of 4 = 2 of power 12 -> 10; leather: half of 2 = 1 of 10 -> 9 (GEAR-7).
    # Damage: chainmail 2 - 1 = 1; leather 1 - 0 = 1.
    result = resolve_block(attack(7, 12), [LEATHER, MAIL, HELM])
    assert result.half_blocked == ("chainmail", "leather")
    assert result.blocked == ()
    assert result.power_left == 9
    assert (step(result, "chainmail").absorbed, step(result, "leather").absorbed) == (2, 1)
    assert (step(result, "chainmail").power_in, step(result, "leather").power_in) == (12, 10)
    assert (step(result, "chainmail").damage_taken, step(result, "leather").damage_taken) == (1, 1)


def test_the_spill_absorbs_only_what_is_left() -> None:
    # GEAR-7: the next item meets what the first left. Power 3: helm half-blocks (cover 2 = 2)
    # taking half of 5 = 2 -> 1 left; chainmail takes half of 4 = 2, but only 1 is left.
    result = resolve_block(attack(2, 3), [MAIL, HELM])
    assert result.half_blocked == ("helm", "chainmail")
    assert (step(result, "helm").absorbed, step(result, "chainmail").absorbed) == (2, 1)
    assert result.power_left == 0


def test_an_equal_total_at_the_last_piece_is_one_half_block() -> None:
    # "(if there is one.)": success level 11 = 2 + 5 + 4 at the leather, the last piece.
    result = resolve_block(attack(11, 12), [LEATHER, MAIL, HELM])
    assert result.half_blocked == ("leather",)
    assert result.power_left == 11


def test_an_attack_past_all_the_cover_is_not_blocked() -> None:
    result = resolve_block(attack(12, 12), [LEATHER, MAIL, HELM])
    assert result.blocked == result.half_blocked == ()
    assert result.power_left == 12
    assert {s.role for s in result.steps} == {Role.PASSED}


def test_the_defending_item_starts_the_totals() -> None:
    # Shield first (cover 4), then helm (2): success level 5 -> 4 < 5, 4 + 2 = 6 > 5: the helm blocks.
    result = resolve_block(attack(5, 12), [LEATHER, MAIL, HELM, SHIELD], defending="Shield")
    assert result.defending == "shield"
    assert result.blocked == ("helm",)


def test_absorption_never_takes_more_than_the_power() -> None:
    result = resolve_block(attack(0, 3), [SHIELD], defending="shield")
    assert step(result, "shield").absorbed == 3
    assert result.power_left == 0
    assert step(result, "shield").damage_taken == 1  # 3 absorbed - toughness 2


def test_toughness_above_the_power_absorbed_means_no_damage() -> None:
    # "If the item's toughness is greater than the attack power, then the weapon is not damaged at all"
    # with the power it absorbed (GEAR-6): the helm absorbs 5, toughness 3... and a tougher one:
    tough = Item(name="plate", kind=ItemKind.ARMOUR, cover=9, absorb=6, toughness=7)
    result = resolve_block(attack(0, 20), [tough])
    assert step(result, "plate").absorbed == 6
    assert step(result, "plate").damage_taken == 0
    assert result.items == (tough,)


# -- Hitting Too Hard ------------------------------------------------------------------------

AXE = Item(name="axe", kind=ItemKind.MELEE, reach=2, parry=3, toughness=6, absorb=3)


def test_hitting_too_hard_damages_the_weapon_instead_of_the_target() -> None:
    # "If the attack power of an attack with a weapon is greater than the attacking item's toughness,
    # and if the target's absorbtion is equal to or greater than the weapon's toughness, then the
    # weapon is damaged instead of the target." Power 14 > axe toughness 6; the shield's absorption
    # 6 >= 6. The axe takes 14 - 6 = 8 > its absorption 3: it breaks, reach 2 -> 1, parry 3 -> 1.
    # The shield takes nothing, and still subtracts its 6: 8 gets through (GEAR-10).
    result = resolve_block(attack(0, 14, weapon=AXE), [SHIELD], defending="shield")
    assert result.hit_too_hard
    assert step(result, "shield").spared and step(result, "shield").damage_taken == 0
    assert result.items == (SHIELD,)
    assert result.power_left == 8
    assert result.weapon_damage is not None and result.weapon_damage.damage == 8
    assert result.weapon_broke
    assert result.weapon is not None and (result.weapon.reach, result.weapon.parry, result.weapon.absorb) == (1, 1, 0)


def test_no_hitting_too_hard_when_the_power_is_not_above_the_weapons_toughness() -> None:
    result = resolve_block(attack(0, 6, weapon=AXE), [SHIELD], defending="shield")
    assert not result.hit_too_hard
    assert result.weapon == AXE
    assert step(result, "shield").damage_taken == 6 - 2


def test_no_hitting_too_hard_when_the_target_absorbs_less_than_the_weapons_toughness() -> None:
    # Chainmail absorption 4 < axe toughness 6: the chainmail takes the damage as usual.
    result = resolve_block(attack(0, 14, weapon=AXE), [MAIL])
    assert not result.hit_too_hard
    assert step(result, "chainmail").damage_taken == 4 - 1


def test_the_weapon_is_damaged_once_for_two_half_blocks() -> None:
    # GEAR-10: both half-blocking items qualify (absorb 6 and 6 >= toughness 6): one blow, one damage.
    other = Item(name="buckler", kind=ItemKind.ARMOUR, cover=3, absorb=6, toughness=1)
    result = resolve_block(attack(4, 14, weapon=AXE), [other, SHIELD], defending="shield")
    assert result.half_blocked == ("shield", "buckler")
    assert all(step(result, n).spared for n in ("shield", "buckler"))
    assert result.weapon_damage is not None and result.weapon_damage.damage == 8


def test_hitting_too_hard_needs_a_blocking_item() -> None:
    result = resolve_block(attack(20, 14, weapon=AXE), [SHIELD], defending="shield")
    assert not result.hit_too_hard and result.weapon == AXE


# -- State from one attack to the next --------------------------------------------------------


def test_item_state_carries_from_one_attack_to_the_next() -> None:
    # First blow: chainmail blocks power 12, absorbs 4, takes 3 -> absorb 1. Second blow with the
    # new states: the pieces sort by the absorb they have now -- helm 5, leather 2, chainmail 1 --
    # so success level 6 meets helm 2 < 6, then leather 2 + 4 = 6: half blocked by leather and
    # chainmail; leather subtracts half of 2 = 1, chainmail half of 1 = 0: 11 gets through.
    first = resolve_block(attack(6, 12), [LEATHER, MAIL, HELM])
    assert [i.absorb for i in first.items] == [2, 1, 5]
    second = resolve_block(attack(6, 12), first.items)
    assert second.half_blocked == ("leather", "chainmail")
    assert (step(second, "leather").absorbed, step(second, "chainmail").absorbed) == (1, 0)
    assert second.power_left == 11
    # The broken axe stays broken and is not halved again.
    broke = resolve_block(attack(0, 14, weapon=AXE), [SHIELD], defending="shield")
    assert broke.weapon is not None
    again = resolve_block(attack(0, 14, weapon=broke.weapon), broke.items, defending="shield")
    assert again.weapon == broke.weapon and not again.weapon_broke


def test_items_that_cannot_be_told_apart_are_refused() -> None:
    with pytest.raises(IllegalActionError, match="two are named 'Leather'"):
        resolve_block(attack(0, 1), [LEATHER, Item(name="Leather", kind=ItemKind.ARMOUR)])
    with pytest.raises(IllegalActionError, match="defending item 'cloak': no item has that name"):
        resolve_block(attack(0, 1), [LEATHER], defending="cloak")


def test_every_result_keeps_its_working_citing_rulings() -> None:
    result = resolve_block(attack(7, 12, weapon=AXE), [LEATHER, MAIL, HELM])
    text = "\n".join(step.text for step in result.working)
    for ruling in ("GEAR-4", "GEAR-5", "GEAR-6", "GEAR-7"):
        assert ruling in text
        assert any(ruling in step.rulings for step in result.working), ruling
    assert result.working[-1].text == "power getting through: 9 of 12"


# -- Properties ---------------------------------------------------------------------------------

armour_piece = st.builds(
    Item, name=st.just("x"), kind=st.just(ItemKind.ARMOUR), cover=st.integers(0, 8),
    absorb=st.none() | st.integers(0, 12), toughness=st.none() | st.integers(0, 8),
)


@st.composite
def armour_lists(draw: st.DrawFn) -> list[Item]:
    pieces = draw(st.lists(armour_piece, max_size=6))
    return [Item(**{**{f: getattr(p, f) for f in p.__struct_fields__}, "name": f"p{n}"}) for n, p in enumerate(pieces)]


@given(armour_lists(), st.integers(0, 30), st.integers(0, 30), st.sampled_from(["failed", "half"]))
def test_block_properties(items: list[Item], sl: int, power: int, defence: str) -> None:
    result = resolve_block(attack(sl, power, defence), items)
    absorbed = sum(s.absorbed for s in result.steps)
    assert result.power_left == power - absorbed >= 0
    # One item blocks, or two half block (one at the end of the line), or none.
    assert (len(result.blocked), len(result.half_blocked)) in {(0, 0), (1, 0), (0, 1), (0, 2)}
    for s in result.steps:
        assert s.damage_taken <= s.absorbed  # damage = absorbed - toughness (GEAR-6)
        assert not s.broke  # so absorbing alone never breaks an item with toughness 0 or more
    assert [i.name for i in result.items] == [i.name for i in items]


@given(armour_lists(), st.integers(0, 30), st.integers(0, 30))
def test_the_result_does_not_depend_on_the_list_order_when_absorbs_differ(items: list[Item], sl: int, power: int) -> None:
    absorbs = [i.absorb or 0 for i in items]
    if len(set(absorbs)) != len(absorbs):
        return
    forward = resolve_block(attack(sl, power), items)
    backward = resolve_block(attack(sl, power), list(reversed(items)))
    assert forward.power_left == backward.power_left
    assert forward.blocked == backward.blocked and forward.half_blocked == backward.half_blocked


# -- what the seed leaves open -------------------------------------------------------

GLASS = Item(name="glass", kind=ItemKind.ARMOUR, cover=5, absorb=0, toughness=-2)
FIST = Item(name="fist", kind=ItemKind.MELEE, sharpness=-5, reach=0, parry=2)


def test_an_item_that_absorbs_nothing_takes_no_damage_whatever_its_toughness() -> None:
    """"the item takes damage based on the amount of attack power it absorbed" and "When a weapon
    or armor is damaged (by a successful attack, absorbing damage or hitting too hard)": glass of
    toughness -2 and absorb 0 blocks (cover 5 > 0) but absorbs nothing, so absorbing did not
    damage it -- not 0 - (-2) = 2, which would break it (GEAR-12)."""
    result = resolve_block(attack(0, 10), [GLASS])
    assert result.blocked == ("glass",)
    assert step(result, "glass").absorbed == 0
    assert step(result, "glass").damage_taken == 0 and result.broken == ()
    assert result.items == (GLASS,)
    assert any("GEAR-12" in s.rulings and "absorbed nothing" in s.text for s in result.working)


def test_a_fragile_item_absorbing_something_takes_more_than_it_absorbed() -> None:
    # Toughness -2, absorb 3: absorbs 3 of power 10, takes 3 - (-2) = 5 > 3: breaks (GEAR-12, GEAR-6).
    brittle = Item(name="brittle", kind=ItemKind.ARMOUR, cover=5, absorb=3, toughness=-2)
    result = resolve_block(attack(0, 10), [brittle])
    assert step(result, "brittle").damage_taken == 5 and result.broken == ("brittle",)


def test_a_fist_with_no_toughness_listed_hits_chainmail_too_hard() -> None:
    """"If the attack power of an attack with a weapon is greater than the attacking item's
    toughness, and if the target's absorbtion is equal to or greater than the weapon's toughness,
    then the weapon is damaged instead of the target." A fist lists no toughness (0, GEAR-9):
    power 6 > 0 and the chainmail's absorption 4 >= 0, so the fist takes 6 - 0 = 6, more than its
    absorption (none: 0), and breaks -- reach 0 and lasting damage -5 stay, parry 2 -> 1 -- while
    the chainmail still subtracts its 4 and takes nothing (GEAR-13)."""
    result = resolve_block(attack(0, 6, weapon=FIST), [MAIL])
    assert result.hit_too_hard and step(result, "chainmail").spared
    assert result.items == (MAIL,) and result.power_left == 2
    assert result.weapon_damage is not None and result.weapon_damage.damage == 6
    assert result.weapon_broke and result.weapon_damage.halved == (("parry", 2, 1),)
    assert any("GEAR-13" in s.rulings for s in result.working if s.field == "hit_too_hard")


def test_a_sheet_line_and_a_block_from_the_modules_that_define_them():
    sword = Item(name="sword", kind=ItemKind.MELEE, reach=3, toughness=8, cover=2, absorb=4)
    assert sheet_line(Character(reach=2), sword).rch == 5
    assert resolve_block(Attack(success_level=1, power=6), [sword], "sword").power_left == 2
