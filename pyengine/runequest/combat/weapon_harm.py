"""Weapon damage in an exchange (seed ch. IV, "Weapon Damage Absorption", RQ-39).

"Weapons take damage when they (1) parry a blow ... (2) fail to successfully attack
against a successful weapon parry". A parrying weapon takes the blow's damage, twice a
critical hit's, nothing from an impale, a critical parry, a long-hafted weapon (its haft
meets the parry), a short stabbing weapon ("insufficient mass") or a body weapon. A
missed attack against a successful weapon parry takes the parrying weapon's damage
plus its wielder's bonus, unless the parrying weapon is long-hafted or short stabbing.
Damage stays with a weapon throughout the fight; past its hit points it breaks.
"""

from __future__ import annotations

from pyengine.dice import DiceExpr, RollLog
from pyengine.runequest.combat.damage import DamageDice, roll_damage, with_bonus
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon, WeaponHarm
from pyengine.working import Step


def parry_weapon_factor(w: Weapon, *, critical: bool, impale: bool, parry_critical: bool) -> tuple[int, str, tuple[str, ...]]:
    """How many times the blow's damage the parrying weapon takes, and why (RQ-39)."""
    if parry_critical:
        return 0, "a critical parry: the parrying weapon takes no damage at all", ()
    if impale:
        return 0, "an impaling attack parried by a weapon does no harm to the weapon or its wielder", ()
    if w.long_hafted:
        return 0, f"the {w.name} is long-hafted: its haft meets the parry, so the parrying weapon takes nothing", ("RQ-39",)
    if w.short_stabbing:
        return 0, f"the {w.name} is a short stabbing weapon: too light to affect another weapon", ("RQ-39",)
    if w.kind == "natural":
        return 0, f"the {w.name} is a body weapon: the parrying weapon takes nothing", ("RQ-39",)
    if critical:
        return 2, "a critical hit parried: the weapon takes twice the damage", ()
    return 1, "the parrying weapon takes the blow's damage", ()


def harm_parrying_weapon(parry: Parry, amount: int, why: str, rulings: tuple[str, ...], steps: list[Step]) -> WeaponHarm:
    """The parrying weapon takes ``amount``."""
    after = parry.damage_taken + amount
    broken = parry.hp is not None and after > parry.hp
    name = parry.name or "parrying weapon"
    of = f" of its {parry.hp}" if parry.hp is not None else ""
    steps.append(Step(
        field="weapon",
        text=f"{why}: the {name} takes {amount} ({after}{of} so far)" + (" — it breaks" if broken else ""),
        source="ch. IV, Weapon Damage Absorption; Parrying a Critical Hit",
        rulings=rulings or ("RQ-39",),
        value=after,
    ))
    return WeaponHarm(weapon=name, whose="defender", damage=amount, before=parry.damage_taken, after=after, hp=parry.hp,
                      broken=broken)


def harm_attacking_weapon(log: RollLog, attack: Attack, defence: Defence, parry: Parry, steps: list[Step]) -> WeaponHarm | None:
    """A missed attack against a successful weapon parry: the attacking weapon takes the
    parrying weapon's damage (its dice + the defender's bonus), unless either is exempt (RQ-39).

    :raises RollError: the dice run out or give a value off the die.
    """
    w = attack.weapon
    pname = parry.name or "parrying weapon"
    if parry.short_stabbing or parry.long_hafted:
        kind = "a short stabbing weapon" if parry.short_stabbing else "long-hafted"
        steps.append(Step(field="weapon", text=f"the {pname} is {kind}: the {w.name} takes nothing",
                          source="ch. IV, Weapon Damage Absorption", rulings=("RQ-39",)))
        return None
    if w.kind == "natural" or w.hp is None or parry.damage is None:
        why = "has no hit points to lose" if w.hp is None or w.kind == "natural" else f"meets a {pname} whose damage is not known"
        steps.append(Step(field="weapon", text=f"the {w.name} {why}: no weapon damage", rulings=("RQ-39",)))
        return None
    expr = DiceExpr.parse(parry.damage)
    rolled = log.expr(expr, f"damage to the attacking weapon ({pname} {expr})")
    bonus = DiceExpr.parse(defence.damage_bonus) if defence.damage_bonus else None
    extra = log.expr(bonus, f"damage to the attacking weapon (bonus {bonus})") if bonus else 0
    amount = max(rolled + extra, 0)
    after = attack.weapon_damage + amount
    broken = after > w.hp
    steps.append(Step(
        field="weapon",
        text=f"a miss against a successful weapon parry: the {w.name} takes the {pname}'s {with_bonus(expr, bonus)}"
        + f" = {amount} ({after} of its {w.hp} so far)"
        + (" — it breaks" if broken else ""),
        source="ch. IV, Weapon Damage Absorption",
        rulings=("RQ-39",),
        value=after,
    ))
    return WeaponHarm(weapon=w.name, whose="attacker", damage=amount, before=attack.weapon_damage, after=after, hp=w.hp,
                      broken=broken)


def parried_by_weapon(
    log: RollLog, attack: Attack, defender: str, dice: DamageDice, parry: Parry, *, critical: bool, impale: bool,
    parry_critical: bool, steps: list[Step],
) -> tuple[int | None, WeaponHarm | None]:
    """A blow ``defender`` parried with a weapon: "the parry blocks the attack"; only the
    parrying weapon may suffer. The blow's damage (``None``: not rolled, the weapon takes
    nothing) and the harm done.

    :raises RollError: the dice run out or give a value off the die.
    """
    steps.append(Step(field="parry", text=f"{defender}'s {parry.name or 'weapon'} blocks the blow", source="ch. IV, The Parry"))
    taken, why, rulings = parry_weapon_factor(attack.weapon, critical=critical, impale=impale, parry_critical=parry_critical)
    if not taken:
        steps.append(Step(field="weapon", text=why, source="ch. IV, Weapon Damage Absorption", rulings=rulings))
        return None, None
    damage = roll_damage(log, attack, dice, "rolled", steps)
    return damage, harm_parrying_weapon(parry, damage * taken, why, rulings, steps)
