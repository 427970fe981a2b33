"""Who was at the game master's live table, kept on his phone (``strike-rank/draft/table``, docs/formats.md
"The game master's phone keeps its table's seats"), so that his page's reload loses no seat.

A reload of the game master's page ends every channel (the connections live in the page). The fight is fight
mode's own draft; this keeps the seats: each player's device id, name and combatants. When the table opens
again (:class:`~pyengine.pages.fight.table_panel.TablePanel`), the seats come back, every one away; a phone
that scans the new join code and names a kept device takes its seat again with no new approval, as a phone
coming back within the same page does (:class:`~pyengine.live.host.Host`: a known device). Why no approval:
the device id is a 12-byte random value only that phone and this one hold (sent on the encrypted channel,
never shown), and the phone still has to scan a join code the game master shows, with its fresh secret.
A seat by codes (no channel) is kept with the key its codes are sealed with (:mod:`pyengine.live.seal`), and
comes back as a seat by codes: never taken by a channel's hello (its device id was shown in a code), found
again by its phone in the next fight code, its codes taken as before. "Close the table" forgets them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import msgspec

from pyengine.errors import StorageError
from pyengine.library.drafts import drop_draft, keep_draft, read_draft
from pyengine.live.host import Host, Out
from pyengine.live.messages import MAX_SEATS, Ident, Key, Name, PlayerName, Seat
from pyengine.storage.store import Store
from pyengine.validation import explain

if TYPE_CHECKING:
    from pyengine.pages.fight.live import LiveTable

#: The format of what is kept.
FORMAT = 1
#: The longest kept text read (characters): eight seats of a name and a few combatants each.
MAX_KEPT = 16_384


class KeptSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A seat as kept: the player's phone's device id, his name, the combatants he plays, and for a seat by
    codes the key his codes are sealed with."""

    seat: Seat
    device: Ident
    name: PlayerName
    who: Annotated[list[Name], msgspec.Meta(max_length=24)] = []
    key: Key | None = None


class TableKept(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the game master's phone keeps of its table (docs/formats.md)."""

    format: int = FORMAT
    seats: Annotated[list[KeptSeat], msgspec.Meta(max_length=MAX_SEATS)] = []


def read_table_kept(text: str | None) -> tuple[list[KeptSeat], list[str]]:
    """The seats kept, and what did not read, in words (the table then starts with no seat)."""
    if not text:
        return [], []
    if len(text) > MAX_KEPT:
        return [], [f"the table's seats kept on this phone are damaged ({len(text):,} characters; at most {MAX_KEPT:,})"]
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return [], ["the table's seats kept on this phone are damaged (not JSON)"]
    if not isinstance(data, dict):
        return [], ["the table's seats kept on this phone are damaged (not a JSON object)"]
    if data.get("format") != FORMAT:
        return [], [f"the table's seats kept on this phone are of format {data.get('format')!r}, not {FORMAT}"]
    try:
        kept = msgspec.convert(data, type=TableKept)
    except msgspec.ValidationError as exc:
        return [], [f"the table's seats kept on this phone are damaged: {explain(exc, data, 'record')}"]
    seats = {s.seat: s for s in kept.seats}
    devices = {s.device for s in kept.seats}
    if len(seats) != len(kept.seats) or len(devices) != len(kept.seats):
        return [], ["the table's seats kept on this phone are damaged (a seat or a phone twice)"]
    return sorted(seats.values(), key=lambda s: s.seat), []


def table_kept_text(host: Host) -> str:
    """What to keep of ``host``'s table: its seats."""
    seats = [
        KeptSeat(seat=s.seat, device=s.device, name=s.name, who=list(s.who), key=s.key if s.by_codes and s.key else None)
        for s in sorted(host.seats.values(), key=lambda s: s.seat)
    ]
    data = msgspec.to_builtins(TableKept(seats=seats))
    for seat in data["seats"]:  # a seat on a channel is kept as before the table by codes
        if seat["key"] is None:
            del seat["key"]
    return json.dumps(data)


def reopened(live: LiveTable, store: Store, table: str, clock: Callable[[], float]) -> Out:
    """The table opened as ``table``: the seats kept from before the page reloaded come back, each away, and
    the table says that every phone must scan a join code again."""
    seats, problems = read_table_kept(read_draft(store, "table"))
    out = live.open(table, clock, [(s.seat, s.device, s.name, s.who, s.key or "") for s in seats])
    live.said += problems
    on_channels = [s.name for s in seats if not s.key]
    by_codes = [s.name for s in seats if s.key]
    if on_channels:
        live.said.append(
            f"This page reloaded, which let every phone go: {', '.join(on_channels)} must scan a join code "
            "again (Code for the next player, one each). A phone that sat here takes its seat again with no new approval."
        )
    if by_codes:
        live.said.append(
            f"{', '.join(by_codes)} {'plays' if len(by_codes) == 1 else 'play'} by codes: the phone scans the fight code "
            "again to find its seat (The fight as a code); its codes are sealed with the key kept here."
        )
    return out


def keep_seats(live: LiveTable, store: Store) -> None:
    """Who sits at the table kept on this phone (nothing once no one does)."""
    host = live.host
    try:
        if host is None or not host.seats:
            drop_draft(store, "table")
        else:
            keep_draft(store, "table", table_kept_text(host))
    except StorageError as exc:
        live.said.append(f"This phone could not keep who is at the table: {exc}")
