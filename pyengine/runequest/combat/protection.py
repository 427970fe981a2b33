"""What stands between the blow and the defender's body: a parry, a shield, armour.

Seed ch. IV: a weapon parry "blocks the attack" (the parrying weapon may suffer, see
:mod:`.weapon_harm`); a shield absorbs its points of each blow ("Notes on Shield
Use"), all of it on a critical parry ("Optional Rules — Critical Parries"), only half
against a critical hit, which it takes twice — and then armour counts against the rest
("Parrying a Critical Hit", RQ-39); armour absorbs its points at the location struck
("How Armor Works"), unless a critical hit no shield met ignores it ("Critical Hits").
An impaling weapon sticks in the shield that parried it, or in him when it gets
through ("Parrying an Impaling Blow", "Impaling 2").

The decisions (:func:`cover`, :func:`shield_absorbed`, :func:`stopped`,
:func:`armour_absorbed`) are shared by :func:`~.exchange.resolve_exchange`, which
writes the working beside them, and :func:`~.odds.exchange_odds`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.vocabulary import Location
from pyengine.working import Step

Stuck = Literal["target", "shield"]


class Cover(NamedTuple):
    """How the defender's protection meets this blow, decided before its damage is known."""

    parry: Parry | None
    """The parry in the blow's way, a weapon or a shield (``None``: none)."""
    blocks_all: bool
    """The whole blow is stopped: a weapon parry, or a critical shield parry."""
    shield_absorbs: int
    """Points a shield takes off the blow: half its own against a critical hit (RQ-39)."""
    armour_counts: bool
    """``False``: a critical hit that no shield met ignores armour."""


def cover(parry: Parry | None, *, critical: bool, parry_critical: bool) -> Cover:
    """The protection against a blow, critical or not, met by ``parry`` (the parry in its way)."""
    if parry is None:
        return Cover(None, False, 0, not critical)
    if parry.kind == "weapon" or parry_critical:
        return Cover(parry, True, 0, True)
    absorbs = parry.absorbs or 0
    return Cover(parry, False, absorbs // 2 if critical else absorbs, True)


def shield_absorbed(c: Cover, damage: int) -> int:
    """Points of ``damage`` the shield takes (0 without a shield)."""
    if c.parry is None:
        return 0
    return damage if c.blocks_all else min(damage, c.shield_absorbs)


def stopped(c: Cover, through: int) -> bool:
    """A shield stopped the blow: nothing strikes through to him."""
    return c.parry is not None and through <= 0


def armour_absorbed(c: Cover, armour: int, through: int) -> int:
    """Points of the ``through`` damage the location's ``armour`` takes."""
    return min(armour, through) if c.armour_counts else 0


def shield_steps(
    c: Cover, damage: int, weapon: Weapon, *, critical: bool, impale: bool, defender: Pronouns = THEY
) -> tuple[list[Step], Stuck | None, str]:
    """The working of a shield parry against ``damage``; ``"shield"`` and what it does when
    the impaling weapon sticks in it."""
    assert c.parry is not None
    name = c.parry.name or "shield"
    if c.blocks_all:
        text = f"critical parry: the {name} blocks the blow perfectly, all {damage} absorbed"
        text += "; the impaling weapon does not stick" if impale else ""
        return [Step(field="shield", text=text, source="ch. IV, Optional Rules — Critical Parries", value=damage)], None, ""
    steps = []
    if critical:
        steps.append(Step(
            field="shield",
            text=f"a critical hit parried: the {name} takes twice the damage, so absorbs only "
            f"{c.shield_absorbs} of its {c.parry.absorbs or 0}; {defender.his} armour counts against the rest",
            source="ch. IV, Parrying a Critical Hit",
            rulings=("RQ-39",),
        ))
    absorbed = shield_absorbed(c, damage)
    steps.append(Step(field="shield", text=f"the {name} absorbs {absorbed} of {damage}: {damage - absorbed} strike through",
                      source="ch. IV, Notes on Shield Use", value=absorbed))
    if not impale:
        return steps, None, ""
    effect = stuck_in_shield(weapon)
    steps.append(Step(field="shield", text=effect, source="ch. IV, Parrying an Impaling Blow"))
    return steps, "shield", effect


def stuck_in_shield(w: Weapon) -> str:
    """What an impaling weapon stuck in the shield does to it, by its ENC."""
    if w.enc >= 2:
        effect = "the shield is useless until it is worked loose or broken off"
    elif w.enc >= 1:
        effect = "the shield works at half effectiveness until it is removed"
    else:
        effect = "the shield is unaffected (unless more than 5 such light weapons stick in it)"
    return f"the impaling {w.name} sticks fast in the shield (ENC {w.enc:g}): {effect}; 5 free melee rounds after the fight to remove it"


def armour_step(c: Cover, armour: int, through: int, location: Location, defender: Pronouns = THEY) -> Step | None:
    """The working of the location's armour against the ``through`` damage."""
    absorbed = armour_absorbed(c, armour, through)
    if not c.armour_counts:
        if not armour:
            return None
        return Step(field="armour", text=f"a critical hit ignores {defender.his} {armour} points of armour: {through} to the "
                    f"{location.value}", source="ch. IV, Critical Hits", value=0)
    return Step(field="armour", text=f"armour {armour} on the {location.value} absorbs {absorbed}: {through - absorbed} "
                "get through", source="ch. IV, How Armor Works", value=absorbed)


def stuck_in_target(weapon: Weapon, attacker: str, impale_max: int, to_location: int, *,
                    pronouns: tuple[Pronouns, Pronouns] = (THEY, THEY)) -> tuple[Stuck | None, str]:
    """Whether an impaling weapon no shield met sticks in him, and what that means (Impaling 2)."""
    his, him = pronouns[0].his, pronouns[1].him  # the attacker's, the defender's (RQ-145)
    if to_location > 0:
        return "target", (f"the {weapon.name} is stuck in {him}: {attacker} pulls it free on D100 ≤ {2 * impale_max} "
                          f"(twice {his} impale chance), else it is jerked from {his} hands")
    return None, "the impale did not get through the armour: it does not stick"
