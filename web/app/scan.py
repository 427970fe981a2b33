"""The start page's scanner glue: the camera (``web/static/scan.js``, loaded when the scanner
first opens) hands each code it reads to the controller (``pyengine.pages.scan``), which says
what is opened, if anything; closing the scanner stops the camera.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from app import dom

scanner = None  # the controller, made when the scanner first opens
camera = None  # scan.js's window.strikeRankScanner, once loaded
callbacks = ()  # the proxies scan.js calls, kept alive while it may


def controller():
    global scanner
    if scanner is None:
        from pyengine.pages.scan import Scanner

        scanner = Scanner(str(window.location.href))
    return scanner


async def load_script(src: str, module: bool = False) -> bool:
    """Loads one of the site's scripts (``scan.js``, ``peer.js``: a module); whether it loaded."""
    loaded = asyncio.get_running_loop().create_future()
    script = document.createElement("script")
    if module:
        script.type = "module"
    script.src = src
    script.onload = create_once_callable(lambda event: loaded.set_result(True))
    script.onerror = create_once_callable(lambda event: loaded.set_result(False))
    document.head.append(script)
    return await loaded


async def load_peer() -> bool:
    """Loads ``peer.js`` (the live table's connections) once; whether it is there (never in a browser without
    WebRTC: the live table then goes by codes alone)."""
    return hasattr(window, "RTCPeerConnection") and (hasattr(window, "strikeRankPeer") or await load_script("./peer.js", module=True))


async def load_camera():
    """Loads ``scan.js`` once; the camera object it makes."""
    global camera
    if camera is None:
        if not await load_script("./scan.js"):
            return None
        camera = window.strikeRankScanner
    return camera


def on_code(text) -> None:
    update = controller().on_code(str(text))
    if update.navigate:  # the camera is let go before the page is left
        camera.stop()
    dom.apply(update)
    if controller().reloads:
        window.location.reload()


def on_camera_error(name) -> None:
    dom.apply(controller().on_camera_error(str(name)))


async def on_open(event) -> None:
    global callbacks
    dom.apply(controller().open())
    got = await load_camera()
    if got is None:
        on_camera_error("reader")
        return
    if not callbacks:
        callbacks = (create_proxy(on_code), create_proxy(on_camera_error))
    got.start(dom.element("scan-video"), *callbacks)


def on_close(event) -> None:
    if camera is not None:
        camera.stop()
    dom.apply(controller().close())


def listen() -> None:
    """The scanner's buttons, then the Scan button enabled."""
    dom.element("scan-open").addEventListener("click", create_proxy(on_open))
    dom.element("scan-close").addEventListener("click", create_proxy(on_close))
    dom.element("scan-open").disabled = False
