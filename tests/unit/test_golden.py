"""Every golden file under tests/golden/, one test per case.

A file's first line names its kind (``# kind: combat-exchange``); each kind has a
runner here. See the head of each file for its line format.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import msgspec
import pytest

from pyengine.cli.tables import combat_tables
from pyengine.dice import ScriptedDice
from pyengine.runequest.combat.exchange import resolve_exchange
from pyengine.runequest.combat.from_sheet import weapon_for
from pyengine.runequest.combat.model import Attack, Defence, Parry
from pyengine.runequest.sheet.hit_points import location_hit_points
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables
from pyengine.runequest.vocabulary import LOCATION_KEYS

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"


@functools.lru_cache(maxsize=1)
def rq_tables() -> RuneQuestTables:
    return RuneQuestTables.from_toml({i: (ROOT / "tables" / f"{i}.toml").read_bytes() for i in TABLE_IDS})


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _pairs(text: str, where: str) -> dict[str, Any]:
    out = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        assert eq, f"{where}: {token!r} is not key=value"
        out[key] = _value(value)
    return out


def _cases() -> list[Any]:
    params = []
    for path in sorted(GOLDEN.glob("*.golden")):
        lines = path.read_text(encoding="utf-8").splitlines()
        kind = lines[0].removeprefix("# kind:").strip()
        case: dict[str, Any] | None = None
        for n, line in enumerate(lines, 1):
            if line.startswith("== "):
                case = {"title": line[3:].strip(), "line": n, "kind": kind, "file": path.name}
                params.append(case)
                continue
            if not line.strip() or line.startswith("#") or case is None:
                continue
            key, _, rest = line.partition(":")
            case[key.strip()] = rest.strip()
        for case in params:
            if case["file"] == path.name:
                assert "seed" in case, f"{path.name}:{case['line']}: every case quotes the seed"
    return [pytest.param(c, id=f"{c['file']}:{c['line']} {c['title']}") for c in params]


def _attack(fields: dict[str, Any]) -> Attack:
    weapon = weapon_for(rq_tables(), fields.pop("weapon"))
    return Attack(weapon=weapon, **fields)


def _defence(fields: dict[str, Any]) -> Defence:
    hp = fields.pop("hp")
    locations, _ = location_hit_points(rq_tables().hit_points, hp)
    locs = {key: locations[key] for key in LOCATION_KEYS.values()}
    armour = {}
    parry = None
    for key in list(fields):
        if key in locs:
            locs[key] = fields.pop(key)
        elif key.startswith("armour."):
            armour[key.removeprefix("armour.")] = fields.pop(key)
    exposed = fields.pop("exposed", None)
    if exposed is not None:
        fields["exposed"] = tuple(str(exposed).split(","))
    kind = fields.pop("parry", None)
    if kind:
        parry = Parry(
            kind=kind,
            chance=fields.pop("parry_chance"),
            name=kind,
            absorbs=fields.pop("absorbs", None),
            hp=fields.pop("parry_hp", None),
            damage=fields.pop("parry_damage", None),
            damage_taken=fields.pop("parry_taken", 0),
        )
    taken = fields.pop("taken", 0)
    defence = Defence(hit_points=hp, locations=locs, armour=armour, parry=parry, damage_taken=taken, **fields)
    # As a link carries it: msgspec checks every location key (a misspelt "armour.chst" fails).
    return msgspec.convert(msgspec.to_builtins(defence), type=Defence)


def _get(value: Any, path: str) -> Any:
    for part in path.split("."):
        value = value[int(part)] if part.isdigit() else getattr(value, part)
    return value


def _shown(value: Any) -> Any:
    if isinstance(value, (bool, int)) or value is None:
        return value
    if isinstance(value, tuple):
        return "(" + ",".join(str(v) for v in value) + ")"
    return str(value).replace(" ", "_")


def _run_exchange(case: dict[str, Any]) -> None:
    where = f"{case['file']}:{case['line']} {case['title']}"
    attack = _attack(_pairs(case["attack"], where))
    defence = _defence(_pairs(case["defence"], where))
    rolls = [int(r) for r in case["rolls"].split()]
    dice = ScriptedDice(rolls)
    result = resolve_exchange(attack, defence, dice=dice, **combat_tables())
    assert not dice.remaining, f"{where}: rolls left over: {dice.remaining} ({result.headline})"
    for path, expected in _pairs(case["expect"], where).items():
        actual = _shown(_get(result, path))
        assert actual == expected, f"{where}: {path} is {actual!r}, the seed says {expected!r}\n" + "\n".join(
            str(s) for s in result.working
        )


RUNNERS = {"combat-exchange": _run_exchange}


@pytest.mark.parametrize("case", _cases())
def test_golden(case: dict[str, Any]) -> None:
    RUNNERS[case["kind"]](case)


def test_golden_files_are_found() -> None:
    assert len(_cases()) >= 25
