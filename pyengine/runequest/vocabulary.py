"""The closed vocabularies of the adventurer sheet: characteristics, abilities, hands, modes.

Hit locations are :class:`Location` (its values are the words results print:
``right arm``); the keys records and links use for them (``right_arm``) are
:data:`LOCATION_KEYS`.
"""

from __future__ import annotations

import enum


class Location(enum.StrEnum):
    """A humanoid hit location."""

    RIGHT_LEG = "right leg"
    LEFT_LEG = "left leg"
    ABDOMEN = "abdomen"
    CHEST = "chest"
    RIGHT_ARM = "right arm"
    LEFT_ARM = "left arm"
    HEAD = "head"


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


class LocationKey(enum.StrEnum):
    """A hit location as records, links and exports key it (``right_arm``): :class:`Location`'s
    words with underscores. A ``dict[LocationKey, …]`` field is checked by msgspec."""

    RIGHT_LEG = "right_leg"
    LEFT_LEG = "left_leg"
    ABDOMEN = "abdomen"
    CHEST = "chest"
    RIGHT_ARM = "right_arm"
    LEFT_ARM = "left_arm"
    HEAD = "head"


#: Hit location -> its key on the sheet and in JSON (``right arm`` -> ``right_arm``).
LOCATION_KEYS: dict[Location, LocationKey] = {loc: LocationKey(loc.value.replace(" ", "_")) for loc in Location}
#: And back: ``right_arm`` -> ``right arm``.
LOCATION_BY_KEY: dict[LocationKey, Location] = {key: loc for loc, key in LOCATION_KEYS.items()}

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
