"""A fight's results written to the saved adventurers in it ("write the results to the
sheets" shows, per saved adventurer, what will change (wounds, conditions, weapon damage, arrows
used, experience checks) and writes it only on confirmation. Quick-stat-block combatants are not
written anywhere").

"Weapons absorb damage on a cumulative basis ... When the accumulated damage a weapon has taken
exceeds the amount it can withstand, the weapon breaks" (ch. IV); "only a single successful use of
a given weapon or shield needs to be logged per scenario" (ch. IV, Learning by Experience).
"""

from __future__ import annotations

import pytest

from pyengine.dice import ScriptedDice
from pyengine.errors import RulesError
from pyengine.runequest.campaign.changes import damage_weapon, set_ammunition, take_damage
from pyengine.runequest.campaign.current import Current, Written
from pyengine.runequest.campaign.writeback import apply_write_back, experience_rolled, plan_write_back
from pyengine.runequest.melee.model import Fight, start
from pyengine.runequest.melee.statement import Intent, ParryIntent, Ready, Shoot, Strike
from tests.unit.runequest.campaign.campaign_world import answering, broo, fighter, play, rurik

ID = "rurik-1"


def texts(plan):
    return " | ".join(s.text for s in plan.changes)


def dagger_to_the_chest(fight, state, mt, who="Broo"):
    """The broo's dagger hits Rurik's chest: 1D4+2 = 3, his hauberk stops 1, 2 get through."""
    intents = (Intent(who=who, actions=(Strike(arm="dagger", target="Rurik"),)),)
    return play(fight, state, intents, mt, answering((f"{who} attacks", {100: 10, 20: 12, 4: 1})))


def chest_3(tables):
    return take_damage(rurik(), tables, location="chest", points=3, cause="an old wound", fight="Ambush",
                       round=2).adventurer


def test_a_wounded_adventurer_who_takes_2_more_has_5_and_only_the_new_injury_is_added(tables, mt):
    before = chest_3(tables)
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    r1 = dagger_to_the_chest(fight, start(fight), mt)
    assert r1.state.bodies["Rurik"].wounds == {"chest": 5}
    plan = plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f-1", label="Broo den")
    (p,) = plan.plans
    assert p.character == ID and p.name == "Rurik" and not p.written
    assert [(i.location, i.points, i.fight, i.round) for i in p.injuries] == [("chest", 2, "Broo den", 1)]
    assert p.injuries[0].cause == "Broo attacks Rurik with the dagger"
    c = p.after.current
    assert c.wounds.wounds == {"chest": 5} and c.wounds.damage_taken == 5
    assert [(i.points, i.cause) for i in c.injuries] == [(3, "an old wound"), (2, "Broo attacks Rurik with the dagger")]
    assert "new wound: 2 points to the chest (Broo attacks Rurik with the dagger; Broo den, round 1)" in texts(p)
    assert c.written("f-1").round == 1
    assert apply_write_back(plan) == {ID: p.after}
    assert apply_write_back(plan, {ID: before}) == {ID: p.after}


def test_quick_stat_blocks_are_written_nowhere(tables, mt):
    fight = Fight(combatants=(fighter(tables, rurik(), ID), broo(tables)))
    plan = plan_write_back(fight, [dagger_to_the_chest(fight, start(fight), mt)], {ID: rurik()}, tables, fight_id="f")
    assert [p.name for p in plan.plans] == ["Rurik"]
    assert plan.left_out == ("Broo: a quick stat block, written nowhere",)
    assert set(apply_write_back(plan)) == {ID}


def test_a_saved_sheet_no_longer_on_the_device_is_left_out_and_said_so(tables, mt):
    fight = Fight(combatants=(fighter(tables, rurik(), ID), broo(tables)))
    plan = plan_write_back(fight, [], {}, tables, fight_id="f")
    assert plan.plans == () and "Rurik: no saved sheet of this fighter is on this device" in plan.left_out


def test_writing_back_the_same_fight_twice_is_a_no_op_and_a_stale_plan_is_refused(tables, mt):
    before = chest_3(tables)
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    rounds = [dagger_to_the_chest(fight, start(fight), mt)]
    plan = plan_write_back(fight, rounds, {ID: before}, tables, fight_id="f-1")
    after = apply_write_back(plan)[ID]
    again = plan_write_back(fight, rounds, {ID: after}, tables, fight_id="f-1")
    assert again.plans[0].written and again.plans[0].after == after
    assert "this fight is on their sheet already, up to round 1" in texts(again.plans[0])
    assert apply_write_back(again, {ID: after}) == {}
    with pytest.raises(RulesError, match="Rurik: round 1 of this fight is on their sheet already") as caught:
        apply_write_back(plan, {ID: after})
    assert caught.value.field == ID
    edited = take_damage(before, tables, location="head", points=1).adventurer
    with pytest.raises(RulesError, match="their sheet changed since these results were worked out"):
        apply_write_back(plan, {ID: edited})


def test_a_fight_written_back_mid_way_writes_only_the_rounds_since(tables, mt):
    before = chest_3(tables)
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    r1 = dagger_to_the_chest(fight, start(fight), mt)
    first = apply_write_back(plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f-1"))[ID]
    r2 = dagger_to_the_chest(fight, r1.state, mt)
    assert r2.state.bodies["Rurik"].wounds == {"chest": 7}
    plan = plan_write_back(fight, [r1, r2], {ID: first}, tables, fight_id="f-1")
    p = plan.plans[0]
    assert [(i.points, i.round) for i in p.injuries] == [(2, 2)]
    assert p.after.current.wounds.wounds == {"chest": 7}
    assert [(i.points, i.round) for i in p.after.current.injuries] == [(3, 2), (2, 1), (2, 2)]
    assert p.after.current.fights[-1].round == 2 and len(p.after.current.fights) == 1
    assert p.after.current.wounds.bleeding == {"chest": 49}, "the chest disabled in round 2 bleeds, one round gone"


def test_a_fight_that_did_not_start_from_his_sheet_adds_its_wounds_to_the_sheets(tables, mt):
    before = chest_3(tables)
    fight = Fight(combatants=(fighter(tables, before, ID, fresh=True), broo(tables)))
    r1 = dagger_to_the_chest(fight, start(fight), mt)
    assert r1.state.bodies["Rurik"].wounds == {"chest": 2}
    p = plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f-1").plans[0]
    assert p.after.current.wounds.wounds == {"chest": 5} and p.after.current.wounds.damage_taken == 5
    assert "not those this fight started from" in texts(p)


def test_weapon_damage_carries_on_from_the_sheet_and_breaks_it(tables, mt):
    """The broadsword had 15 of its 20; parrying a war hammer's 8 breaks it (23), counted once."""
    before = damage_weapon(rurik(), tables, weapon="broadsword", points=15).adventurer
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables, weapon="war_hammer")))
    assert start(fight).bodies["Rurik"].weapon_damage == {"broadsword": 15}
    intents = (Intent(who="Broo", actions=(Strike(arm="war hammer or pick", target="Rurik"),)),
               Intent(who="Rurik", actions=(), parries=(ParryIntent(arm="broadsword", against="Broo"),)))
    r1 = play(fight, start(fight), intents, mt, answering(("Broo attacks", {100: 10, 20: 3, 6: 6}), ("parry", {100: 10})))
    p = plan_write_back(fight, [r1], {ID: before}, tables, fight_id="f", experience=False).plans[0]
    assert p.after.current.weapon_damage == {"broadsword": 23} and p.after.current.broken == ("broadsword",)
    assert "broadsword: 8 damage in this fight (15 → 23)" in texts(p) and "broadsword: broken in this fight" in texts(p)
    assert p.after.current.wounds.wounds == {}


def test_missiles_shot_come_off_the_missiles_counted(tables, mt):
    before = set_ammunition(rurik(), tables, weapon="self_bow", count=10).adventurer
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    intents = (Intent(who="Rurik", actions=(Ready(arm="self bow"), Shoot(arm="self bow", target="Broo", distance=10))),)
    r1 = play(fight, start(fight), intents, mt, answering(("Rurik shoots", {100: 97})))
    again = (Intent(who="Rurik", actions=(Shoot(arm="self bow", target="Broo", distance=10),)),)
    r2 = play(fight, r1.state, again, mt, answering(("Rurik shoots", {100: 97})))
    p = plan_write_back(fight, [r1, r2], {ID: before}, tables, fight_id="f").plans[0]
    assert p.after.current.ammunition == {"self_bow": 8}
    assert "self bow: 2 shots: 10 → 8 left" in texts(p)
    uncounted = plan_write_back(fight, [r1, r2], {ID: rurik()}, tables, fight_id="f").plans[0]
    assert uncounted.after.current.ammunition == {} and "does not count its missiles" in texts(uncounted)


def test_a_weapon_left_in_him_is_written_with_its_owner(tables, mt):
    """"The weapon also becomes stuck in the target's body"; "cannot be Healed until the weapon is withdrawn"."""
    fight = Fight(combatants=(fighter(tables, rurik(), ID), broo(tables, name="Gork", weapon="short_spear_1h")))
    intents = (Intent(who="Gork", actions=(Strike(arm="short spear", target="Rurik"),)),)
    r1 = play(fight, start(fight), intents, mt, answering(("Gork attacks", {100: 5, 20: 1, 6: 1})))
    p = plan_write_back(fight, [r1], {ID: rurik()}, tables, fight_id="f").plans[0]
    c = p.after.current
    assert c.wounds.impaled == ("right_leg",)
    (injury,) = c.injuries
    assert injury.location == "right_leg" and injury.stuck.weapon == "short spear" and injury.stuck.owner == "Gork"
    assert "Gork's short spear stuck in it" in texts(p)


def test_experience_marks_are_kept_once_and_nothing_is_rolled_at_write_back(tables, mt):
    """A successful attack marks the broadsword; the mark goes on his record, rolled only when the
    scenario ends (RQ-54, RQ-134). Until 0.4.0 this test had the check rolled here, once per fight."""
    fight = Fight(combatants=(fighter(tables, rurik(), ID), broo(tables)))
    intents = (Intent(who="Rurik", actions=(Strike(arm="broadsword", target="Broo"),)),)
    r1 = play(fight, start(fight), intents, mt, answering(("Rurik attacks", {100: 20, 20: 1, 8: 1})))
    plan = plan_write_back(fight, [r1], {ID: rurik()}, tables, fight_id="f", dice=ScriptedDice([]))
    p = plan.plans[0]
    assert p.checks == () and p.after.weapons[0].attack == 30 and p.after.adventures == 0
    assert p.after.current.marks == ("broadsword attack",) and not p.after.current.written("f").experience
    r2 = play(fight, r1.state, intents, mt, answering(("Rurik attacks", {100: 20, 20: 1, 8: 1})))
    later = plan_write_back(fight, [r1, r2], {ID: p.after}, tables, fight_id="f", dice=ScriptedDice([]))
    assert later.plans[0].after.current.marks == ("broadsword attack",)  # the same mark, once
    skipped = plan_write_back(fight, [r1], {ID: rurik()}, tables, fight_id="f", checked=["Rurik"])
    assert skipped.plans[0].after.current.marks == () and skipped.plans[0].after.weapons[0].attack == 30
    assert not skipped.plans[0].after.current.written("f").experience


def test_a_fight_whose_experience_was_rolled_before_0_4_0_stays_rolled(tables, mt):
    """The per-fight "rolled" mark of an older record is read, kept, and keeps the fight's marks off (RQ-136)."""
    fight = Fight(combatants=(fighter(tables, rurik(), ID), broo(tables)))
    intents = (Intent(who="Rurik", actions=(Strike(arm="broadsword", target="Broo"),)),)
    r1 = play(fight, start(fight), intents, mt, answering(("Rurik attacks", {100: 20, 20: 1, 8: 1})))
    rolled = rurik(current=Current(fights=(Written(fight="f", round=0, experience=True),)))
    assert experience_rolled(rolled, "f") and not experience_rolled(rolled, "g") and not experience_rolled(rurik(), "f")
    later = plan_write_back(fight, [r1], {ID: rolled}, tables, fight_id="f", dice=ScriptedDice([]))
    assert later.plans[0].after.current.marks == () and experience_rolled(later.plans[0].after, "f")
    assert "experience for this fight was rolled already" in texts(later.plans[0])


def test_the_plan_never_changes_the_records_it_was_given(tables, mt):
    before = chest_3(tables)
    fight = Fight(combatants=(fighter(tables, before, ID), broo(tables)))
    plan_write_back(fight, [dagger_to_the_chest(fight, start(fight), mt)], {ID: before}, tables, fight_id="f")
    assert before == chest_3(tables)


def test_a_fight_id_is_needed(tables):
    fight = Fight(combatants=(fighter(tables, rurik(), ID),))
    with pytest.raises(RulesError, match="is not a fight's id") as caught:
        plan_write_back(fight, [], {ID: rurik()}, tables, fight_id="")
    assert caught.value.field == "fight"
