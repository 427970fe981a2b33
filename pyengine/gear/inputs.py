"""Reading what a person types on the gear page: every problem at once, each tied to its field.

The page's fields are plain text (so nothing typed is ever thrown away by the
browser); these functions read a form's texts and return the value, or ``None``
and a message per bad field naming the field and the value -- for the page to
show next to that field. The ``*_texts`` functions print values back into
texts, so a link or a record fills the form as if typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.errors import RulesError
from pyengine.gear.blocking import Defence
from pyengine.gear.items import BONUS_FIELDS, COLUMNS, Character, Item, ItemKind
from pyengine.gear.notation import format_specials, format_whole, parse_specials, parse_whole
from pyengine.gear.state import BlockInputs, Entry

#: An item's text fields, in the editor's order ("broken" is a checkbox: "1" or "").
ITEM_FIELDS: tuple[str, ...] = ("name", "kind", *BONUS_FIELDS, "skill", "special")
#: Field -> how messages and labels name it.
ITEM_LABELS: dict[str, str] = {
    "name": "Name",
    "kind": "Kind",
    **{c.field: c.abbr for c in COLUMNS if c.field},
    "skill": "Skill",
    "special": "Special bonuses",
    "broken": "Broken",
}
#: The character's fields and their labels (a blank field is 0).
CHARACTER_FIELDS: tuple[tuple[str, str], ...] = (
    ("reach", "Reach"),
    ("size", "Size"),
    ("encumbrance", "Encumbrance"),
    ("hand_to_hand", "Hand to hand"),
    ("marksmanship", "Marksmanship"),
)
#: The block resolver's fields and their labels.
BLOCK_LABELS: dict[str, str] = {
    "success_level": "Success level",
    "power": "Attack power",
    "defence": "Defence",
    "defending": "Actively defending",
    "weapon_name": "Attacking weapon",
    "weapon_toughness": "Attacking weapon's toughness",
    "weapon_absorb": "Attacking weapon's absorb",
    "weapon_broken": "Attacking weapon broken",
}
KINDS = ", ".join(k.value for k in ItemKind)
_TRUE = {"1", "true", "on", "yes"}

Errors = dict[str, str]


def _whole(texts: Mapping[str, str], field: str, what: str, errors: Errors, *, low: int = -999, blank: int | None = None) -> int | None:
    try:
        value = parse_whole(texts.get(field, ""), what, low=low)
    except RulesError as exc:
        errors[field] = str(exc)
        return None
    return blank if value is None else value


def read_character(texts: Mapping[str, str]) -> tuple[Character | None, Errors]:
    """Reads the character's bonuses (a blank field is 0)."""
    errors: Errors = {}
    values = {field: _whole(texts, field, label, errors, blank=0) for field, label in CHARACTER_FIELDS}
    if errors:
        return None, errors
    return Character(**values), errors  # type: ignore[arg-type]


def read_entry(texts: Mapping[str, str], number: int) -> tuple[Entry | None, Errors]:
    """Reads one item of the list; ``number`` (from 1) names it while it has no name."""
    errors: Errors = {}
    name = texts.get("name", "").strip()
    if not name:
        errors["name"] = f"Name of item {number}: empty; give the item a name"
    elif len(name) > 80:
        errors["name"] = f"Name of item {number}: {name[:20]!r}… is longer than 80 characters"
    called = repr(name) if name else f"item {number}"
    kind_text = texts.get("kind", "").strip().lower()
    kind = ItemKind(kind_text) if kind_text in ItemKind.__members__.values() else None
    if kind is None:
        errors["kind"] = f"Kind of {called}: {texts.get('kind', '')!r} is not one of {KINDS}"
    bonuses: dict[str, int | None] = {}
    for field in BONUS_FIELDS:
        low = 0 if field in ("cover", "absorb") else -999
        bonuses[field] = _whole(texts, field, f"{ITEM_LABELS[field]} of {called}", errors, low=low)
    skill = _whole(texts, "skill", f"Skill of {called}", errors, blank=0)
    try:
        special = parse_specials(texts.get("special", ""), f"Special bonuses of {called}")
    except RulesError as exc:
        errors["special"] = str(exc)
        special = {}
    if errors:
        return None, errors
    assert kind is not None and skill is not None
    item = Item(name=name, kind=kind, special=special, broken=texts.get("broken", "") in _TRUE, **bonuses)  # type: ignore[arg-type]
    return Entry(item=item, skill=skill), errors


def read_entries(rows: Sequence[tuple[str, Mapping[str, str]]]) -> tuple[tuple[Entry, ...] | None, dict[tuple[str, str], str]]:
    """Reads the whole list: ``rows`` are (key, texts) per item; errors are keyed (key, field).

    Two items with one name (in any case) are an error on the later one's name.
    """
    errors: dict[tuple[str, str], str] = {}
    entries: list[Entry] = []
    first: dict[str, int] = {}
    for number, (key, texts) in enumerate(rows, 1):
        entry, problems = read_entry(texts, number)
        errors.update({(key, field): message for field, message in problems.items()})
        name = texts.get("name", "").strip()
        if name and "name" not in problems:
            if name.lower() in first:
                errors[(key, "name")] = (
                    f"Name of item {number}: {name!r} is the name of item {first[name.lower()]} too; "
                    "give each item its own name"
                )
            else:
                first[name.lower()] = number
        if entry is not None:
            entries.append(entry)
    if errors:
        return None, errors
    return tuple(entries), errors


def read_block(texts: Mapping[str, str], names: Sequence[str] | None) -> tuple[BlockInputs | None, Errors]:
    """Reads the attack to block; ``names`` are the list's item names (None: the list has errors)."""
    errors: Errors = {}
    values: dict[str, int | None] = {}
    for field, what in (("success_level", "the attack's success level"), ("power", "the attack's power")):
        label = BLOCK_LABELS[field]
        value = _whole(texts, field, label, errors, low=0)
        if value is None and field not in errors:
            errors[field] = f"{label}: empty; type {what} (0 or more)"
        values[field] = value
    defence_text = texts.get("defence", "").strip()
    defence = Defence(defence_text) if defence_text in Defence.__members__.values() else None
    if defence is None:
        errors["defence"] = f"Defence: {defence_text!r} is not one of failed, half, success; choose how the defence went"
    defending = texts.get("defending", "").strip() or None
    if defending is not None and names is not None:
        match = [n for n in names if n.lower() == defending.lower()]
        if not match:
            errors["defending"] = f"Actively defending: no item in the list is named {defending!r}"
        else:
            defending = match[0]
    weapon = None
    weapon_name = texts.get("weapon_name", "").strip()
    toughness = _whole(texts, "weapon_toughness", BLOCK_LABELS["weapon_toughness"], errors)
    absorb = _whole(texts, "weapon_absorb", BLOCK_LABELS["weapon_absorb"], errors, low=0)
    if len(weapon_name) > 80:
        errors["weapon_name"] = f"Attacking weapon: {weapon_name[:20]!r}… is longer than 80 characters"
    elif weapon_name or toughness is not None or absorb is not None:
        weapon = Item(
            name=weapon_name or "attacking weapon",
            kind=ItemKind.MELEE,
            toughness=toughness,
            absorb=absorb,
            broken=texts.get("weapon_broken", "") in _TRUE,
        )
    if errors:
        return None, errors
    assert values["success_level"] is not None and values["power"] is not None and defence is not None
    return BlockInputs(
        success_level=values["success_level"], power=values["power"], defence=defence, defending=defending, weapon=weapon
    ), errors


def character_texts(character: Character) -> dict[str, str]:
    """The character form's texts for these bonuses."""
    return {field: str(getattr(character, field)) for field, _ in CHARACTER_FIELDS}


def entry_texts(entry: Entry) -> dict[str, str]:
    """An item's texts, as :func:`read_entry` reads them back."""
    item = entry.item
    texts = {"name": item.name, "kind": item.kind.value}
    texts.update({field: format_whole(getattr(item, field)) for field in BONUS_FIELDS})
    texts["skill"] = format_whole(entry.skill) if entry.skill else ""
    texts["special"] = format_specials(item.special)
    texts["broken"] = "1" if item.broken else ""
    return texts


def block_texts(block: BlockInputs) -> dict[str, str]:
    """The block form's texts for these inputs."""
    weapon = block.weapon
    return {
        "success_level": str(block.success_level),
        "power": str(block.power),
        "defence": block.defence.value,
        "defending": block.defending or "",
        "weapon_name": weapon.name if weapon else "",
        "weapon_toughness": format_whole(weapon.toughness) if weapon else "",
        "weapon_absorb": format_whole(weapon.absorb) if weapon else "",
        "weapon_broken": "1" if weapon and weapon.broken else "",
    }
