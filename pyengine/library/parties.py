"""Parties: the game master's groups of saved adventurers.

A party (``strike-rank/party/<id>``, docs/formats.md "Device library") is JSON::

    {"format": 1, "name": "The ford", "members": ["a1b2c3d4e5f6", "0f1e2d3c4b5a"]}

``members`` are character ids, in the order the game master put them. A member whose record
is gone or does not read stays in the party and is shown as such (:func:`members_of`): the
party never drops anyone by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

import msgspec

from pyengine.errors import RulesError
from pyengine.library.kinds import record_key
from pyengine.library.records import Listing, Reader, by_name, read_one, read_struct, save_new_or
from pyengine.library.versions import Saved
from pyengine.storage.store import Store
from pyengine.tables import Record

FORMAT = 1
MAX_NAME = 60
MAX_MEMBERS = 50

Ident = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]


class Party(Record, frozen=True, kw_only=True):
    """A named, ordered group of saved adventurers."""

    format: int = FORMAT
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]
    members: Annotated[tuple[Ident, ...], msgspec.Meta(max_length=MAX_MEMBERS)] = ()
    """Character ids, in order; no id twice."""

    def __post_init__(self) -> None:
        if len(set(self.members)) != len(self.members):
            raise ValueError("members: an adventurer is in the party twice")


class Member(Record, frozen=True):
    """One member as the party shows him."""

    ident: str
    status: str
    """``"ok"``, ``"missing"`` (no record under his id any more) or ``"damaged"`` (it does not read)."""
    value: Any = None
    """What the reader made of his record (``"ok"`` only)."""
    reason: str = ""
    """Why it does not read (``"damaged"``)."""


def read_party(text: str) -> Party:
    """A stored party.

    :raises RecordError: it does not read (the message says where).
    """
    return read_struct(text, Party, "party", FORMAT)


def make_party(name: str, members: Sequence[str] = ()) -> Party:
    """A party named ``name`` with ``members`` (ids; one given twice counts once).

    :raises RulesError: no name or one too long (``field="name"``), too many members.
    """
    name = name.strip()
    if not name:
        raise RulesError("party name: give the party a name", field="name")
    if len(name) > MAX_NAME:
        raise RulesError(f"party name: at most {MAX_NAME} characters (this one has {len(name)})", field="name")
    unique = tuple(dict.fromkeys(members))
    if len(unique) > MAX_MEMBERS:
        raise RulesError(f"party: at most {MAX_MEMBERS} members (this one has {len(unique)})", field="members")
    return Party(name=name, members=unique)


def with_member(party: Party, ident: str) -> Party:
    """The party with ``ident`` added at the end (already there: unchanged).

    :raises RulesError: the party is full.
    """
    return make_party(party.name, (*party.members, ident))


def without_member(party: Party, ident: str) -> Party:
    """The party without ``ident`` (his record is not touched)."""
    return msgspec.structs.replace(party, members=tuple(m for m in party.members if m != ident))


def moved(party: Party, ident: str, by: int) -> Party:
    """``ident`` moved ``by`` places (negative: up), stopping at either end."""
    members = list(party.members)
    if ident not in members:
        return party
    i = members.index(ident)
    members.insert(max(0, min(len(members) - 1, i + by)), members.pop(i))
    return msgspec.structs.replace(party, members=tuple(members))


def save_party(store: Store, party: Party, *, when: str, new_id: Callable[[], str], ident: str | None = None,
               why: str = "party changed", expected: str | None = None) -> tuple[str, Saved]:
    """Stores ``party`` under ``ident`` (``None``: a new one); its previous version is kept.

    :raises ConflictError: it changed since ``expected`` was read.
    :raises StorageError: the device would not store it (nothing changed).
    """
    return save_new_or(store, "party", party, when=when, new_id=new_id, ident=ident, why=why, expected=expected)


def list_parties(store: Store) -> Listing:
    """Every party, by name; damaged ones apart."""
    return by_name(store, "party", read_party)


def members_of(store: Store, party: Party, read: Reader) -> tuple[Member, ...]:
    """Each member in order, his record read by ``read`` (the page's adventurer reader); a
    member whose record is gone or damaged is there too, said so."""
    out = []
    for ident in party.members:
        text = store.get(record_key("character", ident))
        if text is None:
            out.append(Member(ident=ident, status="missing"))
            continue
        value, reason = read_one(read, text)
        out.append(Member(ident=ident, status="damaged", reason=reason) if reason
                   else Member(ident=ident, status="ok", value=value))
    return tuple(out)
