"""How a backup's keys are named where a person reads them: one by one (``adventurer Rurik
(a1b2c3d4e5f6)``, as the start page names a record: its kind, its name, its id) and counted by
kind (``2,290 adventurers, 20 fights``).

A name comes from the record's own text when it reads as a JSON object with a ``"name"``; a
name is cut, since the file is input and a message must stay readable.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from pyengine.library.kinds import NAMES, parse_key, record_key
from pyengine.storage.keys import (
    CURRENT_FIGHT,
    DELETED,
    DICE_RECENT,
    FIGHT_DRAFT,
    GEAR_DRAFT,
    SET_ASIDE,
    SHEET_DRAFT,
)

#: The longest record name a message repeats.
MAX_NAME = 60

#: The plain items, as a person knows them.
ITEM_WORDS = {
    SHEET_DRAFT: "what is being typed on the sheet (its draft)",
    FIGHT_DRAFT: "fight mode's open fight (its draft)",
    GEAR_DRAFT: "what is being typed on the gear page (its draft)",
    CURRENT_FIGHT: "which saved fight fight mode has open",
    DELETED: "the deleted records kept to undo",
    DICE_RECENT: "the latest dice rolls",
}
_PLURAL = {"adventurer": "adventurers", "opponent template": "opponent templates", "party": "parties",
           "fight": "fights", "gear list": "gear lists"}
_DRAFTS = {SHEET_DRAFT, FIGHT_DRAFT, GEAR_DRAFT}


def name_of(key: str, items: Mapping[str, str]) -> str:
    """``key`` as the start page would name it; ``items``: the file's (or device's) texts, for
    a record's name."""
    parsed = parse_key(key)
    if parsed is not None:
        kind, ident, is_history = parsed
        if is_history:
            return f"the earlier versions of {name_of(record_key(kind, ident), items)}"
        noun = NAMES.get(kind, kind)
        if kind == "gear":  # a gear list's id is its name
            return f"{noun} {_cut(ident)}"
        name = _name_in(items.get(key))
        return f"{noun} {name} ({_cut(ident)})" if name else f"{noun} {_cut(ident)}"
    if key in ITEM_WORDS:
        return ITEM_WORDS[key]
    if key.startswith(SET_ASIDE):
        _, slash, was = key[len(SET_ASIDE):].partition("/")
        return f"an item set aside (it was {name_of(was, items)})" if slash and was else "an item set aside"
    return _cut(key)


def tally(keys: Iterable[str]) -> str:
    """How many of each kind ``keys`` are: ``2,290 adventurers, 20 fights and 1 draft``
    (``""``: none)."""
    counts: dict[str, int] = {}
    for key in keys:
        group = _group(key)
        counts[group] = counts.get(group, 0) + 1
    parts = [_counted(group, n) for group, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else ""


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 adventurer``, ``2,290 adventurers``."""
    return f"{n:,} {one if n == 1 else many or one + 's'}"


def _group(key: str) -> str:
    parsed = parse_key(key)
    if parsed is not None:
        return ("history:" if parsed[2] else "kind:") + NAMES.get(parsed[0], parsed[0])
    if key in _DRAFTS:
        return "draft"
    if key == DELETED:
        return "deleted"
    if key.startswith(SET_ASIDE):
        return "aside"
    return "other"


def _counted(group: str, n: int) -> str:
    where, _, noun = group.partition(":")
    if where == "kind":
        return plural(n, noun, _PLURAL.get(noun))
    if where == "history":
        return f"the earlier versions of {plural(n, noun, _PLURAL.get(noun))}"
    if group == "deleted":
        return "the deleted records kept to undo"
    if group == "aside":
        return plural(n, "item set aside", "items set aside")
    return plural(n, group if group == "draft" else "other item")


def _name_in(text: str | None) -> str:
    if not text or len(text) > 4_000_000:
        return ""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return _cut(" ".join(name.split())) if isinstance(name, str) else ""


def _cut(text: str) -> str:
    return text if len(text) <= MAX_NAME else text[:MAX_NAME - 1] + "…"
