"""The one seam between the pages and the browser: fields, storage, readiness, and writing
what a controller says (:func:`apply`).

Every page's glue reads fields with :func:`values`, calls its controller
(``pyengine.pages``) and writes the :class:`~pyengine.pages.view.Update` it gets back
with :func:`apply`; storage reaches the controllers as a :class:`BrowserStore`.
"""

from __future__ import annotations

import asyncio
import contextlib

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

import pyengine
from pyengine.errors import StorageError


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


def values(*roots) -> dict[str, str]:
    """What every field inside these elements (ids or elements) holds, by field id: the
    text typed or chosen; ``"1"`` or ``""`` for a checkbox; for radio buttons, also the
    checked one's value under the group's ``name``."""
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
    target = event.target
    out = {"id": str(target.id)}
    for attr in target.attributes:
        name = str(attr.name)
        if name.startswith("data-"):
            out[name[5:]] = str(attr.value)
    return out


def apply(update) -> None:
    """Writes a controller's :class:`~pyengine.pages.view.Update` into the page."""
    for ident, html in update.html.items():
        set_html(ident, html)
    for ident, text in update.values.items():
        node = element(ident)
        if not missing(node):
            node.value = text
    for ident, ticked in update.checked.items():
        node = element(ident)
        if not missing(node):
            node.checked = ticked
    for ident, text in update.text.items():
        node = element(ident)
        if not missing(node):
            node.textContent = text
    for ident, message in update.errors.items():
        field_error(ident, message or None)
    for ident, message in update.notices.items():
        show_link_error(ident, message or None)
    for ident, off in update.disabled.items():
        node = element(ident)
        if not missing(node):
            node.disabled = off
    for ident, hide in update.hidden.items():
        node = element(ident)
        if not missing(node):
            node.hidden = hide
    for ident, is_open in update.opened.items():
        node = element(ident)
        if not missing(node):
            node.open = is_open
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
    if update.focus:
        node = element(update.focus)
        if not missing(node):
            node.focus()
    if update.scroll:
        node = element(update.scroll)
        if not missing(node):
            node.scrollIntoView()
    if update.print:
        window.print()
    if update.navigate:
        window.location.href = update.navigate


class BrowserStore:
    """The browser's ``localStorage`` (or ``sessionStorage``) as a controller's
    :class:`~pyengine.pages.store.Store`."""

    def __init__(self, storage=None) -> None:
        self.storage = window.localStorage if storage is None else storage

    def get(self, key: str) -> str | None:
        return stored(self.storage, key)

    def put(self, key: str, text: str) -> None:
        try:
            self.storage.setItem(key, text)
        except Exception as exc:  # QuotaExceededError, SecurityError: the browser's to refuse
            said = str(exc)
            name = "QuotaExceededError" if "Quota" in said else (said.split(":")[0] or type(exc).__name__)
            why = "the device's storage is full" if "Quota" in name else "the browser refused to store it"
            raise StorageError(f"{why} ({name}); nothing was overwritten") from None

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


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


def untouched(forms) -> bool:
    """True when no field of these forms differs from what the page came with (nothing was
    typed, chosen or ticked before Python was up)."""
    for form in forms:
        for field in form.elements:
            kind = str(field.type)
            if kind in ("checkbox", "radio"):
                if bool(field.checked) != bool(field.defaultChecked):
                    return False
            elif kind.startswith("select"):
                chosen = [i for i, option in enumerate(field.options) if option.defaultSelected]
                if int(field.selectedIndex) != (chosen[0] if chosen else 0):
                    return False
            elif kind not in ("button", "submit", "reset", "file", "fieldset"):
                if str(field.value) != str(field.defaultValue):
                    return False
    return True


@contextlib.contextmanager
def measured(name: str):
    """Records how long the block takes as a performance measure (read by the benchmark)."""
    window.performance.mark(f"{name}:start")
    try:
        yield
    finally:
        window.performance.measure(name, f"{name}:start")


async def copy_link(button) -> bool:
    """Copies the link a Copy link button names; False when ``button`` is not one.

    Where the browser refuses the clipboard, says how to copy the link by hand.
    """
    target = button.getAttribute("data-copy")
    if missing(target):
        return False
    status = element(f"{button.id}-status")
    try:
        await window.navigator.clipboard.writeText(str(element(str(target)).href))
        status.textContent = "Copied."
    except Exception:  # the clipboard is the browser's to refuse
        status.textContent = "This browser refused the clipboard: long-press or right-click the link to copy it."
    return True


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


async def start_page(setup, later=None) -> None:
    """Runs a page's set-up; then the page is ready — or it says in the status line why not.

    ``later``, if given, runs just after the page is ready, in its own turn of the event
    loop: a function that imports what the page's controls will need, or a
    :class:`Preparation` (a first visit compiles each module it imports, so starting does
    only what the page's first view needs; docs/startup.md). When it is done the body gets
    ``data-prepared="1"`` and the performance mark ``prepared``.
    """
    try:
        await setup()
    except Exception as exc:  # the page must say it failed rather than sit there "starting"
        mark_failed(f"The rules engine could not start: {exc}")
        raise
    mark_ready()
    if later is None:
        mark_prepared()
        return

    async def prepare() -> None:
        if isinstance(later, Preparation):
            await later.begin()
        else:
            later()
        mark_prepared()

    window.setTimeout(create_once_callable(lambda: asyncio.ensure_future(prepare())), 0)


class Preparation:
    """What a page's controls need and its first view does not: its tables, decoded, and the
    glue behind its buttons.

    Begun just after the page is ready, in the background, or at once by a start-up step
    that needs it (a link to replay, saved adventurers to list). A control used before it
    is done waits for it: wire controls with :meth:`listener`. If it fails, the status line
    says so, as a failed start does.
    """

    def __init__(self, work) -> None:
        self._work = work
        self._task = None
        self.done = False

    def begin(self):
        """Starts the work (once); the task to await."""
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())
        return self._task

    async def _run(self) -> None:
        try:
            await self._work()
        except Exception as exc:
            mark_failed(f"The rules engine could not load: {exc}")
            raise
        self.done = True

    def listener(self, handler):
        """A JS event listener running ``handler(event)``: at once when the work is done,
        else once it is. (A default action is then too late to prevent: the pages' forms
        refuse submission in listeners of their own.)"""

        def call(event) -> None:
            result = handler(event) if self.done else self._after(handler, event)
            if asyncio.iscoroutine(result):
                asyncio.ensure_future(result)

        return create_proxy(call)

    async def _after(self, handler, event) -> None:
        await self.begin()
        result = handler(event)
        if asyncio.iscoroutine(result):
            await result


def mark_ready() -> None:
    """Tells the page (and its tests) that Python is up and the page works."""
    element("engine-version").textContent = f"rules engine {pyengine.__version__}"
    document.body.dataset.ready = "1"
    window.performance.mark("ready")


#: A listener refusing a form's submission (the pages handle their forms themselves).
prevent_default = create_proxy(lambda event: event.preventDefault())


def mark_prepared() -> None:
    """Tells the page's tests and the benchmark that everything the controls need is loaded."""
    document.body.dataset.prepared = "1"
    window.performance.mark("prepared")


def mark_failed(message: str) -> None:
    """Says in the status line that the page could not start, and why."""
    status = element("engine-status")
    status.classList.add("failed")
    status.textContent = message
