"""Reading what a player types on the sheet page.

Typed text is read here, not in the page glue, so every message names the field and
the value the same way everywhere: ``STR: 'abc' is not a whole number``.
"""

from __future__ import annotations

from pyengine.errors import RulesError
from pyengine.runequest.pronouns import CHOICES, Pronouns
from pyengine.runequest.sheet.characteristics import MAX_LUNARS

#: The largest number a score may be typed as; money, as much as a record holds (:data:`MAX_LUNARS`).
MAX_SCORE = 99


def read_whole(field: str, text: str, low: int, high: int) -> int:
    """Reads a whole number typed into ``field``.

    :raises RulesError: empty, not a whole number, or outside ``low..high``; names the field and value.
    """
    raw = text.strip()
    if not raw:
        raise RulesError(f"{field}: empty; type a whole number from {low} to {high}")
    if not (raw.isdigit() or (raw[0] in "+-" and raw[1:].isdigit())) or len(raw) > 12:
        raise RulesError(f"{field}: {raw!r} is not a whole number")
    value = int(raw)
    if not low <= value <= high:
        raise RulesError(f"{field}: {value} is not from {low} to {high}")
    return value


def read_score(characteristic: str, text: str) -> int:
    """A characteristic as typed: 0-99 is accepted (the sheet reports one outside 3-21)."""
    return read_whole(characteristic, text, 0, MAX_SCORE)


def read_lunars(field: str, text: str) -> int:
    """An amount of Lunars as typed (an empty field is 0)."""
    return read_whole(field, text, 0, MAX_LUNARS) if text.strip() else 0


def read_pronouns(text: str, default: Pronouns = Pronouns.THEY) -> Pronouns:
    """The "Pronouns" chosen (``he``, ``she``, ``they``); nothing chosen is ``default`` (RQ-145).

    :raises RulesError: anything else, named with the field and the choices.
    """
    raw = text.strip()
    if not raw:
        return default
    if raw not in Pronouns._value2member_map_:
        choices = ", ".join(value for value, _ in CHOICES)
        raise RulesError(f"Pronouns: {raw[:24]!r} is not one of {choices}", field="pronouns")
    return Pronouns(raw)
