"""Advancement (seed ch. II and IV): making an adventurer, then what changes him — money
spent on training, experience after an adventure, a fighting guild's credit, CHA.

* :mod:`.background` -- the D100 background roll: class, money, a barbarian's riding animal.
* :mod:`.creation` -- a new adventurer, rolled or typed; the background's kit and pack.
* :mod:`.training` -- what a course costs and takes, or why not; paying for it; the weeks it runs.
* :mod:`.experience` -- the checks after an adventure, one per weapon use, and Defense.
* :mod:`.guild_credit` -- 100 L x STR of credit for a beginner, drawing and repaying it.
* :mod:`.charisma` -- CHA's definite changes.

Each function takes the saved record (:class:`pyengine.runequest.sheet.Adventurer`) and
the tables, and returns the changed record with its working; rolls come from injected
dice. The sheet page shows all of it (:mod:`pyengine.pages.sheet`).

The names in :data:`API` are what a caller uses (``from pyengine.runequest.advancement
import after_adventure``). Each is imported from its module the first time it is asked
for (PEP 562), so importing one module does not import them all.
"""

from __future__ import annotations

import importlib

_MODULES = {
    "background": ("BackgroundResult", "roll_background"),
    "creation": ("apply_background", "roll_new", "starting_kit", "typed_new"),
    "training": ("TrainingChange", "TrainingQuote", "break_training", "cha_discount", "quote_characteristic_training",
                 "quote_weapon_training", "start_training", "train_weeks"),
    "experience": ("AdventureResult", "ExperienceCheck", "FieldUse", "after_adventure", "experience_chance"),
    "guild_credit": ("CreditChange", "credit_left", "credit_limit", "repay", "take_cash"),
    "charisma": ("apply_change", "disastrous_expedition", "led_expedition", "main_weapon", "oratory", "showy_magic"),
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
