"""One backup file: everything the app keeps in this browser's ``localStorage``.

The file (docs/formats.md "Device library") is JSON, one item a line::

    {
     "format": 1,
     "kind": "backup",
     "app": "0.5.0",
     "made": "2025-03-01T23:10:00.000Z",
     "items": {
      "strike-rank/character/a1b2c3d4e5f6": "{\\"format\\": 1, \\"name\\": \\"Rurik\\", …}",
      "strike-rank/history/character/a1b2c3d4e5f6": "{\\"format\\":1,\\"current\\":…}",
      …
     }
    }

``items`` holds every key under ``strike-rank/`` and its text exactly as stored: adventurers
and their earlier versions, templates, parties, fights, gear lists, what was deleted and kept
aside, damaged records, and the drafts (what is being typed on the sheet, in fight mode, on
the gear page), so importing it into an empty browser gives back exactly the same state.
Importing into a browser that already has records is a merge (:mod:`.merge`).

A file that names one of its items twice (edited by hand, or two files pasted together) is
read as every JSON reader reads it, the last copy taken, so the file means here what it means
in any other program; each other copy is kept, an item set aside
(``strike-rank/set-aside/<when the file was made>/<key>``), and the key is named
(:attr:`Backup.duplicates`), so the plan and the import say so. The file's own fields
(``format``, ``kind``, ``items`` …) given twice, differently, are refused: which file is meant
cannot be told.
"""

from __future__ import annotations

import json
from typing import Any

from pyengine.errors import RecordError
from pyengine.library.kinds import APP_PREFIX
from pyengine.library.naming import name_of
from pyengine.library.records import Damaged
from pyengine.storage.keys import JOURNAL, SET_ASIDE
from pyengine.storage.store import Store
from pyengine.tables import Record
from pyengine.validation import shown

#: The backup format this code writes and reads.
FORMAT = 1
KIND = "backup"
#: The largest backup file read (far above what a browser's storage holds).
MAX_SIZE = 64 * 1024 * 1024


class Duplicate(Record, frozen=True):
    """An item the file names more than once."""

    key: str
    name: str
    """The item as the start page names it (:func:`.naming.name_of`)."""
    copies: int
    """How many times the file names it."""
    aside: tuple[str, ...] = ()
    """Where each other copy (its text not the one taken) is kept, set aside; ``()``: every
    copy is the same text."""
    last_refused: bool = False
    """The last copy is not text (it is in :attr:`Backup.refused`)."""

    def said(self) -> str:
        """``adventurer Rurik (a1b2c3d4e5f6) is in the file twice: the last copy is taken; …``."""
        times = "twice" if self.copies == 2 else f"{self.copies:,} times"
        head = f"{self.name} is in the file {times}: the last copy is taken (as any program reading the file takes it)"
        if self.last_refused:
            head += ", and it is damaged (not imported)"
        if not self.aside:
            return f"{head}; it is the same text each time" if not self.last_refused else head
        if len(self.aside) == 1:
            which = "the first" if self.copies == 2 else "the other text"
            return f"{head}; {which} is kept set aside, under {self.aside[0]}"
        shown = ", ".join(self.aside[:3]) + (f" and {len(self.aside) - 3:,} more" if len(self.aside) > 3 else "")
        return f"{head}; the {len(self.aside):,} other texts are kept set aside, under {shown}"


class Backup(Record, frozen=True):
    """A backup file, read."""

    format: int = FORMAT
    app: str = ""
    """The app version that made it."""
    made: str = ""
    """When (ISO text)."""
    items: dict[str, str] = {}
    """Key -> text, as stored."""
    refused: tuple[Damaged, ...] = ()
    """Entries of the file that cannot be imported (not text, not one of the app's keys)."""
    duplicates: tuple[Duplicate, ...] = ()
    """Items the file names more than once (each other copy is in :attr:`items`, set aside)."""


def app_items(store: Store) -> dict[str, str]:
    """Every item the app keeps in ``store`` (its keys under ``strike-rank/``), but the journal
    of a save in progress (it belongs to this device's storage as it is now)."""
    out = {}
    for key in sorted(store.keys()):
        if key.startswith(APP_PREFIX) and key != JOURNAL:
            text = store.get(key)
            if text is not None:
                out[key] = text
    return out


def export_backup(store: Store, *, now: str, app: str) -> tuple[str, str]:
    """The backup file of everything in ``store``: ``(file name, text)``; ``now`` the time it
    is made (ISO text), ``app`` the app's version."""
    data = {"format": FORMAT, "kind": KIND, "app": app, "made": now, "items": app_items(store)}
    day = "".join(c for c in now[:10] if c.isdigit() or c == "-") or "undated"
    return f"strike-rank-backup-{day}.json", json.dumps(data, indent=1)


def read_backup(text: str | bytes) -> Backup:
    """A backup file. Entries that cannot be imported at all are in :attr:`Backup.refused`,
    named; records whose text does not read are the plan's business (:mod:`.merge`).

    :raises RecordError: ``backup file: …``: not JSON, not a Strike Rank backup, made by a
        newer version, or its items are not a list of the app's keys.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"backup file: damaged (not UTF-8 text: byte {exc.start} is not)") from None
    if len(text) > MAX_SIZE:
        raise RecordError(f"backup file: too big ({len(text)} characters; a backup is at most {MAX_SIZE})")
    try:
        data = json.loads(text.lstrip("\ufeff"), object_pairs_hook=_Object.of)
    except json.JSONDecodeError as exc:
        raise RecordError(f"backup file: damaged (not JSON: it goes wrong at line {exc.lineno}, character {exc.colno})") from None
    except ValueError:
        raise RecordError("backup file: damaged (not JSON)") from None
    except RecursionError:
        raise RecordError("backup file: damaged (nested too deep to be a backup)") from None
    return _checked(data)


class _Object(dict):
    """A JSON object as read: the last copy of each key, and every copy of a key given more
    than once (``copies``: key -> its values in the file's order)."""

    copies: dict[str, list[Any]]

    @classmethod
    def of(cls, pairs: list[tuple[str, Any]]) -> _Object:
        obj = cls()
        copies: dict[str, list[Any]] = {}
        for key, value in pairs:
            if key in obj:
                copies.setdefault(key, [obj[key]]).append(value)
            obj[key] = value
        obj.copies = copies
        return obj


def _checked(data: Any) -> Backup:
    if not isinstance(data, dict):
        raise RecordError(f"backup file: this is not a Strike Rank backup (a JSON {_kind_of(data)}, not an object)")
    for field, values in getattr(data, "copies", {}).items():
        if any(v != values[-1] for v in values):
            raise RecordError(f'backup file: damaged ({_shown(field)} is given twice, differently; which one is '
                              'meant cannot be told)')
    if "format" not in data:
        raise RecordError('backup file: this is not a Strike Rank backup (no "format")')
    found = data["format"]
    if not isinstance(found, int) or isinstance(found, bool):
        raise RecordError(f'backup file: this is not a Strike Rank backup ("format" is {_shown(found)}, not a number)')
    if data.get("kind") != KIND:
        what = data.get("kind")
        said = f'its "kind" is {_shown(what)}' if "kind" in data else 'no "kind": "backup"'
        raise RecordError(f"backup file: this is not a Strike Rank backup ({said}; an adventurer's, a fight's or a "
                          "gear list's file is opened on its own page)")
    if found > FORMAT:
        raise RecordError(f"backup file: made by a newer version of Strike Rank (format {found}); "
                          f"this app reads format {FORMAT}")
    if found < 1:
        raise RecordError(f"backup file: damaged (format {found})")
    items = data.get("items")
    if not isinstance(items, dict):
        raise RecordError('backup file: damaged ("items" is missing or not an object)')
    app, made = data.get("app", ""), data.get("made", "")
    kept, refused = {}, []
    for key, value in items.items():
        if not key.startswith(APP_PREFIX) or len(key) == len(APP_PREFIX):
            refused.append(Damaged(key=key, reason=f"not one of this app's keys (they start {APP_PREFIX})"))
        elif key == JOURNAL:
            refused.append(Damaged(key=key, reason="the journal of a save in progress on the device that made the "
                                                   "file: it belongs to that device's storage, not this one"))
        elif not isinstance(value, str):
            refused.append(Damaged(key=key, reason=f"its value is a JSON {_kind_of(value)}, not the stored text"))
        else:
            kept[key] = value
    made = made if isinstance(made, str) else ""
    duplicates = _duplicates(getattr(items, "copies", {}), kept, made, {d.key for d in refused})
    return Backup(app=app if isinstance(app, str) else "", made=made, items=kept, refused=tuple(refused),
                  duplicates=duplicates)


def _duplicates(copies: dict[str, list[Any]], kept: dict[str, str], made: str,
                refused: set[str]) -> tuple[Duplicate, ...]:
    """Each item named more than once, its other copies added to ``kept``, set aside (``refused``:
    the keys whose last copy is refused; a key that is not the app's is not imported at all)."""
    stamp = "".join(c for c in made[:40] if c.isalnum() or c in "-:.") or "undated"
    out = []
    for key, values in copies.items():
        last_refused = key not in kept
        if last_refused and (key not in refused or not key.startswith(APP_PREFIX) or key == JOURNAL
                             or len(key) == len(APP_PREFIX)):
            continue
        others = list(dict.fromkeys(v for v in values[:-1] if isinstance(v, str) and v != kept.get(key)))
        named = kept if not last_refused else {key: others[-1]} if others else {}
        aside = []
        for n, text in enumerate(others, start=1):
            where, more = f"{SET_ASIDE}{stamp}{f'~{n}' if n > 1 else ''}/{key}", n
            while kept.get(where, text) != text:  # the file's own item set aside there: never replaced
                more += 1
                where = f"{SET_ASIDE}{stamp}~{more}/{key}"
            kept[where] = text
            aside.append(where)
        out.append(Duplicate(key=key, name=name_of(key, named), copies=len(values), aside=tuple(aside),
                             last_refused=last_refused))
    return tuple(out)


def _kind_of(value: Any) -> str:
    return {dict: "object", list: "list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "number")


def _shown(value: Any) -> str:
    """A value from the file as JSON writes it, cut by the shared cutter."""
    return shown(value, 40, as_json=True)
