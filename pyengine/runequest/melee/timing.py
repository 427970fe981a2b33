"""When each declared action happens: strike ranks (seed ch. III, "The Melee Round").

A combatant's actions follow one another and their costs add up, the way the seed
counts them: "toss a Disruption spell — taking 3 points for a character of average
DEX — then move 9 meters (3 more points) and draw his bow and an arrow (5 points for
readying a weapon). He's then out of points and cannot fire that round, since
loosing the arrow would cost another 3 points". What each costs:

* a melee blow: the weapon's strike rank (DEX SR + SIZ SR + length SR), counted
  from what went before it (RQ-44); +5 first if the weapon is not in hand;
* a second weapon's blow: "the strike rank of the first attack, added to the usual
  strike rank for the second weapon ... If the two strike ranks together add up to
  more than 12, then neither can attack that round at all";
* a split attack's second blow: the first blow's strike rank + 5;
* a missile: DEX SR, +5 first if it is not prepared (after a shot a bow must be
  readied again: "two arrows ... strike rank 3 for the first shot, then 5 to ready a
  new arrow, then 3 to shoot it — 11 points total");
* a spell: DEX SR + the spell's own SR (+5 switching from a weapon in hand, RQ-45);
* movement: 1 per 3 m; readying or changing a weapon: 5;
* later grapple actions, extraction by the victim: DEX SR alone;
* surprised: +3 to the round (RQ-8).

"No action or combination of actions may be performed in one melee round if the
total strike rank required adds up to more than 12": an action past 12 is marked
and not done; the ones before it are.
"""

from __future__ import annotations

import math

from pyengine.runequest.melee.intent import (
    AnyAction,
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
)
from pyengine.runequest.melee.model import Arm, Body, Combatant
from pyengine.runequest.tables.strike_ranks import StrikeRankTable, spell_sr
from pyengine.tables import Record


class Timed(Record):
    """One action placed in the round."""

    who: str
    index: int
    """Its place in his statement."""
    action: AnyAction
    sr: int
    working: str
    """How the strike rank was counted."""
    too_late: str = ""
    """Why it does not happen this round (past 12), or ``""``."""
    share: int = 1
    """A split attack's ways: its chance is divided by this."""
    dex: int = 0


def _hand_of(arm: Arm, hands: dict[str, str]) -> None:
    for other, side in list(hands.items()):
        if arm.hands == "both" or side == "both" or side == arm.hands:
            del hands[other]
    hands[arm.name] = arm.hands


def schedule(me: Combatant, body: Body, intent: Intent, table: StrikeRankTable) -> list[Timed]:
    """His actions with their strike ranks, in his order."""
    mods = table.modifiers
    limit = mods.round_limit
    clock = mods.surprised if intent.surprised else 0
    lead = f"surprised {mods.surprised} (RQ-46)" if intent.surprised else ""
    hands = {name: a.hands for name in body.in_hand if (a := me.arm(name)) is not None}
    prepared = set(body.prepared)
    out: list[Timed] = []
    first_blow: dict[str, int] = {}  # arm -> the SR of its first blow this round
    split_ways = {}
    for action in intent.actions:
        if isinstance(action, Strike):
            split_ways[action.arm] = split_ways.get(action.arm, 0) + 1
    last_blow: tuple[str, int] | None = None  # (arm, sr) of his latest melee blow

    def add(action: AnyAction, sr: int, parts: list[str], share: int = 1) -> None:
        text = " + ".join(p for p in parts if p)
        out.append(
            Timed(
                who=me.name,
                index=len(out),
                action=action,
                sr=sr,
                working=f"{text} = SR {sr}",
                too_late=f"SR {sr} is past {limit}: no time this round (RQ-44)" if sr > limit else "",
                share=share,
                dex=me.DEX,
            )
        )

    def readied(arm: Arm, parts: list[str]) -> int:
        if arm.name in hands and (not arm.missile or arm.name in prepared):
            return 0
        what = "ready" if arm.name in hands else "draw"
        parts.append(f"{what} {arm.name} {mods.change_weapon}")
        _hand_of(arm, hands)
        prepared.add(arm.name)
        return mods.change_weapon

    for action in intent.actions:
        parts = ([lead] if lead and not out else [f"{clock}"]) if clock else []
        if isinstance(action, Move):
            cost = math.ceil(action.metres / mods.metres_per_sr)
            clock += cost
            add(action, clock, parts + [f"move {action.metres} m {cost}"])
        elif isinstance(action, Ready):
            arm = me.arm(action.arm)
            assert arm is not None
            hands.pop(arm.name, None)
            prepared.discard(arm.name)
            clock += readied(arm, parts)
            add(action, clock, parts)
        elif isinstance(action, (Spell, Heal)):
            own = spell_sr(table, action.points)
            switch = mods.switch_to_spell if len(hands) >= 2 or "both" in hands.values() else 0
            clock += me.dex_sr + own + switch
            add(
                action,
                clock,
                parts
                + [f"DEX SR {me.dex_sr}", f"{action.points}-point spell {own}"]
                + ([f"no free hand {switch}"] if switch else []),
            )
        elif isinstance(action, Strike):
            arm = me.arm(action.arm)
            assert arm is not None
            ways = split_ways[arm.name]
            if arm.name in first_blow:
                sr = first_blow[arm.name] + mods.split_attack_delay
                add(action, sr, [f"split blow: first at {first_blow[arm.name]}", f"{mods.split_attack_delay}"], share=ways)
            else:
                clock += readied(arm, parts)
                if last_blow is not None and last_blow[0] != arm.name:
                    sr = last_blow[1] + arm.sr
                    add(action, sr, [f"{arm.name} after the {last_blow[0]} at {last_blow[1]}", f"{arm.sr}"], share=ways)
                else:
                    sr = clock + arm.sr
                    add(action, sr, parts + [f"{arm.name} {arm.sr}"], share=ways)
                first_blow[arm.name] = sr
            last_blow = (arm.name, sr)
            clock = max(clock, sr)
        elif isinstance(action, Shoot):
            arm = me.arm(action.arm)
            assert arm is not None
            clock += readied(arm, parts)
            clock += me.dex_sr
            add(action, clock, parts + [f"shoot {arm.name}: DEX SR {me.dex_sr}"])
            prepared.discard(arm.name)
            if arm.weapon is not None and arm.weapon.kind == "thrown":
                hands.pop(arm.name, None)
        elif isinstance(action, Grapple):
            arm = me.arm(action.arm)
            assert arm is not None
            if action.how == "hold":
                clock += arm.sr
                add(action, clock, parts + [f"grapple {arm.sr}"])
            else:
                clock += me.dex_sr
                add(action, clock, parts + [f"{action.how}: DEX SR {me.dex_sr} alone"])
        elif isinstance(action, Extract):
            arm = me.arm(action.arm)
            assert arm is not None
            clock += arm.sr
            add(action, clock, parts + [f"pull the {arm.name} free {arm.sr}"])
        elif isinstance(action, PullOut):
            clock += me.dex_sr
            add(action, clock, parts + [f"pull out the {action.weapon}: DEX SR {me.dex_sr}"])
    _two_weapons_in_time(out, limit)
    return out


def _two_weapons_in_time(out: list[Timed], limit: int) -> None:
    """ "If the two strike ranks together add up to more than 12, then neither can attack."""
    blows = [t for t in out if isinstance(t.action, Strike)]
    arms = []
    for t in blows:
        if t.action.arm not in arms:
            arms.append(t.action.arm)
    if len(arms) < 2:
        return
    second = next(t for t in blows if t.action.arm == arms[1])
    if second.sr > limit:
        for k, t in enumerate(out):
            if isinstance(t.action, Strike) and not t.too_late:
                out[k] = Timed(
                    **{
                        **{f: getattr(t, f) for f in t.__struct_fields__},
                        "too_late": f"two weapons at SR {second.sr}, past {limit}: neither can attack this round (RQ-44)",
                    }
                )
