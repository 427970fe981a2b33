"""Reading the gear page's typed fields: every problem at once, each naming its field and value."""

from __future__ import annotations

from pyengine.gear.blocking import Defence
from pyengine.gear.inputs import (
    block_texts,
    character_texts,
    entry_texts,
    read_block,
    read_character,
    read_entries,
    read_entry,
)
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.state import BlockInputs, Entry


def test_a_typed_item_is_read() -> None:
    entry, errors = read_entry(
        {"name": " chainmail ", "kind": "armour", "cover": "5", "absorb": "+4", "toughness": "-1",
         "special": "Stun 2", "skill": "", "broken": "1"},
        1,
    )
    assert errors == {}
    assert entry == Entry(
        item=Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=-1, special={"Stun": 2}, broken=True),
        skill=0,
    )


def test_every_bad_field_is_reported_naming_the_field_and_the_value() -> None:
    _, errors = read_entry(
        {"name": "mail", "kind": "armour", "cover": "-1", "absorb": "4x", "reach": "1.5", "skill": "two", "special": "Stun"},
        2,
    )
    assert set(errors) == {"cover", "absorb", "reach", "skill", "special"}
    assert errors["cover"] == "Cvr of 'mail': '-1' is out of range (0 to 999)"
    assert "Abs of 'mail'" in errors["absorb"] and "'4x'" in errors["absorb"]
    assert "Rch of 'mail'" in errors["reach"] and "'1.5'" in errors["reach"]
    assert "Skill of 'mail'" in errors["skill"] and "'two'" in errors["skill"]
    assert "Special bonuses of 'mail'" in errors["special"]


def test_an_item_without_a_name_is_named_by_its_number() -> None:
    _, errors = read_entry({"name": "  ", "kind": "knife", "reach": "x"}, 3)
    assert errors["name"] == "Name of item 3: empty; give the item a name"
    assert errors["kind"] == "Kind of item 3: 'knife' is not one of melee, missile, armour"
    assert errors["reach"].startswith("Rch of item 3:")


def test_two_items_with_one_name_are_an_error_on_the_later_one() -> None:
    entries, errors = read_entries(
        [("a", {"name": "mail", "kind": "armour"}), ("b", {"name": "sword", "kind": "melee"}), ("c", {"name": "Mail", "kind": "armour"})]
    )
    assert entries is None
    assert errors == {("c", "name"): "Name of item 3: 'Mail' is the name of item 1 too; give each item its own name"}


def test_the_character_blank_is_zero() -> None:
    assert read_character({"reach": "2", "size": ""}) == (Character(reach=2), {})
    character, errors = read_character({"size": "big", "encumbrance": "1000"})
    assert character is None
    assert "Size:" in errors["size"] and "'big'" in errors["size"]
    assert errors["encumbrance"] == "Encumbrance: '1000' is out of range (-999 to 999)"


def test_the_block_form() -> None:
    block, errors = read_block(
        {"success_level": "4", "power": "14", "defence": "half", "defending": "SHIELD", "weapon_name": "axe",
         "weapon_toughness": "6", "weapon_absorb": "3"},
        ["sword", "shield"],
    )
    assert errors == {}
    assert block == BlockInputs(
        success_level=4, power=14, defence=Defence.HALF, defending="shield",
        weapon=Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3),
    )


def test_the_block_form_reports_every_problem() -> None:
    block, errors = read_block(
        {"success_level": "", "power": "-3", "defence": "", "defending": "cloak", "weapon_absorb": "x"}, ["sword"]
    )
    assert block is None
    assert errors["success_level"] == "Success level: empty; type the attack's success level (0 or more)"
    assert errors["power"] == "Attack power: '-3' is out of range (0 to 999)"
    assert "Defence" in errors["defence"]
    assert errors["defending"] == "Actively defending: no item in the list is named 'cloak'"
    assert "Attacking weapon's absorb" in errors["weapon_absorb"]


def test_no_weapon_when_its_fields_are_blank() -> None:
    block, _ = read_block({"success_level": "1", "power": "2", "defence": "failed"}, [])
    assert block is not None and block.weapon is None and block.defending is None


def test_texts_read_back_to_the_same_values() -> None:
    entry = Entry(
        item=Item(name="mace", kind=ItemKind.MELEE, reach=1, sharpness=-5, special={"Stun": 3}, broken=True), skill=2
    )
    assert read_entry(entry_texts(entry), 1) == (entry, {})
    character = Character(reach=1, size=-2, encumbrance=14, hand_to_hand=5, marksmanship=3)
    assert read_character(character_texts(character)) == (character, {})
    block = BlockInputs(success_level=3, power=9, defence=Defence.SUCCESS, defending="mace",
                        weapon=Item(name="axe", kind=ItemKind.MELEE, toughness=4, broken=True))
    assert read_block(block_texts(block), ["mace"]) == (block, {})
