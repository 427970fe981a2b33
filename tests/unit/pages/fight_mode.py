"""Fight mode as the glue joins its page and controller (``app.fight``), for the tests of fight mode:
the built combat page, a :class:`~pyengine.pages.fight.FightPage` on a store in memory, the roster the
tests add, a saved adventurer."""

from __future__ import annotations

from contextlib import contextmanager

from pyengine.cli import tables as source
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import RandomDice
from pyengine.pages import combat
from pyengine.pages.fight import FightPage
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill, dump_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page
from tests.worked_examples import THREE


def fight_world():
    """What fight mode is made of: the tables, the hit locations, the built page's slots, the melee tables."""
    tables = load_tables()
    locations = hit_locations()
    return tables, locations, combat.prerender(source), melee_tables(tables, locations)


def hero(name: str = "Rurik") -> str:
    return dump_adventurer(Adventurer(
        name=name,
        characteristics=Characteristics(STR=15, CON=10, SIZ=15, INT=10, POW=10, DEX=10, CHA=10),
        weapons=(WeaponSkill(weapon="broadsword", attack=30, parry=20), WeaponSkill(weapon="medium_shield", parry=20)),
        gear=(Gear(ref="hauberk_ring_mail", worn=True),),
    )).decode()


class Measures:
    """The stages the page times (``start.measured`` in the browser), by name."""

    def __init__(self) -> None:
        self.names: list[str] = []

    @contextmanager
    def __call__(self, name: str):
        yield
        self.names.append(name)


class FightMode:
    """Fight mode's page and controller, as the glue joins them (``app.fight``)."""

    def __init__(self, world, store=None, dice=None, link: str = "") -> None:
        tables, locations, slots, _ = world
        self.store = store if store is not None else MemoryStore()
        self.dom = Page.built("combat.html", slots)
        self.measures = Measures()
        self.page = FightPage(tables, locations, self.store, dice or RandomDice(11), measured=self.measures)
        self.dom.apply(self.page.open(self.dom.values("fa-form"), link))

    def apply(self, update):
        self.dom.apply(update)
        return update

    def add(self, who=THREE) -> None:
        for name, side, w1, w2 in who:
            before = len(self.combatants())
            self.dom.fill("fa-name", name)
            self.dom.fill("fa-side", side)
            self.dom.choose("fa-w1", w1)
            self.dom.choose("fa-w2", w2)
            self.apply(self.page.on_add(self.dom.values("fa-form")))
            assert len(self.combatants()) == before + 1, self.errors()

    def errors(self) -> dict[str, str]:
        return {n.id[:-6]: n.text() for n in self.dom.root.walk() if n.id.endswith("-error") and n.text()}

    def combatants(self):
        return self.dom.select("fc-item", under="fc-list")

    def open_row(self, k: int | str):
        """His row in the table tapped open (his statement's form drawn in it), as a thumb does."""
        if self.dom.find(f"fd-{k}-a0-do") is not None:
            return None
        return self.apply(self.page.on_row_toggle({"row": str(k), "open": "1"}))

    def part(self, k: int, name: str):
        """A part of his statement's form (``a0-target``, ``sr``), his row opened first."""
        self.open_row(k)
        return self.dom[f"fd-{k}-{name}"]

    def said(self, k: int) -> str:
        """His statement at a glance as his open row says it (``fd-<k>-sr``)."""
        return self.part(k, "sr").text()

    def statement(self, field: str, value: str, *, change: bool = True):
        """A statement's field typed or chosen (his row opened first, if it is not): the glue passes
        his form's fields."""
        self.open_row(field.split("-")[1])
        node = self.dom[field]
        if node.tag == "select":
            self.dom.choose(field, value)
        else:
            self.dom.fill(field, value)
        box = field.split("-")[1]
        return self.apply(self.page.on_statement(self.dom.values(f"fd-{box}"), field, change))

    def roll(self):
        """"Resolve: app dice", and what the glue draws just after (the log, everyone's state, the link)."""
        update = self.apply(self.page.on_roll(self.dom.values("fd-list")))
        return update | self.apply(self.page.drawn_later())

    def type_round(self, value_for) -> list[int]:
        """"My dice": each die asked for answered with ``value_for(sides, n)``."""
        self.apply(self.page.on_start(self.dom.values("fd-list")))
        typed: list[int] = []
        for n in range(60):
            if not self.dom.shown("fd-typing"):
                return typed
            ask = self.dom.select("cx-ask", under="fd-ask")[0]
            sides = int(ask.attrs["data-sides"])
            assert f"Roll {len(typed) + 1}: a D{sides}" in ask.text() and self.dom.focused == "fd-typed"
            typed.append(value_for(sides, n))
            self.dom.fill("fd-typed", str(typed[-1]))
            self.apply(self.page.on_next(self.dom.values("fd-typing")))
        raise AssertionError("the round never ended")

    def hp(self) -> dict[str, str]:
        return {b.attrs["data-name"]: b.attrs["data-hp"] for b in self.dom.select("fs-body", under="fs-out")}

    def outcomes(self) -> list[str]:
        latest = self.dom.select("fr-round", under="fl-out")[0]
        return [n.text() for n in latest.walk() if "fr-outcome" in n.attrs.get("class", "")]

    def reload(self, world) -> FightMode:
        """The same device after a reload: a new page and controller on the same storage."""
        return FightMode(world, self.store)
