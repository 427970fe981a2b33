"""The device library's shape: it knows no game system (no pyengine.runequest import), each
module is in the package's table, and its keys are the documented ones, in
pyengine/storage/keys.py only. (The package re-exports nothing: tests/unit/test_laziness.py.)"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pyengine.library as library
from pyengine.storage import keys

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "pyengine" / "library"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
NEW_KEYS = [keys.HISTORY_PREFIX, keys.TEMPLATE_PREFIX, keys.PARTY_PREFIX, keys.FIGHT_PREFIX, keys.CURRENT_FIGHT,
            keys.DELETED, keys.SET_ASIDE, keys.APP_PREFIX]


def imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_library_knows_no_game_system_and_no_page():
    for path in PACKAGE.glob("*.py"):
        names = imported(path)
        assert not {n for n in names if n.startswith("pyengine.runequest")}, path.name
        assert not {n for n in names if n.startswith("pyengine.pages")}, path.name


def test_every_module_is_in_the_package_table_with_its_docstring():
    for name in MODULES:
        assert f"``{name}``" in library.__doc__, name
        assert importlib.import_module(f"pyengine.library.{name}").__doc__, name


def test_the_librarys_keys_are_documented_and_overlap_no_other():
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    every = [v for k, v in vars(keys).items() if k.isupper() and isinstance(v, str) and v != keys.APP_PREFIX]
    for key in NEW_KEYS:
        assert key.rstrip("/") in formats, key
        for other in every if key != keys.APP_PREFIX else ():
            assert key == other or not other.startswith(key) and not key.startswith(other), (key, other)


def test_no_library_module_spells_a_key_itself():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        spelt = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                 and id(node) not in docstrings and "strike-rank/" in node.value]
        assert not spelt, f"{path.name}: {spelt} (use pyengine.storage.keys)"
