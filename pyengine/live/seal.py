"""The seal on a player's codes (the table by codes alone; docs/formats.md "The table by codes alone").

The game master's fight code can be photographed by anyone at the table, and it names the table and every
seat. So a seat by codes holds a secret of its own: the player's phone makes a fresh random key
(:func:`new_key`, :data:`KEY_BYTES` from the injected random source) and shows it once, in his code to join,
to the game master's camera; the game master's phone keeps it with the seat. Every statement or die the
player then shows as a code (a statement, a die, a write-back answer) carries :func:`mac` of it, which the game master's phone checks
(:func:`sealed`): a code made from the fight code alone, or with another seat's key, is refused. A newcomer
turned away is named in the next fight code by :func:`turned_tag`, which only the phone holding his key
recognises (the fight code never carries a key).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable

import msgspec

from pyengine.live.messages import Answer, Rolled, Stated

#: The key's length (bytes): 128 bits, above the 96 asked; a code to join holds 32 hex digits of it.
KEY_BYTES = 16
#: The MAC's length once cut (bytes): 8, shown as 16 hex digits. A forger has one guess a scan, each one
#: seen by the game master; 2^-64 a guess.
MAC_BYTES = 8
#: What the MAC of a ``shown`` code is made over, first: its purpose and format, so that a MAC made for
#: anything else can never pass for one.
_SHOWN = b"strike-rank live shown 1\x00"
_TURNED = b"strike-rank live turned away 1\x00"
_ENCODER = msgspec.msgpack.Encoder()


def new_key(random_bytes: Callable[[int], bytes]) -> str:
    """A fresh key for a seat by codes, in hex."""
    key = random_bytes(KEY_BYTES)
    if len(key) != KEY_BYTES:  # pragma: no cover - an injected source that gives less is a bug of the glue
        raise ValueError(f"the random source gave {len(key)} bytes, not {KEY_BYTES}")
    return key.hex()


def mac(key: str, table: str, seat: int, said: Stated | Rolled | Answer) -> str:
    """The MAC of a ``shown`` code (hex): HMAC-SHA256 keyed with the seat's key over the table, the seat and
    the message's own bytes (its msgpack, as the channel would carry it), cut to :data:`MAC_BYTES`."""
    body = _SHOWN + table.encode("ascii") + b"\x00" + bytes((seat,)) + _ENCODER.encode(said)
    return hmac.new(bytes.fromhex(key), body, hashlib.sha256).digest()[:MAC_BYTES].hex()


def sealed(key: str | None, table: str, seat: int, said: Stated | Rolled | Answer, shown_mac: str) -> bool:
    """Whether ``shown_mac`` was made with ``key`` (``None``: the seat has none, so no code is)."""
    if not key:
        return False
    return hmac.compare_digest(mac(key, table, seat, said), shown_mac)


def turned_tag(key: str, table: str) -> str:
    """What the fight code says of a newcomer turned away (hex): only the phone holding ``key`` knows it is his."""
    body = _TURNED + table.encode("ascii")
    return hmac.new(bytes.fromhex(key), body, hashlib.sha256).digest()[:MAC_BYTES].hex()
