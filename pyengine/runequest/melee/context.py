"""What an action's handler works on while a round is resolved: :class:`RoundContext`.

The round (:func:`~pyengine.runequest.melee.round.resolve_round`) makes one context,
hands it to each action's handler in strike-rank order (:mod:`.actions`) and reads the
bodies and the log from it at the end. The bodies change as blows land; everything
else in the fight stays as it came in. The context also answers what several actions
ask: whether a weapon can be used, how much Defense goes against a blow (RQ-47), which
parry meets it (RQ-50, RQ-78) and whether its target is dodging (RQ-76).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import msgspec

from pyengine.dice import RollLog, RollMade
from pyengine.runequest.combat.model import ExchangeResult, Parry, Rules
from pyengine.runequest.combat.wounds import Wound
from pyengine.runequest.melee import harm, usable
from pyengine.runequest.melee.clock import Timed
from pyengine.runequest.melee.model import (
    MELEE_RULES,
    Arm,
    Body,
    Combatant,
    Fight,
    FightState,
    MeleeRules,
)
from pyengine.runequest.melee.statement import Intent, Move
from pyengine.runequest.pronouns import Pronouns, pronouns_of
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.tables.strike_ranks import StrikeRankTable
from pyengine.tables import Record
from pyengine.working import Step

DOWN = ("dead", "unconscious", "incapacitated")
#: The rounds' edition from which an arm severed and not reknit is useless whatever its wound (RQ-132).
SEVERED_USELESS = 4


class MeleeTables(Record):
    """The tables a round reads."""

    strike_ranks: StrikeRankTable
    fumbles: FumbleTable
    locations: HitLocationTable


class Event(Record):
    """One line of the round's log, in the order things happened."""

    sr: int
    who: str
    what: str
    """``Aldo attacks Bera with the broadsword``."""
    outcome: str
    """``a hit to the chest: 7 damage``, ``no time: SR 14 is past 12``."""
    kind: str = ""
    target: str = ""
    working: Step | None = None
    """How the strike rank was counted (field ``sr``); ``None`` for the round's bookkeeping."""
    simultaneous: bool = False
    exchange: ExchangeResult | None = None
    wound: Wound | None = None
    """The wound as it was applied (after the simultaneous blows before it)."""
    notes: tuple[str, ...] = ()
    rolls: tuple[RollMade, ...] = ()
    done: bool = True
    """False: the action did not happen (no time, disabled, aborted)."""


class RoundContext:
    """One round being resolved: the fight, the bodies as they change, the log and the dice."""

    def __init__(self, fight: Fight, state: FightState, intents: tuple[Intent, ...], dice: RollLog,
                 tables: MeleeTables, rules: Rules, melee_rules: MeleeRules = MELEE_RULES,
                 pronouns: Mapping[str, Pronouns] | None = None) -> None:
        self.fight = fight
        self.pronouns = dict(pronouns or {})
        """Saved adventurers' pronouns by name, from their sheets; anyone else is "they" (RQ-145)."""
        self.number = state.round + 1
        self.bodies: dict[str, Body] = dict(state.bodies)
        self.intents = {i.who: i for i in intents}
        self.dice = dice
        """Every roll of the round, kept once, in order (``d(sides, purpose)``; ``part(name)`` for an
        exchange; ``since(start)``, an action's rolls)."""
        self.tables = tables
        self.rules = rules
        self.melee_rules = melee_rules
        """The rounds' optional rules, and how a fight made before link version 3 reads (RQ-60)."""
        self.events: list[Event] = []
        self.pending: list[Callable[[], None]] = []
        """Harm to land once every blow of this instant is rolled (simultaneous blows, RQ-48)."""
        self.at_end: list[Callable[[int], None]] = []
        """What happens at the end of the round (given its last strike rank), before the bookkeeping."""
        self.defenceless: set[str] = set()
        """Who uses neither parry nor Defense this round (pulling a weapon out of himself)."""
        self.parries_used: set[tuple[str, int]] = set()
        self.first_attacker: dict[str, str] = {}
        self.attacked: set[str] = set()
        """Who was struck at this round (not left alone)."""
        self.fell: set[str] = set()
        self.blows: dict[tuple[str, str], int] = {}
        """Blows struck so far, by (who, weapon)."""
        self.throws: set[tuple[str, str]] = set()
        """Throws made at this instant: (thrower, thrown); two at each other cancel (RQ-51)."""
        self.pinned: dict[tuple[str, str], str] = {}
        """Immobilisations made this round: (grappler, foe) -> the location held (mutual ones, RQ-79)."""

    # -- who and what -------------------------------------------------------------------

    def p(self, name: str) -> Pronouns:
        """How the round's words speak of ``name``: his sheet's pronouns, else "they" (RQ-145)."""
        return pronouns_of(name, self.pronouns)

    def combatant(self, name: str) -> Combatant:
        found = self.fight.combatant(name)
        assert found is not None
        return found

    def set(self, name: str, **changes) -> Body:
        """``name``'s body from now on: the old one with ``changes``."""
        body = msgspec.structs.replace(self.bodies[name], **changes)
        self.bodies[name] = body
        return body

    def useless_hand(self, name: str, arm: Arm) -> str:
        """Why the hand(s) ``arm`` needs cannot hold it, or ``""``: an arm severed and not reknit counts from
        the rounds' edition 4 (RQ-132); a fight played by an earlier one replays as it did."""
        return harm.useless_hand(self.combatant(name), self.bodies[name], arm, severed=self.severed_useless)

    @property
    def severed_useless(self) -> bool:
        """Whether an arm severed and not reknit is useless whatever its wound (RQ-132: from edition 4)."""
        return self.melee_rules.played_by >= SEVERED_USELESS

    def unusable(self, name: str, arm: Arm) -> str:
        """Why ``arm`` cannot be used now, or ``""`` (a statement's row asks the same, :mod:`.foresee`)."""
        return usable.unusable(self.fight, self.bodies, name, arm, severed=self.severed_useless)

    def unable(self, name: str) -> str:
        """Why ``name`` can do nothing now, or ``""``."""
        body = self.bodies[name]
        if body.condition in DOWN:
            return f"{name} is {body.condition}"
        if name in self.fell:
            return f"{name} fell this round"
        return ""

    def dodging(self, name: str) -> bool:
        """``name`` stated that he dodges this round (and has not given it up, nor been disabled) (RQ-76)."""
        intent = self.intents.get(name)
        if intent is None or self.unable(name):
            return False
        return any(isinstance(a, Move) and a.dodging and k not in intent.aborted for k, a in enumerate(intent.actions))

    def helpless(self, name: str) -> bool:
        return usable.helpless(self.bodies, name)

    # -- the defender's side ------------------------------------------------------------

    def defense_share(self, target: str, attacker: str) -> tuple[int, str]:
        """How much of ``target``'s Defense goes against ``attacker``'s blow, and why (RQ-47)."""
        c, p = self.combatant(target), self.p(target)
        intent = self.intents.get(target)
        if target in self.defenceless:
            return 0, f"{target} is pulling a weapon out of {p.himself}: no Defense this round"
        if not c.defense:
            return 0, ""
        if self.bodies[target].condition in DOWN:
            return 0, f"{target} is {self.bodies[target].condition}: no Defense"
        if intent is not None and intent.defense:
            share = intent.defense.get(attacker, 0)
            return share, f"{target} allotted {share}% of {p.his} {c.defense}% Defense to {attacker}"
        first = self.first_attacker.setdefault(target, attacker)
        if first == attacker:
            return c.defense, f"{target}'s whole Defense {c.defense}% against {attacker}, the first to strike at {p.him} (RQ-47)"
        return 0, f"{target}'s Defense went against {first}, the first to strike at {p.him} (RQ-47)"

    def parry_for(self, target: str, attacker: str, missile: bool, *, hold: bool = False
                  ) -> tuple[Parry | None, int | None, str]:
        """The parry ``target`` holds ready for ``attacker``'s blow (``hold``: his grapple hold) (used up), its
        place, and a note. A fist or grapple parry meets only a hold, and needs no hand to hold it (RQ-75)."""
        intent = self.intents.get(target)
        if intent is None or self.unable(target) or target in self.defenceless:
            return None, None, ""
        c, body = self.combatant(target), self.bodies[target]
        ways: dict[str, int] = {}
        for p in intent.parries:
            ways[p.arm] = ways.get(p.arm, 0) + 1
        for pick in (attacker, ""):
            for k, p in enumerate(intent.parries):
                if p.against != pick or (target, k) in self.parries_used:
                    continue
                arm = c.arm(p.arm)
                assert arm is not None and arm.parry is not None
                if missile and arm.parry.kind != "shield":
                    continue
                if arm.body_weapon and not hold:
                    continue
                refused = usable.parry_refused(self.fight, self.bodies, target, arm, severed=self.severed_useless)
                if refused:
                    return None, None, refused
                chance = arm.parry.chance
                notes = []
                if p.chance is not None:
                    chance = p.chance
                    notes.append(f"split parry: {p.chance}% of {self.p(target).his} {arm.parry.chance}% (RQ-78)")
                elif ways[arm.name] > 1:
                    chance = math.ceil(chance / ways[arm.name])
                    notes.append(f"split parry: {arm.parry.chance}% / {ways[arm.name]} = {chance}% (RQ-50)")
                if arm.name in body.unfamiliar:
                    chance = math.ceil(chance / 2)
                    notes.append(f"the {arm.name} was picked up in this melee: half effectiveness, {chance}% (RQ-73)")
                if harm.shield_effect([s for s in body.shield_stuck if s.shield == arm.name]) == "half":
                    chance = math.ceil(chance / 2)
                    notes.append(f"weapons stuck in the {arm.name}: half effectiveness, {chance}%")
                self.parries_used.add((target, k))
                parry = msgspec.structs.replace(
                    arm.parry, chance=chance, name=arm.name, damage_taken=body.weapon_damage.get(arm.name, 0)
                )
                return parry, k, "; ".join(notes)
        return None, None, ""

    # -- events -------------------------------------------------------------------------

    def land(self) -> None:
        """Lands the harm of the blows rolled so far (simultaneous blows land together, RQ-48)."""
        pending, self.pending = self.pending, []
        for apply in pending:
            apply()

    def log(self, t: Timed, what: str, outcome: str, *, done: bool = True, **more) -> None:
        """An action's line in the round's log."""
        self.events.append(Event(sr=t.sr, who=t.who, what=what, outcome=outcome, kind=t.action.__struct_config__.tag,
                                 working=t.working, done=done, **more))

    def skip(self, t: Timed, what: str, why: str) -> None:
        """An action that did not happen, and why."""
        self.log(t, what, why, done=False)

    # -- harm ---------------------------------------------------------------------------

    def wound(self, name: str, key: str, damage: int) -> Wound:
        """Applies ``damage`` points (past any armour) to location ``key`` of ``name``."""
        w, changes, falls = harm.wound(self.combatant(name), self.bodies[name], key, damage, self.p(name))
        if falls:
            self.fell.add(name)  # "he must fall, doing nothing else that round"
        if changes["condition"] == "dead":
            self.release(name)
        self.set(name, **changes)
        return w

    def release(self, name: str) -> None:
        """Every hold on ``name`` let go, and his own (he is dead)."""
        for who, body in self.bodies.items():
            if any(h.on == name for h in body.holds):
                self.set(who, holds=tuple(h for h in body.holds if h.on != name))
        self.bodies[name] = msgspec.structs.replace(self.bodies[name], holds=())

    def weapon_harm(self, name: str, arm_name: str, damage: int) -> str:
        """``damage`` points to ``name``'s weapon or shield; how it broke, or ``""``."""
        changes, broke = harm.weapon_harm(self.combatant(name), self.bodies[name], arm_name, damage)
        self.set(name, **changes)
        return broke

    def mark(self, name: str, what: str) -> None:
        """An experience mark, once per fight (RQ-54)."""
        body = self.bodies[name]
        if what not in body.marks:
            self.set(name, marks=(*body.marks, what))
