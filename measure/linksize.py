"""How long each kind of share link is (links that stay short), before and after the compact links.

Every kind from a real link: the dice roll, shrapnel results and sheet of tests/golden/links-*.txt, an
exchange and an equipment list made with the engine, and the fights of tests/golden/ (the 3-against-3 of
10 rounds, the version 5 fight, the wounded fight, twelve combatants over 30 rounds). For each: the link
as the version before the compact links wrote it and as this version writes it. For the fights also the set-up
(no round), the mean cost of a round and of a combatant, the fight after 0, 10, 20 and 30 rounds, and the
"situation now" after the last round (:func:`pyengine.runequest.melee.log.situation_now`).

The QR column is the smallest QR code version holding the link in byte mode at error correction M, with an
address of ``--address`` characters before the ``#`` (48 by default): a bound, not the code the page draws.

``python -m measure.linksize`` prints the table; ``--json`` one object.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from pyengine import dice_roller
from pyengine.cli.tables import combat_tables, hit_locations, load_tables
from pyengine.dice import ScriptedDice
from pyengine.gear import state as gear_state
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.runequest.combat import state as exchange_state
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.from_sheet import weapon_for
from pyengine.runequest.combat.model import Attack, Defence, Parry
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.log import KIND, FightLog, read_any, replay, situation_now, to_link, to_state
from pyengine.runequest.sheet import state as sheet_state
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.runequest.sheet.hit_points import location_hit_points
from pyengine.runequest.vocabulary import LOCATION_KEYS
from pyengine.share import decode_link, encode_link

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
#: Byte-mode capacity at error correction M of QR versions 1 to 40 (ISO/IEC 18004, table 7).
BYTES_AT_M = (14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711,
              779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213,
              2331)
#: The fights measured, from tests/golden/.
FIGHTS = ("fight-3v3.link", "fight-v5.link", "fight-wounded.link", "fight-12x30.link")


def qr_version(characters: int) -> int | None:
    """The smallest QR version holding ``characters`` bytes at M (``None``: more than version 40 holds)."""
    return next((v for v, cap in enumerate(BYTES_AT_M, 1) if characters <= cap), None)


def _golden_link(kind: str) -> str:
    for path in sorted(GOLDEN.glob("links-*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#") and line.split("|")[0].strip() == kind:
                return line.split("|")[1].strip()
    raise LookupError(kind)


def _exchange() -> str:
    tables = load_tables()
    attack = Attack(weapon=weapon_for(tables, "broadsword"), chance=65, name="Rurik", damage_bonus="+1D4")
    points, _ = location_hit_points(tables.hit_points, 13)
    defence = Defence(hit_points=13, locations={k: points[k] for k in LOCATION_KEYS.values()},
                      armour={k: 3 for k in LOCATION_KEYS.values()}, name="Broo",
                      parry=Parry(kind="shield", chance=45, name="medium shield", absorbs=12))
    dice = ScriptedDice([30, 70, 5, 3, 12])
    result = resolve_exchange(attack, defence, dice=dice, **combat_tables())
    return exchange_state.to_link(attack, defence, result.roll_values)


def _gear() -> str:
    sword = Item(name="sword", kind=ItemKind.MELEE, reach=3, parry=2, toughness=10, special={"Stun": 2})
    shield = Item(name="shield", kind=ItemKind.MELEE, cover=4, absorb=6, toughness=2)
    mail = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4, toughness=1)
    state = gear_state.GearState(character=Character(reach=2, size=10, encumbrance=14, hand_to_hand=5),
                                 entries=tuple(gear_state.Entry(item=i) for i in (sword, shield, mail)),
                                 areas="2: chainmail; 3: chainmail")
    return gear_state.LINK.link(gear_state.to_state(state))


def _rewritten(kind: str, link: str) -> str:
    """The link as this version writes the same state."""
    shared = decode_link(link)
    if kind == "sheet":  # 0.1.0's record: today's writes the fields it added, less those at their defaults
        return sheet_state.LINK.link(sheet_state.to_state(sheet_state.LINK.open(shared)))
    if kind == "dice":
        roll, own = dice_roller.replay(shared.data, shared.version)
        return dice_roller.LINK.link(dice_roller.to_state(roll, own_dice=own))
    return link  # shrapnel, exchange, gear: unchanged by the compact links


def version_5(log: FightLog) -> int:
    """The length of the link the version before the compact links wrote for this log (version 5)."""
    return len(encode_link(KIND, to_state(log), version=5))


def _row(kind: str, before: int, after: int, address: int, **more: Any) -> dict[str, Any]:
    return {"kind": kind, "before": before, "after": after, "qr_before": qr_version(before + address),
            "qr_after": qr_version(after + address), **more}


def measure(address: int = 48) -> dict[str, Any]:
    rows = []
    for kind in ("sheet", "dice", "shrapnel"):
        link = _golden_link(kind)
        rows.append(_row(f"{kind} (0.1.0's golden link)", len(link), len(_rewritten(kind, link)), address))
    played = load_adventurer((GOLDEN / "adventurer-format-2.json").read_text(encoding="utf-8"))
    rows.append(_row("sheet (a played adventurer)", len(encode_link("sheet", msgspec.to_builtins(played), version=1)),
                     len(sheet_state.LINK.link(sheet_state.to_state(played))), address))
    for kind, link in (("exchange", _exchange()), ("gear", _gear())):
        rows.append(_row(kind, len(link), len(link), address))
    mt = melee_tables(load_tables(), hit_locations())
    fights = []
    for name in FIGHTS:
        log = read_any((GOLDEN / name).read_text(encoding="utf-8"))
        n, people = len(log.rounds), len(log.fight.combatants)
        bare = FightLog(fight=log.fight, rules=log.rules, melee_rules=log.melee_rules)
        setup_before, setup_after = version_5(bare), len(to_link(bare))
        whole_before, whole_after = version_5(log), len(to_link(log))
        now = situation_now(log, replay(log, mt).state)
        growth = {}
        for r in range(0, n + 1, 10):
            part = FightLog(fight=log.fight, rounds=log.rounds[:r], rules=log.rules, melee_rules=log.melee_rules)
            growth[r] = {"before": version_5(part), "after": len(to_link(part))}
        fights.append({
            "fight": name.removesuffix(".link"), "combatants": people, "rounds": n,
            "whole": _row("fight", whole_before, whole_after, address),
            "setup": _row("fight set-up", setup_before, setup_after, address),
            "per_round": {"before": round((whole_before - setup_before) / max(n, 1), 1),
                          "after": round((whole_after - setup_after) / max(n, 1), 1)},
            "per_combatant": {"before": round(setup_before / people, 1), "after": round(setup_after / people, 1)},
            "situation_now": _row("situation now", version_5(now), len(to_link(now)), address),
            "growth": growth,
        })
    return {"address": address, "kinds": rows, "fights": fights}


def _table(data: dict[str, Any]) -> str:
    out = [f"Link lengths in characters (QR: smallest version in byte mode at M, with a {data['address']}-character "
           "address before the '#')", "", f"{'kind':<36}{'before':>8}{'after':>8}{'QR before':>11}{'QR after':>10}"]

    def line(label: str, row: dict[str, Any]) -> str:
        return (f"{label:<36}{row['before']:>8}{row['after']:>8}{row['qr_before'] or '>40':>11}"
                f"{row['qr_after'] or '>40':>10}")

    out += [line(r["kind"], r) for r in data["kinds"]]
    for f in data["fights"]:
        title = f"{f['fight']} ({f['combatants']} combatants, {f['rounds']} rounds)"
        out += ["", title, line("  whole fight", f["whole"]), line("  set-up (no round)", f["setup"]),
                line("  situation now (after the last)", f["situation_now"]),
                f"  {'per round':<34}{f['per_round']['before']:>8}{f['per_round']['after']:>8}",
                f"  {'per combatant (set-up)':<34}{f['per_combatant']['before']:>8}{f['per_combatant']['after']:>8}"]
        out += [f"  {f'after {r} rounds':<34}{g['before']:>8}{g['after']:>8}" for r, g in f["growth"].items()]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m measure.linksize", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--address", type=int, default=48, help="characters of the address before the '#'")
    args = parser.parse_args(argv)
    data = measure(args.address)
    print(json.dumps(data, indent=2) if args.json else _table(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
