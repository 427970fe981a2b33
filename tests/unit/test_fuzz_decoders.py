"""Every decoder of outside data, fuzzed in the normal test run: whatever a link, a file or
a device's storage holds, it opens or says why — with the engine's own error, never anything
else. Each decoder meets 10,000 random inputs drawn fast (``tests/unit/junk.py``) and 500 more
from Hypothesis, which shrinks what it finds and leans to edge cases."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import dice_roller
from pyengine.cli.tables import fumbles as default_fumbles
from pyengine.cli.tables import hit_locations as default_locations
from pyengine.cli.tables import load_tables
from pyengine.cli.tables import strike_ranks as default_strike_ranks
from pyengine.errors import RecordError, RulesError, ShareLinkError
from pyengine.gear import state as gear_state
from pyengine.pages.fight import FightDraft, FightPage, load_draft
from pyengine.pages.fight.draft import FORMAT as DRAFT_FORMAT
from pyengine.pages.fight.draft import Written
from pyengine.runequest.advancement.creation import typed_new
from pyengine.runequest.combat import state as exchange_state
from pyengine.runequest.melee import log
from pyengine.runequest.melee.round import MeleeTables
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.share import SharedState, decode_link, encode_link
from pyengine.shrapnel import state as shrapnel_state
from pyengine.storage.keys import FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit import junk
from tests.unit.junk import Junk

FUZZ = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = ["expr", "rolls", "own_dice", "roll", "severity", "covered", "pieces", "name", "areas", "format",
         "characteristics", "STR", "weapons", "weapon", "gear", "money", "C", "chest", "2D6+2", "dagger"]
LEAVES = st.none() | st.booleans() | st.integers(-3, 1001) | st.floats(allow_nan=True) | st.text(max_size=6) | st.sampled_from(WORDS)
DATA = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=5),
    max_leaves=14,
)
VERSIONS = st.integers(-1, 3)


def junk_data(j: Junk):
    return j.data(WORDS)


def junk_state(j: Junk):
    """Link data and the version the link names."""
    return junk_data(j), j.integer(-1, 3)


def junk_file(*wrapped, binary: bool = True):
    """A file's text: short text (or bytes, where the decoder takes them), data as JSON, or
    data as JSON inside each of ``wrapped``."""

    def draw(j: Junk):
        kind = j.rng.randrange(3 + len(wrapped))
        if kind == 0:
            return j.text(60)
        if kind == 1:
            return j.binary(60) if binary else j.text(60)
        if kind == 2:
            return json.dumps(junk_data(j))
        return json.dumps(wrapped[kind - 3](junk_data(j)))

    return draw


def as_dict(data) -> dict:
    return data if isinstance(data, dict) else {"x": data}


# -- the checks ----------------------------------------------------------------------------------


def dice_roll_state_replays_or_says_why(state):
    data, version = state
    try:
        roll, _ = dice_roller.replay(data, version)
    except ShareLinkError as exc:
        assert str(exc).startswith("share link: ")
    else:
        assert roll.total == sum(t.subtotal for t in roll.terms)


def shrapnel_state_opens_or_says_why(state):
    data, version = state
    try:
        shrapnel_state.from_state(data, version=version)
    except ShareLinkError:
        pass


VALID = msgspec.to_builtins(typed_new({"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 11, "CHA": 10}, name="Y"))


def with_valid_fields(fields: dict) -> dict:
    return {**VALID, **fields}


def adventurer_file_loads_or_says_why(text):
    try:
        load_adventurer(text)
    except RecordError as exc:
        assert isinstance(exc, RulesError)


def gear_state_opens_or_says_why(state):
    data, version = state
    try:
        gear_state.from_state(data, version=version)
    except ShareLinkError:
        pass


def gear_record(data) -> dict:
    return {"format": "strike-rank/gear", "version": 1, "name": "x", "state": data}


def gear_record_or_file_loads_or_says_why(text):
    try:
        gear_state.read_record(text)
    except RulesError:
        pass


def exchange_export(data) -> dict:
    return {"format": 1, "kind": "exchange", **as_dict(data)}


def exchange_export_or_link_opens_or_says_why(text):
    try:
        exchange_state.read_any(text)
    except ShareLinkError:
        pass


def exchange_link_state_opens_or_says_why(state):
    data, version = state
    try:
        exchange_state.from_state(SharedState(kind="exchange", version=version, data=as_dict(data)))
    except ShareLinkError:
        pass


def _fight_sample() -> dict:
    """The golden 3-against-3 fight cut to its first round, as link data."""
    text = (Path(__file__).resolve().parents[1] / "golden" / "fight-3v3.link").read_text().strip()
    data = decode_link(text).data
    data["rounds"] = data["rounds"][:1]
    assert log.from_state(decode_link(encode_link(log.KIND, data, version=1)))
    return data


def _mutate(data, path: list, value):
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


FIGHT = _fight_sample()
TABLES = MeleeTables(strike_ranks=default_strike_ranks(), fumbles=default_fumbles(), locations=default_locations())


def junk_fight_change(j: Junk):
    """Where in the fight's link (a path of 1 to 7 steps), what goes there, and the version."""
    return [j.integer(0, 40) for _ in range(j.integer(1, 7))], junk_data(j), j.integer(-1, 3)


def fight_link_opens_and_replays_or_says_why(change):
    """Every part of a real fight's link replaced by junk: it opens and replays, or says why."""
    path, value, version = change
    data = _mutate(FIGHT, path, value)
    try:
        fight_log = log.from_state(SharedState(kind="fight", version=max(version, 1), data=data))
        log.replay(fight_log, TABLES)
    except RulesError:
        pass


def fight_export(data) -> dict:
    return {"format": 1, "kind": "fight", **as_dict(data)}


def fight_export_opens_or_says_why(text):
    try:
        log.read_any(text)
    except ShareLinkError:
        pass


def files_of(*wrapped):
    """Hypothesis's twin of :func:`junk_file`."""
    return st.one_of(st.text(max_size=60), st.binary(max_size=60), DATA.map(json.dumps),
                     *(DATA.map(wrap).map(json.dumps) for wrap in wrapped))


#: Each decoder: its check, Hypothesis's strategy for its input, and the fast draw of the same.
DECODERS = {
    "dice roll states": (dice_roll_state_replays_or_says_why, st.tuples(DATA, VERSIONS), junk_state),
    "shrapnel states": (shrapnel_state_opens_or_says_why, st.tuples(DATA, VERSIONS), junk_state),
    "adventurer files": (
        adventurer_file_loads_or_says_why,
        st.one_of(st.text(max_size=60), st.binary(max_size=60), DATA.map(json.dumps),
                  st.dictionaries(st.sampled_from(sorted(VALID)), DATA, max_size=4).map(with_valid_fields).map(json.dumps)),
        lambda j: (json.dumps(with_valid_fields({j.rng.choice(sorted(VALID)): junk_data(j) for _ in range(j.integer(0, 4))}))
                   if j.rng.random() < 0.25 else junk_file()(j)),
    ),
    "gear states": (gear_state_opens_or_says_why, st.tuples(DATA, VERSIONS), junk_state),
    "gear records and files": (gear_record_or_file_loads_or_says_why, files_of(gear_record), junk_file(gear_record)),
    "exchange exports and links": (
        exchange_export_or_link_opens_or_says_why,
        st.one_of(DATA.map(exchange_export).map(json.dumps), st.text(max_size=60), DATA.map(json.dumps)),
        junk_file(exchange_export, binary=False),
    ),
    "exchange link states": (exchange_link_state_opens_or_says_why, st.tuples(DATA, VERSIONS), junk_state),
    "fight links": (
        fight_link_opens_and_replays_or_says_why,
        st.tuples(st.lists(st.integers(0, 40), min_size=1, max_size=7), DATA, VERSIONS),
        junk_fight_change,
    ),
    "fight exports": (
        fight_export_opens_or_says_why,
        st.one_of(DATA.map(fight_export).map(json.dumps), st.text(max_size=60), DATA.map(json.dumps)),
        junk_file(fight_export, binary=False),
    ),
}


@pytest.mark.parametrize("decoder", DECODERS)
def test_10000_random_inputs_open_or_say_why(decoder):
    check, _, draw = DECODERS[decoder]
    junk.run(check, draw)


@pytest.mark.parametrize("decoder", DECODERS)
def test_hypothesis_inputs_open_or_say_why(decoder):
    check, inputs, _ = DECODERS[decoder]
    FUZZ(given(inputs)(check))()


PAGE_TABLES = (load_tables(), default_locations())
DRAFT_WORDS = st.sampled_from(["add", "declare", "applied", "link", "written", "label", "round", "records", "checked",
                               "fa-name", "Aldo", "actions", "parries", "typing", "rolls"])
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
    draft = load_draft(text)
    assert isinstance(draft, FightDraft) and draft.format == DRAFT_FORMAT
    assert draft.written is None or isinstance(draft.written, Written)
    page = FightPage(*PAGE_TABLES, MemoryStore({FIGHT_DRAFT: text}))
    page.open({})
    page.render()


TYPING_DRAFT = json.loads((Path(__file__).resolve().parents[1] / "golden" / "fight-draft-format-3-typing.json").read_text())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(DRAFT_DATA, st.fixed_dictionaries({"round": LEAVES, "declare": DRAFT_DATA, "rolls": DRAFT_DATA}),
                 st.lists(st.integers(-5, 120), max_size=12).map(lambda rolls: {**TYPING_DRAFT["typing"], "rolls": rolls})))
def test_a_fight_draft_whose_typed_dice_are_damaged_opens_with_them_or_says_why(typing):
    """The round being typed die by die (issue 34) comes back at the next die, or is said not to, the fight
    itself kept: never a traceback."""
    page = FightPage(*PAGE_TABLES, MemoryStore({FIGHT_DRAFT: json.dumps({**TYPING_DRAFT, "typing": typing})}))
    update = page.open({})
    said = update.notices.get("fd-form-error", "")
    done = len(page.results) == 2  # every die of the round was in: it is resolved
    assert (page.rounds.typing is not None or typing is None or done
            or said.startswith("The dice typed by hand for the next round could not"))
    assert len(page.results) >= 1 and "Traceback" not in said
