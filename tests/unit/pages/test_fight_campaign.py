"""Fight mode's campaign service: the write-back writes the sheets with one conflict check and one
transaction, all the records or none; a fight's experience is never marked rolled since 0.4.0."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyengine.errors import StorageError
from pyengine.storage.keys import CHARACTER_PREFIX, JOURNAL
from tests.unit.pages.fight_writeback_world import hits, two_saved_and_a_broo

ROOT = Path(__file__).resolve().parents[3]


def refusing(store, refused) -> None:
    """The store refuses every write to a key ``refused(key)`` names, as a full device would."""
    put = store.put

    def refuse(key: str, text: str) -> None:
        if refused(key):
            raise StorageError(f"{key}: the device is full")
        put(key, text)

    store.put = refuse


@pytest.mark.parametrize("journal", [True, False], ids=["journaled", "journal did not fit"])
def test_a_refusal_half_way_through_confirm_leaves_every_sheet_and_its_history_as_it_was(world, journal):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    fm.click("fw-plan")
    before = dict(fm.store.items)
    refusing(fm.store, lambda key: key == CHARACTER_PREFIX + "vasana" or (not journal and key == JOURNAL))
    fm.click("fw-confirm")
    assert "the device is full" in fm.dom.text("fw-out")
    after = {k: v for k, v in fm.store.items.items() if "character" in k}
    assert after == {k: v for k, v in before.items() if "character" in k}  # Rurik's sheet and its versions too
    assert JOURNAL not in fm.store.items
    assert fm.page.written is None


def test_undo_refused_half_way_puts_nothing_back(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    fm.click("fw-plan")
    fm.click("fw-confirm")
    written = {k: v for k, v in fm.store.items.items() if "character" in k}
    refusing(fm.store, lambda key: key == CHARACTER_PREFIX + "vasana")
    fm.click("fw-undo")
    assert "the device is full" in fm.dom.text("fw-out") and fm.dom.find("fw-undo") is not None
    assert {k: v for k, v in fm.store.items.items() if "character" in k} == written


def test_a_fights_experience_is_marked_rolled_nowhere():
    # Since 0.4.0 nothing rolls a fight's experience (the scenario's end does, RQ-134), so nothing writes
    # "experience=True": an older record's mark is only read (campaign.writeback.experience_rolled, RQ-136).
    marking = set()
    for path in (ROOT / "pyengine").rglob("*.py"):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef) and any(
                    isinstance(node, ast.keyword) and node.arg == "experience" and isinstance(node.value, ast.Constant)
                    and node.value.value is True for node in ast.walk(fn)):
                marking.add(f"{path.relative_to(ROOT)}:{fn.name}")
    assert marking == set(), marking
