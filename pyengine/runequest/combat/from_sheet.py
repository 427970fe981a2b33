"""Tables for combat, and exchange inputs built from a derived sheet.

:func:`weapon_for` is a weapon of the tables as the exchange sees it; :func:`attack_from_sheet` and :func:`defence_from_sheet` turn a saved
adventurer's derived sheet into the frozen inputs of :func:`resolve_exchange`.
"""

from __future__ import annotations

from pyengine.errors import IllegalActionError
from pyengine.runequest.combat.model import Attack, Defence, Parry, Weapon
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.weapons import MeleeWeapon, MissileWeapon
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER

#: Hafted weapons 1.5 m long or more: their haft meets a parry (RQ-39).
LONG_HAFTED = frozenset(
    {
        "pole_axe",
        "great_hammer",
        "maul",
        "quarterstaff",
        "pike",
        "long_spear_1h",
        "long_spear_2h",
        "short_spear_1h",
        "short_spear_2h",
        "lance",
    }
)
#: "Short stabbing weapons have insufficient mass to affect another weapon at all" (RQ-39).
SHORT_STABBING = frozenset({"dagger"})


def weapon_for(tables: RuneQuestTables, weapon_id: str) -> Weapon:
    """The exchange's view of a melee or missile weapon from the tables.

    :raises IllegalActionError: not a weapon that strikes (a shield, grapple, an unknown id).
    """
    row = tables.weapon(weapon_id)
    if isinstance(row, MeleeWeapon):
        if row.damage is None:
            raise IllegalActionError(f"weapon: {row.name} does no damage of its own (grapple is not resolved here)")
        skill = tables.skill(row.skill)
        natural = skill.kind.value == "natural"
        enc = row.enc_value
        return Weapon(
            name=row.name,
            damage=row.damage,
            kind="natural" if natural else "melee",
            impales=row.impales,
            long_hafted=row.id in LONG_HAFTED,
            short_stabbing=row.id in SHORT_STABBING,
            hp=row.hp,
            enc=float(enc) if enc is not None else 1.0,
        )
    if isinstance(row, MissileWeapon):
        return Weapon(
            name=row.name,
            damage=row.damage,
            kind="thrown" if row.thrown else "projectile",
            impales=row.impales,
            hp=row.hp,
            enc=float(row.enc_value),
            range=row.range,
        )
    raise IllegalActionError(f"weapon: {weapon_id!r} is not a melee or missile weapon in the tables")


def attack_from_sheet(
    sheet: DerivedSheet, line_index: int, tables: RuneQuestTables, *, name: str = "Attacker", **situation: object
) -> Attack:
    """The attack with the sheet's weapon line ``line_index`` (its attack %, his damage bonus).

    :raises IllegalActionError: no such line, or it cannot attack.
    """
    if not 0 <= line_index < len(sheet.weapons):
        raise IllegalActionError(f"weapon: line {line_index} is not on the sheet")
    line = sheet.weapons[line_index]
    if line.attack is None:
        raise IllegalActionError(f"weapon: {line.name} cannot attack")
    weapon = weapon_for(tables, line.weapon)
    return Attack(
        weapon=weapon,
        chance=line.attack,
        name=name,
        damage_bonus=sheet.damage_bonus,
        off_hand=line.hand.value == "left",
        **situation,  # type: ignore[arg-type]
    )


def defence_from_sheet(
    sheet: DerivedSheet,
    tables: RuneQuestTables,
    *,
    parry_line: int | None = None,
    defense: int | None = None,
    name: str = "Defender",
) -> Defence:
    """The defence from a sheet: its hit points, location points, armour worn, the parry of
    weapon line ``parry_line`` (``None``: no parry), and the Defense allotted (default: all of it).

    :raises IllegalActionError: the line does not parry.
    """
    parry = None
    if parry_line is not None:
        if not 0 <= parry_line < len(sheet.weapons):
            raise IllegalActionError(f"parry: line {parry_line} is not on the sheet")
        line = sheet.weapons[parry_line]
        if line.parry is None:
            raise IllegalActionError(f"parry: {line.name} is not a parrying weapon")
        if line.kind == "shield":
            parry = Parry(kind="shield", chance=line.parry, name=line.name, absorbs=line.absorbs or 0)
        else:
            parry = Parry(
                kind="weapon",
                chance=line.parry,
                name=line.name,
                hp=line.hp,
                damage=line.damage,
                long_hafted=line.weapon in LONG_HAFTED,
                short_stabbing=line.weapon in SHORT_STABBING,
            )
    locations = {LOCATION_KEYS[loc]: sheet.locations[LOCATION_KEYS[loc]] for loc in SHEET_ORDER}
    armour = {LOCATION_KEYS[row.location]: row.absorbs for row in sheet.armour.locations if row.absorbs}
    return Defence(
        hit_points=sheet.hit_points,
        locations=locations,
        name=name,
        defense=max(sheet.defense, 0) if defense is None else defense,
        parry=parry,
        armour=armour,
        damage_bonus=sheet.damage_bonus,
    )
