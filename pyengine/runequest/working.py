"""How a number was reached: the steps a derived sheet or a rules result keeps.

Every step names the field it worked out (as :func:`~pyengine.runequest.sheet.problems`
names fields: ``hit_points``, ``natural.attack``, ``weapons[0].attack``), says in
words how, and cites the table it read and any ruling (``RQ-n``, docs/rulings.md)
it rests on, so the page can answer "why?" beside each number.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from pyengine.tables import Record

RulingId = Annotated[str, msgspec.Meta(pattern=r"^RQ-\d+$")]
RulingIds = Annotated[tuple[RulingId, ...], msgspec.Meta(description="ids of rulings (docs/rulings.md) a row rests on")]


class Step(Record):
    """One step of the working."""

    field: str
    """What this step worked out, e.g. ``hit_points`` or ``weapons[1].parry``."""
    text: str
    """How, in words: ``CON 12 + SIZ 17 (+2) + POW 18 (+1) = 15``."""
    table: str | None = None
    """The table read (its id, e.g. ``runequest/hit_points``), if any."""
    rulings: tuple[str, ...] = ()
    """Rulings applied (``RQ-n``)."""

    def __str__(self) -> str:
        cited = [c for c in (self.table, *self.rulings) if c]
        return f"{self.field}: {self.text}" + (f" [{', '.join(cited)}]" if cited else "")


def cite(*groups: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Ruling ids from several sources, once each, in number order: ``("RQ-2", "RQ-10")``."""
    found = {r for group in groups for r in group}
    return tuple(sorted(found, key=lambda r: (r.partition("-")[0], int(r.partition("-")[2] or 0))))
