"""Helpers for the RuneQuest sheet tests: the real table files, and adventurers to test with."""

from __future__ import annotations

import functools
from pathlib import Path

from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables

ROOT = Path(__file__).resolve().parents[3]
TABLES = ROOT / "tables"
SEED = ROOT.parent / "shared" / "seeds" / "003_edb64acad569d54a.txt"


def table_text(table_id: str) -> str:
    return (TABLES / f"{table_id}.toml").read_text(encoding="utf-8")


def texts() -> dict[str, str]:
    return {table_id: table_text(table_id) for table_id in TABLE_IDS}


def load_real() -> RuneQuestTables:
    return RuneQuestTables.from_toml(texts())


@functools.lru_cache(maxsize=1)
def real() -> RuneQuestTables:
    """The real tables, decoded once for the whole run (for property tests, which take no fixtures)."""
    return load_real()


AVERAGE = dict(STR=10, CON=10, SIZ=10, INT=10, POW=10, DEX=10, CHA=10)


def scores(**changes: int) -> Characteristics:
    """Average scores (10 each: every band's 0), with some changed."""
    return Characteristics(**{**AVERAGE, **changes})


def adventurer(
    weapons: tuple[WeaponSkill, ...] = (), gear: tuple[Gear, ...] = (), money: int = 0, **changes: int
) -> Adventurer:
    return Adventurer(characteristics=scores(**changes), weapons=weapons, gear=gear, money=money)
