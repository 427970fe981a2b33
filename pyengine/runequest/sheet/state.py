"""The sheet's share link (kind ``sheet``): the adventurer record itself (docs/formats.md)."""

from __future__ import annotations

import msgspec

from pyengine.errors import RecordError, ShareLinkError
from pyengine.runequest.sheet.adventurer import Adventurer, load_adventurer
from pyengine.share import LinkKind

#: The share-link kind and the version of its state (docs/formats.md).
KIND = "sheet"
VERSION = 1


def to_state(adventurer: Adventurer) -> dict:
    """The share-link data for a sheet: the saved record itself."""
    data: dict = msgspec.to_builtins(adventurer)
    return data


def from_state(data: object, version: int = VERSION) -> Adventurer:
    """Reads a shared sheet back.

    :raises ShareLinkError: a state version this code does not know, or a record that does not fit.
    """
    if version != VERSION:
        raise ShareLinkError(f"share link: sheet state version {version!r} is not known (this app reads {VERSION})")
    if not isinstance(data, dict):
        raise ShareLinkError(f"share link: a sheet is a record, not {type(data).__name__}")
    try:
        return load_adventurer(data)
    except RecordError as exc:
        raise ShareLinkError(f"share link: {exc}") from None


#: A sheet's share link (opens read-only, with "save a copy").
LINK = LinkKind(KIND, VERSION, from_state)
