"""Fight links that stay short — version 6's compact form (:mod:`pyengine.runequest.melee.compact`),
the "situation now" share, and a fight of twelve over 30 rounds that keeps opening."""

from __future__ import annotations

import copy
import time
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.cli.tables import hit_locations
from pyengine.errors import RulesError, ShareLinkError
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee import compact
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.catalogue import CATALOGUE
from pyengine.runequest.melee.log import (
    KIND,
    LINK,
    VERSION,
    FightLog,
    read_any,
    replay,
    situation_now,
    to_link,
    to_state,
)
from pyengine.runequest.melee.model import Arm, Fight, FightState, start
from pyengine.share import MAX_TEXT, LinkKind, SharedState, decode_link, encode_link
from tests.unit.runequest.melee import fight_12x30, fight_v5, link_catalogue
from tests.unit.runequest.melee.fight_3v3 import make_log as make_3v3

GOLDEN = Path(__file__).resolve().parents[3] / "golden"
FIGHTS = sorted(p.name for p in GOLDEN.glob("fight-*.link"))


@pytest.fixture(scope="module")
def mt(tables):
    return melee_tables(tables, hit_locations())


def version_5(log: FightLog) -> str:
    """The link version 5 wrote for this log (before the compact form)."""
    return encode_link(KIND, to_state(log), version=5)


def final(name: str) -> FightState:
    return msgspec.json.decode((GOLDEN / name.replace(".link", ".final.json")).read_bytes(), type=FightState)


@pytest.mark.parametrize("name", FIGHTS)
def test_every_golden_fight_rewritten_as_version_6_is_the_same_fight_and_replays_the_same(name, mt):
    log = read_any((GOLDEN / name).read_text(encoding="utf-8"))
    link = to_link(log)
    assert decode_link(link).version == VERSION == 6
    assert read_any(link) == log
    assert replay(read_any(link), mt).state == final(name)
    assert len(link) < len(version_5(log))


def test_the_golden_3_against_3_fight_is_half_as_long_as_version_5_wrote_it(tables, mt):
    log = make_3v3(tables, mt)
    before, after = version_5(log), to_link(log)
    assert len(before) > 2000 and len(after) < 0.55 * len(before), (len(before), len(after))


def test_a_fight_of_twelve_over_30_rounds_stays_well_under_the_fragment_limit_and_replays_identically(tables, mt):
    text = (GOLDEN / "fight-12x30.link").read_text(encoding="utf-8").strip()
    assert len(text) < MAX_TEXT // 4, len(text)
    log = read_any(text)
    assert len(log.fight.combatants) == 12 and len(log.rounds) == 30
    made = fight_12x30.make_log(tables, mt)
    # made today it is played by today's edition (4, RQ-132); the golden link says nothing, so version 6's (3)
    assert log.melee_rules.played_by == 3 and made.melee_rules.played_by == 4
    assert log == with_edition(made, 3), "the engine still makes this fight the same way"
    assert replay(made, mt).state == final("fight-12x30.link"), "and today's edition plays it the same"
    began = time.perf_counter()
    replayed = replay(read_any(text), mt)
    took = time.perf_counter() - began
    assert replayed.state == final("fight-12x30.link")
    assert to_link(log) == text
    print(f"\n12 combatants, 30 rounds: {len(text)} characters (version 5: {len(version_5(log))}); "
          f"opened and replayed in {took * 1000:.1f} ms")


def test_a_reader_of_version_5_refuses_a_version_6_link_as_made_by_a_newer_version(tables, mt):
    old = LinkKind(KIND, 5, lambda data, version: data)
    with pytest.raises(ShareLinkError, match="fight version 6 is newer than this app reads \\(5\\): open it with a "
                                             "newer version of Strike Rank"):
        old.open(to_link(fight_v5.make_log(tables, mt)))


def test_the_frozen_catalogue_is_what_the_tables_say_today(tables):
    # A change to a weapon in the tables must come with a new fight link version and catalogue: a version 6
    # link names its arms by this catalogue, whatever the tables say later.
    assert link_catalogue.entries(tables) == CATALOGUE


def test_an_arm_unlike_its_table_row_is_written_out_where_it_differs(tables, mt):
    log = fight_v5.make_log(tables, mt)
    yanioth = log.fight.combatants[0]
    bow, sword = yanioth.arms
    odd = (
        msgspec.structs.replace(bow, name="Grandfather's bow", weapon=msgspec.structs.replace(bow.weapon, damage="1D8")),
        msgspec.structs.replace(sword, parry=msgspec.structs.replace(sword.parry, hp=None, damage_taken=3), sr=9),
        Arm(name="club", weapon=Weapon(name="club", damage="1D6"), attack=30, ref=""),
        Arm(name="broken board", parry=Parry(kind="shield", chance=20, name="broken board", absorbs=4), ref="large_shield"),
        Arm(name="dagger", attack=25, ref="dagger"),  # a dagger that is no weapon of the tables' kind
    )
    changed = msgspec.structs.replace(yanioth, arms=odd, in_hand=("Grandfather's bow",), prepared=())
    fight = Fight(combatants=(changed, *log.fight.combatants[1:]))
    alone = FightLog(fight=fight)
    packed = compact.pack_arm(odd[0])
    assert packed == {"n": "Grandfather's bow", "r": "self_bow", "a": 60, "s": 3, "h": "both", "rt": "S/MR",
                      "w": {"damage": "1D8"}}
    assert compact.pack_arm(odd[4])["w"] is None
    assert read_any(to_link(alone)) == alone


@pytest.mark.parametrize(("data", "says"), [
    ({}, "the fight: it has no list of fighters"),
    ({"c": [{"n": "x"}]}, "fighter 1 \\('x'\\): has no side"),
    ({"c": [{"n": "x", "s": "A", "a": [1, 2, 3, 4], "hp": 9, "l": [1] * 7, "x": 1}]}, "fighter 1 \\('x'\\): has no weapons"),
    ({"c": "x"}, "the fight: it has no list of fighters"),
    ("r", "the fight"),
])
def test_a_damaged_compact_fight_is_refused_as_a_share_link_error(data, says):
    with pytest.raises(ShareLinkError, match=f"this fight's link is damaged: {says}.*copy the whole link again"):
        compact.expand(data)


def test_a_compact_fight_that_names_what_is_not_there_is_refused(tables, mt):
    good = decode_link(to_link(fight_v5.make_log(tables, mt))).data
    bad = [
        {**good, "r": [[[7], []]]},  # a combatant's place out of the fight
        {**good, "r": [[[0], [10]]]},  # a repeat with nothing said before
        {**good, "left": [[9, 1]]},
        {**good, "c": [{**good["c"][0], "h": [5]}, *good["c"][1:]]},
        {**good, "r": [[[{"who": 0, "actions": [{"do": "shoot", "arm": 9, "target": 2}]}], [10]]]},
    ]
    for data in bad:
        with pytest.raises(ShareLinkError):
            LINK.open(encode_link(KIND, data, version=6))


def test_the_situation_now_carries_everyone_as_he_stands_and_opens_as_a_fight_of_round_0(tables, mt):
    log = make_3v3(tables, mt)
    five = FightLog(fight=log.fight, rounds=log.rounds[:5], melee_rules=log.melee_rules)
    now = replay(five, mt).state
    situation = situation_now(five, now)
    link = to_link(situation)
    assert len(link) < len(to_link(five)) and situation.rounds == ()
    opened = read_any(link)
    assert opened == situation and opened.melee_rules == log.melee_rules
    begun = start(opened.fight)
    assert begun.round == 0
    carried = ("damage_taken", "wounds", "condition", "maimed", "on_ground", "bleeding", "severed", "weapon_damage",
               "broken", "in_hand", "prepared")
    for name, body in now.bodies.items():
        again = begun.bodies[name]
        for field in carried:
            assert getattr(again, field) == getattr(body, field), (name, field)
    assert any(b.wounds for b in begun.bodies.values()), "the fight had wounded someone by round 5"


def test_the_situation_now_leaves_out_who_left_and_a_fresh_fight_comes_in_fresh(tables, mt):
    log = fight_v5.make_log(tables, mt)
    state = replay(log, mt).state
    situation = situation_now(log, state)
    assert [c.name for c in situation.fight.combatants] == ["Yanioth", "Broo"]
    assert read_any(to_link(situation)) == situation
    fresh = situation_now(FightLog(fight=log.fight), start(log.fight))
    assert fresh.fight == log.fight, "nobody hurt: everyone comes in fresh, as he did"


def test_the_size_table_holds_the_issues_targets_for_fights():
    # measure/linksize.py: byte mode at M with a 48-character address, a bound on the code the page draws.
    from measure.linksize import measure, qr_version

    assert (qr_version(779), qr_version(780), qr_version(2331), qr_version(2332)) == (22, 23, 40, None)
    data = measure()
    fights = {f["fight"]: f for f in data["fights"]}
    three = fights["fight-3v3"]
    assert three["whole"]["qr_after"] <= 30 < three["whole"]["qr_before"]
    assert three["situation_now"]["qr_after"] <= 25 < three["situation_now"]["qr_before"]
    for f in fights.values():
        assert f["whole"]["after"] < f["whole"]["before"] and f["setup"]["after"] < f["setup"]["before"]
    kinds = {k["kind"]: k for k in data["kinds"]}
    assert kinds["exchange"]["qr_after"] <= 22 and kinds["dice (0.1.0's golden link)"]["qr_after"] <= 22
    assert kinds["sheet (a played adventurer)"]["after"] < kinds["sheet (a played adventurer)"]["before"]


_LEAVES = (st.none() | st.booleans() | st.integers(-2, 40) | st.floats(allow_nan=True) | st.text(max_size=4)
           | st.sampled_from(["n", "w", "r", "p", "who", "arm", "target", "self_bow", "dagger", "1D6", "Broo"]))
_JUNK = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.sampled_from(["n", "w", "r", "p", "h", "a", "who", "do", "arm"]), inner,
                                       max_size=3), max_leaves=8)


def _replaced(data, path, value):
    out = copy.deepcopy(data)
    node = out
    for step in path[:-1]:
        if not isinstance(node, (dict, list)) or not node:
            return out
        node = node[sorted(node)[step % len(node)]] if isinstance(node, dict) else node[step % len(node)]
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return out


_COMPACT = {}


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 40), min_size=1, max_size=8), _JUNK)
def test_any_part_of_a_compact_fight_replaced_by_junk_opens_and_replays_or_says_why(path, value):
    if not _COMPACT:
        from tests.unit.runequest.rq_fixtures import real

        tables = real()
        _COMPACT["mt"] = melee_tables(tables, hit_locations())
        _COMPACT["data"] = decode_link(to_link(fight_v5.make_log(tables, _COMPACT["mt"]))).data
    try:
        replay(LINK.open(SharedState(kind=KIND, version=6, data=_replaced(_COMPACT["data"], path, value))),
               _COMPACT["mt"])
    except RulesError:
        pass


def with_edition(log, edition):
    return msgspec.structs.replace(log, melee_rules=msgspec.structs.replace(log.melee_rules, edition=edition))
