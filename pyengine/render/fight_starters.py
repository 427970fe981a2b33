"""Fight mode's ready opponents as HTML (``ft-starters``): how many, their side, one button per starter,
and what each carries with "Edit a copy"; and what was rolled for those added (``ft-said``).

The build draws it into the page (``$fight_starters``) with the same function, so the buttons are there
before Python is up. Ids: ``ft-n1`` … ``ft-n6`` (how many, ``aria-pressed``), ``ft-side``,
``ft-said``; buttons carry ``data-count``, ``data-starter`` or ``data-edit``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyengine.html import Element, el, to_html
from pyengine.runequest.tables.catalogue import RuneQuestTables

#: How many the chooser offers.
COUNTS = (1, 2, 3, 4, 5, 6)
#: The side ready opponents go on unless the game master types another.
FOES = "Foes"


def count_id(n: int) -> str:
    return f"ft-n{n}"


def _starter_rows(tables: RuneQuestTables) -> Element:
    items = el("ul", {"class": "ft-about-list"})
    for s in tables.starters.starters:
        items.append(el(
            "li", None,
            el("strong", None, s.name), f": {s.about}.", el("br"),
            el("span", {"class": "help"}, f"From the rules: {s.source}."), el("br"),
            el("button", {"type": "button", "class": "ft-edit", "data-edit": s.id},
               f"Edit a copy of a {s.name.lower()}"),
        ))
    return items


def starters_element(tables: RuneQuestTables, count: int = 1, side: str = FOES) -> Element:
    """The ready opponents' box: how many (``count`` pressed), their side, a button per starter, and
    what each carries."""
    counts = el("div", {"class": "ft-counts", "role": "group", "aria-labelledby": "ft-counts-label"},
                el("span", {"id": "ft-counts-label", "class": "ft-label"}, "How many"))
    for n in COUNTS:
        counts.append(el("button", {"type": "button", "id": count_id(n), "class": "ft-count", "data-count": str(n),
                                    "aria-pressed": "true" if n == count else "false"}, str(n)))
    buttons = el("div", {"class": "ft-starter-row", "role": "group", "aria-labelledby": "ft-add-label"},
                 el("span", {"id": "ft-add-label", "class": "ft-label"}, "Add"))
    for s in tables.starters.starters:
        buttons.append(el("button", {"type": "button", "class": "ft-starter primary", "data-starter": s.id}, s.name))
    return el(
        "fieldset", {"class": "ft-starters"},
        el("legend", None, "Ready opponents"),
        el("p", {"class": "help"}, "Humans built by the rules: each one's characteristics rolled (3D6 each), his hit "
           "points and percentages worked out from them. Tap how many, then who."),
        counts,
        el("div", {"class": "field ft-side-field"},
           el("label", {"for": "ft-side"}, "Their side"),
           el("input", {"id": "ft-side", "autocomplete": "off", "maxlength": "30", "value": side,
                        "aria-describedby": "ft-side-error"}),
           el("p", {"id": "ft-side-error", "class": "field-error", "role": "alert", "hidden": ""})),
        buttons,
        el("div", {"id": "ft-said", "class": "ft-said", "role": "status", "aria-live": "polite"}),
        el("details", {"class": "ft-about"},
           el("summary", None, "What each carries, and edit a copy"),
           _starter_rows(tables)),
    )


def starters_html(tables: RuneQuestTables, count: int = 1, side: str = FOES) -> str:
    """``$fight_starters``: the ready opponents' box."""
    return to_html(starters_element(tables, count, side))


def said_html(heading: str, lines: Sequence[str]) -> str:
    """``ft-said``: what was added, and each one's rolls and what they made."""
    if not heading:
        return ""
    return to_html(el("div", None, el("p", {"class": "ft-said-head"}, heading),
                      el("ul", {"class": "ft-rolled"}, *(el("li", None, line) for line in lines)) if lines else None))
