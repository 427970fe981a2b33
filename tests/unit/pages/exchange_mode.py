"""The combat page's single exchange as the glue joins its page and controller (``app.exchange``)."""

from __future__ import annotations

from pyengine.pages.exchange import ExchangePage
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page


class Exchange:
    """The page and its controller, as the glue joins them (``app.exchange``)."""

    def __init__(self, world, store=None, dice=None, fragment: str = "") -> None:
        tables, locations, slots = world
        self.dom = Page.built("combat.html", slots)
        self.page = ExchangePage(tables, locations, store or MemoryStore(), dice)
        self.dom.apply(self.page.start())
        if fragment:
            self.dom.apply(self.page.open(fragment))

    def do(self, action: str):
        """A control used: the controller's method for it, given the exchange's fields."""
        update = getattr(self.page, action)(self.dom.values("exchange-mode"))
        self.dom.apply(update)
        return update

    def fill(self) -> None:
        self.dom.choose("att-weapon", "short_spear_1h")
        self.dom.fill("att-chance", "55")
        self.dom.fill("att-bonus", "+1D4")
        self.dom.fill("def-hp", "12")
        self.dom.fill("def-armour", "2")
        self.dom.fill("def-defense", "5")
        self.dom.choose("def-parry", "medium_shield")
        self.dom.fill("def-parry-chance", "40")

    def type_rolls(self, rolls) -> None:
        self.do("on_start")
        for roll in rolls:
            self.dom.fill("cx-typed", str(roll))
            self.do("on_next")

    def card(self):
        cards = self.dom.select("cx-result", under="cx-result")
        return cards[0] if cards else None

    def assert_shows(self, result) -> None:
        card = self.card()
        assert card is not None and card.attrs["data-outcome"] == result.outcome
        assert self.dom.select("cx-headline", under="cx-result")[0].text() == result.headline
        rolls = self.dom.select("cx-rolls", under="cx-result")[0]
        assert len([n for n in rolls.children if not isinstance(n, str)]) == len(result.rolls)
        assert self.dom.select("cx-fact-hit-points", under="cx-result")[0].attrs["data-value"] == str(result.hit_points_after)
