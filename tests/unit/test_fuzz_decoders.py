"""Every decoder of outside data, fuzzed with 10,000 examples each in the normal test run:
whatever a link, a file or a device's storage holds, it opens or says why — with the
engine's own error, never anything else."""

from __future__ import annotations

import json

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import dice_roller
from pyengine.errors import RecordError, RulesError, ShareLinkError
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.shrapnel import state as shrapnel_state

FUZZ = settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = ["expr", "rolls", "own_dice", "roll", "severity", "covered", "pieces", "name", "areas", "format",
         "characteristics", "STR", "weapons", "weapon", "gear", "money", "C", "chest", "2D6+2", "dagger"]
LEAVES = st.none() | st.booleans() | st.integers(-3, 1001) | st.floats(allow_nan=True) | st.text(max_size=6) | st.sampled_from(WORDS)
DATA = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=5),
    max_leaves=14,
)


@FUZZ
@given(DATA, st.integers(-1, 3))
def test_dice_roll_states_replay_or_say_why(data, version):
    try:
        roll, _ = dice_roller.replay(data, version)
    except ShareLinkError as exc:
        assert str(exc).startswith("share link: ")
    else:
        assert roll.total == sum(t.subtotal for t in roll.terms)


@FUZZ
@given(DATA, st.integers(-1, 3))
def test_shrapnel_states_open_or_say_why(data, version):
    try:
        shrapnel_state.from_state(data, version=version)
    except ShareLinkError:
        pass


VALID = msgspec.to_builtins(typed_new({"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}, name="Y"))


@FUZZ
@given(st.one_of(
    st.text(max_size=60),
    st.binary(max_size=60),
    DATA.map(json.dumps),
    st.dictionaries(st.sampled_from(sorted(VALID)), DATA, max_size=4).map(lambda d: json.dumps({**VALID, **d})),
))
def test_imported_or_stored_adventurer_files_load_or_say_why(text):
    try:
        load_adventurer(text)
    except RecordError as exc:
        assert isinstance(exc, RulesError)


@FUZZ
@given(DATA, st.integers(-1, 3))
def test_gear_states_open_or_say_why(data, version):
    from pyengine.gear import state as gear_state

    try:
        gear_state.from_state(data, version=version)
    except ShareLinkError:
        pass


@FUZZ
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60), DATA.map(json.dumps),
                 DATA.map(lambda d: json.dumps({"format": "strike-rank/gear", "version": 1, "name": "x", "state": d}))))
def test_gear_records_and_files_load_or_say_why(text):
    from pyengine.gear import state as gear_state

    try:
        gear_state.read_record(text)
    except RulesError:
        pass


@FUZZ
@given(st.one_of(DATA.map(lambda d: json.dumps({"format": 1, "kind": "exchange", **(d if isinstance(d, dict) else {"x": d})})),
                 st.text(max_size=60), DATA.map(json.dumps)))
def test_exchange_exports_and_links_open_or_say_why(text):
    from pyengine.runequest.combat import state as exchange_state

    try:
        exchange_state.read_any(text)
    except ShareLinkError:
        pass


@FUZZ
@given(DATA, st.integers(-1, 3))
def test_exchange_link_states_open_or_say_why(data, version):
    from pyengine.runequest.combat import state as exchange_state
    from pyengine.share import SharedState

    try:
        exchange_state.from_state(SharedState(kind="exchange", version=version, data=data if isinstance(data, dict) else {"x": data}))
    except ShareLinkError:
        pass


def _fight_sample() -> dict:
    """The golden 3-against-3 fight cut to its first round, as link data."""
    from pathlib import Path

    from pyengine.runequest.melee import log
    from pyengine.share import decode_link, encode_link

    text = (Path(__file__).resolve().parents[1] / "golden" / "fight-3v3.link").read_text().strip()
    data = decode_link(text).data
    data["rounds"] = data["rounds"][:1]
    assert log.from_state(decode_link(encode_link(log.KIND, data, version=1)))
    return data


def _mutate(data, path: list, value):
    import copy

    out = copy.deepcopy(data)
    node = out
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
        else:
            return out
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return out


_FIGHT = None


@FUZZ
@given(st.lists(st.integers(0, 40), min_size=1, max_size=7), DATA, st.integers(-1, 3))
def test_fight_links_open_and_replay_or_say_why(path, value, version):
    """Every part of a real fight's link replaced by junk: it opens and replays, or says why."""
    global _FIGHT
    from pyengine.cli.tables import fumbles as default_fumbles
    from pyengine.cli.tables import hit_locations as default_locations
    from pyengine.cli.tables import strike_ranks as default_strike_ranks
    from pyengine.runequest.melee import log
    from pyengine.runequest.melee.round import MeleeTables
    from pyengine.share import SharedState

    if _FIGHT is None:
        _FIGHT = _fight_sample()
    tables = MeleeTables(strike_ranks=default_strike_ranks(), fumbles=default_fumbles(), locations=default_locations())
    data = _mutate(_FIGHT, path, value)
    try:
        fight_log = log.from_state(SharedState(kind="fight", version=max(version, 1), data=data))
        log.replay(fight_log, tables)
    except RulesError:
        pass


@FUZZ
@given(st.one_of(DATA.map(lambda d: json.dumps({"format": 1, "kind": "fight", **(d if isinstance(d, dict) else {"x": d})})),
                 st.text(max_size=60), DATA.map(json.dumps)))
def test_fight_exports_open_or_say_why(text):
    from pyengine.runequest.melee import log

    try:
        log.read_any(text)
    except ShareLinkError:
        pass


DRAFT_WORDS = st.sampled_from(["add", "declare", "applied", "link", "written", "label", "round", "records", "checked",
                               "fa-name", "Aldo", "actions", "parries"])
DRAFT_DATA = st.recursive(
    LEAVES | DRAFT_WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(DRAFT_WORDS | st.text(max_size=4), inner, max_size=5),
    max_leaves=14,
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(DRAFT_DATA.map(json.dumps), st.text(max_size=40)))
def test_fight_mode_drafts_restore_or_start_empty(text):
    """Whatever fight mode's draft holds on the device (its ``written`` part too), fight mode
    opens: each part that reads back is kept, the rest starts empty; a reload loses no page."""
    from pyengine.cli.tables import hit_locations, load_tables
    from pyengine.pages.fight import FightDraft, FightPage, load_draft
    from pyengine.pages.fight.draft import Written
    from pyengine.storage.keys import FIGHT_DRAFT
    from pyengine.storage.store import MemoryStore

    global _TABLES
    if _TABLES is None:
        _TABLES = (load_tables(), hit_locations())
    draft = load_draft(text)
    assert isinstance(draft, FightDraft) and draft.format == 2
    assert draft.written is None or isinstance(draft.written, Written)
    page = FightPage(*_TABLES, MemoryStore({FIGHT_DRAFT: text}))
    page.open({})
    page.render()


_TABLES = None
