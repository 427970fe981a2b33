"""The player's page glue (``player.html``): its controls to :class:`pyengine.pages.player_table.PlayerTable`,
the connection to the game master's phone (``web/static/peer.js``) and bytes between it and Python. The join
code's scanner is the app's (:mod:`app.scan`): a join code read opens this page with it in the address.
What each event means, and what to ask of peer.js (the way back prepared, kept, tried), is the controller's
(:meth:`PlayerTable.on_event`'s :class:`~pyengine.pages.player_table.Wire`); this does what it says. With no
table kept and no code in the address, the page is ready before its controllers (:data:`engine`)."""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import window

from app import dom, scan, start
from app.browser_store import BrowserStore
from app.share_sheet import load_qr_encoder
from pyengine.pages.at_start import keeps_draft

page = None  # the PlayerTable
codes = None  # the PlayerCodes over it (no shared network: the table by codes alone)
peer = None  # the connection to the game master's phone (peer.js), once an answer is made
kept = []  # the proxies peer.js calls, kept alive while it may
made = 0  # connections made: events of an earlier one are not this page's any more
unsent = None  # while the connection coming back is being made: what was said meanwhile (its channel may open first)


def new_peer(make):
    """A connection made by ``make(onEvent)``, its events to the page (an earlier one's ignored)."""
    global made
    made += 1
    events = create_proxy(lambda kind, detail, number=made: number == made and on_event(str(kind), detail))
    kept.append(events)
    return make(events)


async def on_make(event) -> None:
    """ "Make my answer code": this phone's answer to the join code's offer, shown as the answer code."""
    global peer
    encoder = load_qr_encoder()  # segno draws the answer code: installed on demand, while the answer is made
    update, offer = page.on_join(dom.values("pl-join"))  # says at once that the code is being made
    dom.apply(update)
    if not offer or not await scan.load_peer():
        return
    if peer is not None:
        peer.close()
    peer = new_peer(window.strikeRankPeer.open)
    answer = str(await peer.answer(offer))
    await encoder
    dom.apply(page.answer_made(answer))


def on_event(kind: str, detail) -> None:
    wire(page.on_event(kind, detail.to_bytes() if kind == "message" and not isinstance(detail, str) else str(detail)))


def wire(said) -> None:
    """What the page said: drawn, sent, the connection let go, and what to ask of peer.js."""
    global peer, made
    dom.apply(said.update)
    send(said.sends)
    if said.close:
        made += 1  # the connection let go: its last events are not this page's any more
        if peer is not None:
            peer.close()
        peer = None
    if said.keep or said.prepare or said.rejoin:
        asyncio.ensure_future(ask_peer_js(said))


async def ask_peer_js(said) -> None:
    try:
        if said.keep:
            await window.strikeRankPeer.keepSpare(said.key, said.keep)
        if said.prepare:
            ticket = await window.strikeRankPeer.prepareRejoin(said.key)
            wire(page.on_ticket(str(ticket.fingerprint), str(ticket.ufrag), str(ticket.pwd)))
    except Exception:  # no way back kept on this phone (no IndexedDB): a lost channel falls back to the codes
        pass
    if said.rejoin:
        await rejoin(said.key)


async def rejoin(key: str) -> None:
    """The way back kept tried; ``rejoin-none`` when there is none or it fails, ``rejoin-late`` if it is slow."""
    global peer, unsent
    unsent = []
    try:
        made_now = await new_peer(lambda events: window.strikeRankPeer.rejoin(key, events)) if await scan.load_peer() else None
    except Exception:  # peer.js's own words are not a player's: the page says what to do
        made_now = None
    said, unsent = unsent, None
    if not made_now:
        wire(page.on_event("rejoin-none"))
        return
    peer, number = made_now, made
    send(said)  # the hello, when the channel opened before peer.js handed it over
    later = create_once_callable(lambda: number == made and wire(page.on_event("rejoin-late")))
    window.setTimeout(later, page.wait_ms)


def send(frames) -> None:
    if peer is not None and str(peer.state().channel) == "open":
        for frame in frames:
            peer.send(to_js(frame))
    elif unsent is not None:  # not the page's state: on "open" the page is at the table before peer.js returns
        unsent.extend(frames)
    elif peer is None:  # no channel: a statement or a die becomes a code to show the game master
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


async def load_engine() -> None:
    """The page's controllers, over its tables (prefetched while Python started); then the page opened."""
    global page, codes
    from pyengine.pages.player import PlayerPage
    from pyengine.pages.player_codes import PlayerCodes
    from pyengine.pages.player_table import PlayerTable

    tables, locations = await start.runequest_tables()
    page = PlayerTable(PlayerPage(tables, locations, BrowserStore(), now=dom.now))
    codes = PlayerCodes(page)
    wire(page.open(str(window.location.hash)))
    await on_address()


engine = start.Preparation(load_engine)  # the page as built is its first view: tests/unit/pages/test_at_start.py


async def setup() -> None:
    if len(str(window.location.hash)) > 1 or keeps_draft(BrowserStore(), "player"):
        await engine.begin()
    for ident, kind, handler in (
        ("pl-make", "click", on_make),
        ("pl-code-use", "click", lambda event: dom.apply(page.on_typed_code(dom.values("pl-join")))),
        ("pl-hello", "click", lambda event: dom.apply(codes.on_join(dom.values("pl-join")))),
        ("pl-acts", "click", on_click),
        ("fw-section", "click", on_click),
        ("fd-list", "change", lambda event: dom.apply(page.on_form(dom.values(event.target.closest(".fd-who")), str(event.target.id)))),
    ):
        dom.element(ident).addEventListener(kind, engine.listener(handler))
    dom.element("fd-form").addEventListener("submit", start.prevent_default)
    # a code opened from elsewhere while this page is open (the scanner, the camera app)
    window.addEventListener("hashchange", engine.listener(on_address))
    scan.listen()
    start.enable("pl-make")


async def main() -> None:
    await start.start_page(setup, later=engine)
