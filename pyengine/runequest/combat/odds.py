"""Exact odds of one exchange, before anything is rolled.

Every die is enumerated exactly, with :class:`~fractions.Fraction`: the attack d100
and the parry d100 are read face by face and grouped by what they decide; the
fumble table's parry column gives the chance of a "wide open" blow (RQ-40); the
damage is :meth:`DiceExpr.distribution` of the weapon plus the bonus; the D20
gives each location. The same rules as :func:`~pyengine.runequest.combat.exchange.resolve_exchange`
are applied to each group, so the chances add up to exactly 1 and agree with a
brute-force enumeration of every roll (tests/unit/runequest/test_combat_odds.py).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Literal

from pyengine.dice import DiceExpr
from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.d100 import Thresholds, read_d100, thresholds
from pyengine.runequest.combat.exchange import (
    OUTCOMES,
    RULES,
    WIDE_OPEN_ORDER,
    Attack,
    Defence,
    Outcome,
    Rules,
    effective_bonus,
    effective_chance,
    wide_open_kind,
)
from pyengine.runequest.combat.wounds import Wound, apply_wound
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LOCATION_KEYS, Location

WideOpen = Literal["normal", "full", "critical"] | None
_KINDS: tuple[WideOpen, ...] = (None, "normal", "full", "critical")


class Odds:
    """The exact chances of one exchange."""

    def __init__(
        self,
        *,
        chance: int,
        thresholds: Thresholds,
        outcomes: dict[Outcome, Fraction],
        damage: dict[int, Fraction],
        disable: Fraction,
        kill: Fraction,
    ) -> None:
        self.chance = chance
        self.thresholds = thresholds
        self.outcomes = outcomes
        """missed, fumble, parried, hit, critical, impale: they add up to 1."""
        self.damage = damage
        """Damage reaching the defender's location after shield and armour (0 for a miss): adds up to 1."""
        self.disable = disable
        """The chance that the location struck is disabled (at or over its points)."""
        self.kill = kill

    @property
    def total(self) -> Fraction:
        return sum(self.outcomes.values(), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """Floats for people and pages, and the exact fractions as ``"n/d"`` text."""
        return {
            "chance": self.chance,
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "outcomes_exact": {k: _frac(v) for k, v in self.outcomes.items()},
            "damage": {str(k): float(v) for k, v in sorted(self.damage.items())},
            "disable": float(self.disable),
            "kill": float(self.kill),
            "kill_exact": _frac(self.kill),
        }


def _frac(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def wide_open_distribution(table: FumbleTable) -> dict[WideOpen, Fraction]:
    """What one fumbled parry's table roll leaves him: the chance of each "wide open" kind
    (``None``: not wide open). 99 and 00 roll 2 and 3 more, a 99 or 00 among them again (RQ-40),
    and the worst kind counts."""
    single: Counter[WideOpen] = Counter()
    for roll in range(1, 99):
        single[wide_open_kind(table.lookup(roll, parry=True)[1])] += 1
    extra = {k: Fraction(single[k], 98) for k in _KINDS}

    def worst_of(n: int) -> dict[WideOpen, Fraction]:
        out: dict[WideOpen, Fraction] = {}
        below = Fraction(0)
        for k in _KINDS:
            upto = below + extra[k]
            out[k] = upto**n - below**n
            below = upto
        return out

    dist = {k: Fraction(single[k], 100) for k in _KINDS}
    for n, more in ((2, Fraction(1, 100)), (3, Fraction(1, 100))):
        for k, p in worst_of(n).items():
            dist[k] += more * p
    return dist


def _clamped(dist: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        out[max(value, 0)] = out.get(max(value, 0), Fraction(0)) + p
    return out


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def exchange_odds(
    attack: Attack,
    defence: Defence,
    *,
    fumbles: FumbleTable,
    locations: HitLocationTable,
    rules: Rules = RULES,
) -> Odds:
    """The exact odds of :func:`resolve_exchange` with these inputs.

    :raises IllegalActionError: the attack cannot be made (as resolving it would say).
    """
    w = attack.weapon
    chance, _ = effective_chance(attack, defence)
    t = thresholds(chance, attack.chance)
    parry = defence.parry
    if parry is not None and w.missile and parry.kind == "weapon":
        raise IllegalActionError(f"parry: a {parry.name or 'weapon'} cannot parry a missile; only a shield can (RQ-43)")

    attack_groups: Counter[tuple[bool, bool, bool, bool]] = Counter()
    for roll in range(1, 101):
        a = read_d100(roll, t, impales=w.impales)
        attack_groups[(a.success, a.critical, a.impale, a.fumble)] += 1
    parry_groups: Counter[tuple[bool, bool, bool] | None] = Counter()
    if parry is None:
        parry_groups[None] = 100
    else:
        pt = thresholds(parry.chance)
        for roll in range(1, 101):
            p = read_d100(roll, pt)
            parry_groups[(p.success, p.success and p.critical and rules.parry_criticals, p.fumble and rules.parry_criticals)] += 1
    wide = wide_open_distribution(fumbles)

    damage_expr = DiceExpr.parse(w.damage)
    bonus, _ = effective_bonus(attack)
    rolled = damage_expr.distribution()
    if bonus:
        rolled = _convolve(rolled, DiceExpr.parse(bonus).distribution())
        full = damage_expr.maximum + DiceExpr.parse(bonus).maximum
    else:
        full = damage_expr.maximum
    normal_dist = _clamped(rolled)
    impale_dist = _clamped({damage_expr.maximum + v: p for v, p in rolled.items()})
    full_dist = {max(full, 0): Fraction(1)}

    loc_counts: Counter[Location] = Counter(locations.locate(r) for r in range(1, 21))
    loc_probs = {loc: Fraction(n, 20) for loc, n in loc_counts.items()}
    hp_left = defence.hit_points - defence.damage_taken
    wounds: dict[tuple[Location, int], Wound] = {}

    def wound(loc: Location, dmg: int) -> Wound:
        key = (loc, dmg)
        found = wounds.get(key)
        if found is None:
            k = LOCATION_KEYS[loc]
            found = apply_wound(loc, dmg, location_hp=defence.locations[k], before=defence.wounds.get(k, 0), hit_points=hp_left)
            wounds[key] = found
        return found

    outcomes: dict[Outcome, Fraction] = {o: Fraction(0) for o in OUTCOMES}
    damage: dict[int, Fraction] = {}
    disable = Fraction(0)
    kill = Fraction(0)

    def add_damage(value: int, p: Fraction) -> None:
        damage[value] = damage.get(value, Fraction(0)) + p

    for (a_success, a_critical, a_impale, a_fumble), a_n in attack_groups.items():
        pa = Fraction(a_n, 100)
        for p_key, p_n in parry_groups.items():
            pp = pa * Fraction(p_n, 100)
            if p_key is None:
                p_success = p_critical = p_fumble = False
            else:
                p_success, p_critical, p_fumble = p_key
            critical = a_critical
            if p_critical and critical and a_success:
                critical = False
                p_critical = False
            wide_options: dict[WideOpen, Fraction] = wide if p_fumble else {None: Fraction(1)}
            for open_kind, pw in wide_options.items():
                prob = pp * pw
                if not prob:
                    continue
                hit = a_success
                crit = critical
                if open_kind and not a_fumble:
                    hit = True
                    if open_kind == "critical":
                        crit = True
                if not hit:
                    outcomes["fumble" if a_fumble else "missed"] += prob
                    add_damage(0, prob)
                    continue
                parried_by = parry if (parry is not None and p_success and not open_kind) else None
                if parried_by is not None and parried_by.kind == "weapon":
                    outcomes["parried"] += prob
                    add_damage(0, prob)
                    continue
                if open_kind == "full":
                    dist = full_dist
                elif a_impale:
                    dist = impale_dist
                else:
                    dist = normal_dist
                ignores_armour = crit
                absorbs_now = 0
                shielded = parried_by is not None
                if shielded:
                    assert parried_by is not None
                    if p_critical:
                        outcomes["parried"] += prob
                        add_damage(0, prob)
                        continue
                    absorbs = parried_by.absorbs or 0
                    if crit:
                        absorbs_now = absorbs // 2
                        ignores_armour = False
                    else:
                        absorbs_now = absorbs
                landed: Outcome = "critical" if crit else "impale" if a_impale else "hit"
                for dmg, pd in dist.items():
                    q = prob * pd
                    through = dmg - min(dmg, absorbs_now) if shielded else dmg
                    if shielded and through <= 0:
                        outcomes["parried"] += q
                        add_damage(0, q)
                        continue
                    outcomes[landed] += q
                    for loc, pl in loc_probs.items():
                        r = q * pl
                        armour = 0 if ignores_armour else defence.armour.get(LOCATION_KEYS[loc], 0)
                        to_loc = through - min(armour, through)
                        add_damage(to_loc, r)
                        wd = wound(loc, to_loc)
                        if wd.disabled:
                            disable += r
                        if wd.condition == "dead":
                            kill += r
    return Odds(
        chance=chance,
        thresholds=t,
        outcomes=outcomes,
        damage=dict(sorted(damage.items())),
        disable=disable,
        kill=kill,
    )


__all__ = ["Odds", "exchange_odds", "wide_open_distribution", "WIDE_OPEN_ORDER"]
