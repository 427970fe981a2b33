"""One attack against one defender: thresholds, the chain of rolls, replay, the next roll, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.cli.tables import combat_tables
from pyengine.dice import NoRollLeft, RandomDice, ScriptedDice
from pyengine.errors import IllegalActionError, RollError
from pyengine.runequest.combat.d100 import critical_max, fumble_min, impale_max, read_d100, thresholds
from pyengine.runequest.combat.damage import half_bonus
from pyengine.runequest.combat.exchange import next_roll, resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, Parry, Rules, Weapon
from pyengine.runequest.combat.wounds import apply_wound
from pyengine.runequest.vocabulary import Location

LOCS = dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)
SWORD = Weapon(name="broadsword", damage="1D8+1", hp=20)
SPEAR = Weapon(name="short spear", damage="1D6+1", impales=True, long_hafted=True, hp=15, enc=2)
BOW = Weapon(name="composite bow", damage="1D8+1", kind="projectile", impales=True, range=100)
AXE = Weapon(name="throwing axe", damage="1D6", kind="thrown", range=20)
SHIELD = Parry(kind="shield", chance=50, name="medium shield", absorbs=12)
PARRY_SWORD = Parry(kind="weapon", chance=50, name="broadsword", hp=20, damage="1D8+1")


def defender(**changes: object) -> Defence:
    return Defence(hit_points=14, locations=LOCS, **changes)  # type: ignore[arg-type]


# -- thresholds (seed ch. IV) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chance", "crit", "impale"),
    [(25, 1, 5), (40, 2, 8), (45, 2, 9), (60, 3, 12), (100, 5, 20), (5, 1, 1), (0, 1, 0), (-20, 1, 0)],
)
def test_critical_and_impale_round_down(chance: int, crit: int, impale: int) -> None:
    assert critical_max(chance) == crit
    assert impale_max(chance) == impale


@pytest.mark.parametrize(
    ("skill", "low"),
    [(5, 96), (20, 96), (25, 97), (40, 97), (45, 98), (60, 98), (65, 99), (80, 99), (85, 100), (150, 100), (0, 96)],
)
def test_fumble_range_by_skill_band(skill: int, low: int) -> None:
    # "5-20% ... 96-00 ... For every additional 20% capability ... reduced by 1%"
    assert fumble_min(skill) == low


@given(st.integers(-50, 250), st.integers(1, 100))
def test_01_to_05_always_hit_and_96_to_00_always_miss(chance: int, roll: int) -> None:
    d = read_d100(roll, thresholds(chance))
    if roll <= 5:
        assert d.success
    if roll >= 96:
        assert not d.success
    if roll == 1:
        assert d.critical
    if roll == 100:
        assert d.fumble
    assert not (d.fumble and d.success)


def test_a_roll_off_the_d100_is_refused() -> None:
    with pytest.raises(RollError, match="101"):
        read_d100(101, thresholds(50))


# -- the chain ----------------------------------------------------------------------------------


def test_every_roll_is_kept_with_its_purpose() -> None:
    r = resolve_exchange(Attack(weapon=SWORD, chance=60, damage_bonus="+1D4"), defender(parry=SHIELD), dice=ScriptedDice([30, 70, 5, 3, 13]), **combat_tables())
    assert [(x.sides, x.value) for x in r.rolls] == [(100, 30), (100, 70), (8, 5), (4, 3), (20, 13)]
    purposes = [x.purpose for x in r.rolls]
    assert purposes[0].startswith("attack roll") and purposes[1].startswith("parry roll")
    assert "damage" in purposes[2] and "bonus" in purposes[3] and "hit location" in purposes[4]
    assert r.outcome == "hit" and r.location is Location.RIGHT_ARM and r.damage == 9
    assert all(step.text for step in r.working)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(5, 120), st.booleans(), st.booleans())
def test_a_random_exchange_replays_exactly_from_its_rolls(seed: int, chance: int, shield: bool, spear: bool) -> None:
    attack = Attack(weapon=SPEAR if spear else SWORD, chance=chance, damage_bonus="+1D4")
    defence = defender(parry=SHIELD if shield else PARRY_SWORD, armour={"chest": 3, "head": 2})
    first = resolve_exchange(attack, defence, dice=RandomDice(seed), **combat_tables())
    again = resolve_exchange(attack, defence, dice=ScriptedDice(first.roll_values), **combat_tables())
    assert again == first
    # and the next roll after all of them is none
    assert next_roll(attack, defence, first.roll_values, **combat_tables()) is None
    # each prefix asks for exactly the roll that was made next
    for i, made in enumerate(first.rolls):
        needed = next_roll(attack, defence, first.roll_values[:i], **combat_tables())
        assert needed is not None and (needed.sides, needed.purpose, needed.index) == (made.sides, made.purpose, i)


def test_next_roll_names_the_die_and_what_it_is_for() -> None:
    attack = Attack(weapon=SWORD, chance=60)
    needed = next_roll(attack, defender(parry=SHIELD), [30], **combat_tables())
    assert needed is not None and needed.sides == 100 and "parry" in needed.purpose
    needed = next_roll(attack, defender(parry=SHIELD), [30, 80], **combat_tables())
    assert needed is not None and needed.sides == 8 and "damage" in needed.purpose


def test_a_typed_roll_off_its_die_names_the_roll() -> None:
    with pytest.raises(RollError, match="hit location"):
        next_roll(Attack(weapon=SWORD, chance=60), defender(), [30, 5, 21], **combat_tables())


def test_rolls_left_over_are_refused() -> None:
    with pytest.raises(RollError, match="left over"):
        next_roll(Attack(weapon=SWORD, chance=60), defender(), [70, 5], **combat_tables())


def test_scripted_dice_running_out_says_which_roll() -> None:
    with pytest.raises(NoRollLeft, match="hit location"):
        resolve_exchange(Attack(weapon=SWORD, chance=60), defender(), dice=ScriptedDice([30, 5]), **combat_tables())


def test_a_miss_rolls_nothing_more_without_a_parry() -> None:
    r = resolve_exchange(Attack(weapon=SWORD, chance=60), defender(), dice=ScriptedDice([70]), **combat_tables())
    assert r.outcome == "missed" and len(r.rolls) == 1


def test_a_miss_against_a_weapon_parry_damages_the_attacking_weapon() -> None:
    # "Weapons take damage when they ... (2) fail to successfully attack against a successful weapon parry"
    r = resolve_exchange(
        Attack(weapon=SWORD, chance=60, weapon_damage=15), defender(parry=PARRY_SWORD, damage_bonus="+1D4"), dice=ScriptedDice([70, 20, 4, 2]), **combat_tables())
    harm = r.weapon_harm[0]
    assert harm.whose == "attacker" and harm.damage == 7 and harm.after == 22 and harm.broken


def test_a_dagger_parry_does_not_damage_the_attacking_weapon() -> None:
    dagger = Parry(kind="weapon", chance=50, name="dagger", hp=12, damage="1D4+2", short_stabbing=True)
    r = resolve_exchange(Attack(weapon=SWORD, chance=60), defender(parry=dagger), dice=ScriptedDice([70, 20]), **combat_tables())
    assert r.weapon_harm == () and len(r.rolls) == 2


def test_critical_parry_with_a_shield_blocks_everything() -> None:
    # "a parrying shield will block the incoming blow perfectly"
    r = resolve_exchange(Attack(weapon=SPEAR, chance=60), defender(parry=SHIELD), dice=ScriptedDice([10, 2, 6]), **combat_tables())
    assert r.parry_critical and r.parried and r.stuck is None and r.outcome == "parried"


def test_without_the_optional_rules_a_low_parry_is_ordinary() -> None:
    rules = Rules(parry_criticals=False)
    r = resolve_exchange(Attack(weapon=SPEAR, chance=60), defender(parry=SHIELD), dice=ScriptedDice([10, 2, 6, 10]), rules=rules, **combat_tables())
    assert not r.parry_critical and r.stuck == "shield"
    r = resolve_exchange(Attack(weapon=SWORD, chance=60), defender(parry=SHIELD), dice=ScriptedDice([30, 100, 4, 10]), rules=rules, **combat_tables())
    assert not r.parry_fumble and r.outcome == "hit"


def test_a_fumbled_parry_wide_open_lets_a_missed_blow_hit() -> None:
    # parry 50%: fumbles on 98-00; table 96 (parry column): "wide open: the foe hits, critical hit"
    r = resolve_exchange(
        Attack(weapon=SWORD, chance=60), defender(parry=SHIELD, armour={"abdomen": 4}), dice=ScriptedDice([70, 99, 96, 5, 10]), **combat_tables())
    assert r.parry_fumble and r.wide_open == "critical" and r.hit and r.critical
    assert r.armour_absorbed == 0 and r.location_damage == 6


def test_fumble_99_rolls_twice_more_and_a_repeat_is_rolled_again() -> None:
    r = resolve_exchange(Attack(weapon=SWORD, chance=60), defender(), dice=ScriptedDice([100, 99, 99, 7, 12]), **combat_tables())
    assert r.fumble and len(r.fumble_effects) == 2
    assert r.fumble_effects[0] == "lose next attack"


def test_the_thrown_bonus_is_half_each_die() -> None:
    assert half_bonus("+1D4") == "+1D2"
    assert half_bonus("+2D6") == "+2D3"
    assert half_bonus("-1D4") == "-1D2"


def test_projectiles_get_no_bonus_and_ground_fighters_none() -> None:
    r = resolve_exchange(Attack(weapon=BOW, chance=60, damage_bonus="+1D6", distance=50), defender(), dice=ScriptedDice([30, 4, 10]), **combat_tables())
    assert r.damage == 5 and len(r.rolls) == 3
    r = resolve_exchange(Attack(weapon=SWORD, chance=60, damage_bonus="+1D6", on_ground=True), defender(), dice=ScriptedDice([20, 4, 10]), **combat_tables())
    assert r.chance == 30 and r.damage == 5


def test_a_natural_weapon_keeps_its_bonus_on_the_ground() -> None:
    fist = Weapon(name="fist", damage="1D3", kind="natural")
    r = resolve_exchange(Attack(weapon=fist, chance=60, damage_bonus="+1D4", on_ground=True), defender(), dice=ScriptedDice([20, 2, 3, 10]), **combat_tables())
    assert r.damage == 5


def test_advantage_adds_20_and_defense_comes_off_last() -> None:
    r = resolve_exchange(
        Attack(weapon=SWORD, chance=45, target_helpless=True, unfamiliar=True), defender(defense=10), dice=ScriptedDice([97]), **combat_tables())
    # 45 × ½ = 22.5 → 23, + 20 = 43, − 10 = 33
    assert r.chance == 33


@pytest.mark.parametrize(
    ("attack", "message"),
    [
        (Attack(weapon=AXE, chance=50, distance=21), "beyond 20 m"),
        (Attack(weapon=BOW, chance=50, distance=201), "beyond long range"),
        (Attack(weapon=SWORD, chance=50, target_crossing=True), "missile"),
    ],
)
def test_attacks_that_cannot_be_made_are_refused(attack: Attack, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        resolve_exchange(attack, defender(), dice=ScriptedDice([1]), **combat_tables())


def test_a_weapon_cannot_parry_a_missile() -> None:
    with pytest.raises(IllegalActionError, match="only a shield"):
        resolve_exchange(Attack(weapon=BOW, chance=50, distance=10), defender(parry=PARRY_SWORD), dice=ScriptedDice([1]), **combat_tables())


def test_long_range_is_a_quarter() -> None:
    r = resolve_exchange(Attack(weapon=BOW, chance=80, distance=200), defender(), dice=ScriptedDice([97]), **combat_tables())
    assert r.chance == 20


def test_bad_inputs_name_the_field() -> None:
    import msgspec

    # Links and exports are decoded by msgspec: a location key that is not one names the key and the map.
    for field in ("locations", "armour", "wounds"):
        data = {"hit_points": 10, "locations": LOCS, field: {**(LOCS if field == "locations" else {}), "tail": 3}}
        with pytest.raises(msgspec.ValidationError, match=rf"^Invalid enum value 'tail' - at `key` in `\$\.{field}`$"):
            msgspec.convert(data, type=Defence)
    with pytest.raises(msgspec.ValidationError, match=r"<= 999 - at `\$\.armour"):
        msgspec.convert({"hit_points": 10, "locations": LOCS, "armour": {"chest": 1000}}, type=Defence)
    with pytest.raises(ValueError, match="^location hit points: no value for head$"):
        Defence(hit_points=10, locations={k: v for k, v in LOCS.items() if k != "head"})
    with pytest.raises(ValueError, match="damage"):
        Weapon(name="x", damage="1Dx")
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"weapon": {"name": "x", "damage": "1D6"}, "chance": 999}, type=Attack)


# -- wounds (seed ch. III) ----------------------------------------------------------------------


def test_wound_effects_by_location() -> None:
    leg = apply_wound(Location.LEFT_LEG, 5, location_hp=5, hit_points=14)
    assert leg.disabled and "they fall" in leg.effects[0] and leg.condition == "fighting"
    head = apply_wound(Location.HEAD, 5, location_hp=5, hit_points=14)
    assert head.condition == "unconscious"
    chest = apply_wound(Location.CHEST, 6, location_hp=6, hit_points=14)
    assert chest.condition == "incapacitated" and "they fall, coughing blood" in chest.effects[0] and "bleed to death in 2 full turns" in chest.effects[0]
    low = apply_wound(Location.CHEST, 1, location_hp=6, hit_points=3)
    assert low.hit_points_after == 2 and low.condition == "unconscious"
    hurt = apply_wound(Location.LEFT_ARM, 5, location_hp=4, before=3, hit_points=14)
    # the arm could hold 1 more: 5 is not 6 beyond it
    assert not hurt.severed
    hurt = apply_wound(Location.LEFT_ARM, 7, location_hp=4, before=3, hit_points=14)
    assert hurt.severed and hurt.hp_loss == 7


def test_the_next_blow_of_a_fight_carries_wounds_and_weapon_damage() -> None:
    from pyengine.runequest.combat.next_blow import after_blow

    attack = Attack(weapon=SWORD, chance=60)
    defence = defender(parry=PARRY_SWORD)
    first = resolve_exchange(attack, defence, dice=ScriptedDice([30, 40, 7]), **combat_tables())  # parried: the sword takes 8
    attack2, defence2 = after_blow(attack, defence, first)
    assert defence2.parry is not None and defence2.parry.damage_taken == 8
    hit = resolve_exchange(attack2, defence2, dice=ScriptedDice([30, 90, 5, 13]), **combat_tables())  # 6 to the right arm
    attack3, defence3 = after_blow(attack2, defence2, hit)
    assert defence3.wounds == {"right_arm": 6} and defence3.damage_taken == 6
    assert defence.wounds == {} and defence.damage_taken == 0  # the first copy is untouched
    third = resolve_exchange(attack3, defence3, dice=ScriptedDice([30, 90, 1, 13]), **combat_tables())
    # the arm held 4 and has taken 6: 2 more is not 6 beyond what it can hold (0 left), 8 total off... 2 off here
    assert third.hit_points_after == 14 - 6 - 2


def test_a_link_with_a_bad_location_key_names_it_and_the_field() -> None:
    from pyengine.errors import ShareLinkError
    from pyengine.runequest.combat.state import read_any
    from pyengine.share import encode_link

    data = {"attack": {"weapon": {"name": "sword", "damage": "1D8+1"}, "chance": 50},
            "defence": {"hit_points": 10, "locations": LOCS, "armour": {"chest": 2, "tail": 3}}}
    with pytest.raises(ShareLinkError, match=r"defence, armour: the key 'tail' is not one this app knows"):
        read_any(encode_link("exchange", data, version=1))


def test_every_step_cites_real_rulings() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[4] / "docs" / "rulings.md").read_text(encoding="utf-8")
    for seed in range(40):
        r = resolve_exchange(Attack(weapon=SPEAR, chance=70, damage_bonus="+1D4"), defender(parry=SHIELD), dice=RandomDice(seed), **combat_tables())
        for step in r.working:
            assert step.field and step.text
            for ruling in step.rulings:
                assert f"### {ruling} " in doc, ruling
