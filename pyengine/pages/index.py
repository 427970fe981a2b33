"""The start page: the dice roller (the app's dice or your own, exact odds, a link to the
roll) and the characters saved on this device.

Regions it draws: ``dice-result`` (the roll's card and its link), ``saved-list``. The
page's other cards (fights, parties, backup, this device) are
:class:`pyengine.pages.start_library.DeviceLibrary`'s, made after the page is ready.
Fields it reads: ``dice-expr``, ``dice-typed``.
"""

from __future__ import annotations

from collections.abc import Mapping

from pyengine import dice_roller
from pyengine.dice import Dice, DiceExpr, DiceRoll, RandomDice, ScriptedDice
from pyengine.errors import NotationError, RecordError, RollError, RulesError
from pyengine.html import el, to_html
from pyengine.pages.keys import CHARACTER_PREFIX
from pyengine.pages.store import Store
from pyengine.pages.view import Update
from pyengine.pages.widgets import share_line

EMPTY_SAVED = '<p class="empty">No characters are saved on this device yet.</p>'


class StartPage:
    """The start page's state: the roll shown (if any) and the device's saved characters."""

    def __init__(self, store: Store, dice: Dice | None = None) -> None:
        self.store = store
        self.dice = dice or RandomDice()
        self.roll: DiceRoll | None = None
        self.own_dice = False

    # -- actions --------------------------------------------------------------------------

    def open(self, fragment: str) -> Update:
        """The page opens (``fragment``: the address's ``#…``, or ``""``): a shared roll
        replays; the saved characters are listed."""
        update = Update(html={"saved-list": self.render_saved()})
        if len(fragment) <= 1:
            return update
        try:
            self.roll, self.own_dice = dice_roller.LINK.open(fragment)
        except RulesError as exc:
            return update | Update(notices={"dice-link-error": str(exc)})
        return update | self._shown() | Update(values={"dice-expr": self.roll.expression}, notices={"dice-link-error": ""})

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """Rolls what ``dice-expr`` says, with the dice typed in ``dice-typed`` if any."""
        cleared = Update(errors={"dice-expr": "", "dice-typed": ""})
        try:
            expr = DiceExpr.parse(values.get("dice-expr", ""))
        except NotationError as exc:
            return cleared | Update(errors={"dice-expr": str(exc)}, focus="dice-expr")
        try:
            typed = dice_roller.parse_typed_rolls(values.get("dice-typed", ""))
            dice = self.dice if typed is None else ScriptedDice(typed)
            roll = expr.roll(dice)
            if typed is not None and dice.remaining:  # type: ignore[union-attr]
                raise RollError(f"your own dice: {len(typed)} values typed, {expr} uses {len(typed) - len(dice.remaining)}")  # type: ignore[union-attr]
        except RulesError as exc:
            return cleared | Update(errors={"dice-typed": str(exc)}, focus="dice-typed")
        self.roll, self.own_dice = roll, typed is not None
        return cleared | self._shown()

    def on_saved_click(self, data: Mapping[str, str]) -> Update:
        """A button in the saved list (``data-export-key``: export a damaged record as it is)."""
        key = data.get("export-key", "")
        if not key.startswith(CHARACTER_PREFIX):
            return Update()
        return Update(download=(f"damaged-{key[len(CHARACTER_PREFIX):]}.json", self.store.get(key) or ""))

    # -- what it shows ----------------------------------------------------------------------

    def _shown(self) -> Update:
        assert self.roll is not None
        return Update(html={"dice-result": self.render_roll()}, address=f"#{self.link()}")

    def link(self) -> str:
        """The shown roll's share-link fragment."""
        assert self.roll is not None
        return dice_roller.LINK.link(dice_roller.to_state(self.roll, own_dice=self.own_dice))

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        return {"dice-result": self.render_roll(), "saved-list": self.render_saved()}

    def render_roll(self) -> str:
        if self.roll is None:
            return ""
        share = share_line("dice", f"./index.html#{self.link()}", "Link to this roll")
        return dice_roller.render_roll(self.roll, own_dice=self.own_dice) + share

    def render_saved(self) -> str:
        """Each character saved on this device, a link to its sheet, by name; a damaged record
        is kept as it is, said so, and offered for export (never deleted)."""
        rows = []
        for key in self.store.keys():
            if not key.startswith(CHARACTER_PREFIX):
                continue
            from pyengine.runequest.sheet.adventurer import load_adventurer  # only with a character to list

            ident = key[len(CHARACTER_PREFIX):]
            try:
                name = load_adventurer(self.store.get(key) or "").name or "(no name)"
            except RecordError as exc:
                rows.append(("~", el(
                    "li", {"class": "damaged"},
                    f"Damaged record {ident!r} ({exc}); it is kept as it is. ",
                    el("button", {"type": "button", "data-export-key": key}, "Export it"),
                )))
                continue
            rows.append((name.lower(), el("li", None, el("a", {"href": f"./sheet.html?open={ident}"}, name))))
        if not rows:
            return EMPTY_SAVED
        return to_html(el("ul", {"class": "saved"}, *(row for _, row in sorted(rows, key=lambda r: r[0]))))


def prerender(source) -> dict[str, str]:
    """The start page needs nothing pre-rendered but the tools list (the build's own)."""
    return {}
