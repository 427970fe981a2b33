"""Exact odds of one exchange, before anything is rolled.

Every die is enumerated exactly, with :class:`~fractions.Fraction`: the attack d100
and the parry d100 are read face by face and grouped by what they decide; the
fumble table's parry column gives the chance of a "wide open" blow (RQ-40); the
damage is :func:`~pyengine.dice.exact.distribution` of the weapon plus the bonus; the D20
gives each location, or the protection a blow strikes instead (:mod:`.barrier`). Each group is decided by the same stage functions as
:func:`~pyengine.runequest.combat.exchange.resolve_exchange` (:mod:`.chance`,
:mod:`.parry`, :mod:`.fumbles`, :mod:`.damage`, :mod:`.protection`, :mod:`.wounds`),
so the chances add up to exactly 1 and agree with a brute-force enumeration of every
roll (tests/unit/runequest/test_combat_odds.py).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from pyengine.dice.exact import distribution
from pyengine.runequest.combat.barrier import landing
from pyengine.runequest.combat.chance import effective_chance
from pyengine.runequest.combat.d100 import D100, Thresholds, read_d100, thresholds
from pyengine.runequest.combat.damage import DamageKind, damage_dice, damage_kind, damage_total
from pyengine.runequest.combat.exchange import landed
from pyengine.runequest.combat.fumbles import WIDE_OPEN_ORDER, opened, wide_open_kind
from pyengine.runequest.combat.model import OUTCOMES, RULES, Attack, Defence, Outcome, Rules, WideOpen
from pyengine.runequest.combat.parry import check_parry, in_the_way, meet
from pyengine.runequest.combat.protection import armour_absorbed, cover, shield_absorbed, stopped
from pyengine.runequest.combat.wounds import Wound, apply_wound
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LOCATION_KEYS, Location, LocationKey

_KINDS: tuple[WideOpen | None, ...] = (None, "normal", "full", "critical")
_DAMAGE_KINDS: tuple[DamageKind, ...] = ("rolled", "impale", "full")


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
        """missed, fumble, parried, hit, critical, impale, cover, killed: they add up to 1."""
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


def wide_open_distribution(table: FumbleTable) -> dict[WideOpen | None, Fraction]:
    """What one fumbled parry's table roll leaves him: the chance of each "wide open" kind
    (``None``: not wide open). 99 and 00 roll 2 and 3 more, a 99 or 00 among them again (RQ-40),
    and the worst kind counts."""
    single: Counter[WideOpen | None] = Counter()
    for roll in range(1, 99):
        single[wide_open_kind(table.lookup(roll, parry=True)[1])] += 1
    extra = {k: Fraction(single[k], 98) for k in _KINDS}

    def worst_of(n: int) -> dict[WideOpen | None, Fraction]:
        out: dict[WideOpen | None, Fraction] = {}
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


def _faces(t: Thresholds, *, impales: bool = False) -> list[tuple[D100, Fraction]]:
    """The d100's faces grouped by what they decide: one reading of each group, and its chance."""
    groups: dict[tuple[bool, bool, bool, bool], tuple[D100, int]] = {}
    for roll in range(1, 101):
        d = read_d100(roll, t, impales=impales)
        key = (d.success, d.critical, d.impale, d.fumble)
        first, n = groups.get(key, (d, 0))
        groups[key] = (first, n + 1)
    return [(d, Fraction(n, 100)) for d, n in groups.values()]


def _tally(pairs: Any) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for value, p in pairs:
        out[value] = out.get(value, Fraction(0)) + p
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
    helpless = attack.target_totally_helpless
    w, parry = attack.weapon, None if helpless else defence.parry
    chance, _ = effective_chance(attack, defence)
    t = thresholds(chance, attack.whole_skill)
    check_parry(w, parry)
    attack_faces = _faces(t, impales=w.impales)
    #: Where a blow lands, by whether it is critical: each location's chance, and the protection's (RQ-61).
    lands = {crit: _landings(locations, defence.cover, critical=crit) for crit in (False, True)}
    if helpless:
        return _helpless_odds(chance, t, attack_faces, lands)
    parry_faces: list[tuple[D100 | None, Fraction]] = [(None, Fraction(1))]
    if parry is not None:
        parry_faces = list(_faces(thresholds(parry.chance, defence.parry_skill)))
    wide = wide_open_distribution(fumbles)

    dice = damage_dice(attack)
    rolled = distribution(dice.weapon)
    if dice.bonus is not None:
        rolled = _convolve(rolled, distribution(dice.bonus))
    by_kind = {kind: _tally((damage_total(kind, dice, v), p) for v, p in rolled.items()) for kind in _DAMAGE_KINDS}

    hp_left = defence.hit_points - defence.damage_taken
    wounds: dict[tuple[Location, int], Wound] = {}

    def wound(loc: Location, dmg: int) -> Wound:
        found = wounds.get((loc, dmg))
        if found is None:
            k = LOCATION_KEYS[loc]
            found = apply_wound(loc, dmg, location_hp=defence.locations[k], before=defence.wounds.get(k, 0), hit_points=hp_left)
            wounds[(loc, dmg)] = found
        return found

    outcomes: dict[Outcome, Fraction] = {o: Fraction(0) for o in OUTCOMES}
    damage: dict[int, Fraction] = {}
    disable = Fraction(0)
    kill = Fraction(0)

    def add(outcome: Outcome, to_location: int, p: Fraction) -> None:
        outcomes[outcome] += p
        damage[to_location] = damage.get(to_location, Fraction(0)) + p

    for a, pa in attack_faces:
        for pd, pp in parry_faces:
            m = meet(a, pd, rules)
            for open_kind, pw in (wide if m.parry_fumble else {None: Fraction(1)}).items():
                prob = pa * pp * pw
                if not prob:
                    continue
                hit, critical = opened(a.success, m.critical, fumble=a.fumble, wide_open=open_kind)
                if not hit:
                    add("fumble" if a.fumble else "missed", 0, prob)
                    continue
                c = cover(in_the_way(parry, m, open_kind), critical=critical, parry_critical=m.parry_critical)
                if c.blocks_all:
                    add("parried", 0, prob)
                    continue
                outcome = landed(critical=critical, impale=a.impale)
                loc_probs, on_cover = lands[critical]
                for dmg, p_dmg in by_kind[damage_kind(impale=a.impale, wide_open=open_kind)].items():
                    q = prob * p_dmg
                    through = dmg - shield_absorbed(c, dmg)
                    if stopped(c, through):
                        add("parried", 0, q)
                        continue
                    if on_cover:
                        add("cover", 0, q * on_cover)
                    outcomes[outcome] += q * (1 - on_cover)
                    for loc, pl in loc_probs.items():
                        r = q * pl
                        armour = defence.armour.get(LOCATION_KEYS[loc], 0)
                        to_loc = through - armour_absorbed(c, armour, through)
                        damage[to_loc] = damage.get(to_loc, Fraction(0)) + r
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


def _landings(
    table: HitLocationTable, exposed: frozenset[LocationKey] | None, *, critical: bool
) -> tuple[dict[Location, Fraction], Fraction]:
    """Where a blow lands, critical or not: each location's chance on the D20, and the chance it
    strikes the protection instead (RQ-61, RQ-62)."""
    probs: dict[Location, Fraction] = {}
    on_cover = Fraction(0)
    for roll in range(1, table.die + 1):
        where = landing(table, roll, exposed, critical=critical).location
        if where is None:
            on_cover += Fraction(1, table.die)
        else:
            probs[where] = probs.get(where, Fraction(0)) + Fraction(1, table.die)
    return probs, on_cover


def _helpless_odds(
    chance: int, t: Thresholds, faces: list[tuple[D100, Fraction]],
    lands: dict[bool, tuple[dict[Location, Fraction], Fraction]],
) -> Odds:
    """A totally helpless opponent: a fumble spares him, any other roll kills him outright
    unless it lands on cover (RQ-60, RQ-61)."""
    outcomes: dict[Outcome, Fraction] = {o: Fraction(0) for o in OUTCOMES}
    for a, p in faces:
        if a.fumble:
            outcomes["fumble"] += p
            continue
        on_cover = lands[a.critical][1]
        outcomes["cover"] += p * on_cover
        outcomes["killed"] += p * (1 - on_cover)
    return Odds(chance=chance, thresholds=t, outcomes=outcomes, damage={0: Fraction(1)}, disable=Fraction(0),
                kill=outcomes["killed"])


__all__ = ["Odds", "exchange_odds", "wide_open_distribution", "WIDE_OPEN_ORDER"]
