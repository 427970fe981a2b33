"""Events that wait for a page's controls are handled in the order they came
(pyengine/pages/in_turn.py), driven as web/app/start.py's Preparation drives it."""

from __future__ import annotations

import asyncio

from pyengine.pages.in_turn import InTurn


class Controls:
    """A page's controls as the glue wires them: each event handled at once when it need not
    wait, else in its turn once ``loading`` is done; ``handled`` records the order."""

    def __init__(self) -> None:
        self.line = InTurn()
        self.loading = asyncio.get_running_loop().create_future()
        self.handled: list[str] = []

    def event(self, name: str) -> None:
        if not self.line.must_wait(self.loading.done()):
            self.handled.append(name)
            return

        async def handle() -> None:
            self.handled.append(name)

        asyncio.ensure_future(self.line.wait(self.loading, handle))


async def turns(n: int = 5) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def test_an_event_after_the_loading_waits_behind_the_events_from_before_it():
    # Intent: STR to DEX typed while the tables load, CHA typed just as they are in; CHA is
    # handled last, so the sheet shows all seven (stop 45's CI saw CHA handled first).
    async def play() -> list[str]:
        controls = Controls()
        for name in ("STR", "CON", "SIZ", "INT", "POW", "DEX"):
            controls.event(name)
        await turns()
        controls.loading.set_result(None)
        controls.event("CHA")
        await turns()
        controls.event("Buy")
        return controls.handled

    assert asyncio.run(play()) == ["STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA", "Buy"]


def test_once_nothing_waits_an_event_is_handled_at_once():
    async def play() -> tuple[list[str], list[str]]:
        controls = Controls()
        controls.event("early")
        controls.loading.set_result(None)
        await turns()
        controls.event("now")  # handled before this returns: no turn of the loop
        return list(controls.handled), controls.handled

    at_once, _ = asyncio.run(play())
    assert at_once == ["early", "now"]


def test_events_waiting_on_a_loading_that_failed_are_not_handled_and_do_not_hold_the_line():
    async def play() -> tuple[list[str], bool]:
        controls = Controls()
        controls.event("tap")
        await turns()
        controls.loading.set_exception(RuntimeError("the tables could not be fetched"))
        await turns()
        return controls.handled, controls.line.must_wait(True)

    handled, waits = asyncio.run(play())
    assert handled == [] and waits is False
