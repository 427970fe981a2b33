"""Shooting at protected targets, and melee over barriers (seed ch. IV; RQ-61, RQ-62).

"The chance of hitting a foe behind some form of protection, such as an arrow slit in a wall,
is the same as normal. However, if the hit location rolled is not actually visible to the
archer, the arrow or other missile simply hits the protection instead of the target. A
critical hit will hit in any case — adjust the hit location rolled to match an exposed area
of the body. The same rule applies to melee combat conducted over barriers, fences, castle
walls, and so on."

The hit-location D20: right leg 1-4, left leg 5-8, abdomen 9-11, chest 12, right arm 13-15,
left arm 16-18, head 19-20.
"""

from __future__ import annotations

import msgspec
import pytest

from pyengine.cli.tables import combat_tables
from pyengine.dice import ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.combat.barrier import landing_roll
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import render_result
from pyengine.runequest.vocabulary import Location

LOCS = dict(head=5, chest=6, abdomen=5, right_arm=4, left_arm=4, right_leg=5, left_leg=5)
BOW = Weapon(name="self bow", damage="1D6+1", kind="projectile", impales=True, range=80)
SWORD = Weapon(name="broadsword", damage="1D8+1", hp=20)
#: An arrow slit: only his head shows. A wall he fights over: head, chest and arms.
SLIT = ("head",)
WALL = ("head", "chest", "right_arm", "left_arm")


def defender(**changes: object) -> Defence:
    return Defence(hit_points=14, locations=LOCS, armour={"head": 3, "right_leg": 2}, **changes)  # type: ignore[arg-type]


def exchange(attack: Attack, defence: Defence, rolls: list[int]):
    dice = ScriptedDice(rolls)
    result = resolve_exchange(attack, defence, dice=dice, **combat_tables())
    assert dice.remaining == (), f"rolls left over: {dice.remaining}"
    return result


def test_the_chance_behind_an_arrow_slit_is_the_same_as_normal() -> None:
    # "The chance of hitting a foe behind some form of protection ... is the same as normal."
    r = exchange(Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [50, 3, 20])
    assert r.chance == 60


def test_a_location_the_archer_cannot_see_hits_the_protection() -> None:
    # "if the hit location rolled is not actually visible to the archer, the arrow ... simply hits
    # the protection instead of the target": 60% hits (50), 1D6+1 shows 3 (4), D20 5: left leg, hidden.
    r = exchange(Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [50, 3, 5])
    assert r.outcome == "cover" and r.hit and r.location is None and r.wound is None
    assert r.location_damage == 0 and r.condition == "unhurt" and r.hit_points_after == 14 and r.stuck is None
    assert "left leg" in r.headline and "cover" in r.headline
    assert any("RQ-61" in step.rulings for step in r.working)
    assert 'data-outcome="cover"' in render_result(r)


def test_a_location_the_archer_can_see_is_hit_as_usual() -> None:
    r = exchange(Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [50, 3, 20])
    assert r.outcome == "hit" and r.location is Location.HEAD and r.location_damage == 4 - 3


def test_a_critical_hit_hits_in_any_case_at_the_nearest_exposed_location() -> None:
    # "A critical hit will hit in any case — adjust the hit location rolled to match an exposed area
    # of the body": 01 at 60% is critical; D20 5 (left leg) is moved to the head, the only area the
    # slit shows (RQ-62), and a critical ignores its armour.
    r = exchange(Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [1, 3, 5])
    assert r.outcome == "critical" and r.location is Location.HEAD
    # 01 also impales (RQ-36): the bow's full 7 + the 4 rolled, all of it past his helmet
    assert r.armour_absorbed == 0 and r.location_damage == 11
    assert any("RQ-62" in step.rulings and "head" in step.text for step in r.working)


def test_the_same_rule_applies_to_melee_over_a_barrier() -> None:
    # "The same rule applies to melee combat conducted over barriers, fences, castle walls": a
    # sword over a wall that hides his legs and abdomen. 03 (right leg) strikes the wall.
    r = exchange(Attack(weapon=SWORD, chance=50), defender(exposed=WALL), [30, 4, 3])
    assert r.outcome == "cover"
    # a critical there goes to the nearest exposed area up the D20 from 3: the chest (12)
    r = exchange(Attack(weapon=SWORD, chance=50), defender(exposed=WALL), [2, 4, 3])
    assert r.outcome == "critical" and r.location is Location.CHEST


@pytest.mark.parametrize(
    ("exposed", "roll", "landed"),
    [
        (SLIT, 1, 19),  # everything moves to the head
        (WALL, 3, 12),  # right leg -> chest
        (WALL, 11, 12),  # abdomen -> chest, the next roll up
        (WALL, 15, 15),  # already exposed: unchanged
        (("right_leg", "chest"), 8, 12),  # 4 down or 4 up: ties go up the table
        (("right_leg", "chest"), 7, 4),  # 3 down beats 5 up
        (("left_leg",), 20, 8),  # nothing above: down
    ],
)
def test_a_critical_is_moved_to_the_nearest_exposed_roll(exposed, roll, landed) -> None:
    locations = combat_tables()["locations"]
    keys = frozenset(exposed)
    assert landing_roll(locations, roll, keys) == landed


def test_every_location_exposed_is_the_default_and_no_cover() -> None:
    # Nothing changes for a target in the open: the same rolls, the same result as before.
    attack = Attack(weapon=BOW, chance=60, distance=30)
    plain = exchange(attack, defender(), [50, 3, 5])
    every = exchange(attack, defender(exposed=tuple(LOCS)), [50, 3, 5])
    assert defender().exposed is None
    assert plain.outcome == every.outcome == "hit" and plain.location is every.location is Location.LEFT_LEG


def test_nothing_exposed_is_refused() -> None:
    with pytest.raises(RulesError, match="exposed") as caught:
        defender(exposed=())
    assert caught.value.field == "exposed"
    with pytest.raises(msgspec.ValidationError, match="exposed"):
        msgspec.convert({"hit_points": 14, "locations": LOCS, "exposed": ["tail"]}, type=Defence)


def test_a_shield_still_parries_first_and_the_rest_strikes_the_cover() -> None:
    # The parry comes first ("Notes on Shield Use"); what strikes through then meets the cover.
    shield = Parry(kind="shield", chance=50, name="buckler", absorbs=2)
    r = exchange(Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT, parry=shield), [50, 40, 5, 5])
    # 1D6+1 = 6, the buckler absorbs 2, 4 strike through to the left leg: behind the slit's wall
    assert r.outcome == "cover" and r.shield_absorbed == 2 and r.location_damage == 0


def test_a_totally_helpless_man_behind_cover() -> None:
    # RQ-60 with RQ-61: the blow needs a location only when cover hides some of him.
    attack = Attack(weapon=BOW, chance=60, distance=30, target_totally_helpless=True)
    assert exchange(attack, defender(exposed=SLIT), [50, 19]).outcome == "killed"
    assert exchange(attack, defender(exposed=SLIT), [50, 5]).outcome == "cover"
    assert exchange(attack, defender(exposed=SLIT), [1, 5]).outcome == "killed"  # a critical hits in any case


def test_the_odds_behind_an_arrow_slit() -> None:
    # 2 of the D20's 20 show the head: of the blows that land and are not critical, 18 in 20 hit the wall.
    attack = Attack(weapon=BOW, chance=60, distance=30)
    odds = exchange_odds(attack, defender(exposed=SLIT), **combat_tables())
    assert odds.total == 1
    assert odds.outcomes["cover"] > 0 and float(odds.outcomes["cover"]) == pytest.approx(
        (60 - 3) / 100 * 18 / 20, rel=1e-9)


def test_the_new_steps_cite_rulings_that_are_written_down() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[4] / "docs" / "rulings.md").read_text(encoding="utf-8")
    shield = Parry(kind="shield", chance=50, name="buckler", absorbs=2)
    cases = [
        (Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [1, 3, 5]),
        (Attack(weapon=BOW, chance=60, distance=30), defender(exposed=SLIT), [50, 3, 5]),
        (Attack(weapon=SWORD, chance=40, target_totally_helpless=True), defender(parry=shield, defense=5), [30]),
        (Attack(weapon=SWORD, chance=50, skill=100), defender(parry=shield, parry_skill=100), [98, 98]),
    ]
    cited = {ruling for attack, defence, rolls in cases for step in exchange(attack, defence, rolls).working
             for ruling in step.rulings}
    assert {"RQ-50", "RQ-60", "RQ-61", "RQ-62"} <= cited
    for ruling in cited:
        assert f"### {ruling} " in doc, ruling
