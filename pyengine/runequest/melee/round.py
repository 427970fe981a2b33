"""One melee round, resolved in strike-rank order: :func:`resolve_round`.

Seed ch. III, "Third Phase": "each attack of whatever type is resolved in strike rank
order. The lowest strike rank always strikes first ... If one opponent disables
another before the second one can attack, the disabled character gets no attack at
all — missile, spell, or melee weapon. If both combatants have the same strike rank,
their DEX scores are compared, and the faster combatant strikes first. If the DEXs
are also the same, both strikes are simultaneous: damage is not assessed until both
attacks have been rolled and resolved" (RQ-48). Then the fourth phase, bookkeeping:
bleeding clocks, weapons worked free when left alone, reloading, experience marks.

Each blow is one :func:`~pyengine.runequest.combat.exchange.resolve_exchange`; its harm is
carried into the state here.
"""

from __future__ import annotations

import math
from itertools import groupby

import msgspec

from pyengine.dice import Dice, NoRollLeft, RollLog, RollMade
from pyengine.runequest.combat.d100 import succeeds as _succeeds
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.model import RULES, Attack, Defence, ExchangeResult, Parry, Rules
from pyengine.runequest.combat.wounds import Wound, apply_wound, worse
from pyengine.runequest.melee import grapple, impale
from pyengine.runequest.melee.intent import (
    Extract,
    Grapple,
    Heal,
    Intent,
    Move,
    PullOut,
    Ready,
    Shoot,
    Spell,
    Strike,
    check_intents,
)
from pyengine.runequest.melee.model import BLEED_OUT_ROUNDS, Arm, Body, Combatant, Fight, FightState, InShield, Stuck
from pyengine.runequest.melee.timing import Timed, schedule
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.tables.strike_ranks import StrikeRankTable
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, LOCATION_KEYS, Location
from pyengine.tables import Record

ARM_OF_HAND = {"right": "right_arm", "left": "left_arm"}


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
    working: str = ""
    """How the strike rank was counted."""
    simultaneous: bool = False
    exchange: ExchangeResult | None = None
    wound: Wound | None = None
    """The wound as it was applied (after the simultaneous blows before it)."""
    notes: tuple[str, ...] = ()
    rolls: tuple[RollMade, ...] = ()
    done: bool = True
    """False: the action did not happen (no time, disabled, aborted)."""


class RoundResult(Record):
    round: int
    events: tuple[Event, ...]
    state: FightState
    rolls: tuple[int, ...]


class _Round:
    """The working state of one round (the bodies change as blows land)."""

    def __init__(self, fight: Fight, state: FightState, intents: tuple[Intent, ...], dice: RollLog,
                 tables: MeleeTables, rules: Rules) -> None:
        self.fight = fight
        self.number = state.round + 1
        self.bodies: dict[str, Body] = dict(state.bodies)
        self.intents = {i.who: i for i in intents}
        self.dice = dice
        self.tables = tables
        self.rules = rules
        self.events: list[Event] = []
        self.parries_used: set[tuple[str, int]] = set()
        self.first_attacker: dict[str, str] = {}
        self.attacked: set[str] = set()
        self.fell: set[str] = set()
        self.blows: dict[tuple[str, str], int] = {}
        self.working_free: list[tuple[str, str]] = []
        self.pending: list = []
        self.throws: list[tuple[str, str]] = []
        self.cancelled: set[str] = set()

    # -- who and what -------------------------------------------------------------------

    def c(self, name: str) -> Combatant:
        found = self.fight.combatant(name)
        assert found is not None
        return found

    def set(self, name: str, **changes) -> Body:
        body = msgspec.structs.replace(self.bodies[name], **changes)
        self.bodies[name] = body
        return body

    def useless_hand(self, name: str, arm: Arm) -> str:
        c, body = self.c(name), self.bodies[name]
        sides = ("right", "left") if arm.hands == "both" else (arm.hands,)
        for side in sides:
            key = ARM_OF_HAND[side]
            if body.wounds.get(key, 0) >= c.locations[key]:
                return f"his {side} arm is useless"
        return ""

    def unusable(self, name: str, arm: Arm) -> str:
        """Why ``arm`` cannot be used now, or ``""``."""
        body = self.bodies[name]
        if arm.name in body.broken:
            return f"the {arm.name} is broken"
        if arm.name in body.gone:
            return f"the {arm.name} is out of his reach"
        for other in self.bodies.values():
            for s in other.stuck_in:
                if s.owner == name and s.weapon == arm.name and not s.missile:
                    return f"the {arm.name} is stuck in {self._holder(s)}"
        return self.useless_hand(name, arm)

    def _holder(self, stuck: Stuck) -> str:
        for who, body in self.bodies.items():
            if stuck in body.stuck_in:
                return who
        return "someone"

    def unable(self, name: str) -> str:
        body = self.bodies[name]
        if body.condition in ("dead", "unconscious", "incapacitated"):
            return f"{name} is {body.condition}"
        if name in self.fell:
            return f"{name} fell this round"
        return ""

    def helpless(self, name: str) -> bool:
        body = self.bodies[name]
        return body.on_ground or body.condition in ("unconscious", "incapacitated") or any(
            h.on == name and h.immobilised for b in self.bodies.values() for h in b.holds
        )

    # -- the defender's side ------------------------------------------------------------

    def defense_share(self, target: str, attacker: str) -> tuple[int, str]:
        c = self.c(target)
        intent = self.intents.get(target)
        if intent is not None and any(isinstance(a, PullOut) for a in intent.actions):
            return 0, f"{target} is pulling a weapon out of himself: no Defense this round"
        if not c.defense:
            return 0, ""
        if self.bodies[target].condition in ("dead", "unconscious", "incapacitated"):
            return 0, f"{target} is {self.bodies[target].condition}: no Defense"
        if intent is not None and intent.defense:
            share = intent.defense.get(attacker, 0)
            return share, f"{target} allotted {share}% of his {c.defense}% Defense to {attacker}"
        first = self.first_attacker.setdefault(target, attacker)
        if first == attacker:
            return c.defense, f"{target}'s whole Defense {c.defense}% against {attacker}, the first to strike at him (RQ-47)"
        return 0, f"{target}'s Defense went against {first}, the first to strike at him (RQ-47)"

    def parry_for(self, target: str, attacker: str, missile: bool) -> tuple[Parry | None, int | None, str]:
        intent = self.intents.get(target)
        if intent is None or self.unable(target):
            return None, None, ""
        if any(isinstance(a, PullOut) for a in intent.actions):
            return None, None, ""
        c, body = self.c(target), self.bodies[target]
        ways = {}
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
                why = self.unusable(target, arm)
                if not why and arm.name not in body.in_hand:
                    why = f"the {arm.name} is not in his hand"
                if why:
                    return None, None, f"{target} cannot parry with the {arm.name}: {why}"
                chance = arm.parry.chance
                notes = []
                if ways[arm.name] > 1:
                    chance = math.ceil(chance / ways[arm.name])
                    notes.append(f"split parry: {arm.parry.chance}% / {ways[arm.name]} = {chance}% (RQ-50)")
                stuck = [s for s in body.shield_stuck if s.shield == arm.name]
                if stuck:
                    effect = impale.shield_effect(stuck)
                    if effect == "useless":
                        return None, None, f"{target}'s {arm.name} is useless: a weapon of ENC 2 or more is stuck in it"
                    if effect == "half":
                        chance = math.ceil(chance / 2)
                        notes.append(f"weapons stuck in the {arm.name}: half effectiveness, {chance}%")
                self.parries_used.add((target, k))
                parry = msgspec.structs.replace(
                    arm.parry, chance=chance, name=arm.name, damage_taken=body.weapon_damage.get(arm.name, 0)
                )
                return parry, k, "; ".join(notes)
        return None, None, ""

    # -- events -------------------------------------------------------------------------

    def log(self, t: Timed, what: str, outcome: str, *, done: bool = True, **more) -> None:
        self.events.append(Event(sr=t.sr, who=t.who, what=what, outcome=outcome, kind=t.action.__struct_config__.tag,
                                 working=t.working, done=done, **more))

    def skip(self, t: Timed, what: str, why: str) -> None:
        self.log(t, what, why, done=False)

    # -- harm ---------------------------------------------------------------------------

    def wound(self, name: str, key: str, damage: int) -> Wound:
        """Applies ``damage`` points (past any armour) to location ``key`` of ``name``."""
        c, body = self.c(name), self.bodies[name]
        w = apply_wound(
            LOCATION_BY_KEY[key],
            damage,
            location_hp=c.locations[key],
            before=body.wounds.get(key, 0),
            hit_points=c.hit_points - body.damage_taken,
        )
        wounds = dict(body.wounds)
        wounds[key] = min(w.after, 999)
        changes: dict = dict(
            wounds=wounds,
            damage_taken=min(body.damage_taken + w.hp_loss, 999),
            condition=worse(body.condition, w.condition),
            maimed=body.maimed or w.capped or w.severed,
        )
        if w.disabled and w.condition != "dead":
            loc = w.location
            if loc in (Location.RIGHT_LEG, Location.LEFT_LEG, Location.ABDOMEN, Location.CHEST):
                if not body.on_ground:
                    self.fell.add(name)  # "he must fall, doing nothing else that round"
                changes["on_ground"] = True
            if loc in (Location.ABDOMEN, Location.CHEST, Location.HEAD):
                bleeding = dict(body.bleeding)
                bleeding.setdefault(key, BLEED_OUT_ROUNDS)
                changes["bleeding"] = bleeding
            if loc in (Location.RIGHT_ARM, Location.LEFT_ARM):
                side = "right" if loc is Location.RIGHT_ARM else "left"
                dropped = []
                for held in body.in_hand:
                    arm = c.arm(held)
                    if arm is not None and arm.hands in (side, "both") and (arm.parry is None or arm.parry.kind != "shield"):
                        dropped.append(held)
                changes["in_hand"] = tuple(h for h in body.in_hand if h not in dropped)
        if changes["condition"] == "dead":
            changes["bleeding"] = {}
            self._release(name)
        self.set(name, **changes)
        return w

    def _release(self, name: str) -> None:
        for who, body in self.bodies.items():
            if any(h.on == name for h in body.holds):
                self.set(who, holds=tuple(h for h in body.holds if h.on != name))
        self.bodies[name] = msgspec.structs.replace(self.bodies[name], holds=())

    def weapon_harm(self, name: str, arm_name: str, damage: int) -> str:
        c, body = self.c(name), self.bodies[name]
        arm = c.arm(arm_name)
        total = body.weapon_damage.get(arm_name, 0) + damage
        harm = dict(body.weapon_damage)
        harm[arm_name] = min(total, 999)
        hp = None
        if arm is not None:
            hp = arm.parry.hp if arm.parry is not None and arm.parry.hp else (arm.weapon.hp if arm.weapon else None)
        if hp is not None and total > hp and arm_name not in body.broken:
            self.set(name, weapon_damage=harm, broken=(*body.broken, arm_name),
                     in_hand=tuple(h for h in body.in_hand if h != arm_name))
            return f"{name}'s {arm_name} breaks ({total} damage, more than its {hp})"
        self.set(name, weapon_damage=harm)
        return ""

    def mark(self, name: str, what: str) -> None:
        """An experience mark, once per fight (RQ-54)."""
        body = self.bodies[name]
        if what not in body.marks:
            self.set(name, marks=(*body.marks, what))

    # -- the actions --------------------------------------------------------------------

    def strike(self, t: Timed) -> None:
        action = t.action
        assert isinstance(action, (Strike, Shoot))
        me, body = self.c(t.who), self.bodies[t.who]
        arm = me.arm(action.arm)
        assert arm is not None and arm.weapon is not None and arm.attack is not None
        verb = "shoots at" if isinstance(action, Shoot) else "attacks"
        what = f"{me.name} {verb} {action.target} with the {arm.name}"
        tbody = self.bodies[action.target]
        if tbody.condition == "dead":
            return self.skip(t, what, f"aborted: {action.target} is already dead (RQ-49)")
        why = self.unusable(t.who, arm)
        if why:
            return self.skip(t, what, f"aborted: {why}")
        nth = self.blows.get((t.who, arm.name), 0) + 1
        self.blows[(t.who, arm.name)] = nth
        chance = arm.attack if t.share == 1 else math.ceil(arm.attack / t.share)
        notes = [f"split attack: {arm.attack}% / {t.share} = {chance}% (RQ-50)"] if t.share > 1 else []
        situation = {}
        if isinstance(action, Shoot):
            situation = dict(distance=action.distance, target_crossing=action.crossing, target_dodging=action.dodging)
        attack = Attack(
            weapon=arm.weapon,
            chance=chance,
            name=me.name,
            damage_bonus=me.damage_bonus,
            weapon_damage=body.weapon_damage.get(arm.name, 0),
            target_helpless=self.helpless(action.target),
            on_ground=body.on_ground,
            off_hand=arm.hands == "left",
            **situation,
        )
        share, share_note = self.defense_share(action.target, t.who)
        if share_note:
            notes.append(share_note)
        parry, parry_index, parry_note = self.parry_for(action.target, t.who, arm.missile)
        if parry_note:
            notes.append(parry_note)
        target = self.c(action.target)
        defence = Defence(
            hit_points=target.hit_points,
            locations=dict(target.locations),
            name=target.name,
            defense=share,
            parry=parry,
            armour=dict(target.armour),
            damage_taken=tbody.damage_taken,
            wounds=dict(tbody.wounds),
            damage_bonus=target.damage_bonus,
        )
        self.attacked.add(action.target)
        try:
            result = resolve_exchange(attack, defence, dice=self.dice.during(what), fumbles=self.tables.fumbles,
                                      locations=self.tables.locations, rules=self.rules)
        except NoRollLeft as exc:
            needed = exc.needed
            raise NoRollLeft(
                msgspec.structs.replace(needed, index=len(self.dice.made), purpose=f"{what}: {needed.purpose}")
            ) from None
        self.dice.made[len(self.dice.made) - len(result.rolls):] = list(result.rolls)
        if isinstance(action, Shoot):
            if arm.weapon.kind == "thrown":
                self.set(t.who, gone=(*body.gone, arm.name), in_hand=tuple(h for h in body.in_hand if h != arm.name))
            else:
                self.set(t.who, prepared=tuple(p for p in body.prepared if p != arm.name))
            slow = {"1/2R": 1, "1/3R": 2, "1/5R": 4}.get(arm.rate or "", 0)  # RQ-55
            if slow:
                reload = dict(self.bodies[t.who].reload)
                reload[arm.name] = slow
                self.set(t.who, reload=reload)
        if _succeeds(result.attack_roll, result.chance):
            self.mark(t.who, f"{arm.name} attack")
        elif share and _succeeds(result.attack_roll, result.chance + share):
            self.mark(action.target, "Defense")
            self.set(action.target, defense_saved=True)
            notes.append(f"{target.name}'s Defense saved him: {result.attack_roll} would have hit without it")
        if parry is not None and result.parry_success:
            self.mark(action.target, f"{parry.name} parry")
        self.pending.append(lambda: self._harm(t, arm, parry, result, what, notes, nth))

    def _harm(self, t: Timed, arm: Arm, parry: Parry | None, result: ExchangeResult, what: str, notes: list[str],
              nth: int) -> None:
        action = t.action
        target = action.target
        notes = list(notes)
        wound = None
        if result.location is not None and result.location_damage > 0:
            key = LOCATION_KEYS[result.location]
            wound = self.wound(target, key, result.location_damage)
        for harm in result.weapon_harm:
            owner, name = (t.who, arm.name) if harm.whose == "attacker" else (target, parry.name if parry else "")
            if name:
                broke = self.weapon_harm(owner, name, harm.damage)
                if broke:
                    notes.append(broke)
        if result.stuck == "target" and result.location is not None:
            key = LOCATION_KEYS[result.location]
            stuck = Stuck(
                owner=t.who,
                weapon=arm.name,
                location=key,
                impale_max=result.thresholds.impale_max,
                fumble_min=result.thresholds.fumble_min,
                damage=arm.weapon.damage,
                enc=arm.weapon.enc,
                held=not arm.missile,
                missile=arm.missile,
            )
            tb = self.bodies[target]
            self.set(target, stuck_in=(*tb.stuck_in, stuck))
            if t.share > 1 and nth > 1:
                self.set(t.who, one_attack=True)
                notes.append(f"the second blow of a split attack impaled: {t.who} has only one attack next round")
        elif result.stuck == "shield" and parry is not None:
            tb = self.bodies[target]
            self.set(target, shield_stuck=(*tb.shield_stuck, InShield(shield=parry.name, owner=t.who, weapon=arm.name,
                                                                     enc=arm.weapon.enc)))
            if not arm.missile:
                mb = self.bodies[t.who]
                self.set(t.who, gone=(*mb.gone, arm.name), in_hand=tuple(h for h in mb.in_hand if h != arm.name))
        outcome = result.headline
        if wound is not None and result.wound is not None and wound != result.wound:
            outcome += f" (after the simultaneous blow: {wound.hit_points_after} hit points left)"
        self.log(t, what, outcome, target=target, exchange=result, wound=wound, notes=tuple(notes),
                 rolls=result.rolls)

    def ready(self, t: Timed) -> None:
        action = t.action
        assert isinstance(action, Ready)
        me, body = self.c(t.who), self.bodies[t.who]
        arm = me.arm(action.arm)
        assert arm is not None
        what = f"{me.name} readies the {arm.name}"
        why = self.unusable(t.who, arm)
        if why:
            return self.skip(t, what, f"aborted: {why}")
        keep = []
        for held in body.in_hand:
            other = me.arm(held)
            if other is None or held == arm.name:
                continue
            if arm.hands == "both" or other.hands == "both" or other.hands == arm.hands:
                continue
            keep.append(held)
        self.set(t.who, in_hand=(*keep, arm.name), prepared=tuple({*body.prepared, arm.name}))
        set_down = [h for h in body.in_hand if h not in keep and h != arm.name]
        self.log(t, what, "in hand" + (f"; sets down the {', '.join(set_down)}" if set_down else ""))

    def move(self, t: Timed) -> None:
        action = t.action
        assert isinstance(action, Move)
        body = self.bodies[t.who]
        what = f"{t.who} moves {action.metres} m"
        if any(h.immobilised for b in self.bodies.values() for h in b.holds if h.on == t.who):
            return self.skip(t, what, f"aborted: {t.who} is held immobilised")
        notes = []
        wounds = []
        rolls_before = len(self.dice.made)
        for s in body.stuck_in:
            damage = impale.moving_damage(s, self.dice)
            w = self.wound(t.who, s.location, damage)
            wounds.append(w)
            notes.append(
                f"with {s.owner}'s {s.weapon} through his {s.location.replace('_', ' ')}, moving costs him half its "
                f"damage: {damage} (RQ-52)"
            )
        self.log(t, what, "moved" if not wounds else f"moved, hurting himself: {'; '.join(notes)}", notes=tuple(notes),
                 wound=wounds[-1] if wounds else None, rolls=tuple(self.dice.made[rolls_before:]))

    def spell(self, t: Timed) -> None:
        action = t.action
        assert isinstance(action, Spell)
        at = f" at {action.target}" if action.target else ""
        self.log(
            t,
            f"{t.who} casts {action.name} ({action.points} point{'s' if action.points > 1 else ''}){at}",
            "cast; its effect is chapter V's, not in these rules: apply it by hand (RQ-45)",
            target=action.target,
        )

    def heal(self, t: Timed) -> None:
        action = t.action
        assert isinstance(action, Heal)
        what = f"{t.who} casts Healing {action.points} on {action.target}'s {action.location.replace('_', ' ')}"
        tbody = self.bodies[action.target]
        if tbody.condition == "dead":
            return self.skip(t, what, f"aborted: {action.target} is dead")
        notes = impale.heal(self, action)
        self.log(t, what, "; ".join(notes), target=action.target)

    def act(self, t: Timed) -> None:
        action = t.action
        what = describe(t.who, action)
        if t.too_late:
            return self.skip(t, what, t.too_late)
        if t.index in self.intents[t.who].aborted:
            return self.skip(t, what, "aborted by his player (intentions may be aborted, not altered)")
        unable = self.unable(t.who)
        if unable and not (isinstance(action, Heal) and action.target == t.who and self._may_heal_self(t.who)):
            return self.skip(t, what, f"{unable}: he does nothing (disabled before his strike rank, RQ-49)")
        if isinstance(action, (Strike, Shoot)):
            self.strike(t)
        elif isinstance(action, Ready):
            self.ready(t)
        elif isinstance(action, Move):
            self.move(t)
        elif isinstance(action, Spell):
            self.spell(t)
        elif isinstance(action, Heal):
            self.heal(t)
        elif isinstance(action, Grapple):
            grapple.act(self, t)
        elif isinstance(action, Extract):
            impale.extract(self, t)
        elif isinstance(action, PullOut):
            impale.pull_out(self, t)

    def _may_heal_self(self, name: str) -> bool:
        """ "Abdomen — ... He may heal himself, but can do nothing else"; not so the chest or the unconscious."""
        c, body = self.c(name), self.bodies[name]
        if body.condition != "incapacitated":
            return False
        return body.wounds.get("chest", 0) < c.locations["chest"]

    # -- bookkeeping --------------------------------------------------------------------

    def bookkeeping(self) -> None:
        end = self.tables.strike_ranks.modifiers.round_limit
        impale.work_free(self, end)
        for name in list(self.bodies):
            body = self.bodies[name]
            changes: dict = {}
            if body.reload:
                changes["reload"] = {k: v - 1 for k, v in body.reload.items() if v > 1}
            if body.bleeding and body.condition != "dead":
                left = {k: v - 1 for k, v in body.bleeding.items()}
                changes["bleeding"] = left
                if any(v <= 0 for v in left.values()):
                    where = ", ".join(k.replace("_", " ") for k, v in left.items() if v <= 0)
                    changes["condition"] = "dead"
                    changes["bleeding"] = {}
                    self.events.append(Event(sr=end, who=name, what=f"{name} bleeds", kind="bleed",
                                             outcome=f"bled to death from the {where} wound: 2 full turns untreated (RQ-53)"))
            if changes:
                self.set(name, **changes)
                if changes.get("condition") == "dead":
                    self._release(name)


def describe(who: str, action) -> str:
    """An action in words: ``Aldo attacks Bera with the broadsword``."""
    if isinstance(action, Strike):
        return f"{who} attacks {action.target} with the {action.arm}"
    if isinstance(action, Shoot):
        return f"{who} shoots at {action.target} with the {action.arm}"
    if isinstance(action, Ready):
        return f"{who} readies the {action.arm}"
    if isinstance(action, Move):
        return f"{who} moves {action.metres} m"
    if isinstance(action, Spell):
        return f"{who} casts {action.name} ({action.points})" + (f" at {action.target}" if action.target else "")
    if isinstance(action, Heal):
        return f"{who} casts Healing {action.points} on {action.target}'s {action.location.replace('_', ' ')}"
    if isinstance(action, Grapple):
        return f"{who} grapples {action.target}" + ("" if action.how == "hold" else f": {action.how}")
    if isinstance(action, Extract):
        return f"{who} pulls his {action.arm} free"
    if isinstance(action, PullOut):
        return f"{who} pulls {action.owner}'s {action.weapon} out of himself"
    return who


def resolve_round(
    fight: Fight,
    state: FightState,
    intents: tuple[Intent, ...],
    *,
    dice: Dice,
    tables: MeleeTables,
    rules: Rules = RULES,
) -> RoundResult:
    """Resolves one round from everyone's statements of intent.

    :raises IllegalActionError: a statement the rules forbid (the field is named).
    :raises RollError: the dice run out (:class:`NoRollLeft`, with the die needed) or give a value off the die.
    """
    check_intents(fight, state, intents)
    rd = dice if isinstance(dice, RollLog) else RollLog(dice, within="the round")
    r = _Round(fight, state, intents, rd, tables, rules)
    for name, body in state.bodies.items():
        if body.one_attack:
            r.set(name, one_attack=False)
    order = {c.name: k for k, c in enumerate(fight.combatants)}
    timeline: list[Timed] = []
    for intent in intents:
        me = fight.combatant(intent.who)
        assert me is not None
        timeline.extend(schedule(me, state.bodies[me.name], intent, tables.strike_ranks))

    def first(t: Timed) -> tuple:
        a = t.action
        immobilise_first = 0 if isinstance(a, Grapple) and a.how == "immobilise" else 1
        return (t.sr, immobilise_first, -t.dex)

    timeline.sort(key=lambda t: (*first(t), order[t.who], t.index))
    for _, group_iter in groupby(timeline, key=first):
        group = list(group_iter)
        together = len({t.who for t in group}) > 1
        start = len(r.events)
        for t in group:
            r.act(t)
            if not together:
                for apply in r.pending:
                    apply()
                r.pending.clear()
        if together:
            grapple.throws_cancel(r)
        for apply in r.pending:
            apply()
        r.pending.clear()
        r.throws.clear()
        r.cancelled.clear()
        if together:
            for k in range(start, len(r.events)):
                r.events[k] = msgspec.structs.replace(r.events[k], simultaneous=True)
    r.bookkeeping()
    new_state = FightState(round=r.number, bodies=r.bodies)
    return RoundResult(round=r.number, events=tuple(r.events), state=new_state, rolls=rd.values)

