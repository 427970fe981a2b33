"""A fight that starts from saved adventurers starts from their current state ("a wounded
adventurer enters wounded, not from full hit points"), and its link carries that state (fight
link version 4, export format 5; RQ-103).
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from pyengine.runequest.campaign.changes import damage_weapon, take_damage
from pyengine.runequest.melee import compact
from pyengine.runequest.melee.log import EXPORT_FORMAT, VERSION, FightLog, add_round, export_json, read_any, replay, to_link
from pyengine.runequest.melee.model import Combatant, Fight, FightState, Start, start
from pyengine.runequest.melee.statement import Intent, Strike
from pyengine.share import decode_link
from tests.unit.runequest.campaign.campaign_world import answering, broo, fighter, play, rurik

GOLDEN = Path(__file__).resolve().parents[3] / "golden"


def wounded(tables):
    """Rurik with 3 points in the chest, his broadsword damaged, his shield broken."""
    a = take_damage(rurik(), tables, location="chest", points=3, cause="a broo", fight="Ambush", round=2).adventurer
    a = damage_weapon(a, tables, weapon="broadsword", points=4).adventurer
    return damage_weapon(a, tables, weapon="medium_shield@left", broken=True).adventurer


def test_a_wounded_adventurer_comes_into_the_fight_wounded(tables):
    c = fighter(tables, wounded(tables), "rurik-1")
    assert c.start == Start(damage_taken=3, wounds={"chest": 3}, condition="fighting",
                            weapon_damage={"broadsword": 4}, broken=("medium shield (about 60 cm) (left)",))
    body = start(Fight(combatants=(c, broo(tables)))).bodies["Rurik"]
    assert body.damage_taken == 3 and body.wounds == {"chest": 3} and body.condition == "fighting"
    assert body.weapon_damage == {"broadsword": 4} and body.broken == ("medium shield (about 60 cm) (left)",)
    assert body.in_hand == ("broadsword",), "a broken shield is not in his hand"
    fresh = fighter(tables, wounded(tables), "rurik-1", fresh=True)
    assert fresh.start is None and start(Fight(combatants=(fresh,))).bodies["Rurik"].wounds == {}


def test_an_unhurt_adventurer_comes_in_fresh_and_writes_what_version_2_wrote(tables):
    c = fighter(tables, rurik(), "rurik-1")
    assert c.start is None and "start" not in msgspec.to_builtins(c)


def test_a_bleeding_limb_and_a_fallen_man_come_in_as_they_are(tables):
    """"Leg — the limb is useless, and the character must fall"; the clocks keep running."""
    a = take_damage(rurik(), tables, location="abdomen", points=5).adventurer
    c = fighter(tables, a, "r")
    assert c.start.bleeding == {"abdomen": 50} and c.start.on_ground and c.start.condition == "incapacitated"
    fight = Fight(combatants=(c, broo(tables)))
    body = start(fight).bodies["Rurik"]
    assert body.on_ground and body.bleeding == {"abdomen": 50}


def test_a_start_naming_an_arm_he_does_not_have_is_refused(tables):
    c = fighter(tables, rurik(), "r")
    data = {**msgspec.to_builtins(c), "start": {"broken": ["halberd"]}}
    with pytest.raises(msgspec.ValidationError, match="'halberd' is not one of Rurik's arms"):
        msgspec.convert(data, Combatant)
    data = {**msgspec.to_builtins(c), "start": {"broken": ["broadsword"]}}
    with pytest.raises(msgspec.ValidationError, match="the broadsword is broken"):
        msgspec.convert(data, Combatant)


def wounded_fight(tables, mt) -> tuple[FightLog, FightState]:
    """Rurik (3 in the chest) against a broo's dagger: round 1 the broo hits his chest for 1D4+2 = 3, his
    hauberk stops 1, 2 get through."""
    fight = Fight(combatants=(fighter(tables, wounded(tables), "rurik-1"), broo(tables)))
    intents = (Intent(who="Broo", actions=(Strike(arm="dagger", target="Rurik"),)),)
    result = play(fight, start(fight), intents, mt, answering(("Broo attacks", {100: 10, 20: 12, 4: 1})))
    return add_round(FightLog(fight=fight), result, intents), result.state


def test_the_fight_link_is_version_4_and_replays_the_wounded_start(tables, mt):
    log, state = wounded_fight(tables, mt)
    assert state.bodies["Rurik"].wounds == {"chest": 5} and state.bodies["Rurik"].damage_taken == 5
    link = to_link(log)
    shared = decode_link(link)
    assert (shared.kind, shared.version) == ("fight", VERSION) == ("fight", 6)  # the start came in 4
    assert compact.expand(shared.data)["fight"]["combatants"][0]["start"]["wounds"] == {"chest": 3}
    assert read_any(link) == log and replay(read_any(link), mt).state == state
    data = msgspec.json.decode(export_json(log, replay(log, mt)))
    assert data["format"] == EXPORT_FORMAT == 6  # 5 brought the start
    assert read_any(msgspec.json.encode(data).decode()) == log


def test_the_golden_wounded_fight_keeps_opening_and_replaying_identically(tables, mt):
    link = (GOLDEN / "fight-wounded.link").read_text().strip()
    shared = decode_link(link)
    assert shared.version == 4 and "start" in shared.data["fight"]["combatants"][0]
    log = read_any(link)
    golden = msgspec.json.decode((GOLDEN / "fight-wounded.final.json").read_bytes(), type=FightState)
    assert replay(log, mt).state == golden
    assert golden.bodies["Rurik"].wounds == {"chest": 5}
    made, _ = wounded_fight(tables, mt)
    # made today, it is played by today's rules; its link says nothing, so it reads by version 4's (edition 2)
    assert log.melee_rules.played_by == 2
    made = msgspec.structs.replace(made, melee_rules=msgspec.structs.replace(made.melee_rules, edition=2))
    assert made == log, "the engine still makes this fight the same way"


if __name__ == "__main__":  # pragma: no cover - rewrites the golden fixture (only on purpose)
    from pyengine.cli.tables import hit_locations
    from pyengine.runequest.melee.build import melee_tables
    from tests.unit.runequest.rq_fixtures import real

    t = real()
    log, state = wounded_fight(t, melee_tables(t, hit_locations()))
    (GOLDEN / "fight-wounded.link").write_text(to_link(log) + "\n")
    (GOLDEN / "fight-wounded.final.json").write_bytes(msgspec.json.encode(state) + b"\n")
