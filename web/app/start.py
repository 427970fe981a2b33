"""How a page starts: its set-up, then ``data-ready``; what its controls need loaded just
after (:class:`Preparation`); the performance marks the benchmark reads (docs/startup.md)."""

from __future__ import annotations

import asyncio
import contextlib

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, fetch, window

import pyengine
from app import dom, paint, share_sheet
from app.browser_store import BEFORE_CHANGE, BrowserStore
from app.dom import element
from pyengine.pages.in_turn import InTurn
from pyengine.storage.keys import JOURNAL


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


async def runequest_tables():
    """The RuneQuest tables and the hit locations, fetched (the service worker keeps them) and
    decoded; the decoding measured as "table decode"."""
    from pyengine.runequest.tables.catalogue import HIT_LOCATIONS, TABLE_IDS, RuneQuestTables
    from pyengine.runequest.tables.hit_locations import HitLocationTable
    from pyengine.tables import load_table

    async def one(table_id: str) -> tuple[str, bytes]:
        return table_id, bytes(await fetch(f"./tables/{table_id}.msgpack").bytearray())

    blobs = dict(await asyncio.gather(*(one(t) for t in (*TABLE_IDS, HIT_LOCATIONS))))
    with measured("table decode"):
        tables = RuneQuestTables.from_msgpack(blobs)
        locations = load_table(HitLocationTable, blobs[HIT_LOCATIONS], f"tables/{HIT_LOCATIONS}.msgpack")
    return tables, locations


async def start_page(setup, later=None) -> None:
    """Runs a page's set-up; then the page is ready — or it says in the status line why not.

    ``later``, if given, runs just after the page is ready, in its own turn of the event
    loop: a function that imports what the page's controls will need, or a
    :class:`Preparation` (a first visit compiles each module it imports, so starting does
    only what the page's first view needs; docs/startup.md). When it is done the body gets
    ``data-prepared="1"`` and the performance mark ``prepared``.
    """
    paint.begin()
    BEFORE_CHANGE[:] = [paint.saved]
    await recover_saves()
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


async def recover_saves() -> None:
    """A save a crash cut short taken back before the page reads anything
    (``pyengine.pages.recovery``), and said; nothing is imported when every save finished."""
    store = BrowserStore()
    try:
        if store.get(JOURNAL) is None:
            return
    except Exception:  # storage the browser refuses: the page says so where it reads it
        return
    from pyengine.pages import recovery

    wait = recovery.wait_before(store, dom.now())
    if wait:
        await asyncio.sleep(wait)
    dom.apply(recovery.recover(store, dom.now()))


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
        self._line = InTurn()  # events that wait for the work, handled in the order they came
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

    def calls(self, controller, name: str):
        """A listener calling the glue function ``name`` of ``controller()`` (see :meth:`listener`)."""
        return self.listener(lambda event: getattr(controller(), name)(event))

    def listener(self, handler):
        """A JS event listener running ``handler(event)``: at once when the work is done and
        no event waits, else in its turn once it is (:mod:`pyengine.pages.in_turn`). (A default
        action is then too late to prevent: the pages' forms refuse it in listeners of their own.)"""

        def call(event) -> None:
            if self._line.must_wait(self.done):
                then = dom.everything()
                asyncio.ensure_future(self._line.wait(self.begin(), lambda: _as_it_was(lambda: handler(event), then)))
                return
            result = handler(event)
            if asyncio.iscoroutine(result):  # it runs later: on the fields as they are now
                asyncio.ensure_future(_as_it_was(lambda: result, dom.everything()))

        return create_proxy(call)


async def _as_it_was(work, then: dict[str, str]) -> None:
    """Runs ``work()`` (a handler, or one returning its coroutine) reading the fields as they
    were when its event happened (``then``): a weapon chosen and added, then another chosen at
    once, adds the first even when the page was busy and the handler ran after the second choice."""
    with dom.as_it_was(then):
        result = work()
        if asyncio.iscoroutine(result):
            await result


def listen(listeners, make) -> None:
    """Listens on each ``(element id, event, what)`` of ``listeners`` with ``make(what)``."""
    for element_id, kind, what in listeners:
        element(element_id).addEventListener(kind, make(what))


def enable(*ids: str) -> None:
    """The controls that waited for Python, usable now."""
    for ident in ids:
        element(ident).disabled = False


def mark_ready() -> None:
    """Tells the page (and its tests) that Python is up and the page works."""
    element("engine-version").textContent = f"rules engine {pyengine.__version__}"
    share_sheet.offer()
    paint.settle()
    document.body.dataset.ready = "1"
    window.performance.mark("ready")


#: A listener refusing a form's submission (the pages handle their forms themselves).
prevent_default = create_proxy(lambda event: event.preventDefault())


def mark_prepared() -> None:
    """Tells the tests and the benchmark that the controls' needs are loaded; then the standard library's rest is read."""
    document.body.dataset.prepared = "1"
    window.performance.mark("prepared")
    window.strikeRankStdlib.fillTrimmed(False)


def mark_failed(message: str) -> None:
    """Says in the status line that the page could not start, and why."""
    status = element("engine-status")
    status.classList.add("failed")
    status.textContent = message
