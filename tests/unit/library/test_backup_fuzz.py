"""The backup format fuzzed: any device's items come back exactly from its backup; any merge
loses nothing of either side; anything that is not a backup gets a clear ``backup file:``
error, never another exception.

The suite runs 500 examples each; ``STRIKE_RANK_FUZZ_EXAMPLES=10000`` runs the full fuzz
(10,000 examples each, run by hand before a release)."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.errors import RecordError
from pyengine.library.backup import export_backup
from pyengine.library.history import Version, pack
from pyengine.library.merge import BOTH, DEVICE, FILE, apply_plan, import_into_empty, plan_import
from pyengine.library.versions import read_versions, save
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import (
    CHARACTER_PREFIX,
    CURRENT_FIGHT,
    DELETED,
    FIGHT_DRAFT,
    FIGHT_PREFIX,
    GEAR_PREFIX,
    HISTORY_PREFIX,
    PARTY_PREFIX,
    SET_ASIDE,
    SHEET_DRAFT,
    TEMPLATE_PREFIX,
)
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import Ids, rurik, when

EXAMPLES = int(os.environ.get("STRIKE_RANK_FUZZ_EXAMPLES", "500"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOW = "2025-03-01T23:10:00.000Z"
READERS = {"character": load_adventurer}

PREFIXES = [CHARACTER_PREFIX, GEAR_PREFIX, TEMPLATE_PREFIX, PARTY_PREFIX, FIGHT_PREFIX, HISTORY_PREFIX + "character/",
            HISTORY_PREFIX + "fight/", HISTORY_PREFIX + "nope/", SET_ASIDE, "strike-rank/draft/", "strike-rank/"]
FIXED = [SHEET_DRAFT, FIGHT_DRAFT, CURRENT_FIGHT, DELETED]
TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-16", categories=("Cs", "Lu", "Po")), max_size=8),
    st.sampled_from([rurik(), rurik(money=7), "{}", "[]", '{"format": 1}', '{"format": 1, "count": 1, "versions": "x"}']),
    st.builds(lambda texts: json.dumps({"format": 1, "count": len(texts),
                                        "versions": pack([Version(when="w", why="y", text=t) for t in texts])}),
              st.lists(st.text(max_size=6), max_size=3)),
)
KEYS = st.one_of(st.builds(lambda p, i: p + i, st.sampled_from(PREFIXES), st.text(min_size=1, max_size=8)),
                 st.sampled_from(FIXED))
ITEMS = st.dictionaries(KEYS, TEXT, max_size=12)


@FUZZ
@given(ITEMS)
def test_any_device_comes_back_exactly_from_its_backup(items):
    store = MemoryStore({**items, "not-ours": "x"})
    _, text = export_backup(store, now=NOW, app="0.2.0")
    fresh = MemoryStore()
    import_into_empty(fresh, text)
    assert fresh.items == items
    fresh = MemoryStore()
    apply_plan(fresh, plan_import(fresh, text, READERS), {}, now=NOW, new_id=Ids())
    assert fresh.items == items


IDS = st.sampled_from(["a", "b", "c"])
SAVES = st.lists(st.tuples(IDS, st.integers(0, 6)), max_size=10)


def played(saves, start=0) -> MemoryStore:
    store = MemoryStore()
    for n, (ident, money) in enumerate(saves):
        save(store, "character", ident, rurik(money=money), when=when(start + n), why=f"save {n}")
    return store


def texts(store, ident) -> set[str]:
    """Every text of a record: its current and its earlier versions."""
    versions = read_versions(store, "character", ident)
    return {v.text for v in versions.earlier} | ({versions.current.text} if versions.current else set())


@FUZZ
@given(SAVES, SAVES, st.dictionaries(IDS, st.sampled_from([DEVICE, FILE, BOTH])), st.booleans())
def test_a_merge_never_loses_a_version_of_either_side(here_saves, there_saves, chosen, same_start):
    here, there = played(here_saves), played(there_saves, 0 if same_start else 50)
    before = {ident: texts(here, ident) for ident in "abc"}
    file_side = {ident: texts(there, ident) for ident in "abc"}
    _, text = export_backup(there, now=NOW, app="0.2.0")
    plan = plan_import(here, text, READERS)
    choices = {CHARACTER_PREFIX + i: c for i, c in chosen.items()
               if c in next((p.choices for p in plan.items if p.key == CHARACTER_PREFIX + i), ())}
    applied = apply_plan(here, plan, choices, now=NOW, new_id=Ids())
    assert applied.failed == ()
    for ident in "abc":
        after = texts(here, ident)
        assert before[ident] <= after  # nothing of this device's lost
        copy = applied.copies.get(CHARACTER_PREFIX + ident)
        found = after | (texts(here, copy.removeprefix(CHARACTER_PREFIX)) if copy else set())
        assert file_side[ident] <= found  # nor of the file's
        if choices.get(CHARACTER_PREFIX + ident, DEVICE) == DEVICE and before[ident]:
            assert here.items[CHARACTER_PREFIX + ident] == read_versions(played(here_saves), "character", ident).current.text


WORDS = ["format", "kind", "backup", "items", "app", "made", CHARACTER_PREFIX + "a", HISTORY_PREFIX + "character/a",
         FIGHT_DRAFT, DELETED, "versions", "count", "current"]
LEAVES = st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=True) | st.text(max_size=6) | \
    st.sampled_from(WORDS)
DATA = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(WORDS) | st.text(max_size=4), inner, max_size=5), max_leaves=14)
VALID = json.dumps({"format": 1, "kind": "backup", "app": "0.2.0", "made": NOW, "items": {
    CHARACTER_PREFIX + "a": rurik(), HISTORY_PREFIX + "character/a": json.dumps(
        {"format": 1, "current": None, "count": 0, "versions": ""}), DELETED: '{"format": 1, "items": []}'}})


@st.composite
def damaged(draw, text: str = VALID) -> str:
    """The valid backup with one place changed: a character replaced, or cut short."""
    position, cut = draw(st.integers(0, len(text))), draw(st.booleans())
    return text[:position] if cut else text[:position] + draw(st.characters(codec="utf-8")) + text[position + 1:]


@FUZZ
@given(st.one_of(
    st.text(max_size=60),
    st.binary(max_size=60),
    DATA.map(json.dumps),
    st.dictionaries(st.sampled_from(["format", "kind", "items", "app", "made"]), DATA, max_size=4).map(
        lambda d: json.dumps({**json.loads(VALID), **d})),
    damaged(),
), st.sampled_from([DEVICE, FILE, BOTH]))
def test_any_file_imports_or_says_why_it_is_not_a_backup(text, choice):
    here = played([("a", 1), ("a", 2)])
    here.items[FIGHT_DRAFT] = "{}"
    try:
        plan = plan_import(here, text, READERS)
    except RecordError as exc:
        assert str(exc).startswith("backup file: ")
        return
    choices = {item.key: choice for item in plan.items if choice in item.choices}
    apply_plan(here, plan, choices, now=NOW, new_id=Ids())
    apply_plan(MemoryStore(), plan, {}, now=NOW, new_id=Ids())
