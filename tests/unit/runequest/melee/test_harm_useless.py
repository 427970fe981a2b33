"""Whether a hand can hold what he means to use (:func:`~pyengine.runequest.melee.harm.useless_hand`): the one
answer every action asks (ready, strike, parry, grapple, what he holds as he comes in). The seed: "Arm — the
limb is useless, and anything not fastened to it is dropped"; "A limb struck for 6 or more points beyond what
it can hold in a single blow is severed or irrevocably maimed. Only a 6-point Healing spell or potion, applied
within 2 full turns, will reknit the limb" (RQ-132, RQ-133)."""

from __future__ import annotations

from pyengine.runequest.combat.model import Parry
from pyengine.runequest.melee.harm import hand_useless, useless_hand
from pyengine.runequest.melee.model import Arm, Body, Combatant, Start

LOCATIONS = {"head": 5, "chest": 6, "abdomen": 5, "right_arm": 4, "left_arm": 4, "right_leg": 5, "left_leg": 5}
SHIELD = Arm(name="shield", parry=Parry(kind="shield", chance=40, name="shield", absorbs=12), hands="left")
SPEAR = Arm(name="spear", hands="both")
BO = Combatant(name="Bo", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=14, locations=LOCATIONS, dex_sr=3,
               arms=(SHIELD, SPEAR))


def test_an_arm_severed_and_not_reknit_is_useless_whatever_its_wound():
    """Intent: a severed arm healed below its points without a 6-point Healing is still "severed or irrevocably
    maimed": no shield on it, no two-handed weapon in both hands."""
    healed = Body(severed={"left_arm": 0})
    assert useless_hand(BO, healed, SHIELD) == "the left arm is useless: severed for good"
    assert useless_hand(BO, healed, SPEAR) == "the left arm is useless: severed for good"
    waiting = Body(severed={"left_arm": 30}, wounds={"left_arm": 1})
    assert useless_hand(BO, waiting, SHIELD) == "the left arm is useless: severed"
    assert hand_useless(LOCATIONS, Start(severed={"left_arm": 0}), SHIELD) == "the left arm is useless: severed for good"


def test_a_disabled_arm_says_what_it_said_and_a_whole_one_nothing():
    """Intent: "Points Equaled or Exceeded in Any One Location ... Arm — the limb is useless"."""
    assert useless_hand(BO, Body(wounds={"left_arm": 4}), SHIELD) == "the left arm is useless"
    assert useless_hand(BO, Body(wounds={"left_arm": 3}), SHIELD) == ""
    assert useless_hand(BO, Body(severed={"right_arm": 0}), SHIELD) == ""
