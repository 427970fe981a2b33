"""The page controllers stand on the layers below them: they build no HTML (renderers do:
a rule set's ``render`` modules, :mod:`pyengine.render`), they read and write no record by
hand (the device library does: :mod:`pyengine.library`), and each stays small: no module of
``pyengine/pages/`` over 400 lines, no class over 300."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[3] / "pyengine" / "pages"
#: The exchange is split by its own work; it joins these rules with it.
NOT_YET: set[str] = set()
MODULES = sorted(p for p in PAGES.rglob("*.py") if p.name not in NOT_YET)
#: Storage keys a page may name: a tab's or a device's lists of recent results, which are no records.
LISTS = {"DICE_RECENT", "SHRAPNEL_RECENT"}
HTML_BUILDERS = {"el", "to_html", "to_xml", "Markup", "Element", "sub_element", "escape", "escape_text"}


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PAGES).as_posix())
def test_a_page_builds_no_html(path):
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module in ("pyengine.html", "html"):
            found.append(f"from {node.module} import …")
        elif isinstance(node, ast.Import) and any(a.name in ("pyengine.html", "html") for a in node.names):
            found.append("import html")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in HTML_BUILDERS:
            found.append(f"{node.func.id}(…) at line {node.lineno}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lstrip().startswith("<") \
                and ">" in node.value:
            found.append(f"markup {node.value[:30]!r} at line {node.lineno}")
    assert not found, f"{path.name} builds HTML: {found} (draw it in a render module)"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PAGES).as_posix())
def test_a_page_reads_and_writes_no_record_by_hand(path):
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module == "pyengine.storage.keys":
            found += [a.name for a in node.names if a.name not in LISTS]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "keys" \
                and "store" in ast.unparse(node.func.value):
            found.append(f"{ast.unparse(node.func)}() at line {node.lineno}")
    assert not found, f"{path.name} reads the device by hand: {found} (ask pyengine.library)"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(PAGES).as_posix())
def test_a_page_module_is_small_and_so_are_its_classes(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 400, f"{path.name}: {lines} lines (split it by what the user does)"
    big = {node.name: node.end_lineno - node.lineno + 1 for node in tree(path).body
           if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 300}
    assert not big, f"{path.name}: classes over 300 lines: {big}"
