"""What a page asks of the device as it starts, before its engine is loaded (light on purpose:
only the library's kinds and drafts): is there anything of its own to show at once?"""

from __future__ import annotations

from pyengine.library.drafts import read_draft
from pyengine.library.kinds import has_records
from pyengine.pages.view import Update
from pyengine.storage.store import Store


def keeps_adventurers(store: Store) -> bool:
    """Whether the device keeps a saved adventurer (the start and combat pages list them)."""
    return has_records(store, "character")


def keeps_work(store: Store, page: str, kind: str) -> bool:
    """Whether the device keeps a record of ``kind`` or ``page``'s draft, to open at once."""
    return has_records(store, kind) or keeps_draft(store, page)


def keeps_draft(store: Store, page: str) -> bool:
    """Whether the device keeps ``page``'s draft (the player's page: the table it was at), to open at once."""
    return read_draft(store, page) is not None


def begin_shown(store: Store) -> Update:
    """The start page's "Where to begin" (``#begin``): shown until the device keeps an adventurer."""
    return Update(hidden={"begin": keeps_adventurers(store)})


def join_address(fragment: str) -> str:
    """Where a page sends a live table's join code in its address (``#join=…``): the player's page, with the
    same fragment (join links of the first version named ``combat.html``); ``""``: not a join code."""
    return f"./player.html{fragment}" if fragment.startswith("#join=") else ""
