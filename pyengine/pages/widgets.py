"""HTML pieces several pages share: the controls under a result that can be shared, an export as a link."""

from __future__ import annotations

import base64

from pyengine.html import Element, el, to_html
from pyengine.pages.share_sheet import share_sheet_button


def share_line(prefix: str, href: str, label: str, *extra: Element) -> str:
    """The controls under a shareable result: Copy link, the link itself, any extra controls.

    Ids: ``<prefix>-copy`` (the button, ``data-copy`` names the link), ``<prefix>-share``
    (the link), ``<prefix>-copy-status``. The glue's ``dom.copy_link`` handles the button
    (the clipboard is the browser's).
    """
    return to_html(
        el(
            "p", {"class": "share-line"},
            el("button", {"type": "button", "id": f"{prefix}-copy", "data-copy": f"{prefix}-share"}, "Copy link"),
            share_sheet_button(prefix, label),
            el("a", {"id": f"{prefix}-share", "href": href}, label),
            *extra,
            el("span", {"id": f"{prefix}-copy-status", "role": "status"}),
        )
    )


def data_url(data: bytes, mime: str = "application/json") -> str:
    """``data`` as a ``data:`` URL, for a link that downloads it (an export); base64, so
    the file is exactly these bytes."""
    return f"data:{mime};charset=utf-8;base64,{base64.b64encode(data).decode('ascii')}"
