"""Strike ranks in a round: the seed's own examples (ch. III and IV)."""

from __future__ import annotations

import pytest

from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.intent import Intent, Move, Ready, Shoot, Spell, Strike
from pyengine.runequest.melee.model import Arm, Body, Combatant
from pyengine.runequest.melee.timing import schedule

LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}


def bowman() -> Combatant:
    """Average DEX (DEX SR 3): "a character of average DEX"."""
    bow = Arm(name="self bow", weapon=Weapon(name="self bow", damage="1D6+1", kind="projectile", impales=True, range=90),
              attack=40, sr=3, hands="both", rate="S/MR")
    return Combatant(name="Archer", side="A", STR=11, CON=11, SIZ=11, DEX=11, hit_points=11, locations=LOCS, dex_sr=3,
                     arms=(bow,))


def swordsman(sr1: int, sr2: int) -> Combatant:
    sword = Arm(name="sword", weapon=Weapon(name="sword", damage="1D8+1"), attack=60, sr=sr1)
    axe = Arm(name="hatchet", weapon=Weapon(name="hatchet", damage="1D6"), attack=60, sr=sr2, hands="left")
    fist = Arm(name="fist", weapon=Weapon(name="fist", damage="1D3", kind="natural"), attack=100, sr=9)
    big = Arm(name="great sword", weapon=Weapon(name="great sword", damage="2D8"), attack=110, sr=5, hands="both")
    return Combatant(name="Twin", side="A", STR=14, CON=11, SIZ=13, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                     arms=(sword, axe, fist, big), in_hand=("sword", "hatchet"))


def srs(me: Combatant, body: Body, *actions, table, surprised=False):
    timed = schedule(me, body, Intent(who=me.name, actions=actions, surprised=surprised), table)
    return [(t.sr, bool(t.too_late)) for t in timed], timed


def test_disruption_move_and_ready_a_bow_use_11_strike_ranks_and_leave_no_shot(tables):
    # "toss a Disruption spell — taking 3 points ... move 9 meters (3 more points) and draw his
    # bow and an arrow (5 points ...). He's then out of points and cannot fire that round"
    me = bowman()
    got, timed = srs(me, Body(), Spell(name="Disruption", points=1, target="Foe"), Move(metres=9), Ready(arm="self bow"),
                     Shoot(arm="self bow", target="Foe"), table=tables.strike_ranks)
    assert got == [(3, False), (6, False), (11, False), (14, True)]
    assert "past 12" in timed[3].too_late


def test_with_an_arrow_nocked_two_arrows_at_3_and_11(tables):
    # "strike rank 3 for the first shot, then 5 to ready a new arrow, then 3 to shoot it — 11 points total"
    me = bowman()
    body = Body(in_hand=("self bow",), prepared=("self bow",))
    got, timed = srs(me, body, Shoot(arm="self bow", target="Foe"), Shoot(arm="self bow", target="Foe"),
                     table=tables.strike_ranks)
    assert got == [(3, False), (11, False)]
    assert "ready self bow 5" in timed[1].working.text


def test_an_unprepared_missile_adds_5(tables):
    got, _ = srs(bowman(), Body(), Shoot(arm="self bow", target="Foe"), table=tables.strike_ranks)
    assert got == [(8, False)]


@pytest.mark.parametrize(
    ("sr1", "sr2", "expected"),
    [
        (5, 6, [(5, False), (11, False)]),  # "the second attack comes at strike rank 11"
        (6, 6, [(6, False), (12, False)]),  # "at strike rank 6 and strike rank 12 — and no more"
        (7, 6, [(7, True), (13, True)]),  # "more than 12, then neither can attack that round at all"
    ],
)
def test_two_weapons_strike_at_the_sum_or_neither(tables, sr1, sr2, expected):
    me = swordsman(sr1, sr2)
    body = Body(in_hand=("sword", "hatchet"))
    got, timed = srs(me, body, Strike(arm="sword", target="Foe"), Strike(arm="hatchet", target="Foe"),
                     table=tables.strike_ranks)
    assert got == expected
    if expected[0][1]:
        assert "neither" in timed[0].too_late


def test_a_split_attack_comes_5_later_and_a_fist_at_9_cannot_strike_twice(tables):
    me = swordsman(5, 6)
    body = Body(in_hand=("fist",))
    got, timed = srs(me, body, Strike(arm="fist", target="A"), Strike(arm="fist", target="B"), table=tables.strike_ranks)
    assert got == [(9, False), (14, True)]
    assert timed[1].share == 2
    body = Body(in_hand=("great sword",))
    got, _ = srs(me, body, Strike(arm="great sword", target="A"), Strike(arm="great sword", target="B"),
                 table=tables.strike_ranks)
    assert got == [(5, False), (10, False)]  # "if the first blow lands at strike rank 5, the second ... 5+5=10"


def test_drawing_a_weapon_and_moving_add_to_the_blow(tables):
    me = swordsman(5, 6)
    # joining a melee already going on (Foe is engaged with Other): 4 m is 2 SR (1 per 3 m, part of 3 m
    # counts), then draw 5, then the sword's 5 (RQ-44)
    intent = Intent(who=me.name, actions=(Move(metres=4), Strike(arm="sword", target="Foe")))
    timed = schedule(me, Body(), intent, tables.strike_ranks, melees={"Foe": frozenset({"Other"})})
    assert [(t.sr, bool(t.too_late)) for t in timed] == [(2, False), (12, False)]
    assert "draw sword 5" in timed[1].working.text
    # two fighters meeting: the draw counts, the moving does not
    got, timed = srs(me, Body(), Move(metres=4), Strike(arm="sword", target="Foe"), table=tables.strike_ranks)
    assert got == [(2, False), (10, False)]
    assert timed[1].working.text == "draw sword 5 + sword 5 (the 2 of moving not counted: a meeting of two fighters) = SR 10"


def test_surprise_adds_to_the_round(tables):
    me = swordsman(5, 6)
    got, timed = srs(me, Body(in_hand=("sword",)), Strike(arm="sword", target="Foe"), table=tables.strike_ranks,
                     surprised=True)
    assert got == [(8, False)]
    assert timed[0].working.text == "surprised 3 + sword 5 = SR 8"
    assert timed[0].working.rulings == ("RQ-44", "RQ-46") and timed[0].working.value == 8


def test_a_spell_with_both_hands_full_adds_5(tables):
    me = swordsman(5, 6)
    got, timed = srs(me, Body(in_hand=("sword", "hatchet")), Spell(name="Disruption", points=1, target="Foe"),
                     table=tables.strike_ranks)
    assert got == [(8, False)]
    assert "no free hand 5" in timed[0].working.text


def test_shield_parry_unused_in_timing(tables):
    me = Combatant(name="S", side="A", STR=11, CON=11, SIZ=11, DEX=11, hit_points=11, locations=LOCS, dex_sr=3,
                   arms=(Arm(name="shield", parry=Parry(kind="shield", chance=50, absorbs=8)),))
    assert schedule(me, Body(), Intent(who="S"), tables.strike_ranks) == []
