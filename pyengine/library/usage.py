"""How much of the device's storage the app uses, and what to say about it.

``localStorage`` holds about 5 million characters a site in Chromium (keys and texts counted,
each character of JavaScript's UTF-16 one); the start page shows the app's share of it as
megabytes of a million characters each ("1.2 MB of about 5 MB used"). The browser's own
estimate (``navigator.storage.estimate()``: the site's files kept for offline use and
everything else, in bytes) and whether it agreed to keep the site's data
(``navigator.storage.persist()``) are said by :func:`describe_estimate` and
:func:`describe_persistence`; the page glue asks the browser, these functions only word it.
"""

from __future__ import annotations

from pyengine.library.kinds import APP_PREFIX, parse_key
from pyengine.storage.keys import CURRENT_FIGHT, DELETED, SET_ASIDE
from pyengine.storage.store import Store
from pyengine.tables import Record

#: About what ``localStorage`` holds for one site (characters, keys included).
LOCAL_STORAGE_CHARS = 5_000_000
#: Shares that make the page warn.
NEARLY_FULL = 0.8
#: The groups the start page shows, in its order.
GROUPS = ("adventurers", "fights", "templates", "parties", "gear lists", "deleted, kept to undo",
          "set aside", "drafts")
_GROUP_OF_KIND = {"character": "adventurers", "fight": "fights", "template": "templates", "party": "parties",
                  "gear": "gear lists"}


class Usage(Record, frozen=True):
    """Characters the app keeps, by group and in all."""

    groups: dict[str, int]
    """Group name (:data:`GROUPS`) -> characters (keys and texts), earlier versions with their records."""
    total: int
    records: dict[str, int] = {}
    """Group name -> how many records (not counting earlier versions)."""


def group_of(key: str) -> str:
    """The group a key's characters count in."""
    parsed = parse_key(key)
    if parsed is not None:
        return _GROUP_OF_KIND[parsed[0]]
    if key == DELETED:
        return "deleted, kept to undo"
    if key.startswith(SET_ASIDE):
        return "set aside"
    if key == CURRENT_FIGHT:
        return "fights"
    return "drafts"


def storage_use(store: Store) -> Usage:
    """What the app keeps in ``store`` (its keys under ``strike-rank/``)."""
    groups = dict.fromkeys(GROUPS, 0)
    records = dict.fromkeys(GROUPS, 0)
    for key in store.keys():
        if not key.startswith(APP_PREFIX):
            continue
        text = store.get(key) or ""
        group = group_of(key)
        groups[group] += len(key) + len(text)
        parsed = parse_key(key)
        if parsed is not None and not parsed[2]:
            records[group] += 1
    return Usage(groups=groups, total=sum(groups.values()), records=records)


def megabytes(chars: int) -> str:
    """``1.2 MB`` (a million characters each), ``0.3 MB``, ``less than 0.1 MB``."""
    if 0 < chars < 50_000:
        return "less than 0.1 MB"
    return f"{chars / 1_000_000:.1f} MB"


def describe_usage(used: Usage | int, limit: int = LOCAL_STORAGE_CHARS) -> str:
    """"1.2 MB of about 5 MB used", and a warning past 80%."""
    total = used.total if isinstance(used, Usage) else used
    line = f"{megabytes(total)} of about {limit / 1_000_000:g} MB used"
    if total >= limit * NEARLY_FULL:
        line += ": nearly full. Export a backup, then delete fights or records you no longer need"
    return line


def describe_groups(used: Usage) -> list[str]:
    """One line per group that holds anything: ``adventurers: 0.8 MB (200)``."""
    out = []
    for group in GROUPS:
        chars = used.groups.get(group, 0)
        if chars:
            count = used.records.get(group, 0)
            out.append(f"{group}: {megabytes(chars)}" + (f" ({count})" if count else ""))
    return out


def describe_estimate(usage_bytes: float | None, quota_bytes: float | None) -> str:
    """The browser's estimate of all the site keeps (``navigator.storage.estimate()``), or
    ``""`` when it gave none."""
    if not usage_bytes and not quota_bytes:
        return ""

    def size(n: float) -> str:
        return f"{n / 1e9:.1f} GB" if n >= 1e9 else f"{n / 1e6:.1f} MB"

    if not quota_bytes:
        return f"The site keeps {size(usage_bytes or 0)} in this browser (its files for offline use included)."
    return (f"The site keeps {size(usage_bytes or 0)} in this browser (its files for offline use included); "
            f"the browser allows it about {size(quota_bytes)}.")


def describe_persistence(granted: bool | None) -> str:
    """What to say once the browser answered ``navigator.storage.persist()`` (``None``: this
    browser does not ask)."""
    if granted:
        return "This browser keeps the site's records until you delete them or clear its data."
    if granted is None:
        return ("This browser does not say whether it keeps the site's records when space runs short: "
                "export a backup now and then.")
    return ("This browser may clear the site's records when space runs short (it did not agree to keep them): "
            "export a backup now and then, or install the app, which browsers usually keep.")
