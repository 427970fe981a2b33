"""The melee engine's rounds' rules edition 3 (a bow or sling ready again with the time
left, RQ-110; natural weapons never drawn, RQ-111; what sticks when a launcher impales, RQ-112), who
leaves the fight (link version 5), a fallen target's attacker turned on the next foe, an archer's
default, armour said by location; every old edition plays as it did."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from pyengine.cli.tables import hit_locations
from pyengine.errors import IllegalActionError, ShareLinkError
from pyengine.runequest.melee import render
from pyengine.runequest.melee.build import QuickWeapon, melee_tables, quick_combatant
from pyengine.runequest.melee.defaults import retargeted
from pyengine.runequest.melee.intent import Intent, Shoot, Strike
from pyengine.runequest.melee.log import (
    EDITION_OF_LINK,
    VERSION,
    FightLog,
    Leaving,
    RoundRecord,
    come_back,
    leave,
    read_any,
    replay,
    to_state,
    undo,
)
from pyengine.runequest.melee.model import RULES_EDITION, Fight, FightState, MeleeRules, start
from pyengine.runequest.melee.round import resolve_round
from pyengine.share import decode_link, encode_link
from tests.unit.runequest.melee.fight_v5 import Impaling, combatants, make_log

GOLDEN = Path(__file__).resolve().parents[3] / "golden"


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, hit_locations())


def one_round(tables, mt, edition: int | None = None):
    fight = Fight(combatants=combatants(tables))
    intents = (Intent(who="Yanioth", actions=(Shoot(arm="self bow", target="Broo"),)),
               Intent(who="Orlanth's slinger", actions=(Shoot(arm="sling", target="Broo"),)),
               Intent(who="Broo", actions=(Strike(arm="head butt", target="Yanioth"),)))
    return fight, resolve_round(fight, start(fight), intents, dice=Impaling(), tables=mt,
                                melee_rules=MeleeRules(edition=edition))


def test_edition_3_is_todays_and_link_5_plays_by_it():
    # edition 4 (RQ-132) came in 0.4.0 without a new link version: a version 6 link that says nothing is edition 3
    assert RULES_EDITION == 4 and VERSION == 6 and EDITION_OF_LINK[5] == EDITION_OF_LINK[6] == 3  # 6: the compact links


def test_a_head_butt_is_never_drawn_today_and_was_in_edition_2(tables, mt):
    # RQ-111: "draw head butt 5" pushed a broo to SR 14 and he lost his action.
    _, today = one_round(tables, mt)
    butt = next(e for e in today.events if e.who == "Broo")
    assert "draw" not in butt.working.text and butt.sr == 9
    _, before = one_round(tables, mt, edition=2)
    old = next(e for e in before.events if e.who == "Broo")
    assert "draw head butt 5" in old.working.text


def test_an_arrow_sticks_not_the_bow_and_a_sling_stone_nowhere(tables, mt):
    # RQ-112: never "sling stuck in his left leg"; the launcher stays in hand.
    _, today = one_round(tables, mt)
    broo = today.state.bodies["Broo"]
    assert [(s.owner, s.weapon, s.enc, s.held, s.missile) for s in broo.stuck_in] == [
        ("Yanioth", "arrow (self bow)", 0.0, False, True)]
    assert today.state.bodies["Yanioth"].in_hand == ("self bow",)
    assert today.state.bodies["Orlanth's slinger"].in_hand == ("sling",)
    shot = {e.who: e for e in today.events if e.exchange is not None}
    assert shot["Yanioth"].exchange.impale and "arrow (self bow) is stuck" in shot["Yanioth"].exchange.stuck_effect
    assert "stone sticks nowhere" in shot["Orlanth's slinger"].exchange.stuck_effect
    assert shot["Orlanth's slinger"].exchange.stuck is None
    assert any("RQ-112" in step.rulings for step in shot["Yanioth"].exchange.working)
    notes = render._body_notes(today.state and combatants(tables)[2], broo, today.state)
    assert "Yanioth's arrow (self bow) stuck in the right leg" in notes
    # edition 2 (links 3 and 4) keeps its reading: the launcher itself stuck
    _, before = one_round(tables, mt, edition=2)
    assert {s.weapon for s in before.state.bodies["Broo"].stuck_in} == {"self bow", "sling"}


def test_a_bow_and_a_sling_are_ready_again_with_time_left_in_the_round(tables, mt):
    # RQ-110: an archer who shot at SR 3 starts the next round nocked: SR 3 again, not "ready 5 + shoot".
    fight, first = one_round(tables, mt)
    assert first.state.bodies["Yanioth"].prepared == ("self bow",)
    said = [e for e in first.events if e.kind == "rearm"]
    assert [e.who for e in said] == ["Yanioth", "Orlanth's slinger"] and "RQ-110" in said[0].outcome
    again = resolve_round(fight, first.state, (Intent(who="Yanioth", actions=(Shoot(arm="self bow", target="Broo"),)),),
                          dice=Impaling(), tables=mt)
    assert next(e for e in again.events if e.who == "Yanioth" and e.kind != "rearm").sr == 3
    _, before = one_round(tables, mt, edition=2)
    assert before.state.bodies["Yanioth"].prepared == () and not [e for e in before.events if e.kind == "rearm"]


def test_no_time_left_no_readying(tables, mt):
    fight = Fight(combatants=combatants(tables))
    state = start(fight)
    two = (Intent(who="Yanioth", actions=(Shoot(arm="self bow", target="Broo"), Shoot(arm="self bow", target="Broo"))),)
    result = resolve_round(fight, state, two, dice=Impaling(), tables=mt)  # SR 3, then 5 + 3 = 11: 1 to spare
    assert result.state.bodies["Yanioth"].prepared == ()


def test_the_golden_version_5_fight_replays_to_its_final_state(tables, mt):
    link = (GOLDEN / "fight-v5.link").read_text(encoding="utf-8").strip()
    shared = decode_link(link)
    assert shared.version == 5 and shared.data["left"] == [{"who": "Orlanth's slinger", "after": 2}]
    log = read_any(link)
    made = make_log(tables, mt)  # made today: today's edition 4 (RQ-132); the version 5 link plays by 3
    assert log == msgspec.structs.replace(made, melee_rules=msgspec.structs.replace(made.melee_rules, edition=3)), \
        "the engine still makes this fight the same way"
    golden = msgspec.json.decode((GOLDEN / "fight-v5.final.json").read_bytes(), type=FightState)
    assert replay(log, mt).state == golden and replay(made, mt).state == golden
    assert log.gone() == {"Orlanth's slinger": 2} and log.gone(2) == {}


def test_one_who_left_states_nothing_and_is_aimed_at_by_nobody(tables, mt):
    log = make_log(tables, mt)
    bad = msgspec.structs.replace(log.rounds[2], intents=(*log.rounds[2].intents,
                                                          Intent(who="Orlanth's slinger", actions=())))
    with pytest.raises(IllegalActionError, match="round 3: .*left the fight after round 2"):
        replay(msgspec.structs.replace(log, rounds=(*log.rounds[:2], bad)), mt)
    at = RoundRecord(intents=(Intent(who="Broo", actions=(Strike(arm="head butt", target="Orlanth's slinger"),)),))
    with pytest.raises(IllegalActionError, match="Orlanth's slinger left the fight"):
        replay(msgspec.structs.replace(log, rounds=(*log.rounds[:2], at)), mt)


def test_leaving_is_undone_with_its_round_or_taken_back_before_the_next(tables, mt):
    log = make_log(tables, mt)
    assert undo(undo(log)).left == ()  # the round it left after, taken back, takes the leaving with it
    two = FightLog(fight=log.fight, rounds=log.rounds[:2])
    gone = leave(two, "Broo")
    assert gone.gone() == {"Broo": 2} and come_back(gone, "Broo").left == ()
    with pytest.raises(IllegalActionError):
        leave(FightLog(fight=log.fight), "Broo")  # before the first round he is removed instead
    with pytest.raises(IllegalActionError):
        leave(gone, "Broo")
    with pytest.raises(ShareLinkError, match="left\\[0\\]"):
        read_any(encode_link("fight", {**to_state(two), "left": [msgspec.to_builtins(Leaving(who="Nobody", after=1))]},
                             version=5))


def test_a_fallen_target_turns_the_blow_on_the_next_foe_standing(tables, mt):
    fight = Fight(combatants=combatants(tables))
    state = start(fight)
    state = msgspec.structs.replace(state, bodies={**state.bodies, "Broo": msgspec.structs.replace(
        state.bodies["Broo"], condition="unconscious")})
    previous = (Intent(who="Yanioth", actions=(Shoot(arm="self bow", target="Broo"),)),)
    out, notes = retargeted(fight, state, previous)
    assert notes == {"Yanioth": "Broo is unconscious: no foe is left standing"} and out[0].actions[0].target == "Broo"
    more = Fight(combatants=(*fight.combatants, msgspec.structs.replace(fight.combatants[2], name="Broo 2")))
    state2 = msgspec.structs.replace(state, bodies={**state.bodies, "Broo 2": state.bodies["Yanioth"]})
    out, notes = retargeted(more, state2, previous)
    assert notes == {"Yanioth": "Broo is unconscious: now at Broo 2"} and out[0].actions[0].target == "Broo 2"
    out, notes = retargeted(more, start(more), previous, gone={"Broo"})
    assert notes == {"Yanioth": "Broo is out of the fight: now at Broo 2"}


def test_an_archer_shoots_by_default_and_nobody_aims_at_an_ally(tables):
    fight = Fight(combatants=combatants(tables))
    state = start(fight)
    yanioth = render.default_declaration(fight, state, fight.combatants[0])
    assert yanioth["actions"] == [{"do": "shoot", "arm": "self bow", "target": "Broo"}]
    choices = render._target_choices(fight, state, fight.combatants[0], "attack")
    assert choices[0] == ("Broo", "Broo") and choices[-1] == ("Orlanth's slinger", "Orlanth's slinger (own side)")
    assert render._target_choices(fight, state, fight.combatants[0], "attack", gone={"Broo"})[0][0] != "Broo"


def test_the_first_weapon_of_a_quick_block_is_in_hand_when_asked(tables):
    q = QuickWeapon
    kw = dict(name="A", side="A", STR=12, CON=12, SIZ=12, DEX=12, hit_points=12)
    bow = [q(weapon="self_bow", attack=50), q(weapon="shortsword", attack=40, parry=40)]
    assert quick_combatant(tables, weapons=bow, **kw).in_hand == ("shortsword",)  # as it always was
    archer = quick_combatant(tables, weapons=bow, first_in_hand=True, **kw)
    assert archer.in_hand == archer.prepared == ("self bow",)
    butt = [q(weapon="head_butt", attack=50), q(weapon="broadsword", attack=40, parry=35), q(weapon="small_shield", parry=30)]
    assert quick_combatant(tables, weapons=butt, first_in_hand=True, **kw).in_hand == ("broadsword",
                                                                                       "small shield (buckler, 30-35 cm)")


def test_armour_is_said_by_location_or_as_a_range(tables):
    c = combatants(tables)[2]
    assert render.armour_words(c) == "armour 2"
    legs_bare = msgspec.structs.replace(c, armour={k: v for k, v in c.armour.items() if not k.endswith("_leg")})
    assert render.armour_words(legs_bare) == "armour 0–2 by location"
    assert render.armour_words(msgspec.structs.replace(c, armour={})) == ""
