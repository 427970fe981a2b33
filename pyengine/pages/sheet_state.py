"""The sheet page's "Now" card: a saved adventurer's current state against his maxima, the
changes by hand, time passing, the scenario's end (his experience marks rolled, RQ-134), and
what undo would undo.

Every number comes from :mod:`pyengine.runequest.campaign`; the card is drawn by
:mod:`pyengine.render.sheet_state`. :data:`FIELDS` says, for each action, which of the
card's fields an engine error's ``field`` is shown beside and what the card calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyengine.errors import RulesError
from pyengine.pages.view import Update
from pyengine.render.sheet_state import render_working, weapon_name

__all__ = ["BUTTONS", "FIELDS", "NowCard", "said_as", "weapon_name"]

#: Each action of the card (its button id) -> {engine field: (the card's field id, its label)}.
FIELDS: dict[str, dict[str, tuple[str, str]]] = {
    "sheet-take-damage": {"points": ("state-dmg-points", "points"), "location": ("state-dmg-location", "location"),
                          "cause": ("state-dmg-cause", "cause")},
    "sheet-heal": {"points": ("state-heal-points", "points healed"), "how": ("state-heal-how", "healing"),
                   "location": ("state-heal-location", "where")},
    "sheet-set-ammo": {"weapon": ("state-ammo-weapon", "missile weapon"), "count": ("state-ammo-count",
                                                                                    "missiles left")},
    "sheet-damage-weapon": {"weapon": ("state-wpn-weapon", "weapon"), "points": ("state-wpn-points", "damage")},
    "sheet-repair-weapon": {"weapon": ("state-wpn-weapon", "weapon")},
    "sheet-spend": {"lunars": ("state-spend-lunars", "Lunars"), "what": ("state-spend-what", "spent on"),
                    "source": ("state-spend-source", "from")},
    "sheet-time-passes": {k: ("state-days", "days") for k in ("days", "rounds", "turns", "weeks")},
}
#: The card's buttons (disabled on a sheet opened read-only from a link).
BUTTONS = ("sheet-undo", *FIELDS, "sheet-a-week", "sheet-end-scenario")


def said_as(message: str, field: str, label: str) -> str:
    """An engine message (``points: …``) as the card names the field (``damage: …``)."""
    if label and message.startswith(f"{field}:"):
        return label + message[len(field):]
    return message


class NowCard:
    """The "Now" card's actions on the adventurer the sheet page shows (``page``): each change
    by hand shown with its working and saved as a version (the campaign rules are imported with
    the first change: the page shows a sheet without them)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        """The :class:`SheetPage` this is a part of (not imported here: the page imports its parts)."""

    def _by_hand(self, action: str, values: Mapping[str, str], change: Callable[[], object],
                 why: Callable[[], str]) -> Update:
        """A change by hand (``change`` returns the engine's ``Changed``): shown with its
        working and saved as a version; refused, its message beside the field it names
        (:data:`~pyengine.pages.sheet_state.FIELDS`), everything typed left as it is."""
        if self.page.adventurer is None or self.page.read_only:
            return Update()
        fields = FIELDS.get(action, {})
        cleared = Update(errors={field: "" for field, _ in fields.values()})
        try:
            changed = change()
        except RulesError as exc:
            if exc.field in fields:
                field, label = fields[exc.field]
                return cleared | Update(errors={field: said_as(str(exc), exc.field, label)})
            return cleared | self.page._result("sheet-state-result", str(exc))
        said = why()
        update = cleared | self.page._change(changed.adventurer, values)  # type: ignore[attr-defined]
        update |= Update(html={"sheet-state-result": render_working(said[:1].upper() + said[1:],
                                                                    changed.steps)})  # type: ignore[attr-defined]
        return update | self.page.keeping.save(self.page.key, why=said)

    def on_take_damage(self, values: Mapping[str, str]) -> Update:
        """Damage past armour to a location (``state-dmg-points``, ``-location``, ``-cause``)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import take_damage

        points, where = values.get("state-dmg-points", ""), values.get("state-dmg-location", "")
        return self._by_hand(
            "sheet-take-damage", values,
            lambda: take_damage(self.page.adventurer, self.page.tables, location=where, points=points,
                                cause=values.get("state-dmg-cause", "")),
            lambda: f"{points.strip()} point{'s' if points.strip() != '1' else ''} to the "
                    f"{where.replace('_', ' ')} by hand")

    def on_heal(self, values: Mapping[str, str]) -> Update:
        """A Healing spell, a salve or a potion (``state-heal-points``, ``-how``, ``-location``)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import give_healing

        points, how = values.get("state-heal-points", ""), values.get("state-heal-how", "spell")
        where = values.get("state-heal-location", "")
        named = {"spell": "a Healing spell", "salve": "a healing salve", "potion": "a healing potion"}
        return self._by_hand(
            "sheet-heal", values,
            lambda: give_healing(self.page.adventurer, self.page.tables, points=points, how=how, location=where or None,
                                 dice=self.page.dice),
            lambda: f"{named.get(how, how)} of {points.strip()}"
                    + (f" on the {where.replace('_', ' ')}" if where else ""))

    def on_pull_out(self, location: str, values: Mapping[str, str]) -> Update:
        """The weapon stuck in ``location`` taken out."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import pull_out

        return self._by_hand("sheet-pull-out", values, lambda: pull_out(self.page.adventurer, location=location),
                             lambda: f"weapon pulled out of the {location.replace('_', ' ')}")

    def on_set_ammo(self, values: Mapping[str, str]) -> Update:
        """Missiles left for a missile weapon (``state-ammo-weapon``, ``state-ammo-count``; empty: not counted)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import set_ammunition

        weapon, count = values.get("state-ammo-weapon", ""), values.get("state-ammo-count", "")
        return self._by_hand(
            "sheet-set-ammo", values,
            lambda: set_ammunition(self.page.adventurer, self.page.tables, weapon=weapon, count=count),
            lambda: f"missiles left set to {count.strip()}" if count.strip() else "missiles no longer counted")

    def on_damage_weapon(self, values: Mapping[str, str]) -> Update:
        """Damage to a weapon or shield (``state-wpn-weapon``, ``state-wpn-points``; ``state-wpn-broken``: broken)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import damage_weapon

        weapon, points = values.get("state-wpn-weapon", ""), values.get("state-wpn-points", "").strip() or "0"
        broken = values.get("state-wpn-broken") == "1"
        return self._by_hand(
            "sheet-damage-weapon", values,
            lambda: damage_weapon(self.page.adventurer, self.page.tables, weapon=weapon, points=points, broken=broken),
            lambda: f"{weapon_name(self.page.tables, weapon)} " + ("marked broken" if broken else f"takes {points} damage"))

    def on_repair_weapon(self, values: Mapping[str, str]) -> Update:
        """A weapon or shield repaired (``state-wpn-weapon``)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import repair_weapon

        weapon = values.get("state-wpn-weapon", "")
        return self._by_hand("sheet-repair-weapon", values,
                             lambda: repair_weapon(self.page.adventurer, self.page.tables, weapon=weapon),
                             lambda: f"{weapon_name(self.page.tables, weapon)} repaired")

    def on_spend(self, values: Mapping[str, str]) -> Update:
        """Money spent (``state-spend-lunars``, ``state-spend-what``, ``state-spend-source``)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.changes import spend

        lunars, what = values.get("state-spend-lunars", ""), values.get("state-spend-what", "")
        return self._by_hand(
            "sheet-spend", values,
            lambda: spend(self.page.adventurer, lunars=lunars, what=what,
                          source=values.get("state-spend-source", "") or "carried"),
            lambda: f"{lunars.strip()} L spent on {what.strip()}")

    def on_time_passes(self, values: Mapping[str, str]) -> Update:
        """``state-days`` days pass for him: his clocks, then natural healing."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.time import elapsed, time_passes

        days = values.get("state-days", "")
        return self._by_hand(
            "sheet-time-passes", values,
            lambda: time_passes(self.page.adventurer, self.page.tables, elapsed(days=days), self.page.dice),
            lambda: f"{days.strip()} day{'s' if days.strip() != '1' else ''} pass")

    def on_a_week(self, values: Mapping[str, str]) -> Update:
        """A week passes for him."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.time import A_WEEK, time_passes

        return self._by_hand("sheet-a-week", values,
                             lambda: time_passes(self.page.adventurer, self.page.tables, A_WEEK, self.page.dice),
                             lambda: "a week passes")

    def on_end_scenario(self, values: Mapping[str, str]) -> Update:
        """The scenario ends for him: one experience check per mark the fights left on his record,
        Defense's INT roll with them, the marks cleared (RQ-134, RQ-135)."""
        # the campaign's rules load on the first change by hand, not at the sheet's start
        from pyengine.runequest.campaign.scenario import end_scenario

        return self._by_hand("sheet-end-scenario", values,
                             lambda: end_scenario(self.page.adventurer, self.page.tables, self.page.dice),
                             lambda: "the scenario ends")
