"""The melee actions as handlers over a public round context: one handler per kind of
action, statement errors naming their field as data, the strike-rank working as a step, the
export's format 2 beside format 1, and the package's lazy public API."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

import msgspec
import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.errors import IllegalActionError, ShareLinkError
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.actions import HANDLERS
from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
from pyengine.runequest.melee.intent import check_intents
from pyengine.runequest.melee.log import EXPORT_FORMAT, export_json, read_any, read_export, replay
from pyengine.runequest.melee.model import Arm, Body, Combatant, Fight, FightState, Stuck, start
from pyengine.runequest.melee.statement import (
    AnyAction,
    Extract,
    Grapple,
    Heal,
    Intent,
    Move,
    PullOut,
    Ready,
    Shoot,
    Spell,
    Strike,
)
from pyengine.runequest.pronouns import Pronouns
from tests.unit.runequest.melee.fight_3v3 import make_log

GOLDEN = Path(__file__).resolve().parents[3] / "golden"
LOCS = {"right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4, "left_arm": 4, "head": 5}


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


@pytest.fixture(scope="module")
def log(tables, mt):
    return make_log(tables, mt)


def test_every_kind_of_action_has_one_handler():
    kinds = set(typing.get_args(AnyAction))
    assert set(HANDLERS) == kinds
    for kind, handler in HANDLERS.items():
        assert handler.act and handler.time and handler.check and handler.describe and handler.carry, kind


def fighter(name, side="A", **more):
    arms = (
        Arm(name="sword", weapon=Weapon(name="sword", damage="1D8", hp=20), attack=60, sr=6,
            parry=Parry(kind="weapon", chance=50, hp=20)),
        Arm(name="grapple", attack=60, sr=8, grapple=True),
        Arm(name="bow", weapon=Weapon(name="bow", damage="1D6", kind="projectile"), attack=50, sr=3,
            hands="both", rate="1/2R"),
    )
    return Combatant(name=name, side=side, STR=12, CON=12, SIZ=12, DEX=12, hit_points=12, locations=LOCS, dex_sr=3,
                     arms=arms, in_hand=("sword",), **more)


BAD = [
    (Strike(arm="sword", target="Nobody"), "intents[0].actions[0].target", "'Nobody' is not in the fight"),
    (Strike(arm="sword", target="Ann"), "intents[0].actions[0].target", "Ann cannot be the target of Ann's own attack"),
    (Strike(arm="axe", target="Bob"), "intents[0].actions[0].arm", "'axe' is not one of Ann's weapons"),
    (Strike(arm="grapple", target="Bob"), "intents[0].actions[0].arm", "grappling is a grapple action, not an attack"),
    (Strike(arm="bow", target="Bob"), "intents[0].actions[0].arm", "a bow is a missile: shoot it"),
    (Shoot(arm="sword", target="Bob"), "intents[0].actions[0].arm", "a sword is not a missile weapon"),
    (Ready(arm="axe"), "intents[0].actions[0].arm", "'axe' is not one of Ann's weapons"),
    (Move(metres=30), "intents[0].actions[0].metres", "30 m is more than Ann's 24 m a round"),
    (Spell(name="Disruption", points=1, target="Nobody"), "intents[0].actions[0].target", "'Nobody' is not in the fight"),
    (Heal(target="Nobody", location="chest", points=2), "intents[0].actions[0].target", "'Nobody' is not in the fight"),
    (Grapple(arm="sword", target="Bob"), "intents[0].actions[0].arm", "a sword is not the grapple skill"),
    (Grapple(arm="grapple", target="Bob", how="throw"), "intents[0].actions[0].how",
     "to throw Bob, Ann needs a hold on Bob from an earlier round"),
    (Extract(arm="sword"), "intents[0].actions[0].arm", "Ann's sword is not stuck in anyone"),
    (PullOut(owner="Bob", weapon="sword"), "intents[0].actions[0].weapon", "no Bob's sword is stuck in Ann"),
]


@pytest.mark.parametrize(("action", "field", "message"), BAD, ids=[type(a).__name__ + str(k) for k, (a, *_) in enumerate(BAD)])
def test_each_handler_names_the_field_as_data_and_says_what_is_wrong_in_words(action, field, message):
    fight = Fight(combatants=(fighter("Ann"), fighter("Bob", "B")))
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, start(fight), (Intent(who="Ann", actions=(action,)),))
    assert caught.value.field == field
    assert str(caught.value) == message


def test_the_second_action_is_named_by_its_place():
    fight = Fight(combatants=(fighter("Ann"), fighter("Bob", "B")))
    state = start(fight)
    state = msgspec.structs.replace(state, bodies={**state.bodies, "Ann": Body(in_hand=("sword",), reload={"bow": 1})})
    with pytest.raises(IllegalActionError) as caught:
        check_intents(fight, state, (Intent(who="Bob"), Intent(who="Ann", actions=(Move(metres=3), Shoot(arm="bow", target="Bob")))))
    assert caught.value.field == "intents[1].actions[1].arm"
    assert str(caught.value) == "a bow shoots 1/2R: it cannot shoot again for 1 more round(s)"


def test_a_stuck_weapon_can_be_pulled_out_and_is_carried_while_it_is_stuck(mt):
    from pyengine.runequest.melee.defaults import next_intents

    fight = Fight(combatants=(fighter("Ann"), fighter("Bob", "B")))
    stuck = Stuck(owner="Bob", weapon="sword", location="chest", impale_max=12, fumble_min=97, damage="1D8")
    state = msgspec.structs.replace(start(fight), bodies={"Ann": Body(in_hand=("sword",), stuck_in=(stuck,)),
                                                         "Bob": Body()})
    pull = Intent(who="Ann", actions=(PullOut(owner="Bob", weapon="sword"),))
    check_intents(fight, state, (pull,))
    assert next_intents(fight, state, (pull,)) == (pull,)
    freed = msgspec.structs.replace(state, bodies={"Ann": Body(in_hand=("sword",)), "Bob": Body()})
    assert next_intents(fight, freed, (pull,))[0].actions == ()


def test_the_quick_stat_block_names_the_weapon_field_as_data(tables):
    with pytest.raises(IllegalActionError) as caught:
        quick_combatant(tables, name="X", side="A", STR=10, CON=10, SIZ=10, DEX=10, hit_points=10,
                        weapons=[QuickWeapon(weapon="broadsword", attack=50), QuickWeapon(weapon="laser", attack=50)])
    assert caught.value.field == "weapons[1].weapon"
    assert str(caught.value) == "'laser' is not in the weapon tables"


def test_the_strike_rank_working_is_a_step_with_its_rulings_as_data(log, mt):
    replayed = replay(log, mt)
    events = [e for r in replayed.rounds for e in r.events]
    timed = [e for e in events if e.working is not None]
    assert timed, "the fight has timed actions"
    for e in timed:
        assert e.working.field == "sr" and e.working.value == e.sr
        assert e.working.text.endswith(f"= SR {e.sr}")
        assert e.working.source == "ch. III, The Melee Round"
        assert "RQ-44" in e.working.rulings and "RQ-" not in e.working.text


def test_the_export_is_format_6_and_writes_each_working_as_a_step(log, mt):
    data = msgspec.json.decode(export_json(log, replay(log, mt)))
    assert data["format"] == EXPORT_FORMAT == 6
    first = data["log"][0][0]
    assert first["working"] == {"field": "sr", "text": first["working"]["text"], "rule": "ch. III, The Melee Round",
                                "rulings": first["working"]["rulings"], "value": first["sr"]}
    assert read_export(msgspec.json.encode({**data, "format": 2})) == log  # format 2 reads as it was
    # formats up to 3 are played by the rounds' first edition, as they were made; 4 and 5 by the second;
    # 6 by the third
    today = {**data, "melee_rules": {}}
    assert read_export(msgspec.json.encode({**today, "format": 3})).melee_rules.played_by == 1
    assert read_export(msgspec.json.encode({**today, "format": 4})).melee_rules.played_by == 2
    assert read_export(msgspec.json.encode({**today, "format": 5})).melee_rules.played_by == 2
    assert read_export(msgspec.json.encode(today)).melee_rules.played_by == 3
    newer = {**data, "format": 7}
    with pytest.raises(ShareLinkError, match=r"format 7 is not one this app reads \(1, 2, 3, 4, 5, 6\)"):
        read_export(msgspec.json.encode(newer))


def test_a_format_1_export_still_reads_and_replays_to_the_golden_state(log, mt):
    raw = (GOLDEN / "fight-3v3.export-format-1.json").read_bytes()
    old = msgspec.json.decode(raw)
    assert old["format"] == 1 and isinstance(old["log"][0][0]["working"], str)
    fight_log = read_any(raw.decode())
    assert fight_log == log == read_any((GOLDEN / "fight-3v3.link").read_text().strip())
    golden = msgspec.json.decode((GOLDEN / "fight-3v3.final.json").read_bytes(), type=FightState)
    assert replay(fight_log, mt).state == golden  # the words say "they" of a quick stat block (RQ-145), the state is the same
    # the same events as format 1 wrote them, when everyone is "he" as then (RQ-145), the working now a step with the
    # same text (and each exchange step with the value it reached, a key format 1 did not have)
    again = replay(fight_log, mt, pronouns={c.name: Pronouns.HE for c in fight_log.fight.combatants})
    assert again.state == golden
    new = msgspec.json.decode(export_json(fight_log, again))["log"]
    for before, after in zip(old["log"], new, strict=True):
        for b, a in zip(before, after, strict=True):
            if a.get("exchange"):
                a["exchange"]["working"] = [{k: v for k, v in step.items() if k != "value"} for step in a["exchange"]["working"]]
            assert {**a, "working": a["working"]["text"] if a["working"] else ""} == b


def test_the_fights_model_imports_neither_the_round_nor_the_log():
    code = ("import sys, pyengine.runequest.melee.model; "
            "print(sorted(n for n in sys.modules if n.startswith('pyengine.runequest.melee.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pyengine.runequest.melee.round" not in out and "pyengine.runequest.melee.log" not in out
    assert "pyengine.runequest.melee.model" in out


@pytest.mark.parametrize(("action", "said"), [
    (Shoot(arm="self bow", target=""), "Vasana shoots with the self bow (at whom: no one chosen yet)"),
    (Strike(arm="broadsword", target=""), "Vasana strikes with the broadsword (at whom: no one chosen yet)"),
    (Shoot(arm="self bow", target="Broo"), "Vasana shoots at Broo with the self bow"),
])
def test_a_blow_stated_before_anyone_stands_against_him_reads_as_words(action, said):
    # A party's fight before any foe was added read "Vasana shoots at with the self bow" (issue 34).
    assert HANDLERS[type(action)].describe("Vasana", action) == said
