"""A d100 typed from physical dice reads "00" as 100 on every page that takes one.

Percentile dice show 100 as "00"; seed 003 speaks of it so ("an attack roll of exactly 00 is
always a fumble", "00 is still always a fumble"), and the combat page's own prompt says
"a D100 (00 is 100)". The start page's roller, the shrapnel page and command, the single
exchange and the fight's typed dice read it alike. (The sheet page takes no typed d100: its
experience checks roll with the app's dice.)
"""

from __future__ import annotations

import pytest

from pyengine.cli import tables as source
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.pages import combat
from pyengine.runequest.combat.inputs import read_typed_roll
from pyengine.runequest.melee.build import melee_tables
from tests.unit.pages.exchange_mode import Exchange
from tests.unit.pages.fight_mode import FightMode
from tests.worked_examples import THREE


@pytest.fixture(scope="module")
def world():
    tables = load_tables()
    locations = hit_locations()
    return tables, locations, combat.prerender(source), melee_tables(tables, locations)


def test_the_typed_roll_reader_takes_00_as_100():
    assert read_typed_roll(" 00 ", "cx-typed", "the roll", 1000) == 100
    assert read_typed_roll("100", "cx-typed", "the roll", 1000) == 100
    assert read_typed_roll("7", "cx-typed", "the roll", 1000) == 7
    with pytest.raises(ValueError, match="the roll: 0 is not 1 to 1000"):
        read_typed_roll("0", "cx-typed", "the roll", 1000)


def test_the_exchange_reads_a_typed_00_as_the_d100s_100(world):
    # The first roll asked for is the attack's d100 ("Roll 1: a D100 (00 is 100)").
    ex = Exchange(world[:3])
    ex.fill()
    ex.do("on_start")
    assert ex.dom.select("cx-ask", under="cx-ask")[0].attrs["data-sides"] == "100"
    ex.dom.fill("cx-typed", "00")
    ex.do("on_next")
    assert ex.dom.error("cx-typed") == ""
    assert ex.page.typed == [100]


def test_the_fights_typed_dice_read_00_as_100(world):
    fm = FightMode(world)
    fm.add(THREE[:2])
    fm.apply(fm.page.on_start(fm.dom.values("fd-list")))
    ask = fm.dom.select("cx-ask", under="fd-ask")[0]
    assert ask.attrs["data-sides"] == "100"
    fm.dom.fill("fd-typed", "00")
    fm.apply(fm.page.on_next(fm.dom.values("fd-typing")))
    assert fm.dom.error("fd-typed") == ""
    assert fm.page.typed == [100]
