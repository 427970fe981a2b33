"""What one exchange takes and gives: the input Structs and the result.

The inputs are frozen Structs that can come from a derived sheet
(:mod:`pyengine.runequest.combat.from_sheet`) or a quick stat block typed in: the
:class:`Attack` (who strikes, with what, at what chance, in what situation) and the
:class:`Defence` (the Defense allotted to this attacker, the parry, hit points,
armour). Links and exports carry them as they are (docs/formats.md, "Share-link kind
exchange"), so the field names are a format. The result, :class:`ExchangeResult`,
keeps every roll with what it was for and the working, step by step.

Location maps are ``dict[LocationKey, …]``: msgspec checks their keys when a link or an
export is decoded ("Invalid enum value 'tail' - at `key` in `$.defence.armour`").
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pyengine.dice import DiceExpr, RollMade
from pyengine.errors import NotationError, RulesError
from pyengine.runequest.combat.d100 import Thresholds
from pyengine.runequest.combat.wounds import Wound
from pyengine.runequest.vocabulary import Location, LocationKey
from pyengine.tables import Record
from pyengine.working import Step

Name = Annotated[str, msgspec.Meta(max_length=60)]
Chance = Annotated[int, msgspec.Meta(ge=-100, le=300)]
Points = Annotated[int, msgspec.Meta(ge=0, le=999)]
DiceText = Annotated[str, msgspec.Meta(max_length=40)]
WeaponKind = Literal["melee", "natural", "thrown", "projectile"]
ParryKind = Literal["weapon", "shield"]
WideOpen = Literal["normal", "full", "critical"]
Outcome = Literal["fumble", "missed", "parried", "hit", "critical", "impale", "cover", "killed"]
#: ``cover``: the blow struck the protection he is behind (RQ-61); ``killed``: a totally
#: helpless opponent killed outright (RQ-60).
OUTCOMES: tuple[Outcome, ...] = ("missed", "fumble", "parried", "hit", "critical", "impale", "cover", "killed")


def _check_dice(text: str, what: str, field: str, *, allow_empty: bool = False) -> None:
    """:raises RulesError: ``text`` is not dice notation (when decoding, msgspec names where)."""
    if allow_empty and text == "":
        return
    try:
        DiceExpr.parse(text)
    except NotationError as exc:
        raise RulesError(f"{what}: {exc}", field=field) from None


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
        _check_dice(self.damage, f"weapon {self.name!r} damage", "damage")

    @property
    def missile(self) -> bool:
        return self.kind in ("thrown", "projectile")


class Attack(Record):
    """Who strikes, with what, at what chance, and in what situation."""

    weapon: Weapon
    chance: Chance
    """The attacker's own % with this weapon (the off-hand entry's when used off hand), or
    the part of it this blow has (a split attack: the % divided)."""
    name: Name = "Attacker"
    damage_bonus: DiceText = ""
    """His full STR/SIZ bonus (``+1D4``); the exchange halves it for thrown weapons (RQ-6)."""
    weapon_damage: Points = 0
    """Damage the weapon has already taken in this fight (it is cumulative)."""
    target_helpless: bool = False
    """The target is on the ground, otherwise immobilised, or unaware of him: +20%."""
    target_totally_helpless: bool = False
    """The target is totally helpless (unconscious, asleep, bound): killed outright unless he
    fumbles; no parry, no Defense (RQ-60)."""
    on_ground: bool = False
    """He fights from the ground: half chance, no damage bonus unless a natural weapon."""
    unfamiliar: bool = False
    """A weapon picked up in the middle of the melee and used at once (a similar one, or even a
    duplicate of his own): half effectiveness (RQ-17)."""
    off_hand: bool = False
    """The weapon is in his off hand (the chance given is that hand's, RQ-19)."""
    distance: Annotated[int, msgspec.Meta(ge=0, le=10_000)] | None = None
    """Metres to the target, for a missile."""
    target_crossing: bool = False
    """The target moves across his line of fire: half (missiles)."""
    target_dodging: bool = False
    """The target dodges as it moves: a further half (missiles)."""
    skill: Chance | None = None
    """His whole % with the weapon when ``chance`` is only part of it (a split attack, RQ-50):
    the fumble range comes from it (RQ-37). ``None``: ``chance`` is the whole of it."""

    def __post_init__(self) -> None:
        _check_dice(self.damage_bonus, "damage bonus", "damage_bonus", allow_empty=True)

    @property
    def whole_skill(self) -> int:
        """His % with the weapon, which the fumble range comes from (RQ-37)."""
        return self.chance if self.skill is None else self.skill


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
            raise RulesError("parry: a shield needs the points it absorbs", field="absorbs")
        if self.damage is not None:
            _check_dice(self.damage, "parrying weapon damage", "damage")


class Defence(Record):
    """The defender: Defense allotted to this attacker, parry, hit points and armour."""

    hit_points: Annotated[int, msgspec.Meta(ge=1, le=999)]
    """Total hit points (undamaged)."""
    locations: dict[LocationKey, Points]
    """Each location's hit points, by key (``head``, ``chest``, ``abdomen``, ``right_arm`` ...): all seven."""
    name: Name = "Defender"
    defense: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0
    """The Defense % he allots to this attacker."""
    parry: Parry | None = None
    armour: dict[LocationKey, Points] = {}
    """Points of armour by location key; a location not listed has none."""
    damage_taken: Points = 0
    """Total hit points already lost in this fight."""
    wounds: dict[LocationKey, Points] = {}
    """Damage each location has already taken in this fight."""
    damage_bonus: DiceText = ""
    """His STR/SIZ bonus, added to his parrying weapon's damage."""
    parry_skill: Chance | None = None
    """His whole % with the parrying weapon or shield when the parry's ``chance`` is only part of
    it (a split parry, RQ-50): the parry's fumble range comes from it (RQ-37). ``None``: the
    parry's chance is the whole of it. (It is here, not in :class:`Parry`, because a fight's
    combatants carry their parries in their link, which must not change.)"""
    exposed: tuple[LocationKey, ...] | None = None
    """The locations the attacker can see or reach past the protection he is behind (an arrow
    slit, a wall, a fence): a blow rolled elsewhere strikes the protection, a critical one is
    moved to an exposed location (RQ-61, RQ-62). ``None``: all of him, no cover."""

    def __post_init__(self) -> None:
        missing = [key for key in LocationKey if key not in self.locations]
        if missing:
            raise RulesError(f"location hit points: no value for {', '.join(missing)}", field="locations")
        _check_dice(self.damage_bonus, "defender damage bonus", "damage_bonus", allow_empty=True)
        if self.exposed is not None and not self.exposed:
            raise RulesError("exposed: no location is exposed; a target wholly behind cover cannot be struck "
                             "(leave at least one location exposed)", field="exposed")

    @property
    def cover(self) -> frozenset[LocationKey] | None:
        """The exposed locations when cover hides some of him; ``None``: no cover (RQ-61)."""
        if self.exposed is None or set(self.exposed) >= set(LocationKey):
            return None
        return frozenset(self.exposed)


class Rules(Record):
    """Which optional rules are used."""

    parry_criticals: bool = True
    """"Optional Rules — Parries, Critical and Fumbled": critical parries and parry fumbles (together)."""


RULES = Rules()


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
    wide_open: WideOpen | None = None
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
    """Every step; in JSON ``{"field", "text", "rule", "rulings", "value"}`` (:mod:`pyengine.working`)."""

    @property
    def roll_values(self) -> list[int]:
        return [r.value for r in self.rolls]
