"""The device's storage as a controller sees it: text by key.

The page gives a controller the browser's ``localStorage`` (or ``sessionStorage``)
behind this protocol (``web/app/dom.py``, ``BrowserStore``); tests give it a
:class:`MemoryStore`. Keys and what is stored under them are in docs/formats.md
("Stored records").
"""

from __future__ import annotations

from typing import Protocol

from pyengine.errors import StorageError


class Store(Protocol):
    """Text by key, as Web Storage keeps it."""

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None``."""

    def put(self, key: str, text: str) -> None:
        """Stores ``text`` under ``key``.

        :raises StorageError: the device would not store it (full, or refused); what was
            stored before under ``key`` is still there.
        """

    def remove(self, key: str) -> None:
        """Removes ``key`` (nothing happens when there is none)."""

    def keys(self) -> list[str]:
        """Every key stored."""


class Crashed(BaseException):
    """A :class:`MemoryStore` stopped, as a killed tab does: no ``except Exception`` catches it."""


class MemoryStore:
    """A :class:`Store` in memory, for tests; ``quota`` (characters of keys and texts)
    makes it refuse what would not fit, as a full browser storage does; ``crash_after``
    makes it stop after that many writes (puts and removes), as a killed tab does: the next
    write raises :class:`Crashed` and is not done, nor is any after it."""

    def __init__(self, items: dict[str, str] | None = None, *, quota: int | None = None,
                 crash_after: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.crash_after = crash_after
        self.writes = 0
        """Writes done so far (puts and removes, refused ones not counted)."""

    def _write(self) -> None:
        if self.crash_after is not None and self.writes >= self.crash_after:
            raise Crashed(f"the store stopped after {self.crash_after} writes")
        self.writes += 1

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def put(self, key: str, text: str) -> None:
        if self.crash_after is not None and self.writes >= self.crash_after:
            self._write()
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                raise StorageError(
                    f"storage: the device's storage is full (QuotaExceededError); {key!r} was not written"
                )
        self._write()
        self.items[key] = text

    def remove(self, key: str) -> None:
        self._write()
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)
