"""Combat page glue: start the page, switch its tabs, open its links, hand each mode its part.

The page is ready once its controls are wired: the form is pre-rendered, and the page's
first view needs nothing else. Its tables, decoded, the exchange's controller
(``pyengine.pages.exchange``) and glue (:mod:`app.exchange`) are loaded by :data:`engine`, a
:class:`start.Preparation`: at once when the address or the device's saved adventurers call
for them, otherwise just after the page is ready, in the background; a control used before
that waits for it. Fight mode (:mod:`app.fight`, ``pyengine.pages.fight``) is imported when
the fight tab first opens. A first visit compiles every module it imports, so starting
compiles only what starting needs (docs/startup.md).
"""

from __future__ import annotations

from pyscript import window

from app import dom, start
from app.browser_store import BrowserStore
from pyengine.pages.at_start import join_address, keeps_adventurers
from pyengine.pages.view import Update

tables = None  # RuneQuestTables, once loaded
locations = None  # HitLocationTable, once loaded


def exchange():
    """The exchange's glue, with its controller made from this page's tables the first time."""
    from app import exchange as glue

    if glue.page is None:
        glue.begin(tables, locations)
    return glue


def show_mode(mode: str) -> None:
    """One exchange or a fight: the tabs at the top of the page switch (``#exchange``, ``#fight``)."""
    dom.apply(Update(
        hidden={"exchange-mode": mode != "exchange", "fight-mode": mode != "fight"},
        attributes={f"tab-{tab}": {"aria-current": "page" if tab == mode else None} for tab in ("exchange", "fight")},
    ))


def open_fight(link: str = "") -> None:
    """Fight mode; its glue is imported the first time it opens."""
    show_mode("fight")
    from app import fight

    fight.open_fight(tables, locations, link)


def link_needs_engine() -> bool:
    fragment = str(window.location.hash)
    return len(fragment) > 1 and fragment != "#exchange"


def open_link(event=None) -> None:
    """Replays the exchange or the fight a link carries (at start, and when the fragment changes)."""
    fragment = str(window.location.hash)
    if not link_needs_engine():
        show_mode("exchange")
        return
    from pyengine.pages.combat import link_mode

    if link_mode(fragment) == "fight":
        open_fight("" if fragment == "#fight" else fragment[1:])
        return
    show_mode("exchange")
    exchange().open_link(fragment)


async def load_engine() -> None:
    """Fetches (prefetched while Python started) and decodes the tables; makes the exchange's controller."""
    global tables, locations
    tables, locations = await start.runequest_tables()
    exchange()  # the saved adventurers' names go in the choices


engine = start.Preparation(load_engine)


async def setup() -> None:
    if join_address(str(window.location.hash)):  # a join link of the first version: the player's page
        window.location.replace(join_address(str(window.location.hash)))
        return
    if link_needs_engine() or keeps_adventurers(BrowserStore()):
        await engine.begin()
    open_link()
    listeners = (
        ("att-char", "change", "on_att_char"),
        ("def-char", "change", "on_def_char"),
        ("cx-odds", "click", "on_odds"),
        ("cx-roll", "click", "on_roll"),
        ("cx-start", "click", "on_start"),
        ("cx-next", "click", "on_next"),
        ("cx-typed", "keydown", "on_typed_key"),
        ("cx-form", "change", "on_form_change"),
        ("cx-form", "input", "on_form_change"),
        ("cx-result", "click", "on_result_click"),
    )
    start.listen(listeners, lambda name: engine.calls(exchange, name))
    dom.element("cx-form").addEventListener("submit", start.prevent_default)
    window.addEventListener("hashchange", engine.listener(open_link))
    start.enable("cx-odds", "cx-roll", "cx-start")


async def main() -> None:
    await start.start_page(setup, later=engine)
