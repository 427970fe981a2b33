"""HTML pieces several pages share: the controls under a result that can be shared (a link, its QR code), an export as a link."""

from __future__ import annotations

import base64
from collections.abc import Mapping

from pyengine.errors import RulesError
from pyengine.html import Element, el, to_html
from pyengine.pages.share_sheet import share_sheet_button
from pyengine.pages.view import Update


#: What each share line's link is (by its prefix), as the caption under its QR code says it.
KIND_NAMES = {"sheet": "Adventurer sheet", "cx": "Exchange", "shr": "Shrapnel result", "dice": "Dice roll",
              "fl": "Fight", "fn": "Fight, the situation now", "gear": "Gear"}
QR_SHOW = "Show as QR code"
QR_HIDE = "Hide QR code"


def share_line(prefix: str, href: str, label: str, *extra: Element, summary: str = "") -> str:
    """The controls under a shareable result: Copy link, the link itself, Show as QR code,
    any extra controls; then the (hidden) box its QR code is drawn in, captioned with what
    the link is (its kind and ``summary``, one line).

    Ids: ``<prefix>-copy`` (the button, ``data-copy`` names the link), ``<prefix>-share``
    (the link), ``<prefix>-qr-show`` (``data-qr`` names the link), ``<prefix>-qr`` (the
    box), ``<prefix>-qr-code`` (where the code goes), ``<prefix>-copy-status``. The glue's
    ``dom.copy_link`` handles both buttons (the clipboard is the browser's; the code is
    :func:`qr_update`'s).
    """
    kind = KIND_NAMES.get(prefix, "Link")
    # Its text is also what the share sheet carries (pyengine.pages.share_sheet).
    said = el("span", {"id": f"{prefix}-summary"}, el("strong", None, kind), f": {summary}" if summary else "")
    caption = el("figcaption", None, said, el("br"), el("small", {"id": f"{prefix}-qr-version"}))
    return to_html(
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
    ) + to_html(el("figure", {"id": f"{prefix}-qr", "class": "qr-box", "hidden": ""},
                   el("div", {"id": f"{prefix}-qr-code", "class": "qr-code-box"}), caption))


def qr_update(data: Mapping[str, str], url: str) -> Update:
    """A Show as QR code button clicked: the code for ``url`` (the whole link, origin and
    path included) drawn in its box, its version under it; clicked again, hidden.

    ``data`` is the button's ``data-*`` and ``id`` (``dom.data_of``): ``qr-open`` is ``"1"``
    while its code is shown.
    """
    button = data.get("id", "")
    box = button.removesuffix("-show")
    if data.get("qr-open") == "1":
        return Update(hidden={box: True}, text={button: QR_SHOW},
                      attributes={button: {"aria-expanded": "false", "data-qr-open": None}})
    from pyengine import qr

    kind = KIND_NAMES.get(box.removesuffix("-qr"), "Link")
    try:
        code = qr.encode(url)
    except RulesError as exc:
        return Update(html={f"{box}-code": to_html(el("p", {"class": "qr-error", "role": "alert"}, str(exc)))},
                      text={f"{box}-version": ""}, hidden={box: False})
    return Update(
        html={f"{box}-code": qr.svg(code, f"QR code of this link: {kind}")},
        text={f"{box}-version": code.describe(), button: QR_HIDE}, hidden={box: False},
        attributes={button: {"aria-expanded": "true", "data-qr-open": "1"}}, scroll=box)


def data_url(data: bytes, mime: str = "application/json") -> str:
    """``data`` as a ``data:`` URL, for a link that downloads it (an export); base64, so
    the file is exactly these bytes."""
    return f"data:{mime};charset=utf-8;base64,{base64.b64encode(data).decode('ascii')}"
