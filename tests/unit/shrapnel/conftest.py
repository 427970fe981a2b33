"""Fixtures for the shrapnel tests (helpers live in shrapnel_fixtures.py)."""

from __future__ import annotations

import pytest

from pyengine.shrapnel.tables import ShrapnelTable
from tests.unit.shrapnel.shrapnel_fixtures import load_real


@pytest.fixture(scope="session")
def table() -> ShrapnelTable:
    return load_real()
