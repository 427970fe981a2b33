"""The chance an attack is rolled against, and what its d100 needs (seed ch. II, IV; RQ-38).

His own % with the weapon, halved (or quartered) by each situation in turn — fighting
from the ground, an unfamiliar weapon, a missile's range, a moving or dodging target:
"effects are cumulative", the product rounded up — then +20% against a helpless
target, and last the Defense the defender allots to him. The situations that halve are
tables (:data:`HIS_SITUATION`, :data:`RANGE_BANDS`, :data:`MOVING_TARGET`), so each one
is the seed's words once, beside its section.
"""

from __future__ import annotations

from typing import NamedTuple

from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.d100 import Thresholds, shown
from pyengine.runequest.combat.model import Attack, Defence
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.working import Step

#: "thrown weapons have no effective value beyond 20 meters".
THROWN_LIMIT_M = 20
#: "An attacker has a 20% greater chance of hitting an opponent when that opponent is on
#: the ground, otherwise immobilized, or unaware of him."
ADVANTAGE = 20


class Halving(NamedTuple):
    """A situation that multiplies the chance by ½ per ``halvings`` (0: it leaves it whole)."""

    halvings: int
    part: str
    """How it reads in the product: ``from the ground ×½``."""
    text: str
    source: str
    rulings: tuple[str, ...] = ()

    def step(self) -> Step:
        return Step(field="chance", text=self.text, source=self.source, rulings=self.rulings)


#: The attacker's own situation, by the :class:`Attack` field that says so, in working order.
HIS_SITUATION: tuple[tuple[str, Halving], ...] = (
    ("on_ground", Halving(1, "from the ground ×½", "attacking from the ground: half the normal chance",
                          "ch. IV, Attacking from Advantage 3")),
    ("unfamiliar", Halving(1, "weapon picked up in the melee ×½",
                           "a weapon picked up in the middle of the melee and used at once (similar, or even a "
                           "duplicate of his own): half effectiveness",
                           "ch. IV, Effects of Training with Similar Weapons", ("RQ-17",))),
)
#: The target's movement, which changes a missile's chance only.
MOVING_TARGET: tuple[tuple[str, Halving], ...] = (
    ("target_crossing", Halving(1, "target crossing ×½", "target moving at an angle across the line of fire: half",
                                "ch. IV, Shooting at Moving Targets")),
    ("target_dodging", Halving(1, "target dodging ×½", "target dodging as it moves: a further half",
                               "ch. IV, Shooting at Moving Targets")),
)
#: A projectile's range bands: out to ``times`` (numerator, denominator) its effective
#: range, the chance is halved ``halvings`` times; ``text`` takes the distance ``d`` and range ``r``.
RANGE_BANDS: tuple[tuple[tuple[int, int], Halving], ...] = (
    ((1, 1), Halving(0, "", "{d} m: within effective range {r} m", "ch. IV, Range")),
    ((3, 2), Halving(1, "medium range ×½", "{d} m: medium range (over {r} m, up to 1.5 × {r} m): half",
                     "ch. IV, Range", ("RQ-38",))),
    ((2, 1), Halving(2, "long range ×¼", "{d} m: long range (up to twice {r} m): a quarter",
                     "ch. IV, Range", ("RQ-38",))),
)


def effective_chance(attack: Attack, defence: Defence, defender: Pronouns = THEY) -> tuple[int, list[Step]]:
    """The attacker's chance against this defender: his own, halved and quartered by the
    situation, +20% against a helpless target, less the Defense allotted to him (RQ-38); a
    totally helpless one has no Defense (RQ-60).

    :raises IllegalActionError: a thrown weapon past 20 m, a projectile past twice its range,
        moving-target modifiers on a melee attack, a dodging target said to be totally helpless.
    """
    if (attack.target_crossing or attack.target_dodging) and not attack.weapon.missile:
        raise IllegalActionError(
            "target moving: crossing and dodging change a missile's chance, not a melee attack's"
        )
    if attack.target_dodging and attack.target_totally_helpless:
        raise IllegalActionError("target dodging: a dodging target is not totally helpless (RQ-60)")
    terms = [h for flag, h in HIS_SITUATION if getattr(attack, flag)]
    terms += _range(attack)
    terms += [h for flag, h in MOVING_TARGET if getattr(attack, flag)]
    steps = [h.step() for h in terms]
    if attack.off_hand:
        steps.insert(0, Step(
            field="chance",
            text=f"off hand: {attack.chance}% is the off-hand skill (a flat 5% + natural ability + gains)",
            source="ch. IV, Two Weapon Use 2",
            rulings=("RQ-19",),
        ))
    chance = attack.chance
    divisor = 2 ** sum(h.halvings for h in terms)
    if divisor > 1:
        chance = -(-attack.chance // divisor)  # rounded up
        rounded = "" if attack.chance % divisor == 0 else f" ({attack.chance / divisor:g}, rounded up)"
        product = " × ".join(h.part for h in terms if h.halvings)
        steps.append(_chance(f"{attack.chance}% × {product} = {chance}%{rounded}", chance,
                             "ch. IV, Shooting at Moving Targets (effects are cumulative)"))
    if attack.target_helpless or attack.target_totally_helpless:
        chance += ADVANTAGE
        why = "totally helpless, so immobilised" if attack.target_totally_helpless else "on the ground, immobilised or unaware"
        steps.append(_chance(f"target {why}: +{ADVANTAGE}% = {chance}%", chance, "ch. IV, Attacking from Advantage 1"))
    if attack.target_totally_helpless:
        if defence.defense:
            steps.append(Step(field="chance", text=f"{defence.name} is totally helpless: no Defense "
                              f"({defender.his} {defence.defense}% does not count)", source="ch. IV, Attacking from Advantage 4",
                              rulings=("RQ-60",)))
    elif defence.defense:
        before, chance = chance, chance - defence.defense
        steps.append(_chance(f"{defence.name}'s Defense {defence.defense}% allotted to {defender.him}: "
                             f"{before}% − {defence.defense}% = {chance}%", chance, "ch. II, How Defense Works"))
    steps.append(Step(field="chance", text=f"{attack.name} needs {chance}% or less on D100 "
                      "(01-05 always hit, 96-00 always miss)", source="ch. IV, Basic Chances", value=chance))
    return chance, steps


def _chance(text: str, chance: int, source: str) -> Step:
    return Step(field="chance", text=text, source=source, rulings=("RQ-38",), value=chance)


def _range(attack: Attack) -> list[Halving]:
    """What the distance does to a missile's chance (none when no distance is given).

    :raises IllegalActionError: beyond a thrown weapon's 20 m or a projectile's long range.
    """
    w, d = attack.weapon, attack.distance
    if not w.missile or d is None:
        return []
    if w.kind == "thrown":
        if d > THROWN_LIMIT_M:
            raise IllegalActionError(
                f"distance: {d} m is beyond {THROWN_LIMIT_M} m, where a thrown {w.name} has no effective value"
            )
        limit = min(w.range or THROWN_LIMIT_M, THROWN_LIMIT_M)
        return [Halving(0, "", f"{d} m: within a thrown weapon's {limit} m, full chance", "ch. IV, Range")]
    r = w.range
    if r is None:
        raise IllegalActionError(f"distance: the {w.name} has no effective range to measure {d} m by")
    for (times, over), band in RANGE_BANDS:
        if d * over <= r * times:
            return [band._replace(text=band.text.format(d=d, r=r))]
    raise IllegalActionError(f"distance: {d} m is beyond long range (twice the {w.name}'s {r} m)")


def thresholds_step(t: Thresholds, attack: Attack, attacker: Pronouns = THEY) -> Step:
    """What the attack d100 needs for a critical, an impale and a fumble (RQ-36, RQ-37; a
    split attack's fumble range from his whole skill, RQ-50)."""
    split = attack.skill is not None and attack.skill != attack.chance
    skill = f"{attacker.his} whole skill {attack.skill}%, not the {attack.chance}% of this blow" if split else f"skill {attack.chance}%"
    return Step(
        field="attack",
        text=f"critical at {t.critical_max:02d} or less (5% of {t.chance}, rounded down; 01 always)"
        + (f"; impale at {t.impale_max:02d} or less (20%)" if attack.weapon.impales else "")
        + f"; fumble at {shown(t.fumble_min)} or more ({skill}; 00 always)",
        source="ch. IV, Critical Hits; Impaling; Fumbles",
        rulings=("RQ-36", "RQ-37", "RQ-50") if split else ("RQ-36", "RQ-37"),
    )
