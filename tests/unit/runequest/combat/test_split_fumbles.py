"""Split attacks and parries fumble by the whole skill, not the divided chance (RQ-37, RQ-50).

Seed ch. IV, "Splitting Attacks": "Remember that even with a full 100% chance of hitting or
parrying, 96-99 is still always a miss, and 00 is still always a fumble." And "Fumbles": "For
every additional 20% capability an Adventurer gains with that weapon, his chance of fumbling
with it is reduced by 1%" — the range follows his capability with the weapon, so a 100%
sword split two ways (50% a blow) fumbles on 00 only, as the whole 100% does.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pyengine.cli import main
from pyengine.cli.tables import combat_tables
from pyengine.cli.tables import hit_locations as default_locations
from pyengine.dice import ScriptedDice
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.state import from_state, read_export, to_link, to_state
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.intent import Intent, ParryIntent, Strike
from pyengine.runequest.melee.model import Arm, Combatant, Fight, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.share import decode_link

LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}
SWORD = Weapon(name="sword", damage="1D8", hp=20)


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


def fighter(name: str, side: str, *, attack: int = 50, parry: int | None = None, sr: int = 6) -> Combatant:
    guard = None if parry is None else Parry(kind="weapon", chance=parry, name="sword", hp=20, damage="1D8")
    arm = Arm(name="sword", weapon=SWORD, attack=attack, sr=sr, parry=guard)
    return Combatant(name=name, side=side, STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                     arms=(arm,), in_hand=("sword",))


def run(fight, intents, rolls, mt):
    dice = ScriptedDice(rolls)
    result = resolve_round(fight, start(fight), tuple(intents), dice=dice, tables=mt)
    assert dice.remaining == (), f"rolls left over: {dice.remaining}"
    return result


@pytest.mark.parametrize("roll", [96, 97, 98, 99])
def test_a_100_percent_attack_split_two_ways_misses_on_96_to_99_without_fumbling(mt, roll):
    # "even with a full 100% chance of hitting ..., 96-99 is still always a miss, and 00 is still
    # always a fumble": each half-blow is rolled at 50%, but fumbles as the 100% sword does.
    fight = Fight(combatants=(fighter("Ace", "A", attack=100, sr=5), fighter("X", "B"), fighter("Y", "B")))
    split = Intent(who="Ace", actions=(Strike(arm="sword", target="X"), Strike(arm="sword", target="Y")))
    result = run(fight, [split], [roll, roll], mt)
    for event in result.events:
        assert event.exchange.chance == 50
        assert event.exchange.thresholds.fumble_min == 100
        assert not event.exchange.fumble and event.exchange.outcome == "missed"


def test_a_100_percent_attack_split_two_ways_still_fumbles_on_00(mt):
    fight = Fight(combatants=(fighter("Ace", "A", attack=100, sr=5), fighter("X", "B"), fighter("Y", "B")))
    split = Intent(who="Ace", actions=(Strike(arm="sword", target="X"), Strike(arm="sword", target="Y")))
    result = run(fight, [split], [100, 1, 97], mt)  # 00, its fumble table 01; then the second blow misses
    assert result.events[0].exchange.fumble and result.events[0].exchange.outcome == "fumble"


@pytest.mark.parametrize("roll", [96, 97, 98, 99])
def test_a_100_percent_parry_split_two_ways_fails_on_96_to_99_without_fumbling(mt, roll):
    # "... 100% chance of hitting or parrying, 96-99 is still always a miss": the same for a parry split
    # between two foes (50% each); with the optional parry fumbles in play it fumbles on 00 only.
    fight = Fight(combatants=(fighter("Def", "A", parry=100), fighter("X", "B", sr=5), fighter("Y", "B", sr=7)))
    guard = Intent(who="Def", parries=(ParryIntent(arm="sword", against="X"), ParryIntent(arm="sword", against="Y")))
    x = Intent(who="X", actions=(Strike(arm="sword", target="Def"),))
    y = Intent(who="Y", actions=(Strike(arm="sword", target="Def"),))
    # X: 97 misses, Def's parry roll; Y: 97 misses, Def's parry roll.
    result = run(fight, [guard, x, y], [97, roll, 97, roll], mt)
    for event in result.events:
        assert event.exchange.parry_chance == 50
        assert not event.exchange.parry_fumble and not event.exchange.parry_success


def test_the_exchange_takes_the_whole_skill_for_the_fumble_range():
    # The exchange on its own: rolled at 50% (the divided chance), fumbling by the whole 100%.
    attack = Attack(weapon=SWORD, chance=50, skill=100)
    parry = Parry(kind="weapon", chance=50, name="sword", hp=20, damage="1D8")
    defence = Defence(hit_points=12, locations=LOCS, parry=parry, parry_skill=100)
    r = resolve_exchange(attack, defence, dice=ScriptedDice([98, 98]), **combat_tables())
    assert (r.chance, r.thresholds.fumble_min, r.fumble, r.parry_fumble) == (50, 100, False, False)
    assert r.outcome == "missed"
    # critical and impale still read the chance he rolls against ("5% or less of what he needs")
    assert r.thresholds.critical_max == 2
    assert any("whole skill 100%" in step.text and "RQ-50" in step.rulings for step in r.working)
    odds = exchange_odds(attack, defence, **combat_tables())
    assert odds.thresholds.fumble_min == 100 and odds.outcomes["fumble"] == Fraction(1, 100)


def test_the_whole_skill_rides_in_the_link_and_the_export():
    attack = Attack(weapon=SWORD, chance=50, skill=100)
    defence = Defence(hit_points=12, locations=LOCS, parry=Parry(kind="shield", chance=55, absorbs=8), parry_skill=110)
    link = to_link(attack, defence, [98, 98])
    shared = decode_link(link)
    assert shared.version == 2
    state = from_state(shared)
    assert (state.attack.skill, state.defence.parry_skill) == (100, 110)
    data = to_state(attack, defence, [98, 98])
    assert data["attack"]["skill"] == 100 and data["defence"]["parry_skill"] == 110


def test_an_exchange_export_of_format_1_still_reads():
    # Made by 0.1.0: no skill fields; the fumble range then comes from the chance, as it did.
    old = (b'{"format": 1, "kind": "exchange", "attack": {"weapon": {"name": "sword", "damage": "1D8"}, "chance": 50},'
           b' "defence": {"hit_points": 12, "locations": {"head": 5, "chest": 6, "abdomen": 5, "right_arm": 4,'
           b' "left_arm": 4, "right_leg": 5, "left_leg": 5}}, "rolls": [98]}')
    state = read_export(old)
    assert state.attack.skill is None and state.defence.parry_skill is None and state.defence.exposed is None


def test_the_attack_command_takes_the_whole_skill(capsys):
    assert main(["attack", "--chance", "50", "--skill", "100", "--roll", "98", "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert (data["hit"], data["fumble"], data["fumble_min"], data["critical_max"]) == (False, False, 100, 2)


def test_a_split_blow_stuck_in_him_breaks_on_the_whole_skills_fumble(mt):
    # "If the character fumbles his withdrawal attempt, the weapon breaks instead": the withdrawal's
    # fumble range is his with the weapon (RQ-52, RQ-37), the whole 100%, not the 50% of the split blow.
    spear = Weapon(name="spear", damage="1D6+1", impales=True, hp=15)
    ace = Combatant(name="Ace", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                    arms=(Arm(name="spear", weapon=spear, attack=100, sr=4),), in_hand=("spear",))
    fight = Fight(combatants=(ace, fighter("X", "B"), fighter("Y", "B")))
    split = Intent(who="Ace", actions=(Strike(arm="spear", target="X"), Strike(arm="spear", target="Y")))
    # X: 97 misses; Y: 05 impales (20% of 50 is 10), the spear's die 2, D20 12 (chest)
    result = run(fight, [split], [97, 5, 2, 12], mt)
    stuck = result.state.bodies["Y"].stuck_in
    assert len(stuck) == 1 and stuck[0].impale_max == 10 and stuck[0].fumble_min == 100
