"""A sheet's weapon keys and experience marks as people read them: ``dagger (left)``,
``medium shield (left) parry``, ``Defense``, never the record's ``dagger@left`` or
``medium_shield@left parry``. For the sheet, the scenario's end and a fight's write-back alike."""

from __future__ import annotations

from pyengine.runequest.tables.catalogue import RuneQuestTables


def weapon_name(tables: RuneQuestTables, key: str) -> str:
    """``broadsword``, ``dagger (left)``: a sheet weapon key as people read it."""
    weapon, _, left = key.partition("@")
    row = tables.weapon(weapon)
    name = row.name if row is not None else weapon
    return f"{name} (left)" if left else name


def mark_words(tables: RuneQuestTables, mark: str) -> str:
    """``dagger (left) parry``, ``Defense``: an experience mark (``dagger@left parry``) as people read it."""
    key, _, use = mark.rpartition(" ")
    return f"{weapon_name(tables, key)} {use}" if key else mark.capitalize()
