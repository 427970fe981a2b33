"""The exchange's stages one by one (chance, the two d100s, fumbles, damage, protection),
the working's values, and the combat package's lazy public API."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pyengine.cli.tables import combat_tables
from pyengine.dice import DiceExpr, RandomDice, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.chance import HIS_SITUATION, MOVING_TARGET, effective_chance
from pyengine.runequest.combat.d100 import read_d100, thresholds
from pyengine.runequest.combat.damage import DamageDice, damage_kind, damage_total
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.fumbles import opened, worst_wide_open
from pyengine.runequest.combat.model import Attack, Defence, Parry, Rules, Weapon
from pyengine.runequest.combat.parry import in_the_way, meet
from pyengine.runequest.combat.protection import armour_absorbed, cover, shield_absorbed, stopped

LOCS = dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)
SWORD = Weapon(name="broadsword", damage="1D8+1", hp=20)
BOW = Weapon(name="composite bow", damage="1D8+1", kind="projectile", impales=True, range=100)
SHIELD = Parry(kind="shield", chance=50, name="medium shield", absorbs=12)
PARRY_SWORD = Parry(kind="weapon", chance=50, name="broadsword", hp=20, damage="1D8+1")
NOBODY = Defence(hit_points=14, locations=LOCS)


# -- chance ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", [flag for flag, _ in HIS_SITUATION])
def test_each_situation_halves_the_chance_rounded_up(flag: str) -> None:
    chance, steps = effective_chance(Attack(weapon=SWORD, chance=45, **{flag: True}), NOBODY)
    assert chance == 23 and steps[-1].value == 23
    assert any(s.text.endswith("= 23% (22.5, rounded up)") for s in steps)


@pytest.mark.parametrize("flag", [flag for flag, _ in MOVING_TARGET])
def test_a_moving_target_halves_a_missile_and_is_refused_for_melee(flag: str) -> None:
    assert effective_chance(Attack(weapon=BOW, chance=60, **{flag: True}), NOBODY)[0] == 30
    with pytest.raises(IllegalActionError, match="missile"):
        effective_chance(Attack(weapon=SWORD, chance=60, **{flag: True}), NOBODY)


@pytest.mark.parametrize(
    ("distance", "chance"),
    [(0, 80), (100, 80), (101, 40), (150, 40), (151, 20), (200, 20)],
)
def test_range_bands_are_inclusive(distance: int, chance: int) -> None:
    # "effective range", up to 1.5 times it half, up to twice it a quarter (RQ-38)
    assert effective_chance(Attack(weapon=BOW, chance=80, distance=distance), NOBODY)[0] == chance


def test_halvings_multiply_then_advantage_then_defense() -> None:
    attack = Attack(weapon=BOW, chance=90, distance=160, target_crossing=True, target_dodging=True, on_ground=True,
                    target_helpless=True)
    chance, steps = effective_chance(attack, Defence(hit_points=14, locations=LOCS, defense=5))
    # 90 × ½ × ¼ × ½ × ½ = 2.8125 → 3; + 20 = 23; − 5 = 18
    assert chance == 18
    product = next(s for s in steps if "×" in s.text and "=" in s.text)
    assert product.text == ("90% × from the ground ×½ × long range ×¼ × target crossing ×½ × target dodging ×½ = 3% "
                            "(2.8125, rounded up)")
    assert [s.value for s in steps if s.value is not None] == [3, 23, 18, 18]


def test_a_negative_chance_is_halved_towards_zero() -> None:
    assert effective_chance(Attack(weapon=SWORD, chance=-15, on_ground=True), NOBODY)[0] == -7


# -- the two d100s, fumbles -------------------------------------------------------------------


def test_a_critical_parry_against_a_critical_hit_makes_both_ordinary() -> None:
    a = read_d100(1, thresholds(60))
    p = read_d100(1, thresholds(50))
    m = meet(a, p, Rules())
    assert m.cancelled and not m.critical and not m.parry_critical and m.parry_success
    plain = meet(a, p, Rules(parry_criticals=False))
    assert not plain.cancelled and plain.critical and not plain.parry_critical


def test_wide_open_hits_unless_the_attack_was_fumbled() -> None:
    assert opened(False, False, fumble=False, wide_open="critical") == (True, True)
    assert opened(False, False, fumble=False, wide_open="full") == (True, False)
    assert opened(False, False, fumble=True, wide_open="critical") == (False, False)
    assert opened(True, True, fumble=False, wide_open=None) == (True, True)
    assert worst_wide_open(("wide open: the foe hits, normal damage", "wide open: the foe hits, critical hit")) == "critical"
    assert worst_wide_open(("drops weapon",)) is None


def test_a_parry_is_in_the_way_only_when_it_succeeds_and_he_is_not_wide_open() -> None:
    m = meet(read_d100(30, thresholds(60)), read_d100(20, thresholds(50)), Rules())
    assert in_the_way(SHIELD, m, None) is SHIELD
    assert in_the_way(SHIELD, m, "normal") is None
    assert in_the_way(None, m, None) is None


# -- damage -------------------------------------------------------------------------------------


def test_damage_kinds() -> None:
    dice = DamageDice(DiceExpr.parse("1D6+1"), DiceExpr.parse("1D4"), None)
    assert damage_kind(impale=True, wide_open="full") == "full"
    assert damage_kind(impale=True, wide_open="normal") == "impale"
    assert damage_kind(impale=False, wide_open="critical") == "rolled"
    assert damage_total("rolled", dice, 5) == 5
    assert damage_total("impale", dice, 5) == 12  # the spear's full 7 + rolled 5 (RQ-36)
    assert damage_total("full", dice, 0) == 11
    assert damage_total("rolled", DamageDice(DiceExpr.parse("1D3"), DiceExpr.parse("-1D4"), None), -2) == 0


# -- protection -----------------------------------------------------------------------------------


def test_what_stands_between_the_blow_and_him() -> None:
    bare = cover(None, critical=False, parry_critical=False)
    assert (bare.blocks_all, shield_absorbed(bare, 9), stopped(bare, 0), armour_absorbed(bare, 3, 9)) == (False, 0, False, 3)
    crit = cover(None, critical=True, parry_critical=False)
    assert armour_absorbed(crit, 3, 9) == 0  # a critical hit ignores armour
    assert cover(PARRY_SWORD, critical=False, parry_critical=False).blocks_all  # "the parry blocks the attack"
    perfect = cover(SHIELD, critical=False, parry_critical=True)
    assert perfect.blocks_all and shield_absorbed(perfect, 30) == 30
    shield = cover(SHIELD, critical=False, parry_critical=False)
    assert (shield_absorbed(shield, 9), stopped(shield, 0), shield_absorbed(shield, 15)) == (9, True, 12)
    halved = cover(SHIELD, critical=True, parry_critical=False)
    # a critical hit parried: the shield absorbs half; armour counts against the rest (RQ-39)
    assert (halved.shield_absorbs, shield_absorbed(halved, 15), armour_absorbed(halved, 3, 9)) == (6, 6, 3)


def test_the_working_gives_the_numbers_the_result_has() -> None:
    for seed in range(60):
        attack = Attack(weapon=SWORD, chance=70, damage_bonus="+1D4", target_helpless=seed % 2 == 0)
        defence = Defence(hit_points=14, locations=LOCS, parry=SHIELD if seed % 3 else None, armour={"chest": 3}, defense=10)
        r = resolve_exchange(attack, defence, dice=RandomDice(seed), **combat_tables())
        values = {s.field: s.value for s in r.working if s.value is not None}
        assert values["chance"] == r.chance
        assert values["attack"] == r.attack_roll
        if r.damage is not None:
            assert values["damage"] == r.damage
        if r.shield_absorbed:
            assert values["shield"] == r.shield_absorbed
        if r.location is not None:
            assert values["location"] == r.location.value
            assert values.get("armour", 0) == r.armour_absorbed


def test_the_exchange_keeps_its_rolls_in_one_log() -> None:
    r = resolve_exchange(Attack(weapon=SWORD, chance=60), Defence(hit_points=14, locations=LOCS, parry=PARRY_SWORD),
                         dice=ScriptedDice([70, 20, 4]), **combat_tables())
    assert [(x.purpose, x.sides, x.value) for x in r.rolls] == [
        ("attack roll (Attacker, 60%)", 100, 70),
        ("parry roll (Defender, 50%)", 100, 20),
        ("damage to the attacking weapon (broadsword 1D8+1)", 8, 4),
    ]


# -- the package's face ------------------------------------------------------------------------


def test_importing_one_combat_module_does_not_import_them_all() -> None:
    code = (
        "import sys\n"
        "import pyengine.runequest.combat.d100\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('pyengine.runequest.combat.'))\n"
        "assert loaded == ['pyengine.runequest.combat.d100'], loaded\n"
        "from pyengine.runequest.combat.exchange import resolve_exchange\n"
        "assert 'pyengine.runequest.combat.odds' not in sys.modules\n"
        "assert 'fractions' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_working_writes_a_bonus_with_its_sign() -> None:
    # "1D8+1" and "+1D4" read "1D8+1+1D4", never "1D8+11D4".
    full = resolve_exchange(Attack(weapon=SWORD, chance=60, damage_bonus="+1D4"), Defence(hit_points=14, locations=LOCS,
                            parry=SHIELD), dice=ScriptedDice([70, 100, 93, 10]), **combat_tables())
    assert full.wide_open == "full"
    assert "full possible damage: 1D8+1+1D4 = 13" in [s.text for s in full.working]
    parried = resolve_exchange(Attack(weapon=SWORD, chance=60), Defence(hit_points=14, locations=LOCS, parry=PARRY_SWORD,
                               damage_bonus="-1D4"), dice=ScriptedDice([70, 20, 8, 1]), **combat_tables())
    assert any("takes the broadsword's 1D8+1-1D4 = 8" in s.text for s in parried.working)
