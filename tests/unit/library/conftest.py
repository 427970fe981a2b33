"""Fixtures of the device library's tests (helpers are in library_fixtures.py)."""

from __future__ import annotations

import pytest

from tests.unit.library.library_fixtures import Ids


@pytest.fixture
def ids() -> Ids:
    return Ids()
