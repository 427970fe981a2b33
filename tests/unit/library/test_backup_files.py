"""Backup files as people have them (issue 33, item 6): a key the file names twice is named,
in the player's words, with which copy is taken (the last, as every JSON reader takes it) and
where the other is kept (set aside, never dropped); what did not fit is counted by kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import RecordError
from pyengine.library.backup import read_backup
from pyengine.library.merge import apply_plan, import_into_empty, plan_import
from pyengine.library.naming import name_of, tally
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT, FIGHT_PREFIX, HISTORY_PREFIX, SET_ASIDE
from pyengine.storage.store import MemoryStore
from tests.unit.library.library_fixtures import rurik

MADE = "2025-03-01T23:10:00.000Z"
KEY = CHARACTER_PREFIX + "r1"


def file_with(*pairs: tuple[str, str], made: str = MADE) -> str:
    """A backup file whose items are ``pairs`` in that order, a key as often as it is given."""
    items = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in pairs)
    return f'{{"format": 1, "kind": "backup", "app": "0.4.0", "made": {json.dumps(made)},\n "items": {{\n{items}\n }}\n}}'


FIRST, LAST = rurik(name="Rurik", money=1), rurik(name="Rurik", money=2)
TWICE = file_with((KEY, FIRST), (CHARACTER_PREFIX + "v1", rurik(name="Vasana")), (KEY, LAST))


def test_a_key_named_twice_is_named_the_last_copy_taken_and_the_first_set_aside():
    backup = read_backup(TWICE)
    assert backup.items[KEY] == LAST  # as json.loads and a browser's JSON.parse take it
    [twice] = backup.duplicates
    assert twice.key == KEY and twice.copies == 2
    assert twice.name == "adventurer Rurik (r1)"
    [aside] = twice.aside
    assert aside.startswith(SET_ASIDE) and aside.endswith("/" + KEY)
    assert backup.items[aside] == FIRST  # findable: imported as an item set aside
    said = twice.said()
    assert said.startswith("adventurer Rurik (r1) is in the file twice")
    assert "the last copy is taken" in said and "the first is kept set aside" in said


def test_the_plan_and_both_imports_say_so_and_keep_both_copies(ids):
    device = MemoryStore({CHARACTER_PREFIX + "other": rurik(name="Harald")})
    plan = plan_import(device, TWICE)
    assert [d.key for d in plan.duplicates] == [KEY]
    by_key = {i.key: i for i in plan.items}
    assert by_key[KEY].file == LAST
    aside = plan.duplicates[0].aside[0]
    assert by_key[aside].status == "new" and by_key[aside].file == FIRST
    done = apply_plan(device, plan, {}, now=MADE, new_id=ids)
    assert device.get(KEY) == LAST and device.get(aside) == FIRST
    assert any("is in the file twice" in n for n in done.notes)

    empty = MemoryStore()
    done = import_into_empty(empty, TWICE, now=MADE)
    assert empty.get(KEY) == LAST and empty.get(aside) == FIRST
    assert [n for n in done.notes if "twice" in n] == [plan.duplicates[0].said()]


def test_the_same_text_twice_is_named_and_nothing_is_set_aside():
    backup = read_backup(file_with((KEY, FIRST), (KEY, FIRST)))
    [twice] = backup.duplicates
    assert twice.aside == () and "the same text each time" in twice.said()
    assert list(backup.items) == [KEY]


def test_a_key_named_three_times_keeps_every_other_copy():
    third = rurik(name="Rurik", money=3)
    backup = read_backup(file_with((KEY, FIRST), (KEY, LAST), (KEY, third)))
    [thrice] = backup.duplicates
    assert thrice.copies == 3 and backup.items[KEY] == third
    assert sorted(backup.items[a] for a in thrice.aside) == sorted([FIRST, LAST])
    assert "3 times" in thrice.said()


def test_earlier_versions_and_drafts_named_twice_are_named_in_words():
    hkey = HISTORY_PREFIX + "character/r1"
    backup = read_backup(file_with((KEY, LAST), (hkey, "a"), (hkey, "b"), (FIGHT_DRAFT, "x"), (FIGHT_DRAFT, "y")))
    names = [d.name for d in backup.duplicates]
    assert names == ["the earlier versions of adventurer Rurik (r1)", "fight mode's open fight (its draft)"]


@pytest.mark.parametrize("field", ["items", "format", "kind"])
def test_a_backup_that_gives_its_own_field_twice_is_refused_by_name(field):
    data = {"format": '1', "kind": '"backup"', "items": "{}"}
    body = ", ".join(f'"{k}": {v}' for k, v in data.items())
    other = {"items": '{"strike-rank/x": "1"}', "format": "2", "kind": '"fight"'}[field]
    with pytest.raises(RecordError) as caught:
        read_backup("{" + body + f', "{field}": {other}' + "}")
    assert str(caught.value) == f'backup file: damaged ("{field}" is given twice, differently; which one is meant '\
                                'cannot be told)'


def test_a_file_that_names_no_key_twice_reads_as_before():
    backup = read_backup(file_with((KEY, FIRST), (FIGHT_PREFIX + "f1", "{}")))
    assert backup.duplicates == () and list(backup.items) == [KEY, FIGHT_PREFIX + "f1"]


def test_keys_are_named_as_the_start_page_names_them():
    items = {KEY: rurik(name="Rurik"), FIGHT_PREFIX + "f1": json.dumps({"name": "Broo at the ford"})}
    assert name_of(KEY, items) == "adventurer Rurik (r1)"
    assert name_of(FIGHT_PREFIX + "f1", items) == "fight Broo at the ford (f1)"
    assert name_of(CHARACTER_PREFIX + "gone", items) == "adventurer gone"
    assert name_of(SET_ASIDE + "2025-03-01/" + KEY, items) == "an item set aside (it was adventurer Rurik (r1))"
    long = {KEY: rurik(name="R" * 500)}
    assert len(name_of(KEY, long)) < 120


def test_what_did_not_fit_is_counted_by_kind():
    keys = ([CHARACTER_PREFIX + f"a{n}" for n in range(2290)] + [FIGHT_PREFIX + f"f{n}" for n in range(20)]
            + [HISTORY_PREFIX + "character/a1", FIGHT_DRAFT])
    assert tally(keys) == ("2,290 adventurers, 20 fights, the earlier versions of 1 adventurer "
                           "and 1 draft")
    assert tally([KEY]) == "1 adventurer"


def test_a_last_copy_that_is_not_text_is_refused_and_the_first_still_kept():
    backup = read_backup(file_with((KEY, FIRST)).replace("\n }", f',\n  "{KEY}": 5\n }}'))
    assert [d.key for d in backup.refused] == [KEY]
    [twice] = backup.duplicates
    assert twice.last_refused and backup.items[twice.aside[0]] == FIRST
    assert twice.said().startswith("adventurer Rurik (r1) is in the file twice: the last copy is taken")
    assert "damaged (not imported); the first is kept set aside" in twice.said()


def test_every_golden_backup_reads_as_before():
    for path in sorted((Path(__file__).parents[2] / "golden").glob("backup-*.json")):
        text = path.read_text(encoding="utf-8")
        backup = read_backup(text)
        assert backup.duplicates == () and backup.items == json.loads(text)["items"], path.name
