"""A fight played by the rounds' rules edition 3 (fight link version 5): an archer, a slinger and
a broo with a head butt; the archer's arrow impales, the slinger's stone does not stick, the bow and sling
are ready again each round (RQ-110 to RQ-112), and the slinger leaves the fight after round 2.

``python -m tests.unit.runequest.melee.fight_v5`` prints the link and the final state (tests/golden/
fight-v5.link and fight-v5.final.json are those; rewrite them only on purpose).
"""

from __future__ import annotations

from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
from pyengine.runequest.melee.intent import Intent, Shoot, Strike
from pyengine.runequest.melee.log import FightLog, add_round, leave
from pyengine.runequest.melee.model import Fight, start
from pyengine.runequest.melee.round import resolve_round


class Impaling:
    """Every D100 a 10 (an impale at 60%, no parry against it holds at 40%), every other die a 2."""

    def roll(self, sides: int) -> int:
        return 10 if sides == 100 else 2


def combatants(tables):
    q = QuickWeapon
    return (
        quick_combatant(tables, name="Yanioth", side="Sartar", STR=10, CON=11, SIZ=10, DEX=12, hit_points=12,
                        weapons=[q(weapon="self_bow", attack=60), q(weapon="shortsword", attack=40, parry=40)],
                        first_in_hand=True),
        quick_combatant(tables, name="Orlanth's slinger", side="Sartar", STR=11, CON=11, SIZ=11, DEX=12,
                        hit_points=12, weapons=[q(weapon="sling", attack=60), q(weapon="dagger", attack=30, parry=30)],
                        first_in_hand=True),
        quick_combatant(tables, name="Broo", side="Chaos", STR=14, CON=14, SIZ=13, DEX=9, hit_points=40, armour=2,
                        weapons=[q(weapon="head_butt", attack=50), q(weapon="broadsword", attack=40, parry=35)]),
    )


def make_log(tables, mt) -> FightLog:
    fight = Fight(combatants=combatants(tables))
    log, state = FightLog(fight=fight), start(fight)
    for n in range(3):
        intents = [Intent(who="Yanioth", actions=(Shoot(arm="self bow", target="Broo"),)),
                   Intent(who="Broo", actions=(Strike(arm="head butt", target="Yanioth"),))]
        if n < 2:
            intents.insert(1, Intent(who="Orlanth's slinger", actions=(Shoot(arm="sling", target="Broo"),)))
        result = resolve_round(fight, state, tuple(intents), dice=Impaling(), tables=mt, melee_rules=log.melee_rules)
        log, state = add_round(log, result, tuple(intents)), result.state
        if n == 1:
            log = leave(log, "Orlanth's slinger")
    return log


if __name__ == "__main__":  # pragma: no cover - prints the golden fixture (only on purpose)
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
    (root / "tests" / "golden" / "fight-v5.link").write_text(to_link(log) + "\n", encoding="utf-8")
    (root / "tests" / "golden" / "fight-v5.final.json").write_bytes(msgspec.json.format(
        msgspec.json.encode(replay(log, mt).state)) + b"\n")
    print(to_link(log))
