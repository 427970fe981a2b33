"""Writing to the device's storage so that a refusal loses nothing and says what did not fit.

* :func:`put` -- a write whose refusal is the player's business: the message says what was
  not stored (the device's own words after it).
* :func:`put_quietly` -- a write whose refusal loses nothing (a note about a record, or
  putting back what was there).
* :func:`put_pair` -- a record's earlier versions, then the record itself: when the record does
  not fit, the earlier versions are put back as they were.
* :func:`set_aside` -- a damaged item moved out of the way, never deleted, so its record can
  be written again.
"""

from __future__ import annotations

from pyengine.errors import HeldBack, StorageError
from pyengine.storage.keys import SET_ASIDE
from pyengine.storage.store import Store


def put(store: Store, key: str, text: str, message: str) -> None:
    """Stores ``text`` under ``key``.

    :raises StorageError: ``storage: <message> (the device said: …)``; what was under ``key``
        is still there.
    """
    try:
        store.put(key, text)
    except HeldBack:  # not the device's refusal: its message is already the player's
        raise
    except StorageError as exc:
        raise StorageError(f"storage: {message} (the device said: {exc})") from None


def put_quietly(store: Store, key: str, text: str) -> bool:
    """Stores ``text`` under ``key`` if the device will (False: it would not)."""
    try:
        store.put(key, text)
    except StorageError:
        return False
    return True


def put_pair(store: Store, history_key: str, history: str | None, key: str, text: str | None, *,
             before: str | None, what: str, needs: str = "") -> None:
    """Stores a record's earlier versions (``history``) and then the record (``text``; ``None``:
    either left as it is); ``before``: what was under ``history_key`` (put back if the record
    does not fit; ``None``: nothing was); ``needs``: what the message adds after "its earlier
    versions".

    :raises StorageError: ``storage: <what>: its earlier versions<needs> did not fit`` or
        ``…: its text (N characters) did not fit``; either way nothing was changed.
    """
    if history is not None:
        put(store, history_key, history, f"{what}: its earlier versions{needs} did not fit; nothing was changed")
    if text is None:
        return
    try:
        put(store, key, text, f"{what}: its text ({len(text)} characters) did not fit; nothing was changed")
    except StorageError:
        if history is not None:
            if before is None:
                store.remove(history_key)
            else:
                put_quietly(store, history_key, before)
        raise


def set_aside(store: Store, key: str, when: str) -> str:
    """Moves what is under ``key`` to ``strike-rank/set-aside/<when>/<key>`` (kept as it is)
    and returns that key.

    :raises StorageError: it could not be moved; nothing was changed.
    """
    aside = f"{SET_ASIDE}{when}/{key}"
    put(store, aside, store.get(key) or "", f"the damaged item under {key!r} could not be set aside")
    store.remove(key)
    return aside
