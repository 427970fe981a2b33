"""Reading what a player types on the sheet page, and the sheet's share-link state.

Typed text is read here, not in the page glue, so every message names the field and
the value the same way everywhere: ``STR: 'abc' is not a whole number``.
"""

from __future__ import annotations

import msgspec

from pyengine.errors import RulesError, ShareLinkError
from pyengine.runequest.adventurer import Adventurer, RecordError, load_adventurer

#: The share-link kind and the version of its state (docs/formats.md).
KIND = "sheet"
VERSION = 1

#: The largest number a score or an amount of money may be typed as.
MAX_SCORE = 99
MAX_LUNARS = 10_000_000


def read_whole(field: str, text: str, low: int, high: int) -> int:
    """Reads a whole number typed into ``field``.

    :raises RulesError: empty, not a whole number, or outside ``low..high``; names the field and value.
    """
    raw = text.strip()
    if not raw:
        raise RulesError(f"{field}: empty; type a whole number from {low} to {high}")
    if not (raw.isdigit() or (raw[0] in "+-" and raw[1:].isdigit())) or len(raw) > 12:
        raise RulesError(f"{field}: {raw!r} is not a whole number")
    value = int(raw)
    if not low <= value <= high:
        raise RulesError(f"{field}: {value} is not from {low} to {high}")
    return value


def read_score(characteristic: str, text: str) -> int:
    """A characteristic as typed: 0-99 is accepted (the sheet reports one outside 3-21)."""
    return read_whole(characteristic, text, 0, MAX_SCORE)


def read_lunars(field: str, text: str) -> int:
    """An amount of Lunars as typed (an empty field is 0)."""
    return read_whole(field, text, 0, MAX_LUNARS) if text.strip() else 0


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
