"""Creating an adventurer: the characteristics (rolled or typed), then the background and its kit.

Seed ch. II: "roll 3D6 for each of seven characteristics", then the Background Table
for money and class, then the starting equipment every beginner brings and what his
background adds, and the Adventurer's pack. Where the rules leave a choice (a basic
weapon, a brigandine or a chainmail hauberk) the player picks; an unmade choice
stays on the gear list by name, to be made later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from pyengine.dice import Dice
from pyengine.errors import IllegalActionError
from pyengine.runequest.advancement.background import BackgroundResult
from pyengine.runequest.sheet.adventurer import Adventurer, Gear, WeaponSkill
from pyengine.runequest.sheet.characteristics import Characteristics, RolledCharacteristics, roll_characteristics
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.starting_equipment import KitItem
from pyengine.working import Step


def roll_new(tables: RuneQuestTables, dice: Dice, name: str = "") -> tuple[Adventurer, RolledCharacteristics]:
    """A new adventurer with the seven characteristics rolled (3D6 each, STR first), and the rolls."""
    rolled = roll_characteristics(tables.characteristics, dice)
    return Adventurer(characteristics=rolled.characteristics, name=name), rolled


def typed_new(scores: Mapping[str, int], name: str = "") -> Adventurer:
    """A new adventurer from typed scores (``{"STR": 12, …}``); the sheet checks the limits.

    :raises IllegalActionError: a characteristic missing, unknown, or not a score from 0 to 99.
    """
    try:
        characteristics = msgspec.convert(dict(scores), type=Characteristics)
    except msgspec.ValidationError as exc:
        raise IllegalActionError(f"characteristics: {exc}") from None
    return Adventurer(characteristics=characteristics, name=name)


def starting_kit(tables: RuneQuestTables, background: str, *, riding_animal: bool = True) -> tuple[KitItem, ...]:
    """The kit a beginner of this background brings (common kit first), without what the roll left out."""
    items = tables.starting_equipment.kit(background)
    return tuple(i for i in items if not (i.unless == "no_riding_animal" and not riding_animal))


def _weapon_rows(tables: RuneQuestTables, item_id: str) -> list[str]:
    """The weapon rows (one per mode) of an item, in table order."""
    rows = [m.id for m in tables.melee.weapons if m.item_id == item_id]
    rows += [w.id for w in tables.missile.weapons if w.id == item_id]
    rows += [s.id for s in tables.shields.shields if s.id == item_id]
    return rows


def apply_background(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    result: BackgroundResult,
    picks: Mapping[int, Sequence[str]] | None = None,
) -> tuple[Adventurer, tuple[Step, ...]]:
    """Gives a rolled background: the class, the money, the kit and the pack.

    ``picks`` maps an index in :func:`starting_kit` to the item ids chosen for that
    choice. Armour from the kit is worn; each weapon from it goes on the weapons list
    (both modes of a weapon that has two) at its basic chance.

    :raises IllegalActionError: a pick for an item that is not a choice, an id that is
        not an item or not among the options, or more than one for a ``one`` choice.
    """
    picks = dict(picks or {})
    kit = starting_kit(tables, result.background, riding_animal=result.riding_animal)
    gear = list(adventurer.gear)
    weapons = list(adventurer.weapons)
    working = list(result.working)

    def take(ref: str, name: str = "") -> None:
        item = tables.item(ref)
        if item is None:
            raise IllegalActionError(f"starting kit: {ref!r} is not an item in the tables")
        gear.append(Gear(ref=ref, name=name, worn=item.kind in ("armour", "helmet")))
        for row_id in _weapon_rows(tables, ref):
            if not any(w.weapon == row_id for w in weapons):
                weapons.append(WeaponSkill(weapon=row_id))

    for index in picks:
        if not 0 <= index < len(kit) or kit[index].pick is None:
            raise IllegalActionError(f"starting kit: item {index} is not a choice")
    for index, entry in enumerate(kit):
        if entry.pick is None:
            if entry.ref is not None:
                take(entry.ref)
            else:
                gear.append(Gear(name=entry.name, count=entry.count, enc=entry.enc))
            continue
        chosen = list(picks.get(index, ()))
        if not chosen:
            gear.append(Gear(name=f"{entry.name} (to choose)"))
            continue
        if entry.pick == "one" and len(chosen) != 1:
            raise IllegalActionError(f"starting kit: {entry.name!r} is one item; {len(chosen)} were chosen")
        for ref in chosen:
            if entry.options and ref not in entry.options:
                raise IllegalActionError(
                    f"starting kit: {ref!r} is not one of the options for {entry.name!r}: {', '.join(entry.options)}"
                )
            item = tables.item(ref)
            if not entry.options and (item is None or item.kind not in ("weapon", "missile", "shield")):
                raise IllegalActionError(f"starting kit: {ref!r} is not a weapon for {entry.name!r}")
            take(ref)
    pack = tables.starting_equipment.pack
    gear.append(Gear(name=pack.name, enc=pack.enc))
    working.append(
        Step(field="gear", text=f"{pack.name}: {pack.contents}, ENC {pack.enc}", source="runequest/starting_equipment")
    )
    after = msgspec.structs.replace(
        adventurer,
        background=result.background,
        background_roll=result.roll,
        money=adventurer.money + result.money,
        gear=tuple(gear),
        weapons=tuple(weapons),
    )
    return after, tuple(working)
