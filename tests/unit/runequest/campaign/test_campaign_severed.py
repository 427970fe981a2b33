"""A limb severed for good, carried everywhere the limb matters: the sheet's "Now", a fight he comes
into (what he holds, what he can parry or attack with, a leg and the ground), and the write-back.

The seed (ch. III, "Notes on Damage Results"): "A limb struck for 6 or more points beyond what it can
hold in a single blow is severed or irrevocably maimed. Only a 6-point Healing spell or potion,
applied within 2 full turns, will reknit the limb"; "Arm — the limb is useless, and anything not
fastened to it is dropped"; "Leg — the limb is useless, and the character must fall ... He may fight
from the ground during following rounds" (RQ-132, RQ-133).
"""

from __future__ import annotations

import msgspec

from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.html import to_html
from pyengine.render.fight import entering_words
from pyengine.render.sheet_state import render_state
from pyengine.runequest.campaign.changes import take_damage
from pyengine.runequest.campaign.health import vitals
from pyengine.runequest.campaign.time import time_passes
from pyengine.runequest.campaign.writeback import plan_write_back
from pyengine.runequest.healing.model import Elapsed
from pyengine.runequest.melee import compact
from pyengine.runequest.melee.harm import useless_hand
from pyengine.runequest.melee.log import FightLog, add_round, read_any, replay, to_link
from pyengine.runequest.melee.model import Fight, MeleeRules, start
from pyengine.runequest.melee.render import default_declaration, render_body
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.statement import Intent, ParryIntent, Strike
from pyengine.runequest.sheet.derive import derive
from pyengine.share import decode_link
from tests.unit.runequest.campaign.campaign_world import answering, broo, fighter, play, rurik

ID = "rurik-1"
SHIELD = "medium shield (about 60 cm) (left)"


def lost(tables, location: str = "left_arm", points: int = 10):
    """Rurik (4-point arms, 5-point legs) struck there for 6 or more beyond its points, then 2 full turns
    without a 6-point Healing and 12 weeks of rest: the wound healed, the limb severed for good."""
    a = take_damage(rurik(), tables, location=location, points=points, cause="a broo's axe").adventurer
    a = time_passes(a, tables, Elapsed(turns=2)).adventurer
    a = time_passes(a, tables, Elapsed(weeks=12)).adventurer
    assert a.current.wounds.severed == {location: 0} and a.current.wounds.wounds == {}
    return a


def test_the_sheet_says_the_arm_is_severed_for_good_and_useless_and_he_is_not_unhurt(tables):
    """Intent: "the limb is useless": weeks later his sheet still says so, and he is not "unhurt"."""
    a = lost(tables)
    v = vitals(a.current, derive(a, tables))
    assert v.condition == "fighting" and v.left == v.hit_points
    row = {r.key: r for r in v.locations}["left_arm"]
    assert row.state == "severed" and row.notes == ("severed for good: useless (anything not fastened to it is "
                                                    "dropped)",)
    card = render_state(a, v, tables)
    assert "(wounded, able to fight)" in card and "Unhurt" not in card
    assert "left arm: severed for good: useless" in card


def test_he_comes_into_a_fight_with_no_shield_on_the_severed_arm_and_parries_nothing_with_it(tables, mt):
    """Intent: "Arm — the limb is useless, and anything not fastened to it is dropped": he comes in with
    nothing in that hand, the game master is offered no parry with its shield, and a parry stated with it
    is not made (RQ-133); the arm he has left fights ("continues to stand and fight with whatever limbs are
    left to him")."""
    c = fighter(tables, lost(tables), ID)
    assert c.start is not None and c.start.severed == {"left_arm": 0} and c.start.condition == "fighting"
    assert c.in_hand == ("broadsword",), "no shield on a severed arm"
    assert entering_words(c) == "left arm severed for good: useless"
    fight = Fight(combatants=(c, broo(tables)))
    state = start(fight)
    body = state.bodies["Rurik"]
    assert body.in_hand == ("broadsword",) and not body.on_ground
    card = to_html(render_body(c, body))
    assert "left arm severed for good: useless" in card and 'data-location="left_arm"' in card
    assert 'class="fs-loc fs-loc-out" data-location="left_arm"' in card
    assert useless_hand(c, body, c.arm(SHIELD)) == "the left arm is useless: severed for good"
    assert useless_hand(c, body, c.arm("broadsword")) == ""
    said = default_declaration(fight, state, c)
    assert SHIELD not in [p["arm"] for p in said["parries"]]
    assert said["actions"] == [{"do": "attack", "arm": "broadsword", "target": "Broo"}]
    intents = (Intent(who="Broo", actions=(Strike(arm="dagger", target="Rurik"),)),
               Intent(who="Rurik", actions=(), parries=(ParryIntent(arm=SHIELD, against="Broo"),)))
    asked: list[str] = []

    def answers(needed):
        asked.append(needed.purpose)
        return answering(("Broo attacks", {100: 10, 20: 12, 4: 1}), ("parry", {100: 5}))(needed)

    result = play(fight, state, intents, mt, answers)
    assert not any("parry" in p for p in asked), "no parry is rolled with the shield of a severed arm"
    hit = next(e for e in result.events if e.who == "Broo")
    assert "Rurik cannot parry with the medium shield (about 60 cm) (left): the left arm is useless: severed for " \
        "good" in hit.notes


def test_a_leg_severed_for_good_puts_him_on_the_ground_as_a_useless_leg_does(tables):
    """Intent: "Leg — the limb is useless, and the character must fall ... He may fight from the ground
    during following rounds": with a leg severed for good he comes into a fight on the ground (RQ-133)."""
    c = fighter(tables, lost(tables, "right_leg", 12), ID)
    assert c.start is not None and c.start.on_ground
    assert start(Fight(combatants=(c, broo(tables)))).bodies["Rurik"].on_ground
    assert c.in_hand == ("broadsword", SHIELD), "his arms are whole"


def test_the_write_back_keeps_the_arm_severed_for_good_and_says_so(tables, mt):
    """Intent: "Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb":
    a fight written back to his sheet never mends it; he stays "fighting", the arm useless (RQ-132)."""
    before = lost(tables)
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    intents = (Intent(who="Broo", actions=(Strike(arm="dagger", target="Rurik"),)),)
    r1 = play(fight, start(fight), intents, mt, answering(("Broo attacks", {100: 90})))  # the broo misses
    (p,) = plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f-1", label="Broo den").plans
    w = p.after.current.wounds
    assert w.severed == {"left_arm": 0} and w.condition == "fighting"
    assert "left arm: severed for good: useless" in " ".join(vitals(p.after.current, derive(p.after, tables)).notes)
    later = time_passes(p.after, tables, Elapsed(weeks=4)).adventurer
    assert later.current.wounds.severed == {"left_arm": 0} and later.current.wounds.condition == "fighting"


def test_an_arm_severed_in_a_fight_and_not_reknit_is_written_back_and_stays_useless_for_good(tables, mt):
    """Intent: "A limb struck for 6 or more points beyond what it can hold in a single blow is severed ...
    Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit the limb": a great axe
    takes Rurik's 4-point left arm for 12; written back, the clock goes on on his sheet; once it has run out
    and weeks have healed the wound, the arm is severed for good and useless, and he is not unhurt (RQ-132)."""
    before = rurik()
    axe = broo(tables, weapon="great_axe")
    fight = Fight(combatants=(fighter(tables, before, ID), axe))
    intents = (Intent(who="Broo", actions=(Strike(arm="great axe", target="Rurik"),)),)
    r1 = play(fight, start(fight), intents, mt, answering(("Broo attacks", {100: 10, 20: 17, 6: 5})))
    assert r1.state.bodies["Rurik"].severed == {"left_arm": 49}  # one round gone at the bookkeeping
    (p,) = plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f-2", label="Broo den").plans
    assert p.after.current.wounds.severed == {"left_arm": 49}
    later = time_passes(p.after, tables, Elapsed(turns=2)).adventurer
    later = time_passes(later, tables, Elapsed(weeks=12)).adventurer
    w = later.current.wounds
    assert w.severed == {"left_arm": 0} and w.wounds == {} and w.condition == "fighting"
    again = fighter(tables, later, ID)
    assert again.in_hand == ("broadsword",) and again.start is not None and again.start.severed == {"left_arm": 0}



def test_a_fight_link_made_now_says_edition_4_and_one_made_before_replays_as_it_did(tables, mt):
    """Intent: formats are promises. A fight made now is played by the rounds' edition 4 (RQ-132) and its
    link says so; a version 6 link that says nothing was made by 0.3.0, where his shield came in on the
    severed arm and parried: it replays exactly as it did, by edition 3."""
    c = fighter(tables, lost(tables), ID)
    intents = (Intent(who="Broo", actions=(Strike(arm="dagger", target="Rurik"),)),
               Intent(who="Rurik", actions=(), parries=(ParryIntent(arm=SHIELD, against="Broo"),)))
    dice = answering(("Broo attacks", {100: 10, 20: 12, 4: 1}), ("parry", {100: 5}))
    fight = Fight(combatants=(c, broo(tables)))
    now = play(fight, start(fight), intents, mt, dice)
    log = add_round(FightLog(fight=fight), now, intents)
    link = to_link(log)
    assert compact.expand(decode_link(link).data)["melee_rules"] == {"edition": 4}
    assert read_any(link) == log and replay(read_any(link), mt).state == now.state
    assert not parried(now) and now.state.bodies["Rurik"].wounds == {"chest": 2}
    # as 0.3.0 made it: the shield in his left hand, played by edition 3, its link saying no edition
    old_fight = Fight(combatants=(msgspec.structs.replace(c, in_hand=("broadsword", SHIELD)), broo(tables)))
    rolls: list[int] = []
    while True:
        try:
            then = resolve_round(old_fight, start(old_fight), intents, dice=ScriptedDice(rolls), tables=mt,
                                 melee_rules=MeleeRules(edition=3))
            break
        except NoRollLeft as exc:
            rolls.append(dice(exc.needed))
    assert parried(then) and then.state.bodies["Rurik"].wounds == {}
    old_link = to_link(msgspec.structs.replace(add_round(FightLog(fight=old_fight), then, intents),
                                               melee_rules=MeleeRules(edition=3)))
    assert "melee_rules" not in compact.expand(decode_link(old_link).data)
    assert replay(read_any(old_link), mt).state == then.state, "a 0.3.0 link replays as it did"


def parried(result) -> bool:
    """A parry die was rolled in the round."""
    return any("parr" in m.purpose for e in result.events for m in e.rolls)
