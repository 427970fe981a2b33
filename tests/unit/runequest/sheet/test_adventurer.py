"""The saved record and the derived sheet: JSON round trips, format versions, and every problem at once."""

from __future__ import annotations

import msgspec
import pytest

from pyengine.errors import RecordError
from pyengine.runequest.sheet.adventurer import (
    FORMAT,
    Adventurer,
    Course,
    Gear,
    GuildCredit,
    WeaponSkill,
    dump_adventurer,
    load_adventurer,
)
from pyengine.runequest.sheet.derive import DerivedSheet, derive, problems
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import Hand
from tests.unit.runequest.rq_fixtures import adventurer


def full() -> Adventurer:
    return adventurer(
        weapons=(
            WeaponSkill(weapon="broadsword", attack=20, attack_trained=True),
            WeaponSkill(weapon="dagger", hand=Hand.LEFT),
        ),
        gear=(Gear(ref="hauberk_ring_mail", worn=True), Gear(name="rope", enc="1", count=2), Gear(ref="broadsword")),
        money=120,
        STR=13,
    )


def test_a_record_round_trips_through_json(tables: RuneQuestTables) -> None:
    record = msgspec.structs.replace(
        full(),
        name="Rurik",
        background="poor_noble",
        background_roll=90,
        savings=40,
        credit=GuildCredit(limit=1300, used=300, owed=300),
        courses=(Course(target="broadsword", lunars=500, session_weeks=5, hours_per_day=2, attack=5),),
        notes="likes <b>bold</b> & ampersands",
    )
    data = dump_adventurer(record)
    assert msgspec.json.decode(data)["format"] == FORMAT == 4
    again = load_adventurer(data)
    assert again == record
    assert derive(again, tables) == derive(record, tables)


def test_a_record_without_a_format_is_read_as_format_1() -> None:
    # read as format 1 and upgraded to the format this code writes (4 since issue 34)
    assert (
        load_adventurer(
            b'{"characteristics": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10}}'
        ).format
        == 4
    )
    with pytest.raises(RecordError, match=r"format 1 has no `current`"):
        load_adventurer(b'{"characteristics": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10,'
                        b' "CHA": 10}, "current": {}}')


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"not json", r"adventurer record: not JSON"),
        (b"[1, 2]", r"expected a JSON object, got a list"),
        (b'{"format": 5}', r"made by a newer version \(format 5\); this app reads formats up to 4"),
        (b'{"format": "1"}', r"format '1' is not a format number"),
        (b'{"format": 1}', r"the record: has no characteristics"),
        (
            b'{"characteristics": {"STR": 100, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10}}',
            r"characteristics, STR: should be a whole number of at most 99 \(found 100\)",
        ),
        (
            b'{"characteristics": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10},'
            b' "weapons": [{"weapon": "dagger", "hand": "middle"}]}',
            r"weapon line 1, hand: is not one this app knows \(found 'middle'\)",
        ),
        (
            b'{"characteristics": {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "CHA": 10},'
            b' "hair": "red"}',
            r"has a field this app does not know: 'hair'",
        ),
    ],
)
def test_a_bad_record_is_a_named_record_error(data: bytes, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        load_adventurer(data)


def test_every_problem_at_once(tables: RuneQuestTables) -> None:
    # A STR below a weapon's minimum, ENC over the cap, a characteristic out of range: all reported.
    # STR 8: cap 1.5 x 8 = 12; carrying 13. INT 25 is over 21. A battle axe needs STR 13.
    record = adventurer(
        weapons=(WeaponSkill(weapon="battle_axe_1h"),),
        gear=(Gear(name="stones", enc="13"),),
        STR=8,
        INT=25,
    )
    found = problems(record, tables)
    assert found == [
        ("characteristics.INT", "INT 25 is above the human maximum of 21"),
        ("enc", "carrying 13 ENC: no one can carry more than 1.5 x STR = 12"),
        ("weapons[0]", "battle axe: STR 8 is below the 13 a battle axe needs"),
    ]
    assert problems(derive(record, tables)) == found


def test_over_the_maximum_but_under_the_cap_is_a_warning_with_its_penalties(tables: RuneQuestTables) -> None:
    sheet = derive(adventurer(gear=(Gear(name="stones", enc="23/2"),)), tables)
    # max ENC 10; 11½ carried: 1 whole point over (RQ-10).
    assert sheet.enc_over == 1
    (problem,) = sheet.problems
    assert (problem.field, problem.level) == ("enc", "warning")
    assert problem.message == "1 over the maximum ENC of 10: move 7, Defense -5%, strike ranks +1"
    assert "RQ-10" in sheet.steps_for("enc")[-1].rulings


def test_problems_needs_tables_for_a_record() -> None:
    with pytest.raises(TypeError):
        problems(full())


def test_the_derived_sheet_encodes_as_json(tables: RuneQuestTables) -> None:
    sheet = derive(full(), tables)
    data = msgspec.json.encode(sheet)
    assert msgspec.json.decode(data, type=DerivedSheet) == sheet


def test_training_hours_over_8_a_day_is_a_problem(tables: RuneQuestTables) -> None:
    courses = tuple(Course(target=t, lunars=100, session_weeks=1, hours_per_day=4) for t in ("a", "b", "c"))
    record = msgspec.structs.replace(adventurer(), courses=courses)
    assert ("courses", "12 hours a day of training; no more than 8 hours a day") in problems(record, tables)


def test_an_unknown_background_is_a_problem(tables: RuneQuestTables) -> None:
    record = msgspec.structs.replace(adventurer(), background="pirate")
    assert problems(record, tables) == [("background", "'pirate' is not a background in the tables")]


def test_every_step_names_a_field_and_cites_real_rulings(tables: RuneQuestTables) -> None:
    from pathlib import Path

    rulings = (Path(__file__).resolve().parents[4] / "docs" / "rulings.md").read_text(encoding="utf-8")
    sheet = derive(full(), tables)
    assert sheet.working
    for step in sheet.working:
        assert step.field and step.text
        for ruling in step.rulings:
            assert f"### {ruling} " in rulings, ruling


def _json_blocks_after(heading: str) -> list[str]:
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[4] / "docs" / "formats.md").read_text(encoding="utf-8")
    section = doc.split(heading, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```json\n(.*?)```", section, flags=re.S)


def test_the_documented_record_loads_and_writes_back_the_same(tables: RuneQuestTables) -> None:
    import json

    (block,) = _json_blocks_after("## Stored record: RuneQuest adventurer")
    record = load_adventurer(block)
    assert json.loads(dump_adventurer(record)) == json.loads(block)
    assert list(json.loads(dump_adventurer(record)))[:4] == ["format", "name", "pronouns", "characteristics"]
    # A consistent example: nothing wrong, only the debt's warning.
    assert [(p.field, p.level) for p in derive(record, tables).problems] == [("money", "warning")]


def test_the_documented_command_output_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from pyengine import cli

    (block,) = _json_blocks_after("## `python -m pyengine sheet")
    argv = [
        "sheet",
        "--str",
        "12",
        "--con",
        "12",
        "--siz",
        "17",
        "--int",
        "13",
        "--pow",
        "18",
        "--dex",
        "10",
        "--cha",
        "15",
        "--json",
    ]
    assert cli.main(argv) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(block)
