"""How the gear page's list leaves the page and comes back: saved on this device
(``strike-rank/gear/<name>``, docs/formats.md) under a name (never over a damaged record) and
opened again, exported and imported as a file, and shared as a link. Records are read and
written through :mod:`pyengine.library`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyengine.errors import RulesError, StorageError
from pyengine.gear import render
from pyengine.gear.state import LINK, check_record_name, read_record, to_record, to_state
from pyengine.library.kinds import PREFIXES, ident_of
from pyengine.library.records import put_record, read_all, record_text
from pyengine.pages.view import Update
from pyengine.render.share import share_line

PAGE = "./gear.html"

def record_key(name: str) -> str:
    """Where a record is kept on the device: ``strike-rank/gear/<name>``."""
    return PREFIXES["gear"] + name


_SAVED = "saved gear list"


def _read_saved(text: str):
    """A saved gear list, as the list of saved ones reads it."""
    return read_record(text, _SAVED)


def _why_damaged(key: str, reason: str) -> str:
    """Why a saved gear list does not read, naming it by its key (``record 'strike-rank/gear/…': …``)."""
    return f"record {key!r}" + reason.removeprefix(_SAVED) if reason.startswith(_SAVED) else reason


class GearRecords:
    """The gear page's (``page``) saved lists, files and link: the actions on them, and the list."""

    def __init__(self, page: Any) -> None:
        self.page = page
        """The :class:`GearPage` this is a part of (not imported here: the page imports its parts)."""
        self.form = page.form

    def save(self, values: Mapping[str, str]) -> None:
        """Saves the page's inputs on the device under the name typed; never over a damaged
        record; a full storage says so and keeps what was there."""
        self.form.say(Update(errors={"gear-save-name": ""}))
        try:
            name = check_record_name(self.form.field("gear-save-name"))
        except RulesError as exc:
            return self.form.error("gear-save-name", str(exc))
        state = self.form.current_state(show=True)
        if state is None:
            return self.form.error("gear-save-name", "Save: the list has fields to fix first (marked above); nothing was saved")
        existing = record_text(self.page.store, "gear", name)
        if existing is not None:
            try:
                read_record(existing)
            except RulesError:
                return self.form.error(
                    "gear-save-name",
                    f"Save as {name!r}: a damaged record is stored under that name and is kept as it is; "
                    "save under another name",
                )
        try:
            text = to_record(name, state)
        except RulesError as exc:
            return self.form.error("gear-save-name", str(exc))
        try:
            put_record(self.page.store, "gear", name, text)
        except StorageError as exc:
            return self.form.error("gear-save-name", f"Save as {name!r}: {exc}")
        self.form.status(f"Saved as {name!r} on this device.")
        self.list_saved()

    def open_saved(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """A saved record's Open (``data-open``: its key)."""
        key = data.get("open", "")
        name = ident_of(key, "gear")
        if name is None:
            return
        try:
            record = read_record(record_text(self.page.store, "gear", name) or "", f"record {key!r}")
        except RulesError as exc:
            return self.form.status(str(exc))
        self.form.say(Update(values={"gear-save-name": record.name}))
        self.form.fields["gear-save-name"] = record.name
        self.page._open_state(record.state)
        self.page._keep_draft()
        self.form.status(f"Opened {record.name!r}.")

    def export(self, values: Mapping[str, str]) -> None:
        """The page's inputs as a file (``<name>.gear.json``, the stored record's text)."""
        self.form.say(Update(errors={"gear-save-name": ""}))
        state = self.form.current_state(show=True)
        if state is None:
            return self.form.error("gear-save-name", "Export: the list has fields to fix first (marked above)")
        name = self.form.field("gear-save-name").strip() or "equipment"
        try:
            text = to_record(name, state)
        except RulesError as exc:
            return self.form.error("gear-save-name", str(exc))
        self.form.say(Update(download=(f"{name}.gear.json", text)))
        self.form.status(f"Exported {name}.gear.json.")

    def import_file(self, file_name: str, text: str, values: Mapping[str, str]) -> None:
        """A file chosen to import (its name and text): its inputs fill the page, not yet saved."""
        self.form.say(Update(errors={"gear-import": ""}))
        try:
            record = read_record(text, f"file {file_name!r}")
        except RulesError as exc:
            return self.form.error("gear-import", str(exc))
        self.form.say(Update(values={"gear-save-name": record.name}))
        self.form.fields["gear-save-name"] = record.name
        self.page._open_state(record.state)
        self.page._keep_draft()
        self.form.status(f"Imported {record.name!r} from {file_name!r}; save it to keep it on this device.")

    def saved(self) -> list[tuple[str, str, str | None]]:
        """The records on the device, by name: (key, name, what is wrong with it or None)."""
        listing = read_all(self.page.store, "gear", _read_saved)
        records = [(e.key, e.value.name, None) for e in listing.entries]
        records += [(d.key, d.ident, _why_damaged(d.key, d.reason)) for d in listing.damaged]
        return sorted(records, key=lambda r: r[1].lower())

    def list_saved(self) -> None:
        self.form.say(Update(html={"gear-saved": render.render_saved(self.saved())}))

    def share(self) -> None:
        state = self.form.current_state()
        if state is None:
            return
        try:
            link = LINK.link(to_state(state))
        except RulesError as exc:  # too big for a link: said where the link would be
            self.form.say(Update(html={"gear-share-box": render.render_share_error(str(exc))}))
            return
        share = share_line("gear", f"{PAGE}#{link}", "Link to these inputs and results", summary="these inputs and results")
        self.page.address = f"#{link}"
        self.form.say(Update(html={"gear-share-box": share}, address=self.page.address))

    def open_link(self, fragment: str) -> None:
        if len(fragment) <= 1:
            return
        self.form.say(Update(notices={"gear-link-error": ""}))
        try:
            state = LINK.open(fragment)
        except RulesError as exc:
            self.form.say(Update(notices={"gear-link-error": str(exc)}))
            return
        self.page.address = fragment
        self.page._open_state(state)
