"""A statement says what the round will do with it (RQ-139): each stated parry, blow, shot or readying
the fight's state now makes impossible or different is told before the round, in the round's own words."""

from __future__ import annotations

import msgspec
import pytest

from pyengine.cli.tables import hit_locations
from pyengine.dice import RandomDice, RollLog, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.defaults import next_intents
from pyengine.runequest.melee.foresee import foreseen, left_out
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.log import FightLog, read_any, situation_now, to_link
from pyengine.runequest.melee.model import Fight, FightState, Start, Stuck, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.statement import Intent, ParryIntent, Ready, Shoot, Strike
from tests.worked_examples import engine_fight

SHIELD = "medium shield (about 60 cm)"
WHO = (("Aldo", "A", "broadsword", "medium_shield"), ("Bera", "B", "short_spear_1h", ""),
       ("Cora", "B", "javelin", ""))


@pytest.fixture(scope="module")
def fight(tables):
    return engine_fight(tables, WHO)


def with_body(fight, name, **changes) -> FightState:
    state = start(fight)
    bodies = dict(state.bodies)
    bodies[name] = msgspec.structs.replace(bodies[name], **changes)
    return FightState(round=1, bodies=bodies)


ALDO = Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bera"),), parries=(ParryIntent(arm=SHIELD),))


def test_a_fresh_statement_foresees_nothing(fight):
    assert foreseen(fight, start(fight), ALDO) == ()


def test_a_shield_on_an_arm_gone_to_zero_cannot_parry_and_the_row_says_why(fight, tables):
    # "Arm — the limb is useless, and anything not fastened to it is dropped": the shield stays strapped
    # on, yet the round asks for no parry with it; the row says so before the round, in the round's words.
    state = with_body(fight, "Aldo", wounds={"left_arm": 3}, damage_taken=3)
    said = foreseen(fight, state, ALDO)
    assert said == (f"Aldo cannot parry with the {SHIELD}: the left arm is useless: no parry with it this round",)
    r = RoundContext(fight, state, (ALDO,), RollLog(ScriptedDice([])), melee_tables(tables, hit_locations()),
                     rules=None)  # type: ignore[arg-type]
    parry, _, note = r.parry_for("Aldo", "Bera", False)
    assert parry is None and said[0].startswith(note)


def test_a_weapon_dropped_from_a_useless_arm_strikes_no_blow(fight):
    # "anything not fastened to it is dropped": the broadsword is no longer in his hand.
    state = with_body(fight, "Aldo", wounds={"right_arm": 3}, damage_taken=3, in_hand=(SHIELD,))
    assert foreseen(fight, state, ALDO) == ("attacks Bera with the broadsword: aborted, the right arm is useless",)


def test_a_broken_weapon_is_refused_before_the_round(fight):
    # "When the accumulated damage a weapon has taken exceeds the amount it can withstand, the weapon breaks."
    state = with_body(fight, "Aldo", broken=("broadsword",), in_hand=(SHIELD,))
    assert foreseen(fight, state, ALDO) == ("the round will refuse this statement: Aldo's broadsword is broken",)


def test_a_weapon_stuck_in_a_foe_strikes_no_blow(fight):
    # "the weapon also becomes stuck in the target's body, and can only be extracted by the attacker making a roll"
    stuck = Stuck(owner="Bera", weapon="short spear", location="chest", impale_max=11, fumble_min=99, damage="1D6+1")
    state = with_body(fight, "Aldo", stuck_in=(stuck,))
    bera = Intent(who="Bera", actions=(Strike(arm="short spear", target="Aldo"),))
    assert foreseen(fight, state, bera) == ("attacks Aldo with the short spear: aborted, the short spear is stuck in Aldo",)
    readying = Intent(who="Bera", actions=(Ready(arm="short spear"),))
    assert foreseen(fight, state, readying) == ("readies the short spear: aborted, the short spear is stuck in Aldo",)


def test_a_target_that_is_down_is_said_before_the_round(fight):
    # "If one opponent disables another before the second one can attack, the disabled character gets no
    # attack at all"; a blow at one already dead is aborted, one at a foe down strikes a helpless man (RQ-49).
    dead = with_body(fight, "Bera", condition="dead")
    assert foreseen(fight, dead, ALDO) == ("attacks Bera with the broadsword: aborted, Bera is already dead",)
    out = with_body(fight, "Bera", condition="unconscious")
    assert foreseen(fight, out, ALDO) == (
        "attacks Bera with the broadsword: Bera is unconscious: totally helpless, killed outright unless the blow "
        "fumbles (RQ-60)",)
    down = with_body(fight, "Bera", condition="incapacitated", on_ground=True)
    assert foreseen(fight, down, ALDO) == (
        "attacks Bera with the broadsword: Bera is incapacitated, helpless: +20% to hit (RQ-49)",)


def test_a_thrown_weapon_gone_is_no_missile_left_to_throw(fight):
    # A thrown javelin leaves his hand: with none left, the round refuses a second throw.
    state = with_body(fight, "Cora", gone=("javelin",), in_hand=())
    cora = Intent(who="Cora", actions=(Shoot(arm="javelin", target="Aldo"),))
    assert foreseen(fight, state, cora) == ("the round will refuse this statement: Cora's javelin is out of reach",)



# -- no arrows left (RQ-140) ----------------------------------------------------------------------------

ARCHER = (("Aldo", "A", "broadsword", "medium_shield"), ("Cora", "B", "self_bow", ""))
SHOT = Intent(who="Cora", actions=(Shoot(arm="self bow", target="Aldo"),))


def counted(tables, n: int):
    fight = engine_fight(tables, ARCHER)
    cora = msgspec.structs.replace(fight.combatants[1], start=Start(missiles={"self bow": n}))
    return Fight(combatants=(fight.combatants[0], cora))


def test_no_arrows_left_is_said_before_the_round_and_refused(tables):
    # RQ-105: "Each shot rolled in a fight (hit or miss) uses one"; with none left, no shot.
    fight = counted(tables, 0)
    assert foreseen(fight, start(fight), SHOT) == (
        "the round will refuse this statement: Cora has no arrows left for the self bow (RQ-140)",)
    with pytest.raises(IllegalActionError, match="no arrows left"):
        check_intents(fight, start(fight), (SHOT,))
    two = Intent(who="Cora", actions=(Shoot(arm="self bow", target="Aldo"), Shoot(arm="self bow", target="Aldo")))
    fight = counted(tables, 1)
    assert foreseen(fight, start(fight), two) == (
        "the round will refuse this statement: Cora has only 1 arrow left for the self bow (RQ-140)",)


def test_the_last_arrow_shot_leaves_none_and_next_round_says_why_the_shot_is_not_carried(tables):
    fight = counted(tables, 1)
    mt = melee_tables(tables, hit_locations())
    result = resolve_round(fight, start(fight), (SHOT,), dice=RandomDice(3), tables=mt)
    assert result.state.bodies["Cora"].missiles == {"self bow": 0}
    assert next_intents(fight, result.state, (SHOT,))[0].actions == ()
    assert left_out(fight, result.state, SHOT, next_intents(fight, result.state, (SHOT,))[0]) == (
        "last round's shoots at Aldo with the self bow is not carried on: Cora has no arrows left for the self bow "
        "(RQ-140)",)
    # the situation now carries the count
    assert situation_now(FightLog(fight=fight), result.state).fight.combatants[1].start.missiles == {"self bow": 0}


def test_a_fight_that_counts_no_missiles_shoots_as_before(tables):
    fight = engine_fight(tables, ARCHER)
    mt = melee_tables(tables, hit_locations())
    result = resolve_round(fight, start(fight), (SHOT,), dice=RandomDice(3), tables=mt)
    assert result.state.bodies["Cora"].missiles == {} and foreseen(fight, start(fight), SHOT) == ()


def test_missiles_counted_ride_in_the_fights_link(tables):
    fight = counted(tables, 7)
    log = FightLog(fight=fight)
    assert read_any(to_link(log)).fight.combatants[1].start.missiles == {"self bow": 7}


def test_a_foe_on_the_ground_is_struck_helpless(fight):
    # "Leg — the limb is useless, and the character must fall … He may fight from the ground during following rounds."
    down = with_body(fight, "Bera", condition="fighting", on_ground=True, wounds={"left_leg": 4}, damage_taken=4)
    assert foreseen(fight, down, ALDO) == (
        "attacks Bera with the broadsword: Bera is on the ground, helpless: +20% to hit (RQ-49)",)
