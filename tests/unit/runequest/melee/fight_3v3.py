"""A 3-against-3 fight of 10 rounds, its statements typed in as a referee would, for the replay tests.

``python -m tests.unit.runequest.melee.fight_3v3`` prints its share link (tests/golden/fight-3v3.link
is that link; rewrite it only on purpose).
"""

from __future__ import annotations

from pyengine.dice import RandomDice
from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
from pyengine.runequest.melee.intent import Intent, ParryIntent, Ready, Shoot, Strike
from pyengine.runequest.melee.log import FightLog, add_round
from pyengine.runequest.melee.model import Fight, MeleeRules, start
from pyengine.runequest.melee.round import resolve_round

ROUNDS = 10


def combatants(tables):
    q = QuickWeapon
    return (
        quick_combatant(tables, name="Rurik", side="Sartar", STR=15, CON=13, SIZ=14, DEX=12, hit_points=14, armour=4,
                        weapons=[q(weapon="broadsword", attack=55, parry=45), q(weapon="medium_shield", parry=50)],
                        defense=10, damage_bonus="+1D4"),
        quick_combatant(tables, name="Vasana", side="Sartar", STR=13, CON=12, SIZ=11, DEX=15, hit_points=12, armour=3,
                        weapons=[q(weapon="short_spear_2h", attack=60, parry=40)], defense=15),
        quick_combatant(tables, name="Yanioth", side="Sartar", STR=10, CON=11, SIZ=10, DEX=16, hit_points=11, armour=2,
                        weapons=[q(weapon="composite_bow", attack=50), q(weapon="dagger", attack=35, parry=30)],
                        defense=10),
        quick_combatant(tables, name="Broo", side="Chaos", STR=14, CON=14, SIZ=13, DEX=9, hit_points=15, armour=2,
                        weapons=[q(weapon="war_hammer", attack=45, parry=35), q(weapon="small_shield", parry=40)]),
        quick_combatant(tables, name="Scorpion man", side="Chaos", STR=18, CON=15, SIZ=17, DEX=10, hit_points=17,
                        armour=5, weapons=[q(weapon="short_spear_1h", attack=50, parry=40),
                                           q(weapon="large_shield", parry=45)], damage_bonus="+1D6"),
        quick_combatant(tables, name="Tusk rider", side="Chaos", STR=12, CON=12, SIZ=12, DEX=13, hit_points=12,
                        armour=3, weapons=[q(weapon="scimitar", attack=50, parry=40)], defense=5),
    )


def statements(fight, state):
    """Each able fighter attacks the first foe still standing; parries him; the archer shoots."""
    out = []
    for c in fight.combatants:
        body = state.bodies[c.name]
        if body.condition in ("dead", "unconscious", "incapacitated"):
            continue
        foes = [f for f in fight.combatants if f.side != c.side and state.bodies[f.name].condition not in ("dead",)]
        if not foes:
            continue
        foe = foes[0].name
        weapon = next((a for a in c.arms if a.attack is not None and a.name not in body.broken and a.name not in body.gone),
                      None)
        if weapon is None:
            continue
        parries = tuple(ParryIntent(arm=a.name, against=foe) for a in c.arms
                        if a.parry is not None and a.name in body.in_hand and a.name not in body.broken
                        and not (weapon.missile and a is weapon))[:1]
        if weapon.missile:
            actions = (Shoot(arm=weapon.name, target=foe, distance=30), Shoot(arm=weapon.name, target=foe, distance=30))
        elif weapon.name not in body.in_hand:
            actions = (Ready(arm=weapon.name), Strike(arm=weapon.name, target=foe))
        else:
            actions = (Strike(arm=weapon.name, target=foe),)
        stuck = any(s.owner == c.name and s.weapon == weapon.name and not s.missile for b in state.bodies.values() for s in b.stuck_in)
        if stuck:
            from pyengine.runequest.melee.intent import Extract

            actions = (Extract(arm=weapon.name),)
        out.append(Intent(who=c.name, actions=actions, parries=parries))
    return tuple(out)


#: How the golden fight was made (0.1.0): an unconscious foe attacked at +20% only (RQ-49 then); a
#: link of version 1 reads with it, so the golden link replays as it did.
MADE_WITH = MeleeRules(edition=1)


def make_log(tables, mt, seed: int = 1974, melee_rules: MeleeRules = MADE_WITH) -> FightLog:
    fight = Fight(combatants=combatants(tables))
    log = FightLog(fight=fight, melee_rules=melee_rules)
    state = start(fight)
    dice = RandomDice(seed)
    for _ in range(ROUNDS):
        intents = statements(fight, state)
        result = resolve_round(fight, state, intents, dice=dice, tables=mt, melee_rules=melee_rules)
        log = add_round(log, result, intents)
        state = result.state
    return log


if __name__ == "__main__":
    from pyengine.cli.tables import hit_locations as default_locations
    from pyengine.runequest.melee.build import melee_tables
    from pyengine.runequest.melee.log import to_link
    from tests.unit.runequest.rq_fixtures import real

    t = real()
    print(to_link(make_log(t, melee_tables(t, default_locations()))))
