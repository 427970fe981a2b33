"""Sheet form glue: the page's fields and clicks to its controller, and back.

:class:`pyengine.pages.sheet.SheetPage` decides everything (the record, the sheet, the
draft, storage, files, links); this reads the fields (:func:`fields`) and the clicked
element (``dom.data_of``), calls it, and writes the :class:`~pyengine.pages.view.Update`
it returns (``dom.apply``). Imported by :mod:`app.sheet`, which calls :func:`begin` once
(before the page is ready when there is a sheet to show, otherwise just after).
"""

from __future__ import annotations

import asyncio

from pyscript import fetch, window

from app import dom, start
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.sheet import SheetPage
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables

controller: SheetPage | None = None


def fields() -> dict[str, str]:
    """What every field of the page holds (the record's, the pickers', the experience boxes, the kit's choices on the sheet)."""
    return dom.values("sheet-form", "sheet-form-gear", "sheet-advance", "sheet-now", "sheet-view")


def on_input(event) -> None:
    dom.apply(controller.on_input(fields()))


async def on_click(event) -> None:
    if await copy_link(event.target):
        return
    dom.apply(controller.on_click(dom.data_of(event), fields()))


async def on_import(event) -> None:
    files = event.target.files
    if not files.length:
        return
    text = str(await files.item(0).text())
    event.target.value = ""  # the same file can be chosen again
    dom.apply(controller.on_import(text))


async def load_tables() -> RuneQuestTables:
    async def one(table_id: str) -> tuple[str, bytes]:
        data = await fetch(f"./tables/{table_id}.msgpack").bytearray()
        return table_id, bytes(data)

    blobs = dict(await asyncio.gather(*(one(t) for t in TABLE_IDS)))
    with start.measured("table decode"):
        return RuneQuestTables.from_msgpack(blobs)


async def begin() -> None:
    """Decodes the tables (prefetched while Python started), then opens what the address,
    the draft or the typed fields ask for."""
    global controller
    controller = SheetPage(await load_tables(), BrowserStore(), measure=start.measured, now=dom.now)
    wanted = window.URLSearchParams.new(window.location.search).get("open")
    dom.apply(controller.open(str(window.location.hash), None if dom.missing(wanted) else str(wanted), fields()))
