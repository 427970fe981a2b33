"""The start page's list of the characters saved on this device."""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.html import Element, el, to_html

EMPTY_SAVED = '<p class="empty">No characters are saved on this device yet.</p>'


def saved_row(ident: str, name: str) -> Element:
    """A saved character: a link that opens his sheet."""
    return el("li", None, el("a", {"href": f"./sheet.html?open={ident}"}, name))


def damaged_row(ident: str, key: str, reason: str) -> Element:
    """A record that does not read: kept as it is, said so, and offered for export."""
    return el(
        "li", {"class": "damaged"},
        f"Damaged record {ident!r} ({reason}); it is kept as it is. ",
        el("button", {"type": "button", "data-export-key": key}, "Export it"),
    )


def saved_list(rows: Iterable[Element]) -> str:
    """``ul.saved`` of the rows, in the order given (:data:`EMPTY_SAVED` when there is none)."""
    rows = list(rows)
    if not rows:
        return EMPTY_SAVED
    return to_html(el("ul", {"class": "saved"}, *rows))


def where_to_begin() -> str:
    """The start page's "Where to begin" card (``#begin``), for a device that keeps no adventurer
    yet: the three steps of an evening in order, each a link, and that it all works offline.
    Pre-rendered in the page, so it is right before Python is up."""
    # A line each, so that the one-tap dice below stay on the first screen of a phone.
    steps = (
        (("./sheet.html", "Make an adventurer"), " on the sheet"),
        (("#parties", "Make a party"), " of them, below"),
        (("./combat.html#fight", "Start a fight"), " in fight mode"),
    )
    return to_html(el(
        "section", {"class": "card begin", "id": "begin", "aria-labelledby": "begin-heading"},
        el("h2", {"id": "begin-heading"}, "Where to begin"),
        el("ol", {"class": "begin-steps"},
           *(el("li", None, el("a", {"href": href}, label), rest) for (href, label), rest in steps)),
        el("p", {"class": "help"}, "Everything works offline once opened here; it all stays on this device."),
    ))
