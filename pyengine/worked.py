"""Results of a pure function of a table and a value, kept to be given again.

The sheet works out its natural abilities at every edit, the start page each member's hit
points at every drawing of a party, and a write-back or a week passing does both for every
adventurer in it: the same table and the same seven characteristics always give the same
result (frozen Records, shared as they are). :class:`WorkedOut` keeps them per table, by the
table's identity (tables hold dicts and are not hashable; the table is kept beside its results,
so an identity is never another table's), and forgets them all when full. No rules here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
R = TypeVar("R")

#: Tables remembered at once (a page has one set; tests make more).
MAX_TABLES = 4


class WorkedOut(Generic[T, K, R]):
    """``work(table, key)``, each worked out once per table and key (at most ``size`` kept per
    table)."""

    def __init__(self, work: Callable[[T, K], R], size: int = 512) -> None:
        self.work = work
        self.size = size
        self._kept: dict[int, tuple[T, dict[K, R]]] = {}

    def __call__(self, table: T, key: K) -> R:
        held = self._kept.get(id(table))
        if held is None or held[0] is not table:
            if len(self._kept) >= MAX_TABLES:
                self._kept.clear()
            held = self._kept[id(table)] = (table, {})
        results = held[1]
        if key in results:
            return results[key]
        if len(results) >= self.size:
            results.clear()
        result = results[key] = self.work(table, key)
        return result
