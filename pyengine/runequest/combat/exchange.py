"""One attack against one defender, end to end: :func:`resolve_exchange`.

Seed ch. III-IV. The inputs are frozen Structs that can come from a derived sheet
(:mod:`pyengine.runequest.exchange_build`) or a quick stat block typed in: the
:class:`Attack` (who strikes, with what, at what chance, in what situation) and the
:class:`Defence` (the Defense allotted to this attacker, the parry, hit points,
armour). Dice come only from the injected ``dice``; every roll is kept in the result
with what it was for, so ``ScriptedDice(result.roll_values)`` replays it exactly,
and :func:`next_roll` tells a page which physical roll it needs next.

The rolls, in the order they are asked for (RQ-42):

1. the attack d100;
2. the parry d100, when a parry is declared;
3. the fumble table d100 for a fumbled attack (and more, for 99 and 00);
4. the fumble table d100 for a fumbled parry (optional rules);
5. the damage: the weapon's dice, then the damage bonus dice — when the blow lands,
   or when a parrying weapon or shield takes it; or the parrying weapon's damage,
   when a missed attack meets a successful weapon parry;
6. the hit location d20, when damage gets past any parry.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from pyengine.dice import Dice, DiceExpr, ScriptedDice
from pyengine.errors import IllegalActionError, NotationError, RollError, RulesError
from pyengine.runequest.combat.d100 import D100, Thresholds, read_d100, shown, thresholds
from pyengine.runequest.combat.wounds import Wound, apply_wound
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, LOCATION_KEYS, Location
from pyengine.tables import Record

#: "thrown weapons have no effective value beyond 20 meters".
THROWN_LIMIT_M = 20
#: "An attacker has a 20% greater chance of hitting an opponent when that opponent is on
#: the ground, otherwise immobilized, or unaware of him."
ADVANTAGE = 20

Name = Annotated[str, msgspec.Meta(max_length=60)]
Chance = Annotated[int, msgspec.Meta(ge=-100, le=300)]
Points = Annotated[int, msgspec.Meta(ge=0, le=999)]
DiceText = Annotated[str, msgspec.Meta(max_length=40)]
WeaponKind = Literal["melee", "natural", "thrown", "projectile"]
ParryKind = Literal["weapon", "shield"]
Outcome = Literal["fumble", "missed", "parried", "hit", "critical", "impale"]
OUTCOMES: tuple[Outcome, ...] = ("missed", "fumble", "parried", "hit", "critical", "impale")


def _check_dice(text: str, what: str, *, allow_empty: bool = False) -> None:
    if allow_empty and text == "":
        return
    try:
        DiceExpr.parse(text)
    except NotationError as exc:
        raise ValueError(f"{what}: {exc}") from None


class Weapon(Record):
    """The attacking weapon, as the exchange needs it (from the tables or typed in)."""

    name: Name
    damage: DiceText
    """Its own damage, dice notation: ``1D8+1``."""
    kind: WeaponKind = "melee"
    """``natural`` (fist, kick, claw ...), ``thrown`` or ``projectile`` missiles, else ``melee``."""
    impales: bool = False
    long_hafted: bool = False
    """Spears, pikes, pole axes: they do not damage parrying weapons (RQ-39)."""
    short_stabbing: bool = False
    """Daggers: they do not damage weapons at all (RQ-39)."""
    hp: Annotated[int, msgspec.Meta(ge=1, le=200)] | None = None
    """Hit points it takes before breaking; ``None``: a body weapon, or not known."""
    enc: Annotated[float, msgspec.Meta(ge=0, le=20)] = 1.0
    """Its ENC, for a weapon stuck in a shield ((4) is 0.25)."""
    range: Annotated[int, msgspec.Meta(ge=1, le=1000)] | None = None
    """A missile's effective range in metres."""

    def __post_init__(self) -> None:
        _check_dice(self.damage, f"weapon {self.name!r} damage")

    @property
    def missile(self) -> bool:
        return self.kind in ("thrown", "projectile")


class Attack(Record):
    """Who strikes, with what, at what chance, and in what situation."""

    weapon: Weapon
    chance: Chance
    """The attacker's own % with this weapon (the off-hand entry's when used off hand)."""
    name: Name = "Attacker"
    damage_bonus: DiceText = ""
    """His full STR/SIZ bonus (``+1D4``); the exchange halves it for thrown weapons (RQ-6)."""
    weapon_damage: Points = 0
    """Damage the weapon has already taken in this fight (it is cumulative)."""
    target_helpless: bool = False
    """The target is on the ground, otherwise immobilised, or unaware of him: +20%."""
    on_ground: bool = False
    """He fights from the ground: half chance, no damage bonus unless a natural weapon."""
    unfamiliar: bool = False
    """A similar weapon picked up in the melee: half effectiveness."""
    off_hand: bool = False
    """The weapon is in his off hand (the chance given is that hand's, RQ-19)."""
    distance: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    """Metres to the target, for a missile."""
    target_crossing: bool = False
    """The target moves across his line of fire: half (missiles)."""
    target_dodging: bool = False
    """The target dodges as it moves: a further half (missiles)."""

    def __post_init__(self) -> None:
        _check_dice(self.damage_bonus, "damage bonus", allow_empty=True)


class Parry(Record):
    """The defender's parry against this attack: a weapon or a shield."""

    kind: ParryKind
    chance: Chance
    name: Name = ""
    hp: Annotated[int, msgspec.Meta(ge=1, le=200)] | None = None
    """A parrying weapon's hit points (``None``: not known, it never breaks)."""
    damage_taken: Points = 0
    """Damage the parrying weapon has already taken in this fight."""
    absorbs: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    """A shield's points absorbed per attack."""
    damage: DiceText | None = None
    """A parrying weapon's own damage, dealt to an attacking weapon that misses against it."""
    long_hafted: bool = False
    short_stabbing: bool = False

    def __post_init__(self) -> None:
        if self.kind == "shield" and self.absorbs is None:
            raise ValueError("parry: a shield needs the points it absorbs")
        if self.damage is not None:
            _check_dice(self.damage, "parrying weapon damage")


def _location_map(values: dict[str, int], what: str, *, complete: bool) -> None:
    for key, value in values.items():
        if key not in LOCATION_BY_KEY:
            known = ", ".join(LOCATION_BY_KEY)
            raise ValueError(f"{what}: {key!r} is not a hit location ({known})")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 999:
            raise ValueError(f"{what}: {key} {value!r} is not 0-999")
    if complete:
        missing = [k for k in LOCATION_BY_KEY if k not in values]
        if missing:
            raise ValueError(f"{what}: no value for {', '.join(missing)}")


class Defence(Record):
    """The defender: Defense allotted to this attacker, parry, hit points and armour."""

    hit_points: Annotated[int, msgspec.Meta(ge=1, le=999)]
    """Total hit points (undamaged)."""
    locations: dict[str, int]
    """Each location's hit points, by key (``head``, ``chest``, ``abdomen``, ``right_arm`` ...)."""
    name: Name = "Defender"
    defense: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0
    """The Defense % he allots to this attacker."""
    parry: Parry | None = None
    armour: dict[str, int] = {}
    """Points of armour by location key; a location not listed has none."""
    damage_taken: Points = 0
    """Total hit points already lost in this fight."""
    wounds: dict[str, int] = {}
    """Damage each location has already taken in this fight."""
    damage_bonus: DiceText = ""
    """His STR/SIZ bonus, added to his parrying weapon's damage."""

    def __post_init__(self) -> None:
        _location_map(self.locations, "location hit points", complete=True)
        _location_map(self.armour, "armour", complete=False)
        _location_map(self.wounds, "wounds", complete=False)
        _check_dice(self.damage_bonus, "defender damage bonus", allow_empty=True)


class Rules(Record):
    """Which optional rules are used."""

    parry_criticals: bool = True
    """"Optional Rules — Parries, Critical and Fumbled": critical parries and parry fumbles (together)."""


RULES = Rules()


class Step(Record):
    """One step of the working: what was decided, how, the rule it came from, and rulings."""

    field: str
    """``chance``, ``attack``, ``parry``, ``fumble``, ``damage``, ``shield``, ``armour``, ``weapon``, ``wound`` ..."""
    text: str
    rule: str = ""
    """Where the rule is: ``ch. IV, Critical Hits``."""
    rulings: tuple[str, ...] = ()

    def __str__(self) -> str:
        cited = [c for c in (self.rule, *self.rulings) if c]
        return f"{self.field}: {self.text}" + (f" [{'; '.join(cited)}]" if cited else "")


class RollMade(Record):
    """One die rolled, and what for."""

    purpose: str
    sides: int
    value: int


class NeededRoll(Record):
    """The next roll a page must ask for."""

    sides: int
    purpose: str
    index: int
    """How many rolls come before it."""


class NoRollLeft(RollError):
    """Scripted dice ran out: ``needed`` is the roll asked for."""

    def __init__(self, needed: NeededRoll) -> None:
        self.needed = needed
        super().__init__(f"no roll left for the D{needed.sides} of the {needed.purpose} (roll {needed.index + 1})")


class WeaponHarm(Record):
    """Damage one weapon took in the exchange."""

    weapon: str
    whose: Literal["attacker", "defender"]
    damage: int
    before: int
    after: int
    hp: int | None
    broken: bool


class ExchangeResult(Record):
    """Everything the exchange decided, every roll, and the working."""

    outcome: Outcome
    headline: str
    chance: int
    """The effective chance rolled against."""
    thresholds: Thresholds
    attack_roll: int
    hit: bool
    critical: bool
    impale: bool
    fumble: bool
    parry_chance: int | None = None
    parry_roll: int | None = None
    parry_success: bool = False
    parry_critical: bool = False
    parry_fumble: bool = False
    parried: bool = False
    """The parry stopped the whole blow."""
    fumble_effects: tuple[str, ...] = ()
    parry_fumble_effects: tuple[str, ...] = ()
    wide_open: Literal["normal", "full", "critical"] | None = None
    damage: int | None = None
    """The blow's damage before any protection (``None``: no damage was rolled)."""
    shield_absorbed: int = 0
    armour_absorbed: int = 0
    location: Location | None = None
    location_damage: int = 0
    """Damage that reached the defender's location after shield and armour."""
    wound: Wound | None = None
    weapon_harm: tuple[WeaponHarm, ...] = ()
    stuck: Literal["target", "shield"] | None = None
    stuck_effect: str = ""
    condition: str = "unhurt"
    hit_points_after: int = 0
    rolls: tuple[RollMade, ...] = ()
    working: tuple[Step, ...] = ()

    @property
    def roll_values(self) -> list[int]:
        return [r.value for r in self.rolls]


# -- the dice --------------------------------------------------------------------------------


class _Roller:
    """Hands every roll to the injected dice and keeps it with its purpose."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.rolls: list[RollMade] = []

    def roll(self, sides: int, purpose: str) -> int:
        try:
            value = self.dice.roll(sides)
        except RollError as exc:
            if isinstance(exc, NoRollLeft) or (isinstance(self.dice, ScriptedDice) and not self.dice.remaining):
                raise NoRollLeft(NeededRoll(sides=sides, purpose=purpose, index=len(self.rolls))) from None
            raise RollError(f"{purpose}: {exc}") from None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RollError(f"{purpose}: roll {value!r} does not fit a D{sides} (1-{sides})")
        self.rolls.append(RollMade(purpose=purpose, sides=sides, value=value))
        return value

    def expr(self, expr: DiceExpr, purpose: str) -> int:
        roller = self

        class _For:
            def roll(self, sides: int) -> int:
                return roller.roll(sides, purpose)

        return expr.roll(_For()).total


# -- effective chance ------------------------------------------------------------------------


def effective_chance(attack: Attack, defence: Defence) -> tuple[int, list[Step]]:
    """The attacker's chance against this defender: his own, halved and quartered by the
    situation, +20% against a helpless target, less the Defense allotted to him (RQ-38).

    :raises IllegalActionError: a thrown weapon past 20 m, a projectile past twice its range,
        moving-target modifiers on a melee attack.
    """
    steps: list[Step] = []
    w = attack.weapon
    factor = Fraction(1)
    parts: list[str] = []
    if attack.off_hand:
        steps.append(
            Step(
                field="chance",
                text=f"off hand: {attack.chance}% is the off-hand skill (a flat 5% + natural ability + gains)",
                rule="ch. IV, Two Weapon Use 2",
                rulings=("RQ-19",),
            )
        )
    if attack.on_ground:
        factor /= 2
        parts.append("from the ground ×½")
        steps.append(
            Step(
                field="chance",
                text="attacking from the ground: half the normal chance",
                rule="ch. IV, Attacking from Advantage 3",
            )
        )
    if attack.unfamiliar:
        factor /= 2
        parts.append("similar but unfamiliar weapon ×½")
        steps.append(
            Step(
                field="chance",
                text="a similar weapon picked up in the melee: half effectiveness",
                rule="ch. IV, Effects of Training with Similar Weapons",
                rulings=("RQ-17",),
            )
        )
    if (attack.target_crossing or attack.target_dodging) and not w.missile:
        raise IllegalActionError(
            "target moving: crossing and dodging change a missile's chance, not a melee attack's"
        )
    if w.missile and attack.distance is not None:
        if w.kind == "thrown":
            limit = w.range or THROWN_LIMIT_M
            if attack.distance > THROWN_LIMIT_M:
                raise IllegalActionError(
                    f"distance: {attack.distance} m is beyond {THROWN_LIMIT_M} m, where a thrown "
                    f"{w.name} has no effective value"
                )
            steps.append(
                Step(
                    field="chance",
                    text=f"{attack.distance} m: within a thrown weapon's {min(limit, THROWN_LIMIT_M)} m, full chance",
                    rule="ch. IV, Range",
                )
            )
        elif w.range is None:
            raise IllegalActionError(f"distance: the {w.name} has no effective range to measure {attack.distance} m by")
        else:
            r = w.range
            if attack.distance <= r:
                steps.append(
                    Step(field="chance", text=f"{attack.distance} m: within effective range {r} m", rule="ch. IV, Range")
                )
            elif 2 * attack.distance <= 3 * r:
                factor /= 2
                parts.append("medium range ×½")
                steps.append(
                    Step(
                        field="chance",
                        text=f"{attack.distance} m: medium range (over {r} m, up to 1.5 × {r} m): half",
                        rule="ch. IV, Range",
                        rulings=("RQ-38",),
                    )
                )
            elif attack.distance <= 2 * r:
                factor /= 4
                parts.append("long range ×¼")
                steps.append(
                    Step(
                        field="chance",
                        text=f"{attack.distance} m: long range (up to twice {r} m): a quarter",
                        rule="ch. IV, Range",
                        rulings=("RQ-38",),
                    )
                )
            else:
                raise IllegalActionError(
                    f"distance: {attack.distance} m is beyond long range (twice the {w.name}'s {r} m)"
                )
    if attack.target_crossing:
        factor /= 2
        parts.append("target crossing ×½")
        steps.append(
            Step(
                field="chance",
                text="target moving at an angle across the line of fire: half",
                rule="ch. IV, Shooting at Moving Targets",
            )
        )
    if attack.target_dodging:
        factor /= 2
        parts.append("target dodging ×½")
        steps.append(
            Step(field="chance", text="target dodging as it moves: a further half", rule="ch. IV, Shooting at Moving Targets")
        )
    chance = attack.chance
    if factor != 1:
        exact = attack.chance * factor
        chance = math.ceil(exact)
        rounded = "" if exact == chance else f" ({float(exact):g}, rounded up)"
        steps.append(
            Step(
                field="chance",
                text=f"{attack.chance}% × " + " × ".join(parts) + f" = {chance}%{rounded}",
                rule="ch. IV, Shooting at Moving Targets (effects are cumulative)",
                rulings=("RQ-38",),
            )
        )
    if attack.target_helpless:
        chance += ADVANTAGE
        steps.append(
            Step(
                field="chance",
                text=f"target on the ground, immobilised or unaware: +{ADVANTAGE}% = {chance}%",
                rule="ch. IV, Attacking from Advantage 1",
                rulings=("RQ-38",),
            )
        )
    if defence.defense:
        before = chance
        chance -= defence.defense
        steps.append(
            Step(
                field="chance",
                text=f"{defence.name}'s Defense {defence.defense}% allotted to him: {before}% − {defence.defense}% = {chance}%",
                rule="ch. II, How Defense Works",
                rulings=("RQ-38",),
            )
        )
    steps.append(Step(field="chance", text=f"{attack.name} needs {chance}% or less on D100 (01-05 always hit, 96-00 always miss)", rule="ch. IV, Basic Chances"))
    return chance, steps


def effective_bonus(attack: Attack) -> tuple[str, Step | None]:
    """The damage bonus this attack adds: none from the ground (natural weapons excepted),
    none for projectiles, half (each die halved, rounded up) for thrown weapons (RQ-6)."""
    bonus = attack.damage_bonus
    w = attack.weapon
    if not bonus:
        return "", None
    if attack.on_ground and w.kind != "natural":
        return "", Step(
            field="damage",
            text=f"fighting from the ground: no damage bonus ({bonus} not added)",
            rule="ch. IV, Attacking from Advantage 2",
        )
    if w.kind == "projectile":
        return "", Step(field="damage", text=f"a projectile weapon: no damage bonus ({bonus} not added)", rulings=("RQ-6",))
    if w.kind == "thrown":
        half = half_bonus(bonus)
        return half, Step(
            field="damage",
            text=f"thrown: half the damage bonus, rounded up: {bonus} → {half}",
            rule="ch. IV, Thrown Weapon Damage Bonus",
            rulings=("RQ-6",),
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


# -- fumbles ---------------------------------------------------------------------------------

WIDE_OPEN_ORDER = {"normal": 1, "full": 2, "critical": 3}


def wide_open_kind(effect: str) -> Literal["normal", "full", "critical"] | None:
    """A parry fumble that leaves him wide open: the foe hits with normal, full or critical damage (RQ-40)."""
    if not effect.startswith("wide open"):
        return None
    if "critical" in effect:
        return "critical"
    if "full possible" in effect:
        return "full"
    return "normal"


def _fumble_table(roller: _Roller, table: FumbleTable, *, parry: bool, who: str) -> tuple[list[str], list[Step]]:
    """Rolls on the fumble table; 99 and 00 call for 2 and 3 more rolls, and a 99 or 00
    among those is rolled again (RQ-40)."""
    what = "parry" if parry else "attack"
    effects: list[str] = []
    steps: list[Step] = []
    pending = 1
    extra = False
    while pending:
        roll = roller.roll(100, f"fumble table ({who}'s {what})" + (" again" if extra else ""))
        row, effect = table.lookup(roll, parry=parry)
        if roll >= 99:
            more = 2 if roll == 99 else 3
            if extra:
                steps.append(
                    Step(field="fumble", text=f"{shown(roll)} again among the extra rolls: rolled again", rulings=("RQ-40",))
                )
                continue
            steps.append(Step(field="fumble", text=f"fumble table {shown(roll)}: {effect}", rule="ch. IV, Effects of a Fumble"))
            pending += more
            extra = True
            pending -= 1
            continue
        effects.append(effect)
        steps.append(
            Step(
                field="fumble",
                text=f"fumble table {shown(roll)} ({row.rolls}): {effect}",
                rule="ch. IV, Effects of a Fumble",
                rulings=tuple(row.rulings),
            )
        )
        pending -= 1
    return effects, steps


# -- resolution ------------------------------------------------------------------------------


def resolve_exchange(
    attack: Attack,
    defence: Defence,
    *,
    dice: Dice,
    fumbles: FumbleTable,
    locations: HitLocationTable,
    rules: Rules = RULES,
) -> ExchangeResult:
    """Resolves one blow, reading the fumble table and the hit-location table given.

    :raises IllegalActionError: the attack cannot be made (range, a weapon parrying a missile).
    :raises RollError: the dice run out (:class:`NoRollLeft`) or give a value off the die.
    """
    roller = _Roller(dice)
    steps: list[Step] = []
    w = attack.weapon

    chance, chance_steps = effective_chance(attack, defence)
    steps.extend(chance_steps)
    t = thresholds(chance, attack.chance)
    steps.append(
        Step(
            field="attack",
            text=f"critical at {t.critical_max:02d} or less (5% of {chance}, rounded down; 01 always)"
            + (f"; impale at {t.impale_max:02d} or less (20%)" if w.impales else "")
            + f"; fumble at {shown(t.fumble_min)} or more (skill {attack.chance}%; 00 always)",
            rule="ch. IV, Critical Hits; Impaling; Fumbles",
            rulings=("RQ-36", "RQ-37"),
        )
    )
    parry = defence.parry
    if parry is not None and w.missile and parry.kind == "weapon":
        raise IllegalActionError(f"parry: a {parry.name or 'weapon'} cannot parry a missile; only a shield can (RQ-43)")

    a_roll = roller.roll(100, f"attack roll ({attack.name}, {chance}%)")
    a = read_d100(a_roll, t, impales=w.impales)
    steps.append(Step(field="attack", text=_attack_text(a, chance), rule="ch. IV, The Attack; Basic Chances"))

    p: D100 | None = None
    pt: Thresholds | None = None
    if parry is not None:
        pt = thresholds(parry.chance)
        p_roll = roller.roll(100, f"parry roll ({defence.name}, {parry.chance}%)")
        p = read_d100(p_roll, pt)
        steps.append(Step(field="parry", text=_parry_text(p, parry, pt, rules), rule="ch. IV, The Parry"))

    critical = a.critical
    parry_success = p is not None and p.success
    parry_critical = bool(p and p.success and p.critical and rules.parry_criticals)
    parry_fumble = bool(p and p.fumble and rules.parry_criticals)
    if parry_critical and critical and a.success:
        critical = False
        parry_critical = False
        steps.append(
            Step(
                field="parry",
                text="a critical parry against a critical hit: both count as ordinary",
                rule="ch. IV, Optional Rules — Critical Parries",
            )
        )

    fumble_effects: list[str] = []
    if a.fumble:
        fumble_effects, fsteps = _fumble_table(roller, fumbles, parry=False, who=attack.name)
        steps.extend(fsteps)
        steps.append(
            Step(
                field="fumble",
                text="these fall on the attacker and the rounds to come; none changes this blow",
                rulings=("RQ-40",),
            )
        )
    parry_fumble_effects: list[str] = []
    wide_open: Literal["normal", "full", "critical"] | None = None
    if parry_fumble:
        parry_fumble_effects, fsteps = _fumble_table(roller, fumbles, parry=True, who=defence.name)
        steps.extend(fsteps)
        for effect in parry_fumble_effects:
            kind = wide_open_kind(effect)
            if kind and (wide_open is None or WIDE_OPEN_ORDER[kind] > WIDE_OPEN_ORDER[wide_open]):
                wide_open = kind

    hit = a.success
    impale = a.impale
    if wide_open and not a.fumble:
        hit = True
        if wide_open == "critical":
            critical = True
        steps.append(
            Step(
                field="parry",
                text=f"the fumbled parry leaves him wide open: the blow hits ({wide_open} damage)"
                + ("" if a.success else f", though {shown(a_roll)} missed"),
                rulings=("RQ-40",),
            )
        )

    result = dict(
        chance=chance,
        thresholds=t,
        attack_roll=a_roll,
        hit=hit,
        critical=critical,
        impale=impale,
        fumble=a.fumble,
        parry_chance=None if parry is None else parry.chance,
        parry_roll=None if p is None else p.roll,
        parry_success=parry_success,
        parry_critical=parry_critical,
        parry_fumble=parry_fumble,
        fumble_effects=tuple(fumble_effects),
        parry_fumble_effects=tuple(parry_fumble_effects),
        wide_open=wide_open,
    )
    harm: list[WeaponHarm] = []
    hp_left = defence.hit_points - defence.damage_taken

    def finish(outcome: Outcome, headline: str, **more: object) -> ExchangeResult:
        return ExchangeResult(
            outcome=outcome,
            headline=headline,
            weapon_harm=tuple(harm),
            hit_points_after=more.pop("hit_points_after", hp_left),  # type: ignore[arg-type]
            rolls=tuple(roller.rolls),
            working=tuple(steps),
            **result,  # type: ignore[arg-type]
            **more,  # type: ignore[arg-type]
        )

    bonus, bonus_step = effective_bonus(attack)

    if not hit:
        # A miss. A successful weapon parry still damages the attacking weapon (RQ-39).
        if parry is not None and parry_success and parry.kind == "weapon":
            _attacker_weapon_harm(roller, attack, defence, parry, harm, steps)
        outcome: Outcome = "fumble" if a.fumble else "missed"
        headline = f"{attack.name} fumbles" if a.fumble else f"{attack.name} misses"
        return finish(outcome, headline)

    # The blow lands unless parried.
    damage_expr = DiceExpr.parse(w.damage)
    bonus_expr = DiceExpr.parse(bonus) if bonus else None
    parried_by = parry if (parry is not None and parry_success and not wide_open) else None

    if parried_by is not None and parried_by.kind == "weapon":
        # "the parry blocks the attack"; only the parrying weapon may suffer.
        taken, why, rulings = _parry_weapon_factor(w, critical, impale, parry_critical)
        steps.append(Step(field="parry", text=f"{defence.name}'s {parried_by.name or 'weapon'} blocks the blow", rule="ch. IV, The Parry"))
        damage = None
        if taken:
            damage = _roll_damage(roller, attack, damage_expr, bonus_expr, bonus_step, steps, impale=False, full=False)
            _harm_parrying_weapon(parried_by, defence, damage * taken, why, rulings, harm, steps)
        else:
            steps.append(Step(field="weapon", text=why, rule="ch. IV, Weapon Damage Absorption", rulings=rulings))
        return finish("parried", f"{defence.name} parries", damage=damage, parried=True)

    damage = _roll_damage(
        roller, attack, damage_expr, bonus_expr, bonus_step, steps, impale=impale, full=wide_open == "full"
    )
    through = damage
    shield_absorbed = 0
    stuck: Literal["target", "shield"] | None = None
    stuck_effect = ""
    ignores_armour = critical
    if parried_by is not None:  # a shield
        absorbs = parried_by.absorbs or 0
        name = parried_by.name or "shield"
        if parry_critical:
            shield_absorbed = damage
            through = 0
            steps.append(
                Step(
                    field="shield",
                    text=f"critical parry: the {name} blocks the blow perfectly, all {damage} absorbed"
                    + ("; the impaling weapon does not stick" if impale else ""),
                    rule="ch. IV, Optional Rules — Critical Parries",
                )
            )
        else:
            if critical:
                absorbs_now = absorbs // 2
                steps.append(
                    Step(
                        field="shield",
                        text=f"a critical hit parried: the {name} takes twice the damage, so absorbs only "
                        f"{absorbs_now} of its {absorbs}; his armour counts against the rest",
                        rule="ch. IV, Parrying a Critical Hit",
                        rulings=("RQ-39",),
                    )
                )
                ignores_armour = False
            else:
                absorbs_now = absorbs
            shield_absorbed = min(damage, absorbs_now)
            through = damage - shield_absorbed
            steps.append(
                Step(
                    field="shield",
                    text=f"the {name} absorbs {shield_absorbed} of {damage}: {through} strike through",
                    rule="ch. IV, Notes on Shield Use",
                )
            )
            if impale:
                stuck = "shield"
                stuck_effect = _stuck_in_shield(w)
                steps.append(Step(field="shield", text=stuck_effect, rule="ch. IV, Parrying an Impaling Blow"))
        if through <= 0:
            return finish(
                "parried",
                f"{defence.name}'s {name} stops the blow",
                damage=damage,
                shield_absorbed=shield_absorbed,
                parried=True,
                stuck=stuck,
                stuck_effect=stuck_effect,
            )

    loc_roll = roller.roll(20, "hit location (D20)")
    location = locations.locate(loc_roll)
    key = LOCATION_KEYS[location]
    steps.append(Step(field="location", text=f"D20 {loc_roll}: {location.value}", rule="ch. III, Hit Locations and Wounds"))
    armour = defence.armour.get(key, 0)
    if ignores_armour:
        armour_absorbed = 0
        to_location = through
        if armour:
            steps.append(
                Step(field="armour", text=f"a critical hit ignores his {armour} points of armour: {through} to the {location.value}", rule="ch. IV, Critical Hits")
            )
    else:
        armour_absorbed = min(armour, through)
        to_location = through - armour_absorbed
        steps.append(
            Step(
                field="armour",
                text=f"armour {armour} on the {location.value} absorbs {armour_absorbed}: {to_location} get through",
                rule="ch. IV, How Armor Works",
            )
        )
    if impale and stuck is None:
        if to_location > 0:
            stuck = "target"
            stuck_effect = (
                f"the {w.name} is stuck in him: {attack.name} pulls it free on D100 ≤ {2 * t.impale_max} "
                f"(twice his impale chance), else it is jerked from his hands"
            )
        else:
            stuck_effect = "the impale did not get through the armour: it does not stick"
        steps.append(Step(field="impale", text=stuck_effect, rule="ch. IV, Impaling 2"))

    wound = apply_wound(
        location,
        to_location,
        location_hp=defence.locations[key],
        before=defence.wounds.get(key, 0),
        hit_points=hp_left,
    )
    for effect in wound.effects or ((f"no damage to the {location.value}",) if to_location <= 0 else ()):
        steps.append(Step(field="wound", text=effect, rule="ch. III, Notes on Damage Results", rulings=("RQ-41",)))
    if to_location > 0 and not wound.effects:
        steps.append(
            Step(
                field="wound",
                text=f"{to_location} to the {location.value} ({wound.after} of its {wound.location_hp}); "
                f"total hit points {wound.hit_points_before} → {wound.hit_points_after}",
                rule="ch. III, Hit Points",
            )
        )
    outcome = "critical" if critical else "impale" if impale else "hit"
    word = {"critical": "a critical hit", "impale": "an impale", "hit": "a hit"}[outcome]
    headline = f"{word.capitalize()} to the {location.value}: {to_location} damage"
    if wound.condition in ("dead", "unconscious", "incapacitated"):
        headline += f" — {defence.name} is {wound.condition}"
    return finish(
        outcome,
        headline,
        damage=damage,
        shield_absorbed=shield_absorbed,
        armour_absorbed=armour_absorbed,
        location=location,
        location_damage=to_location,
        wound=wound,
        stuck=stuck,
        stuck_effect=stuck_effect,
        condition=wound.condition,
        hit_points_after=wound.hit_points_after,
    )


def _attack_text(a: D100, chance: int) -> str:
    r = shown(a.roll)
    if a.fumble:
        return f"rolled {r}: a fumble"
    if not a.success:
        return f"rolled {r} against {chance}%: a miss" + (" (96-00 always miss)" if a.roll >= 96 else "")
    kinds = [k for k, on in (("critical", a.critical), ("impale", a.impale)) if on]
    extra = (" — " + " and ".join(kinds)) if kinds else ""
    auto = " (01-05 always hit)" if a.roll > chance else ""
    return f"rolled {r} against {chance}%: a hit{auto}{extra}"


def _parry_text(p: D100, parry: Parry, t: Thresholds, rules: Rules) -> str:
    r = shown(p.roll)
    name = parry.name or parry.kind
    if p.fumble and rules.parry_criticals:
        return f"{name} {parry.chance}%: rolled {r}, a fumbled parry (fumble at {shown(t.fumble_min)}+)"
    if not p.success:
        return f"{name} {parry.chance}%: rolled {r}, the parry fails"
    if p.critical and rules.parry_criticals:
        return f"{name} {parry.chance}%: rolled {r}, a critical parry (at {t.critical_max:02d} or less)"
    return f"{name} {parry.chance}%: rolled {r}, the parry succeeds"


def _parry_weapon_factor(w: Weapon, critical: bool, impale: bool, parry_critical: bool) -> tuple[int, str, tuple[str, ...]]:
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


def _roll_damage(
    roller: _Roller,
    attack: Attack,
    damage_expr: DiceExpr,
    bonus_expr: DiceExpr | None,
    bonus_step: Step | None,
    steps: list[Step],
    *,
    impale: bool,
    full: bool,
) -> int:
    w = attack.weapon
    if bonus_step is not None:
        steps.append(bonus_step)
    if full:
        total = damage_expr.maximum + (bonus_expr.maximum if bonus_expr else 0)
        total = max(total, 0)
        steps.append(Step(field="damage", text=f"full possible damage: {damage_expr}" + (f"{bonus_expr}" if bonus_expr else "") + f" = {total}", rulings=("RQ-40",)))
        return total
    rolled = roller.expr(damage_expr, f"damage ({w.name} {damage_expr})")
    extra = roller.expr(bonus_expr, f"damage bonus ({bonus_expr})") if bonus_expr else 0
    if impale:
        total = max(damage_expr.maximum + rolled + extra, 0)
        steps.append(
            Step(
                field="damage",
                text=f"impale: the {w.name}'s full {damage_expr.maximum} + rolled {rolled}"
                + (f" + bonus {extra}" if bonus_expr else "")
                + f" = {total}",
                rule="ch. IV, Impaling 1",
                rulings=("RQ-36",),
            )
        )
        return total
    total = max(rolled + extra, 0)
    steps.append(
        Step(
            field="damage",
            text=f"{damage_expr} rolled {rolled}" + (f" + bonus {bonus_expr} rolled {extra}" if bonus_expr else "") + f" = {total}",
            rule="ch. IV, Specific Weapon Characteristics",
        )
    )
    return total


def _harm_parrying_weapon(
    parry: Parry, defence: Defence, amount: int, why: str, rulings: tuple[str, ...], harm: list[WeaponHarm], steps: list[Step]
) -> None:
    after = parry.damage_taken + amount
    broken = parry.hp is not None and after > parry.hp
    name = parry.name or "parrying weapon"
    harm.append(
        WeaponHarm(weapon=name, whose="defender", damage=amount, before=parry.damage_taken, after=after, hp=parry.hp, broken=broken)
    )
    of = f" of its {parry.hp}" if parry.hp is not None else ""
    steps.append(
        Step(
            field="weapon",
            text=f"{why}: the {name} takes {amount} ({after}{of} so far)" + (" — it breaks" if broken else ""),
            rule="ch. IV, Weapon Damage Absorption; Parrying a Critical Hit",
            rulings=rulings or ("RQ-39",),
        )
    )


def _attacker_weapon_harm(
    roller: _Roller, attack: Attack, defence: Defence, parry: Parry, harm: list[WeaponHarm], steps: list[Step]
) -> None:
    """A missed attack against a successful weapon parry: the attacking weapon takes the
    parrying weapon's damage (its dice + the defender's bonus), unless either is exempt (RQ-39)."""
    w = attack.weapon
    pname = parry.name or "parrying weapon"
    if parry.short_stabbing or parry.long_hafted:
        kind = "a short stabbing weapon" if parry.short_stabbing else "long-hafted"
        steps.append(
            Step(field="weapon", text=f"the {pname} is {kind}: the {w.name} takes nothing", rule="ch. IV, Weapon Damage Absorption", rulings=("RQ-39",))
        )
        return
    if w.kind == "natural" or w.hp is None or parry.damage is None:
        why = "has no hit points to lose" if w.hp is None or w.kind == "natural" else f"meets a {pname} whose damage is not known"
        steps.append(Step(field="weapon", text=f"the {w.name} {why}: no weapon damage", rulings=("RQ-39",)))
        return
    expr = DiceExpr.parse(parry.damage)
    rolled = roller.expr(expr, f"damage to the attacking weapon ({pname} {expr})")
    bonus = DiceExpr.parse(defence.damage_bonus) if defence.damage_bonus else None
    extra = roller.expr(bonus, f"damage to the attacking weapon (bonus {bonus})") if bonus else 0
    amount = max(rolled + extra, 0)
    after = attack.weapon_damage + amount
    broken = after > w.hp
    harm.append(WeaponHarm(weapon=w.name, whose="attacker", damage=amount, before=attack.weapon_damage, after=after, hp=w.hp, broken=broken))
    steps.append(
        Step(
            field="weapon",
            text=f"a miss against a successful weapon parry: the {w.name} takes the {pname}'s {expr}"
            + (f"{bonus}" if bonus else "")
            + f" = {amount} ({after} of its {w.hp} so far)"
            + (" — it breaks" if broken else ""),
            rule="ch. IV, Weapon Damage Absorption",
            rulings=("RQ-39",),
        )
    )


def _stuck_in_shield(w: Weapon) -> str:
    if w.enc >= 2:
        effect = "the shield is useless until it is worked loose or broken off"
    elif w.enc >= 1:
        effect = "the shield works at half effectiveness until it is removed"
    else:
        effect = "the shield is unaffected (unless more than 5 such light weapons stick in it)"
    return f"the impaling {w.name} sticks fast in the shield (ENC {w.enc:g}): {effect}; 5 free melee rounds after the fight to remove it"


# -- replay and the next roll ------------------------------------------------------------------


def next_roll(
    attack: Attack,
    defence: Defence,
    rolls: list[int] | tuple[int, ...],
    *,
    fumbles: FumbleTable,
    locations: HitLocationTable,
    rules: Rules = RULES,
) -> NeededRoll | None:
    """The roll needed after ``rolls`` (typed so far): its die and what it is for; ``None``: all done.

    :raises RollError: a typed roll does not fit its die (the message names the roll's purpose),
        or rolls are left over once the exchange is resolved.
    """
    dice = ScriptedDice(rolls)
    try:
        resolve_exchange(attack, defence, dice=dice, fumbles=fumbles, locations=locations, rules=rules)
    except NoRollLeft as exc:
        return exc.needed
    if dice.remaining:
        raise RollError(f"rolls: {', '.join(map(str, dice.remaining))} left over; the exchange is resolved without them")
    return None
