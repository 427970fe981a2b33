"""The phone's share sheet for a share line's "Share…" button (``pyengine.pages.share_sheet``):
offered only where the browser has ``navigator.share``."""

from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import document, window


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
