"""Fixtures of the page controllers' tests: the RuneQuest tables, and what fight mode is made of
(helpers live in the modules beside: page_dom, fight_mode, exchange_mode, gear_browser, sheet_fields)."""

from __future__ import annotations

import pytest

from pyengine.cli.tables import load_tables
from tests.unit.pages.fight_mode import fight_world


@pytest.fixture(scope="module")
def tables():
    return load_tables()


@pytest.fixture(scope="module")
def world():
    return fight_world()
