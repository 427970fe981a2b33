"""A script names an arm by its display name or by its table id, and every public entry point of the
melee rules refuses an arm, a fighter or a state that does not fit with the engine's own error, the
field named (tried with bad input: ``schedule()`` raised a bare AssertionError)."""

from __future__ import annotations

import msgspec
import pytest

from pyengine.cli.tables import hit_locations
from pyengine.dice import RandomDice, ScriptedDice
from pyengine.errors import IllegalActionError, RulesError
from pyengine.runequest.melee import log
from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
from pyengine.runequest.melee.defaults import next_intents
from pyengine.runequest.melee.intent import (
    Extract,
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
    check_intents,
)
from pyengine.runequest.melee.model import Combatant, Fight, FightState, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.runequest.melee.timing import schedule

SHIELD = "medium shield (about 60 cm)"


@pytest.fixture(scope="module")
def fight(tables):
    aldo = quick_combatant(tables, name="Aldo", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, weapons=[
        QuickWeapon(weapon="broadsword", attack=60, parry=40), QuickWeapon(weapon="medium_shield", parry=50),
        QuickWeapon(weapon="self_bow", attack=45), QuickWeapon(weapon="short_spear_1h", attack=40, parry=30),
        QuickWeapon(weapon="grapple", attack=30)])
    bera = quick_combatant(tables, name="Bera", side="B", STR=12, CON=12, SIZ=12, DEX=11, hit_points=12, weapons=[
        QuickWeapon(weapon="battle_axe_1h", attack=55, parry=35), QuickWeapon(weapon="small_shield", parry=45)])
    return Fight(combatants=(aldo, bera))


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, hit_locations())


@pytest.mark.parametrize(("action", "field"), [
    (Strike(arm="glaive", target="Bera"), "actions[0].arm"),
    (Shoot(arm="glaive", target="Bera"), "actions[0].arm"),
    (Ready(arm="glaive"), "actions[0].arm"),
    (PickUp(arm="glaive"), "actions[0].arm"),
    (Sheathe(arm="glaive"), "actions[0].arm"),
    (Grapple(arm="glaive", target="Bera"), "actions[0].arm"),
    (Extract(arm="glaive"), "actions[0].arm"),
    (Spell(name="Bladesharp", points=1, on="glaive"), "actions[0].on"),
])
def test_schedule_refuses_an_arm_he_does_not_have_naming_the_field(fight, tables, action, field):
    # Tried: schedule() with an arm that does not exist raised a bare AssertionError.
    aldo = fight.combatants[0]
    with pytest.raises(IllegalActionError) as caught:
        schedule(aldo, start(fight).bodies["Aldo"], Intent(who="Aldo", actions=(action,)),
                 tables.strike_ranks)
    assert caught.value.field == field
    assert "'glaive'" in str(caught.value) and "Aldo" in str(caught.value)


def test_schedule_refuses_a_parry_or_a_statement_not_his(fight, tables):
    aldo, body = fight.combatants[0], start(fight).bodies["Aldo"]
    with pytest.raises(IllegalActionError) as caught:
        schedule(aldo, body, Intent(who="Aldo", parries=(ParryIntent(arm="glaive"),)), tables.strike_ranks)
    assert caught.value.field == "parries[0].arm"
    with pytest.raises(IllegalActionError) as caught:
        schedule(aldo, body, Intent(who="Bera", actions=(Move(metres=3),)), tables.strike_ranks)
    assert caught.value.field == "who" and "'Bera'" in str(caught.value)


def test_a_state_without_a_fighter_is_refused_not_a_key_error(fight, mt):
    state = FightState(bodies={"Aldo": start(fight).bodies["Aldo"]})
    intents = (Intent(who="Aldo", actions=(Strike(arm="broadsword", target="Bera"),)),
               Intent(who="Bera", actions=(Strike(arm="battle axe", target="Aldo"),)))
    for call in (lambda: resolve_round(fight, state, intents, dice=ScriptedDice([]), tables=mt),
                 lambda: check_intents(fight, state, intents),
                 lambda: next_intents(fight, state, intents)):
        with pytest.raises(RulesError) as caught:
            call()
        assert caught.value.field == "state.bodies" and "Bera" in str(caught.value)


def _round(fight, mt, intents, rolls):
    return msgspec.to_builtins(resolve_round(fight, start(fight), intents, dice=ScriptedDice(rolls), tables=mt))


def test_table_ids_name_arms_as_the_display_names_do_with_identical_results(fight, mt, tables):
    # A script may name an arm by its table id ("medium_shield") as well as by its name (RQ-138).
    def statements(shield, spear):
        return (Intent(who="Aldo", actions=(Ready(arm=spear), Strike(arm=spear, target="Bera")),
                       parries=(ParryIntent(arm=shield),)),
                Intent(who="Bera", actions=(Strike(arm="battle axe", target="Aldo"),),
                       parries=(ParryIntent(arm="small shield (buckler, 30-35 cm)"),)))
    rolls = [20, 80, 3, 10, 30, 90, 5, 12]
    named = _round(fight, mt, statements(SHIELD, "short spear"), rolls)
    by_id = _round(fight, mt, statements("medium_shield", "short_spear_1h"), rolls)
    assert by_id == named
    assert next_intents(fight, start(fight), statements("medium_shield", "short_spear_1h")) == next_intents(
        fight, start(fight), statements(SHIELD, "short spear"))
    aldo, body = fight.combatants[0], start(fight).bodies["Aldo"]
    timed = [schedule(aldo, body, Intent(who="Aldo", actions=(Ready(arm=bow), Shoot(arm=bow, target="Bera"))),
                      tables.strike_ranks) for bow in ("self bow", "self_bow")]
    assert msgspec.to_builtins(timed[0]) == msgspec.to_builtins(timed[1])
    stated = check_intents(fight, start(fight), (Intent(who="Aldo", parries=(ParryIntent(arm="medium_shield"),)),))
    assert stated[0].parries[0].arm == SHIELD


def test_an_id_that_names_two_of_his_arms_is_refused_naming_both(tables):
    twin = quick_combatant(tables, name="Twin", side="A", STR=14, CON=12, SIZ=12, DEX=12, hit_points=12,
                           weapons=[QuickWeapon(weapon="battle_axe_1h", attack=60)])
    other = msgspec.structs.replace(twin.arms[0], name="battle axe (left)", hands="left")
    twin = msgspec.structs.replace(twin, arms=(*twin.arms, other))
    foe = quick_combatant(tables, name="Foe", side="B", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                          weapons=[QuickWeapon(weapon="fist", attack=50)])
    fight = Fight(combatants=(twin, foe))
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, start(fight), (Intent(who="Twin", actions=(Strike(arm="battle_axe_1h", target="Foe"),)),))
    assert caught.value.field == "intents[0].actions[0].arm"
    assert "'battle axe'" in str(caught.value) and "'battle axe (left)'" in str(caught.value)


def test_a_combatant_holds_arms_named_by_table_id(fight):
    aldo = fight.combatants[0]
    held = Combatant(**{**msgspec.structs.asdict(aldo), "in_hand": ("short_spear_1h", "medium_shield"),
                        "prepared": ()})
    assert held.in_hand == ("short spear", SHIELD)
    data = msgspec.to_builtins(aldo)
    data["in_hand"] = ["broadsword", "medium_shield"]
    assert msgspec.convert(data, type=Combatant).in_hand == aldo.in_hand


def test_a_fight_export_naming_arms_by_id_replays_as_by_name(fight, mt):
    def statements(shield, spear, axe):
        return (Intent(who="Aldo", actions=(Strike(arm=spear, target="Bera"),), parries=(ParryIntent(arm=shield),)),
                Intent(who="Bera", actions=(Strike(arm=axe, target="Aldo"),)))
    named = statements(SHIELD, "short spear", "battle axe")
    rolls = resolve_round(fight, start(fight), named, dice=RandomDice(7), tables=mt).rolls
    exports = []
    for intents in (named, statements("medium_shield", "short_spear_1h", "battle_axe_1h")):
        fight_log = log.FightLog(fight=fight, rounds=(log.RoundRecord(intents=intents, rolls=rolls),))
        exports.append(log.export_json(fight_log, log.replay(fight_log, mt)))
    assert b'"medium_shield"' in exports[1]
    again = log.read_export(exports[1])
    assert log.export_json(again, log.replay(again, mt)) == exports[0]


@pytest.mark.parametrize(("values", "field", "found"), [
    ({"DEX": 0}, "DEX", "found 0"),
    ({"hit_points": 5000}, "hit_points", "found 5000"),
    ({"armour": -3}, "armour", "found -3"),
    ({"weapons": [QuickWeapon(weapon="broadsword", attack=900)]}, "weapons[0].attack", "found 900"),
])
def test_a_quick_stat_block_out_of_range_is_refused_naming_the_field(tables, values, field, found):
    # Tried: a quick stat block of DEX 0 was built, and its fight's link then would not open.
    block = dict(name="Aldo", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12,
                 weapons=[QuickWeapon(weapon="broadsword", attack=60)]) | values
    with pytest.raises(IllegalActionError) as caught:
        quick_combatant(tables, **block)
    assert caught.value.field == field and found in str(caught.value)
