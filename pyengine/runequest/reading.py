"""How a hit location and a condition read at the table, in fight mode and on the sheet alike.

A location reads as hit points now over its maximum, then one word for what that means:
``4/4``, ``1/4``, ``0/4 out``, ``-4/4 out``, ``-8/4 severed``. The number now may go below 0 and
is shown so, since it matters: "Points Equaled or Exceeded in Any One Location" put the location
out of use (seed ch. III, "Notes on Damage Results", 1), and a limb struck "for 6 or more points
beyond what it can hold" is "severed or irrevocably maimed" (3). "Out" is the game master's
short word for the seed's "disabled" (a limb "useless", a head unconscious, a chest or abdomen
down); a note beside it says which (docs/rulings.md RQ-141). Outside a fight no one is "fighting"
(RQ-142).
"""

from __future__ import annotations

#: The words after the numbers, and what each means (a caption or legend says it once).
OUT, SEVERED, MAIMED = "out", "severed", "maimed"
LEGEND = "hit points now/most; out: at 0 or below, disabled (RQ-141)"

#: The condition outside a fight: no one is "fighting" at rest. "The character continues to
#: stand and fight with whatever limbs are left to him" (seed ch. III): wounded, able to fight.
AT_REST_WORDS = {
    "unhurt": "unhurt",
    "fighting": "wounded, able to fight",
    "incapacitated": "incapacitated",
    "unconscious": "unconscious",
    "dead": "dead",
}


def location_word(left: int, most: int, *, severed: bool = False, maimed: bool = False) -> str:
    """``out``, ``severed``, ``maimed``, or ``""`` while the location still holds."""
    if severed:
        return SEVERED
    if maimed:
        return MAIMED
    return OUT if left <= 0 else ""


def location_reading(left: int, most: int, *, severed: bool = False, maimed: bool = False) -> str:
    """``-4/4 out``: hit points now (below 0 too) over the most, and the word for the state."""
    word = location_word(left, most, severed=severed, maimed=maimed)
    return f"{left}/{most}" + (f" {word}" if word else "")


def at_rest(condition: str) -> str:
    """His condition in words that fit outside a fight (``wounded, able to fight``)."""
    return AT_REST_WORDS.get(condition, condition)
