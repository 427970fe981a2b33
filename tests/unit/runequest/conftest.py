"""Fixtures for the RuneQuest sheet tests (helpers live in rq_fixtures.py)."""

from __future__ import annotations

import pytest

from pyengine.runequest.tables.catalogue import RuneQuestTables
from tests.unit.runequest.rq_fixtures import real


@pytest.fixture(scope="session")
def tables() -> RuneQuestTables:
    return real()
