"""Sheet lines from the equipment list: each column's formula as the seed words it (seed 000).

Expectations are worked by hand from the seed's sentences, quoted above each test.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.gear.items import COLUMNS, Character, Item, ItemKind
from pyengine.gear.sheet import sheet_line

HERO = Character(reach=2, size=10, encumbrance=14, hand_to_hand=5, marksmanship=3, skill=0)
SWORD = Item(name="sword", kind=ItemKind.MELEE, reach=3, power=13, heft=12, sharpness=1, parry=2, toughness=10)


def test_reach_is_character_reach_plus_weapon_reach() -> None:
    # "Reach (Rch) - character reach + weapon reach": 2 + 3.
    assert sheet_line(HERO, SWORD).rch == 5


@pytest.mark.parametrize(("size", "power", "expected"), [(10, 13, 13), (15, 13, 15), (13, 13, 13), (-2, -5, -2)])
def test_power_is_the_greater_of_size_and_weapon_power(size: int, power: int, expected: int) -> None:
    # "Power (Pwr) - character size or weapon power, whichever is greater"
    character = Character(size=size)
    item = Item(name="club", kind=ItemKind.MELEE, power=power)
    assert sheet_line(character, item).pwr == expected


@pytest.mark.parametrize(("encumbrance", "heft", "expected"), [(14, 12, 12), (10, 12, 10), (12, 12, 12)])
def test_heft_is_the_lower_of_encumbrance_and_weapon_heft(encumbrance: int, heft: int, expected: int) -> None:
    # "Heft (Hft) - character encumbrance or weapon heft, whichever is lower"
    item = Item(name="maul", kind=ItemKind.MELEE, heft=heft)
    assert sheet_line(Character(encumbrance=encumbrance), item).hft == expected


def test_sharpness_is_the_weapons_own() -> None:
    # "Sharpness is a bonus to lasting damage. Blunt weapons ... have a sharpness of -5."
    club = Item(name="club", kind=ItemKind.MELEE, sharpness=-5)
    assert sheet_line(HERO, club).shp == -5
    assert sheet_line(HERO, SWORD).shp == 1


def test_combat_bonus_is_hand_to_hand_plus_skill_plus_encumbrance_read_as_hft() -> None:
    # "Combat Bonus (Cmb) - character Hand to Hand bonus + skill bonus (if one applies to this
    # weapon) + encumbrance" -- GEAR-1: the encumbrance term is Hft, the lower of the character's
    # encumbrance 14 and the sword's heft 12: 5 + 2 + 12 = 19 (not 5 + 2 + 14).
    line = sheet_line(HERO, SWORD, skill=2)
    assert line.cmb == 5 + 2 + 12
    assert any("GEAR-1" in step.text and step.rulings == ("GEAR-1",) for step in line.working if step.field == "cmb")


def test_combat_bonus_applies_only_to_hand_to_hand_weapons() -> None:
    # "it only applies if the weapon is used as a hand to hand weapon. Use the Attack (Atk) bonus
    # instead this bonus for attacking with missile weapons"
    sling = Item(name="sling", kind=ItemKind.MISSILE, heft=5)
    vest = Item(name="vest", kind=ItemKind.ARMOUR, cover=3, absorb=2)
    assert sheet_line(HERO, sling).cmb is None
    assert sheet_line(HERO, vest).cmb is None


def test_attack_for_a_missile_weapon_uses_marksmanship() -> None:
    # "Attack (Atk) - character ability (such as hand to hand or marksmanship, plus a skill if one
    # applies) + weapon attack + (character encumbrance or weapon heft, whichever is lower)"
    # "You need an attack bonus on the character sheet for missile weapons": marksmanship 3 (GEAR-3)
    # + skill 1 + attack 2 + the lower of 14 and 5.
    sling = Item(name="sling", kind=ItemKind.MISSILE, attack=2, heft=5)
    assert sheet_line(HERO, sling, skill=1).atk == 3 + 1 + 2 + 5


def test_a_missile_weapon_without_an_attack_bonus_still_has_an_attack_line() -> None:
    # Missile weapons need an attack bonus whatever the list says; no weapon attack is 0 (GEAR-2).
    bow = Item(name="bow", kind=ItemKind.MISSILE, heft=8)
    assert sheet_line(HERO, bow).atk == 3 + 0 + 0 + 8


def test_attack_for_a_melee_weapon_with_an_attack_bonus_uses_hand_to_hand() -> None:
    # "... weapons that have an attack bonus": hand to hand 5 (GEAR-3) + attack 1 + Hft 12.
    spear = Item(name="spear", kind=ItemKind.MELEE, attack=1, heft=12)
    assert sheet_line(HERO, spear).atk == 5 + 1 + 12
    assert sheet_line(HERO, SWORD).atk is None  # no attack bonus, not a missile weapon


def test_grapple_is_ability_plus_skill_plus_weapon_grapple_plus_hft() -> None:
    # "Grapple (Grp) - character ability ... + weapon grapple + (character encumbrance or weapon
    # heft, whichever is lower) ... for weapons that have a grapple bonus"
    whip = Item(name="whip", kind=ItemKind.MELEE, grapple=3, heft=4)
    assert sheet_line(HERO, whip, skill=2).grp == 5 + 2 + 3 + 4
    assert sheet_line(HERO, SWORD).grp is None
    bola = Item(name="bola", kind=ItemKind.MISSILE, grapple=2, heft=3)
    assert sheet_line(HERO, bola).grp == 3 + 0 + 2 + 3  # a missile weapon's ability is marksmanship (GEAR-3)


def test_parry_is_hand_to_hand_plus_skill_plus_weapon_parry_plus_hft() -> None:
    # "Parry (Par) - character hand to hand ability (plus a skill if one applies) + weapon parry +
    # (character encumbrance or weapon heft, whichever is lower.)": 5 + 2 + 2 + 12.
    assert sheet_line(HERO, SWORD, skill=2).par == 21
    assert sheet_line(HERO, Item(name="rock", kind=ItemKind.MISSILE)).par is None


def test_the_hft_term_without_a_listed_heft_is_the_characters_encumbrance() -> None:
    # GEAR-2: nothing lower to compare with, so the character's encumbrance stands.
    buckler = Item(name="buckler", kind=ItemKind.MELEE, parry=3)
    line = sheet_line(HERO, buckler)
    assert line.hft is None
    assert line.par == 5 + 0 + 3 + 14
    assert line.cmb == 5 + 0 + 14


def test_toughness_cover_and_absorb_are_the_items_own() -> None:
    mail = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=8)
    line = sheet_line(HERO, mail)
    assert (line.tgh, line.cvr, line.abs) == (8, 5, 4)
    assert (line.rch, line.pwr, line.hft, line.shp, line.atk, line.grp, line.par) == (None,) * 7


def test_special_columns_are_carried_as_listed() -> None:
    # "Some weapons and armor will have bonuses not already listed on the character sheet. Label
    # and use the blank columns for these bonuses."
    mace = Item(name="mace", kind=ItemKind.MELEE, special={"Stun": 3, "Knockback": 1})
    assert sheet_line(HERO, mace).special == {"Stun": 3, "Knockback": 1}


def test_the_character_skill_is_used_unless_the_item_gives_its_own() -> None:
    skilled = Character(hand_to_hand=5, encumbrance=14, skill=4)
    assert sheet_line(skilled, SWORD).par == 5 + 4 + 2 + 12
    assert sheet_line(skilled, SWORD, skill=0).par == 5 + 0 + 2 + 12


def test_differences_from_the_list_are_named() -> None:
    # "the bonuses listed for a weapon on the character sheet may not be the same as the bonuses
    # listed for the same weapon on an equipment list": reach 3 -> 5, parry 2 -> 21; power 13 and
    # heft 12 are the same on both.
    line = sheet_line(HERO, SWORD)
    assert line.differs == ("rch", "par")


def test_every_column_has_a_working_step() -> None:
    line = sheet_line(HERO, SWORD, skill=2)
    for column in COLUMNS:
        assert any(step.text.startswith(column.abbr) and step.field == column.key for step in line.working), column.abbr


bonus = st.integers(-999, 999)
maybe = st.none() | bonus


@given(
    st.builds(Character, reach=bonus, size=bonus, encumbrance=bonus, hand_to_hand=bonus, marksmanship=bonus, skill=bonus),
    st.builds(
        Item, name=st.just("thing"), kind=st.sampled_from(ItemKind), reach=maybe, power=maybe, heft=maybe,
        sharpness=maybe, attack=maybe, grapple=maybe, parry=maybe, toughness=maybe,
    ),
)
def test_properties_of_every_line(character: Character, item: Item) -> None:
    line = sheet_line(character, item)
    # A column is blank exactly when the item lists no such bonus (Cmb and Atk by kind, GEAR-2).
    for column in COLUMNS:
        if column.field in ("reach", "power", "heft", "sharpness", "grapple", "parry", "toughness", "cover", "absorb"):
            assert (line.value(column.key) is None) == (getattr(item, column.field) is None)
    assert (line.cmb is None) == (item.kind is not ItemKind.MELEE)
    assert (line.atk is None) == (item.attack is None and item.kind is not ItemKind.MISSILE)
    if item.power is not None:
        assert line.pwr is not None and line.pwr >= max(item.power, character.size)
    if item.heft is not None:
        assert line.hft is not None and line.hft <= min(item.heft, character.encumbrance)
    # Atk, Grp and Par are Cmb plus the weapon's own bonus, for a hand to hand weapon (GEAR-1).
    if line.cmb is not None:
        for key, own in (("atk", item.attack), ("par", item.parry), ("grp", item.grapple)):
            if line.value(key) is not None:
                assert line.value(key) == line.cmb + (own or 0)
