"""What every step of the build shares: its folders, its one error and its progress line.

Standard library only: ``build.py`` imports it before it re-runs itself in ``.venv``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".vendor-cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
TABLES = ROOT / "tables"
VENV_PYTHON = VENV / "bin" / "python"


class BuildError(Exception):
    """A build step that cannot go on; the message says what to fix."""


def say(message: str) -> None:
    """Progress goes to stderr, so `bench --json` and the like keep stdout for their output."""
    print(f"build: {message}", file=sys.stderr, flush=True)

