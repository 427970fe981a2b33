"""The phone's share sheet beside a share link: the "Share…" button and what the page says
when the sheet cannot open.

The button is in every share line (:func:`pyengine.pages.widgets.share_line`); the page
shows it only where the browser has ``navigator.share`` (the glue marks the page
``can-share``; the stylesheet hides it elsewhere, where "Copy link" does as before).
The glue (``web/app/share_sheet.py``) hands the sheet the link, :data:`TITLE` and the
button's one-line summary.
"""

from __future__ import annotations

from pyengine.html import Element, el

#: The share sheet's title for every link.
TITLE = "Strike Rank"
LABEL = "Share\u2026"
#: What the line's status says when the browser refuses the sheet (a cancelled sheet says nothing).
REFUSED = "This browser could not open the share sheet: use Copy link instead."


def share_sheet_button(prefix: str) -> Element:
    """The "Share…" button of a share line: id ``<prefix>-share-sheet``, ``data-share`` naming the
    link (``<prefix>-share``), ``data-summary`` naming the element whose text is the one line
    the sheet carries with it (``<prefix>-summary``, in the line's QR caption: a name typed
    as markup stays text there, never in an attribute)."""
    return el(
        "button",
        {"type": "button", "id": f"{prefix}-share-sheet", "class": "share-sheet", "data-share": f"{prefix}-share",
         "data-summary": f"{prefix}-summary"},
        LABEL,
    )
