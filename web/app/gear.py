"""Gear page glue: start the page, hand the forms their part.

The page is ready once its controls are wired and its first view is right. With nothing
to show (no link, no saved record, no draft, nothing typed before Python was up) the pre-rendered
example is that view, and the page's controller (:class:`pyengine.pages.gear.GearPage`,
with the gear engine) and the forms' glue (:mod:`app.gear_form`) are loaded by
:data:`engine`, a :class:`start.Preparation`, just after the page is ready; a control used
before that waits for it. A first visit compiles every module it imports (docs/startup.md).
"""

from __future__ import annotations

from pyscript import window

from app import dom, start
from app.browser_store import BrowserStore
from pyengine.pages.at_start import keeps_work

FORMS = ("gear-form", "gear-org-form", "gear-block-form", "gear-save-form")


def form():
    """The forms' glue (imported by :data:`engine`)."""
    from app import gear_form

    return gear_form


async def load_engine() -> None:
    form().begin()


engine = start.Preparation(load_engine)


def something_to_show() -> bool:
    """A link, saved records or a draft to show, or fields typed before Python was up."""
    return (
        len(str(window.location.hash)) > 1
        or keeps_work(BrowserStore(), "gear", "gear")
        or not start.untouched([dom.element(form_id) for form_id in FORMS])
    )


async def setup() -> None:
    listen = [
        ("gear-form", "submit", "on_work_out"),
        ("gear-form", "change", "on_list_change"),
        ("gear-items", "click", "on_items_click"),
        ("gear-add", "click", "on_add"),
        ("gear-org-form", "submit", "on_organize"),
        ("gear-organized", "click", "on_result_click"),
        ("gear-block-form", "submit", "on_resolve"),
        ("gear-block", "click", "on_result_click"),
        ("gear-share-box", "click", "on_share_click"),
        ("gear-save-form", "submit", "on_save"),
        ("gear-export", "click", "on_export"),
        ("gear-import", "change", "on_import"),
        ("gear-saved", "click", "on_saved_click"),
    ]
    for form_id in FORMS:
        dom.element(form_id).addEventListener("submit", start.prevent_default)
        dom.element(form_id).addEventListener("input", engine.calls(form, "on_input"))
    start.listen(listen, lambda name: engine.calls(form, name))
    window.addEventListener("hashchange", engine.calls(form, "open_link"))
    if something_to_show():
        await engine.begin()
    start.enable("gear-add", "gear-work-out", "gear-organize", "gear-resolve", "gear-save", "gear-export", "gear-import")


async def main() -> None:
    await start.start_page(setup, later=engine)
