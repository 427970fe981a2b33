"""The player's own changes to the record (pyengine.runequest.sheet.edits): a weapon added
once per hand, weapons and gear removed, armour worn; a bad one names its field as data."""

from __future__ import annotations

import pytest

from pyengine.errors import IllegalActionError
from pyengine.runequest.sheet.adventurer import Gear, WeaponSkill
from pyengine.runequest.sheet.edits import add_weapon, remove_gear, remove_weapon, wear
from pyengine.runequest.vocabulary import Hand
from tests.unit.runequest.rq_fixtures import adventurer


def test_a_weapon_is_added_once_per_hand():
    adv = add_weapon(adventurer(), "broadsword")
    assert adv.weapons == (WeaponSkill(weapon="broadsword"),)
    both = add_weapon(adv, "broadsword", "left")
    assert both.weapons[1] == WeaponSkill(weapon="broadsword", hand=Hand.LEFT)
    with pytest.raises(IllegalActionError) as refused:
        add_weapon(both, "broadsword", Hand.RIGHT)
    assert str(refused.value) == "weapon: 'broadsword' in the right hand is already on the sheet"
    assert refused.value.field == "weapon"


def test_a_hand_that_is_not_one_is_refused():
    with pytest.raises(IllegalActionError, match="hand: 'third' is not a hand") as refused:
        add_weapon(adventurer(), "dagger", "third")
    assert refused.value.field == "hand"


def test_weapons_and_gear_are_removed_and_armour_worn_by_index():
    adv = adventurer(weapons=(WeaponSkill(weapon="dagger", attack=10), WeaponSkill(weapon="broadsword")),
                     gear=(Gear(ref="open_helm"), Gear(name="rope")))
    assert remove_weapon(adv, 0).weapons == (WeaponSkill(weapon="broadsword"),)
    assert remove_gear(adv, 1).gear == (Gear(ref="open_helm"),)
    assert wear(adv, 0, True).gear[0].worn and not wear(wear(adv, 0, True), 0, False).gear[0].worn
    assert adv.gear[0].worn is False  # the record itself never changes


@pytest.mark.parametrize(("edit", "index", "field"), [
    (remove_weapon, 2, "weapons[2]"), (remove_weapon, -1, "weapons[-1]"), (remove_gear, 5, "gear[5]"),
    (remove_gear, True, "gear[True]"),
])
def test_no_such_entry_names_it(edit, index, field):
    with pytest.raises(IllegalActionError, match="there is no entry") as refused:
        edit(adventurer(weapons=(WeaponSkill(weapon="dagger"),)), index)
    assert refused.value.field == field
    with pytest.raises(IllegalActionError, match="gear: there is no entry 0"):
        wear(adventurer(), 0, True)
