"""A page's recent results (and the start page's latest rolls): a list of links, newest first."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.html import el, to_html


def recent_list(page: str, items: Iterable[tuple[str, str]]) -> str:
    """``ol.recent``: each ``(label, link fragment)`` a link to ``page#fragment``; ``""`` when there is none."""
    rows = [el("li", None, el("a", {"href": f"{page}#{link}"}, label)) for label, link in items]
    if not rows:
        return ""
    return to_html(el("ol", {"class": "recent"}, *rows))
