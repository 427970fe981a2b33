"""The sheet page's question when an adventurer is opened (``?open=<id>``, from the start page's
list or the sheet's own) while the draft holds typing not saved: for a new adventurer, for
another one, or changes to the same one.

The page keeps one draft (:mod:`pyengine.library.drafts`), so opening an adventurer would write
his over that typing. The page shows the draft again instead and asks: keep editing it, or open
the one asked for and drop it. Asking, rather than keeping the typing aside somewhere, keeps one
draft a page and no new item on the device; the typing stays the draft until the player answers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from pyengine.errors import RecordError
from pyengine.library.drafts import drop_draft, read_draft
from pyengine.library.kinds import ident_of
from pyengine.library.versions import read_versions
from pyengine.pages.view import Update
from pyengine.render.sheet_draft import draft_question
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.store import Store

#: The question's region, and its two answers' buttons.
REGION = "sheet-draft-ask"
KEEP, OPEN = "sheet-draft-keep", "sheet-draft-open"


class Unsaved(NamedTuple):
    """A draft holding typing not saved."""

    name: str
    """The adventurer's name as typed (``""``: none yet)."""
    ident: str | None
    """The saved adventurer it changes (``None``: a new one)."""


def sheet_draft(store: Store) -> tuple[Any, str | None] | None:
    """The sheet's draft as it reads (``None``: there is none) and the saved adventurer it is of
    (``None``: a new one).

    :raises ValueError: its text is not JSON. Its parts are the caller's to check (``KeyError``,
    ``TypeError``, ``AttributeError`` for a damaged one).
    """
    text = read_draft(store, "sheet")
    if not text:
        return None
    draft = json.loads(text)
    key = draft.get("key")
    return draft, ident_of(key, "character") if isinstance(key, str) else None


def unsaved_draft(store: Store) -> Unsaved | None:
    """The sheet's draft, when it holds what is not saved (``None``: no draft, a damaged one, or
    a saved adventurer as he is saved: opening him shows nothing else)."""
    try:
        found = sheet_draft(store)
        if found is None:
            return None
        draft, ident = found
        if "typed" in draft:  # fields that do not make a whole record: never saved as they are
            typed = {field: str(value) for field, value in draft["typed"].items()}
            return Unsaved(typed.get("sheet-name", "").strip(), ident) if any(v.strip() for v in typed.values()) else None
        record = load_adventurer(draft["record"])
        if ident is not None and _was_saved(store, ident, draft["record"], record):
            return None
        return Unsaved(record.name.strip(), ident)
    except (ValueError, KeyError, TypeError, AttributeError):  # a damaged draft: the page starts afresh
        return None


def _was_saved(store: Store, ident: str, text: str, record) -> bool:
    """Whether the draft is a version of the adventurer as it was saved: the page keeps what it
    shows as the draft, so a sheet only looked at, then changed elsewhere (a fight's write-back),
    holds no typing."""
    try:
        versions = read_versions(store, "character", ident)
    except RecordError:
        return False
    texts = [v.text for v in (versions.current, *versions.earlier) if v is not None]
    return text in texts or any(_reads_as(saved) == record for saved in texts)


def _reads_as(text: str):
    try:
        return load_adventurer(text)
    except RecordError:  # a damaged record: the draft is not it
        return None


class Question:
    """The question, asked on the sheet page (``page``) until it is answered."""

    def __init__(self, page: Any) -> None:
        self.page = page
        """The :class:`~pyengine.pages.sheet.SheetPage` this is a part of."""
        self.wanted: str | None = None
        """The id of the adventurer asked for, while the question stands."""

    def ask(self, unsaved: Unsaved, wanted: str, wanted_name: str) -> Update:
        """The question shown over the draft opened again."""
        self.wanted = wanted
        html = draft_question(unsaved.name, wanted_name.strip() or "this adventurer", same=unsaved.ident == wanted)
        return Update(html={REGION: html}, hidden={REGION: False}, scroll=REGION)

    def on_keep(self, values: Mapping[str, str]) -> Update:
        """"Keep editing": the question goes; the address is the draft's own."""
        self.wanted = None
        ident = ident_of(self.page.key, "character") if self.page.key else None
        address = f"./sheet.html?open={ident}" if ident else "./sheet.html"
        return Update(hidden={REGION: True}, html={REGION: ""}, address=address, focus="sheet-name")

    def on_open(self, values: Mapping[str, str]) -> Update:
        """"Open <the other>": the draft dropped, the adventurer asked for opened."""
        if self.wanted is None:
            return Update()
        drop_draft(self.page.store, "sheet")
        return Update(navigate=f"./sheet.html?open={self.wanted}")
