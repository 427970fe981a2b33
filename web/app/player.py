"""The player's page glue (``player.html``): its controls to :class:`pyengine.pages.player_table.PlayerTable`,
the connection to the game master's phone (``web/static/peer.js``) and bytes between it and Python. The join
code's scanner is the app's (:mod:`app.scan`): a join code read opens this page with it in the address.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from app import dom, scan, start
from app.browser_store import BrowserStore
from app.share_sheet import load_qr_encoder

page = None  # the PlayerTable
codes = None  # the PlayerCodes over it (no shared network: the table by codes alone)
peer = None  # the connection to the game master's phone (peer.js), once an answer is made
kept = []  # the proxies peer.js calls, kept alive while it may


async def on_make(event) -> None:
    """ "Make my answer code": this phone's answer to the join code's offer, shown as the answer code."""
    global peer
    await load_qr_encoder()  # the answer code is drawn by segno, installed on demand
    update, offer = page.on_join(dom.values("pl-join"))
    dom.apply(update)
    if not offer or (not hasattr(window, "strikeRankPeer") and not await scan.load_script("./peer.js", module=True)):
        return
    if peer is not None:
        peer.close()
    events = create_proxy(on_event)
    kept.append(events)
    peer = window.strikeRankPeer.open(events)
    dom.apply(page.answer_made(str(await peer.answer(offer))))


def on_event(kind, detail) -> None:
    kind = str(kind)
    if kind == "open":
        update, sends = page.connected()
    elif kind == "message" and not isinstance(detail, str):
        update, sends = page.received(detail.to_bytes())
    elif kind == "close" or (kind == "state" and str(detail) in ("failed", "closed")):
        channel_gone()
        return
    else:
        return
    dom.apply(update)
    send(sends)


def channel_gone() -> None:
    """The channel to the game master's phone is gone (closed, failed): the one place the page learns it.
    The fight kept stays shown and the page says how to come back; reconnecting without a scan hooks here."""
    dom.apply(page.lost())


def send(frames) -> None:
    if peer is not None and str(peer.state().channel) == "open":
        for frame in frames:
            peer.send(to_js(frame))
    else:  # no channel: a statement or a die becomes a code to show the game master
        dom.apply(codes.shown(frames))


async def on_address(event=None) -> None:
    """The page opened or its address changed (a code scanned, or opened from the camera app)."""
    if codes.is_code(str(window.location.hash)):  # the fight's code: read here
        await load_qr_encoder()  # his codes are drawn by segno, installed on demand
        dom.apply(codes.on_link(str(window.location.hash)))
    elif event is not None:
        window.location.reload()  # a join code: read afresh


def on_click(event) -> None:
    button = event.target.closest("button")
    if dom.missing(button):
        return
    update, sends = page.on_click(dom.data_of_element(button), dom.values("pl-acts", "fw-section"))
    dom.apply(update)
    send(sends)


async def setup() -> None:
    global page, codes
    from pyengine.pages.player import PlayerPage
    from pyengine.pages.player_codes import PlayerCodes
    from pyengine.pages.player_table import PlayerTable

    tables, locations = await start.runequest_tables()
    page = PlayerTable(PlayerPage(tables, locations, BrowserStore(), now=dom.now))
    codes = PlayerCodes(page)
    dom.apply(page.open(str(window.location.hash)))
    await on_address()
    for ident, kind, handler in (
        ("pl-make", "click", lambda event: asyncio.ensure_future(on_make(event))),
        ("pl-code-use", "click", lambda event: dom.apply(page.on_typed_code(dom.values("pl-join")))),
        ("pl-hello", "click", lambda event: dom.apply(codes.on_join(dom.values("pl-join")))),
        ("pl-acts", "click", on_click),
        ("fw-section", "click", on_click),
        ("fd-form", "submit", lambda event: event.preventDefault()),
        ("fd-list", "change", lambda event: dom.apply(page.on_form(dom.values(event.target.closest(".fd-who")), str(event.target.id)))),
    ):
        dom.element(ident).addEventListener(kind, create_proxy(handler))
    # a code opened from elsewhere while this page is open (the scanner, the camera app)
    window.addEventListener("hashchange", create_proxy(lambda event: asyncio.ensure_future(on_address(event))))
    scan.listen()
    start.enable("pl-make")


async def main() -> None:
    await start.start_page(setup)
