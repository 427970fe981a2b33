"""The closed vocabularies of the adventurer sheet: characteristics, abilities, hands, modes.

Hit locations are :class:`pyengine.runequest.hit_location.Location`; the sheet's
keys for them (``right_arm``) are :data:`LOCATION_KEYS`.
"""

from __future__ import annotations

import enum

from pyengine.runequest.hit_location import Location


class Characteristic(enum.StrEnum):
    """One of the seven characteristics, in the order the seed rolls them."""

    STR = "STR"
    CON = "CON"
    SIZ = "SIZ"
    INT = "INT"
    POW = "POW"
    DEX = "DEX"
    CHA = "CHA"


class Ability(enum.StrEnum):
    """A natural ability (seed ch. II, "Abilities and How Characteristics Influence Them")."""

    ATTACK = "attack"
    PARRY = "parry"
    DEFENSE = "defense"
    PERCEPTION = "perception"
    STEALTH = "stealth"
    MANIPULATION = "manipulation"
    KNOWLEDGE = "knowledge"


class Hand(enum.StrEnum):
    """The hand a weapon is used in; every adventurer is right handed (seed ch. IV)."""

    RIGHT = "right"
    LEFT = "left"


class Mode(enum.StrEnum):
    """How a weapon is held (seed ch. IV, "Modes")."""

    ONE_HANDED = "1H"
    TWO_HANDED = "2H"


class Use(enum.StrEnum):
    """What a weapon or shield skill is used for: each is trained and checked on its own."""

    ATTACK = "attack"
    PARRY = "parry"


#: Hit location -> its key on the sheet and in JSON (``right arm`` -> ``right_arm``).
LOCATION_KEYS: dict[Location, str] = {loc: loc.value.replace(" ", "_") for loc in Location}

#: The order the sheet prints locations in: head down, right before left.
SHEET_ORDER: tuple[Location, ...] = (
    Location.HEAD,
    Location.CHEST,
    Location.ABDOMEN,
    Location.RIGHT_ARM,
    Location.LEFT_ARM,
    Location.RIGHT_LEG,
    Location.LEFT_LEG,
)
