"""A fight's experience marks as the uses a saved character's sheet checks when the scenario ends.

Seed ch. IV, "Learning by Experience": "only a single successful use of a given weapon
or shield needs to be logged per scenario for that item to be eligible for an
experience roll" (RQ-54). The write-back keeps them on his record for the scenario, and
they are rolled when it ends (RQ-134, :mod:`pyengine.runequest.campaign.scenario`).
"""

from __future__ import annotations

from pyengine.runequest.advancement.experience import FieldUse
from pyengine.runequest.melee.model import Body, Combatant
from pyengine.runequest.vocabulary import Hand, Use

DEFENSE = "Defense"


def field_uses(combatant: Combatant, body: Body) -> tuple[tuple[FieldUse, ...], bool]:
    """The weapon and shield uses to check on his sheet, and whether Defense saved him.

    Arms with no table id (``ref``) are left out: there is no sheet line to check.
    """
    uses: list[FieldUse] = []
    for mark in body.marks:
        if mark == DEFENSE:
            continue
        name, _, use = mark.rpartition(" ")
        arm = combatant.arm(name)
        if arm is None or not arm.ref or use not in ("attack", "parry"):
            continue
        hand = Hand.LEFT if arm.hands == "left" and arm.name.endswith("(left)") else Hand.RIGHT
        uses.append(FieldUse(weapon=arm.ref, use=Use(use), hand=hand))
    return tuple(uses), DEFENSE in body.marks
