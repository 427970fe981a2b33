"""What a page is being typed into, kept at every change so nothing typed is lost when the
page closes: one plain item per page (no versions), read back when the page opens again.

The pages own what a draft holds (the sheet's record or fields, the gear page's fields, fight
mode's fight); here is only where each is kept. Light on purpose: a page asks whether it has
a draft as it starts, before its engine is loaded.
"""

from __future__ import annotations

from pyengine.storage.keys import FIGHT_DRAFT, GEAR_DRAFT, PLAYER_DRAFT, SHEET_DRAFT, TABLE_DRAFT
from pyengine.storage.store import Store

#: Each page that keeps a draft, and its key.
DRAFTS: dict[str, str] = {"sheet": SHEET_DRAFT, "gear": GEAR_DRAFT, "fight": FIGHT_DRAFT, "player": PLAYER_DRAFT,
                          "table": TABLE_DRAFT}


def read_draft(store: Store, page: str) -> str | None:
    """The draft ``page`` kept (``None``: there is none)."""
    return store.get(DRAFTS[page])


def keep_draft(store: Store, page: str, text: str) -> None:
    """``page``'s draft kept (over the one before).

    :raises StorageError: the device would not keep it (the one before stays).
    """
    store.put(DRAFTS[page], text)


def drop_draft(store: Store, page: str) -> None:
    """``page``'s draft gone (what it held was saved, or taken away)."""
    store.remove(DRAFTS[page])
