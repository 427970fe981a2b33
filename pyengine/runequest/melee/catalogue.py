"""The weapons and shields a fight link of version 6 names by table id (:mod:`.compact`), frozen as the
tables had them when version 6 was made: a link replays by these, whatever the tables say later.

Each id: ``(name, weapon, absorbs)``: the arm's name, its :class:`~pyengine.runequest.combat.model.Weapon`
as builtins less the fields at their defaults (``None``: it only parries), a shield's points absorbed.
Written by tests/unit/runequest/melee/link_catalogue.py (a test holds it to the tables of today).
"""

from __future__ import annotations

from typing import Any

# fmt: off
CATALOGUE: dict[str, tuple[str, dict[str, Any] | None, int | None]] = {
    'battle_axe_1h': ('battle axe', {'name': 'battle axe', 'damage': '1D8+2', 'hp': 15, 'enc': 2.0}, None),
    'hatchet': ('hatchet', {'name': 'hatchet', 'damage': '1D6+1', 'hp': 15}, None),
    'battle_axe_2h': ('battle axe', {'name': 'battle axe', 'damage': '1D8+2', 'hp': 15, 'enc': 2.0}, None),
    'great_axe': ('great axe', {'name': 'great axe', 'damage': '2D6+2', 'hp': 15, 'enc': 2.0}, None),
    'pole_axe': ('pole axe', {'name': 'pole axe', 'damage': '3D6', 'long_hafted': True, 'hp': 12, 'enc': 2.0}, None),
    'rhomphia': ('rhomphia', {'name': 'rhomphia', 'damage': '2D6+2', 'hp': 12, 'enc': 2.0}, None),
    'head_butt': ('head butt', {'name': 'head butt', 'damage': '1D4', 'kind': 'natural', 'enc': 0.0}, None),
    'dagger': ('dagger', {'name': 'dagger', 'damage': '1D4+2', 'impales': True, 'short_stabbing': True, 'hp': 12, 'enc': 0.25}, None),
    'fist': ('fist', {'name': 'fist', 'damage': '1D3', 'kind': 'natural', 'enc': 0.0}, None),
    'claw': ('claw', {'name': 'claw', 'damage': '1D4+1', 'kind': 'natural', 'hp': 5}, None),
    'heavy_cestus': ('heavy cestus', {'name': 'heavy cestus', 'damage': '1D3+2', 'kind': 'natural', 'hp': 10}, None),
    'light_cestus': ('light cestus', {'name': 'light cestus', 'damage': '1D3+1', 'kind': 'natural', 'hp': 5, 'enc': 0.5}, None),
    'grain_flail': ('grain flail', {'name': 'grain flail', 'hp': 8}, None),
    'war_flail': ('war flail', {'name': 'war flail', 'damage': '1D6+2', 'hp': 12, 'enc': 2.0}, None),
    'morning_star': ('morning star flail', {'name': 'morning star flail', 'damage': '1D10+1', 'hp': 12, 'enc': 2.0}, None),
    'military_flail': ('military flail', {'name': 'military flail', 'damage': '2D6+2', 'hp': 15, 'enc': 3.0}, None),
    'grapple': ('grapple', None, None),
    'war_hammer': ('war hammer or pick', {'name': 'war hammer or pick', 'damage': '1D6+2', 'hp': 20}, None),
    'great_hammer': ('great hammer', {'name': 'great hammer', 'damage': '1D12+2', 'long_hafted': True, 'hp': 15, 'enc': 3.0}, None),
    'kick': ('kick', {'name': 'kick', 'kind': 'natural', 'enc': 0.0}, None),
    'heavy_mace_1h': ('heavy mace', {'name': 'heavy mace', 'damage': '1D8+2', 'hp': 20, 'enc': 2.0}, None),
    'heavy_mace_2h': ('heavy mace', {'name': 'heavy mace', 'damage': '1D8+2', 'hp': 20, 'enc': 2.0}, None),
    'light_mace': ('light mace', {'name': 'light mace', 'damage': '1D6+2', 'hp': 20}, None),
    'singlestick': ('singlestick', {'name': 'singlestick', 'hp': 10}, None),
    'maul': ('maul', {'name': 'maul', 'damage': '2D8', 'long_hafted': True, 'hp': 15, 'enc': 3.0}, None),
    'quarterstaff': ('quarterstaff', {'name': 'quarterstaff', 'damage': '1D8', 'long_hafted': True, 'hp': 15, 'enc': 2.0}, None),
    'pike': ('pike', {'name': 'pike', 'damage': '1D12+1', 'impales': True, 'long_hafted': True, 'hp': 15, 'enc': 3.0}, None),
    'rapier': ('rapier', {'name': 'rapier', 'damage': '1D6+1', 'impales': True, 'hp': 12}, None),
    'shortsword': ('shortsword', {'name': 'shortsword', 'damage': '1D6+1', 'impales': True, 'hp': 20}, None),
    'sickle': ('sickle', {'name': 'sickle', 'damage': '1D6+1', 'hp': 15}, None),
    'long_spear_1h': ('long spear', {'name': 'long spear', 'damage': '1D8+1', 'impales': True, 'long_hafted': True, 'hp': 15, 'enc': 3.0}, None),
    'short_spear_1h': ('short spear', {'name': 'short spear', 'damage': '1D6+1', 'impales': True, 'long_hafted': True, 'hp': 15, 'enc': 2.0}, None),
    'lance': ('lance', {'name': 'lance', 'damage': '1D10+1', 'impales': True, 'long_hafted': True, 'hp': 20, 'enc': 3.0}, None),
    'long_spear_2h': ('long spear', {'name': 'long spear', 'damage': '1D10+1', 'impales': True, 'long_hafted': True, 'hp': 15, 'enc': 3.0}, None),
    'short_spear_2h': ('short spear', {'name': 'short spear', 'damage': '1D8+1', 'impales': True, 'long_hafted': True, 'hp': 15, 'enc': 2.0}, None),
    'bastard_sword_1h': ('bastard sword', {'name': 'bastard sword', 'damage': '1D10+1', 'hp': 20}, None),
    'broadsword': ('broadsword', {'name': 'broadsword', 'damage': '1D8+1', 'hp': 20}, None),
    'scimitar': ('scimitar', {'name': 'scimitar', 'damage': '1D8+1', 'hp': 20}, None),
    'bastard_sword_2h': ('bastard sword', {'name': 'bastard sword', 'damage': '1D10+1', 'hp': 20}, None),
    'greatsword': ('greatsword', {'name': 'greatsword', 'damage': '2D8', 'hp': 15, 'enc': 2.0}, None),
    'self_bow': ('self bow', {'name': 'self bow', 'damage': '1D6+1', 'kind': 'projectile', 'impales': True, 'hp': 6, 'enc': 2.0, 'range': 80}, None),
    'composite_bow': ('composite bow', {'name': 'composite bow', 'damage': '1D8+1', 'kind': 'projectile', 'impales': True, 'hp': 10, 'enc': 2.0, 'range': 100}, None),
    'elf_bow': ('elf bow', {'name': 'elf bow', 'damage': '1D8+1', 'kind': 'projectile', 'impales': True, 'hp': 10, 'enc': 2.0, 'range': 120}, None),
    'light_crossbow': ('light crossbow', {'name': 'light crossbow', 'damage': '2D4+2', 'kind': 'projectile', 'impales': True, 'hp': 6, 'enc': 2.0, 'range': 100}, None),
    'heavy_crossbow': ('heavy crossbow', {'name': 'heavy crossbow', 'damage': '2D6+2', 'kind': 'projectile', 'impales': True, 'hp': 10, 'enc': 2.0, 'range': 120}, None),
    'arbalest': ('arbalest', {'name': 'arbalest', 'damage': '3D6+1', 'kind': 'projectile', 'impales': True, 'hp': 10, 'enc': 3.0, 'range': 150}, None),
    'sling': ('sling', {'name': 'sling', 'damage': '1D8', 'kind': 'projectile', 'impales': True, 'range': 80}, None),
    'staff_sling': ('staff sling', {'name': 'staff sling', 'damage': '1D10', 'kind': 'projectile', 'impales': True, 'hp': 10, 'enc': 2.0, 'range': 100}, None),
    'dart': ('dart', {'name': 'dart', 'kind': 'thrown', 'impales': True, 'hp': 8, 'enc': 0.5, 'range': 20}, None),
    'javelin': ('javelin', {'name': 'javelin', 'damage': '1D10', 'kind': 'thrown', 'impales': True, 'hp': 10, 'range': 20}, None),
    'throwing_axe': ('throwing axe', {'name': 'throwing axe', 'kind': 'thrown', 'hp': 15, 'range': 20}, None),
    'throwing_dagger': ('throwing dagger', {'name': 'throwing dagger', 'damage': '1D4', 'kind': 'thrown', 'impales': True, 'hp': 12, 'enc': 0.25, 'range': 20}, None),
    'rock': ('rock', {'name': 'rock', 'damage': '1D4', 'kind': 'thrown', 'enc': 0.25, 'range': 20}, None),
    'small_shield': ('small shield (buckler, 30-35 cm)', None, 8),
    'medium_shield': ('medium shield (about 60 cm)', None, 12),
    'large_shield': ('large shield', None, 16),
}
# fmt: on
