"""The combat page's single exchange: read the fields, ask the controller, write what it says.

Every decision and all the HTML are :class:`pyengine.pages.exchange.ExchangePage`'s; this
reads the exchange's fields (``dom.values``) and writes the controller's updates.
:mod:`app.combat` starts the page and imports this module when it is first needed.
"""

from __future__ import annotations

from app import dom, start
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.exchange import ExchangePage

page: ExchangePage | None = None


def begin(tables, locations) -> None:
    """Makes the controller with the page's tables; the device's saved adventurers are listed."""
    global page
    page = ExchangePage(tables, locations, BrowserStore(), measured=start.measured)
    dom.apply(page.start())


def fields() -> dict[str, str]:
    return dom.values("exchange-mode")


def open_link(fragment: str) -> None:
    dom.apply(page.open(fragment))


def on_att_char(event=None) -> None:
    dom.apply(page.on_att_char(fields()))


def on_def_char(event=None) -> None:
    dom.apply(page.on_def_char(fields()))


def on_form_change(event=None) -> None:
    dom.apply(page.on_form_change(fields()))


def on_odds(event=None) -> None:
    dom.apply(page.on_odds(fields()))


def on_roll(event=None) -> None:
    dom.apply(page.on_roll(fields()))


def on_start(event=None) -> None:
    dom.apply(page.on_start(fields()))


def on_next(event=None) -> None:
    dom.apply(page.on_next(fields()))


def on_typed_key(event) -> None:
    if str(event.key) == "Enter":
        event.preventDefault()
        on_next()


async def on_result_click(event) -> None:
    if not await copy_link(event.target):
        dom.apply(page.on_result_click(dom.data_of(event), fields()))
