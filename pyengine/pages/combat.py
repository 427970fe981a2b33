"""The combat page (``combat.html``): what its two controllers share.

The single exchange is :class:`pyengine.pages.exchange.ExchangePage`; fight mode is
:class:`pyengine.pages.fight.FightPage`, made when its tab first opens. Both start from
:class:`CombatPage` (the tables, the device's storage, the app's dice, the page's timer) and
list the device's saved adventurers (:func:`saved_adventurers`, :func:`adventurer_options`);
:func:`link_mode` says which of the two an address opens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Any

from pyengine.dice import Dice, RandomDice
from pyengine.errors import RulesError
from pyengine.library.records import read_all
from pyengine.runequest.combat.inputs import parry_choices, sheet_of, weapon_choices
from pyengine.runequest.combat.render import render_options
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.share import decode_link, kind_of_damaged
from pyengine.storage.store import Store

#: ``measured(name)``: a context in which the page times a stage (the browser's
#: performance measures, read by ``build.py bench``).
Measured = Callable[[str], AbstractContextManager[Any]]


def unmeasured(name: str) -> AbstractContextManager[Any]:
    """Times nothing (CPython, tests)."""
    return nullcontext()


def saved_adventurers(store: Store, tables: RuneQuestTables) -> dict[str, tuple[Adventurer, DerivedSheet]]:
    """The device's saved adventurers (the sheet page's records) that can fight, by id; a
    record this page cannot read stays where it is, unlisted."""
    listing = read_all(store, "character", partial(sheet_of, tables=tables))
    return {entry.ident: entry.value for entry in listing.entries}


def adventurer_options(saved: Mapping[str, tuple[Adventurer, DerivedSheet]], selected: str | None = None) -> str:
    """The "Who" choices: a quick stat block, or one of the saved adventurers."""
    choices = [(ident, adventurer.name or ident) for ident, (adventurer, _) in saved.items()]
    return render_options(choices, none="Quick stat block", selected=selected)


def link_mode(fragment: str) -> str:
    """The mode an address opens: ``"fight"`` for ``#fight`` or a fight's link (whole, or cut
    short), else ``"exchange"`` (where a link that cannot be read says why)."""
    if fragment == "#fight":
        return "fight"
    if len(fragment) <= 1 or fragment == "#exchange":
        return "exchange"
    try:
        return "fight" if decode_link(fragment).kind == "fight" else "exchange"
    except RulesError:  # a fight's link cut short opens fight mode, which says why it does not open
        return "fight" if kind_of_damaged(fragment) == "fight" else "exchange"


class CombatPage:
    """What both of the page's controllers start with: the tables (RuneQuest's and the hit
    locations), the device's storage, the app's dice (``dice``: injected, e.g. scripted, in
    tests), and ``measured``, the page's timer of its stages."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured) -> None:
        self.tables = tables
        self.locations = locations
        self.store = store
        self.dice = dice or RandomDice()
        self.measured = measured


def prerender(source) -> dict[str, str]:
    """The exchange's weapon and parry choices and fight mode's weapon rows, before Python is
    up (``source``: :mod:`pyengine.cli.tables`)."""
    # Imported here: only the build prerenders, and the page's start needs no melee renderer.
    from pyengine.render.fight_starters import starters_html
    from pyengine.runequest.melee.render import render_quick_weapons

    tables = source.load_tables()
    return {
        "weapons": render_options(weapon_choices(tables), selected="broadsword"),
        "parries": render_options(parry_choices(tables)),
        "fight_weapons": render_quick_weapons(tables),
        "fight_starters": starters_html(tables),
    }
