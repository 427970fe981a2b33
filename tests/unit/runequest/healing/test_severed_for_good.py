"""A limb severed for good, from the seed's words (ch. III, "Notes on Damage Results", notes 1 and 3;
"Healing Damage to a Hit Location"):

* "A limb struck for 6 or more points beyond what it can hold in a single blow is severed or
  irrevocably maimed. Only a 6-point Healing spell or potion, applied within 2 full turns, will
  reknit the limb."
* "Arm — the limb is useless, and anything not fastened to it is dropped. The character continues to
  stand and fight with whatever limbs are left to him."
* "Natural Healing — ... a character recovers from wounds at the rate of 1 point per game week, in
  each wounded location."

Once the window has closed, weeks of rest heal the wound but never the limb (RQ-132).
"""

from __future__ import annotations

from pyengine.runequest.healing.elapse import pass_time
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import Elapsed, Frame, Healing, Wounds
from pyengine.runequest.healing.standing import condition_words, useless_limbs
from pyengine.runequest.healing.treatment import heal

#: "a character with total Hit Points of 14 would have 5 points in his abdomen, 4 in each arm,
#: 5 in his head, and 6 in his chest, plus (from the leg row) 5 in each leg"
FOURTEEN = Frame(hit_points=14, locations={"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6,
                                           "right_arm": 4, "left_arm": 4, "head": 5})


def severed_for_good(key: str = "left_arm", damage: int = 10) -> Wounds:
    """``key`` struck for ``damage`` (6 or more beyond its points), then 2 full turns without Healing."""
    wounds, _ = take_wound(FOURTEEN, Wounds(), key, damage)
    late = pass_time(FOURTEEN, wounds, Elapsed(turns=2)).wounds
    assert late.severed == {key: 0}
    return late


def test_weeks_of_rest_after_the_window_closed_heal_the_wound_but_the_arm_stays_useless():
    """Intent: "Only a 6-point Healing ... applied within 2 full turns, will reknit the limb": once the 2
    full turns are past, nothing reknits it, so weeks of natural healing close the wound ("1 point per game
    week, in each wounded location") and the arm stays "useless". He "continues to stand and fight with
    whatever limbs are left to him": fighting, never "unhurt" (RQ-132, RQ-93)."""
    rested = pass_time(FOURTEEN, severed_for_good(), Elapsed(weeks=12))
    w = rested.wounds
    assert w.severed == {"left_arm": 0}, "severed for good is kept"
    assert w.wounds == {} and w.damage_taken == 0, "the wound itself heals, its points back on his total"
    assert w.condition == "fighting", "a man with an arm severed for good is not unhurt"
    assert w.maimed == (), "healed below its points, it no longer keeps him from fighting (RQ-93)"
    assert useless_limbs(FOURTEEN, w) == ("left_arm",)
    assert condition_words(FOURTEEN, w) == "fighting; left arm useless: severed for good"
    assert "left arm useless: severed for good" in " | ".join(s.text for s in rested.steps)
    assert any("RQ-132" in s.rulings for s in rested.steps)


def test_healing_spells_after_the_window_heal_the_stump_not_the_arm():
    """Intent: "Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb":
    6 points and more, too late, heal the wound only; the limb stays useless and he is not unhurt."""
    late = severed_for_good()
    once = heal(FOURTEEN, late, Healing(how="spell", location="left_arm", points=6)).wounds
    twice = heal(FOURTEEN, once, Healing(how="spell", location="left_arm", points=6)).wounds
    assert twice.wounds == {} and twice.severed == {"left_arm": 0}
    assert twice.condition == "fighting" and useless_limbs(FOURTEEN, twice) == ("left_arm",)


def test_a_severed_limb_healed_below_its_points_but_not_reknit_is_still_useless():
    """Intent: "severed or irrevocably maimed": a severed limb is out of use until 6 points at once reknit
    it; Healing of fewer points that closes the wound still leaves it severed, so useless (RQ-132)."""
    wounds, _ = take_wound(FOURTEEN, Wounds(), "right_leg", 11)
    five = heal(FOURTEEN, wounds, Healing(how="spell", location="right_leg", points=5)).wounds
    more = heal(FOURTEEN, five, Healing(how="spell", location="right_leg", points=5)).wounds
    assert more.wounds == {"right_leg": 1} and more.severed == {"right_leg": 50}
    assert useless_limbs(FOURTEEN, more) == ("right_leg",)
    assert condition_words(FOURTEEN, more) == "fighting; right leg useless: severed (6 points of Healing within " \
        "50 rounds reknit it)"
    knit = heal(FOURTEEN, more, Healing(how="spell", location="right_leg", points=6)).wounds
    assert knit.severed == {} and useless_limbs(FOURTEEN, knit) == ()
    assert knit.condition == "unhurt" and condition_words(FOURTEEN, knit) == "unhurt"


def test_a_disabled_limb_is_useless_too_and_the_words_say_so():
    """Intent: "Points Equaled or Exceeded in Any One Location ... Arm — the limb is useless"."""
    wounds, _ = take_wound(FOURTEEN, Wounds(), "right_arm", 4)
    assert useless_limbs(FOURTEEN, wounds) == ("right_arm",)
    assert condition_words(FOURTEEN, wounds) == "fighting; right arm useless"
    assert condition_words(FOURTEEN, Wounds()) == "unhurt"
