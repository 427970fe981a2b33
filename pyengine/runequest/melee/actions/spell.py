"""Spells and Healing in a round (seed ch. III, "The Melee Round" and "Healing Damage to a Hit Location").

A spell costs DEX SR + its own strike rank, 5 more when no hand is free for it (RQ-45),
5 more when it "isn't already prepared" (RQ-77); cast on the weapon in his hand
(Bladesharp, Fireblade) it costs its own strike rank alone, added to the blow that
follows: "using a spell like Bladesharp or Fireblade to enchant a weapon he already has
in hand only requires adding the spell's own strike rank to his normal strike rank for
that weapon that round" (RQ-70). Its effect is chapter V's, applied by the referee.
Healing is applied, by the same rules as between fights (:mod:`pyengine.runequest.healing`):
its points go back to one location, "A 2-point Healing spell is necessary just to stop
bleeding", "Only a 6-point Healing spell or potion, applied within 2 full turns, will reknit
the limb", and "The impaled character cannot be Healed until the weapon is withdrawn"
(RQ-53, RQ-90). Disabled in the abdomen, "He may heal himself, but can do nothing else".
"""

from __future__ import annotations

from pyengine.runequest.healing.bodies import body_changes, wounds_of
from pyengine.runequest.healing.model import Healing
from pyengine.runequest.healing.treatment import heal as apply_healing
from pyengine.runequest.melee.actions.base import Handler, Statement, fail
from pyengine.runequest.melee.clock import Clock, Timed
from pyengine.runequest.melee.context import RoundContext
from pyengine.runequest.melee.statement import Heal, Spell
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.tables.strike_ranks import spell_sr


def cast(r: RoundContext, t: Timed) -> None:
    action = t.action
    at = f" at {action.target}" if action.target else ""
    if action.on:
        at = f" on {r.p(t.who).his} {action.on}"
    r.log(
        t,
        f"{t.who} casts {action.name} ({action.points} point{'s' if action.points > 1 else ''}){at}",
        "cast; its effect is chapter V's, not in these rules: apply it by hand (RQ-45)",
        target=action.target,
    )


def heal(r: RoundContext, t: Timed) -> None:
    action = t.action
    what = describe_healing(t.who, action)
    if r.bodies[action.target].condition == "dead":
        return r.skip(t, what, f"aborted: {action.target} is dead")
    r.log(t, what, "; ".join(healed(r, action)), target=action.target)


def healed(r: RoundContext, action: Heal) -> list[str]:
    """Healing on one location, by :func:`pyengine.runequest.healing.heal` (RQ-53, RQ-90, RQ-93): 2 points
    stop its bleeding, 6 within 2 full turns reknit a severed limb, no points heal while a weapon is in it."""
    name = action.target
    c = r.combatant(name)
    result = apply_healing(c, wounds_of(c, r.bodies[name]), Healing(how="spell", location=action.location, points=action.points))
    r.set(name, **body_changes(result.wounds))
    return [s.text + (f" ({', '.join(s.rulings)})" if s.rulings else "") for s in result.steps]


def heals_himself(r: RoundContext, t: Timed) -> bool:
    """Incapacitated by an abdomen wound (not the chest, not unconscious), he may still heal himself."""
    name = t.who
    if t.action.target != name:
        return False
    c, body = r.combatant(name), r.bodies[name]
    if body.condition != "incapacitated":
        return False
    return body.wounds.get("chest", 0) < c.locations["chest"]


def time(clock: Clock, action: Spell | Heal) -> None:
    parts = clock.before()
    own = spell_sr(clock.table, action.points)
    mods = clock.mods
    unprepared = [f"bringing the spell to mind {mods.unprepared}"] if not action.prepared else []
    cost = mods.unprepared if unprepared else 0
    rulings = ("RQ-45",) + (("RQ-77",) if unprepared else ())
    on = getattr(action, "on", "")
    if on and on in clock.hands:
        clock.now += own + cost
        clock.add(action, clock.now, parts + [f"{action.points}-point spell on the {on} in hand: its own SR {own}"]
                  + unprepared, rulings=(*rulings, "RQ-70"))
    else:
        switch = mods.switch_to_spell if len(clock.hands) >= 2 or "both" in clock.hands.values() else 0
        clock.now += clock.me.dex_sr + own + switch + cost
        clock.add(action, clock.now,
                  parts + [f"DEX SR {clock.me.dex_sr}", f"{action.points}-point spell {own}"] + unprepared
                  + ([f"no free hand {switch}"] if switch else []), rulings=rulings)
    clock.moved = 0  # "charges across the room at a foe while casting a spell against him": counted


def check_spell(s: Statement, action: Spell, field: str) -> None:
    if action.target:
        s.target(action.target, field, himself=True)
    if action.on:
        arm = s.me.arm(action.on)
        if arm is None or arm.weapon is None or arm.body_weapon:
            raise fail(f"{field}.on", f"{action.name} on the {action.on}: {action.on!r} is not one of "
                                      f"{s.me.name}'s weapons")
        if action.on not in s.held:
            raise fail(f"{field}.on", f"{action.name} on the {action.on}: the {action.on} is not in "
                                      f"{s.me.name}'s hand (ready it first)")


def check_healing(s: Statement, action: Heal, field: str) -> None:
    s.target(action.target, field, himself=True)


def describe_spell(who: str, action: Spell, p: Pronouns = THEY) -> str:
    if action.on:
        return f"{who} casts {action.name} ({action.points}) on {p.his} {action.on}"
    return f"{who} casts {action.name} ({action.points})" + (f" at {action.target}" if action.target else "")


def describe_healing(who: str, action: Heal, p: Pronouns = THEY) -> str:
    return f"{who} casts Healing {action.points} on {action.target}'s {action.location.replace('_', ' ')}"


def carry_spell(s: Statement, action: Spell) -> bool:
    return s.alive(action.target)


def carry_healing(s: Statement, action: Heal) -> bool:
    """Always (a Healing at the dead is refused when it comes)."""
    return True


HANDLERS = {
    Spell: Handler(act=cast, time=time, check=check_spell, describe=describe_spell, carry=carry_spell),
    Heal: Handler(act=heal, time=time, check=check_healing, describe=describe_healing, carry=carry_healing,
                  despite=heals_himself),
}
