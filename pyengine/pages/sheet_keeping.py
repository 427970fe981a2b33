"""The sheet page's keeping of an adventurer: the draft kept at every change and opened again,
saving (refused over another tab's save: overwrite, or save a copy), undo, export and import,
the share link, printing, a new adventurer, and the list of those saved on this device.

A part of :class:`pyengine.pages.sheet.SheetPage`, which holds the record and draws its sheet.
Records and drafts are read and written through :mod:`pyengine.library`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pyengine.errors import ConflictError, RecordError, RulesError, StorageError
from pyengine.library.drafts import drop_draft, keep_draft
from pyengine.library.journal import atomic
from pyengine.library.kinds import ident_of, record_key
from pyengine.library.records import read_all, record_text
from pyengine.library.versions import read_versions, save, undo
from pyengine.pages.sheet_unsaved import sheet_draft
from pyengine.pages.view import Update
from pyengine.render.share import share_line
from pyengine.render.sheet_state import render_working
from pyengine.runequest.pronouns import Pronouns
from pyengine.runequest.sheet import state
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from pyengine.runequest.sheet.inputs import read_pronouns
from pyengine.runequest.sheet.render import CHARACTERISTICS, render_saved_list

#: The fields that make the record, as the draft keeps them while they do not yet.
RECORD_FIELDS = ("sheet-name", *(f"sheet-{c}" for c in CHARACTERISTICS), "sheet-money", "sheet-savings",
                 "sheet-notes")
#: The "Pronouns" field (he, she, they; RQ-145): a choice, kept in a draft beside the typed fields, but
#: never by itself something typed (its default, "they", is what an untouched page shows).
PRONOUNS_FIELD = "sheet-pronouns"
#: Why a version was saved, when the Save button saved it.
SAVED_WHY = "saved on the sheet page"
SHARE_LABEL = "Link to this sheet (opens read-only)"


class Keeping:
    """Where the adventurer the sheet page shows (``page``) is kept, and how it leaves the page."""

    PRONOUNS_FIELD = PRONOUNS_FIELD

    @staticmethod
    def chosen_pronouns(values: Mapping[str, str], kept: Pronouns) -> Pronouns:
        """The "Pronouns" the form holds (nothing chosen, or a choice that does not read: ``kept``)."""
        try:
            return read_pronouns(values.get(PRONOUNS_FIELD, ""), kept)
        except RulesError:
            return kept

    @staticmethod
    def pronouns_error(values: Mapping[str, str]) -> dict[str, str]:
        """The "Pronouns" field's message (``""``: none; the record keeps its own pronouns meanwhile)."""
        try:
            read_pronouns(values.get(PRONOUNS_FIELD, ""))
        except RulesError as exc:
            return {PRONOUNS_FIELD: str(exc)}
        return {PRONOUNS_FIELD: ""}

    @staticmethod
    def pronouns_in_draft(values: Mapping[str, str], kept: Any) -> dict[str, str]:
        """The "Pronouns" field as a half-typed draft keeps it: only a choice other than the record's
        (``kept``, an :class:`Adventurer` or ``None``: "they"), so that an untouched page keeps no draft."""
        chosen = values.get(PRONOUNS_FIELD, "").strip()
        return {PRONOUNS_FIELD: chosen} if chosen and chosen != (kept.pronouns if kept is not None else "they") else {}

    def __init__(self, page: Any) -> None:
        self.page = page
        """The :class:`SheetPage` this is a part of (not imported here: the page imports its parts)."""
        self.pending_why = ""
        """Why the change another tab's save held back was made (an overwrite saves it so)."""

    def restored(self, values: Mapping[str, str]) -> Update | None:
        """The draft opened again (``None``: there is none, or it is damaged; it stays as it
        is until the next change)."""
        try:
            found = sheet_draft(self.page.store)
            if found is None:
                return None
            draft, ident = found
            key = draft["key"] if ident is not None else None
            self.page.key, self.page.stored = key, record_text(self.page.store, "character", ident) if ident else None
            if "typed" not in draft:
                return self.page._opened(load_adventurer(draft["record"]), key=key, stored=self.page.stored)
            if "record" in draft:
                self.page.kept = load_adventurer(draft["record"])
            typed = {field: str(draft["typed"].get(field, "")) for field in RECORD_FIELDS}
            if "sheet-savings" not in draft["typed"] and self.page.kept is not None:  # a draft from before the field
                typed["sheet-savings"] = str(self.page.kept.savings)
            kept_pronouns = self.page.kept.pronouns.value if self.page.kept is not None else "they"
            typed[PRONOUNS_FIELD] = str(draft["typed"].get(PRONOUNS_FIELD) or kept_pronouns)
            return Update(values=typed) | self.page.on_input({**values, **typed})
        except (ValueError, KeyError, TypeError, AttributeError):  # RecordError is a ValueError
            self.page.key = self.page.stored = None
            self.page.kept = None
            return None

    def keep(self, draft: dict[str, object]) -> Update:
        """The draft kept on the device; if the device refuses, the page says so."""
        try:
            keep_draft(self.page.store, "sheet", json.dumps(draft))
        except StorageError as exc:
            return Update(text={"sheet-save-status": f"Not kept as a draft: {exc}. Export a file to keep it."})
        return Update()

    def on_save(self, values: Mapping[str, str]) -> Update:
        """Saved on the device, where it was opened from or as a new character; refused when
        another tab has saved it since (say so, offer overwrite or a copy)."""
        return self.save(self.page.key)

    def on_overwrite(self, values: Mapping[str, str]) -> Update:
        """Saved over what another tab saved."""
        return self.save(self.page.key, force=True, why=self.pending_why or SAVED_WHY)

    def on_save_copy(self, values: Mapping[str, str]) -> Update:
        """Saved as a new character (a shared sheet becomes editable here)."""
        self.page.read_only, self.page.key = False, None
        return self.page._read_only() | self.save(None, why=self.pending_why or SAVED_WHY)

    def save(self, key: str | None, *, force: bool = False, why: str = SAVED_WHY) -> Update:
        """The record saved as a new version (``why``: what changed), the one before kept for undo."""
        adventurer = self.page.adventurer
        assert adventurer is not None
        key = key or record_key("character", self.page.new_id())
        expected = None
        if not force and self.page.key == key:
            expected = self.page.stored if self.page.stored is not None else ""  # "": whatever is there is another tab's
        text = dump_adventurer(adventurer).decode()
        ident = self._ident(key)
        try:
            with atomic(self.page.store, f"saving adventurer {adventurer.name or ident!r}", when=self.page.now()) as store:
                save(store, "character", ident, text, when=self.page.now(), why=why, expected=expected)
                drop_draft(store, "sheet")  # the record is saved as it is typed: the draft goes with it
        except ConflictError:
            self.pending_why = why
            return Update(hidden={"sheet-conflict": False}, text={"sheet-save-status": "Not saved yet: see below."},
                          scroll="sheet-conflict")
        except StorageError as exc:
            return Update(text={"sheet-save-status": f"Not saved: {exc}. Export a file to keep it."})
        self.page.key, self.page.stored, self.pending_why = key, text, ""
        said = "" if why == SAVED_WHY else f": {why}"
        return Update(
            hidden={"sheet-conflict": True},
            text={"sheet-save-status": f"Saved {adventurer.name or 'the adventurer'} on this device{said}."},
            address=f"./sheet.html?open={ident}",
            html={"sheet-saved": self.render_saved()},
        ) | self.undo_button()

    def undo_button(self) -> Update:
        """The Undo button, saying what it undoes (disabled: nothing to undo)."""
        label, nothing = "Undo", True
        if self.page.key is not None and not self.page.read_only:
            try:
                versions = read_versions(self.page.store, "character", self._ident(self.page.key))
            except RecordError:
                versions = None
            if versions is not None and versions.current is not None and versions.undo_index is not None:
                undone = versions.current if versions.back is None else versions.earlier[versions.back]
                label, nothing = f"Undo: {undone.why}", False
        return Update(text={"sheet-undo": label}, disabled={"sheet-undo": nothing})

    @staticmethod
    def _ident(key: str) -> str:
        """The saved character's id in his key (the draft keeps the key)."""
        ident = ident_of(key, "character")
        assert ident is not None
        return ident

    def on_undo(self, values: Mapping[str, str]) -> Update:
        """Back to the version before the last change saved (again: the one before that)."""
        if self.page.key is None or self.page.read_only:
            return Update()
        ident = self._ident(self.page.key)
        try:
            versions = read_versions(self.page.store, "character", ident)
            undone = "" if versions.current is None else (
                versions.current if versions.back is None else versions.earlier[versions.back]).why
            undo(self.page.store, "character", ident, when=self.page.now(), expected=self.page.stored)
            text = record_text(self.page.store, "character", ident) or ""
            adventurer = load_adventurer(text)
        except ConflictError:
            return Update(text={"sheet-save-status": "Not undone: another tab saved this adventurer since; "
                                                     "open it again from the list to see its versions."})
        except (RecordError, StorageError) as exc:
            return Update(text={"sheet-save-status": f"Not undone: {exc}."})
        update = self.page._opened(adventurer, key=self.page.key, stored=text)
        drop_draft(self.page.store, "sheet")  # the record is saved as it is shown: no draft
        return update | Update(text={"sheet-save-status": f"Undone: {undone}."},
                               html={"sheet-state-result": render_working(f"Undone: {undone}", ())})

    def on_export(self, values: Mapping[str, str]) -> Update:
        """The record as a JSON file, named after the adventurer."""
        assert self.page.adventurer is not None
        name = (self.page.adventurer.name or "adventurer").strip().replace(" ", "-")[:40] or "adventurer"
        return Update(download=(f"{name}.json", dump_adventurer(self.page.adventurer).decode()))

    def on_import(self, text: str) -> Update:
        """A file chosen to import: opened as a new, unsaved character; a file that is not a
        record is said so, and what is on the page stays."""
        try:
            adventurer = load_adventurer(text)
        except RecordError as exc:
            return Update(notices={"sheet-import-error": f"import: {exc}"})
        update = Update(notices={"sheet-import-error": ""}) | self.page._opened(adventurer, key=None)
        return update | Update(text={"sheet-save-status": "Imported: save it to keep it on this device."})

    def on_share(self, values: Mapping[str, str]) -> Update:
        """The link to this sheet (it opens read-only)."""
        summary = (self.page.adventurer.name if self.page.adventurer is not None else "") or "an unnamed adventurer"
        return Update(html={"sheet-share-box": share_line("sheet", f"./sheet.html#{self.link()}", SHARE_LABEL, summary=summary)},
                      scroll="sheet-share-box")

    def link(self) -> str:
        """The sheet's share-link fragment."""
        assert self.page.adventurer is not None
        return state.LINK.link(state.to_state(self.page.adventurer))

    def on_print(self, values: Mapping[str, str]) -> Update:
        return Update(print=True)

    def on_new(self, values: Mapping[str, str]) -> Update:
        """A new adventurer: the draft dropped, the page opened afresh."""
        drop_draft(self.page.store, "sheet")
        return Update(navigate="./sheet.html")

    def render_saved(self) -> str:
        """The characters saved on this device by name; a damaged record is listed as damaged,
        kept as it is (the start page exports it)."""
        listing = read_all(self.page.store, "character", load_adventurer)
        rows = [(e.ident, e.value.name or "(no name)") for e in listing.entries]
        rows += [(d.ident, f"(damaged record {d.ident!r}: kept as it is; export it from the start page)")
                 for d in listing.damaged]
        return render_saved_list(sorted(rows, key=lambda row: row[1].lower()))
