"""Start page glue: the dice roller and the saved characters (``pyengine.pages.index``), and
the device library (``pyengine.pages.start_library``): fights kept, parties, backup, storage.

Starting imports only the page helpers; the dice controller (and the roller, the link format
and the character records it brings) is made when a link, a saved character or a click
needs it, or just after the page is ready; the library's controller just after ready (the
RuneQuest tables only when a party is shown or a click needs them), since a first visit
compiles each module it imports (docs/startup.md).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

import pyengine
from app import dom, scan, start
from app.browser_store import BrowserStore
from app.share_sheet import copy_link
from pyengine.pages.at_start import begin_shown, keeps_adventurers

controller = None
library = None  # the DeviceLibrary, once prepared


def page():
    """The start page's controller, made the first time it is needed."""
    global controller
    if controller is None:
        from pyengine.pages.index import StartPage

        controller = StartPage(BrowserStore())
    return controller


def on_roll(event) -> None:
    event.preventDefault()
    dom.apply(page().on_roll(dom.values("dice-form")))


def on_quick(event) -> None:
    dom.apply(page().on_quick(dom.data_of(event), dom.values("dice-form")))


async def on_result_click(event) -> None:
    await copy_link(event.target)


def on_saved_click(event) -> None:
    dom.apply(page().on_saved_click(dom.data_of(event)))


async def load_tables() -> None:
    """The RuneQuest tables and hit locations (for the parties' hit points and their fights)."""
    dom.apply(library.use_tables(*await start.runequest_tables()))


async def tables_needed() -> None:
    if library.tables is None:
        await load_tables()


async def ask_storage() -> None:
    """Asks the browser to keep the site's storage, and for its estimate; the library says what they mean."""
    granted = usage = quota = None
    storage = window.navigator.storage
    if not dom.missing(storage):
        try:
            granted = bool(await storage.persist())
        except Exception:  # the browser's to refuse
            granted = None
        try:
            estimate = await storage.estimate()
            usage, quota = float(estimate.usage or 0), float(estimate.quota or 0)
        except Exception:
            usage = quota = None
    dom.apply(library.on_storage(granted, usage, quota))


async def prepare() -> None:
    """The dice controller, then the device library drawn; the tables if a party is shown."""
    global library
    dom.apply(page().show_history())
    from pyengine.pages.start_library import DeviceLibrary

    library = DeviceLibrary(BrowserStore(), now=dom.now, app=pyengine.__version__)
    dom.apply(library.open())
    window.performance.mark("listed")  # the saved adventurers, fights and parties drawn (the bench's scale case)
    if library.needs_tables():
        await load_tables()
    await ask_storage()


prepared = start.Preparation(prepare)


async def on_make_party(event) -> None:
    event.preventDefault()
    dom.apply(library.on_make_party(dom.values("party-form")))
    if library.needs_tables():
        await load_tables()


async def on_party_click(event) -> None:
    data = dom.data_of(event)
    if data.get("do") in ("fight", "week", "days"):
        await tables_needed()
    with start.measured(f"party {data.get('do', '')}"):  # the bench's "party week"
        dom.apply(library.on_party_click(data, dom.values("party-list")))


async def on_fights_click(event) -> None:
    if "export" in dom.data_of(event):
        await tables_needed()
    dom.apply(library.on_fights_click(dom.data_of(event)))


async def on_backup_file(event) -> None:
    files = event.target.files
    if not dom.missing(files) and files.length > 0:
        dom.apply(library.on_backup_file(str(await files.item(0).text())))
        event.target.value = ""
        if library.needs_tables():
            await load_tables()


#: (element, event, what the controller is told), each waiting for the library if need be
LISTENERS = (
    ("fights-list", "click", on_fights_click),
    ("party-list", "click", on_party_click),
    ("party-form", "submit", on_make_party),
    ("backup-export", "click", lambda event: dom.apply(library.on_export_backup())),
    ("backup-file", "change", on_backup_file),
    ("backup-out", "click", lambda event: dom.apply(library.on_backup_click(dom.data_of(event), dom.values("backup-out")))),
)


async def setup() -> None:
    dom.apply(begin_shown(BrowserStore()))
    if len(str(window.location.hash)) > 1 or keeps_adventurers(BrowserStore()):
        dom.apply(page().open(str(window.location.hash)))
    dom.element("dice-form").addEventListener("submit", create_proxy(on_roll))
    dom.element("dice-quick").addEventListener("click", create_proxy(on_quick))
    dom.element("dice-result").addEventListener("click", create_proxy(on_result_click))
    dom.element("saved-list").addEventListener("click", create_proxy(on_saved_click))
    dom.element("party-form").addEventListener("submit", start.prevent_default)
    start.listen(LISTENERS, prepared.listener)
    start.enable("dice-roll", "dice-quick", "party-make", "backup-export")
    scan.listen()


async def main() -> None:
    await start.start_page(setup, later=prepared)
