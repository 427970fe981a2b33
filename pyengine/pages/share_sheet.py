"""The phone's share sheet beside a share link: the "Share…" button and what the page says
when the sheet cannot open.

The button (:func:`pyengine.render.share.share_sheet_button`) is in every share line
(:func:`pyengine.render.share.share_line`); the page
shows it only where the browser has ``navigator.share`` (the glue marks the page
``can-share``; the stylesheet hides it elsewhere, where "Copy link" does as before).
The glue (``web/app/share_sheet.py``) hands the sheet the link, :data:`TITLE` and the
button's one-line summary.
"""

from __future__ import annotations

from pyengine.render.share import SHARE_SHEET_LABEL as LABEL
from pyengine.render.share import share_sheet_button

__all__ = ["LABEL", "REFUSED", "TITLE", "share_sheet_button"]

#: The share sheet's title for every link.
TITLE = "Strike Rank"
#: What the line's status says when the browser refuses the sheet (a cancelled sheet says nothing).
REFUSED = "This browser could not open the share sheet: use Copy link instead."
