"""Who fights, and what state they are in between rounds.

:class:`Combatant` is what does not change during a fight (from a sheet or a quick
stat block); :class:`Body` is what does (hit points by location, wounds and their
bleeding clocks, weapons' accumulated damage, what is in each hand, weapons stuck in
him or in his shield, holds, experience marks). Everything is a frozen Struct: a
round makes new copies and never changes the old ones, so undo is dropping a round.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from pyengine.dice import DiceExpr
from pyengine.errors import IllegalActionError, NotationError, RulesError
from pyengine.runequest.combat.model import Chance, DiceText, Parry, Points, Weapon
from pyengine.runequest.combat.wounds import Condition
from pyengine.runequest.tables.weapons import RateText
from pyengine.runequest.vocabulary import LOCATION_KEYS, LocationKey
from pyengine.tables import Record

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Side = Annotated[str, msgspec.Meta(min_length=1, max_length=30)]
SR = Annotated[int, msgspec.Meta(ge=0, le=30)]
Score = Annotated[int, msgspec.Meta(ge=1, le=99)]
Hands = Literal["right", "left", "both"]

#: "He'll bleed to death in 2 full turns" — a full turn is 25 melee rounds.
BLEED_OUT_ROUNDS = 50
#: "the referee should simply assume he's gotten the weapon back after about a minute (5 melee rounds)".
WORK_FREE_ROUNDS = 5


class Arm(Record, omit_defaults=True):
    """A weapon or shield a combatant can use, as he uses it."""

    name: Name
    """Unique among his arms: what intents and the log call it."""
    weapon: Weapon | None = None
    """What it strikes with; ``None``: it only parries (a shield)."""
    attack: Chance | None = None
    parry: Parry | None = None
    """How it parries, with its chance; ``None``: not a parrying weapon."""
    sr: SR = 0
    """Its strike rank ready in hand: DEX SR + SIZ SR + its length SR for a melee weapon
    (plus any ENC penalty), DEX SR for a missile."""
    hands: Hands = "right"
    rate: RateText | None = None
    """A missile's rate of fire."""
    grapple: bool = False
    """The grapple skill: holds, immobilises, throws; it does no damage."""
    ref: str = ""
    """Its id in the weapon tables, for experience on a saved character's sheet."""

    @property
    def missile(self) -> bool:
        return self.weapon is not None and self.weapon.missile

    @property
    def body_weapon(self) -> bool:
        """Part of him (a fist, a kick, grappling): never picked up, never in a hand to hold; its parry
        meets only a hold (RQ-75)."""
        return self.grapple or (self.weapon is not None and self.weapon.kind == "natural")

    @property
    def shield(self) -> bool:
        return self.weapon is None and self.parry is not None and self.parry.kind == "shield"


Clock = Annotated[int, msgspec.Meta(ge=0, le=BLEED_OUT_ROUNDS)]


class Start(Record, omit_defaults=True):
    """How a fighter comes into the fight when he is not fresh: a saved adventurer's current state
    (wounds and their clocks, weapons damaged or broken), what his :class:`Body` starts with (RQ-103)."""

    damage_taken: Points = 0
    wounds: dict[LocationKey, Points] = {}
    condition: Condition = "unhurt"
    maimed: bool = False
    """A limb severed or struck more than twice its points, not yet healed below its points."""
    on_ground: bool = False
    """A leg, the abdomen or the chest disabled: he is down ("the character must fall")."""
    bleeding: dict[LocationKey, Clock] = {}
    severed: dict[LocationKey, Clock] = {}
    weapon_damage: dict[Name, Points] = {}
    """Damage his arms have taken, by arm name."""
    broken: tuple[Name, ...] = ()
    missiles: dict[Name, Annotated[int, msgspec.Meta(ge=0, le=9999)]] = {}
    """Missiles left for each missile arm his sheet counts them for (RQ-105); one not named is not counted (RQ-140)."""


class Combatant(Record, omit_defaults=True):
    """One fighter, as he came into the fight."""

    name: Name
    side: Side
    STR: Score
    CON: Score
    SIZ: Score
    DEX: Score
    hit_points: Annotated[int, msgspec.Meta(ge=1, le=999)]
    locations: dict[LocationKey, Annotated[int, msgspec.Meta(ge=1, le=999)]]
    dex_sr: SR
    """DEX SR (with any ENC penalty): missiles, spells, later grapple actions."""
    arms: Annotated[tuple[Arm, ...], msgspec.Meta(max_length=12)] = ()
    armour: dict[LocationKey, Annotated[int, msgspec.Meta(ge=0, le=99)]] = {}
    defense: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0
    damage_bonus: DiceText = ""
    move: Annotated[int, msgspec.Meta(ge=0, le=30)] = 8
    """Movement class: units of 3 m in a melee round."""
    in_hand: tuple[Name, ...] = ()
    """Arms ready in hand when the fight starts."""
    prepared: tuple[Name, ...] = ()
    """Missiles ready to loose when the fight starts (an arrow nocked)."""
    character: Annotated[str, msgspec.Meta(max_length=80)] = ""
    """A saved character's id: his experience marks go to that sheet."""
    start: Start | None = None
    """His state as he comes in (``None``: fresh): a saved adventurer's wounds and damaged weapons."""

    def __post_init__(self) -> None:
        if self.damage_bonus:
            try:
                DiceExpr.parse(self.damage_bonus)
            except NotationError as exc:
                raise RulesError(f"damage bonus: {exc}", field="damage_bonus") from None
        missing = sorted(set(LOCATION_KEYS.values()) - set(self.locations))
        if missing:
            raise RulesError(f"hit points by location: {', '.join(missing)} missing", field="locations")
        names = [a.name for a in self.arms]
        for name in names:
            if names.count(name) > 1:
                raise RulesError(f"arms: two called {name!r}", field="arms")
        self._name_arms()
        for name in (*self.in_hand, *self.prepared):
            if name not in names:
                raise RulesError(f"in hand or prepared: {name!r} is not one of {self.name}'s weapons", field="in_hand")
        if self.start is not None:
            for name in (*self.start.weapon_damage, *self.start.broken, *self.start.missiles):
                if name not in names:
                    raise RulesError(f"start: {name!r} is not one of {self.name}'s arms", field="start")
            for name in self.in_hand:
                if name in self.start.broken:
                    raise RulesError(f"in hand: the {name} is broken", field="in_hand")

    def arm(self, name: str) -> Arm | None:
        for a in self.arms:
            if a.name == name:
                return a
        return None

    def arm_name(self, text: str, field: str = "arm") -> str:
        """The name of the arm ``text`` names: its name, or its table id (``medium_shield``, RQ-138);
        ``text`` itself when it names none of his arms (what refuses it says so).

        :raises IllegalActionError: at ``field``, a table id two of his arms share (name one of them).
        """
        if self.arm(text) is not None:
            return text
        found = [a.name for a in self.arms if a.ref and a.ref == text]
        if len(found) > 1:
            raise IllegalActionError(f"{text!r} is the table id of {' and '.join(map(repr, found))}, two of "
                                     f"{self.name}'s arms: name the one meant", field=field)
        return found[0] if found else text

    def _name_arms(self) -> None:
        """What he holds and has damaged, named by table id too, kept by name (RQ-138)."""
        for field in ("in_hand", "prepared"):
            given = getattr(self, field)
            names = tuple(self.arm_name(n, field) for n in given)
            if names != given:
                msgspec.structs.force_setattr(self, field, names)
        s = self.start
        if s is not None:
            damage = {self.arm_name(n, "start.weapon_damage"): v for n, v in s.weapon_damage.items()}
            broken = tuple(self.arm_name(n, "start.broken") for n in s.broken)
            if damage != s.weapon_damage or broken != s.broken:
                msgspec.structs.force_setattr(self, "start", msgspec.structs.replace(s, weapon_damage=damage,
                                                                                      broken=broken))


class Stuck(Record, omit_defaults=True):
    """A weapon stuck in a body after an impale."""

    owner: Name
    weapon: Name
    location: LocationKey
    impale_max: Annotated[int, msgspec.Meta(ge=0, le=100)]
    """The owner's impale chance when it struck: he pulls it free on twice this."""
    fumble_min: Annotated[int, msgspec.Meta(ge=1, le=100)]
    damage: DiceText
    """The weapon's own damage: a victim who moves takes half of it again."""
    enc: float = 1.0
    held: bool = True
    """Still in the owner's hands (False once jerked out of them)."""
    missile: bool = False
    """An arrow, bolt or javelin: not its owner's to pull free (RQ-52); the victim may."""
    alone_rounds: Annotated[int, msgspec.Meta(ge=0, le=99)] = 0


class InShield(Record, omit_defaults=True):
    """A weapon stuck fast in a shield after an impaling blow was parried."""

    shield: Name
    owner: Name
    weapon: Name
    enc: float


class Hold(Record, omit_defaults=True):
    """A grapple hold on another combatant."""

    on: Name
    location: LocationKey
    immobilised: bool = False
    since: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    """The round it was made: immobilise and throw come in a later round."""


Mark = Annotated[str, msgspec.Meta(max_length=60)]


class Body(Record, omit_defaults=True):
    """One combatant's state between rounds."""

    damage_taken: Points = 0
    wounds: dict[LocationKey, Points] = {}
    condition: Condition = "unhurt"
    maimed: bool = False
    """A limb severed or struck more than twice its points: functionally incapacitated."""
    on_ground: bool = False
    in_hand: tuple[Name, ...] = ()
    prepared: tuple[Name, ...] = ()
    weapon_damage: dict[Name, Points] = {}
    broken: tuple[Name, ...] = ()
    gone: tuple[Name, ...] = ()
    """Arms out of his reach: thrown, stuck in a shield, pulled out and dropped."""
    stuck_in: tuple[Stuck, ...] = ()
    shield_stuck: tuple[InShield, ...] = ()
    holds: tuple[Hold, ...] = ()
    bleeding: dict[LocationKey, Annotated[int, msgspec.Meta(ge=0, le=BLEED_OUT_ROUNDS)]] = {}
    """Rounds left before he bleeds to death, by wound."""
    severed: dict[LocationKey, Annotated[int, msgspec.Meta(ge=0, le=BLEED_OUT_ROUNDS)]] = {}
    """Severed limbs: rounds left in which a 6-point Healing reknits it; 0: severed for good (RQ-53)."""
    reload: dict[Name, Annotated[int, msgspec.Meta(ge=0, le=10)]] = {}
    """Rounds before a slow missile can shoot again."""
    one_attack: bool = False
    """A second split blow impaled: only one attack this round."""
    marks: tuple[Mark, ...] = ()
    """Experience: each weapon or shield use and Defense that succeeded, once per fight."""
    defense_saved: bool = False
    unfamiliar: tuple[Name, ...] = ()
    """Arms he picked up in this melee: used at half effectiveness for the rest of the fight (RQ-73)."""
    missiles: dict[Name, Annotated[int, msgspec.Meta(ge=0, le=9999)]] = {}
    """Missiles left, by missile arm, for those counted (his sheet's count as he came in, less each shot, RQ-140)."""

    @property
    def out(self) -> bool:
        """Cannot act at all."""
        return self.condition in ("unconscious", "dead")


class Fight(Record, omit_defaults=True):
    """The combatants, in the order they were added."""

    combatants: Annotated[tuple[Combatant, ...], msgspec.Meta(min_length=1, max_length=24)]

    def __post_init__(self) -> None:
        names = [c.name for c in self.combatants]
        for name in names:
            if names.count(name) > 1:
                raise RulesError(f"combatants: two called {name!r}", field="combatants")

    def combatant(self, name: str) -> Combatant | None:
        for c in self.combatants:
            if c.name == name:
                return c
        return None


#: The editions of the rounds' rules: corrections that change how a recorded fight plays out.
#: 1: 0.1.0 and fight links 1–2 — an unconscious foe attacked at +20% only; a weapon drawn for a blow
#: or shot put away again at the round's end. 2 (link 3): an unconscious foe is totally helpless
#: (RQ-60, RQ-49); a weapon drawn for a blow or a shot stays in hand and sets down what clashes (RQ-71).
#: 3 (link 5): a bow or sling shot with 5 strike ranks to spare is ready again for the next round
#: (RQ-110); a natural weapon needs no readying (RQ-111); what sticks when a missile impales is the arrow
#: or bolt, never the launcher, and a sling's stone sticks nowhere (RQ-112). 4 (0.4.0; link 6 and export 6
#: saying ``"edition": 4``): an arm severed and not reknit is useless whatever its wound (RQ-132).
RULES_EDITION = 4


class MeleeRules(Record, omit_defaults=True):
    """The optional rules of a fight's rounds, as the referee chose them (carried in its log)."""

    ready_while_moving: bool = False
    """"At the referee's option, the 5 points it took to ready the bow and arrow could instead be
    combined with the 3 points of movement" (RQ-72)."""
    dex_alone: bool = False
    """"For successive rounds of melee against the same foe, DEX can be used alone as the sole
    criterion for determining who strikes first — this is strictly optional" (RQ-81)."""
    edition: Annotated[int, msgspec.Meta(ge=1, le=RULES_EDITION)] | None = None
    """Not a choice: the edition of the engine's rounds the fight is played by (``None``: today's,
    :data:`RULES_EDITION`). A link or export made before a correction is read with its own edition, so
    it replays exactly as it did (``pyengine.runequest.melee.log``: the edition of each link version)."""

    @property
    def played_by(self) -> int:
        """The edition of the rounds' rules this fight is played by."""
        return self.edition or RULES_EDITION


MELEE_RULES = MeleeRules()


class FightState(Record, omit_defaults=True):
    """Everyone's state after ``round`` rounds."""

    round: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    bodies: dict[Name, Body] = {}


def start(fight: Fight) -> FightState:
    """Everyone as he came in: fresh, or as his :attr:`~Combatant.start` says; weapons in hand."""
    return FightState(round=0, bodies={c.name: entering(c) for c in fight.combatants})


def entering(c: Combatant) -> Body:
    """His body before the first round."""
    if c.start is None:
        return Body(in_hand=c.in_hand, prepared=c.prepared)
    s = c.start
    return Body(in_hand=c.in_hand, prepared=c.prepared, damage_taken=s.damage_taken, wounds=s.wounds,
                condition=s.condition, maimed=s.maimed, on_ground=s.on_ground, bleeding=s.bleeding,
                severed=s.severed, weapon_damage=s.weapon_damage, broken=s.broken, missiles=s.missiles)
