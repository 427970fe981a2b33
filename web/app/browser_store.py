"""The browser's Web Storage as the controllers' :class:`~pyengine.storage.store.Store`."""

from __future__ import annotations

from pyscript import window

from app.dom import missing
from pyengine.errors import StorageError

#: Called before each change to ``localStorage``: the page's start hands ``app.paint.saved``.
BEFORE_CHANGE: list = []


class BrowserStore:
    """The browser's ``localStorage`` (or ``sessionStorage``) as a controller's
    :class:`~pyengine.storage.store.Store`."""

    def __init__(self, storage=None) -> None:
        self.storage = window.localStorage if storage is None else storage

    def get(self, key: str) -> str | None:
        item = self.storage.getItem(key)
        return None if missing(item) else str(item)

    def put(self, key: str, text: str) -> None:
        self._changing()
        try:
            self.storage.setItem(key, text)
        except Exception as exc:  # QuotaExceededError, SecurityError: the browser's to refuse
            said = str(exc)
            name = "QuotaExceededError" if "Quota" in said else (said.split(":")[0] or type(exc).__name__)
            why = "the device's storage is full" if "Quota" in name else "the browser refused to store it"
            raise StorageError(f"{why} ({name}); nothing was overwritten") from None

    def remove(self, key: str) -> None:
        self._changing()
        self.storage.removeItem(key)

    def _changing(self) -> None:
        # The records' revision moves before the record does: a tab stopped between the two leaves
        # a revision no kept paint has, so no paint of the records before is shown over them after.
        if self.storage == window.localStorage:
            for call in BEFORE_CHANGE:
                call()

    def keys(self) -> list[str]:
        # One call for them all (key(i) is a call into the browser per key); an item named like
        # a member of Storage ("length") is not among Object.keys: then one at a time.
        keys = window.Object.keys(self.storage).to_py()
        length = int(self.storage.length)
        if len(keys) == length:
            return [str(key) for key in keys]
        return [str(self.storage.key(i)) for i in range(length)]
