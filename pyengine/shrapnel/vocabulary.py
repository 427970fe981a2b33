"""The closed vocabularies of the shrapnel table: areas, severities, sides, fates.

:func:`parse_area` and :func:`parse_severity` read what a person types (any
case, ``leg``/``arm`` for legs/arms as the seed's roll column writes them).
"""

from __future__ import annotations

import enum

from pyengine.errors import NotationError


class Area(enum.StrEnum):
    """An area the pattern can strike; armour covers areas, not locations."""

    HEAD = "head"
    CHEST = "chest"
    ABDOMEN = "abdomen"
    LEGS = "legs"
    """Both legs: one area ("Leg" in the seed's roll column, SHR-2)."""
    ARMS = "arms"
    """Both arms: one area ("Arm" in the seed's roll column, SHR-2)."""

    @property
    def label(self) -> str:
        """The name as the table prints it: ``Abdomen``."""
        return self.value.capitalize()


class Severity(enum.StrEnum):
    """The critical's severity, the table's columns."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class Side(enum.StrEnum):
    """Which side of an area's pair was read."""

    COVERED = "covered"
    """Armour covers the area: the energy dumped through the plate."""
    BARE = "bare"
    """Nothing covers the area: fragments in flesh."""


class Fate(enum.StrEnum):
    """What the critical does to the foe's life, beyond hits and bleeding."""

    DYING = "dying"
    DEAD = "dead"


#: What people type for an area, lower-cased -> the area.
_AREA_NAMES: dict[str, Area] = {area.value: area for area in Area} | {"leg": Area.LEGS, "arm": Area.ARMS}


def parse_area(text: object, what: str = "area") -> Area:
    """Reads an area name in any case: ``"Chest"``, ``"legs"``, ``"leg"``.

    :raises NotationError: not one of head, chest, abdomen, legs, arms.
    """
    if isinstance(text, Area):
        return text
    raw = text if isinstance(text, str) else repr(text)
    area = _AREA_NAMES.get(raw.strip().lower()) if isinstance(text, str) else None
    if area is None:
        raise NotationError(what, raw, 0, "one of " + ", ".join(a.value for a in Area))
    return area


def parse_severity(text: object) -> Severity:
    """Reads a severity letter in either case: ``"C"`` or ``"c"``.

    :raises NotationError: not one of A, B, C, D, E.
    """
    if isinstance(text, Severity):
        return text
    if isinstance(text, str) and text.strip().upper() in Severity.__members__:
        return Severity(text.strip().upper())
    raw = text if isinstance(text, str) else repr(text)
    raise NotationError("severity", raw, 0, "one of A, B, C, D, E")
