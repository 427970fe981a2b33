"""Changes a player makes to the record by hand: a weapon added or removed, gear removed,
armour put on or taken off.

Each returns the changed :class:`~pyengine.runequest.sheet.adventurer.Adventurer` (the
record is frozen) and never derives anything; what the change does to the numbers is
:func:`pyengine.runequest.sheet.derive.derive`'s. Buying is
:func:`pyengine.runequest.sheet.equipment.buy`; the background's kit,
:func:`pyengine.runequest.advancement.creation.apply_background`.
"""

from __future__ import annotations

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill
from pyengine.runequest.vocabulary import Hand


def add_weapon(adventurer: Adventurer, weapon: str, hand: Hand | str = Hand.RIGHT) -> Adventurer:
    """The weapon (or shield) added at its basic chance, in that hand.

    "Keep track of the individual weapon expertise of the character with each weapon as
    used in each hand" (seed ch. IV): one entry per weapon and hand.

    :raises IllegalActionError: not a hand, or that weapon is already on the sheet in that
        hand (``field`` ``weapon``).
    """
    try:
        held = Hand(hand)
    except ValueError:
        raise IllegalActionError(f"hand: {hand!r} is not a hand (right or left)", field="hand") from None
    if adventurer.weapon_index(weapon, held) is not None:
        raise IllegalActionError(
            f"weapon: {weapon!r} in the {held.value} hand is already on the sheet", field="weapon"
        )
    return msgspec.structs.replace(adventurer, weapons=(*adventurer.weapons, WeaponSkill(weapon=weapon, hand=held)))


def remove_weapon(adventurer: Adventurer, index: int) -> Adventurer:
    """The record without its weapon entry ``index`` (and what was gained with it).

    :raises IllegalActionError: no such entry (``field`` ``weapons[index]``).
    """
    _check(index, len(adventurer.weapons), "weapons")
    return msgspec.structs.replace(adventurer, weapons=adventurer.weapons[:index] + adventurer.weapons[index + 1:])


def remove_gear(adventurer: Adventurer, index: int) -> Adventurer:
    """The record without its gear line ``index``.

    :raises IllegalActionError: no such line (``field`` ``gear[index]``).
    """
    _check(index, len(adventurer.gear), "gear")
    return msgspec.structs.replace(adventurer, gear=adventurer.gear[:index] + adventurer.gear[index + 1:])


def wear(adventurer: Adventurer, index: int, worn: bool) -> Adventurer:
    """Gear line ``index`` worn (armour protects its locations only when worn) or taken off.

    Whether it can be worn is the sheet's to say (:func:`~pyengine.runequest.sheet.derive.derive`
    reports a worn line that is not armour, or holds more than one piece).

    :raises IllegalActionError: no such line (``field`` ``gear[index]``).
    """
    _check(index, len(adventurer.gear), "gear")
    gear = list(adventurer.gear)
    gear[index] = msgspec.structs.replace(gear[index], worn=worn)
    return msgspec.structs.replace(adventurer, gear=tuple(gear))


def _check(index: int, count: int, field: str) -> None:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        raise IllegalActionError(f"{field}: there is no entry {index!r} (there are {count})", field=f"{field}[{index}]")
