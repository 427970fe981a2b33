"""The adventurer sheet (seed ch. II and IV): the record a player keeps, and every number
the rules derive from it, each with its working.

The rules, one module each:

* :mod:`.adventurer` -- the record as saved (:class:`Adventurer`: characteristics,
  background, money, weapons and what was gained with them, gear, courses) and its JSON
  (:func:`dump_adventurer`, :func:`load_adventurer`, older formats upgraded).
* :mod:`.characteristics` -- the seven scores, rolled or typed; the human limits; how far
  training may raise them.
* :mod:`.abilities` -- natural abilities; :mod:`.hit_points` -- total and by location;
  :mod:`.damage_bonus` -- by STR and SIZ, half for thrown weapons.
* :mod:`.encumbrance` -- maximum ENC, the cap and the penalties over it;
  :mod:`.equipment` -- gear lines, the ENC carried, buying (:func:`buy`).
* :mod:`.weapons` -- each weapon's and shield's attack, parry, strike rank, damage, and
  whether it can be used; :mod:`.armour` -- armour by location.
* :mod:`.derive` -- the whole sheet from the record (:func:`derive`), every problem at once.
* :mod:`.edits` -- the player's own changes: a weapon added or removed, gear removed,
  armour worn.

The sheet page's faces, which the rules never import: :mod:`.inputs` (text typed on the
page), :mod:`.state` (the share link, :data:`pyengine.runequest.sheet.state.LINK`),
:mod:`.render` (HTML). Training, experience and the background are
:mod:`pyengine.runequest.advancement`; the tables' schemas :mod:`pyengine.runequest.tables`;
the page itself :mod:`pyengine.pages.sheet`.

The names in :data:`API` are what a caller uses (``from pyengine.runequest.sheet import
Adventurer, derive``). Each is imported from its module the first time it is asked for
(PEP 562), so importing one module of the sheet does not import them all.
"""

from __future__ import annotations

import importlib
import sys
import types

_MODULES = {
    "adventurer": ("Adventurer", "Course", "Gear", "GuildCredit", "WeaponSkill", "dump_adventurer", "load_adventurer"),
    "characteristics": ("Characteristics", "RolledCharacteristics", "range_problems", "roll_characteristics",
                        "training_limit"),
    "abilities": ("NaturalAbilities",),
    "hit_points": ("LocationHitPoints", "location_hit_points"),
    "armour": ("ArmourWorn",),
    "weapons": ("WeaponLine",),
    "equipment": ("GearLine", "Purchase", "buy"),
    "derive": ("DerivedSheet", "Problem", "derive", "problems"),
    "edits": ("add_weapon", "remove_gear", "remove_weapon", "wear"),
}
#: The package's public names, and the module of this package each comes from.
API = {name: module for module, names in _MODULES.items() for name in names}
__all__ = sorted(API)


def __getattr__(name: str) -> object:
    """An :data:`API` name, imported from its module when first asked for."""
    if name not in API:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value = getattr(importlib.import_module(f"{__name__}.{API[name]}"), name)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *API})


class _Package(types.ModuleType):
    """This package as a module object. :func:`derive` has the name of its module, and the
    import system makes each imported module an attribute of its package: here the
    package's ``derive`` stays the function (the module is ``sys.modules``' and
    ``from pyengine.runequest.sheet.derive import ...``'s)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in API and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
