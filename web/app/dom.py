"""Small DOM helpers every page's glue uses: fields, inline errors, readiness."""

from __future__ import annotations

import asyncio
import contextlib

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

import pyengine
from pyengine.html import el, to_html


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


def share_line(prefix: str, href: str, label: str, *extra) -> str:
    """The controls under a shareable result: Copy link, the link itself, any extra controls.

    Ids: ``<prefix>-copy`` (the button, ``data-copy`` names the link), ``<prefix>-share``
    (the link), ``<prefix>-copy-status``; :func:`copy_link` handles the button.
    """
    return to_html(
        el(
            "p", {"class": "share-line"},
            el("button", {"type": "button", "id": f"{prefix}-copy", "data-copy": f"{prefix}-share"}, "Copy link"),
            el("a", {"id": f"{prefix}-share", "href": href}, label),
            *extra,
            el("span", {"id": f"{prefix}-copy-status", "role": "status"}),
        )
    )


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
