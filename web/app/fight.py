"""Combat page, fight mode: read the fields, ask the controller, write what it says. Every decision,
limit and all the HTML are :class:`pyengine.pages.fight.FightPage`'s (the table, the statements, the
rounds, undo, the draft, links, exports, experience marks); this wires fight mode's controls to it.
Imported only when fight mode first opens (:mod:`app.combat`).
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import window

from app import dom, start, table
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.fight import FightPage

page: FightPage | None = None


def act(update) -> None:
    """What an action of fight mode drew, written; then, with the live table open, sent to every phone."""
    dom.apply(update)
    table.after_action()


def on_add(event) -> None:
    event.preventDefault()
    act(page.on_add(dom.values("fa-form")))


def on_statement(event) -> None:
    box = event.target.closest(".fd-who")
    act(page.on_statement(dom.values(box), str(event.target.id), str(event.type) == "change"))


def on_typed_key(event) -> None:
    if str(event.key) == "Enter":
        event.preventDefault()
        act(page.on_next(dom.values("fd-typing")))


async def on_links_click(event) -> None:
    if not await copy_link(event.target):
        act(page.on_links_click(dom.data_of(event)))


async def on_file(event) -> None:
    files = event.target.files
    if not dom.missing(files) and files.length > 0:
        act(page.on_file(str(await files.item(0).text())))


def on_roll(event=None) -> None:
    with start.measured("fight round in the page"):  # the bench's: the round on the table, written
        act(page.on_roll(dom.values("fd-list")))
    window.setTimeout(create_once_callable(lambda: act(page.drawn_later())), 0)  # the log, state, link


def on_row_toggle(event) -> None:  # a row of the table opened or shut (its form drawn in it, or not yet)
    row, drawn = event.target, not dom.missing(event.target.querySelector(".fd-edit"))
    act(page.on_row_toggle({**dom.data_of(event), "open": "1" if row.open else "", "drawn": "1" if drawn else ""}))


def on_writeback_click(event) -> None:
    with start.measured(f"write-back {event.target.id}"):  # the bench's "write-back fw-plan", "… fw-confirm"
        act(page.on_writeback_click(dom.data_of(event)))


#: (element, event, what the controller is told)
LISTENERS = (
    ("fa-form", "submit", on_add),
    ("fa-form", "input", lambda event: act(page.on_add_input(dom.values("fa-form")))),
    ("fa-form", "change", lambda event: act(page.on_add_input(dom.values("fa-form")))),
    ("fa-source", "change", lambda event: act(page.on_source(dom.values("fa-form")))),
    ("fa-sides", "click", lambda event: act(page.on_sides_click(dom.data_of(event)))),
    ("fc-list", "click", lambda event: act(page.on_combatants_click(dom.data_of(event)))),
    ("fd-list", "input", on_statement),
    ("fd-list", "change", on_statement),
    ("fd-list", "click", lambda event: act(page.on_done(dom.data_of(event)))),  # "Done" in a row
    ("fight-bar", "click", lambda event: act(page.on_bar_click(dom.data_of(event)))),
    ("fd-form", "submit", lambda event: event.preventDefault()),
    ("fd-roll", "click", on_roll),
    ("fd-start", "click", lambda event: act(page.on_start(dom.values("fd-list")))),
    ("fd-next", "click", lambda event: act(page.on_next(dom.values("fd-typing")))),
    ("fd-cancel", "click", lambda event: act(page.on_cancel())),
    ("fd-typed", "keydown", on_typed_key),
    ("fd-undo", "click", lambda event: act(page.on_undo())),
    ("fl-links", "click", on_links_click),
    ("fl-new", "click", lambda event: act(page.on_new())),
    ("fi-open", "click", lambda event: act(page.on_import(dom.values("fight-mode")))),
    ("fi-file", "change", on_file),
    ("fa-keep", "click", lambda event: act(page.on_keep_template(dom.values("fa-form")))),
    ("ft-add", "click", lambda event: act(page.on_from_template(dom.values("ft-box")))),
    ("ft-starters", "click", lambda event: act(page.on_starters_click(dom.data_of(event), dom.values("ft-starters")))),
    ("fw-section", "click", on_writeback_click),
)


def open_fight(tables, locations, link: str = "") -> None:
    """Shows fight mode: the first time makes its controller (the draft kept on the device comes
    back) and wires its controls; a link replaces the fight with the one it carries."""
    global page
    if page is None:
        page = FightPage(tables, locations, BrowserStore(), measured=start.measured, now=dom.now)
        start.listen(LISTENERS, create_proxy)
        table.listen(page)
        # An earlier round's fold opened: "toggle" does not bubble, so it is caught on its way down.
        dom.element("fl-out").addEventListener("toggle", create_proxy(
            lambda event: act(page.on_log_toggle(dom.data_of(event)))), True)
        dom.element("fd-list").addEventListener("toggle", create_proxy(on_row_toggle), True)
    act(page.open(dom.values("fa-form"), link))
    window.setTimeout(create_once_callable(page.warm_up), 0)  # after the fight is drawn
