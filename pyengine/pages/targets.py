"""Who the shrapnel page's pattern can find: the adventurers saved on this device and the
fighters of the fight in progress, each with the armour they wear as the shrapnel table's
pieces.

A RuneQuest hit location is one of the table's areas, or one limb of one: head → Head, chest
→ Chest, abdomen → Abdomen, right and left arm → Arms, right and left leg → Legs; one arm or
one leg alone is a limb, and Arms or Legs is covered only when both are (SHR-13). A saved
adventurer's worn pieces (the sheet's "Worn" armour, by the armour tables' names, or the
name the player gave the line) are each a piece of its own: each makes its own breakage
check. A fighter from a quick stat block has armour points by location and no pieces: each
area with armour is its own piece, as a ticked area is, and one armoured limb alone is a
piece ("left arm armour"). A fighter who came from a saved adventurer wears that adventurer's
pieces. Records are read as the combat page lists them (a record that cannot be read stays
where it is, unlisted); the fight is read from fight mode's draft (its ``link``), and only
when there is one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from pyengine.errors import RulesError
from pyengine.library.drafts import read_draft
from pyengine.library.records import read_all
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, Location
from pyengine.shrapnel.armour import MAX_NAME, ArmourPiece
from pyengine.shrapnel.inputs import format_pieces
from pyengine.shrapnel.vocabulary import Area, Limb
from pyengine.storage.store import Store
from pyengine.tables import load_table

#: The tables a saved adventurer's worn pieces are read with (names, what each covers).
ARMOUR_TABLES = ("runequest/helmets", "runequest/body_armour")
#: The groups of the page's "Target" choices.
SAVED, FIGHT = "Saved adventurers", "Fight in progress"
_ONE_PLACE = {Location.HEAD: Area.HEAD, Location.CHEST: Area.CHEST, Location.ABDOMEN: Area.ABDOMEN}
_LIMBS = {
    Location.RIGHT_ARM: Limb.RIGHT_ARM, Location.LEFT_ARM: Limb.LEFT_ARM,
    Location.RIGHT_LEG: Limb.RIGHT_LEG, Location.LEFT_LEG: Limb.LEFT_LEG,
}


class Target(NamedTuple):
    """Someone the page can read the critical against, and the armour they wear."""

    key: str
    """The choice's value: ``adventurer:<id>`` or ``fighter:<name>``."""
    name: str
    group: str
    """:data:`SAVED` or :data:`FIGHT`."""
    pieces: tuple[ArmourPiece, ...]
    """The named pieces, for the typed pieces field."""
    covered: tuple[Area, ...]
    """The areas to tick, each its own piece (a quick stat block's armour by location)."""
    taken: str
    """What was taken, in words: the pieces by name and what each covers, and what was left out."""


def location_cover(locations: Iterable[Location]) -> tuple[tuple[Area, ...], tuple[Limb, ...]]:
    """Hit locations as the shrapnel table's areas, and the limbs of Arms or Legs covered alone
    (SHR-13), each in the table's order.

    >>> location_cover([Location.HEAD, Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_LEG])
    ((<Area.HEAD: 'head'>, <Area.ARMS: 'arms'>), (<Limb.LEFT_LEG: 'left leg'>,))
    """
    found = set(locations)
    areas = {area for loc, area in _ONE_PLACE.items() if loc in found}
    limbs = {limb for loc, limb in _LIMBS.items() if loc in found}
    areas |= {limb.area for limb in limbs if limb.pair in limbs}
    return (tuple(a for a in Area if a in areas), tuple(limb for limb in Limb if limb in limbs and limb.area not in areas))


def armour_catalogue(blobs: Mapping[str, bytes]) -> dict[str, Any]:
    """The armour pieces of the helmet and body armour tables by id (``blobs``: each of
    :data:`ARMOUR_TABLES`' msgpack, as the site ships it).

    :raises TableDataError: a table that does not decode (named).
    """
    # the armour tables' schema loads with someone to offer, not at the shrapnel page's start
    from pyengine.runequest.tables.armour import ArmourTable

    out = {}
    for table_id in ARMOUR_TABLES:
        table = load_table(ArmourTable, blobs[table_id], f"tables/{table_id}.msgpack")
        out.update({piece.id: piece for piece in table.pieces})
    return out


def _piece_name(wanted: str, taken: set[str]) -> str:
    """A piece's name as the typed pieces field can hold it: no ``;`` or ``:``, at most
    :data:`MAX_NAME` characters, and not one already used (``cap 2``)."""
    name = " ".join(wanted.replace(";", ",").replace(":", " ").split())[:MAX_NAME].strip() or "armour"
    n = 1
    while name.lower() in taken:
        n += 1
        suffix = f" {n}"
        name = name[: MAX_NAME - len(suffix)].rstrip() + suffix
    taken.add(name.lower())
    return name


def _covers(areas: tuple[Area, ...], limbs: tuple[Limb, ...]) -> str:
    return ", ".join(c.value for c in (*areas, *limbs))


def worn_pieces(gear: Iterable[Any], catalogue: Mapping[str, Any]) -> tuple[tuple[ArmourPiece, ...], list[str], list[str]]:
    """An adventurer's worn armour (``gear``: the record's lines) as pieces, what was taken
    (``name (covers)``), and the worn lines left out (not armour the tables know)."""
    pieces, taken, left = [], [], []
    names: set[str] = set()
    for line in gear:
        if not line.worn:
            continue
        piece = catalogue.get(line.ref or "")
        if piece is None:
            left.append(line.name or line.ref or "a worn line")
            continue
        areas, limbs = location_cover(piece.locations)
        if not areas and not limbs:
            left.append(line.name or piece.name)
            continue
        name = _piece_name(line.name or piece.name, names)
        pieces.append(ArmourPiece(name=name, areas=areas, limbs=limbs))
        taken.append(f"{name} ({_covers(areas, limbs)})")
    return tuple(pieces), taken, left


def _said(name: str, taken: list[str], left: list[str], source: str) -> str:
    what = "; ".join(taken) if taken else "no armour worn"
    text = f"Taken from {name}'s {source}: {what}."
    if left:
        text += f" Left out (not armour the tables know): {', '.join(left)}."
    return text


def saved_adventurers(store: Store) -> dict[str, Any]:
    """The device's saved adventurers that read, by id (as the combat page lists them: a record
    that cannot be read stays where it is, unlisted)."""
    # the sheet's rules load with someone saved, not at the shrapnel page's start
    from pyengine.runequest.sheet.adventurer import load_adventurer

    return {e.ident: e.value for e in read_all(store, "character", load_adventurer).entries}


def saved_targets(saved: Mapping[str, Any], catalogue: Mapping[str, Any]) -> list[Target]:
    """Each saved adventurer, by name, with the pieces worn."""
    out = []
    for ident, adventurer in saved.items():
        name = adventurer.name.strip() or f"adventurer {ident}"
        pieces, taken, left = worn_pieces(adventurer.gear, catalogue)
        out.append(Target(f"adventurer:{ident}", name, SAVED, pieces, (), _said(name, taken, left, "worn armour")))
    return sorted(out, key=lambda t: t.name.casefold())


def fight_combatants(store: Store) -> tuple[Any, ...]:
    """The fighters of the fight in progress (fight mode's draft), or none: no draft, no fight
    in it, or one that does not read (fight mode says why when it opens)."""
    try:
        draft = json.loads(read_draft(store, "fight") or "{}")
    except ValueError:
        return ()
    link = draft.get("link") if isinstance(draft, dict) else None
    if not isinstance(link, str) or not link:
        return ()
    # the melee log loads only with a fight in progress to read
    from pyengine.runequest.melee.log import read_any

    try:
        return read_any(link).fight.combatants
    except RulesError:
        return ()


def fight_targets(combatants: Iterable[Any], saved: Mapping[str, Any], catalogue: Mapping[str, Any]) -> list[Target]:
    """Each fighter, in the fight's order: a saved adventurer's worn pieces, or a quick stat
    block's armour by location."""
    out = []
    for c in combatants:
        adventurer = saved.get(c.character) if c.character else None
        if adventurer is not None:
            pieces, taken, left = worn_pieces(adventurer.gear, catalogue)
            said = _said(c.name, taken, left, "saved sheet, the armour worn")
            out.append(Target(f"fighter:{c.name}", c.name, FIGHT, pieces, (), said))
            continue
        armoured = [LOCATION_BY_KEY[key] for key, points in c.armour.items() if points > 0]
        areas, limbs = location_cover(armoured)
        alone = tuple(ArmourPiece(name=f"{limb.value} armour", areas=(), limbs=(limb,)) for limb in limbs)
        where = _covers(areas, limbs) or "no location"
        said = (f"Taken from {c.name}'s armour by location (a quick stat block: no pieces named, so each area "
                f"is its own piece): {where}.")
        out.append(Target(f"fighter:{c.name}", c.name, FIGHT, alone, areas, said))
    return out


def typed(target: Target) -> str:
    """The target's named pieces as the typed pieces field holds them."""
    return format_pieces(target.pieces)
