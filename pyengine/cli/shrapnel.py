"""``python -m pyengine shrapnel ROLL SEVERITY [--covered …] [--piece …] [--json]``.

Resolves one Ballistic Shrapnel critical from the table file in the repository
(``tables/shrapnel/ballistic.toml``) and prints it: with ``--json``, one JSON
object with exactly the keys of :func:`result_json`; without, a short summary.
Bad arguments exit 2 with a message on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pyengine.cli.tables import ballistic
from pyengine.errors import RulesError
from pyengine.shrapnel.armour import ArmourItem, ArmourPiece, fold_armour
from pyengine.shrapnel.inputs import read_roll
from pyengine.shrapnel.resolve import ShrapnelResult
from pyengine.shrapnel.resolve import resolve as resolve_critical
from pyengine.shrapnel.vocabulary import Area, Limb, Severity, parse_area, parse_cover, parse_severity

# -- argument types: each raises ArgumentTypeError, which argparse turns into exit 2 --


def _roll(text: str) -> int:
    # As the page reads a typed roll: "00" is the d100's 100.
    try:
        return read_roll(text)
    except RulesError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a d100 roll (1 to 100; 00 is 100)") from None


def _severity(text: str) -> Severity:
    try:
        return parse_severity(text)
    except RulesError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a severity (A, B, C, D or E)") from None


def _areas(text: str) -> list[Area]:
    try:
        return [parse_area(part) for part in text.split(",") if part.strip()] or [parse_area(text)]
    except RulesError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: areas are head, chest, abdomen, legs, arms (comma-separated)"
        ) from None


def _piece(text: str) -> ArmourPiece:
    name, sep, areas = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: a piece is NAME=AREA+AREA, e.g. vest=chest+abdomen")
    try:
        covers = [parse_cover(a) for a in areas.split("+")]
        (piece,) = fold_armour(ArmourPiece(
            name=name.strip(),
            areas=tuple(c for c in covers if isinstance(c, Area)),
            limbs=tuple(c for c in covers if isinstance(c, Limb)),  # one arm or one leg (SHR-13)
        )).named
    except RulesError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: areas are head, chest, abdomen, legs, arms (or one limb: left arm, right leg…), joined by '+'"
        ) from None
    return piece


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Adds the ``shrapnel`` command to an ``argparse`` subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "shrapnel",
        help="resolve a Ballistic Shrapnel critical against the target's armour",
        description="Resolve a Ballistic Shrapnel critical: d100 roll x severity, read area by area "
        "against the armour. A covered area that no --piece covers is its own piece; one a --piece "
        "covers is that piece.",
    )
    parser.add_argument("roll", type=_roll, help="the d100 roll, 1-100 (00 is 100)")
    parser.add_argument("severity", type=_severity, help="the critical's severity, A-E")
    parser.add_argument(
        "--covered",
        type=_areas,
        action="append",
        default=[],
        metavar="AREA[,AREA...]",
        help="areas the armour covers, each its own piece unless a --piece covers it (repeatable)",
    )
    parser.add_argument(
        "--piece",
        type=_piece,
        action="append",
        default=[],
        metavar="NAME=AREA+AREA",
        help="a named armour piece and the areas it covers, e.g. vest=chest+abdomen, or one limb: "
        "'vambrace=left arm' (SHR-13) (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)
    return parser


def result_json(result: ShrapnelResult) -> dict[str, Any]:
    """The command's JSON object: exactly these keys (see docs/formats.md)."""
    totals = result.totals
    return {
        "areas": [area.value for area in result.areas],
        "hits": totals.hits,
        "bleeding": totals.bleeding,
        "stun_rounds": totals.stun_rounds,
        "stun_penalty": totals.stun_penalty,
        "injury": totals.injury,
        "fatigue": totals.fatigue,
        "staggered": totals.staggered,
        "prone": result.prone,
        "breakage_checks": [{"piece": c.piece, "modifier": c.modifier} for c in result.breakage_checks],
        "fate": result.fate.value if result.fate else None,
        "attacker_bonus": result.attacker_bonus,
        "text": result.prose,
        "stated_in_text": [{"effect": e.effect, "words": e.words} for e in result.stated],
    }


def _totals_line(result: ShrapnelResult) -> str:
    """What the critical does, leaving out what it does not (no "bleeding 0", no "prone no")."""
    t = result.totals
    parts = [f"hits {t.hits}"]
    if t.bleeding:
        parts.append(f"bleeding {t.bleeding}/round")
    if t.stun_rounds:
        parts.append(f"stun {t.stun_rounds}" + (f" at {t.stun_penalty}" if t.stun_penalty else ""))
    if t.injury:
        parts.append(f"injury {t.injury}")
    if t.fatigue:
        parts.append(f"fatigue {t.fatigue}")
    if t.staggered:
        parts.append(f"staggered {t.staggered} AP")
    if t.prone:
        parts.append("prone")
    parts.extend(f"{e.effect} (the text: {e.words!r})" for e in result.stated)
    return ", ".join(parts)


def _summary(result: ShrapnelResult) -> str:
    lines = [
        f"{result.rolls} {result.severity} ({result.label}): {result.prose}",
        *(
            f"  {a.area.label}: {a.side}{' (' + ', '.join(a.pieces) + ')' if a.pieces else ''}: {a.notation}"
            for a in result.struck
        ),
        _totals_line(result),
        "breakage: " + (", ".join(f"{c.piece} at {c.modifier}" for c in result.breakage_checks) or "none"),
        f"fate: {result.fate or 'no ☠ in this cell'}" + (f" ({result.fate_reason})" if result.fate_reason else ""),
    ]
    if result.attacker_bonus:
        lines.append(f"attacker: next action this round +{result.attacker_bonus}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Runs the command; returns the exit code (bad armour: message on stderr, exit 2)."""
    armour: list[ArmourItem] = [area for group in args.covered for area in group]
    armour.extend(args.piece)
    try:
        result = resolve_critical(ballistic(), args.roll, args.severity, armour)
    except RulesError as exc:
        print(f"shrapnel: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result_json(result)))  # ASCII only, so any console can show it
    else:
        print(_summary(result))
    return 0
