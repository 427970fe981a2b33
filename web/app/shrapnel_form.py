"""Shrapnel form glue: read the form, call the page's controller, write what it says.

Every decision is :class:`pyengine.pages.shrapnel.ShrapnelPage`'s; this reads fields
(``dom.values``, ``dom.data_of``), calls it and writes its
:class:`~pyengine.pages.view.Update`. Imported by
:mod:`app.shrapnel` once the page is ready (or at once for a link), with the table it
fetched (:func:`begin`).
"""

from __future__ import annotations

from pyscript import fetch, window

from app import dom, start
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.shrapnel import ShrapnelPage
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.tables import load_table

page: ShrapnelPage | None = None


def begin(data: bytes, source: str) -> None:
    """Decodes the page's table (prefetched while Python started) and makes the controller."""
    global page
    with start.measured("table decode"):
        table = load_table(ShrapnelTable, data, source)
    page = ShrapnelPage(table, BrowserStore(window.sessionStorage), store=BrowserStore())


async def list_targets() -> None:
    """The "Target" choices, with the tables the controller asks for (none when no one is saved)."""
    blobs = {t: bytes(await fetch(f"./tables/{t}.msgpack").bytearray()) for t in page.target_tables()}
    dom.apply(page.on_targets(blobs))


def on_target(event) -> None:
    dom.apply(page.on_target(dom.values("shr-form")))


def on_submit(event) -> None:
    event.preventDefault()
    with start.measured("resolve + render"):
        dom.apply(page.on_submit(dom.values("shr-form")))


def on_roll_d100(event) -> None:
    with start.measured("resolve + render"):
        dom.apply(page.on_roll_d100(dom.values("shr-form")))


def on_form_click(event) -> None:
    dom.apply(page.on_form_click(dom.data_of(event)))


async def on_result_click(event) -> None:
    if not await copy_link(event.target):
        dom.apply(page.on_result_click(dom.data_of(event)))


def open_link(event=None) -> None:
    """Opens the result a link carries (at start, and when the fragment changes)."""
    dom.apply(page.open(str(window.location.hash)))
