"""How a number was reached: the one kind of step every rules result keeps as its working.

Every step names what it worked out (``field``: ``hit_points``, ``weapons[0].attack``,
``chance``, ``damage``, ``sr``), says in words how (``text``), gives the value reached
when there is one, names where the rule is (``source``: a section of the seed, ``ch. IV,
Critical Hits``, or the table read, ``runequest/hit_points``) and lists the rulings it
rests on as data (``RQ-n``, ``SHR-n``, ``GEAR-n``; docs/rulings.md), so a page can
answer "why?" beside each number and link each ruling.

In JSON (exports, ``--json``) a step is ``{"field", "text", "rule", "rulings", "value"}``:
``source`` is written ``rule``, the name 0.1.0's exchange results gave it.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from pyengine.tables import Record

RulingId = Annotated[str, msgspec.Meta(pattern=r"^(RQ|SHR|GEAR)-\d+$")]
RulingIds = Annotated[tuple[RulingId, ...], msgspec.Meta(description="ids of rulings (docs/rulings.md) a row rests on")]


class Step(Record, frozen=True, rename={"source": "rule"}):
    """One step of the working."""

    field: str
    """What this step worked out, e.g. ``hit_points`` or ``weapons[1].parry``."""
    text: str
    """How, in words: ``CON 12 + SIZ 17 (+2) + POW 18 (+1) = 15``."""
    source: str = ""
    """Where the rule is: a section of the seed (``ch. IV, Critical Hits``) or the table read
    (``runequest/hit_points``); ``""`` when neither applies."""
    rulings: tuple[str, ...] = ()
    """Rulings applied (``RQ-n``, ``SHR-n``, ``GEAR-n``), in number order."""
    value: int | str | None = None
    """The value this step reached, when it reached one (``15``, ``"+1D4"``)."""

    def __str__(self) -> str:
        cited = [c for c in (self.source, *self.rulings) if c]
        return f"{self.field}: {self.text}" + (f" [{'; '.join(cited)}]" if cited else "")


def cite(*groups: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Ruling ids from several sources, once each, in number order: ``("RQ-2", "RQ-10")``."""
    found = {r for group in groups for r in group}
    return tuple(sorted(found, key=lambda r: (r.partition("-")[0], int(r.partition("-")[2] or 0))))
