"""The RuneQuest tables as one bundle: decoded once, checked against one another, indexed.

The page fetches each compiled table (``dist/tables/<id>.msgpack``) and calls
:meth:`RuneQuestTables.from_msgpack` once; the command line and the tests read the
TOML files and call :meth:`RuneQuestTables.from_toml`. Either way every table is
validated on its own (its schema) and then against the others here: every weapon's
skill exists and is of the right kind, every melee weapon's strike rank fits its
length (RQ-7), every kit item names a real item, item ids are unique across the
weapon, shield and armour tables. All lookups after that are dictionary reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pyengine.errors import TableDataError
from pyengine.runequest.tables import TABLES as RUNEQUEST_TABLES
from pyengine.runequest.tables.advancement import AdvancementTable
from pyengine.runequest.tables.armour import ArmourPiece, ArmourTable
from pyengine.runequest.tables.background import BackgroundTable
from pyengine.runequest.tables.characteristics import CharacteristicsTable
from pyengine.runequest.tables.damage_bonus import DamageBonusTable
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_points import HitPointsTable
from pyengine.runequest.tables.movement import MovementTable
from pyengine.runequest.tables.natural_abilities import NaturalAbilityTable
from pyengine.runequest.tables.shields import Shield, ShieldTable
from pyengine.runequest.tables.starters import StarterTable
from pyengine.runequest.tables.starting_equipment import StartingEquipmentTable
from pyengine.runequest.tables.strike_ranks import StrikeRankTable
from pyengine.runequest.tables.weapon_training import Skill, SkillKind, SkillTable
from pyengine.runequest.tables.weapons import MeleeWeapon, MeleeWeaponTable, MissileWeapon, MissileWeaponTable
from pyengine.tables import Record, decode_toml, load_table, schema_for

#: Table id -> the bundle's attribute, in the order the tables are loaded.
TABLES: dict[str, str] = {table_id: attr for table_id, (_, attr) in RUNEQUEST_TABLES.items() if attr}
#: The hit-location table: the combat page's alone (the sheet never needs it).
HIT_LOCATIONS = "runequest/hit_locations"
TABLE_IDS: tuple[str, ...] = tuple(TABLES)

Weapon = MeleeWeapon | MissileWeapon | Shield


class Item(Record):
    """Anything that can be bought, carried or worn, as the equipment list sees it."""

    id: str
    name: str
    kind: str
    """``weapon``, ``missile``, ``shield``, ``helmet``, ``armour``."""
    cost: int | None
    """Lunars; ``None``: not for sale, or not in the rules we have."""
    enc: Fraction | None
    """``None``: not in the rules we have."""


class RuneQuestTables:
    """Every RuneQuest table the sheet uses, decoded once (build with a ``from_*`` class method)."""

    characteristics: CharacteristicsTable
    natural_abilities: NaturalAbilityTable
    hit_points: HitPointsTable
    damage_bonus: DamageBonusTable
    strike_ranks: StrikeRankTable
    movement: MovementTable
    skills: SkillTable
    melee: MeleeWeaponTable
    missile: MissileWeaponTable
    shields: ShieldTable
    helmets: ArmourTable
    body_armour: ArmourTable
    background: BackgroundTable
    starting_equipment: StartingEquipmentTable
    advancement: AdvancementTable
    fumbles: FumbleTable
    starters: StarterTable

    def __init__(self, tables: Mapping[str, Any]) -> None:
        """Takes decoded tables by id (every id of :data:`TABLE_IDS`) and checks them against one another.

        :raises TableDataError: a table is missing or of the wrong schema, or two tables disagree.
        """
        for table_id, attr in TABLES.items():
            if table_id not in tables:
                raise TableDataError(f"RuneQuest tables: {table_id!r} is missing")
            table = tables[table_id]
            if not isinstance(table, schema_for(table_id)):
                raise TableDataError(f"RuneQuest tables: {table_id!r} is a {type(table).__name__}")
            setattr(self, attr, table)
        self.skill_by_id: dict[str, Skill] = {s.id: s for s in self.skills.skills}
        self.weapon_by_id: dict[str, Weapon] = {}
        for row in (*self.melee.weapons, *self.missile.weapons, *self.shields.shields):
            if row.id in self.weapon_by_id:
                raise TableDataError(f"RuneQuest tables: weapon id {row.id!r} is in two tables")
            self.weapon_by_id[row.id] = row
        self.armour_by_id: dict[str, ArmourPiece] = {}
        for piece in (*self.helmets.pieces, *self.body_armour.pieces):
            if piece.id in self.armour_by_id:
                raise TableDataError(f"RuneQuest tables: armour id {piece.id!r} is in two tables")
            self.armour_by_id[piece.id] = piece
        self.item_by_id: dict[str, Item] = {}
        self._index_items()
        self._check()

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def from_toml(cls, texts: Mapping[str, str | bytes]) -> RuneQuestTables:
        """From the TOML files' text by id (``"runequest/hit_points"`` -> the file's text).

        :raises TableDataError: a file does not fit its schema (file, row and field named),
            or the tables disagree.
        """
        decoded = {}
        for table_id in TABLE_IDS:
            if table_id not in texts:
                raise TableDataError(f"RuneQuest tables: {table_id!r} is missing")
            decoded[table_id] = decode_toml(schema_for(table_id), texts[table_id], f"tables/{table_id}.toml")
        return cls(decoded)

    @classmethod
    def from_msgpack(cls, blobs: Mapping[str, bytes]) -> RuneQuestTables:
        """From the compiled tables by id (the bytes of ``dist/tables/<id>.msgpack``).

        :raises TableDataError: bytes that are damaged or do not fit, or tables that disagree.
        """
        decoded = {}
        for table_id in TABLE_IDS:
            if table_id not in blobs:
                raise TableDataError(f"RuneQuest tables: {table_id!r} is missing")
            decoded[table_id] = load_table(schema_for(table_id), blobs[table_id], f"tables/{table_id}.msgpack")
        return cls(decoded)

    def _index_items(self) -> None:
        def add(item: Item) -> None:
            known = self.item_by_id.get(item.id)
            if known is not None and known.kind != item.kind:
                raise TableDataError(f"RuneQuest tables: item id {item.id!r} is both a {known.kind} and a {item.kind}")
            self.item_by_id.setdefault(item.id, item)

        for m in self.melee.weapons:
            skill = self.skill_by_id.get(m.skill)
            if skill is not None and skill.kind is SkillKind.NATURAL and m.cost is None:
                continue  # a fist, a kick: part of the body, never bought or carried
            add(Item(id=m.item_id, name=m.name, kind="weapon", cost=m.cost, enc=m.enc_value))
        for w in self.missile.weapons:
            add(Item(id=w.id, name=w.name, kind="missile", cost=w.cost, enc=w.enc_value))
        for s in self.shields.shields:
            add(Item(id=s.id, name=s.name, kind="shield", cost=s.cost, enc=s.enc_value))
        for p in self.helmets.pieces:
            add(Item(id=p.id, name=p.name, kind="helmet", cost=p.cost, enc=p.enc_value))
        for p in self.body_armour.pieces:
            add(Item(id=p.id, name=p.name, kind="armour", cost=p.cost, enc=p.enc_value))

    # -- checks across tables -----------------------------------------------------------------

    def _fail(self, table_id: str, where: str, problem: str) -> TableDataError:
        return TableDataError(f"tables/{table_id}: {where}: {problem}")

    def _check(self) -> None:
        kinds = {
            "runequest/melee_weapons": (self.melee.weapons, (SkillKind.MELEE, SkillKind.NATURAL)),
            "runequest/missile_weapons": (self.missile.weapons, (SkillKind.MISSILE,)),
            "runequest/shields": (self.shields.shields, (SkillKind.SHIELD,)),
        }
        for table_id, (rows, allowed) in kinds.items():
            for i, row in enumerate(rows):
                where = f"row {i} ({row.id})"
                skill = self.skill_by_id.get(row.skill)
                if skill is None:
                    raise self._fail(table_id, where, f"skill {row.skill!r} is not in runequest/weapon_training")
                if skill.kind not in allowed:
                    raise self._fail(table_id, where, f"skill {row.skill!r} is a {skill.kind} skill")
        sr_table = self.strike_ranks
        for i, m in enumerate(self.melee.weapons):
            metres = m.length_m
            if metres is None:
                continue
            expected = sr_table.length_sr(metres) + (sr_table.choked_up if m.choked_up else 0)
            if m.sr != expected:
                choked = f" + {sr_table.choked_up} choked up" if m.choked_up else ""
                raise self._fail(
                    "runequest/melee_weapons",
                    f"row {i} ({m.id})",
                    f"sr {m.sr} does not fit its length {m.length} m "
                    f"(strike_ranks gives {sr_table.length_label(metres)} m: {sr_table.length_sr(metres)}{choked})",
                )
        backgrounds = {row.id for row in self.background.rows}
        for i, kit in enumerate(self.starting_equipment.kits):
            where = f"kits[{i}] ({kit.background})"
            if kit.background != "all" and kit.background not in backgrounds:
                raise self._fail("runequest/starting_equipment", where, "not a background in runequest/background")
            for j, item in enumerate(kit.items):
                for ref in (item.ref, *item.options):
                    if ref is not None and ref not in self.item_by_id:
                        raise self._fail(
                            "runequest/starting_equipment",
                            f"{where} items[{j}]",
                            f"{ref!r} is not a weapon or armour id",
                        )
        for i, row in enumerate(self.background.rows):
            if row.no_riding_animal is not None and not any(
                item.unless == "no_riding_animal"
                for kit in self.starting_equipment.kits
                if kit.background == row.id
                for item in kit.items
            ):
                raise self._fail(
                    "runequest/background",
                    f"row {i} ({row.id})",
                    "no kit item is left out when there is no riding animal",
                )
        self._check_starters()

    def _check_starters(self) -> None:
        """Every starter's weapon and armour is in the tables, and no course is in a skill whose training
        costs are not in the rules we have (RQ-15, RQ-34)."""
        for i, starter in enumerate(self.starters.starters):
            where = f"starters[{i}] ({starter.id})"
            for j, w in enumerate(starter.weapons):
                row = self.weapon_by_id.get(w.weapon)
                if row is None:
                    raise self._fail("runequest/starters", f"{where} weapons[{j}]", f"{w.weapon!r} is not a weapon or shield id")
                if w.courses and self.skill_by_id[row.skill].costs is None:
                    raise self._fail("runequest/starters", f"{where} weapons[{j}]",
                                     f"courses in {row.name}: its training costs are not in the rules we have (RQ-15, RQ-34)")
            for j, piece in enumerate(starter.armour):
                if piece not in self.armour_by_id:
                    raise self._fail("runequest/starters", f"{where} armour[{j}]", f"{piece!r} is not an armour id")

    # -- lookups ------------------------------------------------------------------------------

    def skill(self, skill_id: str) -> Skill:
        """:raises KeyError: not a skill."""
        return self.skill_by_id[skill_id]

    def weapon(self, weapon_id: str) -> Weapon | None:
        """A melee weapon (in one mode), missile weapon or shield by id."""
        return self.weapon_by_id.get(weapon_id)

    def item(self, item_id: str) -> Item | None:
        return self.item_by_id.get(item_id)

    def armour(self, piece_id: str) -> ArmourPiece | None:
        return self.armour_by_id.get(piece_id)
