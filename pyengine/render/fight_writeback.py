"""Fight mode's "Write the results to the sheets" card (``fw-out``) as HTML text: the plan with
"Confirm" and "Cancel", what was written with "Undo", and what was said."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from pyengine.html import el, to_html

if TYPE_CHECKING:  # the plan's type only: drawing "Undo" after a reload needs none of the campaign rules
    from pyengine.runequest.campaign.writeback import WriteBack


class Planned(Protocol):
    """A plan as the card shows it."""

    @property
    def plan(self) -> WriteBack: ...
    @property
    def left_out(self) -> Sequence[str]: ...


class WrittenBack(Protocol):
    """What "Confirm" wrote, as the card shows it."""

    @property
    def label(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def records(self) -> Sequence[tuple[str, str, str]]: ...


def plan_html(pending: Planned) -> str:
    """Per saved adventurer, what will change; those not written; "Confirm" and "Cancel"."""
    plan = pending.plan
    box = el("div", {"class": "fw-plan", "id": "fw-plan-box"},
             el("p", None, f"Up to round {plan.round}, this is what the fight writes to the sheets. "
                           "Nothing is written until you confirm."))
    ul = el("ul", {"class": "fw-list"})
    for p in plan.plans:
        li = el("li", {"class": "fw-who", "data-name": p.name, "data-character": p.character},
                el("strong", None, p.name), ": ")
        changes = el("ul", {"class": "fw-changes"})
        for step in p.changes:
            changes.append(el("li", None, step.text))
        li.append(changes)
        ul.append(li)
    for line in pending.left_out:
        ul.append(el("li", {"class": "fw-left-out"}, line))
    box.append(ul)
    writes = any(not p.written for p in plan.plans)
    actions = el("div", {"class": "actions"})
    if writes:
        actions.append(el("button", {"type": "button", "id": "fw-confirm", "class": "primary"}, "Confirm: write them"))
    actions.append(el("button", {"type": "button", "id": "fw-cancel"}, "Cancel" if writes else "Close"))
    box.append(actions)
    return to_html(box)


def written_html(written: WrittenBack, note: str = "") -> str:
    """What was written, and "Undo"."""
    names = ", ".join(name for _, name, _ in written.records) or "nobody"
    box = el("div", {"class": "fw-done", "id": "fw-done"},
             el("p", {"class": "notice", "role": "status"},
                f"Written to the sheets of {names} (fight '{written.label}', round {written.round})."))
    if note:
        box.append(el("p", {"class": "notice"}, note))
    if written.records:
        box.append(el("div", {"class": "actions"},
                      el("button", {"type": "button", "id": "fw-undo"}, "Undo: put the sheets back as they were")))
    return to_html(box)


def said_html(text: str) -> str:
    """What the card says instead (nothing written, undone, refused)."""
    return to_html(el("p", {"class": "notice", "role": "status", "id": "fw-said"}, text))
