"""Sheet page glue: start the page, hand the form its part.

The page is ready once its controls are wired and its first view is right. On a device
with nothing to show (no link, no saved character, no draft, nothing typed before Python
was up) the pre-rendered empty sheet is that view, and the tables and the form's glue
(:mod:`app.sheet_form`) are loaded by :data:`engine`, a :class:`dom.Preparation`, just
after the page is ready; a control used before that waits for it. Otherwise they are
loaded before ready, and the sheet shown is derived from what there is. A first visit
compiles every module it imports (docs/startup.md).
"""

from __future__ import annotations

from pyscript import document, window

from app import dom
from pyengine.pages.keys import CHARACTER_PREFIX as PREFIX
from pyengine.pages.keys import SHEET_DRAFT as DRAFT_KEY


def form():
    """The form's glue (imported by :data:`engine`)."""
    from app import sheet_form

    return sheet_form


async def load_engine() -> None:
    await form().begin()


engine = dom.Preparation(load_engine)


async def load_controls() -> None:
    """The engine, then what the buttons need beyond showing a sheet (each handler imports
    these too, so a click that comes first still works)."""
    await engine.begin()
    import pyengine.runequest.advancement.creation  # noqa: F401
    import pyengine.runequest.advancement.experience  # noqa: F401
    import pyengine.runequest.advancement.training  # noqa: F401
    import pyengine.runequest.sheet.equipment  # noqa: F401


def something_to_show() -> bool:
    """A link, a saved character or a draft to open, or fields typed before Python was up."""
    storage = window.localStorage
    keys = [str(storage.key(i)) for i in range(int(storage.length))]
    return (
        len(str(window.location.hash)) > 1
        or bool(str(window.location.search))
        or any(key == DRAFT_KEY or key.startswith(PREFIX) for key in keys)
        or not dom.untouched(document.querySelectorAll("form.sheet-form"))
    )


def handler(name: str):
    """A listener that calls the form glue's function ``name`` (once the engine is loaded)."""
    return engine.listener(lambda event: getattr(form(), name)(event))


async def setup() -> None:
    if something_to_show():
        await engine.begin()
    for sheet_form in document.querySelectorAll("form.sheet-form"):
        sheet_form.addEventListener("input", handler("on_input"))
        sheet_form.addEventListener("submit", dom.prevent_default)
    buttons = (
        ("sheet-roll-chars", "on_roll_characteristics"), ("sheet-roll-bg", "on_roll_background"),
        ("sheet-add-weapon", "on_add_weapon"), ("sheet-buy", "on_buy"), ("sheet-quote", "on_quote"),
        ("sheet-exp-roll", "on_experience"), ("sheet-export", "export_file"), ("sheet-share-link", "share"),
    )
    for button, name in buttons:
        dom.element(button).addEventListener("click", handler(name))
    dom.element("sheet-view").addEventListener("click", handler("on_view_click"))
    dom.element("sheet-quote-result").addEventListener("click", handler("on_quote_click"))
    dom.element("sheet-import").addEventListener("change", handler("import_file"))
    document.querySelector("main").addEventListener("click", handler("on_page_click"))
    dom.element("sheet-roll-chars").disabled = False


async def main() -> None:
    await dom.start_page(setup, later=dom.Preparation(load_controls))
