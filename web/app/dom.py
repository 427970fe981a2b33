"""Small DOM helpers every page's glue uses: fields, inline errors, readiness."""

from __future__ import annotations

import contextlib

from pyodide.ffi import jsnull
from pyscript import document, window

import pyengine


def element(element_id: str):
    """The element with this id (a JS proxy)."""
    return document.getElementById(element_id)


def missing(value: object) -> bool:
    """True for JS ``null``/``undefined`` (Pyodide gives ``jsnull`` for null, not None)."""
    return value is None or value is jsnull


def stored(storage, key: str) -> str | None:
    """A Web Storage item as text, or None when there is none."""
    item = storage.getItem(key)
    return None if missing(item) else str(item)


def value(element_id: str) -> str:
    """The text currently in an input, as typed."""
    return str(element(element_id).value)


def set_html(element_id: str, html: str) -> None:
    """Replaces a container's content with HTML an engine renderer made (escaped there)."""
    element(element_id).innerHTML = html


def field_error(field_id: str, message: str | None) -> None:
    """Shows ``message`` next to a field (or clears it); what the user typed stays as it is."""
    field = element(field_id)
    note = element(f"{field_id}-error")
    if message:
        field.setAttribute("aria-invalid", "true")
        note.textContent = message
        note.hidden = False
    else:
        field.removeAttribute("aria-invalid")
        note.textContent = ""
        note.hidden = True


@contextlib.contextmanager
def measured(name: str):
    """Records how long the block takes as a performance measure (read by the benchmark)."""
    window.performance.mark(f"{name}:start")
    try:
        yield
    finally:
        window.performance.measure(name, f"{name}:start")


def mark_ready() -> None:
    """Tells the page (and its tests) that Python is up and the page works."""
    element("engine-version").textContent = f"rules engine {pyengine.__version__}"
    document.body.dataset.ready = "1"
    window.performance.mark("ready")


def mark_failed(message: str) -> None:
    """Says in the status line that the page could not start, and why."""
    status = element("engine-status")
    status.classList.add("failed")
    status.textContent = message
