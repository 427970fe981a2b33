"""The shrapnel page (``shrapnel.html``): the Ballistic Shrapnel critical read against the
target's armour, area by area."""

from __future__ import annotations


def prerender(source) -> dict[str, str]:
    """The whole table, its legend and the armour presets, before Python is up (``source``
    reads the table files: :mod:`pyengine.cli.tables`)."""
    from pyengine.shrapnel import render
    from pyengine.shrapnel.inputs import PRESETS

    return {
        "table": render.render_table(source.ballistic()),
        "legend": render.render_legend(),
        "presets": render.render_presets(PRESETS),
    }
