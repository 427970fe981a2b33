"""A whole fight as one link: replaying it gives the same state."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from pyengine.cli.tables import hit_locations as default_locations
from pyengine.dice import ScriptedDice
from pyengine.errors import IllegalActionError, RollError, RulesError, ShareLinkError
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.log import (
    LINK,
    FightLog,
    RoundRecord,
    export_json,
    read_any,
    replay,
    to_link,
    to_state,
    undo,
)
from pyengine.runequest.melee.model import FightState, MeleeRules
from pyengine.share import MAX_TEXT, decode_link, encode_link
from tests.unit.runequest.melee.fight_3v3 import ROUNDS, make_log

GOLDEN = Path(__file__).resolve().parents[3] / "golden"


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, default_locations())


@pytest.fixture(scope="module")
def log(tables, mt):
    return make_log(tables, mt)


def test_a_3_against_3_fight_of_10_rounds_replays_identically_from_its_link(log, mt):
    link = to_link(log)
    golden_link = (GOLDEN / "fight-3v3.link").read_text().strip()
    # the golden link is version 1; this version writes 6, compact, with the same data once expanded
    # for a fight that uses nothing versions 2 to 5 added — but for saying it reads an unconscious foe as
    # version 1 did (RQ-60)
    old, new = decode_link(golden_link), decode_link(link)
    assert (old.version, new.version) == (1, 6)
    data = msgspec.msgpack.decode(msgspec.msgpack.encode(to_state(LINK.open(new))))  # as a link holds it
    assert data.pop("melee_rules") == {"edition": 1}
    assert old.data == data, "the engine changed how this fight plays out"
    assert read_any(golden_link) == log
    assert len(link) < MAX_TEXT
    print(f"\n3-against-3, {ROUNDS} rounds: link of {len(link)} characters")
    again = replay(read_any(link), mt)
    assert len(again.rounds) == ROUNDS
    direct = replay(log, mt)
    assert again.state == direct.state
    golden = msgspec.json.decode((GOLDEN / "fight-3v3.final.json").read_bytes(), type=FightState)
    assert again.state == golden
    assert all(r.events for r in again.rounds), "every round has something happen"


def test_the_json_export_reads_back_to_the_same_fight(log, mt):
    replayed = replay(log, mt)
    data = export_json(log, replayed)
    back = read_any(data.decode())
    assert back == log
    assert msgspec.json.decode(data)["final"] == msgspec.json.decode(msgspec.json.encode(replayed.state))


def test_undo_drops_the_last_round(log, mt):
    shorter = undo(log)
    assert len(shorter.rounds) == ROUNDS - 1
    assert replay(shorter, mt).state.round == ROUNDS - 1


def test_damaged_logs_are_explained(log, mt):
    with pytest.raises(RollError, match=r"round 1: the rolls stop short"):
        replay(msgspec.structs.replace(log, rounds=(RoundRecord(intents=log.rounds[0].intents, rolls=()),)), mt)
    with pytest.raises(RollError, match=r"round 1: 1 roll\(s\) left over"):
        replay(msgspec.structs.replace(log, rounds=(RoundRecord(intents=(), rolls=(5,)),)), mt)
    bad = msgspec.structs.replace(log.rounds[0].intents[0], who="Nobody")
    with pytest.raises(IllegalActionError, match=r"round 1: statement 1 \('Nobody'\), who: 'Nobody' is not in the fight"):
        replay(msgspec.structs.replace(log, rounds=(RoundRecord(intents=(bad,), rolls=()),)), mt)
    with pytest.raises(ShareLinkError, match="not a .fight. one"):
        read_any(encode_link("dice", {"x": 1}))
    data = msgspec.to_builtins(log)
    data["fight"]["combatants"][0]["DEX"] = "fast"
    with pytest.raises(ShareLinkError, match=r"DEX"):
        read_any(encode_link("fight", data))
    with pytest.raises(ShareLinkError, match="not JSON"):
        read_any("{nope")


def test_a_round_replays_from_its_own_rolls(log, mt):
    first = replay(FightLog(fight=log.fight, rounds=log.rounds[:1]), mt)
    from pyengine.runequest.melee.model import start
    from pyengine.runequest.melee.round import resolve_round

    again = resolve_round(log.fight, start(log.fight), log.rounds[0].intents, dice=ScriptedDice(log.rounds[0].rolls),
                          tables=mt)
    assert again.state == first.state


def test_the_replay_command_prints_a_fights_final_state_and_log(capsys, tmp_path):
    from pyengine.cli import main

    link = (GOLDEN / "fight-3v3.link").read_text().strip()
    assert main(["replay", link, "--json"]) == 0
    out = msgspec.json.decode(capsys.readouterr().out)
    golden = msgspec.json.decode((GOLDEN / "fight-3v3.final.json").read_bytes())
    assert out["kind"] == "fight" and out["final"] == golden and len(out["log"]) == ROUNDS
    path = tmp_path / "fight.json"
    path.write_text(msgspec.json.encode(out).decode())
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Round 10" in text and "After round 10" in text and "Rurik (Sartar)" in text


def test_today_an_unconscious_foe_in_the_golden_fight_is_killed_outright_so_old_links_keep_their_reading(tables, mt):
    # The golden fight strikes an unconscious man in round 2. Played with today's rules (RQ-60: totally
    # helpless, killed outright unless the blow fumbles) the same rolls no longer fit; a version 1 link
    # therefore reads with the rounds' first edition and replays as it always did.
    golden = read_any((GOLDEN / "fight-3v3.link").read_text().strip())
    assert golden.melee_rules.edition == 1
    today = msgspec.structs.replace(golden, melee_rules=MeleeRules())
    with pytest.raises(RulesError, match="round 2"):
        replay(today, mt)
    fresh = replay(make_log(tables, mt, melee_rules=MeleeRules()), mt)
    assert any("killed outright" in e.outcome.lower() for r in fresh.rounds for e in r.events)


def test_a_version_3_link_keeps_replaying_to_its_golden_state(mt):
    # tests/golden/fight-3v3-v3.link: the 3-against-3 fight played by version 3's rules (an unconscious
    # foe killed outright, RQ-60); a format promise like the version 1 link beside it.
    link = (GOLDEN / "fight-3v3-v3.link").read_text().strip()
    assert decode_link(link).version == 3
    log = read_any(link)
    assert log.melee_rules.played_by == 2 and "edition" not in decode_link(link).data.get("melee_rules", {})
    again = replay(log, mt)
    assert again.state == msgspec.json.decode((GOLDEN / "fight-3v3-v3.final.json").read_bytes(), type=FightState)
    assert any("killed outright" in e.outcome.lower() for r in again.rounds for e in r.events)
