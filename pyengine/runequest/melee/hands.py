"""What can be in his hands together (seed ch. III "Preparing a Weapon", ch. IV "Use of Shield with Missile Weapon").

Each arm takes a hand (``right``, ``left``) or both. Two arms clash when they need the
same hand, or when one is a shield and the other a projectile weapon: "A shield cannot
be readied for use when the character is using any projectile weapon except the sling
(and that sling must be a small shield). This exception does not include the staff
sling, which needs two hands, as do all bows and crossbows" (RQ-71). Readying one arm
sets down whatever clashes with it ("the dropped item can simply be considered set down
gently").
"""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.runequest.melee.model import Arm, Combatant

#: The one projectile weapon held in one hand ("except the sling").
ONE_HANDED_PROJECTILES = frozenset({"sling"})
#: The shields a sling goes with ("that sling must be a small shield").
SMALL_SHIELDS = frozenset({"small_shield"})


def projectile_hands(weapon_id: str, hand: str) -> str:
    """The hand(s) a projectile weapon takes: both, but a sling one (RQ-71)."""
    return hand if weapon_id in ONE_HANDED_PROJECTILES else "both"


def _projectile(arm: Arm) -> bool:
    return arm.weapon is not None and arm.weapon.kind == "projectile"


def clash(a: Arm, b: Arm) -> bool:
    """Whether ``a`` and ``b`` cannot be in his hands at once."""
    if a.hands == "both" or b.hands == "both" or a.hands == b.hands:
        return True
    for shield, other in ((a, b), (b, a)):
        if shield.shield and _projectile(other):
            # a projectile in one hand is the sling (projectile_hands): only a small shield goes with it
            return shield.ref not in SMALL_SHIELDS
    return False


def kept(arm: Arm, held: Iterable[Arm]) -> list[Arm]:
    """What stays in his hands when he readies ``arm`` (what clashes with it is set down)."""
    return [other for other in held if other.name != arm.name and not clash(arm, other)]


def in_hand_with(me: Combatant, in_hand: Iterable[str], arm: Arm) -> tuple[str, ...]:
    """What he holds once ``arm`` is in his hand (readied, or drawn for a blow or shot): what he
    held (``in_hand``, by name) less what clashes with it, then ``arm``."""
    held = [a for name in in_hand if (a := me.arm(name)) is not None]
    return (*(a.name for a in kept(arm, held)), arm.name)
