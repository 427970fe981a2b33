"""Healing within a melee round goes through the same rules as healing between fights
(:mod:`pyengine.runequest.healing`): a severed limb is reknit by 6 points within 2 full turns.

Dice are scripted: the attack D100, the damage dice, the D20 hit location (no parry held ready).
"""

from __future__ import annotations

import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.dice import ScriptedDice
from pyengine.runequest.combat.model import Weapon
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.model import Arm, Combatant, Fight, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.statement import Heal, Intent, Strike

LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}
RIGHT_ARM = 13


def fighter(name, side):
    axe = Arm(name="axe", weapon=Weapon(name="axe", damage="2D6", hp=20), attack=50, sr=6)
    return Combatant(name=name, side=side, STR=12, CON=12, SIZ=12, DEX=12, hit_points=14, locations=LOCS,
                     dex_sr=3, arms=(axe,), in_hand=("axe",))


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


def run(fight, state, intents, rolls, mt):
    dice = ScriptedDice(rolls)
    result = resolve_round(fight, state, tuple(intents), dice=dice, tables=mt)
    assert dice.remaining == ()
    return result


@pytest.fixture()
def severed(mt):
    """Ann's axe hits (10) for 6+5 = 11 on Bo's 4-point right arm: 6 or more beyond what it could hold."""
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B"), fighter("Medic", "B")))
    result = run(fight, start(fight), [Intent(who="Ann", actions=(Strike(arm="axe", target="Bo"),))],
                 [10, 6, 5, RIGHT_ARM], mt)
    return fight, result.state


def heal_arm(points):
    return Intent(who="Medic", actions=(Heal(target="Bo", location="right_arm", points=points),))


def test_a_severed_arm_is_reknit_by_a_six_point_healing_within_two_full_turns(severed, mt):
    """"Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb.\""""
    fight, state = severed
    bo = state.bodies["Bo"]
    assert bo.severed == {"right_arm": 49}  # 50 rounds from the blow, one gone at bookkeeping
    assert bo.condition == "incapacitated" and bo.maimed
    result = run(fight, state, [heal_arm(6)], [], mt)
    bo = result.state.bodies["Bo"]
    assert bo.severed == {}
    assert bo.wounds["right_arm"] == 5
    assert "reknit" in result.events[0].outcome
    # reknit, but still at or over its 4 points: he cannot fight until it is healed (RQ-93)
    assert bo.condition == "incapacitated"
    healed = run(fight, result.state, [heal_arm(2)], [], mt).state.bodies["Bo"]
    assert healed.condition == "fighting" and not healed.maimed


def test_after_two_full_turns_the_severed_arm_stays_severed(severed, mt):
    fight, state = severed
    for _ in range(49):
        state = run(fight, state, [], [], mt).state
    assert state.bodies["Bo"].severed == {"right_arm": 0}
    result = run(fight, state, [heal_arm(6)], [], mt)
    assert result.state.bodies["Bo"].severed == {"right_arm": 0}
    assert "too late to reknit" in result.events[0].outcome


def test_five_points_do_not_reknit(severed, mt):
    fight, state = severed
    result = run(fight, state, [heal_arm(5)], [], mt)
    assert result.state.bodies["Bo"].severed == {"right_arm": 48}
    assert result.state.bodies["Bo"].wounds["right_arm"] == 6
