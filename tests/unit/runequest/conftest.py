"""Fixtures for the RuneQuest sheet tests (helpers live in rq_fixtures.py)."""

from __future__ import annotations

import pytest
from tests.unit.runequest.rq_fixtures import real

from pyengine.runequest.tables.catalogue import RuneQuestTables


@pytest.fixture(scope="session")
def tables() -> RuneQuestTables:
    return real()
