"""A totally helpless opponent (seed ch. IV, "Attacking from Advantage" 4; RQ-60).

"4. A totally helpless opponent can be killed outright with any weapon unless the attacker
rolls a fumble — the attacker's chance of fumbling remains the same as usual with that
weapon." It is not "1. An attacker has a 20% greater chance of hitting an opponent when that
opponent is on the ground, otherwise immobilized, or unaware of him."
"""

from __future__ import annotations

import pytest

from pyengine.cli.tables import combat_tables
from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import render_odds, render_result

LOCS = dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)
SWORD = Weapon(name="broadsword", damage="1D8+1", hp=20)
DAGGER = Weapon(name="dagger", damage="1D4+2", impales=True, short_stabbing=True, hp=12)
BOW = Weapon(name="self bow", damage="1D6+1", kind="projectile", impales=True, range=80)


def defender(**changes: object) -> Defence:
    return Defence(hit_points=14, locations=LOCS, **changes)  # type: ignore[arg-type]


def exchange(attack: Attack, defence: Defence, rolls: list[int]):
    dice = ScriptedDice(rolls)
    result = resolve_exchange(attack, defence, dice=dice, **combat_tables())
    assert dice.remaining == (), f"rolls left over: {dice.remaining}"
    return result


@pytest.mark.parametrize("roll", [1, 40, 41, 70, 95, 96])
def test_any_roll_but_a_fumble_kills_a_totally_helpless_opponent(roll: int) -> None:
    # "can be killed outright with any weapon unless the attacker rolls a fumble": a 40% broadsword
    # fumbles on 97-00 (RQ-37), so every other roll kills, even those that would miss.
    r = exchange(Attack(weapon=SWORD, chance=40, target_totally_helpless=True), defender(), [roll])
    assert r.outcome == "killed" and r.condition == "dead" and r.hit and not r.fumble
    assert r.damage is None and r.location is None and len(r.rolls) == 1  # nothing else can matter
    assert "killed outright" in r.headline
    assert any("RQ-60" in step.rulings for step in r.working)


@pytest.mark.parametrize("roll", [97, 98, 99, 100])
def test_a_fumble_spares_him(roll: int) -> None:
    # "... unless the attacker rolls a fumble": 97-00 with 40% (25-44%: 97-00).
    r = exchange(Attack(weapon=SWORD, chance=40, target_totally_helpless=True), defender(), [roll, 1])
    assert r.outcome == "fumble" and r.fumble and r.condition == "unhurt" and r.fumble_effects


def test_a_master_kills_on_96_to_99_since_only_00_fumbles() -> None:
    # "unless the attacker rolls a fumble" — at 90% only 00 fumbles; 96-99 would be a miss against
    # anyone else ("96-00 always means an unsuccessful attempt"), but he needs no hit here.
    assert exchange(Attack(weapon=SWORD, chance=90, target_totally_helpless=True), defender(), [98]).outcome == "killed"
    assert exchange(Attack(weapon=SWORD, chance=90, target_totally_helpless=True), defender(), [100, 1]).outcome == "fumble"


def test_the_fumble_range_is_the_usual_one_with_that_weapon() -> None:
    # "the attacker's chance of fumbling remains the same as usual with that weapon": from his 40%
    # skill (97-00), not from his chance from the ground (half, 20%: 96-00), nor with +20%.
    attack = Attack(weapon=SWORD, chance=40, on_ground=True, target_totally_helpless=True)
    r = exchange(attack, defender(), [96])
    assert r.thresholds.fumble_min == 97 and r.outcome == "killed"


def test_he_neither_parries_nor_uses_his_defense() -> None:
    # A totally helpless man cannot interpose a shield or get out of the way (RQ-60): no parry roll.
    shield = Parry(kind="shield", chance=90, name="large shield", absorbs=16)
    r = exchange(Attack(weapon=DAGGER, chance=30, target_totally_helpless=True), defender(parry=shield, defense=25), [50])
    assert r.outcome == "killed" and r.parry_roll is None and r.parry_chance is None
    assert any("no parry" in step.text and "RQ-60" in step.rulings for step in r.working)
    assert any("no Defense" in step.text for step in r.working)


def test_it_is_not_the_plus_20_of_a_foe_on_the_ground_or_unaware() -> None:
    # On the ground, immobilised or unaware: +20% and nothing more. A 40% sword rolling 70 misses.
    r = exchange(Attack(weapon=SWORD, chance=40, target_helpless=True), defender(), [70])
    assert (r.chance, r.outcome) == (60, "missed")


def test_any_weapon_means_a_missile_too() -> None:
    # "with any weapon": a bow at a bound prisoner within range kills him on anything but a fumble.
    r = exchange(Attack(weapon=BOW, chance=30, distance=20, target_totally_helpless=True), defender(), [90])
    assert r.outcome == "killed"


def test_a_dodging_target_is_not_totally_helpless() -> None:
    with pytest.raises(IllegalActionError, match="totally helpless"):
        resolve_exchange(Attack(weapon=BOW, chance=30, target_dodging=True, target_totally_helpless=True), defender(),
                         dice=ScriptedDice([50]), **combat_tables())


def test_the_odds_are_the_fumble_chance_and_the_rest_kills() -> None:
    attack = Attack(weapon=SWORD, chance=40, target_totally_helpless=True)
    odds = exchange_odds(attack, defender(parry=Parry(kind="shield", chance=60, absorbs=12)), **combat_tables())
    assert float(odds.outcomes["fumble"]) == pytest.approx(0.04)
    assert float(odds.outcomes["killed"]) == pytest.approx(0.96) and odds.kill == odds.outcomes["killed"]
    assert odds.total == 1
    assert "Killed outright" in render_odds(odds)


def test_the_result_card_says_killed_outright() -> None:
    r = exchange(Attack(weapon=SWORD, chance=40, target_totally_helpless=True), defender(), [12])
    html = render_result(r)
    assert 'data-outcome="killed"' in html and "Killed outright" in html and 'data-condition="dead"' in html
    assert "Hit points left" not in html and 'class="cx-fact-condition" data-value="dead"' in html


def test_the_only_roll_asked_is_the_attack() -> None:
    from pyengine.runequest.combat.exchange import next_roll

    attack = Attack(weapon=SWORD, chance=40, target_totally_helpless=True)
    assert next_roll(attack, defender(), [12], **combat_tables()) is None
    with pytest.raises(NoRollLeft):
        resolve_exchange(attack, defender(), dice=ScriptedDice([]), **combat_tables())


def test_the_card_shows_what_the_roll_was_read_against_not_a_chance_it_did_not_use() -> None:
    # Against a totally helpless man the d100 is read for a fumble only (RQ-60): "Chance 40%" beside
    # "roll 43 — Killed outright" would read as a contradiction, and 40% is a number the engine did not use.
    r = exchange(Attack(weapon=SWORD, chance=40, target_totally_helpless=True), defender(), [43])
    html = render_result(r)
    assert 'class="cx-fact-chance"' not in html
    assert 'class="cx-fact-needed" data-value="not a fumble (97-00 fumbles)"' in html


def test_the_odds_say_killed_once_and_what_the_roll_is_read_for() -> None:
    attack = Attack(weapon=SWORD, chance=40, target_totally_helpless=True)
    html = render_odds(exchange_odds(attack, defender(), **combat_tables()))
    assert html.count(">96.0%<") == 1  # "Killed outright", not again as "Killed"
    assert "Before rolling: totally helpless, killed by any roll but a fumble" in html
    assert 'class="cx-odds-kill"' not in html
