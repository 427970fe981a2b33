"""The sheet page (``sheet.html``): a RuneQuest adventurer, every number with its working.

:class:`SheetPage` holds the page's state: the record (:class:`Adventurer`) the form
describes, where it is saved, whether it came read-only from a link, and the course last
quoted. Every change derives the sheet again and keeps the record on the device as a
draft, so nothing typed is lost when the page closes.

Regions it draws: ``sheet-view`` (the sheet), ``sheet-saved`` (the characters on this
device), ``sheet-train-weapon`` (its options), ``sheet-exp-list`` (the experience boxes),
``sheet-quote-result``, ``sheet-exp-result``, ``sheet-share-box``.
Fields it reads: the record's (:data:`RECORD_FIELDS`: ``sheet-name``, ``sheet-STR`` …
``sheet-CHA``, ``sheet-money``, ``sheet-notes``); ``sheet-weapon``, ``sheet-hand``,
``sheet-item``, ``sheet-count``, ``sheet-train-weapon`` and the experience boxes.
Clicks it answers (:meth:`SheetPage.on_click`): its buttons by id, and on the sheet the
``data-remove-weapon``, ``data-remove-gear`` and ``data-wear`` controls.

Where an engine error or a problem on the sheet names a field (``exc.field``,
``Problem.field``: a path into the record or an argument's name), :data:`FIELDS` says
which of this page's fields it is shown beside, and what the page calls it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext

import msgspec

from pyengine.dice import Dice, RandomDice
from pyengine.errors import ConflictError, RecordError, RulesError, StorageError
from pyengine.library.drafts import drop_draft, keep_draft, read_draft
from pyengine.library.journal import atomic
from pyengine.library.kinds import ident_of, record_key
from pyengine.library.records import read_all, record_text
from pyengine.library.versions import read_versions, save, undo
from pyengine.pages.sheet_state import BUTTONS as STATE_BUTTONS
from pyengine.pages.sheet_state import FIELDS as STATE_FIELDS
from pyengine.pages.sheet_state import said_as
from pyengine.storage.store import Store
from pyengine.pages.view import Update
from pyengine.render.share import share_line
from pyengine.render.sheet_state import (
    location_options, render_state, render_weapon_choices, render_working, weapon_name,
)
from pyengine.runequest.sheet import inputs, state
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics, roll_characteristics
from pyengine.runequest.sheet.derive import DerivedSheet, derive
from pyengine.runequest.sheet.render import (
    CHARACTERISTICS, DEFENSE_BOX, EMPTY_SHEET, EXPERIENCE_USES, experience_box, render_experience, render_experience_boxes,
    render_item_options, render_quote, render_refusal, render_saved_list, render_sheet, render_train_options,
    WEAR_NOTE, kit_pick_field, render_training_started, render_weapon_options,
)
from pyengine.runequest.tables.catalogue import RuneQuestTables

#: The fields that make the record, as the draft keeps them while they do not yet.
RECORD_FIELDS = ("sheet-name", *(f"sheet-{c}" for c in CHARACTERISTICS), "sheet-money", "sheet-savings",
                 "sheet-notes")
#: Buttons that need a whole record (disabled until the form describes one).
NEEDS_RECORD = ("sheet-roll-bg", "sheet-add-weapon", "sheet-buy", "sheet-save", "sheet-export",
                "sheet-share-link", "sheet-print", "sheet-quote", "sheet-exp-roll")
#: An engine field (a path into the record, or an argument's name) -> (the field of this
#: page it is shown beside, what the page calls it). Only fields with a note for errors.
FIELDS: dict[str, tuple[str, str]] = {
    **{f"characteristics.{c}": (f"sheet-{c}", c) for c in CHARACTERISTICS},
    "weapon": ("sheet-weapon", "weapon"),
    "hand": ("sheet-weapon", "hand"),
    "ref": ("sheet-item", "item"),
    "count": ("sheet-count", "how many"),
    "savings": ("sheet-savings", "savings"),
}
#: What an unmade choice of the starting kit is called on the gear list (as advancement.creation names it).
TO_CHOOSE = " (to choose)"
#: Why a version was saved, when the Save button saved it.
SAVED_WHY = "saved on the sheet page"
MAX_NAME = 200
MAX_NOTES = 10_000
SHARE_LABEL = "Link to this sheet (opens read-only)"


def _no_measure(name: str) -> AbstractContextManager[None]:
    return nullcontext()


class SheetPage:
    """The sheet page's state and actions (tables decoded, the device's storage, dice)."""

    def __init__(
        self,
        tables: RuneQuestTables,
        store: Store,
        dice: Dice | None = None,
        *,
        new_id: Callable[[], str] | None = None,
        measure: Callable[[str], AbstractContextManager[None]] = _no_measure,
        now: Callable[[], str] = lambda: "",
    ) -> None:
        self.tables = tables
        self.store = store
        self.dice = dice or RandomDice()
        self.new_id = new_id or (lambda: os.urandom(6).hex())
        """A new saved character's id (12 hex digits)."""
        self.measure = measure
        """Times a step by name (the page's performance marks, read by the benchmark)."""
        self.now = now
        """The time now, as ISO text (the glue's clock), for each version saved."""
        self.pending_why = ""
        """Why the change another tab's save held back was made (an overwrite saves it so)."""
        self.adventurer: Adventurer | None = None
        """The record the form describes; ``None`` while a field of it is empty or bad."""
        self.kept: Adventurer | None = None
        """The last whole record: the one the sheet shows; what the form does not hold
        (weapons, gear, training) carries on from it when a field is typed again."""
        self.sheet: DerivedSheet | None = None
        """:attr:`kept`, derived."""
        self.key: str | None = None
        """Its storage key, once saved or opened from the device."""
        self.stored: str | None = None
        """What was stored under :attr:`key` when it was opened or saved here (a change
        since then was made in another tab)."""
        self.read_only = False
        """It came from a share link: shown, not edited, until a copy is saved."""
        self.quote = None
        """The course last quoted (:class:`~pyengine.runequest.advancement.training.TrainingQuote`)."""
        self._clicks: dict[str, Callable[[Mapping[str, str]], Update]] = {
            "sheet-roll-chars": self.on_roll_characteristics, "sheet-roll-bg": self.on_roll_background,
            "sheet-add-weapon": self.on_add_weapon, "sheet-buy": self.on_buy, "sheet-quote": self.on_quote,
            "sheet-train": self.on_train, "sheet-exp-roll": self.on_experience, "sheet-save": self.on_save,
            "sheet-overwrite": self.on_overwrite, "sheet-save-as-copy": self.on_save_copy,
            "sheet-save-copy": self.on_save_copy, "sheet-export": self.on_export, "sheet-share-link": self.on_share,
            "sheet-print": self.on_print, "sheet-new": self.on_new,
            "sheet-take-damage": self.on_take_damage, "sheet-heal": self.on_heal, "sheet-set-ammo": self.on_set_ammo,
            "sheet-damage-weapon": self.on_damage_weapon, "sheet-repair-weapon": self.on_repair_weapon,
            "sheet-spend": self.on_spend, "sheet-time-passes": self.on_time_passes, "sheet-a-week": self.on_a_week,
            "sheet-undo": self.on_undo,
        }

    # -- opening -----------------------------------------------------------------------------

    def open(self, fragment: str, wanted: str | None, values: Mapping[str, str]) -> Update:
        """The page opens: a shared sheet (``fragment``, the address's ``#…``) read-only, or
        the saved character ``wanted`` (``?open=<id>``), or the draft, or what ``values``
        holds (typed before Python was up). A link or record that cannot be opened is said
        so above the form, and the next of these is opened instead."""
        update = Update(html={"sheet-saved": self.render_saved()})
        if len(fragment) > 1:
            try:
                shared = state.LINK.open(fragment)
            except RulesError as exc:
                update |= Update(notices={"sheet-link-error": str(exc)})
            else:
                return update | self._opened(shared, key=None, read_only=True)
        if wanted is not None:
            text = record_text(self.store, "character", wanted)
            try:
                if text is None:
                    raise RecordError(f"no character {wanted!r} is saved on this device")
                saved = load_adventurer(text)
            except RecordError as exc:
                update |= Update(notices={"sheet-link-error": f"saved character: {exc}; the record is kept as it is"})
            else:
                return update | self._opened(saved, key=record_key("character", wanted), stored=text)
        restored = self._restored(values)
        if restored is not None:
            return update | restored | Update(text={"sheet-save-status": "Restored what was being typed here."})
        return update | self._typed_in(values, opening=True)

    def _restored(self, values: Mapping[str, str]) -> Update | None:
        """The draft opened again (``None``: there is none, or it is damaged; it stays as it
        is until the next change)."""
        text = read_draft(self.store, "sheet")
        if not text:
            return None
        try:
            draft = json.loads(text)
            key = draft.get("key")
            ident = ident_of(key, "character") if isinstance(key, str) else None
            key = key if ident is not None else None
            self.key, self.stored = key, record_text(self.store, "character", ident) if ident else None
            if "typed" not in draft:
                return self._opened(load_adventurer(draft["record"]), key=key, stored=self.stored)
            if "record" in draft:
                self.kept = load_adventurer(draft["record"])
            typed = {field: str(draft["typed"].get(field, "")) for field in RECORD_FIELDS}
            if "sheet-savings" not in draft["typed"] and self.kept is not None:  # a draft from before the field
                typed["sheet-savings"] = str(self.kept.savings)
            return Update(values=typed) | self.on_input({**values, **typed})
        except (ValueError, KeyError, TypeError, AttributeError):  # RecordError is a ValueError
            self.key = self.stored = None
            self.kept = None
            return None

    def _opened(self, adventurer: Adventurer, *, key: str | None, stored: str | None = None,
                read_only: bool = False) -> Update:
        self.key, self.stored, self.read_only = key, stored, read_only
        return self._form(adventurer) | self._show(adventurer, {}) | self._read_only() | self._undo_button()

    # -- typing --------------------------------------------------------------------------------

    def on_input(self, values: Mapping[str, str]) -> Update:
        """Something was typed: the record the form describes, derived; each bad field gets
        its own message. Kept as a draft either way (with nothing typed, there is none)."""
        return self._typed_in(values)

    def _typed_in(self, values: Mapping[str, str], *, opening: bool = False) -> Update:
        """As :meth:`on_input`; ``opening``: with nothing typed, a draft there (damaged) stays."""
        if self.read_only:
            return Update()
        adventurer, errors = self._read(values)
        update = Update(errors=errors) | self._show(adventurer, values)
        if adventurer is not None:
            return update
        typed = {field: values.get(field, "") for field in RECORD_FIELDS}
        if self.kept is None and not any(text.strip() for text in typed.values()):
            if not opening:
                drop_draft(self.store, "sheet")  # everything typed was taken away: nothing to keep
            return update
        draft: dict[str, object] = {"key": self.key, "typed": typed}
        if self.kept is not None:
            draft["record"] = dump_adventurer(self.kept).decode()
        return update | self._keep(draft)

    def _read(self, values: Mapping[str, str]) -> tuple[Adventurer | None, dict[str, str]]:
        """The record the form describes (``None``: not whole), and each field's message
        (``""``: none). An empty score is a problem only once there is a record."""
        scores: dict[str, int] = {}
        errors: dict[str, str] = {}
        for c in CHARACTERISTICS:
            field, text = f"sheet-{c}", values.get(f"sheet-{c}", "")
            try:
                scores[c] = inputs.read_score(c, text)
                errors[field] = ""
            except RulesError as exc:
                if text.strip() or self.kept is not None:
                    errors[field] = str(exc)
        sums: dict[str, int] = {}
        for what, field in (("money", "sheet-money"), ("savings", "sheet-savings")):
            try:
                sums[what] = inputs.read_lunars(what, values.get(field, ""))
                errors[field] = ""
            except RulesError as exc:
                errors[field] = str(exc)
        if len(scores) < len(CHARACTERISTICS) or len(sums) < 2:
            return None, errors
        characteristics = Characteristics(**scores)
        base = self.kept or Adventurer(characteristics=characteristics)
        return self._typed(base, values, characteristics=characteristics, **sums), errors

    @staticmethod
    def _typed(base: Adventurer, values: Mapping[str, str], **changes: object) -> Adventurer:
        return msgspec.structs.replace(
            base, name=values.get("sheet-name", "")[:MAX_NAME], notes=values.get("sheet-notes", "")[:MAX_NOTES],
            **changes,
        )

    # -- buttons ---------------------------------------------------------------------------------

    def on_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A click anywhere on the page (``data``: the clicked element's ``id`` and ``data-*``):
        one of the page's buttons, or a control on the sheet. A button that needs a record
        does nothing without one."""
        ident = data.get("id", "")
        action = self._clicks.get(ident)
        if action is None:
            return self.on_sheet_click(data, values)
        if self.adventurer is None and ident not in ("sheet-roll-chars", "sheet-new"):
            return Update()
        return action(values)

    def on_roll_characteristics(self, values: Mapping[str, str]) -> Update:
        """3D6 for each characteristic, from the page's dice; the rest of the record stays."""
        rolled = roll_characteristics(self.tables.characteristics, self.dice)
        base = self.adventurer
        if base is None:  # the form is not whole: what it holds is kept
            base = self.kept or Adventurer(characteristics=rolled.characteristics)
            sums = {}
            for what, field in (("money", "sheet-money"), ("savings", "sheet-savings")):
                try:
                    sums[what] = inputs.read_lunars(what, values.get(field, ""))
                except RulesError:
                    sums[what] = getattr(base, what)
            base = self._typed(base, values, **sums)
        adventurer = msgspec.structs.replace(base, characteristics=rolled.characteristics)
        shown = (
            f"{c} {'+'.join(str(v) for t in roll.terms for v in t.values)} = {roll.total}"
            for c, roll in zip(CHARACTERISTICS, rolled.rolls, strict=True)
        )
        return Update(text={"sheet-roll-note": "3D6 each: " + "; ".join(shown)}) | self._change(adventurer, values)

    def on_roll_background(self, values: Mapping[str, str]) -> Update:
        """The background rolled: class, money, the starting kit and pack."""
        from pyengine.runequest.advancement.background import roll_background
        from pyengine.runequest.advancement.creation import apply_background

        assert self.adventurer is not None
        result = roll_background(self.tables.background, self.dice)
        try:
            adventurer, steps = apply_background(self.adventurer, self.tables, result)
        except RulesError as exc:
            return Update(text={"sheet-bg-note": str(exc)})
        said = [*steps[:3], *(step for step in steps[3:] if step.field == "savings")]
        note = "; ".join(step.text for step in said)
        return Update(text={"sheet-bg-note": note}) | self._change(adventurer, values)

    def on_add_weapon(self, values: Mapping[str, str]) -> Update:
        """The chosen weapon or shield (``sheet-weapon``) added in the chosen hand (``sheet-hand``)."""
        from pyengine.runequest.sheet.edits import add_weapon

        assert self.adventurer is not None
        try:
            adventurer = add_weapon(self.adventurer, values.get("sheet-weapon", ""), values.get("sheet-hand", "right"))
        except RulesError as exc:
            return self._refused(exc, "sheet-weapon")
        return Update(errors={"sheet-weapon": ""}) | self._change(adventurer, values)

    def on_buy(self, values: Mapping[str, str]) -> Update:
        """``sheet-count`` of the item ``sheet-item`` bought at its price."""
        from pyengine.runequest.sheet.equipment import buy

        assert self.adventurer is not None
        try:
            count = inputs.read_whole("how many", values.get("sheet-count", ""), 1, 1000)
        except RulesError as exc:
            return Update(errors={"sheet-item": "", "sheet-count": str(exc)})
        cleared = Update(errors={"sheet-item": "", "sheet-count": ""})
        try:
            purchase = buy(self.adventurer, self.tables, values.get("sheet-item", ""), count)
        except RulesError as exc:
            return cleared | self._refused(exc, "sheet-item") | Update(text={"sheet-buy-note": ""})
        said = "; ".join(step.text for step in purchase.working)
        said = said[:1].upper() + said[1:] + "."
        item = self.tables.item(purchase.item)
        if item is not None and item.kind in ("armour", "helmet"):
            said += " " + WEAR_NOTE
        return cleared | Update(text={"sheet-buy-note": said}) | self._change(purchase.adventurer, values)

    def on_sheet_click(self, data: Mapping[str, str], values: Mapping[str, str] | None = None) -> Update:
        """A control on the sheet: remove a weapon or a gear line, put armour on or off.
        A click on anything else, or on a read-only sheet, changes nothing."""
        from pyengine.runequest.sheet.edits import remove_gear, remove_weapon, wear

        adventurer = self.adventurer
        if adventurer is None or self.read_only:
            return Update()
        if "pull-out" in data:
            return self.on_pull_out(data["pull-out"], values or {})
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
        return self._change(changed, values or {})

    def on_kit_pick(self, line: str, values: Mapping[str, str]) -> Update:
        """A choice of the starting kit made: what the picker of gear line ``line`` shows
        (:func:`~pyengine.runequest.sheet.render.kit_pick_field`) taken (RQ-23)."""
        from pyengine.runequest.advancement.creation import choose_kit_item

        assert self.adventurer is not None
        try:
            index = int(line)
            adventurer, step = choose_kit_item(self.adventurer, self.tables, index,
                                               values.get(kit_pick_field(index), ""))
        except RulesError as exc:
            return Update(text={"sheet-kit-note": str(exc)})
        except ValueError:  # not a line number
            return Update()
        return Update(text={"sheet-kit-note": step.text[:1].upper() + step.text[1:] + "."}) \
            | self._change(adventurer, values)

    def on_quote(self, values: Mapping[str, str]) -> Update:
        """A course in the weapon chosen in ``sheet-train-weapon`` (``<weapon>@<hand>``) priced."""
        from pyengine.runequest.advancement.training import quote_weapon_training

        assert self.adventurer is not None
        weapon, _, hand = values.get("sheet-train-weapon", "").partition("@")
        self.quote = None
        if not weapon:
            return self._result("sheet-quote-result", "training: add a weapon or shield to the sheet first")
        try:
            self.quote = quote_weapon_training(self.adventurer, self.tables, weapon, hand or "right")
        except RulesError as exc:
            return self._result("sheet-quote-result", str(exc))
        return Update(html={"sheet-quote-result": render_quote(self.quote)})

    def on_train(self, values: Mapping[str, str]) -> Update:
        """The course last quoted paid for and started."""
        from pyengine.runequest.advancement.training import start_training

        assert self.adventurer is not None
        if self.quote is None:
            return Update()
        try:
            changed = start_training(self.adventurer, self.tables, self.quote)
        except RulesError as exc:
            return self._result("sheet-quote-result", str(exc))
        self.quote = None
        update = Update(html={"sheet-quote-result": render_training_started(changed)})
        return update | self._change(changed.adventurer, values)

    def on_experience(self, values: Mapping[str, str]) -> Update:
        """One experience check for each weapon use ticked, and Defense if ticked; the
        boxes come back unticked."""
        from pyengine.runequest.advancement.experience import FieldUse, after_adventure

        assert self.adventurer is not None
        uses = [FieldUse(weapon=weapon, hand=hand, use=use) for weapon, hand, use in self._ticked(values)]
        try:
            result = after_adventure(self.adventurer, self.tables, uses, self.dice,
                                     defense_saved=values.get(DEFENSE_BOX) == "1")
        except RulesError as exc:
            return self._result("sheet-exp-result", str(exc))
        unticked = {field: text for field, text in values.items() if not field.startswith("exp-")}
        update = Update(html={"sheet-exp-result": render_experience(result)})
        return update | self._change(result.adventurer, unticked)

    # -- keeping and sharing --------------------------------------------------------------------

    def on_save(self, values: Mapping[str, str]) -> Update:
        """Saved on the device, where it was opened from or as a new character; refused when
        another tab has saved it since (say so, offer overwrite or a copy)."""
        return self._save(self.key)

    def on_overwrite(self, values: Mapping[str, str]) -> Update:
        """Saved over what another tab saved."""
        return self._save(self.key, force=True, why=self.pending_why or SAVED_WHY)

    def on_save_copy(self, values: Mapping[str, str]) -> Update:
        """Saved as a new character (a shared sheet becomes editable here)."""
        self.read_only, self.key = False, None
        return self._read_only() | self._save(None, why=self.pending_why or SAVED_WHY)

    def _save(self, key: str | None, *, force: bool = False, why: str = SAVED_WHY) -> Update:
        """The record saved as a new version (``why``: what changed), the one before kept for undo."""
        adventurer = self.adventurer
        assert adventurer is not None
        key = key or record_key("character", self.new_id())
        expected = None
        if not force and self.key == key:
            expected = self.stored if self.stored is not None else ""  # "": whatever is there is another tab's
        text = dump_adventurer(adventurer).decode()
        ident = self._ident(key)
        try:
            with atomic(self.store, f"saving adventurer {adventurer.name or ident!r}", when=self.now()) as store:
                save(store, "character", ident, text, when=self.now(), why=why, expected=expected)
                drop_draft(store, "sheet")  # the record is saved as it is typed: the draft goes with it
        except ConflictError:
            self.pending_why = why
            return Update(hidden={"sheet-conflict": False}, text={"sheet-save-status": "Not saved yet: see below."},
                          scroll="sheet-conflict")
        except StorageError as exc:
            return Update(text={"sheet-save-status": f"Not saved: {exc}. Export a file to keep it."})
        self.key, self.stored, self.pending_why = key, text, ""
        said = "" if why == SAVED_WHY else f": {why}"
        return Update(
            hidden={"sheet-conflict": True},
            text={"sheet-save-status": f"Saved {adventurer.name or 'the adventurer'} on this device{said}."},
            address=f"./sheet.html?open={ident}",
            html={"sheet-saved": self.render_saved()},
        ) | self._undo_button()

    def _undo_button(self) -> Update:
        """The Undo button, saying what it undoes (disabled: nothing to undo)."""
        label, nothing = "Undo", True
        if self.key is not None and not self.read_only:
            try:
                versions = read_versions(self.store, "character", self._ident(self.key))
            except RecordError:
                versions = None
            if versions is not None and versions.current is not None and versions.undo_index is not None:
                undone = versions.current if versions.back is None else versions.earlier[versions.back]
                label, nothing = f"Undo: {undone.why}", False
        return Update(text={"sheet-undo": label}, disabled={"sheet-undo": nothing})

    def on_undo(self, values: Mapping[str, str]) -> Update:
        """Back to the version before the last change saved (again: the one before that)."""
        if self.key is None or self.read_only:
            return Update()
        ident = self._ident(self.key)
        try:
            versions = read_versions(self.store, "character", ident)
            undone = "" if versions.current is None else (
                versions.current if versions.back is None else versions.earlier[versions.back]).why
            undo(self.store, "character", ident, when=self.now(), expected=self.stored)
            text = record_text(self.store, "character", ident) or ""
            adventurer = load_adventurer(text)
        except ConflictError:
            return Update(text={"sheet-save-status": "Not undone: another tab saved this adventurer since; "
                                                     "open it again from the list to see its versions."})
        except (RecordError, StorageError) as exc:
            return Update(text={"sheet-save-status": f"Not undone: {exc}."})
        update = self._opened(adventurer, key=self.key, stored=text)
        drop_draft(self.store, "sheet")  # the record is saved as it is shown: no draft
        return update | Update(text={"sheet-save-status": f"Undone: {undone}."},
                               html={"sheet-state-result": render_working(f"Undone: {undone}", ())})

    # -- changes by hand -------------------------------------------------------------------------

    def _by_hand(self, action: str, values: Mapping[str, str], change: Callable[[], object],
                 why: Callable[[], str]) -> Update:
        """A change by hand (``change`` returns the engine's ``Changed``): shown with its
        working and saved as a version; refused, its message beside the field it names
        (:data:`~pyengine.pages.sheet_state.FIELDS`), everything typed left as it is."""
        if self.adventurer is None or self.read_only:
            return Update()
        fields = STATE_FIELDS.get(action, {})
        cleared = Update(errors={field: "" for field, _ in fields.values()})
        try:
            changed = change()
        except RulesError as exc:
            if exc.field in fields:
                field, label = fields[exc.field]
                return cleared | Update(errors={field: said_as(str(exc), exc.field, label)})
            return cleared | self._result("sheet-state-result", str(exc))
        said = why()
        update = cleared | self._change(changed.adventurer, values)  # type: ignore[attr-defined]
        update |= Update(html={"sheet-state-result": render_working(said[:1].upper() + said[1:],
                                                                    changed.steps)})  # type: ignore[attr-defined]
        return update | self._save(self.key, why=said)

    def on_take_damage(self, values: Mapping[str, str]) -> Update:
        """Damage past armour to a location (``state-dmg-points``, ``-location``, ``-cause``)."""
        from pyengine.runequest.campaign.changes import take_damage

        points, where = values.get("state-dmg-points", ""), values.get("state-dmg-location", "")
        return self._by_hand(
            "sheet-take-damage", values,
            lambda: take_damage(self.adventurer, self.tables, location=where, points=points,
                                cause=values.get("state-dmg-cause", "")),
            lambda: f"{points.strip()} point{'s' if points.strip() != '1' else ''} to the "
                    f"{where.replace('_', ' ')} by hand")

    def on_heal(self, values: Mapping[str, str]) -> Update:
        """A Healing spell, a salve or a potion (``state-heal-points``, ``-how``, ``-location``)."""
        from pyengine.runequest.campaign.changes import give_healing

        points, how = values.get("state-heal-points", ""), values.get("state-heal-how", "spell")
        where = values.get("state-heal-location", "")
        named = {"spell": "a Healing spell", "salve": "a healing salve", "potion": "a healing potion"}
        return self._by_hand(
            "sheet-heal", values,
            lambda: give_healing(self.adventurer, self.tables, points=points, how=how, location=where or None,
                                 dice=self.dice),
            lambda: f"{named.get(how, how)} of {points.strip()}"
                    + (f" on the {where.replace('_', ' ')}" if where else ""))

    def on_pull_out(self, location: str, values: Mapping[str, str]) -> Update:
        """The weapon stuck in ``location`` taken out."""
        from pyengine.runequest.campaign.changes import pull_out

        return self._by_hand("sheet-pull-out", values, lambda: pull_out(self.adventurer, location=location),
                             lambda: f"weapon pulled out of the {location.replace('_', ' ')}")

    def on_set_ammo(self, values: Mapping[str, str]) -> Update:
        """Missiles left for a missile weapon (``state-ammo-weapon``, ``state-ammo-count``; empty: not counted)."""
        from pyengine.runequest.campaign.changes import set_ammunition

        weapon, count = values.get("state-ammo-weapon", ""), values.get("state-ammo-count", "")
        return self._by_hand(
            "sheet-set-ammo", values,
            lambda: set_ammunition(self.adventurer, self.tables, weapon=weapon, count=count),
            lambda: f"missiles left set to {count.strip()}" if count.strip() else "missiles no longer counted")

    def on_damage_weapon(self, values: Mapping[str, str]) -> Update:
        """Damage to a weapon or shield (``state-wpn-weapon``, ``state-wpn-points``; ``state-wpn-broken``: broken)."""
        from pyengine.runequest.campaign.changes import damage_weapon

        weapon, points = values.get("state-wpn-weapon", ""), values.get("state-wpn-points", "").strip() or "0"
        broken = values.get("state-wpn-broken") == "1"
        return self._by_hand(
            "sheet-damage-weapon", values,
            lambda: damage_weapon(self.adventurer, self.tables, weapon=weapon, points=points, broken=broken),
            lambda: f"{weapon_name(self.tables, weapon)} " + ("marked broken" if broken else f"takes {points} damage"))

    def on_repair_weapon(self, values: Mapping[str, str]) -> Update:
        """A weapon or shield repaired (``state-wpn-weapon``)."""
        from pyengine.runequest.campaign.changes import repair_weapon

        weapon = values.get("state-wpn-weapon", "")
        return self._by_hand("sheet-repair-weapon", values,
                             lambda: repair_weapon(self.adventurer, self.tables, weapon=weapon),
                             lambda: f"{weapon_name(self.tables, weapon)} repaired")

    def on_spend(self, values: Mapping[str, str]) -> Update:
        """Money spent (``state-spend-lunars``, ``state-spend-what``, ``state-spend-source``)."""
        from pyengine.runequest.campaign.changes import spend

        lunars, what = values.get("state-spend-lunars", ""), values.get("state-spend-what", "")
        return self._by_hand(
            "sheet-spend", values,
            lambda: spend(self.adventurer, lunars=lunars, what=what,
                          source=values.get("state-spend-source", "") or "carried"),
            lambda: f"{lunars.strip()} L spent on {what.strip()}")

    def on_time_passes(self, values: Mapping[str, str]) -> Update:
        """``state-days`` days pass for him: his clocks, then natural healing."""
        from pyengine.runequest.campaign.time import elapsed, time_passes

        days = values.get("state-days", "")
        return self._by_hand(
            "sheet-time-passes", values,
            lambda: time_passes(self.adventurer, self.tables, elapsed(days=days), self.dice),
            lambda: f"{days.strip()} day{'s' if days.strip() != '1' else ''} pass")

    def on_a_week(self, values: Mapping[str, str]) -> Update:
        """A week passes for him."""
        from pyengine.runequest.campaign.time import A_WEEK, time_passes

        return self._by_hand("sheet-a-week", values,
                             lambda: time_passes(self.adventurer, self.tables, A_WEEK, self.dice),
                             lambda: "a week passes")

    def on_export(self, values: Mapping[str, str]) -> Update:
        """The record as a JSON file, named after the adventurer."""
        assert self.adventurer is not None
        name = (self.adventurer.name or "adventurer").strip().replace(" ", "-")[:40] or "adventurer"
        return Update(download=(f"{name}.json", dump_adventurer(self.adventurer).decode()))

    def on_import(self, text: str) -> Update:
        """A file chosen to import: opened as a new, unsaved character; a file that is not a
        record is said so, and what is on the page stays."""
        try:
            adventurer = load_adventurer(text)
        except RecordError as exc:
            return Update(notices={"sheet-import-error": f"import: {exc}"})
        update = Update(notices={"sheet-import-error": ""}) | self._opened(adventurer, key=None)
        return update | Update(text={"sheet-save-status": "Imported: save it to keep it on this device."})

    def on_share(self, values: Mapping[str, str]) -> Update:
        """The link to this sheet (it opens read-only)."""
        summary = (self.adventurer.name if self.adventurer is not None else "") or "an unnamed adventurer"
        return Update(html={"sheet-share-box": share_line("sheet", f"./sheet.html#{self.link()}", SHARE_LABEL, summary=summary)},
                      scroll="sheet-share-box")

    def link(self) -> str:
        """The sheet's share-link fragment."""
        assert self.adventurer is not None
        return state.LINK.link(state.to_state(self.adventurer))

    def on_print(self, values: Mapping[str, str]) -> Update:
        return Update(print=True)

    def on_new(self, values: Mapping[str, str]) -> Update:
        """A new adventurer: the draft dropped, the page opened afresh."""
        drop_draft(self.store, "sheet")
        return Update(navigate="./sheet.html")

    # -- what it shows ---------------------------------------------------------------------------

    def _change(self, adventurer: Adventurer, values: Mapping[str, str]) -> Update:
        """A change made with a button: the record in the form, and its sheet."""
        return self._form(adventurer) | self._show(adventurer, values)

    def _form(self, adventurer: Adventurer) -> Update:
        """The record in the form, as if typed."""
        shown = {"sheet-name": adventurer.name, "sheet-money": str(adventurer.money),
                 "sheet-savings": str(adventurer.savings), "sheet-notes": adventurer.notes}
        shown.update({f"sheet-{c}": str(adventurer.characteristics[c]) for c in CHARACTERISTICS})
        return Update(values=shown, errors={field: "" for field in shown if field not in ("sheet-name", "sheet-notes")})

    def _show(self, adventurer: Adventurer | None, values: Mapping[str, str]) -> Update:
        """``adventurer`` is the record now (``None``: the form does not describe one, and the
        sheet stays as it was): its sheet, its problems beside their fields, the draft kept."""
        self.adventurer = adventurer
        update = Update(disabled={button: adventurer is None for button in NEEDS_RECORD})
        if adventurer is None:
            return update
        uses = set(self._ticked(values))
        self.kept = adventurer
        with self.measure("derive + render"):
            with self.measure("derive"):
                self.sheet = derive(adventurer, self.tables)
            ticked = {experience_box(w.index, use) for w in self.sheet.weapons for use in EXPERIENCE_USES
                      if (w.weapon, str(w.hand), use) in uses}
            if values.get(DEFENSE_BOX) == "1":
                ticked.add(DEFENSE_BOX)
            html = self._regions(values.get("sheet-train-weapon", ""), ticked, values)
        errors: dict[str, str] = {}
        for problem in self.sheet.problems:
            if problem.field in FIELDS:
                field, label = FIELDS[problem.field]
                said = f"{label}: {problem.message}"
                errors[field] = f"{errors[field]}; {said}" if field in errors else said
        update |= Update(html=html, errors=errors)
        if not self.read_only:
            update |= self._keep({"key": self.key, "record": dump_adventurer(adventurer).decode()})
        return update

    def _regions(self, chosen: str = "", ticked: frozenset[str] | set[str] = frozenset(),
                 values: Mapping[str, str] | None = None) -> dict[str, str]:
        from pyengine.runequest.campaign.health import frame_of, vitals

        assert self.sheet is not None and self.kept is not None
        values = values or {}
        kept = self.kept
        return {
            "sheet-view": render_sheet(self.sheet, kept.name, kept.notes, self._kit_choices()),
            "sheet-train-weapon": render_train_options(self.sheet, chosen),
            "sheet-exp-list": render_experience_boxes(self.sheet, ticked),
            "sheet-state": render_state(kept, vitals(kept.current, frame_of(kept, self.tables)), self.tables),
            "state-ammo-weapon": render_weapon_choices(kept, self.tables, missiles=True,
                                                       chosen=values.get("state-ammo-weapon", "")),
            "state-wpn-weapon": render_weapon_choices(kept, self.tables, missiles=False,
                                                      chosen=values.get("state-wpn-weapon", "")),
        }

    def _kit_choices(self) -> tuple:
        """The starting kit's choices still to make (imported only when a line is one)."""
        assert self.kept is not None
        if not any(g.ref is None and g.name.endswith(TO_CHOOSE) for g in self.kept.gear):
            return ()
        from pyengine.runequest.advancement.creation import kit_choices

        return kit_choices(self.kept, self.tables)

    def _ticked(self, values: Mapping[str, str]) -> list[tuple[str, str, str]]:
        """``(weapon, hand, use)`` of each experience box ticked, in the sheet's order."""
        if self.sheet is None:
            return []
        return [
            (w.weapon, str(w.hand), use)
            for w in self.sheet.weapons
            for use in EXPERIENCE_USES
            if values.get(experience_box(w.index, use)) == "1"
        ]

    @staticmethod
    def _ident(key: str) -> str:
        """The saved character's id in his key (the draft keeps the key)."""
        ident = ident_of(key, "character")
        assert ident is not None
        return ident

    def _read_only(self) -> Update:
        ro = self.read_only
        return Update(
            disabled={"sheet-edit": ro, "sheet-edit-gear": ro, "sheet-save": ro or self.adventurer is None,
                      **{button: ro for button in STATE_BUTTONS if button != "sheet-undo"}},
            hidden={"sheet-shared": not ro},
        )

    def _keep(self, draft: dict[str, object]) -> Update:
        """The draft kept on the device; if the device refuses, the page says so."""
        try:
            keep_draft(self.store, "sheet", json.dumps(draft))
        except StorageError as exc:
            return Update(text={"sheet-save-status": f"Not kept as a draft: {exc}. Export a file to keep it."})
        return Update()

    @staticmethod
    def _refused(exc: RulesError, beside: str) -> Update:
        """An action's error beside the field it names (:data:`FIELDS`), else beside ``beside``."""
        return Update(errors={FIELDS.get(exc.field, (beside, ""))[0]: str(exc)})

    @staticmethod
    def _result(region: str, message: str) -> Update:
        return Update(html={region: render_refusal(message)})

    def render(self) -> dict[str, str]:
        """Every region's HTML as the state has it (an action's result, once shown, is the page's)."""
        regions = {"sheet-saved": self.render_saved(), "sheet-view": EMPTY_SHEET}
        if self.sheet is not None:
            regions.update(self._regions())
        if self.quote is not None:
            regions["sheet-quote-result"] = render_quote(self.quote)
        return regions

    def render_saved(self) -> str:
        """The characters saved on this device by name; a damaged record is listed as damaged,
        kept as it is (the start page exports it)."""
        listing = read_all(self.store, "character", load_adventurer)
        rows = [(e.ident, e.value.name or "(no name)") for e in listing.entries]
        rows += [(d.ident, f"(damaged record {d.ident!r}: kept as it is; export it from the start page)")
                 for d in listing.damaged]
        return render_saved_list(sorted(rows, key=lambda row: row[1].lower()))


def preload() -> None:
    """Imports what the buttons need beyond showing a sheet (the page does it just after it
    is ready; each action imports what it uses too, so a click that comes first works)."""
    import pyengine.runequest.advancement.background  # noqa: F401
    import pyengine.runequest.advancement.creation  # noqa: F401
    import pyengine.runequest.advancement.experience  # noqa: F401
    import pyengine.runequest.advancement.training  # noqa: F401
    import pyengine.runequest.sheet.edits  # noqa: F401
    import pyengine.runequest.sheet.equipment  # noqa: F401


def prerender(source) -> dict[str, str]:
    """The weapon and item choices, before Python is up (``source``: :mod:`pyengine.cli.tables`)."""
    tables = source.load_tables()
    return {"weapon_options": render_weapon_options(tables), "item_options": render_item_options(tables),
            "wear_note": WEAR_NOTE,
            "location_options": location_options(),
            "heal_location_options": location_options(none="(a potion: where the dice say)")}
