"""What several pages share about a result that can be shared: its QR code shown and hidden, an
export as a link. The share line itself is drawn by :func:`pyengine.render.share.share_line`
(named here too, where the pages have always found it)."""

from __future__ import annotations

import base64
from collections.abc import Mapping

from pyengine.errors import RulesError
from pyengine.pages.view import Update
from pyengine.render.share import KIND_NAMES, QR_SHOW, qr_refused, share_line

__all__ = ["KIND_NAMES", "QR_HIDE", "QR_SHOW", "data_url", "qr_update", "share_line"]

QR_HIDE = "Hide QR code"


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
    # the QR encoder loads on the first "Show as QR code", not at the page's start
    from pyengine import qr

    kind = KIND_NAMES.get(box.removesuffix("-qr"), "Link")
    try:
        code = qr.encode(url)
    except RulesError as exc:
        return Update(html={f"{box}-code": qr_refused(str(exc))},
                      text={f"{box}-version": ""}, hidden={box: False})
    return Update(
        html={f"{box}-code": qr.svg(code, f"QR code of this link: {kind}")},
        text={f"{box}-version": code.describe(), button: QR_HIDE}, hidden={box: False},
        attributes={button: {"aria-expanded": "true", "data-qr-open": "1"}}, scroll=box)


def data_url(data: bytes, mime: str = "application/json") -> str:
    """``data`` as a ``data:`` URL, for a link that downloads it (an export); base64, so
    the file is exactly these bytes."""
    return f"data:{mime};charset=utf-8;base64,{base64.b64encode(data).decode('ascii')}"
