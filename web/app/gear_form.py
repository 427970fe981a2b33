"""Gear form glue: read the fields, call the page's controller, write what it says.

Every decision is :class:`pyengine.pages.gear.GearPage`'s; this reads the page's fields
(``dom.values``) and the clicked element (``dom.data_of``), calls it, writes its
:class:`~pyengine.pages.view.Update`. Imported
by :mod:`app.gear`, which calls :func:`begin` once (before the page is ready when there
is something to show, otherwise just after).
"""

from __future__ import annotations

from pyscript import window

from app import dom, start
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.gear import GearPage

FORMS = ("gear-form", "gear-org-form", "gear-block-form", "gear-save-form")
page: GearPage | None = None


def fields() -> dict[str, str]:
    """What every field of the page's forms holds."""
    return dom.values(*FORMS)


def action(name: str):
    """A listener for a form's submit or a button: the controller's ``name`` with the fields."""

    def act(event) -> None:
        event.preventDefault()
        dom.apply(getattr(page, name)(fields()))

    return act


def clicked(name: str):
    """A listener for a click inside a region: the controller's ``name`` with the clicked element's data."""

    def act(event) -> None:
        dom.apply(getattr(page, name)(dom.data_of(event), fields()))

    return act


on_work_out = action("on_work_out")
on_organize = action("on_organize")
on_save = action("on_save")
on_export = action("on_export")
on_add = action("on_add")
on_items_click = clicked("on_items_click")
on_result_click = clicked("on_result_click")
on_saved_click = clicked("on_saved_click")


def on_input(event) -> None:
    dom.apply(page.on_input(fields()))


def on_list_change(event) -> None:
    dom.apply(page.on_list_change(fields()))


def on_resolve(event) -> None:
    event.preventDefault()
    with start.measured("resolve + render"):
        dom.apply(page.on_resolve(fields()))


async def on_share_click(event) -> None:
    await copy_link(event.target)


async def on_import(event) -> None:
    files = dom.element("gear-import").files
    if dom.missing(files) or files.length == 0:
        return
    file = files.item(0)
    text = await file.text()
    dom.apply(page.on_import(str(file.name), str(text), fields()))


def open_link(event=None) -> None:
    dom.apply(page.open(str(window.location.hash), fields()))


def begin() -> None:
    """Makes the controller; shows what the address, the draft or the fields typed before
    Python was up ask for, and the saved records."""
    global page
    page = GearPage(BrowserStore())
    typed = not start.untouched([dom.element(form_id) for form_id in FORMS])
    dom.apply(page.start(str(window.location.hash), fields(), typed=typed))
