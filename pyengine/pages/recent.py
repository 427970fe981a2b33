"""Results read lately, newest first, each a link that reopens it: kept in a
:class:`~pyengine.storage.store.Store` (a tab's ``sessionStorage``) as a JSON list of
``{"label": str, "link": str}`` (docs/formats.md, "Stored records").

Light on purpose (no rule set, no link format, not even :class:`~pyengine.pages.view.Update`
until there is something to list): a page lists its recent results as it starts, before
its engine is loaded (docs/startup.md). Each page's list is made here, so its key, its
address and its length are spelled once.
"""

from __future__ import annotations

import json

from pyengine.errors import StorageError
from pyengine.render.recent import recent_list
from pyengine.storage.keys import SHRAPNEL_RECENT
from pyengine.storage.store import Store


class RecentLinks:
    """The ``limit`` latest results stored under ``key``; ``page`` is the address a link
    opens (``./shrapnel.html``), ``region`` the container the page shows them in.

    What the store holds is read once; a damaged list reads as none (and is replaced by the
    next result). When the store refuses to keep the list, the page still shows it.
    """

    def __init__(self, store: Store, key: str, page: str, *, region: str, limit: int = 12) -> None:
        self.store = store
        self.key = key
        self.page = page
        self.region = region
        """The id of the page's container for the list."""
        self.limit = limit
        self._items: list[tuple[str, str]] | None = None

    def items(self) -> list[tuple[str, str]]:
        """(label, link fragment) for each result, newest first."""
        if self._items is None:
            self._items = self._stored()
        return list(self._items)

    def _stored(self) -> list[tuple[str, str]]:
        try:
            found = json.loads(self.store.get(self.key) or "[]")
        except ValueError:
            return []
        if not isinstance(found, list):
            return []
        return [
            (r["label"], r["link"])
            for r in found
            if isinstance(r, dict) and isinstance(r.get("link"), str) and isinstance(r.get("label"), str)
        ]

    def add(self, label: str, link: str) -> None:
        """Puts a result first (once: an older entry with the same link goes), keeps ``limit``."""
        items = [(label, link), *((lb, ln) for lb, ln in self.items() if ln != link)][: self.limit]
        self._items = items
        try:
            self.store.put(self.key, json.dumps([{"label": lb, "link": ln} for lb, ln in items]))
        except StorageError:  # storage full or refused: the list on screen still shows it
            pass

    def render(self) -> str:
        """The list as ``ol.recent`` of links; ``""`` when there is none (the page keeps what it says then)."""
        return recent_list(self.page, self.items())

    def update(self):
        """What the page shows for the list: ``html`` for ``region`` when there is a list
        (an :class:`~pyengine.pages.view.Update`)."""
        from pyengine.pages.view import Update  # only with something to list

        html = self.render()
        return Update(html={self.region: html} if html else {})


def shrapnel_results(store: Store) -> RecentLinks:
    """The shrapnel page's recent results (``store``: the tab's ``sessionStorage``): the 12
    latest, in ``#shr-recent``."""
    return RecentLinks(store, SHRAPNEL_RECENT, "./shrapnel.html", region="shr-recent", limit=12)
