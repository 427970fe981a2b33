"""Fight mode's campaign service: the write-back and the experience checks write the sheets the
same way, one conflict check and one transaction, all the records or none; a fight's experience
marked in one place."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyengine.dice import ScriptedDice
from pyengine.errors import StorageError
from pyengine.library.versions import read_versions
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


def test_the_experience_checks_go_through_the_same_service(world):  # noqa: F811
    fm = two_saved_and_a_broo(world, dice=ScriptedDice([1] * 200))
    fm.type_round(lambda sides, n: 5 if sides == 100 else 1)
    k = [c.name for c in fm.page.fight.combatants].index("Vasana")
    before = {key: v for key, v in fm.store.items.items() if "vasana" in key}
    refusing(fm.store, lambda key: key.endswith("vasana") and "history" in key)  # the record fits, its versions not
    fm.apply(fm.page.on_marks_click({"apply": str(k)}))
    assert "Vasana's sheet was not updated" in fm.dom.text("fx-result")
    assert {key: v for key, v in fm.store.items.items() if "vasana" in key} == before
    del fm.store.put
    fm.apply(fm.page.on_marks_click({"apply": str(k)}))
    assert read_versions(fm.store, "character", "vasana").current.why.startswith("experience checks from")


def test_a_fights_experience_is_marked_in_one_place():
    # "experience=True" is written by campaign.writeback.experience_marked alone; the pages only ask.
    marking = set()
    for path in (ROOT / "pyengine").rglob("*.py"):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef) and any(
                    isinstance(node, ast.keyword) and node.arg == "experience" and isinstance(node.value, ast.Constant)
                    and node.value.value is True for node in ast.walk(fn)):
                marking.add(f"{path.relative_to(ROOT)}:{fn.name}")
    assert marking == {"pyengine/runequest/campaign/writeback.py:experience_marked"}, marking
