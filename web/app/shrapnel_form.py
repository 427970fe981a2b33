"""Shrapnel form glue: read the form, resolve, show the card, mark the table, share.

Everything that decides anything is in pyengine.shrapnel; this reads fields and writes
what its renderers return. Imported by :mod:`app.shrapnel` once the page is ready (or at
once for a link), with the table it decoded (:func:`begin`).
"""

from __future__ import annotations

import json

from pyscript import document, window

from app import dom
from app.shrapnel import RECENT_KEY, RECENT_MAX, list_recent
from pyengine.dice import RandomDice
from pyengine.errors import RulesError
from pyengine.html import el
from pyengine.pages.widgets import share_line
from pyengine.share import decode_link, encode_link
from pyengine.shrapnel import state as link_state
from pyengine.shrapnel.inputs import PRESETS, armour_from_form, covered_areas, format_pieces, read_roll
from pyengine.shrapnel.render import render_result
from pyengine.shrapnel.resolve import ShrapnelResult, resolve
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import parse_severity
from pyengine.tables import load_table

table: ShrapnelTable | None = None
dice = RandomDice()


def begin(data: bytes, source: str) -> None:
    """Decodes the page's table (prefetched while Python started)."""
    global table
    with dom.measured("table decode"):
        table = load_table(ShrapnelTable, data, source)


# -- the form ------------------------------------------------------------------


def checked_severity() -> str | None:
    chosen = document.querySelector('input[name="severity"]:checked')
    return None if dom.missing(chosen) else str(chosen.value)


def covered_boxes():
    return document.querySelectorAll('input[name="covered"]')


def read_form():
    """The form's inputs, each checked by the engine; shows every problem next to its field."""
    ok = True
    severity = roll = armour = None
    for field in ("shr-roll", "shr-pieces"):
        dom.field_error(field, None)
    severity_note = dom.element("shr-severity-error")
    severity_note.hidden = True
    text = checked_severity()
    if text is None:
        severity_note.textContent = "severity: choose A, B, C, D or E"
        severity_note.hidden = False
        ok = False
    else:
        severity = parse_severity(text)
    try:
        roll = read_roll(dom.value("shr-roll"))
    except RulesError as exc:
        dom.field_error("shr-roll", str(exc))
        ok = False
    try:
        covered = [str(box.value) for box in covered_boxes() if box.checked]
        armour = armour_from_form(covered, dom.value("shr-pieces"))
    except RulesError as exc:
        dom.field_error("shr-pieces", str(exc))
        ok = False
    return (roll, severity, armour) if ok else None


def fill_form(roll: int, severity: str, covered, pieces) -> None:
    """Puts a link's inputs into the form, as if typed."""
    dom.element("shr-roll").value = str(roll)
    dom.element(f"shr-sev-{severity}").checked = True
    areas = {str(a) for a in covered} | {str(a) for p in pieces for a in p.areas}
    for box in covered_boxes():
        box.checked = str(box.value) in areas
    dom.element("shr-pieces").value = format_pieces(pieces)


def apply_preset(key: str) -> None:
    _, pieces = PRESETS[key]
    areas = {str(a) for a in covered_areas(pieces)}
    for box in covered_boxes():
        box.checked = str(box.value) in areas
    dom.element("shr-pieces").value = format_pieces(pieces)
    dom.field_error("shr-pieces", None)


# -- showing a result ----------------------------------------------------------


def mark_cell(result: ShrapnelResult) -> None:
    """Highlights the resolved cell in the pre-rendered table (the renderer's classes)."""
    for old in document.querySelectorAll(".shr-highlight"):
        old.classList.remove("shr-highlight")
        old.removeAttribute("aria-current")
    cell = dom.element(f"shr-cell-{result.rolls}-{result.severity}")
    if not dom.missing(cell):
        cell.classList.add("shr-highlight")
        cell.setAttribute("aria-current", "true")


def show(result: ShrapnelResult, armour) -> None:
    link = encode_link(link_state.KIND, link_state.to_state(result.roll, result.severity, armour), version=link_state.VERSION)
    find = el("button", {"type": "button", "id": "shr-find", "data-cell": f"shr-cell-{result.rolls}-{result.severity}"}, "See it in the table")
    share = share_line("shr", f"./shrapnel.html#{link}", "Link to this result", find)
    dom.set_html("shr-result", render_result(result) + share)
    mark_cell(result)
    window.history.replaceState(None, "", f"#{link}")
    remember(result, link)


def remember(result: ShrapnelResult, link: str) -> None:
    fate = f" — {result.fate}" if result.fate else ""
    label = f"{result.roll} {result.severity} · {result.label} · {result.totals.hits} hits{fate}"
    try:
        recent = json.loads(dom.stored(window.sessionStorage, RECENT_KEY) or "[]")
        if not isinstance(recent, list):
            recent = []
    except ValueError:
        recent = []
    recent = [r for r in recent if isinstance(r, dict) and r.get("link") != link]
    recent.insert(0, {"label": label, "link": link})
    del recent[RECENT_MAX:]
    try:
        window.sessionStorage.setItem(RECENT_KEY, json.dumps(recent))
    except Exception:  # storage full or refused: the list on screen still shows it
        pass
    list_recent(recent)


# -- events --------------------------------------------------------------------


def on_submit(event) -> None:
    event.preventDefault()
    read = read_form()
    if read is None:
        return
    roll, severity, armour = read
    with dom.measured("resolve + render"):
        try:
            result = resolve(table, roll, severity, armour)
        except RulesError as exc:  # armour the engine refuses (e.g. a piece named twice)
            dom.field_error("shr-pieces", str(exc))
            return
        show(result, armour)


def on_roll_d100(event) -> None:
    dom.element("shr-roll").value = str(dice.roll(100))
    if checked_severity() is None:
        dom.field_error("shr-roll", None)
        note = dom.element("shr-severity-error")
        note.textContent = "severity: choose A, B, C, D or E to read this roll"
        note.hidden = False
        return
    dom.element("shr-form").requestSubmit()


def on_form_click(event) -> None:
    key = event.target.getAttribute("data-preset")
    if not dom.missing(key) and str(key) in PRESETS:
        apply_preset(str(key))


async def on_result_click(event) -> None:
    if str(event.target.id) == "shr-find":
        dom.element(str(event.target.getAttribute("data-cell"))).scrollIntoView()
        return
    await dom.copy_link(event.target)


def open_link(event=None) -> None:
    """Opens the result a link carries (at start, and when the fragment changes)."""
    fragment = str(window.location.hash)
    if len(fragment) <= 1:
        return
    dom.show_link_error("shr-link-error", None)
    try:
        shared = decode_link(fragment)
        if shared.kind != link_state.KIND:
            raise RulesError(f"share link: this is a {shared.kind!r} link; open it on its own page")
        inputs = link_state.from_state(shared.data, version=shared.version)
        armour = inputs.armour()
        result = resolve(table, inputs.roll, inputs.severity, armour)
    except RulesError as exc:
        dom.show_link_error("shr-link-error", str(exc))
        return
    fill_form(inputs.roll, inputs.severity, inputs.covered, inputs.pieces)
    show(result, (*inputs.pieces, *inputs.covered))
