"""Each roll of a melee round is kept once, with its purpose, in the round's roll log: an
exchange inside the round rolls through a part of that log, not a second log of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import RollLog
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.log import read_any, replay

GOLDEN = Path(__file__).resolve().parents[3] / "golden"


def test_every_roll_of_the_golden_fight_is_kept_once(monkeypatch: pytest.MonkeyPatch) -> None:
    log = read_any((GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip())
    mt = melee_tables(load_tables(), hit_locations())
    kept: list[str] = []
    keep = RollLog.d

    def counted(self: RollLog, sides: int, purpose: str) -> int:
        kept.append(purpose)
        return keep(self, sides, purpose)

    monkeypatch.setattr(RollLog, "d", counted)
    replayed = replay(log, mt)
    rolls = [r for result in replayed.rounds for r in result.rolls]
    assert len(rolls) == sum(len(record.rolls) for record in log.rounds) > 100
    # One keeping per die rolled (an exchange's roll is not kept again by the round).
    assert len(kept) == len(rolls)
    strikes = [r for result in replayed.rounds for e in result.events if e.exchange is not None for r in e.exchange.rolls]
    assert strikes and set(strikes) <= set(r for result in replayed.rounds for e in result.events for r in e.rolls)
