"""``python -m pyengine heal --hit-points N [--blow LOC=N] [--spell LOC=N] [--salve LOC=N]
[--potion N] [--rounds N] [--turns N] [--days N] [--weeks N] [--impaled LOC] [--rolls 3,1 | --seed N]
[--json]`` (docs/formats.md).

Wounds an adventurer of ``N`` hit points (his location points read from the hit points table),
heals him and lets time pass, in the order the options are given, through
:mod:`pyengine.runequest.healing`. With ``--json``, one object: :func:`heal_json`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import msgspec

from pyengine.cli.tables import load_tables
from pyengine.dice import Dice, RandomDice, RollMade, ScriptedDice
from pyengine.errors import RollError, RulesError
from pyengine.runequest.combat.wounds import wound_steps
from pyengine.runequest.healing.elapse import pass_time
from pyengine.runequest.healing.injury import take_wound
from pyengine.runequest.healing.model import Elapsed, Frame, Healing, Wounds
from pyengine.runequest.healing.standing import condition_words
from pyengine.runequest.healing.treatment import heal
from pyengine.runequest.sheet.hit_points import location_hit_points
from pyengine.runequest.vocabulary import LOCATION_KEYS, SHEET_ORDER, LocationKey
from pyengine.working import Step

LOCATIONS = ", ".join(LOCATION_KEYS[loc] for loc in SHEET_ORDER)
WOUNDS_KEYS = ("damage_taken", "wounds", "condition", "bleeding", "severed", "maimed", "impaled", "resting")
TIME = ("rounds", "turns", "days", "weeks")


def whole(low: int, high: int):
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return read


def location(text: str) -> LocationKey:
    try:
        return LocationKey(text.strip().lower().replace(" ", "_"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a hit location ({LOCATIONS})") from None


def located(low: int, high: int):
    """``LOC=N``: a location and its points."""
    def read(text: str) -> tuple[LocationKey, int]:
        where, sep, points = text.partition("=")
        try:
            key = LocationKey(where.strip().lower().replace(" ", "_"))
            value = int(points)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not LOCATION=POINTS (e.g. right_arm=6; locations: {LOCATIONS})") from None
        if not sep or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r}: the points must be from {low} to {high}")
        return key, value
    return read


def roll_list(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of whole numbers such as 3,5,1") from None


class InOrder(argparse.Action):
    """Keeps every wound, healing and time option in the order given, in ``args.sequence``."""

    def __call__(self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        sequence = list(getattr(namespace, "sequence", None) or [])
        sequence.append((self.dest, values))
        namespace.sequence = sequence


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "heal",
        help="wound, heal and let time pass over a RuneQuest adventurer",
        description="Wound an adventurer, heal him (Healing spells, salves, potions taken internally) and let "
        "time pass (the 2-full-turn clocks; natural healing, 1 point a game week in each wounded location), in "
        "the order the options are given. Locations: " + LOCATIONS + ".",
    )
    parser.add_argument("--hit-points", type=whole(1, 999), required=True, metavar="N",
                        help="his total hit points (location points from the hit points table)")
    order = dict(action=InOrder, default=argparse.SUPPRESS)
    parser.add_argument("--blow", type=located(0, 999), metavar="LOC=N", help="damage past armour to a location", **order)
    parser.add_argument("--spell", type=located(1, 99), metavar="LOC=N", help="a Healing spell of N on a location", **order)
    parser.add_argument("--salve", type=located(1, 99), metavar="LOC=N", help="a salve of N applied to a location", **order)
    parser.add_argument("--potion", type=whole(1, 99), metavar="N", help="a potion of N taken internally", **order)
    for unit, most in zip(TIME, (1_000_000, 100_000, 36_500, 5_200), strict=True):
        parser.add_argument(f"--{unit}", type=whole(0, most), metavar="N", help=f"{unit} pass", **order)
    parser.add_argument("--impaled", type=location, action="append", default=[], metavar="LOC",
                        help="a weapon is still in this location's wound")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, help="seed the random dice (a potion's), to repeat a run")
    source.add_argument("--rolls", type=roll_list, metavar="3,1", help="use these rolls (physical dice) in order")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run, sequence=[])
    return parser


def frame_for(hit_points: int) -> tuple[Frame, Step]:
    points, step = location_hit_points(load_tables().hit_points, hit_points)
    return Frame(hit_points=hit_points, locations={k: points[k] for k in LocationKey}), step


def run_sequence(frame: Frame, wounds: Wounds, sequence: list[tuple[str, Any]],
                 dice: Dice) -> tuple[Wounds, list[Step], list[RollMade]]:
    """Every option in order: the wounds after them, the working, the dice rolled."""
    rolls: list[RollMade] = []
    steps: list[Step] = []
    for kind, value in sequence:
        if kind == "blow":
            wounds, wound = take_wound(frame, wounds, *value)
            steps.extend(wound_steps(wound))
            continue
        if kind in TIME:
            result = pass_time(frame, wounds, Elapsed(**{kind: value}))
        elif kind == "potion":
            result = heal(frame, wounds, Healing(how="potion", points=value), dice)
        else:
            result = heal(frame, wounds, Healing(how=kind, location=value[0], points=value[1]))
        wounds = result.wounds
        steps.extend(result.steps)
        rolls.extend(result.rolls)
    return wounds, steps, rolls


def wounds_json(wounds: Wounds) -> dict[str, Any]:
    """Every key of the wounds, empty ones too."""
    return {k: msgspec.to_builtins(getattr(wounds, k)) for k in WOUNDS_KEYS}


def heal_json(frame: Frame, wounds: Wounds, steps: list[Step], rolls: list[RollMade]) -> dict[str, Any]:
    """The ``heal`` command's object: exactly these keys."""
    return {
        "hit_points": frame.hit_points,
        "locations": {LOCATION_KEYS[loc].value: frame.locations[LOCATION_KEYS[loc]] for loc in SHEET_ORDER},
        "wounds": wounds_json(wounds),
        "hit_points_left": frame.hit_points - wounds.damage_taken,
        "condition": wounds.condition,
        "working": [msgspec.to_builtins(s) for s in steps],
        "rolls": [msgspec.to_builtins(r) for r in rolls],
    }


def check_impaled(impaled: list[LocationKey], sequence: list[tuple[str, Any]]) -> None:
    """A weapon is "still in the wound" only where a blow made one.

    :raises RulesError: an ``--impaled`` location no ``--blow`` wounds.
    """
    wounded = {value[0] for kind, value in sequence if kind == "blow" and value[1] > 0}
    for key in dict.fromkeys(impaled):
        if key not in wounded:
            where = key.value.replace("_", " ")
            raise RulesError(f"--impaled {key.value}: the {where} has no wound for a weapon to be in; give the blow "
                             f"that made it (--blow {key.value}=N, N at least 1)", field="impaled")


def run(args: argparse.Namespace) -> int:
    check_impaled(args.impaled, args.sequence)
    frame, first = frame_for(args.hit_points)
    dice: Dice = ScriptedDice(args.rolls) if args.rolls is not None else RandomDice(args.seed)
    wounds = Wounds(impaled=tuple(dict.fromkeys(args.impaled)))
    wounds, steps, rolls = run_sequence(frame, wounds, args.sequence, dice)
    if isinstance(dice, ScriptedDice) and dice.remaining:
        raise RollError(f"rolls: {', '.join(map(str, dice.remaining))} left over; the run rolled {len(rolls)}")
    steps = [first, *steps]
    if args.json:
        print(json.dumps(heal_json(frame, wounds, steps, rolls)))
        return 0
    for s in steps:
        print(s)
    print(f"{condition_words(frame, wounds)}; hit points {frame.hit_points - wounds.damage_taken} of {frame.hit_points}")
    return 0
