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
from pyengine.tables import Record
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


#: What an unmade choice of the kit is called on the gear list (RQ-23).
TO_CHOOSE = " (to choose)"
#: The kinds of item a kit choice with no list of options is made from ("basic weapons").
WEAPON_KINDS = ("weapon", "missile", "shield")


class KitChoice(Record):
    """A choice of the starting kit not made yet: its line on the gear list and what it can be."""

    gear_index: int
    """Its line in :attr:`Adventurer.gear` (``leather armour (to choose)``)."""
    name: str
    """The kit's item as the rules name it (``leather armour``)."""
    pick: str
    """``one``: the choice is one item (the line goes once it is made); ``any``: as many as wanted."""
    options: tuple[str, ...]
    """The ids it can be, in the tables' order of names (RQ-23)."""
    labels: tuple[str, ...]
    """Their names, in the same order."""


def _weapon_rows(tables: RuneQuestTables, item_id: str) -> list[str]:
    """The weapon rows (one per mode) of an item, in table order."""
    rows = [m.id for m in tables.melee.weapons if m.item_id == item_id]
    rows += [w.id for w in tables.missile.weapons if w.id == item_id]
    rows += [s.id for s in tables.shields.shields if s.id == item_id]
    return rows


def _take(tables: RuneQuestTables, ref: str, gear: list[Gear], weapons: list[WeaponSkill]) -> None:
    """An item of the kit onto the lists: armour worn; a weapon on the weapons list (each mode)."""
    item = tables.item(ref)
    if item is None:
        raise IllegalActionError(f"starting kit: {ref!r} is not an item in the tables", field="kit")
    gear.append(Gear(ref=ref, worn=item.kind in ("armour", "helmet")))
    for row_id in _weapon_rows(tables, ref):
        if not any(w.weapon == row_id for w in weapons):
            weapons.append(WeaponSkill(weapon=row_id))


def _check_pick(tables: RuneQuestTables, entry: KitItem, ref: str) -> None:
    if entry.options and ref not in entry.options:
        raise IllegalActionError(
            f"starting kit: {ref!r} is not one of the options for {entry.name!r}: {', '.join(entry.options)}",
            field="kit",
        )
    item = tables.item(ref)
    if not entry.options and (item is None or item.kind not in WEAPON_KINDS):
        raise IllegalActionError(f"starting kit: {ref!r} is not a weapon for {entry.name!r}", field="kit")


def kit_choices(adventurer: Adventurer, tables: RuneQuestTables) -> tuple[KitChoice, ...]:
    """The starting kit's choices still to make: each ``… (to choose)`` line of the gear list
    that the adventurer's background's kit has, with its options (RQ-23)."""
    if adventurer.background is None:
        return ()
    entries = {f"{e.name}{TO_CHOOSE}": e for e in tables.starting_equipment.kit(adventurer.background) if e.pick}
    if not entries:
        return ()
    weapons: tuple[str, ...] | None = None
    found = []
    for i, gear in enumerate(adventurer.gear):
        entry = entries.get(gear.name) if gear.ref is None else None
        if entry is None or entry.pick is None:
            continue
        options = entry.options
        if not options:
            if weapons is None:
                weapons = tuple(item.id for item in sorted(tables.item_by_id.values(), key=lambda i: i.name)
                                if item.kind in WEAPON_KINDS)
            options = weapons
        labels = tuple(item.name if (item := tables.item(ref)) is not None else ref for ref in options)
        found.append(KitChoice(gear_index=i, name=entry.name, pick=entry.pick, options=options, labels=labels))
    return tuple(found)


def choose_kit_item(adventurer: Adventurer, tables: RuneQuestTables, gear_index: int,
                    ref: str) -> tuple[Adventurer, Step]:
    """A choice of the starting kit made: ``ref`` for the ``… (to choose)`` line ``gear_index``.
    The item goes on the lists as the rolled kit's items do (armour worn, a weapon on the
    weapons list). A ``one`` choice's line goes; an ``any`` choice's stays for more, until
    the player removes it (RQ-23).

    :raises IllegalActionError: the line is not a choice still to make, or ``ref`` is not one
        of its options (``field`` ``kit``).
    """
    choice = next((c for c in kit_choices(adventurer, tables) if c.gear_index == gear_index), None)
    if choice is None:
        raise IllegalActionError(f"starting kit: line {gear_index + 1} of the gear is not a choice to make",
                                 field="kit")
    entry = next(e for e in tables.starting_equipment.kit(adventurer.background or "") if e.name == choice.name)
    if ref not in choice.options:
        _check_pick(tables, entry, ref)
    gear = list(adventurer.gear)
    weapons = list(adventurer.weapons)
    kept = gear[:gear_index] if choice.pick == "one" else gear[:gear_index + 1]
    added: list[Gear] = []
    _take(tables, ref, added, weapons)
    gear = kept + added + gear[gear_index + 1:]
    item = tables.item(ref)
    more = "" if choice.pick == "one" else "; more can be chosen, or the line removed"
    step = Step(field="gear", text=f"{choice.name}: {item.name if item else ref} chosen{more}",
                source="runequest/starting_equipment", rulings=entry.rulings)
    return msgspec.structs.replace(adventurer, gear=tuple(gear), weapons=tuple(weapons)), step


def apply_background(
    adventurer: Adventurer,
    tables: RuneQuestTables,
    result: BackgroundResult,
    picks: Mapping[int, Sequence[str]] | None = None,
) -> tuple[Adventurer, tuple[Step, ...]]:
    """Gives a rolled background: the class, the money, the kit and the pack. A noble's money,
    a year's income, goes to savings, not carried (RQ-130); anyone else's is carried.

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

    def take(ref: str) -> None:
        _take(tables, ref, gear, weapons)

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
            gear.append(Gear(name=f"{entry.name}{TO_CHOOSE}"))
            continue
        if entry.pick == "one" and len(chosen) != 1:
            raise IllegalActionError(f"starting kit: {entry.name!r} is one item; {len(chosen)} were chosen")
        for ref in chosen:
            _check_pick(tables, entry, ref)
            take(ref)
    pack = tables.starting_equipment.pack
    gear.append(Gear(name=pack.name, enc=pack.enc))
    row = tables.background.get(result.background)
    income = row is not None and row.yearly
    if income and result.money:  # RQ-130: a noble's income waits where it is collected
        working.append(Step(field="savings", text=f"{result.money} L of income kept as savings, where it is "
                                                  "collected: not carried, it weighs nothing; type the money "
                                                  "carried", rulings=("RQ-130",)))
    working.append(
        Step(field="gear", text=f"{pack.name}: {pack.contents}, ENC {pack.enc}", source="runequest/starting_equipment")
    )
    after = msgspec.structs.replace(
        adventurer,
        background=result.background,
        background_roll=result.roll,
        money=adventurer.money + (0 if income else result.money),
        savings=adventurer.savings + (result.money if income else 0),
        gear=tuple(gear),
        weapons=tuple(weapons),
    )
    return after, tuple(working)
