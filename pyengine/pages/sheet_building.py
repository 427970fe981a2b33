"""The sheet page's building of an adventurer: characteristics rolled, the background and its
kit, weapons added, items bought, the starting kit's choices, training quoted and started,
experience checks, and the controls on the sheet itself (remove a line, wear armour).

A part of :class:`pyengine.pages.sheet.SheetPage`, which holds the record and draws its sheet.
Each action imports the rules it uses (:func:`pyengine.pages.sheet.preload` imports them all just
after the page is ready: the page shows a sheet before it needs them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from pyengine.errors import RulesError
from pyengine.pages.view import Update
from pyengine.runequest.sheet import inputs
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.characteristics import roll_characteristics
from pyengine.runequest.sheet.equipment import buy
from pyengine.runequest.sheet.render import (
    CHARACTERISTICS,
    DEFENSE_BOX,
    WEAR_NOTE,
    kit_pick_field,
    render_experience,
    render_quote,
    render_training_started,
)


class Building:
    """What the player does to build the adventurer the sheet page shows (``page``)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        """The :class:`SheetPage` this is a part of (not imported here: the page imports its parts)."""
        self.quote = None
        """The course last quoted (:class:`~pyengine.runequest.advancement.training.TrainingQuote`)."""

    def on_roll_characteristics(self, values: Mapping[str, str]) -> Update:
        """3D6 for each characteristic, from the page's dice; the rest of the record stays."""
        rolled = roll_characteristics(self.page.tables.characteristics, self.page.dice)
        base = self.page.adventurer
        if base is None:  # the form is not whole: what it holds is kept
            base = self.page.kept or Adventurer(characteristics=rolled.characteristics)
            sums = {}
            for what, field in (("money", "sheet-money"), ("savings", "sheet-savings")):
                try:
                    sums[what] = inputs.read_lunars(what, values.get(field, ""))
                except RulesError:
                    sums[what] = getattr(base, what)
            base = self.page._typed(base, values, **sums)
        adventurer = msgspec.structs.replace(base, characteristics=rolled.characteristics)
        shown = (
            f"{c} {'+'.join(str(v) for t in roll.terms for v in t.values)} = {roll.total}"
            for c, roll in zip(CHARACTERISTICS, rolled.rolls, strict=True)
        )
        return Update(text={"sheet-roll-note": "3D6 each: " + "; ".join(shown)}) | self.page._change(adventurer, values)

    def on_roll_background(self, values: Mapping[str, str]) -> Update:
        """The background rolled: class, money, the starting kit and pack."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.advancement.background import roll_background
        from pyengine.runequest.advancement.creation import apply_background

        assert self.page.adventurer is not None
        result = roll_background(self.page.tables.background, self.page.dice)
        try:
            adventurer, steps = apply_background(self.page.adventurer, self.page.tables, result)
        except RulesError as exc:
            return Update(text={"sheet-bg-note": str(exc)})
        said = [*steps[:3], *(step for step in steps[3:] if step.field == "savings")]
        note = "; ".join(step.text for step in said)
        return Update(text={"sheet-bg-note": note}) | self.page._change(adventurer, values)

    def on_add_weapon(self, values: Mapping[str, str]) -> Update:
        """The chosen weapon or shield (``sheet-weapon``) added in the chosen hand (``sheet-hand``)."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.sheet.edits import add_weapon

        assert self.page.adventurer is not None
        try:
            adventurer = add_weapon(self.page.adventurer, values.get("sheet-weapon", ""), values.get("sheet-hand", "right"))
        except RulesError as exc:
            return self.page._refused(exc, "sheet-weapon")
        return Update(errors={"sheet-weapon": ""}) | self.page._change(adventurer, values)

    def on_buy(self, values: Mapping[str, str]) -> Update:
        """``sheet-count`` of the item ``sheet-item`` bought at its price."""
        assert self.page.adventurer is not None
        try:
            count = inputs.read_whole("how many", values.get("sheet-count", ""), 1, 1000)
        except RulesError as exc:
            return Update(errors={"sheet-item": "", "sheet-count": str(exc)})
        cleared = Update(errors={"sheet-item": "", "sheet-count": ""})
        try:
            purchase = buy(self.page.adventurer, self.page.tables, values.get("sheet-item", ""), count)
        except RulesError as exc:
            return cleared | self.page._refused(exc, "sheet-item") | Update(text={"sheet-buy-note": ""})
        said = "; ".join(step.text for step in purchase.working)
        said = said[:1].upper() + said[1:] + "."
        item = self.page.tables.item(purchase.item)
        if item is not None and item.kind in ("armour", "helmet"):
            said += " " + WEAR_NOTE
        return cleared | Update(text={"sheet-buy-note": said}) | self.page._change(purchase.adventurer, values)

    def on_sheet_click(self, data: Mapping[str, str], values: Mapping[str, str] | None = None) -> Update:
        """A control on the sheet: remove a weapon or a gear line, put armour on or off.
        A click on anything else, or on a read-only sheet, changes nothing."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.sheet.edits import remove_gear, remove_weapon, wear

        adventurer = self.page.adventurer
        if adventurer is None or self.page.read_only:
            return Update()
        if "pull-out" in data:
            return self.page.now_card.on_pull_out(data["pull-out"], values or {})
        if "kit-pick" in data:
            return self.on_kit_pick(data["kit-pick"], values or {})
        try:
            if "remove-weapon" in data:
                changed = remove_weapon(adventurer, int(data["remove-weapon"]))
            elif "remove-gear" in data:
                changed = remove_gear(adventurer, int(data["remove-gear"]))
            elif "wear" in data:
                index = int(data["wear"])
                changed = wear(adventurer, index, not adventurer.gear[index].worn)
            else:
                return Update()
        except (ValueError, IndexError):  # not one of this sheet's lines (RulesError is a ValueError)
            return Update()
        return self.page._change(changed, values or {})

    def on_kit_pick(self, line: str, values: Mapping[str, str]) -> Update:
        """A choice of the starting kit made: what the picker of gear line ``line`` shows
        (:func:`~pyengine.runequest.sheet.render.kit_pick_field`) taken (RQ-23)."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.advancement.creation import choose_kit_item

        assert self.page.adventurer is not None
        try:
            index = int(line)
            adventurer, step = choose_kit_item(self.page.adventurer, self.page.tables, index,
                                               values.get(kit_pick_field(index), ""))
        except RulesError as exc:
            return Update(text={"sheet-kit-note": str(exc)})
        except ValueError:  # not a line number
            return Update()
        return Update(text={"sheet-kit-note": step.text[:1].upper() + step.text[1:] + "."}) \
            | self.page._change(adventurer, values)

    def on_quote(self, values: Mapping[str, str]) -> Update:
        """A course in the weapon chosen in ``sheet-train-weapon`` (``<weapon>@<hand>``) priced."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.advancement.training import quote_weapon_training

        assert self.page.adventurer is not None
        weapon, _, hand = values.get("sheet-train-weapon", "").partition("@")
        self.quote = None
        if not weapon:
            return self.page._result("sheet-quote-result", "training: add a weapon or shield to the sheet first")
        try:
            self.quote = quote_weapon_training(self.page.adventurer, self.page.tables, weapon, hand or "right")
        except RulesError as exc:
            return self.page._result("sheet-quote-result", str(exc))
        return Update(html={"sheet-quote-result": render_quote(self.quote)})

    def on_train(self, values: Mapping[str, str]) -> Update:
        """The course last quoted paid for and started."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.advancement.training import start_training

        assert self.page.adventurer is not None
        if self.quote is None:
            return Update()
        try:
            changed = start_training(self.page.adventurer, self.page.tables, self.quote)
        except RulesError as exc:
            return self.page._result("sheet-quote-result", str(exc))
        self.quote = None
        update = Update(html={"sheet-quote-result": render_training_started(changed)})
        return update | self.page._change(changed.adventurer, values)

    def on_experience(self, values: Mapping[str, str]) -> Update:
        """One experience check for each weapon use ticked, and Defense if ticked; the
        boxes come back unticked."""
        # on the first such click or after ready (pages.sheet.preload), not at the sheet's start
        from pyengine.runequest.advancement.experience import FieldUse, after_adventure

        assert self.page.adventurer is not None
        uses = [FieldUse(weapon=weapon, hand=hand, use=use) for weapon, hand, use in self.page._ticked(values)]
        try:
            result = after_adventure(self.page.adventurer, self.page.tables, uses, self.page.dice,
                                     defense_saved=values.get(DEFENSE_BOX) == "1")
        except RulesError as exc:
            return self.page._result("sheet-exp-result", str(exc))
        unticked = {field: text for field, text in values.items() if not field.startswith("exp-")}
        update = Update(html={"sheet-exp-result": render_experience(result)})
        return update | self.page._change(result.adventurer, unticked)
