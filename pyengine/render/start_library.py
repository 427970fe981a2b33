"""The start page's device library as HTML: the fights kept, the parties and their members'
hit points, what time passing did, the backup file's plan, and this device's storage.

A notice (what an action did) is an :class:`~pyengine.html.Element` the controller keeps until
the card is drawn again; :func:`shown` says whether there is one to draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pyengine.html import Element, Markup, el, to_html

#: The page's words for the three choices over a changed item.
CHOICE_WORDS = {"device": "keep this device's", "file": "take the file's", "both": "keep both"}
STATUS_WORDS = {"new": "new", "same": "the same as here", "changed": "changed"}

#: The most entries a list after an import shows; the rest are counted ("and 2,260 more").
LIST_CUT = 50
#: The most notes after an import shown as paragraphs; more are folded.
NOTES_SHOWN = 5
NOT_RECORDED = "when is not recorded"

Notice = Element | str
"""What an action did, kept to be drawn with its card (``""``: nothing)."""


def when(iso: str) -> str:
    """``2025-03-01 20:41`` (as the device wrote it, UTC)."""
    return iso[:16].replace("T", " ") or "?"


def shown(notice: Element | str | None) -> Element | str | None:
    """A notice to draw, or None (an :class:`Element` without children is still one)."""
    return None if notice is None or (isinstance(notice, str) and not notice) else notice


def button(label: str, **data: str) -> Element:
    """A button whose ``data-*`` say what it does (``undo_delete`` is ``data-undo-delete``)."""
    return el("button", {"type": "button", **{f"data-{k.replace('_', '-')}": v for k, v in data.items()}}, label)


def notice(text: str, *more: Element | str | None, alert: bool = False) -> Element:
    """``p.notice``: what an action did (``alert``: why it was refused)."""
    return el("p", {"class": "notice", "role": "alert" if alert else "status"}, text, *more)


# -- fights -------------------------------------------------------------------------------


def fights_list(listing: Any, said: Element | str) -> str:
    """The fights kept (``listing``: :func:`pyengine.library.list_fights`), each with Resume, its
    link, Export and Delete; damaged ones said so; ``said``: the last action's notice above."""
    rows: list[Element] = []
    for f in listing.entries:
        sides = "; ".join(f"{s.side}: {', '.join(s.names)}" for s in f.sides) or "no one yet"
        rows.append(el(
            "li", {"class": "fight-entry"},
            el("p", {"class": "fight-name"}, el("strong", None, f.name), " (open in fight mode)" if f.current else ""),
            el("p", None, f"{sides}. Round {f.rounds}. Changed {when(f.changed)}."),
            el("p", {"class": "actions"},
               button("Resume", resume=f.ident),
               el("a", {"href": f"./combat.html#{f.link}", "class": "share"}, "Link") if f.link else None,
               button("Export", export=f.ident),
               button("Delete", delete=f.ident)),
        ))
    for d in listing.damaged:
        rows.append(el("li", {"class": "damaged"}, f"Damaged fight {d.ident!r} ({d.reason}); it is kept as it is."))
    body = el("ul", {"class": "fights"}, *rows) if rows else el("p", {"class": "empty"}, "No fights are kept on this device yet.")
    return to_html(el("div", None, shown(said), body))


def deleted(name: str, ident: str) -> Element:
    """A fight deleted, with its Undo."""
    return notice(f"Deleted {name!r}. ", button("Undo", undo_delete=ident))


# -- parties ------------------------------------------------------------------------------


def pick_list(saved: Sequence[tuple[str, str]]) -> str:
    """The saved adventurers ``(id, name)`` to tick for a new party."""
    if not saved:
        return to_html(el("p", {"class": "empty"}, "Save adventurers on the sheet page first; then pick them here."))
    return to_html(el("ul", {"class": "pick"}, *(
        el("li", None, el("label", {"class": "check"}, el("input", {"type": "checkbox", "id": f"party-pick-{i}"}),
                          name)) for i, name in saved)))


def member_changed(name: str, before: str, after: str, steps: Sequence[Any]) -> Element:
    """One member after time passed: his hit points before → after, and how."""
    working = el("details", {"class": "working"}, el("summary", None, "How"),
                 el("ol", None, *(el("li", None, str(s)) for s in steps))) if steps else None
    return el("li", None, el("strong", None, name), f": {before} → {after}", working)


def member_learned(name: str, rolls: int, steps: Sequence[Any]) -> Element:
    """One member at the scenario's end: how many experience checks were rolled, and their working (RQ-134)."""
    said = f"{rolls} experience check{'s' if rolls != 1 else ''} rolled" if rolls else "nothing to roll"
    working = el("details", {"class": "working"}, el("summary", None, "How"),
                 el("ol", None, *(el("li", None, str(s)) for s in steps))) if steps else None
    return el("li", None, el("strong", None, name), f": {said}", working)


def member_not_saved(name: str, why: str) -> Element:
    return el("li", None, el("strong", None, name), f" not saved: {why}")


def time_passed(why: str, ident: str, members: Iterable[Element], undo: bool) -> Element:
    """What time passing did to a party's members (``why``: ``a week passes``), with its Undo."""
    return el(
        "div", {"class": "time-passed", "role": "status"},
        el("p", None, f"{why[0].upper()}{why[1:]}:"), el("ul", None, *members),
        button("Undo", party=ident, do="undo-time") if undo else None,
    )


def party_card(ident: str, party: Any, members: Iterable[tuple[Any, str]], said: Element | str | None) -> str:
    """One party's card: its members (each with his vitals in words) and their Remove buttons,
    its buttons (a fight, a week, the scenario's end, days, rename), its notice."""
    rows = []
    for m, vitals in members:
        if m.status == "ok":
            what: list[Any] = [el("a", {"href": f"./sheet.html?open={m.ident}"}, m.value.name or "(no name)"),
                               ": " + vitals]
        elif m.status == "missing":
            what = [f"{m.ident}: the record is no longer on this device"]
        else:
            what = [f"{m.ident}: the record is damaged ({m.reason})"]
        rows.append(el("li", {"class": f"member {m.status}"}, *what, " ",
                       button("Remove", party=ident, do="remove", member=m.ident)))
    return to_html(el(
        "article", {"class": "party", "id": f"party-{ident}"},
        el("h3", None, party.name),
        el("ul", {"class": "members"}, *rows) if rows else el("p", {"class": "empty"}, "No members."),
        el("p", {"class": "actions"},
           el("button", {"type": "button", "class": "primary", "data-party": ident, "data-do": "fight"},
              "Start a fight with the party"),
           button("A week passes", party=ident, do="week"),
           button("End the scenario", party=ident, do="scenario")),
        el("div", {"class": "field"},
           el("label", {"for": f"party-days-{ident}"}, "Days that pass"),
           el("input", {"id": f"party-days-{ident}", "inputmode": "numeric", "autocomplete": "off"})),
        el("p", {"class": "actions"}, button("Days pass", party=ident, do="days")),
        el("details", {"class": "working"}, el("summary", None, "Rename"),
           el("div", {"class": "field"},
              el("label", {"for": f"party-rename-{ident}"}, "Party name"),
              el("input", {"id": f"party-rename-{ident}", "value": party.name, "autocomplete": "off"})),
           el("p", {"class": "actions"}, button("Rename", party=ident, do="rename"))),
        (el("div", {"class": "party-notice"}, said) if shown(said) is not None else None),
    ))


def parties(cards: Iterable[str], damaged: Iterable[Any]) -> str:
    """The parties' cards (each already drawn), then the damaged parties said so."""
    found: list[Element] = [Markup(card) for card in cards]
    for d in damaged:
        found.append(el("p", {"class": "damaged"}, f"Damaged party {d.ident!r} ({d.reason}); it is kept as it is."))
    if not found:
        return to_html(el("p", {"class": "empty"}, "No parties yet."))
    return to_html(el("div", {"class": "parties"}, *found))


# -- backup -------------------------------------------------------------------------------


def applied(done: Any, failed_names: Sequence[str] = (), failed_counted: str = "") -> Element:
    """What importing a backup did (:class:`pyengine.library.Applied`): what was written, and
    what did not fit counted by kind (``failed_counted``: ``2,290 adventurers and 20 fights``)
    with the first :data:`LIST_CUT` of them named (``failed_names``) in a fold."""
    n = len(done.written)
    lines: list[Element | None] = [el("p", None, f"Imported: {n:,} item{'s' if n != 1 else ''} written.")]
    lines += [el("p", None, f"Kept both: {old} as {new}.") for old, new in done.copies.items()]
    if done.failed:
        lines.append(_did_not_fit(done.failed, failed_names, failed_counted))
    notes = list(done.notes)
    lines += [el("p", None, note) for note in notes[:NOTES_SHOWN]]
    if len(notes) > NOTES_SHOWN:
        rest = len(notes) - NOTES_SHOWN
        lines.append(_fold(f"{rest:,} more note{'s' if rest != 1 else ''}", notes[NOTES_SHOWN:]))
    return el("div", {"role": "status"}, *lines)


def _did_not_fit(failed: Sequence[Any], names: Sequence[str], counted: str) -> Element:
    n = len(failed)
    head = (f"{n:,} record{'s' if n != 1 else ''} did not fit in this browser's storage"
            + (f": {counted}." if counted else "."))
    return el(
        "div", {"class": "did-not-fit"},
        el("p", None, head, " The rest was imported; nothing on this device was lost. Make room (export a backup, "
                            "then delete fights or records you no longer need) and import the file again: what is "
                            "here already is then the same, and what is missing is new."),
        _fold(f"Which did not fit ({n:,})", list(names or (d.key for d in failed))[:LIST_CUT], total=n,
              first=f"What the device said of the first: {failed[0].reason}"),
    )


def _fold(label: str, entries: Sequence[str], *, total: int | None = None, first: str = "") -> Element:
    """A closed fold (``details.listed``, its marker drawn by the style) of ``entries``, cut to
    :data:`LIST_CUT` and the rest counted (``total``: how many there are in all)."""
    total = len(entries) if total is None else total
    shown = list(entries)[:LIST_CUT]
    more = total - len(shown)
    return el(
        "details", {"class": "listed"}, el("summary", None, label),
        el("p", None, first) if first else None,
        el("ul", None, *(el("li", None, entry) for entry in shown),
           el("li", {"class": "more"}, f"and {more:,} more") if more > 0 else None),
    )


def backup_said(said: Element | str) -> str:
    """The backup card with no plan: what was last done, if anything."""
    return to_html(el("div", None, shown(said)))


def backup_plan(plan: Any, summary: Mapping[str, int]) -> str:
    """What importing the file would do, item by item, each changed one with its choices
    (radio group ``bk-<n>``); Import and Cancel."""
    rows = []
    for n, item in enumerate(plan.items):
        what = f"{item.kind} {item.ident}" if item.kind else item.key
        parts: list[Any] = [el("strong", None, what), f": {STATUS_WORDS.get(item.status, item.status)}"]
        if item.damaged:
            parts.append(f" (damaged in the file: {item.damaged})")
        if item.status == "changed":
            made = (f" (the file was made {when(plan.made)})" if plan.made else
                    " (nor does the file say when it was made)")
            file_when = when(item.file_when) if item.file_when else NOT_RECORDED + made
            parts.append(el("span", {"class": "when"},
                            f" (here: {when(item.device_when) if item.device_when else NOT_RECORDED}; "
                            f"in the file: {file_when})"))
            choices = item.choices or ("device",)
            parts.append(el("span", {"class": "choices", "role": "radiogroup", "aria-label": f"{what}: which to keep"}, *(
                el("label", {"class": "check"}, el("input", {"type": "radio", "name": f"bk-{n}", "id": f"bk-{n}-{c}", "value": c,
                                               **({"checked": "checked"} if c == "device" else {})}),
                   " " + CHOICE_WORDS.get(c, c)) for c in choices)))
        rows.append(el("li", {"class": f"plan-{item.status}"}, *parts))
    for d in plan.refused:
        rows.append(el("li", {"class": "damaged"}, f"{d.key}: damaged in the file ({d.reason}); not imported"))
    twice = [el("li", {"class": "duplicate"}, d.said()) for d in plan.duplicates]
    file = f"The file (made {when(plan.made)})" if plan.made else "The file does not say when it was made"
    counts = (f"{summary['new']:,} new, {summary['same']:,} the same, {summary['changed']:,} changed, "
              f"{summary['damaged'] + summary['refused']:,} damaged" + (f", {len(twice):,} named twice" if twice else ""))
    return to_html(el(
        "div", {"id": "backup-plan"},
        el("p", None, f"{file}: {counts}."),
        el("ul", {"class": "plan-twice"}, *twice) if twice else None,
        el("ul", {"class": "plan"}, *rows),
        el("p", {"class": "actions"},
           el("button", {"type": "button", "class": "primary", "data-backup": "apply", "id": "backup-apply"}, "Import"),
           el("button", {"type": "button", "data-backup": "cancel"}, "Cancel")),
    ))


# -- this device --------------------------------------------------------------------------


def device(used: str, said: str) -> str:
    """How much of the device's storage is used, and what the browser said of it."""
    return to_html(el("div", None, el("p", None, used), el("p", None, said) if said else None))
