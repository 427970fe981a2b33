"""Helpers for the shrapnel tests: where the table file is, loading it, small synthetic tables, the command run."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from pyengine.cli import shrapnel as cli
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.tables import decode_toml

ROOT = Path(__file__).resolve().parents[3]
TABLE_FILE = ROOT / "tables" / "shrapnel" / "ballistic.toml"
SOURCE = "tables/shrapnel/ballistic.toml"


def load_real() -> ShrapnelTable:
    return decode_toml(ShrapnelTable, TABLE_FILE.read_text(encoding="utf-8"), SOURCE)


def one_row_table(
    areas: list[str], effects: str, prose: str = "Something happens.", fate: str | None = None
) -> ShrapnelTable:
    """A table of one row (1-100) whose five cells are all ``effects``: for rules the real table never exercises."""
    extra = f'fate = "{fate}"\n' if fate else ""
    cells = "".join(f'\n[rows.{s}]\neffects = "{effects}"\nprose = "{prose}"\n{extra}' for s in "ABCDE")
    listed = ", ".join(f'"{a}"' for a in areas)
    text = f'die = 100\n[[rows]]\nrolls = "1-100"\nareas = [{listed}]\n{cells}'
    return decode_toml(ShrapnelTable, text, "synthetic.toml")


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="pyengine")
    subparsers = parser.add_subparsers(dest="command", required=True)
    cli.register(subparsers)
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert run(["shrapnel", *argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object, one line
    data: dict[str, object] = json.loads(out)
    return data
