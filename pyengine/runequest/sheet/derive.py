"""The adventurer sheet: every derived number from a saved :class:`Adventurer`, with its working and problems.

:func:`derive` is pure and never stops at a problem: a STR below a weapon's
minimum, ENC over the absolute cap, a characteristic outside 3-21 are all
reported at once in :attr:`DerivedSheet.problems`, each with the field it belongs
to, and everything else is still worked out. :func:`problems` gives them as
``(field, message)`` pairs. Fields are named as in the saved record:
``characteristics.STR``, ``weapons[2]``, ``gear[0]``, ``enc``, ``money``,
``courses[0]``, ``background``.
"""

from __future__ import annotations

from typing import Literal

from pyengine.runequest.sheet.abilities import NaturalAbilities, natural_abilities
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.armour import ArmourWorn, armour_worn
from pyengine.runequest.sheet.characteristics import Characteristics, range_problems
from pyengine.runequest.sheet.damage_bonus import damage_bonus
from pyengine.runequest.sheet.encumbrance import enc_cap, enc_effects, max_enc, show_enc_decimal
from pyengine.runequest.sheet.equipment import GearLine, gear_lines
from pyengine.runequest.sheet.hit_points import LocationHitPoints, hit_points, location_hit_points
from pyengine.runequest.sheet.weapons import WeaponLine, weapon_lines
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.enc import format_enc
from pyengine.runequest.tables.strike_ranks import dex_sr, siz_sr
from pyengine.tables import Record
from pyengine.working import Step


class Problem(Record):
    """Something wrong (``error``) or worth a warning (``warning``: allowed, with a cost), by field."""

    field: str
    message: str
    level: Literal["error", "warning"] = "error"


class DerivedSheet(Record):
    """Everything the sheet shows that the rules work out, and how."""

    characteristics: Characteristics
    natural: NaturalAbilities
    """Natural abilities in %: attack, parry, defense, perception, stealth, manipulation, knowledge."""
    hit_points: int
    locations: LocationHitPoints
    damage_bonus: str
    """``+1D4``, ``-1D4``, or ``""`` for none."""
    dex_sr: int
    siz_sr: int
    max_enc: int
    enc_cap: str
    """The most he can carry at all, 1.5 x STR, in ENC notation (``33/2``)."""
    enc: str
    """ENC carried (gear carried and coins), in ENC notation (``13/4``)."""
    enc_shown: str
    """The same for people, in decimals as the rules print them: ``3.25``."""
    enc_unknown: tuple[str, ...]
    """Items carried whose ENC is not in the rules we have (not counted)."""
    enc_over: int
    """Whole points over the maximum (RQ-10)."""
    move: int
    defense: int
    """Natural Defense + Defense gained by experience + the ENC penalty."""
    strike_rank_penalty: int
    """Added to every strike rank for ENC over the maximum."""
    weapons: tuple[WeaponLine, ...]
    armour: ArmourWorn
    gear: tuple[GearLine, ...]
    money: int
    savings: int
    owed: int
    """Lunars owed to a guild."""
    problems: tuple[Problem, ...]
    working: tuple[Step, ...]

    def steps_for(self, field: str) -> tuple[Step, ...]:
        """The working behind one field (``hit_points``) or everything under it (``weapons[0]``)."""
        return tuple(s for s in self.working if s.field == field or s.field.startswith(field + "."))


def derive(adventurer: Adventurer, tables: RuneQuestTables) -> DerivedSheet:
    """Works out the whole sheet from the saved record."""
    scores = adventurer.characteristics
    working: list[Step] = []
    found: list[Problem] = []

    for c, message in range_problems(tables.characteristics, scores):
        found.append(Problem(field=f"characteristics.{c.value}", message=message))

    natural, steps = natural_abilities(tables.natural_abilities, scores)
    working.extend(steps)
    hp, step = hit_points(tables.hit_points, scores)
    working.append(step)
    locations, step = location_hit_points(tables.hit_points, hp)
    working.append(step)
    bonus, step = damage_bonus(tables.damage_bonus, scores)
    working.append(step)
    sr_table = tables.strike_ranks
    dsr, ssr = dex_sr(sr_table, scores.DEX), siz_sr(sr_table, scores.SIZ)
    working.append(
        Step(
            field="dex_sr",
            text=f"DEX {scores.DEX}: {sr_table.dex.label(sr_table.dex.index(scores.DEX))} -> {dsr}",
            source="runequest/strike_ranks",
        )
    )
    working.append(
        Step(
            field="siz_sr",
            text=f"SIZ {scores.SIZ}: {sr_table.siz.label(sr_table.siz.index(scores.SIZ))} -> {ssr}",
            source="runequest/strike_ranks",
        )
    )

    maximum, step = max_enc(tables.movement, scores)
    working.append(step)
    gear, carried, unknown, steps, gear_problems = gear_lines(tables, adventurer.gear, adventurer.money)
    working.extend(steps)
    found.extend(Problem(field=f, message=m) for f, m in gear_problems)
    if unknown:
        found.append(
            Problem(
                field="enc",
                message=f"ENC not in the rules we have, not counted: {', '.join(unknown)}",
                level="warning",
            )
        )
    effects, step = enc_effects(tables.movement, carried, maximum)
    working.append(step)
    cap = enc_cap(tables.movement, scores)
    if carried > cap:
        found.append(
            Problem(
                field="enc",
                message=f"carrying {show_enc_decimal(carried)} ENC: no one can carry more than 1.5 x STR = {show_enc_decimal(cap)}",
            )
        )
    elif effects.points_over:
        found.append(
            Problem(
                field="enc",
                message=f"{effects.points_over} over the maximum ENC of {maximum}: move {effects.move}, "
                f"Defense {effects.defense:+d}%, strike ranks {effects.strike_rank:+d}",
                level="warning",
            )
        )

    defense = natural.defense + adventurer.defense + effects.defense
    parts = [f"natural {natural.defense:+d}"]
    if adventurer.defense:
        parts.append(f"gained by experience {adventurer.defense:+d} (RQ-30)")
    if effects.defense:
        parts.append(f"ENC {effects.defense:+d}")
    working.append(
        Step(field="defense", text=" ".join(parts) + f" = {defense}%", rulings=("RQ-10",) if effects.defense else ())
    )

    lines, steps, weapon_problems = weapon_lines(
        tables,
        adventurer.weapons,
        scores,
        natural,
        dex_sr=dsr,
        siz_sr=ssr,
        enc_sr=effects.strike_rank,
        damage_bonus=bonus,
    )
    working.extend(steps)
    found.extend(Problem(field=f, message=m) for f, m in weapon_problems)

    worn = []
    for g in adventurer.gear:
        piece = tables.armour(g.ref) if g.worn and g.ref else None
        if piece is not None:
            worn.append(piece)
    armour, steps = armour_worn(worn)
    working.extend(steps)

    if adventurer.background is not None and tables.background.get(adventurer.background) is None:
        found.append(
            Problem(field="background", message=f"{adventurer.background!r} is not a background in the tables")
        )
    owed = adventurer.credit.owed if adventurer.credit else 0
    if owed:
        found.append(
            Problem(
                field="money",
                message=f"{owed} L owed to the guild: no further training until it is paid (RQ-27)",
                level="warning",
            )
        )
    hours = sum(c.hours_per_day for c in adventurer.courses)
    limit = tables.advancement.training.max_hours_per_day
    if hours > limit:
        found.append(
            Problem(field="courses", message=f"{hours} hours a day of training; no more than {limit} hours a day")
        )

    return DerivedSheet(
        characteristics=scores,
        natural=natural,
        hit_points=hp,
        locations=locations,
        damage_bonus=bonus,
        dex_sr=dsr,
        siz_sr=ssr,
        max_enc=maximum,
        enc_cap=format_enc(cap),
        enc=format_enc(carried),
        enc_shown=show_enc_decimal(carried),
        enc_unknown=unknown,
        enc_over=effects.points_over,
        move=effects.move,
        defense=defense,
        strike_rank_penalty=effects.strike_rank,
        weapons=lines,
        armour=armour,
        gear=gear,
        money=adventurer.money,
        savings=adventurer.savings,
        owed=owed,
        problems=tuple(found),
        working=tuple(working),
    )


def problems(sheet: DerivedSheet | Adventurer, tables: RuneQuestTables | None = None) -> list[tuple[str, str]]:
    """Every problem at once, as ``(field, message)`` pairs, errors and warnings alike.

    Takes a derived sheet, or a saved adventurer and the tables (it is derived first).

    :raises TypeError: an adventurer without tables.
    """
    if isinstance(sheet, Adventurer):
        if tables is None:
            raise TypeError("problems(adventurer) needs the tables to derive the sheet")
        sheet = derive(sheet, tables)
    return [(p.field, p.message) for p in sheet.problems]
