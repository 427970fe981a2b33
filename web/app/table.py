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
    wire(panel.on_show())
    await load_qr_encoder()  # the codes are drawn by segno, installed on demand
    dom.apply(panel.site_drawn())


def open_peer(channel: int):
    """A peer.js connection for ``channel``, its events to the panel."""
    events = create_proxy(lambda kind, detail: on_event(channel, str(kind), detail))
    kept.append(events)
    peers[channel] = window.strikeRankPeer.open(events)
    return peers[channel]


async def make_code(channel: int) -> None:
    """A connection for ``channel``: its offer, made into the join code the panel shows (no WebRTC: codes alone)."""
    if channel:
        offer = str(await open_peer(channel).offer()) if await scan.load_peer() else ""
        await load_qr_encoder()
        dom.apply(panel.offer_made(channel, offer))


async def make_spare(spare) -> None:
    """A seat's spare connection: its offer made, the answer from the player's ticket set, the offer sent."""
    peer = open_peer(spare.channel)
    offer = str(await peer.offer())
    await peer.accept(spare.answer)
    wire(panel.spare_made(spare.seat, spare.channel, offer))


def on_event(channel: int, kind: str, detail) -> None:
    wire(panel.on_event(channel, kind, detail.to_bytes() if kind == "message" and not isinstance(detail, str) else str(detail)))


def wire(said) -> None:
    """What the panel said (a PanelWire): drawn, sent, the camera stopped, spares and join codes made, an answer given."""
    dom.apply(said.update)
    send(said.out)
    if said.camera_off and scan.camera is not None:
        scan.camera.stop()
    for spare in said.spares:
        asyncio.ensure_future(make_spare(spare))
    if said.accept and said.accept[0] in peers:
        stop_camera()
        asyncio.ensure_future(peers[said.accept[0]].accept(said.accept[1]))
    asyncio.ensure_future(make_code(said.make))


def send(out) -> None:
    """The frames to each channel; the channels to close, closed once their last frame is on its way."""
    for frame in out.sends:
        peer = peers.get(frame.peer)
        if peer is not None and str(peer.state().channel) == "open":
            peer.send(to_js(frame.data))
    for channel in out.closed:
        peer = peers.pop(channel, None)
        if peer is not None:
            window.setTimeout(create_once_callable(peer.close), 1000)


def after_action() -> None:
    """After any action of fight mode: what the table shows, sent (nothing while it is closed)."""
    if panel is not None and panel.is_open:
        wire(panel.after_action())


async def on_scan(event) -> None:
    camera = await scan.load_camera()
    if camera is None:
        dom.apply(panel.on_scan(False, "reader"))
        return
    global camera_calls
    if not camera_calls:
        camera_calls = (
            create_proxy(lambda text: wire(panel.on_code_read(str(text)))),
            create_proxy(lambda name: dom.apply(panel.on_scan(False, str(name)))),
        )
    dom.apply(panel.on_scan(True))
    camera.start(dom.element("lt-video"), *camera_calls)


def stop_camera(event=None) -> None:
    if scan.camera is not None:
        scan.camera.stop()
    dom.apply(panel.on_scan(False))


def control(ident: str, kind: str):
    """A listener telling the panel of its control's event, and doing what it says."""

    def call(event) -> None:
        data, ticked = dom.data_of(event), bool(getattr(event.target, "checked", False))
        wire(panel.on_control(ident, kind, data, dom.values("lt-panel"), ticked))

    return create_proxy(call)


def listen(page) -> None:
    """The bar's "Table" and the panel's controls."""
    dom.element("fd-table").addEventListener("click", create_proxy(lambda event: asyncio.ensure_future(on_show(page))))
    dom.element("lt-scan").addEventListener("click", create_proxy(lambda event: asyncio.ensure_future(on_scan(event))))
    dom.element("lt-scan-stop").addEventListener("click", create_proxy(stop_camera))
    clicked = ("lt-hide", "lt-next", "lt-use", "lt-seats", "lt-offer", "lt-fight", "lt-close")
    for ident, kind in [(i, "click") for i in clicked] + [("lt-seats", "change")]:
        dom.element(ident).addEventListener(kind, control(ident, kind))
    dom.element("fd-table").disabled = False
