"""Shared pieces of the device library's tests: stores that refuse, ids, real records."""

from __future__ import annotations

import json
from collections.abc import Callable

from pyengine.errors import StorageError
from pyengine.storage.store import MemoryStore

#: The adventurer of docs/formats.md ("Stored record: RuneQuest adventurer").
RURIK = {
    "format": 1, "name": "Rurik",
    "characteristics": {"STR": 12, "CON": 12, "SIZ": 17, "INT": 13, "POW": 18, "DEX": 10, "CHA": 15},
    "age": None, "background": "poor_noble", "background_roll": 90, "money": 100, "savings": 150,
    "weapons": [{"weapon": "broadsword", "hand": "right", "attack": 15, "parry": 20, "attack_trained": True,
                 "parry_trained": False},
                {"weapon": "dagger", "hand": "left", "attack": 0, "parry": 0, "attack_trained": False,
                 "parry_trained": False}],
    "gear": [{"ref": "hauberk_ring_mail", "name": "", "count": 1, "enc": None, "worn": True, "carried": True},
             {"ref": None, "name": "adventurer's pack", "count": 1, "enc": "2", "worn": False, "carried": True}],
    "defense": 0, "adventures": 0,
    "credit": {"limit": 1200, "used": 300, "owed": 300, "cash_owed": 0},
    "courses": [{"target": "broadsword", "lunars": 500, "session_weeks": 5, "hours_per_day": 2,
                 "attack": 0, "parry": 5, "points": 0, "done": 2, "on_credit": False}],
    "notes": "",
}


def rurik(**changes) -> str:
    """Rurik's record as the sheet stores it, with ``changes``."""
    return json.dumps({**RURIK, **changes})


def when(n: int) -> str:
    return f"2025-03-01T20:{n // 60:02d}:{n % 60:02d}.000Z"


class RefusingStore(MemoryStore):
    """A store that refuses writes whose key ``refuse(key)`` says."""

    def __init__(self, items=None, *, refuse: Callable[[str], bool] = lambda key: False, quota=None) -> None:
        super().__init__(items, quota=quota)
        self.refuse = refuse

    def put(self, key: str, text: str) -> None:
        if self.refuse(key):
            raise StorageError(f"storage: the device's storage is full (QuotaExceededError); {key!r} was not written")
        super().put(key, text)


class Ids:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"{self.n:012x}"
