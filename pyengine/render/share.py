"""The controls under a result that can be shared: Copy link, "Share…", the link, Show as QR
code, and the box its code is drawn in (ids and their meaning: :func:`share_line`)."""

from __future__ import annotations

from pyengine.html import Element, el, to_html

#: What each share line's link is (by its prefix), as the caption under its QR code says it.
KIND_NAMES = {"sheet": "Adventurer sheet", "cx": "Exchange", "shr": "Shrapnel result", "dice": "Dice roll",
              "fl": "Fight", "fn": "Fight, the situation now", "gear": "Gear"}
QR_SHOW = "Show as QR code"
#: The share sheet's button (shown only where the browser has ``navigator.share``).
SHARE_SHEET_LABEL = "Share\u2026"


def share_sheet_button(prefix: str) -> Element:
    """The "Share…" button of a share line: id ``<prefix>-share-sheet``, ``data-share`` naming the
    link (``<prefix>-share``), ``data-summary`` naming the element whose text is the one line
    the sheet carries with it (``<prefix>-summary``, in the line's QR caption: a name typed
    as markup stays text there, never in an attribute)."""
    return el(
        "button",
        {"type": "button", "id": f"{prefix}-share-sheet", "class": "share-sheet", "data-share": f"{prefix}-share",
         "data-summary": f"{prefix}-summary"},
        SHARE_SHEET_LABEL,
    )


def share_line(prefix: str, href: str, label: str, *extra: Element, summary: str = "", carries: str = "") -> str:
    """The controls under a shareable result: Copy link, the link itself, Show as QR code,
    any extra controls; ``carries``, if given, a line under them that says what the link carries
    (``<prefix>-carries``); then the (hidden) box its QR code is drawn in, captioned with what
    the link is (its kind and ``summary``, one line).

    Ids: ``<prefix>-copy`` (the button, ``data-copy`` names the link), ``<prefix>-share``
    (the link), ``<prefix>-qr-show`` (``data-qr`` names the link), ``<prefix>-qr`` (the
    box), ``<prefix>-qr-code`` (where the code goes), ``<prefix>-copy-status``. The glue's
    ``dom.copy_link`` handles both buttons (the clipboard is the browser's; the code is
    :func:`pyengine.pages.widgets.qr_update`'s).
    """
    kind = KIND_NAMES.get(prefix, "Link")
    # Its text is also what the share sheet carries (pyengine.pages.share_sheet).
    said = el("span", {"id": f"{prefix}-summary"}, el("strong", None, kind), f": {summary}" if summary else "")
    caption = el("figcaption", None, said, el("br"), el("small", {"id": f"{prefix}-qr-version"}))
    line = to_html(
        el(
            "p", {"class": "share-line"},
            el("button", {"type": "button", "id": f"{prefix}-copy", "data-copy": f"{prefix}-share"}, "Copy link"),
            share_sheet_button(prefix),
            el("a", {"id": f"{prefix}-share", "href": href}, label),
            el("button", {"type": "button", "id": f"{prefix}-qr-show", "data-qr": f"{prefix}-share",
                          "aria-expanded": "false", "aria-controls": f"{prefix}-qr"}, QR_SHOW),
            *extra,
            el("span", {"id": f"{prefix}-copy-status", "role": "status"}),
        )
    )
    if carries:
        line += to_html(el("p", {"class": "help share-carries", "id": f"{prefix}-carries"}, carries))
    return line + to_html(el("figure", {"id": f"{prefix}-qr", "class": "qr-box", "hidden": ""},
                             el("div", {"id": f"{prefix}-qr-code", "class": "qr-code-box"}), caption))


def qr_refused(message: str) -> str:
    """Why a link cannot be drawn as a QR code, where its code would be."""
    return to_html(el("p", {"class": "qr-error", "role": "alert"}, message))
