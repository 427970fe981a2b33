"""``python -m pyengine attack`` and ``python -m pyengine replay`` (docs/formats.md).

* ``attack --chance N --roll R [--skill N] [--impaling] [--json]``: reads one d100 attack
  roll (R 1-100, 100 being 00) against a chance: ``hit``, ``critical``, ``impale``,
  ``fumble`` and the thresholds ``critical_max``, ``impale_max``, ``fumble_min``; the
  fumble range comes from ``--skill``, his whole % with the weapon, when given (a split
  attack, RQ-50), else from the chance.
* ``replay FILE_OR_LINK [--json]``: resolves a saved (JSON export) or shared
  exchange again from its rolls and prints its result; a whole fight (kind
  ``fight``) is replayed round by round and its final state and log printed.

Bad arguments exit 2 with a message naming the argument and the value.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from pyengine.cli.tables import combat_tables, fumbles, hit_locations, strike_ranks
from pyengine.dice import typed_die
from pyengine.errors import ShareLinkError
from pyengine.runequest.combat.d100 import read_d100, shown, thresholds
from pyengine.runequest.combat.model import ExchangeResult
from pyengine.runequest.combat.state import read_any, replay
from pyengine.share import decode_link
from pyengine.validation import shown as quoted

CHANCE_MIN, CHANCE_MAX = -100, 300


def _chance(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not CHANCE_MIN <= value <= CHANCE_MAX:
        raise argparse.ArgumentTypeError(f"{value} is not a chance from {CHANCE_MIN} to {CHANCE_MAX}")
    return value


def _roll(text: str) -> int:
    try:
        value = typed_die(text) or int(text)  # "00" is 100
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a d100 roll (1-100; 100 is 00)") from None
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{value} is not a d100 roll (1-100; 100 is 00)")
    return value


def attack_json(chance: int, roll: int, impaling: bool, skill: int | None = None) -> dict[str, Any]:
    """The ``attack`` command's object: exactly these keys (``skill``: the fumble range's, RQ-37)."""
    t = thresholds(chance, skill)
    d = read_d100(roll, t, impales=impaling)
    return {
        "chance": chance,
        "roll": roll,
        "hit": d.success,
        "critical": d.critical,
        "impale": d.impale,
        "fumble": d.fumble,
        "critical_max": t.critical_max,
        "impale_max": t.impale_max if impaling else 0,
        "fumble_min": t.fumble_min,
    }


def _run_attack(args: argparse.Namespace) -> int:
    out = attack_json(args.chance, args.roll, args.impaling, args.skill)
    if args.json:
        print(json.dumps(out))
        return 0
    kinds = [k for k in ("critical", "impale") if out[k]]
    what = "fumble" if out["fumble"] else ("hit" + (f" ({', '.join(kinds)})" if kinds else "")) if out["hit"] else "miss"
    print(
        f"{shown(args.roll)} against {args.chance}%: {what}; critical at {out['critical_max']:02d} or less"
        + (f", impale at {out['impale_max']:02d} or less" if args.impaling else "")
        + f", fumble at {shown(out['fumble_min'])} or more"
    )
    return 0


def result_json(result: ExchangeResult) -> dict[str, Any]:
    """The ``replay`` command's object: the whole result (docs/formats.md)."""
    data: dict[str, Any] = msgspec.to_builtins(result)
    return data


def _run_replay(args: argparse.Namespace) -> int:
    source: str = args.source
    path = Path(source)
    text = source
    looks_like_link = "#" in source or source.strip().startswith(("1.", "{"))
    if not looks_like_link:
        try:
            found = path.is_file()
            text = path.read_text(encoding="utf-8") if found else ""
            problem = "" if found else "is neither a file nor a share link"
        except UnicodeDecodeError:
            problem = "is a file, but not UTF-8 text"
        except (OSError, ValueError) as exc:  # a name too long to be a file's, or one the system will not read
            problem = f"is neither a file nor a share link ({getattr(exc, 'strerror', None) or 'not a file name'})"
        if problem:
            print(f"python -m pyengine replay: error: argument FILE_OR_LINK: {quoted(source, 60)} {problem}",
                  file=sys.stderr)
            return 2
    _check_expected(text, source if not looks_like_link else "the link")
    if _kind(text) == "fight":
        return _replay_fight(text, args.json)
    state = read_any(text)
    result = replay(state, **combat_tables())
    if args.json:
        print(json.dumps(result_json(result)))
    else:
        print(result.headline)
        for step in result.working:
            print(f"  {step}")
    return 0


#: What ``replay`` reads, said when it is given something else.
EXPECTED = ('expected a Strike Rank link (https://…#1.…, or its part from "#" on) or an export file (a JSON '
            'object with "kind": "fight" or "kind": "exchange", as the fight or combat page exports it)')


def _check_expected(text: str, where: str) -> None:
    """:raises ShareLinkError: ``text`` is neither a link nor an export, and does not look like one
    (one that does, broken, is explained by its reader)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            raw = msgspec.json.decode(stripped)
        except msgspec.DecodeError:
            return
        kind = raw.get("kind") if isinstance(raw, dict) else None
        if kind in ("fight", "exchange"):
            return
        what = f"an export of kind {quoted(kind, 40)}" if isinstance(kind, str) and kind else 'a JSON object with no "kind"'
        raise ShareLinkError(f"{where}: {what}, not a fight's or an exchange's: {EXPECTED}")
    if "#" in stripped or stripped.startswith("1."):
        return
    try:
        decode_link(stripped)
    except ShareLinkError:
        raise ShareLinkError(f"{where}: {quoted(stripped, 40)} is neither a Strike Rank link nor an export file: {EXPECTED}") from None


def _kind(text: str) -> str:
    """The kind a link or export says it is (``""`` when it cannot tell: the exchange reader explains)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            raw = msgspec.json.decode(stripped)
        except msgspec.DecodeError:
            return ""
        return raw.get("kind", "") if isinstance(raw, dict) and isinstance(raw.get("kind"), str) else ""
    try:
        return decode_link(stripped).kind
    except ShareLinkError:
        return ""


def _replay_fight(text: str, as_json: bool) -> int:
    # the melee rules load for a fight's replay only, not at every command's start
    from pyengine.runequest.melee import log
    from pyengine.runequest.melee.round import MeleeTables

    fight_log = log.read_any(text)
    tables = MeleeTables(strike_ranks=strike_ranks(), fumbles=fumbles(), locations=hit_locations())
    replayed = log.replay(fight_log, tables)
    if as_json:
        print(log.export_json(fight_log, replayed).decode())
        return 0
    for result in replayed.rounds:
        print(f"Round {result.round}")
        for e in result.events:
            mark = "=" if e.simultaneous else " "
            print(f"  SR {e.sr:>2}{mark} {e.what}: {e.outcome}")
    print("After round", replayed.state.round)
    for c in fight_log.fight.combatants:
        body = replayed.state.bodies[c.name]
        left = c.hit_points - body.damage_taken
        print(f"  {c.name} ({c.side}): {body.condition}, {left} of {c.hit_points} hit points")
    return 0


def register(subparsers: Any) -> None:
    """Adds ``attack`` and ``replay``."""
    attack = subparsers.add_parser(
        "attack",
        help="read a d100 attack roll against a chance: hit, critical, impale, fumble",
        description="Reads one d100 attack roll (1-100, 100 is 00) against a % chance (RuneQuest ch. IV).",
    )
    attack.add_argument("--chance", type=_chance, required=True, metavar="N", help="the %% needed (after Defense)")
    attack.add_argument("--roll", type=_roll, required=True, metavar="R", help="the d100 roll, 1-100 (100 is 00)")
    attack.add_argument("--skill", type=_chance, metavar="N",
                        help="his whole %% with the weapon, when --chance is only part of it (a split attack): "
                        "the fumble range comes from it (default: the chance)")
    attack.add_argument("--impaling", action="store_true", help="the weapon can impale")
    attack.add_argument("--json", action="store_true", help="print one JSON object")
    attack.set_defaults(func=_run_attack)

    rep = subparsers.add_parser(
        "replay",
        help="resolve a saved or shared combat exchange or whole fight again and print its result",
        description="Resolves an exchange (kind 'exchange') or a whole fight (kind 'fight') again from a JSON "
        "export file or a share link; a fight prints its final state and its log.",
    )
    rep.add_argument("source", metavar="FILE_OR_LINK", help="a JSON export file, or a share link / its fragment")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(func=_run_replay)
