"""A fight of twelve combatants, six against six, over 30 rounds (fights keep opening as they grow):
tests/golden/fight-12x30.link holds it as a version 6 link, fight-12x30.final.json its final state.

The statements are fight_3v3's (each able fighter attacks the first foe standing and parries him, the archers
shoot twice); the combatants are tough enough to fight all 30 rounds. ``python -m
tests.unit.runequest.melee.fight_12x30`` writes both files (rewrite them only on purpose).
"""

from __future__ import annotations

from pyengine.dice import RandomDice
from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
from pyengine.runequest.melee.log import FightLog, add_round
from pyengine.runequest.melee.model import Fight, start
from pyengine.runequest.melee.round import resolve_round
from tests.unit.runequest.melee.fight_3v3 import statements

ROUNDS = 30
SEED = 1830

#: (name, side, STR, CON, SIZ, DEX, hit points, armour, weapons, Defense, damage bonus)
ROSTER = (
    ("Rurik", "Sartar", 15, 13, 14, 12, 38, 4, (("broadsword", 55, 45), ("medium_shield", None, 50)), 10, "+1D4"),
    ("Vasana", "Sartar", 13, 12, 11, 15, 34, 3, (("short_spear_2h", 60, 40),), 15, ""),
    ("Yanioth", "Sartar", 10, 11, 10, 16, 30, 2, (("composite_bow", 50, None), ("dagger", 35, 30)), 10, ""),
    ("Harmast", "Sartar", 14, 15, 13, 11, 40, 5, (("battle_axe_1h", 50, 40), ("large_shield", None, 45)), 5, "+1D4"),
    ("Kallyr", "Sartar", 12, 12, 12, 14, 32, 3, (("scimitar", 55, 45),), 10, ""),
    ("Orlgarth", "Sartar", 11, 12, 11, 13, 30, 2, (("sling", 55, None), ("dagger", 30, 30)), 5, ""),
    ("Broo", "Chaos", 14, 14, 13, 9, 40, 2, (("war_hammer", 45, 35), ("small_shield", None, 40)), 0, ""),
    ("Scorpion man", "Chaos", 18, 15, 17, 10, 44, 5, (("short_spear_1h", 50, 40), ("large_shield", None, 45)), 0,
     "+1D6"),
    ("Tusk rider", "Chaos", 12, 12, 12, 13, 34, 3, (("scimitar", 50, 40),), 5, ""),
    ("Gorp herder", "Chaos", 13, 13, 12, 10, 36, 3, (("light_mace", 45, 40), ("medium_shield", None, 40)), 0, ""),
    ("Dark troll", "Chaos", 17, 16, 18, 10, 46, 6, (("great_axe", 50, 40),), 5, "+1D6"),
    ("Trollkin", "Chaos", 9, 10, 9, 14, 28, 2, (("self_bow", 45, None), ("dagger", 30, 25)), 5, ""),
)


def combatants(tables):
    return tuple(
        quick_combatant(tables, name=name, side=side, STR=STR, CON=CON, SIZ=SIZ, DEX=DEX, hit_points=hp, armour=armour,
                        weapons=[QuickWeapon(weapon=w, attack=a, parry=p) for w, a, p in weapons], defense=defense,
                        damage_bonus=bonus)
        for name, side, STR, CON, SIZ, DEX, hp, armour, weapons, defense, bonus in ROSTER
    )


def make_log(tables, mt, rounds: int = ROUNDS) -> FightLog:
    fight = Fight(combatants=combatants(tables))
    log, state, dice = FightLog(fight=fight), start(fight), RandomDice(SEED)
    for _ in range(rounds):
        intents = statements(fight, state)
        result = resolve_round(fight, state, intents, dice=dice, tables=mt, melee_rules=log.melee_rules)
        log, state = add_round(log, result, intents), result.state
    return log


if __name__ == "__main__":  # pragma: no cover - writes the golden fixture (only on purpose)
    from pathlib import Path

    root = Path(__file__).resolve().parents[4]
    import msgspec

    from pyengine.cli.tables import hit_locations
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.log import replay, to_link
    from tests.unit.runequest.rq_fixtures import real

    tables = real()
    mt = melee_tables(tables, hit_locations())
    log = make_log(tables, mt)
    (root / "tests" / "golden" / "fight-12x30.link").write_text(to_link(log) + "\n", encoding="utf-8")
    (root / "tests" / "golden" / "fight-12x30.final.json").write_bytes(msgspec.json.format(
        msgspec.json.encode(replay(log, mt).state)) + b"\n")
    print(len(to_link(log)))
