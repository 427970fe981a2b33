"""``pyengine.live`` sits beside the library: it imports only the core (errors, share links, validation),
msgspec and the standard library, never a page, a rule set, the library or storage; and no page part
imports it at fight mode's start (it loads when the table is first opened)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import pyengine

LIVE = Path(pyengine.__file__).resolve().parent / "live"
CORE = {"pyengine.errors", "pyengine.share", "pyengine.validation", "pyengine.tables"}


@pytest.mark.parametrize("path", sorted(LIVE.glob("*.py")), ids=lambda p: p.name)
def test_the_live_table_imports_only_the_core(path):
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    ours = {m for m in found if m.startswith("pyengine")}
    assert ours <= CORE | {m for m in ours if m.startswith("pyengine.live")}, ours


def test_fight_mode_starts_without_the_live_table():
    code = ("import sys, pyengine.pages.fight; "
            "print(sorted(m for m in sys.modules if m.startswith('pyengine.live.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=LIVE.parents[1])
    assert out.stdout.strip() == "[]"
