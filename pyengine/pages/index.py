"""The start page: the dice roller (the app's dice or your own, exact odds, a link to the
roll) and the characters saved on this device.

Regions it draws: ``dice-result`` (the roll's card and its link), ``dice-history`` (the
latest rolls, kept on the device), ``saved-list``; ``begin`` ("Where to begin", pre-rendered)
is shown only while the device keeps no adventurer (:func:`pyengine.pages.at_start.begin_shown`). The
page's other cards (fights, parties, backup, this device) are
:class:`pyengine.pages.start_library.DeviceLibrary`'s, made after the page is ready.
Fields it reads: ``dice-expr``, ``dice-typed``; the one-tap dice buttons give ``data-dice``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from pyengine import dice_roller
from pyengine.dice import Dice, DiceExpr, DiceRoll, RandomDice, ScriptedDice, explain_notation
from pyengine.errors import NotationError, RulesError, StorageError
from pyengine.library.kinds import PREFIXES, has_records, ident_of
from pyengine.pages.recent import RecentLinks
from pyengine.pages.view import Update
from pyengine.render.index import EMPTY_SAVED, damaged_row, saved_list, saved_row, where_to_begin
from pyengine.render.share import share_line
from pyengine.storage.keys import DICE_RECENT
from pyengine.storage.store import Store

__all__ = ["EMPTY_SAVED", "HISTORY_LENGTH", "RollHistory", "StartPage", "prerender", "roll_history"]

#: How many of the latest rolls the start page keeps on the device.
HISTORY_LENGTH = 10
#: The page's own places an address's ``#…`` may name (the skip link's, "Where to begin"'s
#: links): a place to scroll to, not a roll's link.
PLACES = frozenset({"main", "begin", "parties"})


class RollHistory(RecentLinks):
    """The start page's latest rolls, newest first, each a link that shows it again: as
    :class:`RecentLinks`, except that the same roll twice is two rolls, both kept."""

    def add(self, label: str, link: str) -> None:
        """Puts a roll first and keeps the ``limit`` latest."""
        self._items = [(label, link), *self.items()][: self.limit]
        try:
            self.store.put(self.key, json.dumps([{"label": lb, "link": ln} for lb, ln in self._items]))
        except StorageError:  # storage full or refused: the list on screen still shows it
            pass


def roll_history(store: Store) -> RollHistory:
    """The start page's latest rolls (``store``: the device's ``localStorage``), in ``#dice-history``."""
    return RollHistory(store, DICE_RECENT, "./index.html", region="dice-history", limit=HISTORY_LENGTH)


class StartPage:
    """The start page's state: the roll shown (if any) and the device's saved characters."""

    def __init__(self, store: Store, dice: Dice | None = None) -> None:
        self.store = store
        self.dice = dice or RandomDice()
        self.roll: DiceRoll | None = None
        self.own_dice = False
        self.history = roll_history(store)

    # -- actions --------------------------------------------------------------------------

    def open(self, fragment: str) -> Update:
        """The page opens (``fragment``: the address's ``#…``, or ``""``): a shared roll
        replays; the saved characters are listed."""
        update = Update(html={"saved-list": self.render_saved()})
        if len(fragment) <= 1 or fragment.removeprefix("#") in PLACES:
            return update
        try:
            self.roll, self.own_dice = dice_roller.LINK.open(fragment)
        except RulesError as exc:
            return update | Update(notices={"dice-link-error": str(exc)})
        return update | self._shown() | Update(values={"dice-expr": self.roll.expression}, notices={"dice-link-error": ""})

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """Rolls what ``dice-expr`` says, with the dice typed in ``dice-typed`` if any; a
        problem is said in a player's words beside its field, what was typed kept."""
        cleared = Update(errors={"dice-expr": "", "dice-typed": ""})
        try:
            expr = DiceExpr.parse(values.get("dice-expr", ""))
        except NotationError as exc:
            return cleared | Update(errors={"dice-expr": explain_notation(exc, dice_roller.EXPR_FIELD)}, focus="dice-expr")
        try:
            typed = dice_roller.parse_typed_rolls(values.get("dice-typed", ""))
            if typed is not None:
                dice_roller.check_typed(expr, typed)
            roll = expr.roll(self.dice if typed is None else ScriptedDice(typed))
        except RulesError as exc:
            return cleared | Update(errors={"dice-typed": str(exc)}, focus="dice-typed")
        self.roll, self.own_dice = roll, typed is not None
        self.history.add(self._label(), self.link())
        return cleared | self._shown() | self.history.update()

    def on_quick(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A one-tap die (``data-dice``: D100, D20, D8, D6, D4, D3): it goes in ``dice-expr``
        and is rolled (with the dice typed, if any)."""
        die = data.get("dice", "")
        if die not in dice_roller.QUICK_DICE:
            return Update()
        return Update(values={"dice-expr": die}) | self.on_roll({**values, "dice-expr": die})

    def show_history(self) -> Update:
        """The latest rolls kept on the device (nothing to write when there are none)."""
        return self.history.update()

    def on_saved_click(self, data: Mapping[str, str]) -> Update:
        """A button in the saved list (``data-export-key``: export a damaged record as it is)."""
        key = data.get("export-key", "")
        ident = ident_of(key, "character")
        if ident is None:
            return Update()
        # only for a damaged record's export; the start page's start needs it not
        from pyengine.library.records import export_item

        return Update(download=export_item(self.store, key) or (f"damaged-{ident}.json", ""))

    # -- what it shows ----------------------------------------------------------------------

    def _shown(self) -> Update:
        assert self.roll is not None
        return Update(html={"dice-result": self.render_roll()}, address=f"#{self.link()}")

    def _label(self) -> str:
        assert self.roll is not None
        hundred = " (00)" if self.roll.expression in ("D100", "1D100") and self.roll.total == 100 else ""
        return f"{self.roll.expression} = {self.roll.total}{hundred}" + (" (your dice)" if self.own_dice else "")

    def link(self) -> str:
        """The shown roll's share-link fragment."""
        assert self.roll is not None
        return dice_roller.LINK.link(dice_roller.to_state(self.roll, own_dice=self.own_dice))

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        return {"dice-result": self.render_roll(), "dice-history": self.history.render(), "saved-list": self.render_saved()}

    def render_roll(self) -> str:
        if self.roll is None:
            return ""
        share = share_line("dice", f"./index.html#{self.link()}", "Link to this roll", summary=f"{self.roll.expression} = {self.roll.total}")
        return dice_roller.render_roll(self.roll, own_dice=self.own_dice) + share

    def render_saved(self) -> str:
        """Each character saved on this device, a link to its sheet, by name; a damaged record
        is kept as it is, said so, and offered for export (never deleted)."""
        if not has_records(self.store, "character"):
            return saved_list(())
        # Only with a character to list: the page shows its dice before any of this is loaded.
        from pyengine.library.records import read_all
        from pyengine.runequest.sheet.adventurer import load_adventurer

        listing = read_all(self.store, "character", load_adventurer)
        named = ((e.value.name or "(no name)", e.ident) for e in listing.entries)
        rows = [(name.lower(), saved_row(ident, name)) for name, ident in named]
        rows += [("~", damaged_row(d.ident, d.key, d.reason)) for d in listing.damaged]  # after the names
        return saved_list(row for _, row in sorted(rows, key=lambda r: r[0]))


def prerender(source) -> dict[str, str]:
    """"Where to begin", and the key prefix of a saved adventurer, for the script that hides it
    before the first paint on a device that keeps one (``web/static/begin.js``); the tools
    list is the build's own."""
    return {"begin": where_to_begin(), "begin_when": PREFIXES["character"]}
