"""HTML pieces several pages share: the controls under a result that can be shared."""

from __future__ import annotations

from pyengine.html import Element, el, to_html


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
            el("a", {"id": f"{prefix}-share", "href": href}, label),
            *extra,
            el("span", {"id": f"{prefix}-copy-status", "role": "status"}),
        )
    )
