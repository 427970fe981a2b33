"""What the game master gives a change by hand, checked: numbers, locations, the sheet's weapons.

Each reader takes the value as typed (text) or as a number, and refuses anything else with a
:class:`~pyengine.errors.RulesError` whose ``field`` is the input's name and whose message says,
in a player's words, what was wrong and what to type: ``points: -3 is not a number of points;
type 1 or more``.
"""

from __future__ import annotations

from pyengine.errors import RulesError
from pyengine.runequest.campaign.current import ORDER
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import LocationKey

#: Longer than this, typed digits are not a number anyone means.
MAX_DIGITS = 9


def number(value: int | str, field: str, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``: ``what`` says what it counts (``a number of points``).

    :raises RulesError: not a whole number, or out of range (``field`` named).
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RulesError(f"{field}: {value!r} is not {what}; type a whole number", field=field)
    text = str(value).strip()
    if isinstance(value, str):
        body = text[1:] if text[:1] in "+-" else text
        if not text:
            raise RulesError(f"{field}: nothing typed; type {what}, {low} or more", field=field)
        if not body.isdigit() or len(body) > MAX_DIGITS:
            raise RulesError(f"{field}: {text!r} is not {what}; type a whole number, {low} or more", field=field)
    n = int(text)
    if n < low:
        raise RulesError(f"{field}: {n} is not {what}; type {low} or more", field=field)
    if n > high:
        raise RulesError(f"{field}: {n} is more than {high}; type {high} or less", field=field)
    return n


def location(value: str, field: str = "location") -> LocationKey:
    """A hit location, as a key (``right_arm``) or in words (``Right arm``).

    :raises RulesError: not one of the seven.
    """
    text = str(value).strip().lower().replace(" ", "_")
    if text in {k.value for k in ORDER}:
        return LocationKey(text)
    names = ", ".join(k.value.replace("_", " ") for k in ORDER[:-1]) + " or " + ORDER[-1].value.replace("_", " ")
    raise RulesError(f"{field}: {str(value).strip()!r} is not a hit location; choose {names}", field=field)


def on_sheet(adventurer: Adventurer, value: str, tables: RuneQuestTables, field: str = "weapon") -> WeaponSkill:
    """One of his weapon entries by its key (``broadsword``, ``dagger@left``).

    :raises RulesError: no such entry on his sheet.
    """
    key = str(value).strip()
    for entry in adventurer.weapons:
        if entry.key == key:
            return entry
    his = ", ".join(name_of(tables, e) for e in adventurer.weapons) or "none"
    p = adventurer.pronouns  # RQ-145
    raise RulesError(f"{field}: {key!r} is not a weapon on {p.his} sheet ({p.his}: {his})", field=field)


def name_of(tables: RuneQuestTables, entry: WeaponSkill) -> str:
    """``broadsword``, ``dagger (left)``: a weapon entry as people read it."""
    row = tables.weapon(entry.weapon)
    name = row.name if row is not None else entry.weapon
    return name if entry.key == entry.weapon else f"{name} (left)"


def text(value: str, field: str, what: str, *, most: int = 200, required: bool = False) -> str:
    """Free text (a cause, what money went on), at most ``most`` characters.

    :raises RulesError: too long, or empty when ``required``.
    """
    said = str(value).strip()
    if required and not said:
        raise RulesError(f"{field}: say {what}", field=field)
    if len(said) > most:
        raise RulesError(f"{field}: {len(said)} characters; {most} at most", field=field)
    return said
