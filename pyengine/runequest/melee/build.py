"""Combatants from a saved adventurer's sheet or from a quick stat block.

A sheet gives everything: characteristics, hit points by location, armour worn,
Defense, damage bonus, movement, and each weapon line's attack, parry and strike rank
(ENC penalty included). A quick stat block gives STR, CON, SIZ, DEX, hit points, one
armour value and a few weapons from the tables with their %; the strike ranks come
from the strike-rank table (DEX SR + SIZ SR + the weapon's SR).

A saved adventurer comes in as he is now (his record's ``current``: wounds, clocks, damaged
and broken weapons; :func:`pyengine.runequest.campaign.entering.start_of`, RQ-103), a broken
weapon never in hand, nor anything in the hand of an arm out of use (RQ-133).

Both builders hold bows, crossbows and the staff sling in both hands, the sling in one
(RQ-71), and start a fighter with a shield in hand only beside what it goes with
(:mod:`.hands`); both give fist and grapple a parry at their own %, which meets only a
hold: "a parry with fist or grapple percentage will mean the hold was blocked entirely"
(RQ-75).
"""

from __future__ import annotations

import re

import msgspec

from pyengine.errors import IllegalActionError
from pyengine.runequest.campaign.entering import sheet_key, start_of
from pyengine.runequest.combat.from_sheet import LONG_HAFTED, SHORT_STABBING, weapon_for
from pyengine.runequest.combat.model import Parry, Weapon
from pyengine.runequest.melee.hands import clash, projectile_hands
from pyengine.runequest.melee.harm import hand_useless
from pyengine.runequest.melee.model import Arm, Combatant, Start
from pyengine.runequest.melee.round import MeleeTables
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.sheet.hit_points import location_hit_points
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.shields import Shield
from pyengine.runequest.tables.strike_ranks import dex_sr, siz_sr
from pyengine.runequest.tables.weapons import MeleeWeapon, MissileWeapon
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER
from pyengine.tables import Record
from pyengine.validation import value_at


def melee_tables(tables: RuneQuestTables, locations) -> MeleeTables:
    return MeleeTables(strike_ranks=tables.strike_ranks, fumbles=tables.fumbles, locations=locations)


#: The skills whose % parries a hold (RQ-75).
HOLD_PARRY_SKILLS = frozenset({"fist", "grapple"})


def _hands(mode: str | None, hand: str) -> str:
    return "both" if mode == "2H" else hand


def _hold_parry(name: str, chance: int | None) -> Parry | None:
    """A fist's or grapple's parry against a hold, at its own % (RQ-75)."""
    return None if chance is None else Parry(kind="weapon", chance=chance, name=name)


def combatant_from_sheet(
    adventurer: Adventurer, sheet: DerivedSheet, tables: RuneQuestTables, *, side: str, name: str = "", character: str = "",
    fresh: bool = False,
) -> Combatant:
    """A saved adventurer as a combatant: every usable weapon line is an arm; the first melee weapon
    and a shield start in hand (never a broken one), missiles prepared. He comes in as his record's
    ``current`` says (wounded, his weapons damaged), or unhurt with ``fresh``.

    :raises IllegalActionError: nothing on the sheet to fight with.
    """
    scores = sheet.characteristics
    arms: list[Arm] = []
    used: set[str] = set()
    for line in sheet.weapons:
        if line.kind == "unknown" or not line.usable:
            continue
        label = line.name if line.hand.value == "right" else f"{line.name} (left)"
        if label in used:
            continue
        used.add(label)
        parry = None
        if line.skill in HOLD_PARRY_SKILLS:
            parry = _hold_parry(label, line.attack)
        elif line.parry is not None:
            if line.kind == "shield":
                parry = Parry(kind="shield", chance=line.parry, name=label, absorbs=line.absorbs or 0)
            else:
                parry = Parry(kind="weapon", chance=line.parry, name=label, hp=line.hp, damage=line.damage,
                              long_hafted=line.weapon in LONG_HAFTED, short_stabbing=line.weapon in SHORT_STABBING)
        weapon = None
        grapple = line.weapon == "grapple"
        if line.kind != "shield" and not grapple and line.damage is not None:
            try:
                weapon = weapon_for(tables, line.weapon)
            except IllegalActionError:
                weapon = None
        hands = _hands(line.mode, line.hand.value)
        if line.kind == "shield" and line.hand.value == "right":
            hands = "left"
        elif weapon is not None and weapon.kind == "projectile":
            hands = projectile_hands(line.weapon, line.hand.value)
        arms.append(
            Arm(
                name=label,
                weapon=weapon,
                attack=None if line.kind == "shield" else line.attack,
                parry=parry,
                sr=min(line.sr if line.sr is not None else sheet.dex_sr, 30),
                hands=hands,
                rate=line.rate if line.rate in ("S/MR", "1/MR", "1/2R", "1/3R", "1/5R") else None,
                grapple=grapple,
                ref=line.weapon,
            )
        )
    if not arms:
        raise IllegalActionError(f"{name or adventurer.name or 'this character'}: no usable weapon on the sheet")
    locations = {LOCATION_KEYS[loc]: sheet.locations[LOCATION_KEYS[loc]] for loc in SHEET_ORDER}
    start = None if fresh else start_of(adventurer.current, arms, locations)
    counted = {} if fresh else {a.name: adventurer.current.ammunition[sheet_key(a)] for a in arms
                                if a.missile and sheet_key(a) in adventurer.current.ammunition}
    if counted:  # his sheet counts his missiles: the fight counts them down (RQ-105, RQ-140)
        start = msgspec.structs.replace(start or Start(), missiles=counted)
    # never a broken arm, nor one a useless hand would hold (an arm disabled, or severed and not reknit: "the
    # limb is useless, and anything not fastened to it is dropped", and a shield is not strapped to it, RQ-133)
    in_hand = _start_in_hand([a for a in arms if start is None or (
        a.name not in start.broken and not hand_useless(locations, start, a))])
    armour = {LOCATION_KEYS[row.location]: row.absorbs for row in sheet.armour.locations if row.absorbs}
    return Combatant(
        name=(name or adventurer.name or "Adventurer")[:40],
        side=side,
        STR=scores.STR,
        CON=scores.CON,
        SIZ=scores.SIZ,
        DEX=scores.DEX,
        hit_points=sheet.hit_points,
        locations=locations,
        dex_sr=sheet.dex_sr + sheet.strike_rank_penalty,
        arms=tuple(arms),
        armour=armour,
        defense=max(sheet.defense, 0),
        damage_bonus=sheet.damage_bonus,
        move=max(sheet.move, 0),
        in_hand=in_hand,
        prepared=tuple(a.name for a in arms if a.missile and a.name in in_hand),
        character=character,
        start=start,
    )


def _start_in_hand(arms: list[Arm], *, first_listed: bool = False) -> tuple[str, ...]:
    """The first melee weapon (or missile, if no melee weapon; with ``first_listed``, the first weapon held in
    a hand, whatever it is) and, beside it, the first shield that goes with it."""
    weapons = [a for a in arms if a.weapon is not None and a.attack is not None and not a.body_weapon]
    if first_listed and weapons:
        first_arm = weapons[0]
        shield = next((a for a in arms if a.shield and not clash(first_arm, a)), None)
        return (first_arm.name, *((shield.name,) if shield is not None else ()))
    first = next((a for a in arms if a.weapon is not None and not a.missile and a.weapon.kind == "melee"), None)
    first = first or next((a for a in arms if a.missile), None)
    out = [first.name] if first else []
    shield = next((a for a in arms if a.shield and (first is None or not clash(first, a))), None)
    if shield is not None:
        out.append(shield.name)
    return tuple(out)


class QuickWeapon(Record):
    """One weapon of a quick stat block: a table id and its %."""

    weapon: str
    attack: int | None = None
    parry: int | None = None


def quick_combatant(
    tables: RuneQuestTables,
    *,
    name: str,
    side: str,
    STR: int,
    CON: int,
    SIZ: int,
    DEX: int,
    hit_points: int,
    weapons: list[QuickWeapon] | tuple[QuickWeapon, ...],
    armour: int = 0,
    defense: int = 0,
    damage_bonus: str = "",
    move: int = 8,
    first_in_hand: bool = False,
) -> Combatant:
    """A quick stat block as a combatant; strike ranks from the table. With ``first_in_hand`` (fight mode's
    form) his first weapon is the one in hand (an archer's bow, nocked), with a shield that goes
    with it; otherwise his first melee weapon.

    :raises IllegalActionError: a weapon id not in the tables (its ``field`` is ``weapons[k].weapon``), or a
        value out of a combatant's range (``DEX``, ``hit_points``, ``weapons[k].attack``…).
    """
    table = tables.strike_ranks
    dsr, ssr = dex_sr(table, DEX), siz_sr(table, SIZ)
    arms: list[Arm] = []
    for k, q in enumerate(weapons):
        row = tables.weapon(q.weapon)
        if row is None:
            raise IllegalActionError(f"{q.weapon!r} is not in the weapon tables", field=f"weapons[{k}].weapon")
        if isinstance(row, Shield):
            arms.append(Arm(name=row.name, parry=Parry(kind="shield", chance=q.parry or 0, name=row.name,
                                                         absorbs=row.absorbs), hands="left", ref=row.id))
            continue
        if isinstance(row, MeleeWeapon):
            grapple = row.damage is None
            weapon = None if grapple else weapon_for(tables, row.id)
            parry = None
            if row.skill in HOLD_PARRY_SKILLS:
                parry = _hold_parry(row.name, q.parry if q.parry is not None else q.attack)
            elif q.parry is not None and row.hp is not None:
                parry = Parry(kind="weapon", chance=q.parry, name=row.name, hp=row.hp, damage=row.damage,
                              long_hafted=row.id in LONG_HAFTED, short_stabbing=row.id in SHORT_STABBING)
            arms.append(Arm(name=row.name, weapon=weapon, attack=q.attack, parry=parry, sr=dsr + ssr + row.sr,
                            hands=_hands(row.mode.value if hasattr(row.mode, "value") else row.mode, "right"),
                            grapple=grapple, ref=row.id))
        elif isinstance(row, MissileWeapon):
            weapon = weapon_for(tables, row.id)
            arms.append(Arm(name=row.name, weapon=weapon, attack=q.attack, sr=dsr, rate=row.rate, ref=row.id,
                            hands="right" if row.thrown else projectile_hands(row.id, "right")))
    locations, _ = location_hit_points(tables.hit_points, hit_points)
    locs = {key: locations[key] for key in LOCATION_KEYS.values()}
    in_hand = _start_in_hand(arms, first_listed=first_in_hand)
    return _checked(Combatant(
        name=name,
        side=side,
        STR=STR,
        CON=CON,
        SIZ=SIZ,
        DEX=DEX,
        hit_points=hit_points,
        locations=locs,
        dex_sr=dsr,
        arms=tuple(arms),
        armour={key: armour for key in locs} if armour else {},
        defense=defense,
        damage_bonus=damage_bonus,
        move=move,
        in_hand=in_hand,
        prepared=tuple(a.name for a in arms if a.missile and a.name in in_hand),
    ))


def _checked(c: Combatant) -> Combatant:
    """``c`` when every value is within a combatant's range (what a link or export would refuse).

    :raises IllegalActionError: the value and its field, as the stat block names it (each weapon is one
        arm, in order: ``arms[1].attack`` is ``weapons[1].attack``; armour is one value).
    """
    data = msgspec.to_builtins(c)
    try:
        msgspec.convert(data, type=Combatant)
    except msgspec.ValidationError as exc:
        message, _, path = str(exc).partition(" - at `$")
        path = path.rstrip("`")
        field = "armour" if path.startswith(".armour") else re.sub(r"^\.arms", "weapons", path).lstrip(".")
        found = next(iter(c.armour.values())) if field == "armour" else value_at(data, path)
        raise IllegalActionError(f"{c.name or 'the combatant'}: {field}: {message} (found {found!r})",
                                 field=field) from None
    return c


def renamed(c: Combatant, name: str) -> Combatant:
    return msgspec.structs.replace(c, name=name)


__all__ = ["QuickWeapon", "combatant_from_sheet", "melee_tables", "quick_combatant", "Weapon"]
