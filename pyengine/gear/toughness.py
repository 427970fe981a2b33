"""Toughness and Breaking: the damage an item takes, and what breaking does to it.

"When a weapon or armor is damaged (by a successful attack, absorbing damage or
hitting too hard) the item's absorption is reduced by the attack power minus
the item's toughness. If the item's toughness is greater than the attack power,
then the weapon is not damaged at all."

"If the damage taken by an item is greater than it's absorbtion, the item
breaks. Usually this means that the item's reach bonus, lasting damage bonus,
stun damage bonus, parry bonus and cover bonus are halved."

:func:`damage_item` is the one place both rules are applied; it returns the
item's next state with its working.
"""

from __future__ import annotations

import msgspec

from pyengine.gear.items import STUN_NAMES, Item, halve
from pyengine.tables import Record
from pyengine.working import Step, cite

#: The seed's sections these rules are in.
TOUGHNESS = "Toughness (Tgh)"
BREAKING = "Breaking"


class Damage(Record):
    """What one blow did to one item."""

    before: Item
    after: Item
    """The item's next state: absorb lowered, and halved bonuses if it broke."""
    power: int
    """The attack power the item was damaged by (for a blocking item: the power it absorbed, GEAR-6)."""
    damage: int
    """How much its absorption was reduced by: power - toughness, never below 0."""
    broke: bool
    """It broke with this blow (an item breaks once, GEAR-8)."""
    halved: tuple[tuple[str, int, int], ...]
    """Each bonus breaking changed: (label, before, after). A bonus halving leaves as it was (0
    or below, GEAR-8) is not in it."""
    working: tuple[Step, ...]
    """How the damage was reached and what breaking did, each step citing its rulings (GEAR-n)."""


def damage_from(power: int, toughness: int | None) -> int:
    """The damage a blow of ``power`` does to an item of ``toughness``: power - toughness, at least 0.

    No toughness listed counts as 0 (GEAR-9).

    >>> damage_from(12, 8), damage_from(8, 8), damage_from(5, 8), damage_from(3, None)
    (4, 0, 0, 3)
    """
    return max(0, power - (toughness or 0))


def _halve_on_breaking(item: Item) -> tuple[Item, tuple[tuple[str, int, int], ...], tuple[tuple[str, int], ...]]:
    """The item with the bonuses breaking halves, halved (GEAR-8); what that changed; and the
    bonuses it halves that stay as they were (0 or below)."""
    changes: dict[str, object] = {"broken": True}
    bonuses: list[tuple[str, int]] = []
    for field, label in (("reach", "reach"), ("sharpness", "lasting damage (Shp)"), ("parry", "parry"), ("cover", "cover")):
        value = getattr(item, field)
        if value is not None:
            changes[field] = halve(value)
            bonuses.append((label, value))
    special = dict(item.special)
    for label, value in item.special.items():
        if label.lower() in STUN_NAMES:
            special[label] = halve(value)
            bonuses.append((f"stun damage ({label})", value))
    changes["special"] = special
    halved = tuple((label, value, halve(value)) for label, value in bonuses if halve(value) != value)
    kept = tuple((label, value) for label, value in bonuses if halve(value) == value)
    return msgspec.structs.replace(item, **changes), halved, kept


def _breaking_text(halved: tuple[tuple[str, int, int], ...], kept: tuple[tuple[str, int], ...]) -> str:
    """What breaking did, naming only the bonuses that changed (and, apart, those that stay)."""
    what = ", ".join(f"{label} {a} to {b}" for label, a, b in halved) or "halving changes none of its bonuses"
    if kept:
        stays = " and ".join(f"{label} {value}" for label, value in kept)
        what += f"; {stays} {'stays' if len(kept) == 1 else 'stay'} as {'it is' if len(kept) == 1 else 'they are'} (0 or below)"
    return what


def damage_item(
    item: Item, power: int, *, cause: str = "a blow", rulings: tuple[str, ...] = (), absorbing: bool = False
) -> Damage:
    """Damages ``item`` by a blow of ``power``, and breaks it when the damage is greater than its absorption.

    ``cause`` says what the blow was, for the working (``"absorbing 4 (GEAR-6)"``), and
    ``rulings`` the rulings it cites. ``absorbing``: the item is damaged by the power it
    absorbed (GEAR-6), and absorbing nothing does it no damage, whatever its toughness (GEAR-12).
    Absorption never goes below 0; an item breaks only once (GEAR-8). A toughness below 0
    makes a blow do more than its power (GEAR-12).
    """
    name = item.name
    toughness = item.toughness or 0
    tough_text = f"toughness {toughness}" + (
        " (none listed: 0, GEAR-9)" if item.toughness is None else " (below 0, GEAR-12)" if toughness < 0 else ""
    )
    steps: list[Step] = []
    unlisted = ("GEAR-9",) if item.toughness is None else ("GEAR-12",) if toughness < 0 else ()
    if absorbing and power == 0:
        # "damaged (by a successful attack, absorbing damage or hitting too hard)": it absorbed none.
        text = f"{name}, {cause}: it absorbed nothing, and absorbing nothing does no damage (GEAR-12)"
        steps.append(Step(field=f"{name}.damage", text=text, source=TOUGHNESS, rulings=cite(("GEAR-12",), rulings), value=0))
        return Damage(before=item, after=item, power=0, damage=0, broke=False, halved=(), working=tuple(steps))
    damage = damage_from(power, item.toughness)
    if toughness > power:
        text = f"{name}, {cause}: {tough_text} is greater than power {power}: not damaged at all"
    elif damage == 0:
        text = f"{name}, {cause}: power {power} - {tough_text} = 0: no damage"
    else:
        text = f"{name}, {cause}: damage = power {power} - {tough_text} = {damage}"
    steps.append(Step(field=f"{name}.damage", text=text, source=TOUGHNESS, rulings=cite(unlisted, rulings), value=damage))
    if damage == 0:
        return Damage(before=item, after=item, power=power, damage=0, broke=False, halved=(), working=tuple(steps))

    absorb = item.absorb or 0
    absorb_text = f"absorption {absorb}" + (" (none listed: 0, GEAR-9)" if item.absorb is None else "")
    left = max(0, absorb - damage)
    after = item if item.absorb is None else msgspec.structs.replace(item, absorb=left)
    if item.absorb is not None:
        floor = " (never below 0, GEAR-8)" if damage > absorb else ""
        text = f"{name}: absorption {absorb} - damage {damage} = {left}{floor}"
        floored = ("GEAR-8",) if floor else ()
        steps.append(Step(field=f"{name}.absorb", text=text, source=TOUGHNESS, rulings=floored, value=left))
    broke = False
    halved: tuple[tuple[str, int, int], ...] = ()
    if damage > absorb:
        if item.broken:
            text = f"{name}: damage {damage} > {absorb_text}, but it is already broken: it breaks only once (GEAR-8)"
        else:
            after, halved, kept = _halve_on_breaking(after)
            broke = True
            what = _breaking_text(halved, kept) if halved or kept else "it has none of the bonuses breaking halves"
            text = f"{name} BREAKS: damage {damage} > {absorb_text}; halved, rounded down (GEAR-8): {what}"
        broke_rulings = cite(("GEAR-8",), ("GEAR-9",) if item.absorb is None else ())
    else:
        text = f"{name}: damage {damage} is not greater than {absorb_text}: it does not break"
        broke_rulings = ("GEAR-9",) if item.absorb is None else ()
    steps.append(
        Step(field=f"{name}.broken", text=text, source=BREAKING, rulings=broke_rulings, value="yes" if broke else "no")
    )
    return Damage(before=item, after=after, power=power, damage=damage, broke=broke, halved=halved, working=tuple(steps))

