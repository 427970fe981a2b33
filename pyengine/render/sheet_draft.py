"""The sheet page's question when an adventurer is opened over typing not saved yet
(:mod:`pyengine.pages.sheet_unsaved`)."""

from __future__ import annotations

from pyengine.html import el, to_html


def draft_question(typed_for: str, wanted: str, *, same: bool) -> str:
    """What ``#sheet-draft-ask`` says: whose typing is not saved (``typed_for``, ``""``: a new
    adventurer with no name yet), and its two answers: keep editing it, or open ``wanted`` (the
    adventurer asked for; ``same``: the one the typing is for) and drop it."""
    draft = typed_for or "the new adventurer"
    if same:
        said = f"The changes typed here for {draft} are not saved yet."
        drop = f"Open {wanted} as saved"
    else:
        said = f"What was typed here for {draft} is not saved yet: opening {wanted} would drop it."
        drop = f"Open {wanted}, drop it"
    return to_html(el(
        "div", None,
        el("p", None, said),
        el("div", {"class": "actions"},
           el("button", {"type": "button", "id": "sheet-draft-keep", "class": "primary"}, f"Keep editing {draft}"),
           el("button", {"type": "button", "id": "sheet-draft-open"}, drop)),
    ))
