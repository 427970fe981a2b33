"""Equipment Lists vs. Character Sheets: the sheet line for one item.

"The armor and weapon bonuses listed on the character sheet are determined by
comparing the character's bonuses to the armor and/or weapon's bonuses, so the
bonuses listed for a weapon on the character sheet may not be the same as the
bonuses listed for the same weapon on an equipment list."

:func:`sheet_line` works out every column the seed defines, keeps a step per
column saying how it was reached, and names the columns where the sheet
differs from the list.
"""

from __future__ import annotations

from pyengine.gear.items import COLUMNS, Character, Item, ItemKind
from pyengine.tables import Record
from pyengine.working import Step, cite


class SheetLine(Record):
    """An item's line on the character sheet; ``None`` where a column does not apply."""

    item: str
    """The item's name."""
    kind: ItemKind
    rch: int | None
    pwr: int | None
    hft: int | None
    shp: int | None
    cmb: int | None
    atk: int | None
    grp: int | None
    par: int | None
    tgh: int | None
    cvr: int | None
    abs: int | None
    special: dict[str, int]
    """The special columns, as the list gives them."""
    differs: tuple[str, ...]
    """Keys of the columns where the sheet's value is not the list's (both given)."""
    working: tuple[Step, ...]
    """How each column was reached (``field`` the column's key, ``source`` the seed's section),
    citing rulings (GEAR-n)."""

    def value(self, key: str) -> int | None:
        """The value in a column by key (``"rch"``)."""
        value: int | None = getattr(self, key)
        return value


#: The seed's section for each column (seed 000, "Equipment Lists vs. Character Sheets").
SECTIONS: dict[str, str] = {
    "rch": "Reach (Rch)",
    "pwr": "Power (Pwr)",
    "hft": "Heft (Hft)",
    "shp": "Sharpness (Shp)",
    "cmb": "Combat Bonus (Cmb)",
    "atk": "Attack (Atk)",
    "grp": "Grapple (Grp)",
    "par": "Parry (Par)",
    "tgh": "Toughness (Tgh)",
    "cvr": "Cover (Cvr) and Absorb (Abs)",
    "abs": "Cover (Cvr) and Absorb (Abs)",
    "special": "Special Bonuses (___)",
}


def _skill_text(skill: int) -> str:
    return f"skill {skill}" if skill else "skill 0 (none applies)"


def _step(key: str, text: str, value: int | None, *rulings: str) -> Step:
    return Step(field=key, text=text, source=SECTIONS[key], rulings=cite(rulings), value=value)


def sheet_line(character: Character, item: Item, *, skill: int | None = None) -> SheetLine:
    """Works out the sheet line for ``item`` carried by ``character``.

    ``skill`` is the bonus of the skill that applies to this item; None takes
    the character's ``skill``.
    """
    skill = character.skill if skill is None else skill
    name = item.name
    steps: list[Step] = []
    values: dict[str, int | None] = {}

    def none(key: str, text: str, *rulings: str) -> None:
        values[key] = None
        steps.append(_step(key, text, None, *rulings))

    def worked(key: str, value: int | None, text: str, *rulings: str) -> None:
        values[key] = value
        steps.append(_step(key, text, value, *rulings))

    # Rch - character reach + weapon reach
    if item.reach is None:
        none("rch", f"Rch: none, {name} lists no reach (GEAR-2)", "GEAR-2")
    else:
        rch = character.reach + item.reach
        worked("rch", rch, f"Rch = character reach {character.reach} + {name} reach {item.reach} = {rch}")

    # Pwr - character size or weapon power, whichever is greater
    if item.power is None:
        none("pwr", f"Pwr: none, {name} lists no power (GEAR-2)", "GEAR-2")
    else:
        pwr = max(character.size, item.power)
        which = "character size" if character.size > item.power else f"{name} power"
        worked(
            "pwr", pwr,
            f"Pwr = the greater of character size {character.size} and {name} power {item.power} = {pwr} ({which})",
        )

    # Hft - character encumbrance or weapon heft, whichever is lower
    if item.heft is None:
        none("hft", f"Hft: none, {name} lists no heft (GEAR-2)", "GEAR-2")
        heft_term, heft_text = character.encumbrance, f"character encumbrance {character.encumbrance} ({name} lists no heft, GEAR-2)"
        heft_rulings: tuple[str, ...] = ("GEAR-2",)
    else:
        heft_term = min(character.encumbrance, item.heft)
        worked(
            "hft", heft_term,
            f"Hft = the lower of character encumbrance {character.encumbrance} and {name} heft {item.heft} = {heft_term}",
        )
        heft_text, heft_rulings = f"Hft {heft_term}", ()

    # Shp - the weapon's sharpness, a bonus to lasting damage
    if item.sharpness is None:
        none("shp", f"Shp: none, {name} lists no sharpness (GEAR-2; blunt weapons list -5)", "GEAR-2")
    else:
        worked("shp", item.sharpness, f"Shp = {name} sharpness {item.sharpness}, as listed (no character part)")

    # Cmb - hand to hand + skill + encumbrance, for hand to hand weapons only
    if item.kind is ItemKind.MELEE:
        cmb = character.hand_to_hand + skill + heft_term
        worked(
            "cmb", cmb,
            f"Cmb = hand to hand {character.hand_to_hand} + {_skill_text(skill)} + encumbrance read as "
            f"{heft_text} (GEAR-1) = {cmb}",
            "GEAR-1", *heft_rulings,
        )
    else:
        why = "a missile weapon uses Atk instead" if item.kind is ItemKind.MISSILE else "armour is not a hand to hand weapon"
        none("cmb", f"Cmb: none, it only applies to a hand to hand weapon; {why} (GEAR-2)", "GEAR-2")

    # Atk - ability + skill + weapon attack + Hft, for missile weapons and weapons with an attack bonus
    if item.kind is ItemKind.MISSILE:
        ability, ability_name = character.marksmanship, "marksmanship"
    else:
        ability, ability_name = character.hand_to_hand, "hand to hand"
    if item.attack is None and item.kind is not ItemKind.MISSILE:
        none("atk", f"Atk: none, {name} has no attack bonus and is not a missile weapon (GEAR-2)", "GEAR-2")
    else:
        attack = item.attack or 0
        listed = f"{name} attack {attack}" + (" (none listed: 0, GEAR-2)" if item.attack is None else "")
        atk = ability + skill + attack + heft_term
        worked(
            "atk", atk,
            f"Atk = {ability_name} {ability} (GEAR-3) + {_skill_text(skill)} + {listed} + {heft_text} = {atk}",
            "GEAR-3", *heft_rulings, *(("GEAR-2",) if item.attack is None else ()),
        )

    # Grp - ability + skill + weapon grapple + Hft, for weapons with a grapple bonus
    if item.grapple is None:
        none("grp", f"Grp: none, {name} has no grapple bonus (GEAR-2)", "GEAR-2")
    else:
        grp = ability + skill + item.grapple + heft_term
        worked(
            "grp", grp,
            f"Grp = {ability_name} {ability} (GEAR-3) + {_skill_text(skill)} + {name} grapple {item.grapple} + "
            f"{heft_text} = {grp}",
            "GEAR-3", *heft_rulings,
        )

    # Par - hand to hand + skill + weapon parry + Hft, for weapons with a parry bonus
    if item.parry is None:
        none("par", f"Par: none, {name} has no parry bonus (GEAR-2)", "GEAR-2")
    else:
        par = character.hand_to_hand + skill + item.parry + heft_term
        worked(
            "par", par,
            f"Par = hand to hand {character.hand_to_hand} + {_skill_text(skill)} + {name} parry {item.parry} + "
            f"{heft_text} = {par}",
            *heft_rulings,
        )

    # Tgh, Cvr, Abs - the item's own, as listed now
    for key, label, listed in (("tgh", "toughness", item.toughness), ("cvr", "cover", item.cover), ("abs", "absorb", item.absorb)):
        abbr = key.capitalize()
        if listed is None:
            none(key, f"{abbr}: none, {name} lists no {label} (GEAR-2)", "GEAR-2")
        elif item.broken:
            worked(key, listed, f"{abbr} = {name} {label} {listed}, as listed (broken, GEAR-8)", "GEAR-8")
        else:
            worked(key, listed, f"{abbr} = {name} {label} {listed}, as listed")

    for label, value in item.special.items():
        steps.append(Step(field=f"special.{label}", text=f"{label} = {value}, a special column, as listed",
                          source=SECTIONS["special"], value=value))

    differs = tuple(
        c.key
        for c in COLUMNS
        if c.field is not None
        and values[c.key] is not None
        and getattr(item, c.field) is not None
        and values[c.key] != getattr(item, c.field)
    )
    return SheetLine(
        item=name,
        kind=item.kind,
        special=dict(item.special),
        differs=differs,
        working=tuple(steps),
        **values,  # type: ignore[arg-type]
    )
