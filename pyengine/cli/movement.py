"""``python -m pyengine travel day|turn|chase …`` and ``python -m pyengine fall …`` (docs/formats.md).

* ``travel day (--cavalry | --km-per-day N) [--forest] [--hills] [--mountains] [--road]
  [--distance KM] [--rivers N] [--json]``: a day's travel through terrain, and a journey's days.
* ``travel turn --pace cautious|stroll|run [--mounted] [--well-trained] [--turns N] [--json]``.
* ``travel chase --move N --kind two_legged|four_legged_or_giant|flying|legless [--json]``.
* ``fall (--metres M | --horse (--dex D | --surprised)) [--armour N | --armour LOC=N …]
  [--hit-points N] [--rolls … | --seed N] [--json]``: one of ``--metres`` and ``--horse`` is needed;
  M is metres, a part of one too (``2.5``, RQ-137).

Rules in :mod:`pyengine.runequest.movement`; with ``--json`` each prints one object.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

import msgspec

from pyengine.cli.healing import frame_for, located, roll_list, whole, wounds_json
from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import Dice, RandomDice, ScriptedDice
from pyengine.errors import RollError, RulesError
from pyengine.runequest.movement.daily import day_of_travel, journey
from pyengine.runequest.movement.falling import MOST_METRES, fall
from pyengine.runequest.movement.scenario import KINDS, PACES, chase, full_turn
from pyengine.runequest.vocabulary import LocationKey
from pyengine.working import Step


def steps_json(steps: tuple[Step, ...] | list[Step]) -> list[Any]:
    return [msgspec.to_builtins(s) for s in steps]


def show(out: dict[str, Any], steps: tuple[Step, ...], as_json: bool, last: str) -> int:
    if as_json:
        print(json.dumps(out))
    else:
        for s in steps:
            print(s)
        print(last)
    return 0


def register(subparsers: Any) -> None:
    travel = subparsers.add_parser("travel", help="RuneQuest movement by the day, the full turn, or in a chase")
    scales = travel.add_subparsers(dest="scale", required=True, metavar="SCALE")

    day = scales.add_parser("day", help="a day's travel through terrain, and the days a journey takes",
                            description="A day's travel (ch. III, Daily Movement): the seed gives only cavalry's "
                            "rate, 40 km a day; any other is the referee's (--km-per-day).")
    rate = day.add_mutually_exclusive_group()
    rate.add_argument("--cavalry", action="store_true", help="cavalry: 40 km a day")
    rate.add_argument("--km-per-day", type=whole(1, 500), metavar="N", help="the referee's rate")
    day.add_argument("--forest", action="store_true", help="forest: 1/3 off unless on a road or trail")
    day.add_argument("--hills", action="store_true", help="rolling hills: 1/3 off")
    day.add_argument("--mountains", action="store_true", help="mountains: 2/3 off")
    day.add_argument("--road", action="store_true", help="on a road or trail (no forest cut)")
    day.add_argument("--distance", type=whole(0, 100_000), metavar="KM", help="a journey's length: its days")
    day.add_argument("--rivers", type=whole(0, 100), default=0, metavar="N",
                     help="major rivers crossed with neither bridge nor ford: a day each")
    day.add_argument("--json", action="store_true", help="print one JSON object")
    day.set_defaults(func=run_day)

    turn = scales.add_parser("turn", help="scenario movement in full turns (5 minutes)")
    turn.add_argument("--pace", choices=PACES, required=True, help="cautious 120 m, stroll 240 m, run 1000 m")
    turn.add_argument("--mounted", action="store_true", help="on a riding animal")
    turn.add_argument("--well-trained", action="store_true", help="a mount that outpaces a walking man")
    turn.add_argument("--turns", type=whole(1, 10_000), default=1, metavar="N", help="how many full turns")
    turn.add_argument("--json", action="store_true", help="print one JSON object")
    turn.set_defaults(func=run_turn)

    run_away = scales.add_parser("chase", help="flight, chase or unhampered movement, a melee round")
    run_away.add_argument("--move", type=whole(1, 99), required=True, metavar="N", help="movement class (units of 3 m)")
    run_away.add_argument("--kind", choices=KINDS, required=True, help="what kind of mover")
    run_away.add_argument("--json", action="store_true", help="print one JSON object")
    run_away.set_defaults(func=run_chase)

    falling = subparsers.add_parser("fall", help="RuneQuest falling damage: a D6 for every 3 m, or from a horse",
                                    description="Falling damage (RQ-96): a D6 for each full 3 m, to one D20 hit "
                                    "location, armour protecting; from a horse, DEX x5 or 1D6.")
    falling.add_argument("--metres", type=metres_value, metavar="M",
                         help="how far he falls, in metres (a part of one too: 2.5); a D6 for each full 3 m")
    falling.add_argument("--horse", action="store_true", help="a fall from a horse")
    falling.add_argument("--dex", type=whole(1, 99), metavar="D", help="the rider's DEX, for his luck roll")
    falling.add_argument("--surprised", action="store_true", help="a surprised rider: no luck roll")
    falling.add_argument("--armour", type=armour_value, action="append", default=[], metavar="N|LOC=N",
                         help="armour points everywhere (N) or on one location (LOC=N)")
    falling.add_argument("--hit-points", type=whole(1, 999), metavar="N", help="his total hit points: the wound too")
    source = falling.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, help="seed the random dice")
    source.add_argument("--rolls", type=roll_list, metavar="4,5,6,19", help="use these rolls in order")
    falling.add_argument("--json", action="store_true", help="print one JSON object")
    falling.set_defaults(func=run_fall)


def run_day(args: argparse.Namespace) -> int:
    table = load_tables().movement
    terrain = [k for k, on in (("forest", args.forest), ("rolling_hills", args.hills), ("mountains", args.mountains)) if on]
    day = day_of_travel(table, mode="cavalry" if args.cavalry else None, km_per_day=args.km_per_day,
                        terrain=terrain, road=args.road)
    steps = list(day.steps)
    days = None
    if args.distance is not None:
        trip = journey(table, day, distance_km=args.distance, rivers=args.rivers)
        steps.extend(trip.steps)
        days = trip.days
    out = {"base_km": day.base_km, "terrain": list(day.terrain), "road": day.road, "km": day.km,
           "distance_km": args.distance, "rivers": args.rivers, "days": days, "working": steps_json(steps)}
    return show(out, tuple(steps), args.json, f"{day.km} km a day" + (f"; {days} days" if days is not None else ""))


def run_turn(args: argparse.Namespace) -> int:
    d = full_turn(load_tables().movement, args.pace, mounted=args.mounted, well_trained=args.well_trained,
                  turns=args.turns)
    out = {"pace": args.pace, "mounted": args.mounted, "well_trained": args.well_trained, "turns": args.turns,
           "metres": d.metres, "working": steps_json(d.steps)}
    return show(out, d.steps, args.json, f"{d.metres} m")


def run_chase(args: argparse.Namespace) -> int:
    d = chase(load_tables().movement, move=args.move, kind=args.kind)
    out = {"move": args.move, "kind": args.kind, "metres_per_round": d.metres, "working": steps_json(d.steps)}
    return show(out, d.steps, args.json, f"{d.metres} m a melee round")


def metres_value(text: str) -> int | float:
    """A height in metres as the seed measures it, a part of a metre too (``2.5``, RQ-137); a whole
    number stays whole."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of metres (such as 9 or 2.5)") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of metres (such as 9 or 2.5)")
    if not 0 <= value <= MOST_METRES:
        raise argparse.ArgumentTypeError(f"{text.strip()} is not from 0 to {MOST_METRES} m")
    return int(value) if value.is_integer() else value


def armour_value(text: str) -> tuple[str, int]:
    """``3``: armour 3 everywhere (``*``); ``head=5``: on one location."""
    return located(0, 99)(text) if "=" in text else ("*", whole(0, 99)(text))


def armour_of(values: list[tuple[str, int]]) -> dict[str, int]:
    """Armour by location, later values winning."""
    worn: dict[str, int] = {}
    for key, points in values:
        worn.update(dict.fromkeys(LocationKey, points) if key == "*" else {key: points})
    return worn


def run_fall(args: argparse.Namespace) -> int:
    if args.metres is None and not args.horse:
        raise RulesError("how does he fall? Give the height (--metres M, a D6 for each full 3 m) or a fall from "
                         "a horse (--horse, with --dex D or --surprised)", field="metres")
    armour = armour_of(args.armour)
    dice: Dice = ScriptedDice(args.rolls) if args.rolls is not None else RandomDice(args.seed)
    frame = frame_for(args.hit_points)[0] if args.hit_points is not None else None
    f = fall(load_tables().movement, hit_locations(), args.metres or 0, dice, from_horse=args.horse, dex=args.dex,
             surprised=args.surprised, armour=armour, frame=frame)
    if isinstance(dice, ScriptedDice) and dice.remaining:
        raise RollError(f"rolls: {', '.join(map(str, dice.remaining))} left over; the fall rolled {len(f.rolls)}")
    out = {
        "metres": f.metres, "from_horse": f.from_horse, "luck_roll": f.luck_roll, "dice": f.dice, "damage": f.damage,
        "location": f.location, "armour_absorbed": f.armour_absorbed, "location_damage": f.location_damage,
        "wound": msgspec.to_builtins(f.wound) if f.wound else None,
        "wounds": wounds_json(f.wounds) if f.wounds else None,
        "working": steps_json(f.steps), "rolls": [msgspec.to_builtins(r) for r in f.rolls],
    }
    return show(out, f.steps, args.json, f"{f.location_damage} damage" + (f" to the {f.location}" if f.location else ""))
