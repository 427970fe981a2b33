"""The example the gear page starts with: a fighter with sword, shield, sling, leather and chainmail.

The leather and chainmail overlap as in the seed's example; the organizer starts
with those areas typed in.
"""

from __future__ import annotations

from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.state import Entry, GearState

CHARACTER = Character(reach=2, size=10, encumbrance=14, hand_to_hand=5, marksmanship=3)

ENTRIES: tuple[Entry, ...] = (
    Entry(
        item=Item(name="sword", kind=ItemKind.MELEE, reach=3, power=13, heft=12, sharpness=1, parry=2, toughness=8),
        skill=2,
    ),
    Entry(
        item=Item(
            name="shield", kind=ItemKind.MELEE, reach=1, power=12, heft=10, sharpness=-5, parry=4, toughness=3,
            cover=4, absorb=6,
        )
    ),
    Entry(item=Item(name="sling", kind=ItemKind.MISSILE, power=6, heft=4, sharpness=-5, attack=1, toughness=2), skill=1),
    Entry(item=Item(name="leather", kind=ItemKind.ARMOUR, cover=4, absorb=3, toughness=1)),
    Entry(item=Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=6, toughness=3)),
)

AREAS = "3: leather + chainmail; 2: chainmail; 1: leather"

EXAMPLE = GearState(character=CHARACTER, entries=ENTRIES, areas=AREAS)
