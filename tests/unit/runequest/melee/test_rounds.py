"""Melee rounds resolved in strike-rank order, from the seed's words (ch. III-IV).

Dice are scripted: an exchange rolls the attack D100, the parry D100 (when one is
held ready), the weapon's damage dice, then the D20 hit location (RQ-42).
"""

from __future__ import annotations

import msgspec
import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.dice import NoRollLeft, ScriptedDice
from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.intent import (
    Extract,
    Grapple,
    Heal,
    Intent,
    Move,
    ParryIntent,
    PullOut,
    Strike,
    check_intents,
)
from pyengine.runequest.melee.model import Arm, Combatant, Fight, start
from pyengine.runequest.melee.round import resolve_round

LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}
# D20 rolls for each location
LEG, ABDOMEN, CHEST, RIGHT_ARM, HEAD = 1, 9, 12, 13, 19


def fighter(name, side, *, dex=12, sr=6, attack=50, damage="1D8", impales=False, defense=0, parry=None,
            strength=12, con=12, siz=12, extra=()):
    arms = [Arm(name="sword", weapon=Weapon(name="sword", damage=damage, impales=impales, hp=20), attack=attack, sr=sr,
                parry=parry)]
    arms.append(Arm(name="grapple", attack=60, sr=sr + 2, grapple=True))
    arms.extend(extra)
    return Combatant(name=name, side=side, STR=strength, CON=con, SIZ=siz, DEX=dex, hit_points=12, locations=LOCS,
                     dex_sr=3, arms=tuple(arms), defense=defense, in_hand=("sword",))


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


def attack(who, target, arm="sword", **intent):
    return Intent(who=who, actions=(Strike(arm=arm, target=target),), **intent)


def run(fight, state, intents, rolls, mt):
    dice = ScriptedDice(rolls)
    result = resolve_round(fight, state, tuple(intents), dice=dice, tables=mt)
    assert dice.remaining == (), f"rolls left over: {dice.remaining}"
    return result


def done(result):
    return [(e.sr, e.who, e.done) for e in result.events]


def test_lowest_strike_rank_first_and_a_disabled_fighter_gets_no_attack(mt):
    # "If one opponent disables another before the second one can attack, the disabled character
    # gets no attack at all"
    fight = Fight(combatants=(fighter("Fast", "A", sr=5), fighter("Slow", "B", sr=7)))
    # Fast hits (10), 1D8 = 8 to the head (5 points): unconscious
    result = run(fight, start(fight), [attack("Slow", "Fast"), attack("Fast", "Slow")], [10, 8, HEAD], mt)
    assert done(result) == [(5, "Fast", True), (7, "Slow", False)]
    assert "disabled before their strike rank" in result.events[1].outcome
    assert result.state.bodies["Slow"].condition == "unconscious"
    assert result.state.bodies["Slow"].bleeding == {"head": 49}  # 50 rounds, one gone at bookkeeping


def test_same_strike_rank_the_higher_dex_strikes_first(mt):
    # "If both combatants have the same strike rank, their DEX scores are compared, and the faster
    # combatant strikes first."
    fight = Fight(combatants=(fighter("Slow", "A", dex=10), fighter("Quick", "B", dex=15)))
    result = run(fight, start(fight), [attack("Slow", "Quick"), attack("Quick", "Slow")], [10, 8, HEAD], mt)
    assert done(result) == [(6, "Quick", True), (6, "Slow", False)]
    assert not any(e.simultaneous for e in result.events)


def test_equal_dex_strikes_are_simultaneous_and_both_land(mt):
    # "If the DEXs are also the same, both strikes are simultaneous: damage is not assessed until
    # both attacks have been rolled and resolved."
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B")))
    result = run(fight, start(fight), [attack("Ann", "Bo"), attack("Bo", "Ann")], [10, 8, HEAD, 20, 7, HEAD], mt)
    assert done(result) == [(6, "Ann", True), (6, "Bo", True)]
    assert all(e.simultaneous for e in result.events)
    assert result.state.bodies["Ann"].condition == "unconscious"
    assert result.state.bodies["Bo"].condition == "unconscious"


def test_nothing_happens_past_strike_rank_12(mt):
    # Ann joins the melee Bo and Cy are already in: her 12 m count (RQ-44)
    fight = Fight(combatants=(fighter("Ann", "A", sr=9), fighter("Bo", "B"), fighter("Cy", "A")))
    intents = [Intent(who="Ann", actions=(Move(metres=12), Strike(arm="sword", target="Bo"))),
               Intent(who="Bo", engaged=("Cy",))]
    result = run(fight, start(fight), intents, [], mt)
    assert [(e.sr, e.done) for e in result.events] == [(4, True), (13, False)]
    assert "past 12" in result.events[1].outcome


def test_defense_split_limits(mt):
    fight = Fight(combatants=(fighter("Def", "A", defense=15), fighter("X", "B"), fighter("Y", "B")))
    state = start(fight)
    with pytest.raises(IllegalActionError, match=r"^4% against X: each share must be at least 5%$") as caught:
        check_intents(fight, state, (Intent(who="Def", defense={"X": 4, "Y": 11}),))
    assert caught.value.field == "intents[0].defense"
    with pytest.raises(IllegalActionError, match=r"20% allotted, more than Def's Defense of 15%"):
        check_intents(fight, state, (Intent(who="Def", defense={"X": 10, "Y": 10}),))
    with pytest.raises(IllegalActionError, match=r"'Z' is not a foe"):
        check_intents(fight, state, (Intent(who="Def", defense={"Z": 5}),))
    check_intents(fight, state, (Intent(who="Def", defense={"X": 5, "Y": 10}),))


def test_each_attacker_meets_his_share_of_defense(mt):
    fight = Fight(combatants=(fighter("Def", "A", defense=15), fighter("X", "B", sr=5), fighter("Y", "B", sr=7)))
    intents = [Intent(who="Def", defense={"X": 5, "Y": 10}), attack("X", "Def"), attack("Y", "Def")]
    result = run(fight, start(fight), intents, [97, 97], mt)
    assert [e.exchange.chance for e in result.events] == [45, 40]


def test_undeclared_defense_goes_whole_against_the_first_to_strike(mt):
    fight = Fight(combatants=(fighter("Def", "A", defense=15), fighter("X", "B", sr=5), fighter("Y", "B", sr=7)))
    result = run(fight, start(fight), [attack("X", "Def"), attack("Y", "Def")], [97, 97], mt)
    assert [e.exchange.chance for e in result.events] == [35, 50]
    assert "RQ-47" in result.events[0].notes[0]


def test_defense_that_saved_him_is_marked_for_experience(mt):
    fight = Fight(combatants=(fighter("Def", "A", defense=15), fighter("X", "B")))
    result = run(fight, start(fight), [attack("X", "Def")], [40], mt)  # 40 > 35 but ≤ 50
    assert result.state.bodies["Def"].marks == ("Defense",)
    assert result.state.bodies["Def"].defense_saved


def test_split_attack_needs_100_and_different_foes(mt):
    fight = Fight(combatants=(fighter("Ace", "A", attack=90), fighter("X", "B"), fighter("Y", "B")))
    state = start(fight)
    with pytest.raises(IllegalActionError, match="less than 50% each"):
        check_intents(fight, state, (Intent(who="Ace", actions=(Strike(arm="sword", target="X"),
                                                                  Strike(arm="sword", target="Y"))),))
    fight = Fight(combatants=(fighter("Ace", "A", attack=100, sr=5), fighter("X", "B"), fighter("Y", "B")))
    with pytest.raises(IllegalActionError, match="cannot strike the same foe twice"):
        check_intents(fight, state, (Intent(who="Ace", actions=(Strike(arm="sword", target="X"),
                                                                  Strike(arm="sword", target="X"))),))
    result = run(fight, start(fight), [Intent(who="Ace", actions=(Strike(arm="sword", target="X"),
                                                                  Strike(arm="sword", target="Y")))], [97, 97], mt)
    assert [(e.sr, e.exchange.chance) for e in result.events] == [(5, 50), (10, 50)]


def test_a_parry_meets_the_first_blow_of_the_foe_named(mt):
    shield = Arm(name="shield", parry=Parry(kind="shield", chance=60, absorbs=8), hands="left")
    defender = Combatant(name="Def", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                         arms=(shield,), in_hand=("shield",))
    fight = Fight(combatants=(defender, fighter("X", "B", sr=5), fighter("Y", "B", sr=7)))
    intents = [Intent(who="Def", parries=(ParryIntent(arm="shield", against="Y"),)), attack("X", "Def"),
               attack("Y", "Def")]
    # X: misses (97), no parry; Y: hits (10), shield parries (20), 1D8 = 5 absorbed
    result = run(fight, start(fight), intents, [97, 10, 20, 5], mt)
    assert result.events[0].exchange.parry_roll is None
    assert result.events[1].exchange.parried
    assert result.state.bodies["Def"].marks == ("shield parry",)


def test_grapple_hold_then_immobilise_then_throw(mt):
    fight = Fight(combatants=(fighter("Wrestler", "A", strength=16, dex=14), fighter("Foe", "B", strength=10)))
    state = start(fight)
    with pytest.raises(IllegalActionError, match="needs a hold on Foe from an earlier round"):
        check_intents(fight, state, (Intent(who="Wrestler", actions=(Grapple(arm="grapple", target="Foe",
                                                                             how="throw"),)),))
    hold = Intent(who="Wrestler", actions=(Grapple(arm="grapple", target="Foe"),))
    r1 = run(fight, state, [hold], [30, RIGHT_ARM], mt)
    assert r1.state.bodies["Wrestler"].holds[0].location == "right_arm"
    assert r1.events[0].outcome == "holds Foe's right arm"
    # immobilise: grapple 60% (rolled 20), STR 16 vs 10: 80% (rolled 70)
    immobilise = Intent(who="Wrestler", actions=(Grapple(arm="grapple", target="Foe", how="immobilise"),))
    r2 = run(fight, r1.state, [immobilise], [20, 70], mt)
    assert r2.state.bodies["Wrestler"].holds[0].immobilised
    assert "80%" in r2.events[0].notes[1]
    assert r2.events[0].sr == 3  # "strike rank for further grapple actions should be based on DEX alone"
    # throw: STR+DEX 30 vs SIZ+DEX 24: 80%; Foe's DEX×5 = 60%: rolled 90, 1D6 = 4 to the chest
    throw = Intent(who="Wrestler", actions=(Grapple(arm="grapple", target="Foe", how="throw"),))
    r3 = run(fight, r2.state, [throw], [20, 50, 90, CHEST, 4], mt)
    foe = r3.state.bodies["Foe"]
    assert foe.on_ground and foe.wounds == {"chest": 4}
    # a failed grapple roll breaks the hold
    r4 = run(fight, r3.state, [immobilise], [96], mt)
    assert r4.state.bodies["Wrestler"].holds == ()


def test_two_throws_at_the_same_instant_cancel(mt):
    fight = Fight(combatants=(fighter("A", "A"), fighter("B", "B")))
    r1 = run(fight, start(fight), [Intent(who="A", actions=(Grapple(arm="grapple", target="B"),)),
                                   Intent(who="B", actions=(Grapple(arm="grapple", target="A"),))],
             [10, LEG, 10, LEG], mt)
    throws = [Intent(who="A", actions=(Grapple(arm="grapple", target="B", how="throw"),)),
              Intent(who="B", actions=(Grapple(arm="grapple", target="A", how="throw"),))]
    r2 = run(fight, r1.state, throws, [10, 40, 10, 40], mt)
    assert all("cancel" in e.outcome for e in r2.events)
    assert not r2.state.bodies["A"].on_ground and not r2.state.bodies["B"].on_ground


def spearman_impales(mt):
    fight = Fight(combatants=(fighter("Spear", "A", attack=60, damage="1D6", impales=True, dex=14),
                              fighter("Victim", "B", sr=8)))
    # 60%: impale at 12 or less; rolled 5: 1D6 (3) + max 6 = 9 to the right leg (5 points)
    r1 = run(fight, start(fight), [attack("Spear", "Victim")], [5, 3, LEG], mt)
    return fight, r1


def test_an_impaling_weapon_sticks_and_blocks_its_owner(mt):
    fight, r1 = spearman_impales(mt)
    stuck = r1.state.bodies["Victim"].stuck_in
    assert [(s.owner, s.weapon, s.location, s.impale_max) for s in stuck] == [("Spear", "sword", "right_leg", 12)]
    r2 = run(fight, r1.state, [attack("Spear", "Victim")], [], mt)
    assert "stuck in Victim" in r2.events[0].outcome and not r2.events[0].done


def test_extraction_at_twice_the_impale_chance(mt):
    fight, r1 = spearman_impales(mt)
    pull = Intent(who="Spear", actions=(Extract(arm="sword"),))
    ok = run(fight, r1.state, [pull], [24], mt)  # twice 12
    assert ok.state.bodies["Victim"].stuck_in == () and "sword" in ok.state.bodies["Spear"].in_hand
    failed = run(fight, r1.state, [pull], [25], mt)
    assert failed.state.bodies["Victim"].stuck_in[0].held is False
    assert "sword" not in failed.state.bodies["Spear"].in_hand
    fumbled = run(fight, r1.state, [pull], [99], mt)  # 60% skill fumbles on 98-00
    assert "sword" in fumbled.state.bodies["Spear"].broken and fumbled.state.bodies["Victim"].stuck_in == ()


def test_left_alone_he_works_it_free_at_his_impale_chance_and_by_the_fifth_round(mt):
    fight, r1 = spearman_impales(mt)
    pull = Intent(who="Spear", actions=(Extract(arm="sword"),))
    state = run(fight, r1.state, [pull], [80], mt).state  # jerked out of his hands
    for n in range(1, 5):
        result = run(fight, state, [pull], [50], mt)  # 50 > 12: still stuck
        state = result.state
        assert state.bodies["Victim"].stuck_in[0].alone_rounds == n
    last = run(fight, state, [pull], [], mt)
    assert last.state.bodies["Victim"].stuck_in == ()
    assert "5 rounds left alone" in last.events[-1].outcome
    # attacked that round: no attempt
    attacked = run(fight, state, [pull, attack("Victim", "Spear")], [97], mt)
    assert "not left alone" in attacked.events[-1].outcome


def test_the_victim_pulls_it_out_himself_using_neither_parry_nor_defense(mt):
    fight, r1 = spearman_impales(mt)
    pull = Intent(who="Victim", actions=(PullOut(owner="Spear", weapon="sword"),))
    # (STR 12 + CON 12) × 2 = 48
    result = run(fight, r1.state, [pull], [48], mt)
    assert result.state.bodies["Victim"].stuck_in == ()
    assert "sword" in result.state.bodies["Spear"].gone


def test_moving_with_a_weapon_in_him_costs_half_its_damage(mt):
    fight, r1 = spearman_impales(mt)
    before = r1.state.bodies["Victim"].damage_taken
    result = run(fight, r1.state, [Intent(who="Victim", actions=(Move(metres=3),))], [5], mt)  # 1D6 = 5, half 2
    assert result.state.bodies["Victim"].damage_taken == before + 2


def test_a_chest_wound_bleeds_to_death_in_two_full_turns_unless_healed(mt):
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B"), fighter("Medic", "B")))
    r1 = run(fight, start(fight), [attack("Ann", "Bo")], [10, 6, CHEST], mt)
    state = r1.state
    assert state.bodies["Bo"].bleeding == {"chest": 49}  # 50 rounds from the wound, one gone at bookkeeping
    assert state.bodies["Bo"].condition == "incapacitated"
    healed = run(fight, state, [Intent(who="Medic", actions=(Heal(target="Bo", location="chest", points=2),))], [], mt)
    assert healed.state.bodies["Bo"].bleeding == {}
    for _ in range(48):
        state = run(fight, state, [], [], mt).state
    assert state.bodies["Bo"].condition == "incapacitated" and state.bodies["Bo"].bleeding == {"chest": 1}
    last = run(fight, state, [], [], mt)
    assert last.state.bodies["Bo"].condition == "dead"
    assert "bled to death" in last.events[-1].outcome


def test_typed_dice_running_out_name_the_die_needed(mt):
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B", sr=8)))
    with pytest.raises(NoRollLeft) as caught:
        resolve_round(fight, start(fight), (attack("Ann", "Bo"),), dice=ScriptedDice([10, 3]), tables=mt)
    assert caught.value.needed.sides == 20 and caught.value.needed.index == 2


def test_marks_become_the_uses_checked_on_the_sheet(mt, tables):
    from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
    from pyengine.runequest.melee.experience import field_uses

    a = quick_combatant(tables, name="A", side="1", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                        weapons=[QuickWeapon(weapon="broadsword", attack=50, parry=50),
                                 QuickWeapon(weapon="medium_shield", parry=50)], defense=10)
    b = quick_combatant(tables, name="B", side="2", STR=12, CON=12, SIZ=12, DEX=10, hit_points=12,
                        weapons=[QuickWeapon(weapon="broadsword", attack=50, parry=50)])
    fight = Fight(combatants=(a, b))
    shield = a.arms[1].name
    intents = [Intent(who="A", actions=(Strike(arm="broadsword", target="B"),), parries=(ParryIntent(arm=shield),)),
               Intent(who="B", actions=(Strike(arm="broadsword", target="A"),))]
    # A (DEX 12) strikes before B (DEX 10) at the same SR: A hits (20), B has no parry: 1D8+1 = 2 to a leg;
    # B hits (30), A's shield parries (10), 1D8+1 = 4 absorbed
    result = run(fight, start(fight), intents, [20, 1, LEG, 30, 10, 4], mt)
    uses, saved = field_uses(a, result.state.bodies["A"])
    assert [(u.weapon, u.use.value) for u in uses] == [("broadsword", "attack"), ("medium_shield", "parry")]
    assert not saved


def test_next_round_defaults_to_the_same_statements_less_what_cannot_be_done(mt):
    from pyengine.runequest.melee.defaults import next_intents

    guard = Parry(kind="weapon", chance=40, hp=20, damage="1D8")
    fight = Fight(combatants=(fighter("Fast", "A", sr=5, parry=guard), fighter("Slow", "B", sr=7),
                              fighter("Third", "B", sr=7)))
    intents = (attack("Fast", "Slow", parries=(ParryIntent(arm="sword", against="Slow"),)), attack("Slow", "Fast"),
               attack("Third", "Fast", surprised=True))
    # Fast knocks Slow out (8 to a 5-point head); Third misses Fast (97)
    result = run(fight, start(fight), list(intents), [10, 8, HEAD, 97], mt)
    carried = next_intents(fight, result.state, intents)
    assert [i.who for i in carried] == ["Fast", "Third"]  # Slow is unconscious
    assert carried[0].actions == (Strike(arm="sword", target="Slow"),)  # not dead: still his target
    assert carried[1].surprised is False


def test_an_action_may_be_aborted_but_not_altered(mt):
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B")))
    result = run(fight, start(fight), [attack("Ann", "Bo", aborted=(0,))], [], mt)
    assert not result.events[0].done and "aborted by their player" in result.events[0].outcome


def test_values_out_of_range_are_refused_naming_the_field(mt):
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B")))
    with pytest.raises(IllegalActionError, match=r"^Expected `int` >= 1$") as caught:
        check_intents(fight, start(fight), (Intent(who="Ann", actions=(Move(metres=0),)),))
    assert caught.value.field == "intents[0].actions[0].metres"


def test_a_die_asked_for_names_the_blow_it_belongs_to(mt):
    fight = Fight(combatants=(fighter("Ann", "A"), fighter("Bo", "B", sr=8)))
    with pytest.raises(NoRollLeft) as caught:
        resolve_round(fight, start(fight), (attack("Ann", "Bo"),), dice=ScriptedDice([10, 3]), tables=mt)
    assert caught.value.needed.purpose == "Ann attacks Bo with the sword: hit location (D20)"


def test_an_unconscious_foe_is_totally_helpless_killed_outright_unless_the_attacker_fumbles(mt):
    # "4. A totally helpless opponent can be killed outright with any weapon unless the attacker
    # rolls a fumble" — an unconscious man is totally helpless (RQ-60), in rounds as on the
    # exchange page: a 40% sword rolling 70 kills him (no +20% to-hit reading, no damage roll).
    fight = Fight(combatants=(fighter("Ann", "A", attack=40), fighter("Bo", "B")))
    state = start(fight)
    state = msgspec.structs.replace(state, bodies={**state.bodies, "Bo": msgspec.structs.replace(
        state.bodies["Bo"], condition="unconscious", damage_taken=5, wounds={"head": 5}, bleeding={"head": 40})})
    result = run(fight, state, [attack("Ann", "Bo")], [70], mt)
    assert result.state.bodies["Bo"].condition == "dead"
    assert "killed outright" in result.events[0].outcome.lower()
    assert any("unconscious: totally helpless" in note for note in result.events[0].notes)
    # 99 is a fumble for a 40% sword (96+ at skill up to 50, RQ-37): he lives, the fumble table is read.
    fumbled = run(fight, state, [attack("Ann", "Bo")], [99, 1], mt)
    assert fumbled.state.bodies["Bo"].condition == "unconscious"
