"""The sheet's share link (kind ``sheet``): the adventurer record itself (docs/formats.md).

Version 2 writes the same record without the fields at their defaults (a weapon line not
trained, no notes, no credit …), every key that :data:`KEYS` lists as its code (``"characteristics"`` is
``"C"``): the reader names the keys again and fills the defaults in, as it does for any record.
"""

from __future__ import annotations

from typing import Any

import msgspec

from pyengine.errors import RecordError, ShareLinkError
from pyengine.runequest.sheet.adventurer import Adventurer, load_adventurer
from pyengine.share import LinkKind

#: The share-link kind and the version of its state (docs/formats.md): 2, the record without its
#: fields at their defaults.
KIND = "sheet"
VERSION = 2
#: Fields a link always writes, whatever their value: the record's format says how to read the rest.
ALWAYS = frozenset({"format"})
#: The keys version 2 writes as codes, frozen (a later field is written as it is): the record's field names
#: (format 2) and the location keys. The k-th key's code is :func:`code` (k): ``A`` … ``Z``, ``a`` … ``z``,
#: then two letters. A key of the record that is itself a code, or starts with ``~``, is written after a ``~``.
KEYS = (
    "format", "name", "characteristics", "STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA", "age", "background",
    "background_roll", "money", "savings", "weapons", "weapon", "hand", "attack", "parry", "attack_trained",
    "parry_trained", "gear", "ref", "count", "enc", "worn", "carried", "defense", "adventures", "credit", "limit",
    "used", "owed", "cash_owed", "courses", "target", "lunars", "session_weeks", "hours_per_day", "points", "done",
    "on_credit", "notes", "current", "wounds", "damage_taken", "condition", "bleeding", "severed", "maimed",
    "impaled", "resting", "injuries", "location", "cause", "fight", "round", "stuck", "owner", "ammunition",
    "weapon_damage", "broken", "spent", "what", "source", "fights", "experience", "head", "chest", "abdomen",
    "right_arm", "left_arm", "right_leg", "left_leg",
)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def code(k: int) -> str:
    """The code of the ``k``-th key of :data:`KEYS`."""
    return _LETTERS[k] if k < len(_LETTERS) else _LETTERS[k // len(_LETTERS) - 1] + _LETTERS[k % len(_LETTERS)]


_CODE = {key: code(k) for k, key in enumerate(KEYS)}
_KEY = {c: key for key, c in _CODE.items()}


def _coded(value: Any, names: dict[str, str], escape: bool) -> Any:
    """``value`` with every map key renamed by ``names`` (``escape``: writing, else reading)."""
    if isinstance(value, list):
        return [_coded(v, names, escape) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if not isinstance(key, str):
            new = key
        elif escape:
            new = names.get(key) or ("~" + key if key in _KEY or key.startswith("~") else key)
        else:
            new = key[1:] if key.startswith("~") else names.get(key, key)
        out[new] = _coded(item, names, escape)
    return out


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
    """The share-link data for a sheet: the saved record itself, without the fields at their defaults, its
    keys as their codes."""
    data: dict = _coded(_lean(adventurer), _CODE, escape=True)
    return data


def from_state(data: object, version: int = VERSION) -> Adventurer:
    """Reads a shared sheet back (versions 1 and 2: a record, whole or without its defaults).

    :raises ShareLinkError: a state version this code does not know, or a record that does not fit.
    """
    if version not in (1, VERSION):
        raise ShareLinkError(f"share link: sheet state version {version!r} is not known (this app reads {VERSION})")
    if not isinstance(data, dict):
        raise ShareLinkError(f"share link: a sheet is a record, not {type(data).__name__}")
    if version == 2:
        data = _coded(data, _KEY, escape=False)
    try:
        return load_adventurer(data)
    except RecordError as exc:
        raise ShareLinkError(f"share link: {exc}") from None


#: A sheet's share link (opens read-only, with "save a copy").
LINK = LinkKind(KIND, VERSION, from_state)
