"""``python -m pyengine sheet --str N --con N --siz N --int N --pow N --dex N --cha N [--json]``.

Derives an adventurer's basic sheet from the seven characteristics, reading the
RuneQuest tables from the repository (``tables/runequest/*.toml``). With ``--json``
it prints one JSON object with exactly the keys of :func:`sheet_json`; without, a
short summary. A value outside the human 3-21 exits 2 naming the characteristic
and the value (every one that is out, at once).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pyengine.cli.tables import load_tables
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.characteristics import Characteristics, range_problems
from pyengine.runequest.sheet.derive import DerivedSheet, derive
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, Characteristic


def _score(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Adds the ``sheet`` command to an ``argparse`` subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "sheet",
        help="derive a RuneQuest adventurer's abilities from the seven characteristics",
        description="Derive hit points, location hit points, damage bonus, natural abilities, "
        "maximum ENC, strike ranks and movement from the seven characteristics (each 3-21).",
    )
    for c in Characteristic:
        parser.add_argument(
            f"--{c.value.lower()}", dest=c.value, type=_score, required=True, metavar="N", help=f"{c} (3-21)"
        )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)
    return parser


def sheet_json(sheet: DerivedSheet) -> dict[str, Any]:
    """The command's JSON object: exactly these keys (see docs/formats.md)."""
    n = sheet.natural
    return {
        "hit_points": sheet.hit_points,
        "locations": {LOCATION_KEYS[loc]: sheet.locations[LOCATION_KEYS[loc]] for loc in SHEET_ORDER},
        "damage_bonus": sheet.damage_bonus,
        "attack": n.attack,
        "parry": n.parry,
        "defense": n.defense,
        "perception": n.perception,
        "stealth": n.stealth,
        "manipulation": n.manipulation,
        "knowledge": n.knowledge,
        "max_enc": sheet.max_enc,
        "dex_sr": sheet.dex_sr,
        "siz_sr": sheet.siz_sr,
        "move": sheet.move,
    }


def _summary(sheet: DerivedSheet) -> str:
    n = sheet.natural
    locations = ", ".join(f"{loc.value} {sheet.locations[LOCATION_KEYS[loc]]}" for loc in SHEET_ORDER)
    return "\n".join(
        [
            f"hit points {sheet.hit_points} ({locations})",
            f"damage bonus {sheet.damage_bonus or 'none'}",
            f"attack {n.attack:+d}%, parry {n.parry:+d}%, Defense {n.defense:+d}%, perception {n.perception:+d}%, "
            f"stealth {n.stealth:+d}%, manipulation {n.manipulation:+d}%, knowledge {n.knowledge:+d}%",
            f"max ENC {sheet.max_enc}, DEX SR {sheet.dex_sr}, SIZ SR {sheet.siz_sr}, move {sheet.move}",
        ]
    )


def run(args: argparse.Namespace) -> int:
    """Runs the command; returns the exit code (a characteristic out of range: message on stderr, exit 2)."""
    tables = load_tables()
    raw = {c.value: getattr(args, c.value) for c in Characteristic}
    # Check the human limits before building the record, so a wild value is named, not rejected by the schema.
    scores = Characteristics(**raw)
    found = range_problems(tables.characteristics, scores)
    if found:
        print("sheet: error: " + "; ".join(message for _, message in found), file=sys.stderr)
        return 2
    sheet = derive(Adventurer(characteristics=scores), tables)
    if args.json:
        print(json.dumps(sheet_json(sheet)))  # ASCII only, so any console can show it
    else:
        print(_summary(sheet))
    return 0
