"""Writes pyengine/runequest/melee/catalogue.py: the weapons and shields a fight link of version 6 names by
table id, frozen as the tables had them.

``python -m tests.unit.runequest.melee.link_catalogue`` prints the module; write it only on purpose, with a
new fight link version: a link names what the catalogue of its own version says, whatever the tables say later.
"""

from __future__ import annotations

from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.from_sheet import weapon_for
from pyengine.runequest.combat.model import Weapon
from pyengine.runequest.tables.shields import Shield

HEAD = '''"""The weapons and shields a fight link of version 6 names by table id (:mod:`.compact`), frozen as the
tables had them when version 6 was made: a link replays by these, whatever the tables say later.

Each id: ``(name, weapon, absorbs)``: the arm's name, its :class:`~pyengine.runequest.combat.model.Weapon`
as builtins less the fields at their defaults (``None``: it only parries), a shield's points absorbed.
Written by tests/unit/runequest/melee/link_catalogue.py (a test holds it to the tables of today).
"""

from __future__ import annotations

from typing import Any

# fmt: off
CATALOGUE: dict[str, tuple[str, dict[str, Any] | None, int | None]] = {
'''


def entries(tables) -> dict[str, tuple]:
    """Every weapon and shield of the tables, as the catalogue holds it."""
    out = {}
    defaults = {f: getattr(Weapon(name="x", damage="1D6"), f) for f in Weapon.__struct_fields__}
    for row in (*tables.melee.weapons, *tables.missile.weapons, *tables.shields.shields):
        weapon = None
        if not isinstance(row, Shield):
            try:
                w = weapon_for(tables, row.id)
            except IllegalActionError:
                w = None
            if w is not None:
                weapon = {f: getattr(w, f) for f in Weapon.__struct_fields__
                          if f == "name" or getattr(w, f) != defaults[f]}
        out[row.id] = (row.name, weapon, row.absorbs if isinstance(row, Shield) else None)
    return out


def module(tables) -> str:
    lines = [f"    {k!r}: {v!r}," for k, v in entries(tables).items()]
    return HEAD + "\n".join(lines) + "\n}\n# fmt: on\n"


if __name__ == "__main__":  # pragma: no cover - writes the frozen catalogue (only on purpose)
    from pathlib import Path

    root = Path(__file__).resolve().parents[4]
    from tests.unit.runequest.rq_fixtures import real

    (root / "pyengine" / "runequest" / "melee" / "catalogue.py").write_text(module(real()), encoding="utf-8")
