"""The combat page (``combat.html``): one exchange, or a whole fight of melee rounds."""

from __future__ import annotations


def prerender(source) -> dict[str, str]:
    """The quick stat block's weapon and parry choices, before Python is up (``source``:
    :mod:`pyengine.cli.tables`)."""
    from pyengine.html import options
    from pyengine.runequest.combat.inputs import parry_choices, weapon_choices

    tables = source.load_tables()
    return {
        "weapons": options(weapon_choices(tables), selected="broadsword"),
        "parries": options(parry_choices(tables)),
    }
