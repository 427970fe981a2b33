"""The RuneQuest tables' schemas: one module per ``tables/runequest/*.toml``, and the bundle.

* :mod:`.catalogue` -- :class:`~.catalogue.RuneQuestTables`, every table the sheet and
  combat use, decoded once and checked against one another.
* one schema module per table file (:data:`TABLES`); ``helmets.toml`` and
  ``body_armour.toml`` share :mod:`.armour`, the two weapon tables :mod:`.weapons`;
* :mod:`.bands` (banded rows as the rulebook prints them), :mod:`.enc` (ENC notation).

Importing this package imports no schema: each is named here as text and imported
when its table is first decoded.
"""

#: Table id -> (its schema, ``"module:Struct"`` within this package; the attribute of
#: :class:`~.catalogue.RuneQuestTables` that holds it, or ``None`` when the bundle does
#: not: the hit-location table is the combat page's alone). In the order the bundle loads them.
TABLES: dict[str, tuple[str, str | None]] = {
    "runequest/characteristics": ("characteristics:CharacteristicsTable", "characteristics"),
    "runequest/natural_abilities": ("natural_abilities:NaturalAbilityTable", "natural_abilities"),
    "runequest/hit_points": ("hit_points:HitPointsTable", "hit_points"),
    "runequest/damage_bonus": ("damage_bonus:DamageBonusTable", "damage_bonus"),
    "runequest/strike_ranks": ("strike_ranks:StrikeRankTable", "strike_ranks"),
    "runequest/movement": ("movement:MovementTable", "movement"),
    "runequest/weapon_training": ("weapon_training:SkillTable", "skills"),
    "runequest/melee_weapons": ("weapons:MeleeWeaponTable", "melee"),
    "runequest/missile_weapons": ("weapons:MissileWeaponTable", "missile"),
    "runequest/shields": ("shields:ShieldTable", "shields"),
    "runequest/helmets": ("armour:ArmourTable", "helmets"),
    "runequest/body_armour": ("armour:ArmourTable", "body_armour"),
    "runequest/background": ("background:BackgroundTable", "background"),
    "runequest/starting_equipment": ("starting_equipment:StartingEquipmentTable", "starting_equipment"),
    "runequest/advancement": ("advancement:AdvancementTable", "advancement"),
    "runequest/fumbles": ("fumbles:FumbleTable", "fumbles"),
    "runequest/starters": ("starters:StarterTable", "starters"),
    "runequest/hit_locations": ("hit_locations:HitLocationTable", None),
}

#: Table id -> ``"module:Struct"`` (:func:`pyengine.tables.schema_for`).
SCHEMAS: dict[str, str] = {table_id: f"{__name__}.{target}" for table_id, (target, _) in TABLES.items()}
