"""``python -m pyengine gear line CHARACTER.json ITEM.json`` and ``gear block ATTACK.json ARMOUR.json``.

With ``--json`` each prints one JSON object (docs/formats.md); without, a short
summary and the working. A file that cannot be read, is not JSON, has an
unknown key or a value of the wrong type exits 2 with a message naming the file
and the key; so do items the rules cannot tell apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from pyengine.errors import InputFileError, RulesError
from pyengine.gear.blocking import Attack, BlockResult, resolve_block
from pyengine.gear.items import COLUMNS, Character, Item
from pyengine.gear.sheet import SheetLine, sheet_line
from pyengine.tables import Record
from pyengine.validation import explain, not_json

T = TypeVar("T")


class Armour(Record):
    """ARMOUR.json as an object: the items, and the one actively defending (if any)."""

    items: tuple[Item, ...]
    defending: str | None = None


def read_json(path: str, schema: type[T], label: str) -> T:
    """Reads and validates one input file.

    :raises InputFileError: unreadable, not JSON, an unknown key or a wrong type (the key named).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InputFileError(f"{label} {path!r}: cannot be read ({exc.strerror or exc})") from None
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise InputFileError(f"{label} {path!r}: {not_json(exc)}") from None
    try:
        return msgspec.convert(raw, type=schema)
    except msgspec.ValidationError as exc:
        raise InputFileError(f"{label} {path!r}: {explain(exc, raw, root='file')}") from None


def line_json(line: SheetLine) -> dict[str, Any]:
    """``gear line --json``: the eleven columns (null where one does not apply), and
    ``special`` only when the item has special columns."""
    data: dict[str, Any] = {c.key: line.value(c.key) for c in COLUMNS}
    if line.special:
        data["special"] = dict(line.special)
    return data


def block_json(result: BlockResult) -> dict[str, Any]:
    """``gear block --json`` (see docs/formats.md)."""
    return {
        "defence": result.attack.defence.value,
        "rule": result.rule.value,
        "blocked": list(result.blocked),
        "half_blocked": list(result.half_blocked),
        "power": result.attack.power,
        "power_left": result.power_left,
        "absorbed": {s.name: s.absorbed for s in result.steps},
        "damage": {s.name: s.damage_taken for s in result.steps},
        "broken": list(result.broken),
        "hit_too_hard": result.hit_too_hard,
        "weapon_damage": None if result.weapon is None else (result.weapon_damage.damage if result.weapon_damage else 0),
        "weapon_broken": None if result.weapon is None else result.weapon_broke,
        "items": msgspec.to_builtins(result.items),
        "weapon": None if result.weapon is None else msgspec.to_builtins(result.weapon),
        "working": [step.text for step in result.working],
    }


def _run_line(args: argparse.Namespace) -> int:
    character = read_json(args.character, Character, "CHARACTER.json")
    item = read_json(args.item, Item, "ITEM.json")
    line = sheet_line(character, item)
    if args.json:
        print(json.dumps(line_json(line)))
    else:
        cells = [f"{c.abbr} {'—' if line.value(c.key) is None else line.value(c.key)}" for c in COLUMNS]
        cells += [f"{k} {v}" for k, v in line.special.items()]
        print(f"{line.item}: " + ", ".join(cells))
        print("\n".join(f"  {step.text}" for step in line.working))
    return 0


def _run_block(args: argparse.Namespace) -> int:
    attack = read_json(args.attack, Attack, "ATTACK.json")
    armour = read_json(args.armour, Armour | tuple[Item, ...], "ARMOUR.json")  # type: ignore[arg-type]
    items, defending = (armour.items, armour.defending) if isinstance(armour, Armour) else (armour, None)
    try:
        result = resolve_block(attack, items, defending)
    except RulesError as exc:
        raise InputFileError(f"ARMOUR.json {args.armour!r}: {exc}") from None
    if args.json:
        print(json.dumps(block_json(result)))
    else:
        what = (
            f"blocked by {', '.join(result.blocked)}" if result.blocked
            else f"half blocked by {' and '.join(result.half_blocked)}" if result.half_blocked
            else "not blocked"
        )
        print(f"{what}; power {result.attack.power} → {result.power_left} gets through; "
              f"broken: {', '.join(result.broken) or 'nothing'}"
              + (f"; {result.weapon.name} broken" if result.weapon is not None and result.weapon_broke else ""))
        print("\n".join(f"  {step.text}" for step in result.working))
    return 0


def _guarded(run: Any) -> Any:
    def wrapper(args: argparse.Namespace) -> int:
        try:
            code: int = run(args)
        except InputFileError as exc:
            print(f"gear {args.action}: error: {exc}", file=sys.stderr)
            return 2
        return code

    return wrapper


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Adds the ``gear`` command (``line`` and ``block``) to an ``argparse`` subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "gear",
        help="equipment list vs character sheet, and layered-armour blocking (seed 000)",
        description="Equipment lists vs. character sheets, and blocking with armour. Files are JSON; "
        "see docs/formats.md for their keys.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    line = actions.add_parser("line", help="the character sheet line for one item")
    line.add_argument("character", metavar="CHARACTER.json", help="reach, size, encumbrance, hand_to_hand, marksmanship, skill")
    line.add_argument("item", metavar="ITEM.json", help="name, kind and the item's bonuses (absent: no such bonus)")
    line.add_argument("--json", action="store_true", help="print one JSON object")
    line.set_defaults(func=_guarded(_run_line))
    block = actions.add_parser("block", help="one attack against the armour worn and the item defending")
    block.add_argument("attack", metavar="ATTACK.json", help="success_level, power, defence, weapon")
    block.add_argument("armour", metavar="ARMOUR.json", help="a list of items, or {\"items\": [...], \"defending\": name}")
    block.add_argument("--json", action="store_true", help="print one JSON object")
    block.set_defaults(func=_guarded(_run_block))
    return parser
