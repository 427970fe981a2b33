"""Worked examples the browser tests share: an adventurer's scores, a fight's combatants, an
exchange with its rolls, a saved adventurer's record."""

from __future__ import annotations

from pyengine.cli.tables import load_tables
from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry

# The seed's example: CON 12, SIZ 17, POW 18 -> 15 hit points; 14-15 HP -> chest 6, arms 4.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


#: (name, side, weapon 1, weapon 2): the form's other fields keep their defaults
#: (STR, CON, SIZ, DEX 12, 12 hit points, armour 2, attack 50%, parry 40%).
THREE = (("Aldo", "A", "broadsword", "medium_shield"), ("Bera", "B", "short_spear_1h", ""), ("Cora", "B", "dagger", ""))


#: A short spear at 55% with +1D4 against a 12-HP defender in 2 points of armour, 5% Defense,
#: parrying with a medium shield at 40%: the attack impales (10), the parry fails (71),
#: the spear's die shows 4, the bonus 3, the D20 12 (chest).
ROLLS = [10, 71, 4, 3, 12]


def engine_exchange():
    tables = load_tables()
    attack = quick_attack(tables, "short_spear_1h", "55", "+1D4")
    defence = quick_defence(tables, "12", "2", "5", quick_parry(tables, "medium_shield", "40"))
    return attack, defence


def rurik_record() -> str:
    from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
    from pyengine.runequest.sheet.characteristics import Characteristics

    hero = Adventurer(
        name="Rurik",
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True), Gear(ref="open_helm", worn=True)),
    )
    return dump_adventurer(hero).decode()
