"""The seam between the pages and the browser's document: reading fields, and writing what a
controller says (:func:`apply`).

Every page's glue reads fields with :func:`values`, calls its controller
(``pyengine.pages``) and writes the :class:`~pyengine.pages.view.Update` it gets back
with :func:`apply`. Storage reaches the controllers as an :class:`app.browser_store.BrowserStore`;
a share line's buttons are :func:`app.share_line.copy_link`'s.
"""

from __future__ import annotations

import contextlib
import contextvars

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from app import paint
from app.paint import missing


def element(element_id: str):
    """The element with this id (a JS proxy)."""
    return document.getElementById(element_id)


def value(element_id: str) -> str:
    """The text currently in an input, as typed."""
    return str(element(element_id).value)


def now() -> str:
    """The time now, as ISO text (``2026-12-01T15:04:05.123Z``): the clock controllers are given."""
    return str(window.Date.new().toISOString())


def set_html(element_id: str, html: str) -> None:
    """Replaces a container's content with HTML an engine renderer made (escaped there); over the page as it
    was left (``app.paint``), what was typed in it meanwhile stays."""
    if document.documentElement.hasAttribute("data-painted"):
        window.strikeRankPaint.write(element(element_id), html)
    else:
        element(element_id).innerHTML = html


#: The page's fields as they were when the event being handled happened (:func:`as_it_was`).
_THEN: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("then", default=None)


def values(*roots) -> dict[str, str]:
    """What every field inside these elements (ids or elements) holds, by field id: the
    text typed or chosen; ``"1"`` or ``""`` for a checkbox; for radio buttons, also the
    checked one's value under the group's ``name``. Within :func:`as_it_was`, a field holds
    what it held when the event being handled happened."""
    out = _read(roots)
    then = _THEN.get()
    return out if then is None else {key: then.get(key, text) for key, text in out.items()}


def everything() -> dict[str, str]:
    """What every field of the page holds now (see :func:`values`)."""
    return _read((document.body,))


@contextlib.contextmanager
def as_it_was(then: dict[str, str]):
    """Within it (in this task), :func:`values` reads the fields as ``then`` has them: taken by
    :func:`everything` when an event happened whose handling runs later (it waits for the engine,
    or for the page to be free), so a tap acts on what was chosen when it was made, not on what
    was chosen after it."""
    token = _THEN.set(then)
    try:
        yield
    finally:
        _THEN.reset(token)


def _read(roots) -> dict[str, str]:
    out: dict[str, str] = {}
    for root in roots:
        node = element(root) if isinstance(root, str) else root
        if missing(node):
            continue
        for field in node.querySelectorAll("input, select, textarea"):
            ident = str(field.id)
            kind = str(field.type)
            if kind == "checkbox":
                if ident:
                    out[ident] = "1" if field.checked else ""
            elif kind == "radio":
                if ident:
                    out[ident] = "1" if field.checked else ""
                if field.checked:
                    out[str(field.name)] = str(field.value)
            elif kind not in ("button", "submit", "reset", "file") and ident:
                out[ident] = str(field.value)
    return out


def data_of(event) -> dict[str, str]:
    """The clicked element's ``data-*`` attributes (``data-remove-weapon`` -> ``remove-weapon``)
    and its ``id``, for a controller's click handler."""
    return data_of_element(event.target)


def data_of_element(target) -> dict[str, str]:
    """An element's ``data-*`` attributes and its ``id`` (see :func:`data_of`)."""
    out = {"id": str(target.id)}
    for attr in target.attributes:
        name = str(attr.name)
        if name.startswith("data-"):
            out[name[5:]] = str(attr.value)
    return out


def apply(update) -> None:
    """Writes a controller's :class:`~pyengine.pages.view.Update` into the page."""
    _let_go_of_focus_in(update)
    for ident, html in update.html.items():
        set_html(ident, html)
    for ident, html in update.replaced.items():
        node = element(ident)
        if not missing(node):
            node.outerHTML = html
    for ident, message in update.errors.items():
        field_error(ident, message or None)
    for ident, message in update.notices.items():
        show_link_error(ident, message or None)
    for writes, attribute in ((update.values, "value"), (update.checked, "checked"), (update.text, "textContent"),
                              (update.disabled, "disabled"), (update.hidden, "hidden"), (update.opened, "open")):
        for ident, value in writes.items():
            node = element(ident)
            if not missing(node) and not (attribute in ("value", "checked", "open") and paint.touched(node)):
                setattr(node, attribute, value)
    for ident, classes in update.classes.items():
        node = element(ident)
        if not missing(node):
            for name, on in classes.items():
                node.classList.toggle(name, on)
    for ident, attributes in update.attributes.items():
        node = element(ident)
        if not missing(node):
            for name, text in attributes.items():
                if text is None:
                    node.removeAttribute(name)
                else:
                    node.setAttribute(name, text)
    if update.address is not None:
        window.history.replaceState(None, "", update.address)
    if update.download is not None:
        download(*update.download)
    focus = update.focus
    if focus:
        node = element(focus)
        if not missing(node) and str(node.localName) in ("input", "select", "textarea", "button"):
            node.focus()  # in the tap's own answer: a phone opens its keyboard only then
            focus = None
    if focus or update.scroll:
        # A region is focused and scrolled to just after the answer: in it, either would make the
        # browser lay the page out at once, before it draws, rather than once as it draws.
        window.setTimeout(create_once_callable(lambda: _focus_and_scroll(focus, update.scroll)), 0)
    if update.print:
        window.print()
    if update.navigate:
        window.location.href = update.navigate
    paint.drawn(update)


def _let_go_of_focus_in(update) -> None:
    """A control about to be drawn again (the button just tapped) lets go of the focus first: taken
    out with the focus in it, after other writes, it makes the browser restyle the whole page."""
    active = document.activeElement
    if missing(active) or active is document.body:
        return
    for ident in (*update.html, *update.replaced):
        node = element(ident)
        if not missing(node) and node.contains(active):
            active.blur()
            return


def _focus_and_scroll(focus: str | None, scroll: str | None) -> None:
    if focus:
        node = element(focus)
        if not missing(node):
            node.focus()
    if scroll:
        node = element(scroll)
        if not missing(node):
            # Its top at the screen's top (below a sticky bar: the page's scroll-padding), gliding
            # there unless the reader has asked the system for less motion.
            still = window.matchMedia("(prefers-reduced-motion: reduce)").matches
            options = {"block": "start", "behavior": "auto" if still else "smooth"}
            node.scrollIntoView(to_js(options, dict_converter=window.Object.fromEntries))


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


def show_link_error(element_id: str, message: str | None) -> None:
    """Shows (or hides) why a link could not be opened, above the form it belongs to."""
    note = element(element_id)
    note.textContent = message or ""
    note.hidden = not message


def download(filename: str, text: str, mime: str = "application/json") -> None:
    """Offers ``text`` as a file to save (export)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    link = document.createElement("a")
    link.href = window.URL.createObjectURL(blob)
    link.download = filename
    document.body.append(link)
    link.click()
    link.remove()


