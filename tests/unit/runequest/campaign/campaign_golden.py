"""The golden adventurer records of format 2 (tests/golden/adventurer-format-2.json), made from the
format 1 one (0.1.0's own bytes, tests/golden/adventurer-format-1.json) by the changes a game
master makes by hand, and of format 3 (tests/golden/adventurer-format-3.json): the same after a
second fight of the scenario written back, his experience marks kept.
``python -m tests.unit.runequest.campaign.campaign_golden [3]`` prints one (rewrite the files only
on purpose; format 2's file keeps its ``"format":2``, as 0.3.0 wrote it)."""

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


def format_3(tables) -> Adventurer:
    a = format_2(tables)
    fights = (*a.current.fights, Written(fight="fight-0002", round=3))
    return msgspec.structs.replace(a, current=msgspec.structs.replace(
        a.current, fights=fights, marks=("broadsword attack", "dagger@left parry", "defense")))


if __name__ == "__main__":  # pragma: no cover
    import sys

    from pyengine.runequest.sheet.adventurer import dump_adventurer
    from tests.unit.runequest.rq_fixtures import real

    print(dump_adventurer((format_3 if sys.argv[1:] == ["3"] else format_2)(real())).decode())
