"""Everything stored that does not read, in one list: kept as it is, offered for export.

The start page lists these apart ("set aside"): a record whose text its kind's reader refuses,
earlier versions that do not read, what deleted records are kept in when it does not read,
and what the library moved out of the way (``strike-rank/set-aside/…``) so a record could be
written again. None of them is ever deleted or overwritten by the app;
:func:`pyengine.library.records.export_item` gives each as a file, exactly as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from pyengine.library.deleted import read_bin
from pyengine.library.fights import read_fight
from pyengine.library.history import read_history, unpack
from pyengine.library.kinds import APP_PREFIX, label, parse_key
from pyengine.library.parties import read_party
from pyengine.library.records import Damaged, Reader, read_one
from pyengine.library.templates import read_template
from pyengine.storage.keys import DELETED, SET_ASIDE
from pyengine.storage.store import Store

#: The readers of the library's own kinds (the pages pass the others: ``character``, ``gear``).
OWN_READERS: dict[str, Reader] = {"template": read_template, "party": read_party, "fight": read_fight}


def damaged_items(store: Store, readers: Mapping[str, Reader] | None = None, *, unpack_versions: bool = False) -> tuple[Damaged, ...]:
    """Every item of the app that does not read, in key order. ``readers``: how the pages'
    kinds are read (``character``, ``gear``; a kind without a reader is not checked).
    ``unpack_versions``: earlier versions are unpacked too (slower; without, only their
    record is read, and a save finds the rest)."""
    read = {**OWN_READERS, **(readers or {})}
    out = []
    for key in sorted(store.keys()):
        if not key.startswith(APP_PREFIX):
            continue
        text = store.get(key)
        if text is None:
            continue
        parsed = parse_key(key)
        if key.startswith(SET_ASIDE):
            where, _, was = key[len(SET_ASIDE):].partition("/")
            out.append(Damaged(key=key, reason=f"set aside on {where or 'an unknown day'}; it was under {was!r}"))
        elif key == DELETED:
            reason = read_one(read_bin, text)[1]
            if reason:
                out.append(Damaged(key=key, reason=reason))
        elif parsed is not None and parsed[2]:
            kind, ident, _ = parsed
            source = f"earlier versions of {label(kind, ident)}"
            history, reason = read_one(partial(read_history, source=source), text)
            if not reason and unpack_versions:
                reason = read_one(partial(unpack, source=source), history.versions)[1]
            if reason:
                out.append(Damaged(key=key, reason=reason, kind=kind, ident=ident))
        elif parsed is not None and parsed[0] in read:
            reason = read_one(read[parsed[0]], text)[1]
            if reason:
                out.append(Damaged(key=key, reason=reason, kind=parsed[0], ident=parsed[1]))
    return tuple(out)
