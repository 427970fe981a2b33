"""A share line's buttons (``pyengine.render.share.share_line``): Copy link, Show as QR code
(its encoder loaded when a code is first asked for), and "Share…", the phone's share sheet
(``pyengine.pages.share_sheet``), offered only where the browser has ``navigator.share``."""

from __future__ import annotations

import asyncio

from pyodide.ffi import to_js
from pyscript import document, window

from app.dom import apply, data_of_element, element, missing


def offer() -> None:
    """Marks the page ``can-share`` where the browser has a share sheet (the stylesheet then shows the buttons)."""
    document.documentElement.classList.toggle("can-share", hasattr(window.navigator, "share"))


async def share(button) -> bool:
    """Opens the share sheet for the link a Share button names; False when ``button`` is not one."""
    if not button.hasAttribute("data-share"):
        return False
    target = button.getAttribute("data-share")
    from pyengine.pages.share_sheet import REFUSED, TITLE

    summary = document.getElementById(str(button.getAttribute("data-summary") or ""))
    text = str(summary.textContent) if summary is not None else ""
    data = {"title": TITLE, "text": text, "url": str(document.getElementById(str(target)).href)}
    status = document.getElementById(str(button.id).removesuffix("-share-sheet") + "-copy-status")
    try:
        await window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
    except Exception as exc:  # the sheet is the browser's: a person who cancels it is told nothing
        if "AbortError" not in str(exc) and status is not None:
            status.textContent = REFUSED
    return True


qr_encoder = None  # loading the vendored QR encoder: begun when a code is first asked for


async def _install_qr_encoder() -> None:
    import pyodide_js
    from js import strikeRankStdlib

    # On a page restored from the snapshot, what segno imports of the standard library (gzip, xml.sax) is
    # zeros until the page has read the trimmed zip (strike_rank_stdlib), which it does once prepared.
    await strikeRankStdlib.fillTrimmed()
    await pyodide_js.loadPackage("segno")


def load_qr_encoder():
    """Installs segno (once) from the site's own lock file: vendored, cached by the service
    worker, checked by its sha256; the awaitable that is done when it is."""
    global qr_encoder
    if qr_encoder is None:
        qr_encoder = asyncio.ensure_future(_install_qr_encoder())
    return qr_encoder


async def copy_link(button) -> bool:
    """Handles a share line's buttons: copies the link Copy link names, or shows (hides) the
    QR code of the link Show as QR code names (``widgets.qr_update``, once the encoder is
    loaded); False when ``button`` is neither.

    Where the browser refuses the clipboard, says how to copy the link by hand.
    """
    if not missing(button.getAttribute("data-qr")):
        await load_qr_encoder()
        from pyengine.pages.widgets import qr_update

        apply(qr_update(data_of_element(button), str(element(str(button.getAttribute("data-qr"))).href)))
        return True
    target = button.getAttribute("data-copy")
    if missing(target):
        return await share(button)
    status = element(f"{button.id}-status")
    try:
        await window.navigator.clipboard.writeText(str(element(str(target)).href))
        status.textContent = "Copied."
    except Exception:  # the clipboard is the browser's to refuse
        status.textContent = "This browser refused the clipboard: long-press or right-click the link to copy it."
    return True
