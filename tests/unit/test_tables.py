"""Rules tables: the real TOML files decode, compile and load back; broken copies are named errors."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from pyengine.errors import RollError, TableDataError
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.runequest.vocabulary import Location
from pyengine.tables import Record, decode_toml, encode_table, family_schemas, load_table, schema_for

ROOT = Path(__file__).resolve().parents[2]
HIT_LOCATIONS = ROOT / "tables" / "runequest" / "hit_locations.toml"
SOURCE = "tables/runequest/hit_locations.toml"

# RuneQuest ch. IV, as reference/rq-tables.md §4 prints it: D20 -> location.
RULEBOOK = {
    **dict.fromkeys(range(1, 5), "right leg"),
    **dict.fromkeys(range(5, 9), "left leg"),
    **dict.fromkeys(range(9, 12), "abdomen"),
    12: "chest",
    **dict.fromkeys(range(13, 16), "right arm"),
    **dict.fromkeys(range(16, 19), "left arm"),
    **dict.fromkeys(range(19, 21), "head"),
}


def load_real() -> HitLocationTable:
    schema = schema_for("runequest/hit_locations")
    return decode_toml(schema, HIT_LOCATIONS.read_text(encoding="utf-8"), SOURCE)


def test_the_catalogue_names_the_hit_location_schema() -> None:
    assert schema_for("runequest/hit_locations") is HitLocationTable


def test_every_rule_sets_schema_entry_resolves_to_a_record() -> None:
    for family in ("runequest", "shrapnel"):
        for table_id in family_schemas(family):
            assert issubclass(schema_for(table_id), Record), table_id


def test_each_schema_module_names_its_own_table_id() -> None:
    # A module's TABLE_ID (cited in the working it writes) is the id its rule set lists it under.
    import importlib

    for family in ("runequest", "shrapnel"):
        for table_id, target in family_schemas(family).items():
            module = importlib.import_module(target.partition(":")[0])
            ids = {v for k, v in vars(module).items() if k.endswith("TABLE_ID")}
            assert table_id in ids, (table_id, ids)


TABLE_FILES = sorted((ROOT / "tables").rglob("*.toml"))


def table_id(path: Path) -> str:
    return path.relative_to(ROOT / "tables").with_suffix("").as_posix()


def test_the_table_files_are_found() -> None:
    assert "runequest/hit_locations" in {table_id(p) for p in TABLE_FILES}


@pytest.mark.parametrize("path", TABLE_FILES, ids=table_id)
def test_every_table_file_decodes_with_its_schema_and_round_trips(path: Path) -> None:
    # Every file under tables/ must have a schema entry (the build refuses the rest).
    schema = schema_for(table_id(path))
    source = path.relative_to(ROOT).as_posix()
    table = decode_toml(schema, path.read_text(encoding="utf-8"), source)
    assert load_table(schema, encode_table(table), source) == table


def test_an_unknown_table_id_is_a_table_data_error() -> None:
    known = r"table 'runequest/nope': no schema for it \(known runequest tables: .*runequest/hit_locations"
    with pytest.raises(TableDataError, match=known):
        schema_for("runequest/nope")


def test_the_real_hit_location_table_decodes() -> None:
    table = load_real()
    assert isinstance(table, HitLocationTable)
    assert table.die == 20
    assert {row.location for row in table.rows} == set(Location)


@pytest.mark.parametrize("roll", range(1, 21))
def test_locate_follows_the_rulebook_for_every_roll(roll: int) -> None:
    assert load_real().locate(roll) == Location(RULEBOOK[roll])


@pytest.mark.parametrize("roll", [0, 21, -1])
def test_locate_refuses_a_roll_off_the_die(roll: int) -> None:
    with pytest.raises(RollError, match=f"hit location roll: {roll} does not fit a D20"):
        load_real().locate(roll)


def test_compiled_table_round_trips() -> None:
    table = load_real()
    data = encode_table(table)
    assert isinstance(data, bytes)
    again = load_table(HitLocationTable, data, "dist/tables/runequest/hit_locations.msgpack")
    assert again == table
    assert [again.locate(r) for r in range(1, 21)] == [table.locate(r) for r in range(1, 21)]


def test_tables_are_frozen() -> None:
    table = load_real()
    with pytest.raises(AttributeError):
        table.die = 6  # type: ignore[misc]


# -- broken copies of the real file -----------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('rolls = "9-11"', 'rolls = "10-11"', r"hit location row 2 \(10-11\): roll 9 is missing"),
        ('rolls = "9-11"', 'rolls = "8-11"', r"hit location row 2 \(8-11\): roll 8 is covered twice"),
        ('rolls = "19-20"', 'rolls = "19"', r"hit location: rows end at 19, must reach 20"),
        ('location = "chest"', 'location = "tail"', r"Invalid enum value 'tail' - at `\$.rows\[3\].location`"),
        ('location = "chest"', 'location = "chest"\ncolour = "red"', r"unknown field `colour` - at `\$.rows\[3\]`"),
        ('rolls = "12"', "rolls = 12", r"Expected `str`, got `int` - at `\$.rows\[3\].rolls`"),
        ('rolls = "12"', 'rolls = "twelve"', r"Expected `str` matching regex .* - at `\$.rows\[3\].rolls`"),
        ("die = 20", "die = 6", r"Invalid enum value 6 - at `\$.die`"),
        ("die = 20", 'die = "20"', r"at `\$.die`"),
        ('location = "head"', 'location = "chest"', r"hit location: no row for head"),
        ("die = 20\n", "die = 20\nname = 'x'\n", r"unknown field `name`"),
        ('rolls = "12"', 'rolls = "12-13"', r"roll 13 is covered twice"),
    ],
)
def test_a_broken_copy_names_the_file_and_the_row_or_field(old: str, new: str, problem: str) -> None:
    text = HIT_LOCATIONS.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(TableDataError, match=problem) as info:
        decode_toml(HitLocationTable, text.replace(old, new, 1), SOURCE)
    assert str(info.value).startswith(f"{SOURCE}: ")


def test_a_table_that_is_not_toml_is_a_table_data_error() -> None:
    with pytest.raises(TableDataError, match=f"^{SOURCE}: "):
        decode_toml(HitLocationTable, "die = = 20", SOURCE)


def test_a_row_missing_a_field_is_a_table_data_error() -> None:
    text = HIT_LOCATIONS.read_text(encoding="utf-8").replace('location = "chest"\n', "", 1)
    with pytest.raises(TableDataError, match=r"missing required field `location` - at `\$.rows\[3\]`"):
        decode_toml(HitLocationTable, text, SOURCE)


# -- damaged compiled tables -----------------------------------------------------------------


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:-5],  # cut short
        lambda b: b"",
        lambda b: b"\xc1" + b[1:],  # not msgpack
        lambda b: b + b"\x00",  # trailing bytes
        lambda b: msgspec.msgpack.encode({"die": 20, "rows": []}),  # valid msgpack, bad table
        lambda b: msgspec.msgpack.encode([1, 2, 3]),
    ],
)
def test_damaged_compiled_bytes_are_a_table_data_error(damage) -> None:  # type: ignore[no-untyped-def]
    data = damage(encode_table(load_real()))
    with pytest.raises(TableDataError, match="^dist/x.msgpack: "):
        load_table(HitLocationTable, data, "dist/x.msgpack")


def test_every_single_byte_change_is_caught_or_harmless() -> None:
    # A flipped byte either still gives a valid table or is a TableDataError; never anything else.
    data = encode_table(load_real())
    for i in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            damaged = bytearray(data)
            damaged[i] ^= flip
            try:
                table = load_table(HitLocationTable, bytes(damaged))
            except TableDataError:
                continue
            assert {row.location for row in table.rows} == set(Location)
