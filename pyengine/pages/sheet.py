"""The sheet page (``sheet.html``): a RuneQuest adventurer, every number with its working.

:class:`SheetPage` holds the page's state: the record (:class:`Adventurer`) the form
describes, where it is saved, and whether it came read-only from a link; it reads what is
typed, opens the page, and draws the sheet. Every change derives the sheet again and keeps the
record on the device as a draft, so nothing typed is lost when the page closes. What the player
does is in its parts, by what it is about: building the adventurer
(:class:`~pyengine.pages.sheet_building.Building`), keeping, sharing and undoing
(:class:`~pyengine.pages.sheet_keeping.Keeping`) and the "Now" card's changes by hand
(:class:`~pyengine.pages.sheet_state.NowCard`).

Regions it draws: ``sheet-view`` (the sheet), ``sheet-now-first`` (his state first, while he is
hurt), ``sheet-print-now`` (the state on paper), ``sheet-saved`` (the characters on this
device), ``sheet-train-weapon`` (its options), ``sheet-exp-list`` (the experience boxes),
``sheet-quote-result``, ``sheet-exp-result``, ``sheet-share-box``, ``sheet-draft-ask``.
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

import os
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext

import msgspec

from pyengine.dice import Dice, RandomDice
from pyengine.errors import RecordError, RulesError
from pyengine.library.drafts import drop_draft
from pyengine.library.kinds import record_key
from pyengine.library.records import record_text
from pyengine.pages.sheet_building import Building
from pyengine.pages.sheet_keeping import RECORD_FIELDS, SAVED_WHY, SHARE_LABEL, Keeping
from pyengine.pages.sheet_state import BUTTONS as STATE_BUTTONS
from pyengine.pages.sheet_state import NowCard
from pyengine.pages.sheet_unsaved import KEEP, OPEN, Question, unsaved_draft
from pyengine.pages.view import Update
from pyengine.render.sheet_state import location_options, render_now, render_weapon_choices
from pyengine.runequest.campaign.health import frame_of, vitals
from pyengine.runequest.sheet import inputs, state
from pyengine.runequest.sheet.adventurer import Adventurer, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics
from pyengine.runequest.sheet.derive import DerivedSheet, derive
from pyengine.runequest.sheet.render import (
    CHARACTERISTICS,
    DEFENSE_BOX,
    EMPTY_SHEET,
    EXPERIENCE_USES,
    WEAR_NOTE,
    experience_box,
    render_experience_boxes,
    render_item_options,
    render_quote,
    render_refusal,
    render_sheet,
    render_train_options,
    render_weapon_options,
)
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.storage.store import Store

__all__ = ["EMPTY_SHEET", "FIELDS", "NEEDS_RECORD", "RECORD_FIELDS", "SAVED_WHY", "SHARE_LABEL", "SheetPage",
           "preload", "prerender"]

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
MAX_NAME = 200
MAX_NOTES = 10_000


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
        self.building = Building(self)
        self.keeping = Keeping(self)
        self.now_card = NowCard(self)
        self.question = Question(self)
        build, keep, card = self.building, self.keeping, self.now_card
        self._clicks: dict[str, Callable[[Mapping[str, str]], Update]] = {
            "sheet-roll-chars": build.on_roll_characteristics, "sheet-roll-bg": build.on_roll_background,
            "sheet-add-weapon": build.on_add_weapon, "sheet-buy": build.on_buy, "sheet-quote": build.on_quote,
            "sheet-train": build.on_train, "sheet-exp-roll": build.on_experience, "sheet-save": keep.on_save,
            "sheet-overwrite": keep.on_overwrite, "sheet-save-as-copy": keep.on_save_copy,
            "sheet-save-copy": keep.on_save_copy, "sheet-export": keep.on_export, "sheet-share-link": keep.on_share,
            "sheet-print": keep.on_print, "sheet-new": keep.on_new,
            "sheet-take-damage": card.on_take_damage, "sheet-heal": card.on_heal, "sheet-set-ammo": card.on_set_ammo,
            "sheet-damage-weapon": card.on_damage_weapon, "sheet-repair-weapon": card.on_repair_weapon,
            "sheet-spend": card.on_spend, "sheet-time-passes": card.on_time_passes, "sheet-a-week": card.on_a_week,
            "sheet-end-scenario": card.on_end_scenario,
            "sheet-undo": keep.on_undo, KEEP: self.question.on_keep, OPEN: self.question.on_open,
        }

    # -- opening -----------------------------------------------------------------------------

    def open(self, fragment: str, wanted: str | None, values: Mapping[str, str]) -> Update:
        """The page opens: a shared sheet (``fragment``, the address's ``#…``) read-only, or
        the saved character ``wanted`` (``?open=<id>``), or the draft, or what ``values``
        holds (typed before Python was up). A link or record that cannot be opened is said
        so above the form, and the next of these is opened instead; a saved one over typing
        not saved: the draft and a question (:mod:`~pyengine.pages.sheet_unsaved`)."""
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
                unsaved = unsaved_draft(self.store)  # typing not saved would go: it stays, and the page asks
                if unsaved is not None and (restored := self.keeping.restored(values)) is not None:
                    return update | restored | self.question.ask(unsaved, wanted, saved.name)
                return update | self._opened(saved, key=record_key("character", wanted), stored=text)
        restored = self.keeping.restored(values)
        if restored is not None:
            return update | restored | Update(text={"sheet-save-status": "Restored what was being typed here."})
        return update | self._typed_in(values, opening=True)

    def _opened(self, adventurer: Adventurer, *, key: str | None, stored: str | None = None,
                read_only: bool = False) -> Update:
        self.key, self.stored, self.read_only = key, stored, read_only
        return self._form(adventurer) | self._show(adventurer, {}) | self._read_only() | self.keeping.undo_button()

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
        draft: dict[str, object] = {"key": self.key, "typed": typed | Keeping.pronouns_in_draft(values, self.kept)}
        if self.kept is not None:
            draft["record"] = dump_adventurer(self.kept).decode()
        return update | self.keeping.keep(draft)

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
        return self._typed(base, values, characteristics=characteristics, **sums), errors | Keeping.pronouns_error(values)

    @staticmethod
    def _typed(base: Adventurer, values: Mapping[str, str], **changes: object) -> Adventurer:
        return msgspec.structs.replace(
            base, name=values.get("sheet-name", "")[:MAX_NAME], notes=values.get("sheet-notes", "")[:MAX_NOTES],
            pronouns=Keeping.chosen_pronouns(values, base.pronouns), **changes,
        )

    # -- buttons ---------------------------------------------------------------------------------

    def on_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A click anywhere on the page (``data``: the clicked element's ``id`` and ``data-*``):
        one of the page's buttons, or a control on the sheet. A button that needs a record
        does nothing without one."""
        ident = data.get("id", "")
        action = self._clicks.get(ident)
        if action is None:
            return self.building.on_sheet_click(data, values)
        if self.adventurer is None and ident not in ("sheet-roll-chars", "sheet-new", KEEP, OPEN):
            return Update()
        return action(values)

    # -- what the parts do that the glue and the start page ask of the page -----------------------

    def on_import(self, text: str) -> Update:
        """A file chosen to import (:meth:`Keeping.on_import`)."""
        return self.keeping.on_import(text)

    def on_new(self, values: Mapping[str, str]) -> Update:
        return self.keeping.on_new(values)

    def link(self) -> str:
        """The sheet's share-link fragment."""
        return self.keeping.link()

    def render_saved(self) -> str:
        return self.keeping.render_saved()

    # -- what it shows ---------------------------------------------------------------------------

    def _change(self, adventurer: Adventurer, values: Mapping[str, str]) -> Update:
        """A change made with a button: the record in the form, and its sheet."""
        return self._form(adventurer) | self._show(adventurer, values)

    def _form(self, adventurer: Adventurer) -> Update:
        """The record in the form, as if typed."""
        shown = {"sheet-name": adventurer.name, "sheet-money": str(adventurer.money),
                 "sheet-savings": str(adventurer.savings), "sheet-notes": adventurer.notes, Keeping.PRONOUNS_FIELD: adventurer.pronouns.value}
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
            update |= self.keeping.keep({"key": self.key, "record": dump_adventurer(adventurer).decode()})
        return update

    def _regions(self, chosen: str = "", ticked: frozenset[str] | set[str] = frozenset(),
                 values: Mapping[str, str] | None = None) -> dict[str, str]:
        assert self.sheet is not None and self.kept is not None
        values = values or {}
        kept = self.kept
        return {
            "sheet-view": render_sheet(self.sheet, kept.name, kept.notes, self._kit_choices()),
            "sheet-train-weapon": render_train_options(self.sheet, chosen),
            "sheet-exp-list": render_experience_boxes(self.sheet, ticked, kept.pronouns),
            **render_now(kept, vitals(kept.current, frame_of(kept, self.tables), kept.pronouns), self.tables),
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
        # advancement loads on a kit still to choose, or after ready (preload), not at the sheet's start
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

    def _read_only(self) -> Update:
        ro = self.read_only
        return Update(
            disabled={"sheet-edit": ro, "sheet-edit-gear": ro, "sheet-save": ro or self.adventurer is None,
                      **{button: ro for button in STATE_BUTTONS if button != "sheet-undo"}},
            hidden={"sheet-shared": not ro},
        )

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
        if self.building.quote is not None:
            regions["sheet-quote-result"] = render_quote(self.building.quote)
        return regions


def preload() -> None:
    """Imports what the buttons need beyond showing a sheet (the page does it just after it
    is ready; each action imports what it uses too, so a click that comes first works)."""
    # the buttons' rules, just after the page is ready rather than at its start
    import pyengine.runequest.advancement.background  # noqa: F401
    import pyengine.runequest.advancement.creation  # noqa: F401
    import pyengine.runequest.advancement.experience  # noqa: F401
    import pyengine.runequest.advancement.training  # noqa: F401
    import pyengine.runequest.sheet.edits  # noqa: F401


def prerender(source) -> dict[str, str]:
    """The weapon and item choices, before Python is up (``source``: :mod:`pyengine.cli.tables`)."""
    tables = source.load_tables()
    return {"weapon_options": render_weapon_options(tables), "item_options": render_item_options(tables),
            "wear_note": WEAR_NOTE,
            "location_options": location_options(),
            "heal_location_options": location_options(none="(a potion: where the dice say)")}
