"""The command line: ``python -m pyengine <command> ... [--json]``.

Each command is registered by a module's ``register(subparsers)``, which adds a
subparser and sets ``func=run`` on it, where ``run(args) -> int`` returns the
exit code. The engine's own commands (``version``, ``link decode``, ``roll``)
are registered here the same way; features add theirs by naming their module
in :data:`EXTENSIONS`.

Exit codes: 0 done; 1 a :class:`~pyengine.errors.RulesError` (its message on
stderr and, with ``--json``, ``{"error": message}`` on stdout); 2 a usage error.
The JSON outputs are described in docs/formats.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyengine
from pyengine.dice import DiceExpr, DiceRoll, RandomDice, ScriptedDice, typed_die
from pyengine.dice.exact import mean
from pyengine.errors import InputFileError, RollError, RulesError, ShareLinkError
from pyengine.share import decode_link
from pyengine.validation import shown

PROG = "python -m pyengine"

#: Modules whose ``register(subparsers)`` adds commands. A module that does not
#: exist (yet) is skipped; any other import error is raised.
EXTENSIONS: list[str] = ["pyengine.cli.shrapnel", "pyengine.cli.sheet", "pyengine.cli.combat", "pyengine.cli.gear",
                         "pyengine.cli.healing", "pyengine.cli.movement"]


def print_json(value: Any, *, indent: int | None = None) -> None:
    """Prints one JSON value on stdout (ASCII only, so any console can show it)."""
    print(json.dumps(value, indent=indent))


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Adds the ``--json`` flag every command takes."""
    parser.add_argument("--json", action="store_true", help="print one JSON object")


# -- version ----------------------------------------------------------------


def _run_version(args: argparse.Namespace) -> int:
    if args.json:
        print_json({"version": pyengine.__version__})
    else:
        print(pyengine.__version__)
    return 0


def _register_version(subparsers: Any) -> None:
    parser = subparsers.add_parser("version", help="print the engine's version")
    add_json_option(parser)
    parser.set_defaults(func=_run_version)


# -- link decode ------------------------------------------------------------


def _run_link_decode(args: argparse.Namespace) -> int:
    state = decode_link(args.link)
    print_json({"kind": state.kind, "version": state.version, "data": state.data}, indent=None if args.json else 2)
    return 0


def _run_link_qr(args: argparse.Namespace) -> int:
    from pyengine import qr  # segno, the QR encoder, loads for "link qr" only, not at every command's start

    link = args.link.strip()
    if "://" not in link:
        raise ShareLinkError(
            f"{shown(link, 40)} is not a whole link: give it as the page shows it (https://…/sheet.html#…); "
            "a code of the part after '#' alone would open nothing"
        )
    decode_link(link)  # one of ours, readable: said now, not by the phone that scans it
    out = Path(args.out)
    suffix = out.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise InputFileError(f"--out {args.out}: the file's suffix says what to write: .svg or .png, not {suffix or 'none'!r}")
    code = qr.encode(link)
    try:
        if suffix == ".svg":
            out.write_text(qr.svg(code, "QR code of a Strike Rank link") + "\n", encoding="utf-8")
        else:
            out.write_bytes(qr.png(code))
    except OSError as exc:
        raise InputFileError(f"--out {args.out}: {exc.strerror or exc}") from None
    if args.json:
        print_json({"link": link, "length": len(link), "mode": code.mode, "error": code.error, "version": code.version,
                    "modules": code.modules, "out": str(out)})
    else:
        print(f"{out}: {code.describe()}, {code.mode} mode, {len(link)} characters")
    return 0


def _register_link(subparsers: Any) -> None:
    link = subparsers.add_parser("link", help="share links")
    actions = link.add_subparsers(dest="action", required=True, metavar="ACTION")
    decode = actions.add_parser("decode", help="print the state a share link carries, as JSON")
    decode.add_argument("link", metavar="URL_OR_FRAGMENT", help="a whole link, or the part from '#' on")
    add_json_option(decode)
    decode.set_defaults(func=_run_link_decode)
    qr_code = actions.add_parser(
        "qr", help="write a share link's QR code (the one the page shows) as SVG or PNG, by the file's suffix"
    )
    qr_code.add_argument("link", metavar="URL", help="the whole link, as the page shows it (origin, path and '#' part)")
    qr_code.add_argument("--out", required=True, metavar="FILE", help="where to write it: FILE.svg or FILE.png")
    add_json_option(qr_code)
    qr_code.set_defaults(func=_run_link_qr)


# -- roll -------------------------------------------------------------------


def _roll_list(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")] if text.strip() else []
    try:
        return [typed_die(p) or int(p) for p in parts]  # "00" is a d100's 100
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of whole numbers such as 3,5,1") from None


def _describe(roll: DiceRoll) -> str:
    # "2D6-1D4+2: [3, 5] - [2] + 2 = 8"
    parts = []
    for i, term in enumerate(roll.terms):
        shown = str(abs(term.subtotal)) if term.sides is None else "[" + ", ".join(map(str, term.values)) + "]"
        if term.sign < 0:
            parts.append(f"- {shown}" if i else f"-{shown}")
        else:
            parts.append(f"+ {shown}" if i else shown)
    return f"{roll.expression}: {' '.join(parts)} = {roll.total}"


def _run_roll(args: argparse.Namespace) -> int:
    expr = DiceExpr.parse(args.expression)
    dice: RandomDice | ScriptedDice = RandomDice(args.seed) if args.rolls is None else ScriptedDice(args.rolls)
    roll = expr.roll(dice)
    if isinstance(dice, ScriptedDice) and dice.remaining:
        left = dice.remaining
        raise RollError(
            f"rolls: {', '.join(map(str, left))} left over; {str(expr)!r} rolls {len(roll.rolls)} "
            f"dice but {len(args.rolls)} rolls were given"
        )
    if args.json:
        print_json(
            {
                "expression": roll.expression,
                "rolls": [{"sides": sides, "value": value} for sides, value in roll.rolls],
                "total": roll.total,
                "minimum": expr.minimum,
                "maximum": expr.maximum,
                "mean": float(mean(expr)),
            }
        )
    else:
        print(_describe(roll))
    return 0


def _register_roll(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "roll",
        help="roll dice notation such as 2D6+2",
        description="Rolls dice notation. Put '--' before an expression that starts with '-': roll -- -1D4",
    )
    parser.add_argument("expression", metavar="EXPR", help="dice notation, e.g. 3D6, 1D8+1, D100")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, help="seed the random dice, to repeat a roll")
    source.add_argument(
        "--rolls", type=_roll_list, metavar="3,5,1", help="use these rolls (from physical dice) in order"
    )
    add_json_option(parser)
    parser.set_defaults(func=_run_roll)


# -- the parser and main ----------------------------------------------------

_BUILTIN: list[Callable[[Any], None]] = [_register_version, _register_link, _register_roll]


def _load_extensions(subparsers: Any) -> None:
    for name in EXTENSIONS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # Skip only the module itself (or its package) being absent, never
            # a missing import inside it.
            if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
                continue
            raise
        module.register(subparsers)


def build_parser() -> argparse.ArgumentParser:
    """Builds the parser with every command: the engine's own and the extensions'."""
    parser = argparse.ArgumentParser(prog=PROG, description="Strike Rank's rules engine on the command line.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for register in _BUILTIN:
        register(subparsers)
    _load_extensions(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Runs one command and returns its exit code: 0 done, 1 a rules error, 2 a usage error."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed usage and the error, or the help
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    try:
        code: int = args.func(args)
    except RulesError as exc:
        message = str(exc)
        if getattr(args, "json", False):
            print_json({"error": message})
        print(f"{PROG} {args.command}: {message}", file=sys.stderr)
        return 1
    return code
