"""Fight mode's draft as a typed, versioned record: every draft an earlier version wrote
(tests/golden/fight-draft-format-1-*.json: 0.1.0's, the one with spells on weapons and who is
engaged, the one with a write-back to undo) opens, migrated to the format written now (3), its fight replayed and
everything typed back in the forms; a draft that does not read says where."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from pyengine.pages.fight import FightDraft, FightPage, Written, draft_text, load_draft
from pyengine.pages.fight.draft import FORMAT, read_draft
from pyengine.runequest.melee.log import read_any
from pyengine.storage.keys import FIGHT_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_mode import FightMode

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
EARLIER = sorted(GOLDEN.glob("fight-draft-format-1-*.json"))


def test_the_earlier_drafts_are_found():
    assert {p.name for p in EARLIER} >= {"fight-draft-format-1-0.1.0.json", "fight-draft-format-1-engaged.json",
                                         "fight-draft-format-1-written.json"}


@pytest.mark.parametrize("path", EARLIER, ids=lambda p: p.stem)
def test_an_earlier_draft_reads_whole_as_the_format_written_now(path):
    text = path.read_text(encoding="utf-8").strip()
    old = json.loads(text)
    assert "format" not in old
    draft, problems = read_draft(text)
    assert problems == [] and draft.format == FORMAT == 3 and draft.typing is None
    assert (draft.add, draft.declare, draft.applied, draft.link) == (old["add"], old["declare"], old["applied"],
                                                                     old["link"])
    assert draft.written == (msgspec.convert(old["written"], Written) if "written" in old else None)
    # Written again, it is format 3 with the same parts (the link last, as a saved fight writes it back).
    again = json.loads(draft_text(draft))
    assert again == {"format": 3, **old} and list(again)[-1] == "link"
    assert load_draft(draft_text(draft)) == draft


@pytest.mark.parametrize("path", EARLIER, ids=lambda p: p.stem)
def test_fight_mode_opens_an_earlier_draft_where_it_was_left(world, path):  # noqa: F811
    text = path.read_text(encoding="utf-8").strip()
    old = json.loads(text)
    fm = FightMode(world, MemoryStore({FIGHT_DRAFT: text}))
    assert len(fm.page.results) == len(read_any(old["link"]).rounds)
    assert not fm.dom.text("fl-link-error")
    for field, value in old["add"].items():
        if field != "fa-source":
            assert fm.dom.value(field) == value
    names = [c.name for c in fm.page.fight.combatants]
    for name, statement in old["declare"].items():
        assert fm.page.draft.declare[name] == statement  # as typed, whether or not he can still act
        k = names.index(name)
        if fm.page.state().bodies[name].condition == "dead":
            continue
        assert fm.part(k, "surprised").is_checked() is statement["surprised"]
        target = statement["actions"][0].get("target")
        if target:
            assert fm.dom.value(f"fd-{k}-a0-target") == target
    if "written" in old:
        assert "Written to the sheets of Rurik" in fm.dom.text("fw-out") and fm.dom.find("fw-undo") is not None
    # The next change keeps it as format 3.
    fm.apply(fm.page.on_add_input(fm.dom.values("fa-form")))
    kept = json.loads(fm.store.get(FIGHT_DRAFT))
    assert kept["format"] == 3 and kept["declare"] == fm.page.draft.declare and kept["applied"] == old["applied"]


def test_a_draft_that_does_not_read_says_where_and_keeps_the_rest():
    draft, problems = read_draft('{"format": 2, "add": {"fa-name": 5}, "applied": ["Aldo"], "link": ""}')
    assert draft == FightDraft(applied=["Aldo"])
    assert problems == ["fight draft: add, an entry: should be text, not a whole number"]
    assert read_draft("[1, 2]") == (FightDraft(), ["fight draft: damaged (not a JSON object)"])
    assert read_draft('{"format": "two"}')[1] == ["fight draft: damaged (format 'two')"]
    assert read_draft("[" * 100_000)[0] == FightDraft()
    assert read_draft("x" * 1_000_001)[1][0].startswith("fight draft: damaged (1,000,001 characters")
    # A newer format is read for the parts this version knows.
    newer = read_draft('{"format": 4, "applied": ["Aldo"], "seen": {"by": "phones"}}')
    assert newer == (FightDraft(applied=["Aldo"]), [])


def test_the_page_holds_the_draft_typed(world):  # noqa: F811
    tables, locations, _, _ = world
    page = FightPage(tables, locations, MemoryStore())
    page.open({})
    assert isinstance(page.draft, FightDraft) and page.draft_text() == draft_text(page.draft)
