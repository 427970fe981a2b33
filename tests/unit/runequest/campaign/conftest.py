"""Fixtures for the campaign tests: the real tables, and the melee tables a round reads."""

from __future__ import annotations

import pytest

from pyengine.cli.tables import hit_locations
from pyengine.runequest.melee.build import melee_tables


@pytest.fixture(scope="session")
def mt(tables):
    return melee_tables(tables, hit_locations())
