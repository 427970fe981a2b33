"""Shrapnel page glue: start the page, list this tab's recent results, hand the form its part.

The page is ready once its controls are wired: the form and the whole table are
pre-rendered, and the page's first view needs nothing else but this tab's recent results
(:mod:`pyengine.pages.recent`, light). The table, decoded, the page's controller
(:class:`pyengine.pages.shrapnel.ShrapnelPage`) and the form's glue
(:mod:`app.shrapnel_form`) are loaded by :data:`engine`, a :class:`start.Preparation`: at
once when the address carries a link, otherwise just after the page is ready, in the
background; a control used before that waits for it. The "Target" choices (the device's saved
adventurers and the fight in progress, with the armour tables they need) are listed after
that, once the page is ready (:func:`load_later`). A first visit compiles every module it
imports (docs/startup.md).
"""

from __future__ import annotations

from pyscript import fetch, window

from app import dom, start
from app.browser_store import BrowserStore
from pyengine.storage.keys import SHRAPNEL_RECENT

TABLE_URL = "./tables/shrapnel/ballistic.msgpack"


def form():
    """The form's glue (imported by :data:`engine`, which has given it the table)."""
    from app import shrapnel_form

    return shrapnel_form


async def load_engine() -> None:
    """Fetches (prefetched while Python started) and decodes the table; makes the controller."""
    data = bytes(await fetch(TABLE_URL).bytearray())
    form().begin(data, TABLE_URL)


engine = start.Preparation(load_engine)


async def load_later() -> None:
    """The engine, then the "Target" choices."""
    await engine.begin()
    await form().list_targets()


async def setup() -> None:
    recent = BrowserStore(window.sessionStorage)
    if len(str(window.location.hash)) > 1:
        await engine.begin()
        form().open_link()
    elif recent.get(SHRAPNEL_RECENT):
        from pyengine.pages.recent import shrapnel_results

        dom.apply(shrapnel_results(recent).update())
    listeners = (
        ("shr-form", "submit", "on_submit"),
        ("shr-form", "click", "on_form_click"),
        ("shr-roll-d100", "click", "on_roll_d100"),
        ("shr-result", "click", "on_result_click"),
        ("shr-target", "change", "on_target"),
    )
    start.listen(listeners, lambda name: engine.calls(form, name))
    dom.element("shr-form").addEventListener("submit", start.prevent_default)
    window.addEventListener("hashchange", engine.calls(form, "open_link"))
    start.enable("shr-resolve", "shr-roll-d100")


async def main() -> None:
    await start.start_page(setup, later=start.Preparation(load_later))
