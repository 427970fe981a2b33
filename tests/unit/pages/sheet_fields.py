"""The sheet page's fields with an adventurer typed in, and its controller on a store in memory,
for the tests of the sheet page (pyengine.pages.sheet)."""

from __future__ import annotations

import re

from pyengine.pages.sheet import SheetPage
from pyengine.storage.store import MemoryStore

# The seed's example: CON 12, SIZ 17, POW 18 -> 15 hit points; 14-15 HP -> chest 6, arms 4.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}
#: What the page's other fields hold as it comes (dom.values of its forms).
PICKERS = {"sheet-weapon": "broadsword", "sheet-hand": "right", "sheet-item": "dagger", "sheet-count": "1",
           "sheet-train-weapon": ""}


def typed(name: str = "Ysolde", scores: dict[str, str] = YSOLDE, **more: str) -> dict[str, str]:
    """The page's fields with an adventurer typed in (``more``: other fields by id, ``_`` for ``-``)."""
    fields = {"sheet-name": name, "sheet-money": "", "sheet-notes": "", **PICKERS}
    fields.update({f"sheet-{key}": value for key, value in scores.items()})
    fields.update({key.replace("_", "-"): value for key, value in more.items()})
    return fields


def numbers(html: str) -> dict[str, str]:
    """Every ``data-field`` value on the sheet, as the browser tests read them."""
    return dict(re.findall(r'data-field="([^"]+)">([^<]*)<', html))


def page_on(tables, store: MemoryStore | None = None, dice=None) -> SheetPage:
    ids = iter(f"{n:012x}" for n in range(1, 1000))
    return SheetPage(tables, store if store is not None else MemoryStore(), dice, new_id=lambda: next(ids))


def opened(tables, store: MemoryStore, **values: str) -> tuple[SheetPage, object]:
    page = page_on(tables, store)
    return page, page.open(values.pop("fragment", ""), values.pop("wanted", None), {**typed("", {}), **values})
