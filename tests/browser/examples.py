"""Worked examples the browser tests share: an adventurer's scores, a saved adventurer's
record, the golden three against three after its first rounds (what the CPython tests share too is in tests/worked_examples.py)."""

from __future__ import annotations

from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

# The seed's example: CON 12, SIZ 17, POW 18 -> 15 hit points; 14-15 HP -> chest 6, arms 4.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


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


def golden_3v3(rounds: int) -> str:
    """The golden 3-against-3 fight (tests/golden/fight-3v3.link) after its first ``rounds`` rounds, as a link."""
    from pyengine.runequest.melee import log as fight_log

    log = fight_log.read_any((GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip())
    return fight_log.to_link(fight_log.FightLog(fight=log.fight, rounds=log.rounds[:rounds], rules=log.rules,
                                                melee_rules=log.melee_rules))
