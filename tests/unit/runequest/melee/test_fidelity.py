"""Melee rounds: what an independent reading of seed 003 ch. III-IV found wrong or missing.

Each test quotes the seed's words it holds the engine to. Dice are scripted as in
test_rounds.py: the attack D100, the parry D100 (when one is held ready), the damage
dice, the D20 hit location (RQ-42).
"""

from __future__ import annotations

import re

import msgspec
import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.dice import ScriptedDice
from pyengine.errors import IllegalActionError, ShareLinkError
from pyengine.runequest.combat.inputs import sheet_of
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.build import QuickWeapon, combatant_from_sheet, melee_tables, quick_combatant
from pyengine.runequest.melee.defaults import next_intents
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.log import FightLog, read_any, to_link
from pyengine.runequest.melee.model import Arm, Body, Combatant, Fight, MeleeRules, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.statement import (
    Grapple,
    Intent,
    Move,
    ParryIntent,
    PickUp,
    Ready,
    Sheathe,
    Shoot,
    Spell,
    Strike,
)
from pyengine.runequest.melee.timing import schedule
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.share import encode_link

LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}
LEG, CHEST, RIGHT_ARM, LEFT_ARM = 1, 12, 13, 16


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


def swordsman(name="Aldo", side="A", *, sr=7, attack=60, dex=12, extra=(), in_hand=("broadsword",), **more):
    """Average DEX (DEX SR 3), SIZ SR 2: a broadsword at SR 7."""
    sword = Arm(name="broadsword", weapon=Weapon(name="broadsword", damage="1D8+1", hp=20), attack=attack, sr=sr,
                parry=Parry(kind="weapon", chance=50, hp=20, damage="1D8+1"))
    axe = Arm(name="axe", weapon=Weapon(name="axe", damage="1D8+2", hp=15), attack=40, sr=7)
    return Combatant(name=name, side=side, STR=12, CON=12, SIZ=12, DEX=dex, hit_points=12, locations=LOCS, dex_sr=3,
                     arms=(sword, axe, *extra), in_hand=in_hand, **more)


def timed(me, body, *actions, table, **intent):
    return schedule(me, body, Intent(who=me.name, actions=actions, **intent), table)


def srs(timed_actions):
    return [(t.sr, bool(t.too_late)) for t in timed_actions]


def run(fight, state, intents, rolls, mt, **options):
    dice = ScriptedDice(rolls)
    result = resolve_round(fight, state, tuple(intents), dice=dice, tables=mt, **options)
    assert dice.remaining == (), f"rolls left over: {dice.remaining}"
    return result


# -- 1. Bladesharp on the weapon in hand ------------------------------------------------------------


def test_a_spell_on_the_weapon_in_hand_adds_only_its_own_strike_rank_to_the_blow(tables):
    """ "using a spell like Bladesharp or Fireblade to enchant a weapon he already has in hand only
    requires adding the spell's own strike rank to his normal strike rank for that weapon that round"
    (RQ-70). A spell's own SR is the spell table's: 1 point 0, 2 points 1, 3 points 2 — the table that
    gives "a Disruption spell — taking 3 points for a character of average DEX" (DEX SR 3 + 0)."""
    me = swordsman()
    body = Body(in_hand=("broadsword",))
    for points, blow in ((1, 7), (2, 8), (3, 9)):
        got = timed(me, body, Spell(name="Bladesharp", points=points, on="broadsword"),
                    Strike(arm="broadsword", target="Bo"), table=tables.strike_ranks)
        assert srs(got) == [(blow - 7, False), (blow, False)], points
        assert "DEX SR" not in got[0].working.text and "no free hand" not in got[0].working.text
        assert "RQ-70" in got[0].working.rulings
    # the same spell cast as a spell (not on the weapon in hand): DEX SR + its own SR, +5 for no free hand
    both = Body(in_hand=("broadsword", "axe"))
    got = timed(me, both, Spell(name="Bladesharp", points=2), Strike(arm="broadsword", target="Bo"),
                table=tables.strike_ranks)
    assert srs(got) == [(9, False), (16, True)]


def test_a_spell_on_a_weapon_not_in_hand_is_refused_naming_the_field(tables):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    state = start(fight)
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, state, (Intent(who="Aldo", actions=(Spell(name="Fireblade", points=4, on="axe"),)),))
    assert caught.value.field == "intents[0].actions[0].on"
    assert str(caught.value) == "Fireblade on the axe: the axe is not in Aldo's hand (ready it first)"
    # readied earlier in the same statement, it is in hand by then
    check_intents(fight, state, (Intent(who="Aldo", actions=(Ready(arm="axe"), Spell(name="Fireblade", points=4, on="axe"),
                                                             Strike(arm="axe", target="Bo"))),))


def test_a_spell_on_the_weapon_in_hand_reads_in_the_log(tables, mt):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B", sr=9)))
    intents = [Intent(who="Aldo", actions=(Spell(name="Bladesharp", points=2, on="broadsword"),
                                           Strike(arm="broadsword", target="Bo")))]
    result = run(fight, start(fight), intents, [97], mt)
    assert [(e.sr, e.what) for e in result.events] == [
        (1, "Aldo casts Bladesharp (2 points) on their broadsword"), (8, "Aldo attacks Bo with the broadsword")]


# -- 2. Slow rates of fire -----------------------------------------------------------------------------


def crossbowman(rate):
    bow = Arm(name="crossbow", weapon=Weapon(name="crossbow", damage="2D4+2", kind="projectile", impales=True, range=100),
              attack=50, sr=3, hands="both", rate=rate)
    return Combatant(name="Xan", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                     arms=(bow,), in_hand=("crossbow",), prepared=("crossbow",))


@pytest.mark.parametrize(("rate", "shooting"), [("1/MR", [1, 2, 3, 4, 5, 6]), ("1/2R", [1, 3, 5]), ("1/3R", [1, 4]),
                                                ("1/5R", [1, 6])])
def test_slow_missiles_shoot_once_every_so_many_rounds(mt, rate, shooting):
    """ "1/MR means one shot per melee round; 1/2R means one shot every 2 melee rounds; 1/3R means one
    shot every 3 melee rounds; 1/5R means one shot every 5 melee rounds" (RQ-55): a 1/2R weapon shoots
    in rounds 1 and 3, a 1/3R in rounds 1 and 4."""
    fight = Fight(combatants=(crossbowman(rate), swordsman("Bo", "B")))
    state = start(fight)
    shoot = Intent(who="Xan", actions=(Ready(arm="crossbow"), Shoot(arm="crossbow", target="Bo")))
    shot_in = []
    for n in range(1, 7):
        try:
            check_intents(fight, state, (shoot,))
        except IllegalActionError as exc:
            assert "cannot shoot again" in str(exc)
            state = run(fight, state, [], [], mt).state
            continue
        shot_in.append(n)
        state = run(fight, state, [shoot], [97], mt).state
    assert shot_in == shooting


# -- 3. Shields and missile weapons ----------------------------------------------------------------------


def archer_record(*weapons: WeaponSkill) -> str:
    return dump_adventurer(Adventurer(
        name="Yanioth",
        characteristics=Characteristics(STR=13, CON=12, SIZ=12, INT=12, POW=10, DEX=14, CHA=10),
        weapons=weapons,
    )).decode()


def test_an_archer_from_a_sheet_holds_his_bow_in_both_hands_and_no_shield(tables, mt):
    """ "A shield cannot be readied for use when the character is using any projectile weapon except the
    sling (and that sling must be a small shield). This exception does not include the staff sling,
    which needs two hands, as do all bows and crossbows." (RQ-71)"""
    record = archer_record(WeaponSkill(weapon="composite_bow", attack=20), WeaponSkill(weapon="medium_shield", parry=10),
                           WeaponSkill(weapon="staff_sling"), WeaponSkill(weapon="sling"),
                           WeaponSkill(weapon="small_shield"))
    adventurer, sheet = sheet_of(record, tables)
    archer = combatant_from_sheet(adventurer, sheet, tables, side="A")
    hands = {a.ref: a.hands for a in archer.arms}
    assert hands["composite_bow"] == "both" and hands["staff_sling"] == "both" and hands["sling"] == "right"
    assert archer.in_hand == ("composite bow",)
    # he parries no blow with the medium shield while he holds his bow
    foe = swordsman("Bo", "B")
    fight = Fight(combatants=(archer, foe))
    intents = [Intent(who="Yanioth", actions=(Shoot(arm="composite bow", target="Bo"),),
                      parries=(ParryIntent(arm="medium shield (about 60 cm)"),)),
               Intent(who="Bo", actions=(Strike(arm="broadsword", target="Yanioth"),))]
    result = run(fight, start(fight), intents, [90, 97], mt)
    blow = next(e for e in result.events if e.who == "Bo")
    assert blow.exchange.parry_roll is None
    assert "not in Yanioth's hand" in " ".join(blow.notes)
    # readying the shield sets the bow down
    result = run(fight, start(fight), [Intent(who="Yanioth", actions=(Ready(arm="medium shield (about 60 cm)"),))], [], mt)
    assert result.state.bodies["Yanioth"].in_hand == ("medium shield (about 60 cm)",)
    assert "sets down the composite bow" in result.events[0].outcome


def test_a_slinger_keeps_his_sling_when_he_readies_a_buckler_but_not_a_bigger_shield(tables, mt):
    """ "except the sling (and that sling must be a small shield)": a sling and a buckler go together; a
    medium shield does not go with the sling (RQ-71)."""
    slinger = quick_combatant(tables, name="Sam", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                              weapons=[QuickWeapon(weapon="sling", attack=50), QuickWeapon(weapon="small_shield", parry=40),
                                       QuickWeapon(weapon="medium_shield", parry=40)])
    sling, buckler, medium = (a.name for a in slinger.arms)
    assert slinger.in_hand == (sling, buckler)
    fight = Fight(combatants=(slinger, swordsman("Bo", "B")))
    state = msgspec.structs.replace(start(fight), bodies={"Sam": Body(in_hand=(sling,), prepared=(sling,)), "Bo": Body()})
    result = run(fight, state, [Intent(who="Sam", actions=(Ready(arm=buckler),))], [], mt)
    assert result.state.bodies["Sam"].in_hand == (sling, buckler)
    result = run(fight, result.state, [Intent(who="Sam", actions=(Ready(arm=medium),))], [], mt)
    assert result.state.bodies["Sam"].in_hand == (medium,)
    # and the clock agrees: shooting the sling with the medium shield in hand readies it again (+5)
    got = timed(slinger, result.state.bodies["Sam"], Shoot(arm=sling, target="Bo"), table=tables.strike_ranks)
    assert srs(got) == [(8, False)]


# -- 4. Movement when two fighters meet ----------------------------------------------------------------


def test_two_fighters_who_meet_strike_at_their_normal_strike_rank(tables):
    """ "any time two fighters meet in melee, however long they've each traveled to get to that meeting,
    strike rank is figured normally for them" (RQ-44)."""
    me = swordsman()
    got = timed(me, Body(in_hand=("broadsword",)), Move(metres=9), Strike(arm="broadsword", target="Bo"),
                table=tables.strike_ranks)
    assert srs(got) == [(3, False), (7, False)]
    assert "meeting" in got[1].working.text
    wrestler = swordsman(extra=(Arm(name="grapple", attack=60, sr=8, grapple=True),))
    got = timed(wrestler, Body(), Move(metres=9), Grapple(arm="grapple", target="Bo"), table=tables.strike_ranks)
    assert srs(got) == [(3, False), (8, False)]
    # "(b) a character charges across the room at a foe while casting a spell against him; or (c) a
    # character charges across the room at a foe using a missile weapon against him": counted
    me = swordsman(extra=(Arm(name="javelin", weapon=Weapon(name="javelin", damage="1D10", kind="thrown"), attack=40,
                               sr=3),), in_hand=("broadsword",))
    got = timed(me, Body(), Move(metres=9), Spell(name="Disruption", points=1, target="Bo"), table=tables.strike_ranks)
    assert srs(got) == [(3, False), (6, False)]
    got = timed(me, Body(in_hand=("javelin",), prepared=("javelin",)), Move(metres=9), Shoot(arm="javelin", target="Bo"),
                table=tables.strike_ranks)
    assert srs(got) == [(3, False), (6, False)]


def test_joining_an_ongoing_melee_counts_the_movement(tables, mt):
    """ "time taken to get from point A to point B should be counted when: (a) a character joins an
    already-ongoing melee" (RQ-44): Bo is already engaged with Cy."""
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B"), swordsman("Cy", "A")))
    intents = (Intent(who="Aldo", actions=(Move(metres=9), Strike(arm="broadsword", target="Bo"))),
               Intent(who="Bo", engaged=("Cy",)))
    result = run(fight, start(fight), intents, [97], mt)
    assert [(e.who, e.sr) for e in result.events] == [("Aldo", 3), ("Aldo", 10)]


def test_the_referees_option_combines_readying_with_movement(tables):
    """ "At the referee's option, the 5 points it took to ready the bow and arrow could instead be combined
    with the 3 points of movement, giving him the time necessary to loose an arrow that same round." """
    bow = Arm(name="self bow", weapon=Weapon(name="self bow", damage="1D6+1", kind="projectile", impales=True, range=90),
              attack=40, sr=3, hands="both", rate="S/MR")
    me = Combatant(name="Archer", side="A", STR=11, CON=11, SIZ=11, DEX=11, hit_points=11, locations=LOCS, dex_sr=3,
                   arms=(bow,))
    actions = (Spell(name="Disruption", points=1, target="Foe"), Move(metres=9), Ready(arm="self bow"),
               Shoot(arm="self bow", target="Foe"))
    assert srs(timed(me, Body(), *actions, table=tables.strike_ranks)) == [(3, False), (6, False), (11, False), (14, True)]
    got = schedule(me, Body(), Intent(who="Archer", actions=actions), tables.strike_ranks,
                   rules=MeleeRules(ready_while_moving=True))
    assert srs(got) == [(3, False), (6, False), (8, False), (11, False)]
    assert "referee's option" in got[2].working.text and "RQ-72" in got[2].working.rulings


def test_the_optional_rules_ride_in_the_fights_link(tables, mt):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    log = FightLog(fight=fight, melee_rules=MeleeRules(ready_while_moving=True, dex_alone=True))
    again = read_any(to_link(log))
    assert again.melee_rules == MeleeRules(ready_while_moving=True, dex_alone=True)
    assert "melee_rules" not in msgspec.to_builtins(FightLog(fight=fight))


# -- 5. A weapon picked up in the melee ---------------------------------------------------------------


def test_a_weapon_picked_up_in_the_middle_of_a_melee_is_used_at_half_effectiveness(tables, mt):
    """ "if he picked it up in the middle of a melee and fought with it immediately, he would fight at half
    effectiveness. A character cannot pick up a weapon in the middle of a melee (even a duplicate of his
    own) and use it at full proficiency." (RQ-73)"""
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B", sr=9)))
    state = msgspec.structs.replace(start(fight), bodies={"Aldo": Body(broken=("broadsword",), weapon_damage={"broadsword": 21}),
                                                         "Bo": Body(in_hand=("broadsword",))})
    intents = [Intent(who="Aldo", actions=(PickUp(arm="broadsword"), Strike(arm="broadsword", target="Bo")))]
    r1 = run(fight, state, intents, [97], mt)
    assert [(e.sr, e.done) for e in r1.events] == [(5, True), (12, True)]
    assert r1.events[1].exchange.chance == 30  # 60% × ½
    aldo = r1.state.bodies["Aldo"]
    assert aldo.unfamiliar == ("broadsword",) and "broadsword" in aldo.in_hand
    assert aldo.broken == () and aldo.weapon_damage.get("broadsword", 0) == 0
    # still half the next round, and its parry too
    r2 = run(fight, r1.state, [Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bo"),),
                                      parries=(ParryIntent(arm="broadsword"),)),
                               Intent(who="Bo", actions=(Strike(arm="broadsword", target="Aldo"),))],
             [97, 10, 30, 3, LEG], mt)
    assert r2.events[0].exchange.chance == 30
    assert r2.events[1].exchange.parry_chance == 25 and r2.events[1].exchange.parry_success is False


def test_picking_up_a_weapon_he_holds_or_a_fist_is_refused(tables):
    fist = Arm(name="fist", weapon=Weapon(name="fist", damage="1D3", kind="natural"), attack=50, sr=9)
    fight = Fight(combatants=(swordsman(extra=(fist,)), swordsman("Bo", "B")))
    state = start(fight)
    with pytest.raises(IllegalActionError, match="the broadsword is in Aldo's hand already") as caught:
        check_intents(fight, state, (Intent(who="Aldo", actions=(PickUp(arm="broadsword"),)),))
    assert caught.value.field == "intents[0].actions[0].arm"
    with pytest.raises(IllegalActionError, match="a fist is part of Aldo"):
        check_intents(fight, state, (Intent(who="Aldo", actions=(PickUp(arm="fist"),)),))


# -- 6. Engaged fighters ---------------------------------------------------------------------------------


def test_an_engaged_fighter_attacks_physically_or_magically_not_both(tables, mt):
    """ "A character who starts a round already physically engaged in melee may either attack and defend
    normally, or defend normally and attack magically — not both." "He may throw a spell at an oncoming
    foe and then engage him physically within the same round" (RQ-74)."""
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    state = start(fight)
    both = (Spell(name="Disruption", points=1, target="Bo"), Strike(arm="broadsword", target="Bo"))
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, state, (Intent(who="Aldo", actions=both, engaged=("Bo",)),))
    assert caught.value.field == "intents[0].actions[1]"
    assert "already engaged" in str(caught.value) and "not both" in str(caught.value)
    check_intents(fight, state, (Intent(who="Aldo", actions=both),))  # an oncoming foe
    check_intents(fight, state, (Intent(who="Aldo", actions=both[:1], engaged=("Bo",)),))
    check_intents(fight, state, (Intent(who="Aldo", actions=both[1:], engaged=("Bo",)),))
    # the spell on the weapon in hand is part of the blow, not a magical attack
    check_intents(fight, state, (Intent(who="Aldo", engaged=("Bo",), actions=(
        Spell(name="Bladesharp", points=1, on="broadsword"), Strike(arm="broadsword", target="Bo"))),))


def test_engaged_his_attack_governs_the_round(tables):
    """ "once that point in the round comes up, he's considered to be attacking (or defending) for the
    entire round and can do little else besides parry and defend." """
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    with pytest.raises(IllegalActionError, match="after the attack, nothing else this round") as caught:
        check_intents(fight, start(fight), (Intent(who="Aldo", engaged=("Bo",), actions=(
            Strike(arm="broadsword", target="Bo"), Ready(arm="axe"))),))
    assert caught.value.field == "intents[0].actions[1]"


def test_who_is_engaged_carries_from_the_blows_of_last_round(tables, mt):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B"), swordsman("Cy", "B", sr=8)))
    intents = (Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bo"),)),
               Intent(who="Cy", actions=(Move(metres=6),)))
    result = run(fight, start(fight), intents, [97], mt)
    carried = {i.who: i.engaged for i in next_intents(fight, result.state, intents, result.events)}
    assert carried == {"Aldo": ("Bo",), "Cy": ()}


# -- 7. Fist or grapple parry against a hold ---------------------------------------------------------------


def test_a_fist_or_grapple_parry_blocks_a_hold_entirely(tables, mt):
    """ "a parry with fist or grapple percentage will mean the hold was blocked entirely" (RQ-75): both
    builders give fist and grapple a parry at their own %, which meets only a hold."""
    q = QuickWeapon
    brawler = quick_combatant(tables, name="Bo", side="B", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                              weapons=[q(weapon="broadsword", attack=50, parry=40), q(weapon="fist", attack=55),
                                       q(weapon="grapple", attack=45)])
    arms = {a.name: a for a in brawler.arms}
    assert arms["fist"].parry.chance == 55 and arms["grapple"].parry.chance == 45
    record = archer_record(WeaponSkill(weapon="fist", attack=20), WeaponSkill(weapon="grapple", attack=10))
    adventurer, sheet = sheet_of(record, tables)
    sheeted = {a.ref: a for a in combatant_from_sheet(adventurer, sheet, tables, side="A").arms}
    assert sheeted["fist"].parry.chance == sheeted["fist"].attack
    assert sheeted["grapple"].parry.chance == sheeted["grapple"].attack
    wrestler = swordsman(extra=(Arm(name="grapple", attack=60, sr=7, grapple=True),))
    fight = Fight(combatants=(wrestler, brawler))
    hold = Intent(who="Aldo", actions=(Grapple(arm="grapple", target="Bo"),))
    # the hold is caught (30), Bo's fist parries (20 ≤ 55): blocked
    result = run(fight, start(fight), [hold, Intent(who="Bo", parries=(ParryIntent(arm="fist"),))], [30, 20], mt)
    assert result.events[0].outcome == "blocked"
    assert result.state.bodies["Aldo"].holds == ()
    # the fist's one percentage succeeded: its use for experience is the fist's, which a sheet can check
    assert result.state.bodies["Bo"].marks == ("fist attack",)
    # a fist parry does not meet a sword blow
    blow = Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bo"),))
    result = run(fight, start(fight), [blow, Intent(who="Bo", parries=(ParryIntent(arm="fist"),))], [97], mt)
    assert result.events[0].exchange.parry_roll is None


# -- 8. Dodging -----------------------------------------------------------------------------------------------


def test_a_dodging_target_states_it_himself_and_halves_the_shots_at_him(tables, mt):
    """ "A target specified to be dodging as it moves reduces the archer's probability by a further ½. A
    dodging character may only move ½ his normal movement and may do nothing else but move and dodge."
    (RQ-76: the target declares his dodging.)"""
    fight = Fight(combatants=(crossbowman("S/MR"), swordsman("Bo", "B")))
    intents = [Intent(who="Xan", actions=(Shoot(arm="crossbow", target="Bo"),)),
               Intent(who="Bo", actions=(Move(metres=12, dodging=True),))]
    result = run(fight, start(fight), intents, [97], mt)
    shot = next(e for e in result.events if e.who == "Xan")
    assert shot.exchange.chance == 25
    assert any("dodging" in n for n in shot.notes)
    assert next(e for e in result.events if e.who == "Bo").what == "Bo dodges, moving 12 m"


def dodging_too_far():
    return Intent(who="Bo", actions=(Move(metres=15, dodging=True),))


def dodging_and_striking():
    return Intent(who="Bo", actions=(Move(metres=6, dodging=True), Strike(arm="broadsword", target="Aldo")))


def dodging_and_parrying():
    return Intent(who="Bo", actions=(Move(metres=6, dodging=True),), parries=(ParryIntent(arm="broadsword"),))


@pytest.mark.parametrize(("intent", "field", "message"), [
    (dodging_too_far, "intents[0].actions[0].metres", "dodging, Bo may move only half of 24 m: 15 m is more"),
    (dodging_and_striking, "intents[0].actions[1]", "dodging, Bo may do nothing else but move and dodge"),
    (dodging_and_parrying, "intents[0].parries", "dodging, Bo may do nothing else but move and dodge: no parry"),
])
def test_a_dodger_moves_half_and_does_nothing_else(tables, intent, field, message):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, start(fight), (intent(),))
    assert (caught.value.field, str(caught.value)) == (field, message)


# -- 9. Unprepared spells, resheathing, two items ------------------------------------------------------------


def test_a_spell_not_already_prepared_adds_5(tables):
    """ "If the missile weapon or spell isn't already prepared, the user must add 5 points to his usual
    strike rank to represent readying the weapon or bringing the spell to mind." (RQ-77)"""
    me = swordsman(in_hand=())
    got = timed(me, Body(), Spell(name="Disruption", points=1, target="Bo", prepared=False), table=tables.strike_ranks)
    assert srs(got) == [(8, False)]
    assert "bringing the spell to mind 5" in got[0].working.text


def test_resheathing_then_drawing_is_10_changing_is_5(tables, mt):
    """ "Resheathing a sword and then drawing an axe, for instance, is two separate actions and takes 10
    strike ranks total — except in special circumstances, the dropped item can simply be considered set
    down gently rather than actually dropped." "Taking out two items at once ... is likewise two actions
    and takes 10 strike ranks" (RQ-77)."""
    me = swordsman()
    body = Body(in_hand=("broadsword",))
    assert srs(timed(me, body, Sheathe(arm="broadsword"), Ready(arm="axe"), table=tables.strike_ranks)) == [
        (5, False), (10, False)]
    assert srs(timed(me, body, Ready(arm="axe"), table=tables.strike_ranks)) == [(5, False)]
    shield = Arm(name="shield", parry=Parry(kind="shield", chance=40, absorbs=12), hands="left")
    me2 = swordsman(extra=(shield,), in_hand=())
    assert srs(timed(me2, Body(), Ready(arm="broadsword"), Ready(arm="shield"), table=tables.strike_ranks)) == [
        (5, False), (10, False)]
    fight = Fight(combatants=(me, swordsman("Bo", "B")))
    result = run(fight, start(fight), [Intent(who="Aldo", actions=(Sheathe(arm="broadsword"),))], [], mt)
    assert result.state.bodies["Aldo"].in_hand == () and result.events[0].outcome == "sheathed"
    with pytest.raises(IllegalActionError, match="the axe is not in Aldo's hand"):
        check_intents(fight, start(fight), (Intent(who="Aldo", actions=(Sheathe(arm="axe"),)),))


# -- 10. Ambiguities ruled ----------------------------------------------------------------------------------------


def test_a_split_may_be_unequal_if_each_share_is_50_or_more(tables, mt):
    """ "A character may split his attacks or parries if, and only if, each resulting attack/parry would be
    50% or higher" (RQ-78): 120% may be 70/50."""
    fight = Fight(combatants=(swordsman(attack=120, sr=5), swordsman("X", "B"), swordsman("Y", "B")))
    state = start(fight)
    split = Intent(who="Aldo", actions=(Strike(arm="broadsword", target="X", chance=70),
                                        Strike(arm="broadsword", target="Y", chance=50)))
    result = run(fight, state, [split], [97, 97], mt)
    assert [e.exchange.chance for e in result.events] == [70, 50]
    assert "70% of their 120%" in result.events[0].notes[0]
    for shares, message in (((80, 40), "40% against Y: each share of a split must be at least 50%"),
                            ((70, 60), "70% + 60% = 130%, more than Aldo's 120% with the broadsword")):
        bad = Intent(who="Aldo", actions=tuple(Strike(arm="broadsword", target=t, chance=c)
                                               for t, c in zip("XY", shares)))
        with pytest.raises(IllegalActionError, match=re.escape(message)):
            check_intents(fight, state, (bad,))
    with pytest.raises(IllegalActionError, match="an undivided blow has no share"):
        check_intents(fight, state, (Intent(who="Aldo", actions=(Strike(arm="broadsword", target="X", chance=70),)),))


def test_an_unequal_parry_split(tables, mt):
    guard = Parry(kind="weapon", chance=110, hp=20, damage="1D8")
    me = swordsman()
    me = msgspec.structs.replace(me, arms=(msgspec.structs.replace(me.arms[0], parry=guard), *me.arms[1:]))
    fight = Fight(combatants=(me, swordsman("X", "B", sr=5), swordsman("Y", "B", sr=6)))
    intents = [Intent(who="Aldo", parries=(ParryIntent(arm="broadsword", against="X", chance=60),
                                          ParryIntent(arm="broadsword", against="Y", chance=50))),
               Intent(who="X", actions=(Strike(arm="broadsword", target="Aldo"),)),
               Intent(who="Y", actions=(Strike(arm="broadsword", target="Aldo"),))]
    result = run(fight, start(fight), intents, [97, 97, 97, 97], mt)
    assert [e.exchange.parry_chance for e in result.events] == [60, 50]


def test_two_immobilisations_that_contradict_each_other_accomplish_nothing(tables, mt):
    """ "Two successful immobilizations (one for each) may either mean that nothing was accomplished (if
    they contradict each other) or that both succeeded." (RQ-79: a hold on an arm pins the limbs the
    other grapples with.)"""
    def wrestler(name, side):
        return Combatant(name=name, side=side, STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS,
                         dex_sr=3, arms=(Arm(name="grapple", attack=60, sr=7, grapple=True),))

    fight = Fight(combatants=(wrestler("A", "1"), wrestler("B", "2")))
    holds = [Intent(who="A", actions=(Grapple(arm="grapple", target="B"),)),
             Intent(who="B", actions=(Grapple(arm="grapple", target="A"),))]
    pin = [Intent(who="A", actions=(Grapple(arm="grapple", target="B", how="immobilise"),)),
           Intent(who="B", actions=(Grapple(arm="grapple", target="A", how="immobilise"),))]
    arms = run(fight, start(fight), holds, [10, RIGHT_ARM, 10, LEFT_ARM], mt)
    result = run(fight, arms.state, pin, [10, 40, 10, 40], mt)
    assert not any(h.immobilised for b in result.state.bodies.values() for h in b.holds)
    assert "contradict" in result.events[-1].outcome and "RQ-79" in result.events[-1].outcome
    legs = run(fight, start(fight), holds, [10, LEG, 10, LEG], mt)
    result = run(fight, legs.state, pin, [10, 40, 10, 40], mt)
    assert all(h.immobilised for b in result.state.bodies.values() for h in b.holds)


def test_the_throw_may_come_in_any_later_round_while_the_hold_lasts(tables, mt):
    """ "the grappler may attempt to immobilize the limb grasped, or throw the foe, in the next melee round"
    (RQ-80: not in the round of the hold; later rounds too, while it holds)."""
    fight = Fight(combatants=(swordsman(extra=(Arm(name="grapple", attack=60, sr=7, grapple=True),)),
                              swordsman("Bo", "B")))
    r1 = run(fight, start(fight), [Intent(who="Aldo", actions=(Grapple(arm="grapple", target="Bo"),))], [10, LEG], mt)
    r2 = run(fight, r1.state, [], [], mt)
    throw = Intent(who="Aldo", actions=(Grapple(arm="grapple", target="Bo", how="throw"),))
    r3 = run(fight, r2.state, [throw], [10, 40, 5], mt)
    assert r3.state.bodies["Bo"].on_ground
    same = (Intent(who="Aldo", actions=(Grapple(arm="grapple", target="Bo"),
                                        Grapple(arm="grapple", target="Bo", how="throw"))),)
    with pytest.raises(IllegalActionError, match="from an earlier round"):
        check_intents(fight, start(fight), same)


def test_the_optional_dex_alone_rule_for_successive_rounds_against_the_same_foe(tables, mt):
    """ "For successive rounds of melee against the same foe, DEX can be used alone as the sole criterion
    for determining who strikes first — this is strictly optional." (RQ-81)"""
    quick = swordsman("Quick", "A", sr=8, dex=16)  # DEX 16: DEX SR 1
    quick = msgspec.structs.replace(quick, dex_sr=1)
    slow = swordsman("Slow", "B", sr=5, dex=10)  # DEX SR 3
    fight = Fight(combatants=(quick, slow))
    intents = [Intent(who="Quick", engaged=("Slow",), actions=(Strike(arm="broadsword", target="Slow"),)),
               Intent(who="Slow", engaged=("Quick",), actions=(Strike(arm="broadsword", target="Quick"),))]
    plain = run(fight, start(fight), intents, [97, 97], mt)
    assert [(e.who, e.sr) for e in plain.events] == [("Slow", 5), ("Quick", 8)]
    optional = run(fight, start(fight), intents, [97, 97], mt, melee_rules=MeleeRules(dex_alone=True))
    assert [(e.who, e.sr) for e in optional.events] == [("Quick", 1), ("Slow", 3)]
    assert "RQ-81" in optional.events[0].working.rulings
    # a foe he was not engaged with last round: strike ranks as usual
    fresh = [msgspec.structs.replace(i, engaged=()) for i in intents]
    again = run(fight, start(fight), fresh, [97, 97], mt, melee_rules=MeleeRules(dex_alone=True))
    assert [(e.who, e.sr) for e in again.events] == [("Slow", 5), ("Quick", 8)]


# -- 11. A damage bonus that is not dice notation --------------------------------------------------------------


def test_a_combatants_damage_bonus_is_checked_when_the_link_opens(tables):
    fight = Fight(combatants=(swordsman(), swordsman("Bo", "B")))
    data = msgspec.to_builtins(FightLog(fight=fight))
    data["fight"]["combatants"][1]["damage_bonus"] = "lots"
    with pytest.raises(ShareLinkError, match=r"fighter 2 \('Bo'\): damage bonus: .*'lots'") as caught:
        read_any(encode_link("fight", data))
    assert "'lots'" in str(caught.value)
    with pytest.raises(ValueError, match="damage bonus"):
        swordsman(damage_bonus="+1D")
    assert swordsman(damage_bonus="+1D4").damage_bonus == "+1D4"


def test_a_shot_out_of_range_is_refused_with_the_statement_naming_the_field(tables):
    """ "thrown weapons have no effective value beyond 20 meters" · "Long range is between the limit of medium
    range and a distance of about twice effective range" (RQ-38): refused when the statement is checked (a
    link opening, the page's form), not when the shot resolves."""
    javelin = Arm(name="javelin", weapon=Weapon(name="javelin", damage="1D10", kind="thrown", range=20), attack=40, sr=3)
    fight = Fight(combatants=(crossbowman("S/MR"), swordsman("Bo", "B", extra=(javelin,))))
    state = start(fight)
    for intent, message in (
        (Intent(who="Xan", actions=(Shoot(arm="crossbow", target="Bo", distance=201),)),
         "201 m is beyond long range (twice the crossbow's 100 m)"),
        (Intent(who="Bo", actions=(Shoot(arm="javelin", target="Xan", distance=21),)),
         "21 m is beyond 20 m, where a thrown javelin has no effective value"),
    ):
        with pytest.raises(IllegalActionError) as caught:
            check_intents(fight, state, (intent,))
        assert (caught.value.field, str(caught.value)) == ("intents[0].actions[0].distance", message)
    check_intents(fight, state, (Intent(who="Xan", actions=(Shoot(arm="crossbow", target="Bo", distance=200),)),))


def test_a_weapon_drawn_for_a_blow_or_a_shot_stays_in_hand_and_sets_down_what_clashes(tables, mt):
    """ "'Changing' involves dropping the item currently at hand and drawing another" · "A shield cannot be
    readied for use when the character is using any projectile weapon except the sling" (RQ-71): an archer
    who starts with dagger and shield in hand and shoots his bow has set the shield down; he parries no blow
    with it after the shot, and the bow is in his hand next round."""
    record = archer_record(WeaponSkill(weapon="dagger", attack=20), WeaponSkill(weapon="composite_bow", attack=20),
                           WeaponSkill(weapon="medium_shield", parry=10))
    adventurer, sheet = sheet_of(record, tables)
    archer = combatant_from_sheet(adventurer, sheet, tables, side="A")
    assert archer.in_hand == ("dagger", "medium shield (about 60 cm)")
    fight = Fight(combatants=(archer, swordsman("Bo", "B")))
    intents = [Intent(who="Yanioth", actions=(Shoot(arm="composite bow", target="Bo"),),
                      parries=(ParryIntent(arm="medium shield (about 60 cm)"),)),
               Intent(who="Bo", actions=(Strike(arm="broadsword", target="Yanioth"),))]
    result = run(fight, start(fight), intents, [90, 97], mt)
    blow = next(e for e in result.events if e.who == "Bo")
    assert blow.exchange.parry_roll is None and "not in Yanioth's hand" in " ".join(blow.notes)
    assert result.state.bodies["Yanioth"].in_hand == ("composite bow",)
