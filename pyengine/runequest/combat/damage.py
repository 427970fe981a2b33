"""The blow's damage: the weapon's dice and the damage bonus, rolled, impaling or full.

Seed ch. IV: the damage bonus is not added from the ground (natural weapons excepted),
nor to projectiles; a thrown weapon adds half of it, each die halved rounded up (RQ-6).
"Impaling 1": an impale adds the weapon's total possible damage to its roll (RQ-36); a
fumbled parry "wide open: full possible damage" gives the weapon's and the bonus's
maximum (RQ-40). Damage is never below 0.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pyengine.dice import DiceExpr, RollLog
from pyengine.errors import RulesError
from pyengine.runequest.combat.model import Attack, WideOpen
from pyengine.working import Step

DamageKind = Literal["rolled", "impale", "full"]


class DamageDice(NamedTuple):
    """What a blow's damage is rolled with."""

    weapon: DiceExpr
    bonus: DiceExpr | None
    """The damage bonus this attack adds (``None``: none)."""
    why_bonus: Step | None
    """Why the bonus is halved or left out (``None``: it is added whole, or he has none)."""


def effective_bonus(attack: Attack) -> tuple[str, Step | None]:
    """The damage bonus this attack adds: none from the ground (natural weapons excepted),
    none for projectiles, half (each die halved, rounded up) for thrown weapons (RQ-6).

    :raises RulesError: a thrown weapon's bonus with a die that cannot be halved.
    """
    bonus = attack.damage_bonus
    w = attack.weapon
    if not bonus:
        return "", None
    if attack.on_ground and w.kind != "natural":
        return "", Step(
            field="damage",
            text=f"fighting from the ground: no damage bonus ({bonus} not added)",
            source="ch. IV, Attacking from Advantage 2",
        )
    if w.kind == "projectile":
        return "", Step(field="damage", text=f"a projectile weapon: no damage bonus ({bonus} not added)", rulings=("RQ-6",))
    if w.kind == "thrown":
        half = half_bonus(bonus)
        return half, Step(
            field="damage",
            text=f"thrown: half the damage bonus, rounded up: {bonus} → {half}",
            source="ch. IV, Thrown Weapon Damage Bonus",
            rulings=("RQ-6",),
            value=half,
        )
    return bonus, None


def half_bonus(bonus: str) -> str:
    """Half a damage bonus, each die halved rounded up (a D4 halved is a D2, RQ-6).

    :raises RulesError: a die with an odd number of sides (its half is not a die).
    """
    parts = []
    for term in DiceExpr.parse(bonus).terms:
        sign = "-" if term.sign < 0 else "+"
        if term.sides is None:
            parts.append(f"{sign}{-(-term.count // 2)}")
        elif term.sides % 2:
            raise RulesError(f"damage bonus {bonus!r}: a D{term.sides} cannot be halved into a die")
        else:
            parts.append(f"{sign}{term.count}D{term.sides // 2}")
    return "".join(parts)


def damage_dice(attack: Attack) -> DamageDice:
    """The weapon's damage and the bonus this attack adds.

    :raises RulesError: as :func:`effective_bonus`.
    """
    bonus, why = effective_bonus(attack)
    return DamageDice(DiceExpr.parse(attack.weapon.damage), DiceExpr.parse(bonus) if bonus else None, why)


def with_bonus(expr: DiceExpr, bonus: DiceExpr | None) -> str:
    """Dice and a bonus as one expression, the bonus with its sign: ``1D8+1+1D4``, ``1D8+1-1D4``."""
    if bonus is None:
        return str(expr)
    added = str(bonus)
    return f"{expr}{added}" if added.startswith("-") else f"{expr}+{added}"


def damage_kind(*, impale: bool, wide_open: WideOpen | None) -> DamageKind:
    """Full possible damage for a parry fumbled "wide open: full", else an impale's, else as rolled."""
    if wide_open == "full":
        return "full"
    return "impale" if impale else "rolled"


def damage_total(kind: DamageKind, dice: DamageDice, rolled: int) -> int:
    """The blow's damage when the weapon's and the bonus's dice rolled ``rolled`` together."""
    if kind == "full":
        return max(dice.weapon.maximum + (dice.bonus.maximum if dice.bonus else 0), 0)
    if kind == "impale":
        return max(dice.weapon.maximum + rolled, 0)
    return max(rolled, 0)


def roll_damage(log: RollLog, attack: Attack, dice: DamageDice, kind: DamageKind, steps: list[Step]) -> int:
    """Rolls the blow's damage (full damage rolls nothing) and writes how it was reached.

    :raises RollError: the dice run out or give a value off the die.
    """
    w, expr, bonus = attack.weapon, dice.weapon, dice.bonus
    if dice.why_bonus is not None:
        steps.append(dice.why_bonus)
    if kind == "full":
        total = damage_total(kind, dice, 0)
        steps.append(Step(field="damage", text=f"full possible damage: {with_bonus(expr, bonus)} = {total}",
                          rulings=("RQ-40",), value=total))
        return total
    rolled = log.expr(expr, f"damage ({w.name} {expr})")
    extra = log.expr(bonus, f"damage bonus ({bonus})") if bonus else 0
    total = damage_total(kind, dice, rolled + extra)
    if kind == "impale":
        text = (f"impale: the {w.name}'s full {expr.maximum} + rolled {rolled}"
                + (f" + bonus {extra}" if bonus else "") + f" = {total}")
        steps.append(Step(field="damage", text=text, source="ch. IV, Impaling 1", rulings=("RQ-36",), value=total))
    else:
        text = f"{expr} rolled {rolled}" + (f" + bonus {bonus} rolled {extra}" if bonus else "") + f" = {total}"
        steps.append(Step(field="damage", text=text, source="ch. IV, Specific Weapon Characteristics", value=total))
    return total
