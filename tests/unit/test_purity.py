"""The engine stays pure: no browser modules anywhere, no randomness outside pyengine/dice/sources.py.

The same files run unchanged in CPython and under Pyodide, and a resolution must be
a pure function of (inputs, rolls) so a share link replays exactly.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import pyengine

PACKAGE = Path(pyengine.__file__).resolve().parent
ROOT = PACKAGE.parent
SOURCES = sorted(PACKAGE.rglob("*.py"))

BROWSER_ONLY = {"js", "pyodide", "pyscript", "pyodide_js", "_pyodide", "_pyodide_core"}
RANDOM_ALLOWED_IN = {"pyengine/dice/sources.py"}


def imported_modules(source: str) -> list[tuple[int, str]]:
    """Every module a source imports, with its line: plain, from-, and importlib/__import__ with a literal."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            # ``from pyodide import ffi`` and ``from . import random`` both name the top module above.
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            found.extend((node.lineno, alias.name) for alias in node.names if alias.name in BROWSER_ONLY | {"random"})
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def violations(relative: str, source: str) -> list[str]:
    """What is wrong with one file's imports, as readable lines."""
    problems = []
    for line, module in imported_modules(source):
        top = module.split(".")[0]
        if top in BROWSER_ONLY:
            problems.append(f"{relative}:{line}: imports {module!r}; pyengine must not touch the browser")
        if top == "random" and relative not in RANDOM_ALLOWED_IN:
            problems.append(f"{relative}:{line}: imports {module!r}; only pyengine/dice/sources.py may use random")
    return problems


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("import js", "'js'"),
        ("import pyodide.ffi", "'pyodide.ffi'"),
        ("from pyscript import document", "'pyscript'"),
        ("from pyodide.http import pyfetch", "'pyodide.http'"),
        ("def f():\n    import js\n", "'js'"),
        ("try:\n    import pyodide\nexcept ImportError:\n    pass\n", "'pyodide'"),
        ("import importlib\nimportlib.import_module('js')", "'js'"),
        ("__import__('pyscript')", "'pyscript'"),
        ("import random", "'random'"),
        ("from random import randint", "'random'"),
        ("import os, random as r", "'random'"),
        ("if True:\n    from random import Random\n", "'random'"),
    ],
)
def test_the_checker_finds_forbidden_imports(source: str, bad: str) -> None:
    problems = violations("pyengine/x.py", source)
    assert problems and bad in problems[0]


@pytest.mark.parametrize(
    "source",
    ["import json", "from pyengine.dice import RandomDice", "import randomness", "from pyengine import random_tables"],
)
def test_the_checker_lets_clean_imports_through(source: str) -> None:
    assert violations("pyengine/x.py", source) == []


def test_random_is_allowed_in_dice_only() -> None:
    assert violations("pyengine/dice/sources.py", "import random") == []
    assert violations("pyengine/dice/sources.py", "import js") != []


def test_the_sources_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in SOURCES}
    assert {"pyengine/__init__.py", "pyengine/dice/sources.py", "pyengine/share.py", "pyengine/cli/__init__.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_engine_file_is_pure(path: Path) -> None:
    relative = path.relative_to(ROOT).as_posix()
    assert violations(relative, path.read_text(encoding="utf-8")) == []


def test_dice_uses_a_private_generator_only() -> None:
    # No module-level random.randint/choice/... calls: only random.Random(seed).
    tree = ast.parse((PACKAGE / "dice" / "sources.py").read_text(encoding="utf-8"))
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
    }
    assert used == {"Random"}


def all_modules() -> list[str]:
    names = ["pyengine"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="pyengine."):
        names.append(info.name)
    return sorted(names)


def test_every_source_file_is_a_module_we_import() -> None:
    expected = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in SOURCES
    }
    assert expected <= set(all_modules())


@pytest.mark.parametrize("name", all_modules())
def test_every_module_imports_in_cpython(name: str) -> None:
    importlib.import_module(name)
