"""The sheet page (``sheet.html``): a RuneQuest adventurer, every number with its working."""

from __future__ import annotations


def prerender(source) -> dict[str, str]:
    """The weapon and item choices, before Python is up (``source``: :mod:`pyengine.cli.tables`)."""
    from pyengine.runequest.sheet.render import render_item_options, render_weapon_options

    tables = source.load_tables()
    return {"weapon_options": render_weapon_options(tables), "item_options": render_item_options(tables)}
