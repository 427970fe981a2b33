"""The equipment page (``gear.html``): the equipment list against the character sheet, and
what layered armour blocks (seed 000)."""

from __future__ import annotations


def prerender(source) -> dict[str, str]:
    """The worked example, before Python is up (it needs no table)."""
    from html import escape

    from pyengine.gear import render
    from pyengine.gear.example import EXAMPLE
    from pyengine.gear.inputs import character_texts
    from pyengine.gear.sheet import sheet_line

    lines = [(e, sheet_line(EXAMPLE.character, e.item, skill=e.skill)) for e in EXAMPLE.entries]
    return {
        "character": render.render_character_fields(character_texts(EXAMPLE.character)),
        "items": render.render_item_list(EXAMPLE.entries),
        "sheet": render.render_sheet(lines),
        "areas": escape(EXAMPLE.areas),
        "defending": render.render_defending_options([e.item.name for e in EXAMPLE.entries], None),
        "rulings": render.render_rulings(),
    }
