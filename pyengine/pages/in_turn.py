"""Events a page's controls get while what they need is still loading wait for it, and are
then handled in the order they came (``web/app/start.py``'s ``Preparation``).

An event that comes once the loading is done, while events from before still wait to be
handled, goes behind them too. Handled first, it would be overtaken by older ones: typed
fields each fire an event, each handled with the fields as they were when it came, and the
last handled sets what the sheet shows, so the seventh characteristic typed handled before
the sixth left the sheet without one and its Buy button disabled (stop 45's CI).

Light on purpose: the glue imports it as a page starts, before its engine.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable


class InTurn:
    """Keeps the events of one page's controls in the order they came."""

    def __init__(self) -> None:
        self._waiting = 0

    def must_wait(self, loaded: bool) -> bool:
        """Whether an event coming now waits its turn (:meth:`wait`) rather than being
        handled at once: while the loading is not done, or events from before still wait."""
        return not loaded or self._waiting > 0

    def wait(self, loading: Awaitable[object], handle: Callable[[], Awaitable[object]]):
        """An event that came now, waiting its turn: ``handle()`` is awaited once ``loading``
        is. Counted as waiting from now, not from when the coroutine returned is first run.
        If the loading fails, the event is not handled."""
        self._waiting += 1
        return self._in_turn(loading, handle)

    async def _in_turn(self, loading: Awaitable[object], handle: Callable[[], Awaitable[object]]) -> None:
        try:
            await loading
            await handle()
        finally:
            self._waiting -= 1
