"""The closed vocabularies of the shrapnel table: areas, limbs, severities, sides, fates.

:func:`parse_area` and :func:`parse_severity` read what a person types (any
case, ``leg``/``arm`` for legs/arms as the seed's roll column writes them);
:func:`parse_cover` reads an area or one limb (``left arm``) as armour may cover it (SHR-13).
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


class Limb(enum.StrEnum):
    """One of the two limbs of the areas Arms and Legs, as a piece of armour may cover it alone
    (a vambrace on the left arm). The table strikes areas, never a limb: an area of two limbs
    is covered when both are (SHR-13)."""

    LEFT_ARM = "left arm"
    RIGHT_ARM = "right arm"
    LEFT_LEG = "left leg"
    RIGHT_LEG = "right leg"

    @property
    def area(self) -> Area:
        """The area it is one half of: Arms or Legs."""
        return Area.ARMS if self.value.endswith("arm") else Area.LEGS

    @property
    def pair(self) -> Limb:
        """The other limb of its area."""
        side, kind = self.value.split()
        return Limb(f"{'right' if side == 'left' else 'left'} {kind}")


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


def parse_cover(text: object, what: str = "armour area") -> Area | Limb:
    """Reads what a piece of armour covers: an area (as :func:`parse_area`) or one limb,
    ``"left arm"``, ``"Right Leg"``.

    :raises NotationError: neither.
    """
    if isinstance(text, (Area, Limb)):
        return text
    if isinstance(text, str):
        words = " ".join(text.split()).lower()
        if words in Limb._value2member_map_:
            return Limb(words)
        if words in _AREA_NAMES:
            return _AREA_NAMES[words]
    raw = text if isinstance(text, str) else repr(text)
    raise NotationError(what, raw, 0, "one of " + ", ".join(a.value for a in Area) + ", or one limb: left arm, right leg…")


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
