"""What a page must show after an action: an :class:`Update`, written by the page glue.

A controller never touches the page. It says what changes, by element id, and the glue
(``web/app/dom.py``, :func:`apply`) writes exactly that, in this order: HTML into
containers, elements replaced, values into fields, ticks, texts, errors beside fields, notices, enabled,
hidden and open states, classes and attributes, then the address, a download, the focus, a scroll, printing, leaving.
Anything not named stays as it is: what the user typed is never overwritten unless the
controller names the field.
"""

from __future__ import annotations

import msgspec


class Update(msgspec.Struct, kw_only=True):
    """What to write into the page (every key an element id)."""

    html: dict[str, str] = {}
    """Container id -> its new inner HTML (made by a renderer, every value escaped)."""
    replaced: dict[str, str] = {}
    """Element id -> the HTML that takes the element's own place (its outer HTML), written after
    ``html``: a long list that grows by one item is not drawn again whole (fight mode's log)."""
    values: dict[str, str] = {}
    """Field id -> the text to show in it (a form filled from a link or a record)."""
    checked: dict[str, bool] = {}
    """Checkbox or radio id -> ticked."""
    text: dict[str, str] = {}
    """Element id -> its new text (``textContent``)."""
    errors: dict[str, str] = {}
    """Field id -> the problem to show beside it (its ``<id>-error`` note, ``aria-invalid``);
    ``""`` clears it."""
    notices: dict[str, str] = {}
    """Notice id -> the text to show in it; ``""`` hides it."""
    disabled: dict[str, bool] = {}
    hidden: dict[str, bool] = {}
    opened: dict[str, bool] = {}
    """``<details>`` id -> open."""
    classes: dict[str, dict[str, bool]] = {}
    """Element id -> {CSS class: on or off} (a cell marked in a table, a sheet marked stale)."""
    attributes: dict[str, dict[str, str | None]] = {}
    """Element id -> {attribute: its value, or ``None`` to remove it}."""
    address: str | None = None
    """The page's address now (``#fragment`` or a relative URL), without a new history entry."""
    download: tuple[str, str] | None = None
    """``(file name, text)`` to offer as a file (JSON)."""
    focus: str = ""
    """The element to focus."""
    scroll: str = ""
    """The element to scroll into view, its top at the screen's top: a result drawn out of sight,
    below the form whose button was tapped."""
    print: bool = False
    """Open the browser's print dialog."""
    navigate: str = ""
    """Leave for this relative URL (a new page load)."""

    def __or__(self, other: Update) -> Update:
        """Both updates, ``other`` winning where both name the same element."""
        merged = Update()
        for field in self.__struct_fields__:
            mine, theirs = getattr(self, field), getattr(other, field)
            if field in ("classes", "attributes"):
                both = {ident: {**mine.get(ident, {}), **theirs.get(ident, {})} for ident in {*mine, *theirs}}
                setattr(merged, field, both)
            elif isinstance(mine, dict):
                setattr(merged, field, {**mine, **theirs})
            else:
                default = getattr(merged, field)
                setattr(merged, field, theirs if theirs != default else mine)
        return merged


def errors_cleared(field_ids: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``errors`` clearing each of these fields."""
    return {field: "" for field in field_ids}
