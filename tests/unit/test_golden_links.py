"""Links made by earlier versions keep opening to the same result (tests/golden/links-*.txt)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from pyengine import dice_roller
from pyengine.cli.tables import ballistic as load_ballistic
from pyengine.errors import ShareLinkError
from pyengine.runequest.sheet import state as sheet_inputs
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables
from pyengine.share import LinkKind, decode_link, encode_link
from pyengine.shrapnel import state as shrapnel_state
from pyengine.shrapnel.resolve import resolve

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ROOT = GOLDEN.parents[1]


def golden_links():
    for path in sorted(GOLDEN.glob("links-*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                kind, link, expect = (part.strip() for part in line.split("|"))
                yield pytest.param(kind, link, json.loads(expect), id=f"{path.stem}:{number}:{kind}")


@pytest.mark.parametrize(("kind", "link", "expect"), list(golden_links()))
def test_an_old_link_opens_to_the_same_result(kind, link, expect):
    shared = decode_link(link)
    assert shared.kind == kind
    if kind == "dice":
        roll, own = dice_roller.replay(shared.data, shared.version)
        assert (roll.expression, roll.total, own) == (expect["expression"], expect["total"], expect["own_dice"])
    elif kind == "shrapnel":
        inputs = shrapnel_state.from_state(shared.data, version=shared.version)
        assert (inputs.roll, str(inputs.severity)) == (expect["roll"], expect["severity"])
        assert [str(a) for a in inputs.covered] == expect.get("covered", [])
        assert [p.name for p in inputs.pieces] == expect.get("pieces", [])
        assert inputs.target == expect.get("target", "")
        result = resolve(load_ballistic(), inputs.roll, inputs.severity, inputs.armour())
        if "checks" in expect:
            assert [c.piece for c in result.breakage_checks] == expect["checks"]
        for area in result.struck:
            assert str(area.side) == expect.get(str(area.area), str(area.side))
    elif kind == "sheet":
        adventurer = sheet_inputs.from_state(shared.data, shared.version)
        tables = RuneQuestTables.from_toml({i: (ROOT / "tables" / f"{i}.toml").read_bytes() for i in TABLE_IDS})
        assert adventurer.name == expect["name"]
        assert derive(adventurer, tables).hit_points == expect["hit_points"]
    else:  # pragma: no cover - a new kind must get its own branch here
        pytest.fail(f"no check for kind {kind!r}")


@pytest.mark.parametrize("record", ["adventurer-format-1.json", "adventurer-format-2.json", "adventurer-format-3.json"])
def test_a_sheet_link_of_version_2_is_the_same_record_without_its_defaults_and_shorter(record):
    adventurer = sheet_inputs.load_adventurer((GOLDEN / record).read_text(encoding="utf-8"))
    link = sheet_inputs.LINK.link(sheet_inputs.to_state(adventurer))
    whole = encode_link("sheet", msgspec.to_builtins(adventurer), version=1)  # as version 1 wrote it
    assert decode_link(link).version == sheet_inputs.VERSION == 2
    assert sheet_inputs.LINK.open(link) == adventurer == sheet_inputs.LINK.open(whole)
    assert len(link) < 0.9 * len(whole), (len(link), len(whole))
    assert decode_link(link).data[sheet_inputs.code(0)] == adventurer.format  # "format" ("A") is always written


def test_a_sheet_link_of_version_2_writes_keys_as_codes_and_escapes_a_key_that_looks_like_one():
    record = {"format": 2, "A": 1, "~x": {"chest": 2, "zz": [{"right_leg": 1}]}, "later_field": 0}
    coded = sheet_inputs._coded(record, sheet_inputs._CODE, escape=True)
    assert coded == {"A": 2, "~A": 1, "~~x": {"AR": 2, "zz": [{"AV": 1}]}, "later_field": 0}
    assert sheet_inputs._coded(coded, sheet_inputs._KEY, escape=False) == record
    assert len(set(map(sheet_inputs.code, range(len(sheet_inputs.KEYS))))) == len(sheet_inputs.KEYS)


def test_a_reader_of_sheet_version_1_refuses_version_2_as_made_by_a_newer_version():
    link = (GOLDEN / "links-issue18.txt").read_text(encoding="utf-8").splitlines()[-1].split("|")[1].strip()
    old = LinkKind("sheet", 1, lambda data, version: data)
    with pytest.raises(ShareLinkError, match="sheet version 2 is newer than this app reads \\(1\\)"):
        old.open(link)
