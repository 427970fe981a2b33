"""The sheet's share link (kind ``sheet``): the adventurer record itself (docs/formats.md).

Version 2 (issue 18) writes the same record without the fields at their defaults (a weapon line not
trained, no notes, no credit …): the reader fills them in, as it does for any record.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pyengine.errors import RecordError, ShareLinkError
from pyengine.runequest.sheet.adventurer import Adventurer, load_adventurer
from pyengine.share import LinkKind

#: The share-link kind and the version of its state (docs/formats.md): 2 since issue 18, the record
#: without its fields at their defaults.
KIND = "sheet"
VERSION = 2
#: Fields a link always writes, whatever their value: the record's format says how to read the rest.
ALWAYS = frozenset({"format"})


def _lean(value: Any) -> Any:
    """``value`` as builtins, every Struct in it without the fields at their defaults."""
    if isinstance(value, msgspec.Struct):
        out = {}
        for f in msgspec.structs.fields(value):
            item = getattr(value, f.name)
            default = f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory()
            if f.name in ALWAYS or default is msgspec.NODEFAULT or item != default:
                out[f.encode_name] = _lean(item)
        return out
    if isinstance(value, (list, tuple)):
        return [_lean(v) for v in value]
    if isinstance(value, dict):
        return {msgspec.to_builtins(k): _lean(v) for k, v in value.items()}
    return msgspec.to_builtins(value)


def to_state(adventurer: Adventurer) -> dict:
    """The share-link data for a sheet: the saved record itself, without the fields at their defaults."""
    data: dict = _lean(adventurer)
    return data


def from_state(data: object, version: int = VERSION) -> Adventurer:
    """Reads a shared sheet back (versions 1 and 2: a record, whole or without its defaults).

    :raises ShareLinkError: a state version this code does not know, or a record that does not fit.
    """
    if version not in (1, VERSION):
        raise ShareLinkError(f"share link: sheet state version {version!r} is not known (this app reads {VERSION})")
    if not isinstance(data, dict):
        raise ShareLinkError(f"share link: a sheet is a record, not {type(data).__name__}")
    try:
        return load_adventurer(data)
    except RecordError as exc:
        raise ShareLinkError(f"share link: {exc}") from None


#: A sheet's share link (opens read-only, with "save a copy").
LINK = LinkKind(KIND, VERSION, from_state)
