"""A saved adventurer coming into a fight as he is now: :func:`start_of` (RQ-103).

A fight that starts from saved adventurers starts from their current state: his wounds, his
condition, the 2-full-turn clocks still running, maimed limbs, his weapons' damage and the broken
ones, all carried into the melee :class:`~pyengine.runequest.melee.model.Start` his body begins
with. "Leg — the limb is useless, and the character must fall" (and the abdomen and chest the
same): with one of those disabled he comes in on the ground, and with a leg severed and not reknit,
whatever its wound now (RQ-133). A weapon still stuck in him from before stays on his sheet (its owner
is not in this fight, RQ-103).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.runequest.campaign.current import Current
from pyengine.runequest.combat.wounds import useless_limb
from pyengine.runequest.healing.bodies import body_changes
from pyengine.runequest.healing.model import Wounds
from pyengine.runequest.melee.model import Arm, Start
from pyengine.runequest.vocabulary import LocationKey

#: The locations whose disabling puts him on the ground.
FELLED = (LocationKey.RIGHT_LEG, LocationKey.LEFT_LEG, LocationKey.ABDOMEN, LocationKey.CHEST)
LEGS = (LocationKey.RIGHT_LEG, LocationKey.LEFT_LEG)
LEFT = " (left)"


def sheet_key(arm: Arm) -> str:
    """The sheet's weapon key of an arm built from a sheet line (``dagger``, ``dagger@left``;
    :func:`~pyengine.runequest.melee.build.combatant_from_sheet` names left-hand lines ``… (left)``);
    ``""`` for an arm with no table id."""
    if not arm.ref:
        return ""
    return f"{arm.ref}@left" if arm.name.endswith(LEFT) else arm.ref


def unhurt(wounds: Wounds) -> bool:
    """Nothing the fight's body carries (days of rest and old stuck weapons aside)."""
    return not (wounds.damage_taken or wounds.wounds or wounds.bleeding or wounds.severed or wounds.maimed
                or wounds.condition != "unhurt")


def start_of(current: Current, arms: Sequence[Arm], locations: Mapping[LocationKey, int]) -> Start | None:
    """How he comes into the fight (``None``: fresh): ``current``'s wounds and clocks, and the
    damage and breaks of the weapons ``arms`` were built from (by sheet key)."""
    damage = {a.name: current.weapon_damage[sheet_key(a)] for a in arms if sheet_key(a) in current.weapon_damage}
    broken = tuple(a.name for a in arms if sheet_key(a) and sheet_key(a) in current.broken)
    w = current.wounds
    if unhurt(w) and not damage and not broken:
        return None
    # a leg out of use, disabled or severed and not reknit, puts him down as the leg a blow disables does (RQ-133)
    down = (any(w.wounds.get(k, 0) and w.wounds.get(k, 0) >= locations[k] for k in FELLED)
            or any(useless_limb(locations, w, k) for k in LEGS))
    return Start(**body_changes(w), on_ground=down, weapon_damage=damage, broken=broken)
