"""The one-exchange result speaks of a saved adventurer with her own pronouns (issue 34, RQ-145); a quick
stat block is "they"."""

from __future__ import annotations

import pytest

from pyengine.cli import tables as source
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.pages import combat
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.exchange_mode import Exchange


@pytest.fixture(scope="module")
def world():
    return load_tables(), hit_locations(), combat.prerender(source)


def vasana(pronouns: Pronouns) -> str:
    hero = Adventurer(
        name="Vasana", pronouns=pronouns, defense=10,
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20),),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )
    return dump_adventurer(hero).decode()


def defended_by(world, pronouns: Pronouns) -> str:
    ex = Exchange(world, store=MemoryStore({CHARACTER_PREFIX + "vasana": vasana(pronouns)}))
    ex.dom.choose("att-weapon", "short_spear_1h")
    ex.dom.fill("att-chance", "55")
    ex.dom.choose("def-char", "vasana")
    ex.do("on_def_char")
    ex.dom.fill("def-defense", "")
    ex.type_rolls([30, 5, 2, 12])
    return ex.dom.text("cx-result")


def test_the_exchange_says_her_defense_of_a_saved_woman_and_them_of_a_record_that_chose_nothing(world):
    assert "Vasana's Defense 10% allotted to her" in defended_by(world, Pronouns.SHE)
    assert "Vasana's Defense 10% allotted to them" in defended_by(world, Pronouns.THEY)
