"""The table files, read from disk: the only place the engine reads them (command line, tests, build).

The page never reads files: it fetches the compiled tables (``dist/tables/<id>.msgpack``)
and decodes them with :func:`pyengine.tables.load_table`. Here the TOML sources under
``tables/`` beside the ``pyengine`` package are decoded into their schemas
(:func:`pyengine.tables.schema_for`), each once per process.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pyengine
from pyengine.runequest.tables.catalogue import HIT_LOCATIONS, TABLE_IDS, RuneQuestTables
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.tables.strike_ranks import StrikeRankTable
from pyengine.shrapnel import TABLE_ID as BALLISTIC
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.tables import decode_toml, schema_for

#: Where the table files live: ``tables/`` beside the ``pyengine`` package.
TABLES_DIR = Path(pyengine.__file__).resolve().parent.parent / "tables"


def table_file(table_id: str) -> Path:
    """The TOML file of a table id: ``tables/<family>/<name>.toml``."""
    return TABLES_DIR / f"{table_id}.toml"


def table_ids() -> list[str]:
    """The id of every table file on disk, sorted."""
    return sorted(p.relative_to(TABLES_DIR).with_suffix("").as_posix() for p in TABLES_DIR.rglob("*.toml"))


@functools.lru_cache(maxsize=None)
def read_table(table_id: str) -> Any:
    """One table file, decoded into its schema (once).

    :raises TableDataError: no schema for it, or the file does not fit (file, row and field named).
    """
    return decode_toml(schema_for(table_id), table_file(table_id).read_bytes(), f"tables/{table_id}.toml")


@functools.lru_cache(maxsize=1)
def load_tables() -> RuneQuestTables:
    """Every RuneQuest table of the bundle, decoded and checked against one another (once).

    :raises TableDataError: a file does not fit its schema, or the tables disagree.
    """
    return RuneQuestTables.from_toml({i: table_file(i).read_bytes() for i in TABLE_IDS})


def hit_locations() -> HitLocationTable:
    """The D20 hit-location table."""
    table: HitLocationTable = read_table(HIT_LOCATIONS)
    return table


def fumbles() -> FumbleTable:
    """The fumble table."""
    return load_tables().fumbles


def strike_ranks() -> StrikeRankTable:
    """The strike-rank table."""
    return load_tables().strike_ranks


def ballistic() -> ShrapnelTable:
    """The Ballistic Shrapnel table."""
    table: ShrapnelTable = read_table(BALLISTIC)
    return table


def combat_tables() -> dict[str, Any]:
    """The keyword arguments an exchange's resolver and its odds take (``fumbles=``, ``locations=``)."""
    return {"fumbles": fumbles(), "locations": hit_locations()}
