"""What every page does first: a save a crash cut short is taken back, and said.

The glue (``web/app/start.py``) calls :func:`wait_before` and then :func:`recover` before the
page reads anything stored, and only when the journal of a save in progress is there
(``strike-rank/journal``, :mod:`pyengine.library.journal`): a page whose saves all finished
imports nothing more for it.
"""

from __future__ import annotations

from pyengine.pages.view import Update
from pyengine.storage.store import Store

#: The notice above every page's content (web/shell.html) that says what did not finish.
NOTICE = "save-recovered"


def wait_before(store: Store, now: str) -> float:
    """Seconds to wait before :func:`recover` (``now``: ISO text): a journal begun less than
    3 seconds ago may be another tab's save, still being written."""
    # the journal loads only when a save did not finish, not at every page's start
    from pyengine.library.journal import wait_before_recovering

    return wait_before_recovering(store, now)


def recover(store: Store, now: str = "") -> Update:
    """The unfinished save taken back; the page says what did not finish (nothing: every save did).
    A journal that cannot be taken back is said too: a damaged one set aside (``now``: when, ISO
    text), a newer version's left for it, with what this version will not save until then."""
    # the journal loads only when a save did not finish, not at every page's start
    from pyengine.library.journal import recover as take_back

    return Update(notices={NOTICE: take_back(store, now)})
