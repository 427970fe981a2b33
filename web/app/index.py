"""Start page glue: the dice roller and the saved characters (``pyengine.pages.index``).

Starting imports only the page helpers; the controller (and the roller, the link format
and the character records it brings) is made when a link, a saved character or a click
needs it, or just after the page is ready, since a first visit compiles each module it
imports (docs/startup.md).
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import window

from app import dom, start
from pyengine.pages.keys import CHARACTER_PREFIX

controller = None


def page():
    """The start page's controller, made the first time it is needed."""
    global controller
    if controller is None:
        from pyengine.pages.index import StartPage

        controller = StartPage(dom.BrowserStore())
    return controller


def on_roll(event) -> None:
    event.preventDefault()
    dom.apply(page().on_roll(dom.values("dice-form")))


async def on_result_click(event) -> None:
    await dom.copy_link(event.target)


def on_saved_click(event) -> None:
    dom.apply(page().on_saved_click(dom.data_of(event)))


async def setup() -> None:
    storage = dom.BrowserStore()
    if len(str(window.location.hash)) > 1 or any(k.startswith(CHARACTER_PREFIX) for k in storage.keys()):
        dom.apply(page().open(str(window.location.hash)))
    dom.element("dice-form").addEventListener("submit", create_proxy(on_roll))
    dom.element("dice-result").addEventListener("click", create_proxy(on_result_click))
    dom.element("saved-list").addEventListener("click", create_proxy(on_saved_click))
    dom.element("dice-roll").disabled = False


async def main() -> None:
    await start.start_page(setup, later=page)
