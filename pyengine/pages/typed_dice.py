"""A roll typed from physical dice into a page's field, on every page that asks for them in turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyengine.dice import TypedRolls
from pyengine.errors import FieldError, RulesError
from pyengine.pages.view import Update
from pyengine.runequest.combat.inputs import read_typed_roll


def enter_typed_roll(rolls: TypedRolls[Any], values: Mapping[str, str], field: str, label: str, high: int,
                     ask: Callable[[Any], Update], refused: str = "") -> Update:
    """The roll typed in ``field`` (named ``label``, 1 to ``high``), checked once against the die
    it is for: the field emptied and the next roll asked (``ask``), or the field's error. A roll
    the die cannot show is said in the engine's words, after ``refused``."""
    cleared = Update(errors={field: ""})
    try:
        got = rolls.enter(read_typed_roll(values.get(field, ""), field, label, high))
    except FieldError as exc:
        return cleared | Update(errors={field: str(exc)})
    except RulesError as exc:
        return cleared | Update(errors={field: f"{refused}{exc}"})
    return cleared | Update(values={field: ""}) | ask(got)
