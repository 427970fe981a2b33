"""The golden adventurer record of format 2 (tests/golden/adventurer-format-2.json), made from the
format 1 one (0.1.0's own bytes, tests/golden/adventurer-format-1.json) by the changes a game
master makes by hand. ``python -m tests.unit.runequest.campaign.campaign_golden`` prints it
(rewrite the file only on purpose)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from pyengine.runequest.campaign.changes import damage_weapon, set_ammunition, spend, take_damage
from pyengine.runequest.campaign.current import Written
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, load_adventurer

GOLDEN = Path(__file__).resolve().parents[3] / "golden"


def format_2(tables) -> Adventurer:
    a = load_adventurer((GOLDEN / "adventurer-format-1.json").read_bytes())
    a = msgspec.structs.replace(a, weapons=(*a.weapons, WeaponSkill(weapon="sling", attack=10)))
    a = take_damage(a, tables, location="chest", points=3, cause="Broo attacks Rurik with the war hammer",
                    fight="Broo ambush", round=2).adventurer
    a = take_damage(a, tables, location="right_leg", points=2, cause="Broo archer shoots at Rurik with the self bow",
                    fight="Broo ambush", round=4, stuck="arrow", stuck_owner="Broo archer").adventurer
    a = set_ammunition(a, tables, weapon="sling", count=12).adventurer
    a = damage_weapon(a, tables, weapon="broadsword", points=5).adventurer
    a = damage_weapon(a, tables, weapon="dagger@left", broken=True).adventurer
    a = spend(a, lunars=20, what="a healing potion").adventurer
    return msgspec.structs.replace(a, current=msgspec.structs.replace(
        a.current, fights=(Written(fight="fight-0001", round=5, experience=True),)))


if __name__ == "__main__":  # pragma: no cover
    from pyengine.runequest.sheet.adventurer import dump_adventurer
    from tests.unit.runequest.rq_fixtures import real

    print(dump_adventurer(format_2(real())).decode())
