"""Fight mode's controller in parts: no module of it over 400 lines, no class over 300, no HTML
built in it (its regions are drawn by pyengine/render/fight*.py and the melee renderer), and its
draft read in one place."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[3] / "pyengine" / "pages"
MODULES = sorted([*PAGES.glob("fight*.py"), *PAGES.glob("fight/*.py")])


def test_fight_mode_is_found():
    assert any(p.name == "__init__.py" and p.parent.name == "fight" for p in MODULES) or (PAGES / "fight.py") in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PAGES)))
def test_each_module_is_at_most_400_lines_and_each_class_300(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400, f"{path.name}: {len(text.splitlines())} lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = node.end_lineno - node.lineno + 1
            assert size <= 300, f"{path.name}: class {node.name} is {size} lines"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PAGES)))
def test_no_module_builds_html(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "pyengine.html" not in imported
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not called & {"el", "to_html", "options"}
