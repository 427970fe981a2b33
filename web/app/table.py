"""Fight mode's live table glue: the panel's buttons to :class:`pyengine.pages.fight.table_panel.TablePanel`,
one ``web/static/peer.js`` connection per player (numbered by the panel), bytes between them and Python,
and the answer scanner's camera (``scan.js``). After every action of fight mode, :func:`after_action`
sends what the table now shows (``app.fight`` calls it).
"""

from __future__ import annotations

import asyncio
import os

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import window

from app import dom, scan
from app.share_sheet import load_qr_encoder

panel = None  # the TablePanel, made on the first "Table"
peers = {}  # channel -> its peer.js connection
kept = []  # the proxies peer.js calls, kept alive while it may
camera_calls = ()  # the proxies scan.js calls with each code read and with a camera error


async def on_show(page) -> None:
    global panel
    if panel is None:
        from pyengine.pages.fight.table_panel import TablePanel

        panel = TablePanel(page, lambda: float(window.performance.now()) / 1000, os.urandom, str(window.location.href))
    await load_qr_encoder()  # the codes are drawn by segno, installed on demand
    update, out, channel = panel.on_show()
    dom.apply(update)
    send(out)
    await make_code(channel)


async def make_code(channel: int) -> None:
    """A connection for ``channel``: its offer, made into the join code the panel shows (no WebRTC: codes alone)."""
    if not channel:
        return
    if not hasattr(window, "RTCPeerConnection") or not hasattr(window, "strikeRankPeer") and not await scan.load_script("./peer.js", module=True):
        dom.apply(panel.offer_made(channel, ""))
        return
    events = create_proxy(lambda kind, detail: on_event(channel, str(kind), detail))
    kept.append(events)
    peers[channel] = window.strikeRankPeer.open(events)
    dom.apply(panel.offer_made(channel, str(await peers[channel].offer())))


def on_event(channel: int, kind: str, detail) -> None:
    if kind == "open":
        dom.apply(panel.opened(channel))
    elif kind == "message" and not isinstance(detail, str):
        draw_and_send(panel.received(channel, detail.to_bytes()))
    elif kind == "close" or (kind == "state" and str(detail) in ("failed", "closed")):
        if peers.pop(channel, None) is not None:
            draw_and_send(panel.dropped(channel))


def draw_and_send(said) -> None:
    """What a panel action returns, an (Update, Out): drawn, then sent."""
    update, out = said
    dom.apply(update)
    send(out)


def send(out) -> None:
    """The frames to each channel; the channels to close, closed once their last frame is on its way."""
    for frame in out.sends:
        peer = peers.get(frame.peer)
        if peer is not None and str(peer.state().channel) == "open":
            peer.send(to_js(frame.data))
    let_go(out.closed)


def let_go(channels) -> None:
    for channel in channels:
        peer = peers.pop(channel, None)
        if peer is not None:
            window.setTimeout(create_once_callable(peer.close), 1000)


def after_action() -> None:
    """After any action of fight mode: what the table shows, sent (nothing while it is closed)."""
    if panel is not None and panel.is_open:
        draw_and_send(panel.after_action())


async def on_next(event) -> None:
    update, channel, stale = panel.on_next()
    dom.apply(update)
    let_go(stale)
    await make_code(channel)


async def accept(answered) -> None:
    update, channel, description = answered
    dom.apply(update)
    if channel and channel in peers:
        stop_camera()
        await peers[channel].accept(description)


async def on_scan(event) -> None:
    camera = await scan.load_camera()
    if camera is None:
        dom.apply(panel.on_scan(False, "reader"))
        return
    global camera_calls
    if not camera_calls:
        camera_calls = (
            create_proxy(on_code),
            create_proxy(lambda name: dom.apply(panel.on_scan(False, str(name)))),
        )
    dom.apply(panel.on_scan(True))
    camera.start(dom.element("lt-video"), *camera_calls)


def on_code(text) -> None:
    """A code the panel's camera read: a player's code (by codes alone), else his answer code."""
    said = panel.codes.on_code(str(text))
    if said is None:
        asyncio.ensure_future(accept(panel.on_answer(str(text))))
    else:
        draw_and_send(said)


def stop_camera(event=None) -> None:
    if scan.camera is not None:
        scan.camera.stop()
    dom.apply(panel.on_scan(False))


def on_close(event) -> None:
    stop_camera()
    draw_and_send(panel.on_close())


def panel_call(method):
    """A listener calling ``panel.method(...)`` and sending what it says."""

    def call(event) -> None:
        if method == "on_click":
            draw_and_send(panel.on_click(dom.data_of(event)))
        elif method == "on_change":
            draw_and_send(panel.on_change(dom.data_of(event), bool(event.target.checked)))
        else:
            draw_and_send(getattr(panel, method)())

    return create_proxy(call)


def listen(page) -> None:
    """The bar's "Table" and the panel's controls."""
    dom.element("fd-table").addEventListener("click", create_proxy(lambda event: asyncio.ensure_future(on_show(page))))
    for ident, kind, handler in (
        ("lt-hide", "click", create_proxy(lambda event: dom.apply(panel.on_hide()))),
        ("lt-next", "click", create_proxy(lambda event: asyncio.ensure_future(on_next(event)))),
        ("lt-scan", "click", create_proxy(lambda event: asyncio.ensure_future(on_scan(event)))),
        ("lt-scan-stop", "click", create_proxy(stop_camera)),
        ("lt-use", "click", create_proxy(lambda event: asyncio.ensure_future(accept(panel.on_typed(dom.values("lt-panel")))))),
        ("lt-seats", "click", panel_call("on_click")),
        ("lt-seats", "change", panel_call("on_change")),
        ("lt-offer", "click", panel_call("on_offer")),
        ("lt-fight", "click", create_proxy(lambda event: draw_and_send(panel.codes.on_situation()))),
        ("lt-close", "click", create_proxy(on_close)),
    ):
        dom.element(ident).addEventListener(kind, handler)
    dom.element("fd-table").disabled = False
