"""One attack against one defender, end to end: :func:`resolve_exchange` (:func:`resolve_in` inside a
round), and :func:`next_roll`.

Seed ch. III-IV. The stages, one module each, in the order they are taken:
:mod:`.chance` (the chance and its thresholds), :mod:`.parry` (the two d100s together),
:mod:`.fumbles`, :mod:`.damage`, :mod:`.protection` (parry, shield, armour),
:mod:`.weapon_harm`, :mod:`.barrier` (cover), :mod:`.wounds`; :mod:`.helpless` for a
totally helpless opponent. Dice come only from the injected ``dice``; every
roll is kept once, with what it was for, in a :class:`~pyengine.dice.RollLog` (a melee round
hands its own to :func:`resolve_in`), and the result holds it, so
``ScriptedDice(result.roll_values)`` replays it exactly; :func:`next_roll` tells a
page which physical roll it needs next.

The rolls, in the order they are asked for (RQ-42):

1. the attack d100;
2. the parry d100, when a parry is declared;
3. the fumble table d100 for a fumbled attack (and more, for 99 and 00);
4. the fumble table d100 for a fumbled parry (optional rules);
5. the damage: the weapon's dice, then the damage bonus dice — when the blow lands,
   or when a parrying weapon or shield takes it; or the parrying weapon's damage,
   when a missed attack meets a successful weapon parry;
6. the hit location d20, when damage gets past any parry — or, against a totally helpless
   opponent (who neither parries nor takes damage: he is killed outright, RQ-60), only when
   cover hides part of him (RQ-61).
"""

from __future__ import annotations

from typing import Any

from pyengine.dice import Dice, NeededRoll, NoRollLeft, RollLog, ScriptedDice
from pyengine.errors import RollError
from pyengine.runequest.combat.barrier import Landing, landing, landing_steps
from pyengine.runequest.combat.chance import effective_chance, thresholds_step
from pyengine.runequest.combat.d100 import D100, read_d100, thresholds
from pyengine.runequest.combat.damage import damage_dice, damage_kind, roll_damage
from pyengine.runequest.combat.fumbles import attacker_fumbles, opened, roll_fumbles, wide_open_step, worst_wide_open
from pyengine.runequest.combat.helpless import helpless_step, killed_headline, no_parry_step
from pyengine.runequest.combat.model import RULES, Attack, Defence, ExchangeResult, Outcome, Rules, WeaponHarm
from pyengine.runequest.combat.parry import attack_step, check_parry, in_the_way, meet, meeting_steps, parry_step
from pyengine.runequest.combat.protection import (
    Stuck,
    armour_absorbed,
    armour_step,
    cover,
    shield_absorbed,
    shield_steps,
    stopped,
    stuck_in_target,
)
from pyengine.runequest.combat.weapon_harm import harm_attacking_weapon, parried_by_weapon
from pyengine.runequest.combat.wounds import apply_wound, wound_steps
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import LOCATION_KEYS
from pyengine.working import Step

#: How each landed blow is named in the headline.
LANDED_WORDS = {"critical": "a critical hit", "impale": "an impale", "hit": "a hit"}


def landed(*, critical: bool, impale: bool) -> Outcome:
    """The outcome of a blow that reached him: a critical hit counts before an impale."""
    return "critical" if critical else "impale" if impale else "hit"


def resolve_exchange(
    attack: Attack,
    defence: Defence,
    *,
    dice: Dice,
    fumbles: FumbleTable,
    locations: HitLocationTable,
    rules: Rules = RULES,
    pronouns: tuple[Pronouns, Pronouns] = (THEY, THEY),
) -> ExchangeResult:
    """Resolves one blow, reading the fumble table and the hit-location table given (``pronouns``: the
    attacker's and the defender's, for the working's words only, RQ-145).

    :raises IllegalActionError: the attack cannot be made (range, a weapon parrying a missile).
    :raises RollError: the dice run out (:class:`NoRollLeft`) or give a value off the die.
    """
    return resolve_in(RollLog(dice), attack, defence, fumbles=fumbles, locations=locations, rules=rules, pronouns=pronouns)


def resolve_in(
    log: RollLog,
    attack: Attack,
    defence: Defence,
    *,
    fumbles: FumbleTable,
    locations: HitLocationTable,
    rules: Rules = RULES,
    pronouns: tuple[Pronouns, Pronouns] = (THEY, THEY),
) -> ExchangeResult:
    """:func:`resolve_exchange`, rolling through ``log`` (a round's :meth:`RollLog.part`, so each
    roll is kept once, in the round's log); the result keeps the rolls ``log`` made.

    :raises IllegalActionError: as :func:`resolve_exchange`.
    :raises RollError: as :func:`resolve_exchange`.
    """
    helpless = attack.target_totally_helpless
    w = attack.weapon
    by, to = pronouns  # how the working speaks of the attacker, and of the defender (RQ-145)
    parry = None if helpless else defence.parry  # a totally helpless man does not parry (RQ-60)
    chance, steps = effective_chance(attack, defence, to)
    t = thresholds(chance, attack.whole_skill)
    steps.append(thresholds_step(t, attack, by))
    if helpless and defence.parry is not None:
        steps.append(no_parry_step(defence, to))
    check_parry(w, parry)

    a = read_d100(log.d(100, f"attack roll ({attack.name}, {chance}%)"), t, impales=w.impales)
    steps.append(helpless_step(a, t, to) if helpless else attack_step(a, chance))
    p: D100 | None = None
    if parry is not None:
        pt = thresholds(parry.chance, defence.parry_skill)
        p = read_d100(log.d(100, f"parry roll ({defence.name}, {parry.chance}%)"), pt)
        steps.append(parry_step(p, parry, pt, rules, defence.parry_skill, to))
    m = meet(a, p, rules)
    steps += meeting_steps(m)

    fumble_effects = attacker_fumbles(log, fumbles, attack.name, steps) if a.fumble else ()
    parry_fumble_effects = roll_fumbles(log, fumbles, parry=True, who=defence.name, steps=steps) if m.parry_fumble else ()
    wide_open = worst_wide_open(parry_fumble_effects)
    hit, critical = opened(a.success or (helpless and not a.fumble), m.critical, fumble=a.fumble, wide_open=wide_open)
    if wide_open and not a.fumble:
        steps.append(wide_open_step(wide_open, a.roll, a.success, to))

    harm: list[WeaponHarm] = []
    hp_left = defence.hit_points - defence.damage_taken

    def finish(outcome: Outcome, headline: str, **more: Any) -> ExchangeResult:
        return ExchangeResult(
            outcome=outcome, headline=headline, chance=chance, thresholds=t, attack_roll=a.roll, hit=hit,
            critical=critical, impale=a.impale, fumble=a.fumble,
            parry_chance=None if parry is None else parry.chance, parry_roll=None if p is None else p.roll,
            parry_success=m.parry_success, parry_critical=m.parry_critical, parry_fumble=m.parry_fumble,
            fumble_effects=fumble_effects, parry_fumble_effects=parry_fumble_effects, wide_open=wide_open,
            weapon_harm=tuple(harm), hit_points_after=more.pop("hit_points_after", hp_left),
            rolls=tuple(log.made), working=tuple(steps), **more,
        )

    dd = damage_dice(attack)
    if not hit:
        # A miss. A successful weapon parry still damages the attacking weapon (RQ-39).
        if parry is not None and m.parry_success and parry.kind == "weapon":
            taken = harm_attacking_weapon(log, attack, defence, parry, steps)
            harm += [taken] if taken else []
        return finish("fumble" if a.fumble else "missed", f"{attack.name} {'fumbles' if a.fumble else 'misses'}")

    def land() -> Landing:
        """The hit location D20, read behind any cover (RQ-61, RQ-62)."""
        roll = log.d(20, "hit location (D20)")
        where = landing(locations, roll, defence.cover, critical=critical)
        steps.append(Step(field="location", text=f"D20 {roll}: {where.rolled.value}", source="ch. III, Hit Locations and Wounds",
                          value=where.rolled.value))
        steps.extend(landing_steps(where, roll, locations, defence.cover, to))
        return where

    def on_the_cover(where: Landing, **more: Any) -> ExchangeResult:
        return finish("cover", f"{attack.name}'s blow strikes the cover, not {defence.name}'s {where.rolled.value}", **more)

    if helpless:  # not a fumble: killed outright, unless the blow lands on cover (RQ-60)
        where = land() if defence.cover is not None else None
        if where is not None and where.location is None:
            return on_the_cover(where)
        return finish("killed", killed_headline(defence), location=where.location if where else None, condition="dead")

    # The blow lands unless parried.
    parried_by = in_the_way(parry, m, wide_open)
    c = cover(parried_by, critical=critical, parry_critical=m.parry_critical)
    if parried_by is not None and parried_by.kind == "weapon":
        damage, h = parried_by_weapon(log, attack, defence.name, dd, parried_by, critical=critical, impale=a.impale,
                                      parry_critical=m.parry_critical, steps=steps)
        harm += [h] if h else []
        return finish("parried", f"{defence.name} parries", damage=damage, parried=True)

    damage = roll_damage(log, attack, dd, damage_kind(impale=a.impale, wide_open=wide_open), steps)
    absorbed = shield_absorbed(c, damage)
    through = damage - absorbed
    stuck: Stuck | None = None
    stuck_effect = ""
    if parried_by is not None:  # a shield
        shield_working, stuck, stuck_effect = shield_steps(c, damage, w, critical=critical, impale=a.impale, defender=to)
        steps += shield_working
        if stopped(c, through):
            return finish("parried", f"{defence.name}'s {parried_by.name or 'shield'} stops the blow", damage=damage,
                          shield_absorbed=absorbed, parried=True, stuck=stuck, stuck_effect=stuck_effect)

    where = land()
    if where.location is None:
        return on_the_cover(where, damage=damage, shield_absorbed=absorbed, stuck=stuck, stuck_effect=stuck_effect)
    location = where.location
    key = LOCATION_KEYS[location]
    armour = defence.armour.get(key, 0)
    armour_taken = armour_absorbed(c, armour, through)
    to_location = through - armour_taken
    armour_working = armour_step(c, armour, through, location, to)
    if armour_working is not None:
        steps.append(armour_working)
    if a.impale and stuck is None:
        stuck, stuck_effect = stuck_in_target(w, attack.name, t.impale_max, to_location, pronouns=pronouns)
        steps.append(Step(field="impale", text=stuck_effect, source="ch. IV, Impaling 2"))

    wound = apply_wound(location, to_location, location_hp=defence.locations[key], before=defence.wounds.get(key, 0),
                        hit_points=hp_left, pronouns=to)
    steps += wound_steps(wound)
    outcome = landed(critical=critical, impale=a.impale)
    headline = f"{LANDED_WORDS[outcome].capitalize()} to the {location.value}: {to_location} damage"
    if wound.condition in ("dead", "unconscious", "incapacitated"):
        headline += f" — {defence.name} is {wound.condition}"
    return finish(outcome, headline, damage=damage, shield_absorbed=absorbed, armour_absorbed=armour_taken,
                  location=location, location_damage=to_location, wound=wound, stuck=stuck, stuck_effect=stuck_effect,
                  condition=wound.condition, hit_points_after=wound.hit_points_after)


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
