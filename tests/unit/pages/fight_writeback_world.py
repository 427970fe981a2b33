"""What fight mode's write-back tests share: a fight mode kept on a device with a clock
(:class:`Kept`), dice that always hit, and two saved adventurers against a broo."""

from __future__ import annotations

from pathlib import Path

from pyengine.dice import RandomDice
from pyengine.pages.fight import FightPage
from pyengine.storage.keys import CHARACTER_PREFIX
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_mode import FightMode, hero
from tests.unit.pages.page_dom import Page

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


class Clock:
    """The glue's ``now`` and a new id each time, as the browser gives them."""

    def __init__(self) -> None:
        self.n = 0
        self.ids = 0

    def now(self) -> str:
        self.n += 1
        return f"2026-12-01T20:{self.n // 60:02d}:{self.n % 60:02d}.000Z"

    def new_id(self) -> str:
        self.ids += 1
        return f"f{self.ids}"


class Kept(FightMode):
    def __init__(self, world, store=None, dice=None, link="", clock=None) -> None:  # noqa: F811
        tables, locations, slots, _ = world
        self.store = store if store is not None else MemoryStore()
        self.clock = clock or Clock()
        self.dom = Page.built("combat.html", slots)
        self.measures = None
        self.page = FightPage(tables, locations, self.store, dice or RandomDice(11), now=self.clock.now,
                              new_id=self.clock.new_id)
        self.dom.apply(self.page.open(self.dom.values("fa-form"), link))

    def reload(self, world, dice=None) -> Kept:  # noqa: F811
        return Kept(world, self.store, dice=dice, clock=self.clock)

    def add_saved(self, ident: str, name: str, side: str) -> None:
        self.dom.choose("fa-source", ident)
        self.apply(self.page.on_source(self.dom.values("fa-form")))
        self.dom.fill("fa-name", name)
        self.dom.fill("fa-side", side)
        before = len(self.combatants())
        self.apply(self.page.on_add(self.dom.values("fa-form")))
        assert len(self.combatants()) == before + 1, self.errors()
        self.dom.choose("fa-source", "")
        self.apply(self.page.on_source(self.dom.values("fa-form")))

    def click(self, ident: str, **data: str):
        return self.apply(self.page.on_writeback_click({"id": ident, **data}))


def hits(sides: int, n: int) -> int:
    """Every blow lands and no parry holds: 5 on the attack, 99 on a parry… the D100s alternate."""
    if sides == 100:
        return (5, 99)[n % 2]
    return min(sides, 3)


def golden_rurik() -> str:
    return (GOLDEN / "adventurer-format-2.json").read_text(encoding="utf-8").strip()



def two_saved_and_a_broo(world, dice=None):  # noqa: F811
    store = MemoryStore({CHARACTER_PREFIX + "rurik": golden_rurik(), CHARACTER_PREFIX + "vasana": hero("Vasana")})
    fm = Kept(world, store, dice=dice)
    fm.add_saved("rurik", "Rurik", "Sartar")
    fm.add_saved("vasana", "Vasana", "Sartar")
    fm.dom.fill("fa-name", "Broo")
    fm.dom.fill("fa-side", "Chaos")
    fm.dom.fill("fa-hp", "30")  # he stands the first blows and strikes back hard (no blow goes at an ally now)
    fm.dom.fill("fa-bonus", "+1D6")
    fm.dom.fill("fa-dex", "19")  # and first
    fm.dom.fill("fa-siz", "19")
    fm.dom.choose("fa-w1", "broadsword")
    fm.apply(fm.page.on_add(fm.dom.values("fa-form")))
    assert len(fm.combatants()) == 3, fm.errors()
    return fm
