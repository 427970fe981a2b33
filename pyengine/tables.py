"""Rules tables: the shared Struct base, the schema catalogue, and loading.

Tables are written by hand as TOML under ``tables/<family>/<name>.toml``. The
build decodes each file into the schema the catalogue names for its id
(``"<family>/<name>"``), which validates every value range and every cross-row
rule, and writes the same Struct as msgpack to ``dist/tables/<id>.msgpack``.
The page and the command line load those bytes back with :func:`load_table`.
"""

from __future__ import annotations

import importlib
from typing import Any, TypeVar

import msgspec

from pyengine.errors import TableDataError


class Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every table and result Struct.

    * ``frozen``: values never change after decoding; a changed copy is made with
      :func:`msgspec.structs.replace`, so a result can be shared and replayed as is.
    * ``kw_only``: fields are always named, in code as in the TOML files.
    * ``forbid_unknown_fields``: a misspelt key in a table file is an error,
      never silently dropped.
    """


T = TypeVar("T")

#: Table id -> "module:Struct" of its schema. Every file under ``tables/`` must
#: have an entry; the build refuses files it has no schema for.
CATALOGUE: dict[str, str] = {
    "runequest/hit_locations": "pyengine.runequest.hit_location:HitLocationTable",
    "runequest/characteristics": "pyengine.runequest.characteristics:CharacteristicsTable",
    "runequest/natural_abilities": "pyengine.runequest.abilities:NaturalAbilityTable",
    "runequest/hit_points": "pyengine.runequest.hit_points:HitPointsTable",
    "runequest/damage_bonus": "pyengine.runequest.damage_bonus:DamageBonusTable",
    "runequest/strike_ranks": "pyengine.runequest.strike_rank:StrikeRankTable",
    "runequest/movement": "pyengine.runequest.encumbrance:MovementTable",
    "runequest/weapon_training": "pyengine.runequest.skills:SkillTable",
    "runequest/melee_weapons": "pyengine.runequest.weapon_tables:MeleeWeaponTable",
    "runequest/missile_weapons": "pyengine.runequest.weapon_tables:MissileWeaponTable",
    "runequest/shields": "pyengine.runequest.shields:ShieldTable",
    "runequest/helmets": "pyengine.runequest.armour:ArmourTable",
    "runequest/body_armour": "pyengine.runequest.armour:ArmourTable",
    "runequest/background": "pyengine.runequest.background:BackgroundTable",
    "runequest/starting_equipment": "pyengine.runequest.starting_equipment:StartingEquipmentTable",
    "runequest/advancement": "pyengine.runequest.advancement:AdvancementTable",
    "runequest/fumbles": "pyengine.runequest.fumbles:FumbleTable",
    "shrapnel/ballistic": "pyengine.shrapnel.table:ShrapnelTable",
}


def schema_for(table_id: str) -> type[Any]:
    """Returns the schema Struct for a table id.

    :raises TableDataError: the id is not in :data:`CATALOGUE`.
    """
    try:
        target = CATALOGUE[table_id]
    except KeyError:
        known = ", ".join(sorted(CATALOGUE))
        raise TableDataError(f"table {table_id!r}: no schema for it (known tables: {known})") from None
    module, _, name = target.partition(":")
    schema: type[Any] = getattr(importlib.import_module(module), name)
    return schema


def decode_toml(schema: type[T], text: str | bytes, source: str) -> T:
    """Decodes and validates a TOML table file; ``source`` names it in errors.

    :raises TableDataError: "<source>: <what is wrong> - at `$.rows[3].field`".
    """
    try:
        return msgspec.toml.decode(text, type=schema)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise TableDataError(f"{source}: {exc}") from None


def encode_table(table: msgspec.Struct) -> bytes:
    """The compiled form of a table: msgpack of the validated Struct."""
    return msgspec.msgpack.encode(table)


def load_table(schema: type[T], data: bytes, source: str = "table") -> T:
    """Decodes a compiled table, validating it again.

    :raises TableDataError: the bytes are damaged or do not fit the schema.
    """
    try:
        return msgspec.msgpack.decode(data, type=schema)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise TableDataError(f"{source}: {exc}") from None
