"""The ecosystem's checkers, configured in pyproject.toml and pinned there: ruff (pyflakes,
pycodestyle errors, import sorting, bugbear) over the whole tree, and mypy over the core,
storage and the device library. Each names every finding, so a red run says what to mend."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_the_core_storage_and_library():
    done = run("mypy", "--cache-dir", "/dev/null")
    assert done.returncode == 0, done.stdout + done.stderr
