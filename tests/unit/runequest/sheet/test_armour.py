"""Armour by location: layers add; the noisiest piece alone sets the Move Silently penalty."""

from __future__ import annotations

from pyengine.runequest.sheet.adventurer import Gear
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import Location
from tests.unit.runequest.rq_fixtures import adventurer


def test_a_hauberk_and_trews_overlap_and_add(tables: RuneQuestTables) -> None:
    # "one could wear both a chainmail hauberk and chainmail trews (trousers) together, of course
    # accumulating both their protection and their encumbrance". Hauberk 5 (chest, abdomen) and trews 5
    # (abdomen, legs): abdomen 10; ENC 2 + 3 = 5.
    gear = (Gear(ref="hauberk_chainmail", worn=True), Gear(ref="trews_chainmail", worn=True))
    sheet = derive(adventurer(gear=gear), tables)
    armour = sheet.armour
    assert armour.absorbs(Location.ABDOMEN) == 10
    assert armour.absorbs("chest") == 5
    assert armour.absorbs("right_leg") == armour.absorbs("left_leg") == 5
    assert armour.absorbs("head") == armour.absorbs("left_arm") == 0
    assert sheet.enc == "5"
    assert "RQ-21" in sheet.steps_for("armour.abdomen")[0].rulings


def test_leather_under_metal_adds(tables: RuneQuestTables) -> None:
    # "Can be worn under any other armor": thick leather hauberk 2 under a plate cuirass 6: chest 8.
    gear = (Gear(ref="hauberk_thick_leather", worn=True), Gear(ref="cuirass_plate", worn=True))
    armour = derive(adventurer(gear=gear), tables).armour
    assert armour.absorbs("chest") == 8
    assert armour.absorbs("abdomen") == 2


def test_only_the_noisiest_piece_counts_for_move_silently(tables: RuneQuestTables) -> None:
    # "When several different types of armor are worn together, take only the noisiest one as the
    # subtractor — do not add all the different types together." Chainmail hauberk -20, plate greaves -15,
    # chainmail sleeves -15: -20, not -50.
    gear = (
        Gear(ref="hauberk_chainmail", worn=True),
        Gear(ref="greaves_plate", worn=True),
        Gear(ref="sleeves_chainmail", worn=True),
    )
    armour = derive(adventurer(gear=gear), tables).armour
    assert (armour.silent, armour.noisiest) == (-20, "hauberk_chainmail")


def test_a_set_covers_both_limbs_at_its_one_price_and_enc(tables: RuneQuestTables) -> None:
    # "Cost — for leg and arm armor, this is for the whole set, not just one piece — as are the ENC costs."
    sheet = derive(adventurer(gear=(Gear(ref="vambraces_plate", worn=True),)), tables)
    assert sheet.armour.absorbs("right_arm") == sheet.armour.absorbs("left_arm") == 6
    assert sheet.enc == "2"
    assert [g.cost for g in sheet.gear] == [100]


def test_armour_carried_but_not_worn_protects_nothing(tables: RuneQuestTables) -> None:
    sheet = derive(adventurer(gear=(Gear(ref="full_helm"),)), tables)
    assert sheet.armour.absorbs("head") == 0
    assert sheet.enc == "2"


def test_wearing_what_is_not_armour_or_two_at_once_is_a_problem(tables: RuneQuestTables) -> None:
    gear = (Gear(ref="broadsword", worn=True), Gear(ref="open_helm", count=2, worn=True))
    found = [(p.field, p.message) for p in derive(adventurer(gear=gear), tables).problems]
    assert ("gear[0]", "broadsword: only armour and helmets are worn") in found
    assert ("gear[1]", "open helm: a worn line holds one piece; list the others on their own line") in found
