"""Sheet page glue: start the page, hand its events to the form's glue.

The page is ready once its controls are wired and its first view is right. On a device
with nothing to show (no link, no saved character, no draft, nothing typed before Python
was up) the pre-rendered empty sheet is that view, and the tables, the controller
(:class:`pyengine.pages.sheet.SheetPage`) and the form's glue (:mod:`app.sheet_form`)
are loaded by :data:`engine`, a :class:`start.Preparation`, just after the page is ready;
a control used before that waits for it. Otherwise they are loaded before ready, and the
sheet shown is derived from what there is. A first visit compiles every module it
imports (docs/startup.md).
"""

from __future__ import annotations

from pyscript import document, window

from app import dom, start
from app.browser_store import BrowserStore
from pyengine.pages.at_start import keeps_work


def form():
    """The form's glue (imported by :data:`engine`)."""
    from app import sheet_form

    return sheet_form


async def load_engine() -> None:
    await form().begin()


engine = start.Preparation(load_engine)


async def load_controls() -> None:
    """The engine, then what the buttons need beyond showing a sheet."""
    await engine.begin()
    from pyengine.pages.sheet import preload

    preload()


def something_to_show() -> bool:
    """A link, a saved character or a draft to open, or fields typed before Python was up."""
    return (
        len(str(window.location.hash)) > 1
        or bool(str(window.location.search))
        or keeps_work(BrowserStore(), "sheet", "character")
        or not start.untouched(document.querySelectorAll("form.sheet-form"))
    )


async def setup() -> None:
    if something_to_show():
        await engine.begin()
    for sheet_form in document.querySelectorAll("form.sheet-form"):
        sheet_form.addEventListener("input", engine.calls(form, "on_input"))
        sheet_form.addEventListener("submit", start.prevent_default)
    document.querySelector("main").addEventListener("click", engine.calls(form, "on_click"))
    dom.element("sheet-import").addEventListener("change", engine.calls(form, "on_import"))
    dom.element("sheet-roll-chars").disabled = False


async def main() -> None:
    await start.start_page(setup, later=start.Preparation(load_controls))
