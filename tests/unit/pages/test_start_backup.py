"""The start page's backup card (pyengine.pages.start_library) with files as people have them
(issue 33, item 6): a key named twice is said in the plan and after the import; every time
shown is a time or says plainly that the file does not say; thousands of records that did not
fit are counted, with the list folded and cut."""

from __future__ import annotations

import html as htmllib
import itertools
import json
import re
from pathlib import Path

from pyengine.errors import StorageError
from pyengine.library.kinds import record_key
from pyengine.pages.start_library import DeviceLibrary
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_PREFIX, SET_ASIDE
from pyengine.storage.store import MemoryStore

GOLDEN = Path(__file__).parents[2] / "golden" / "adventurer-format-2.json"
MADE = "2025-03-01T23:10:00.000Z"


def record(name: str) -> str:
    return json.dumps({**json.loads(GOLDEN.read_text()), "name": name})


def library(store: MemoryStore) -> DeviceLibrary:
    ticks, ids = itertools.count(1), itertools.count(1)
    return DeviceLibrary(store, now=lambda: f"2026-12-01T14:{next(ticks) % 60:02d}:00.000Z",
                         new_id=lambda: f"id{next(ids):04d}", app="0.4.0")


def backup(pairs, made: str | None = MADE) -> str:
    items = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in pairs)
    when = f'"made": {json.dumps(made)}, ' if made is not None else ""
    return f'{{"format": 1, "kind": "backup", "app": "0.4.0", {when}"items": {{\n{items}\n}}}}'


class FullStore(MemoryStore):
    """A store that holds ``room`` characters (keys and texts), counted as it goes (the
    quota of :class:`MemoryStore` adds every item up at each write)."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room, self.used = room, 0

    def put(self, key: str, text: str) -> None:
        old = self.items.get(key)
        grows = len(key) + len(text) - (len(key) + len(old) if old is not None else 0)
        if self.used + grows > self.room:
            raise StorageError(f"storage: the device's storage is full (QuotaExceededError); {key!r} was not written")
        super().put(key, text)
        self.used += grows

    def remove(self, key: str) -> None:
        old = self.items.get(key)
        super().remove(key)
        self.used -= len(key) + len(old) if old is not None else 0


def text_of(html: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", "", html))


def test_the_plan_names_a_key_the_file_gives_twice_and_which_copy_is_taken():
    lib = library(MemoryStore({CHARACTER_PREFIX + "aaa": record("Vasana")}))
    pairs = [(CHARACTER_PREFIX + "bbb", record("Rurik")), (CHARACTER_PREFIX + "bbb", record("Rurik the Red"))]
    said = text_of(lib.on_backup_file(backup(pairs)).html["backup-out"])
    assert "adventurer Rurik the Red (bbb) is in the file twice: the last copy is taken" in said
    assert "the first is kept set aside" in said
    assert "1 named twice" in said
    done = text_of(lib.on_backup_click({"backup": "apply"}, {}).html["backup-out"])
    assert "is in the file twice" in done
    assert any(k.startswith(SET_ASIDE) and k.endswith("/" + CHARACTER_PREFIX + "bbb") for k in lib.store.keys())


def test_the_import_into_an_empty_device_says_it_too():
    pairs = [(CHARACTER_PREFIX + "bbb", record("Rurik")), (CHARACTER_PREFIX + "bbb", record("Rurik the Red"))]
    said = text_of(library(MemoryStore()).on_backup_file(backup(pairs)).html["backup-out"])
    assert "adventurer Rurik the Red (bbb) is in the file twice: the last copy is taken" in said


def test_a_changed_record_without_a_time_says_when_the_file_was_made_never_a_question_mark():
    here = MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik"), FIGHT_PREFIX + "f1": "{}"})
    said = text_of(library(here).on_backup_file(backup([(CHARACTER_PREFIX + "aaa", record("Rurik the Red"))])).html["backup-out"])
    assert "?" not in said, said
    assert "The file (made 2025-03-01 23:10)" in said
    assert "here: when is not recorded" in said and "in the file: when is not recorded (the file was made 2025-03-01 23:10)" in said


def test_a_file_that_does_not_say_when_it_was_made_says_so_plainly():
    here = MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik")})
    said = text_of(library(here).on_backup_file(backup([(CHARACTER_PREFIX + "aaa", record("Rurik the Red"))],
                                                       made=None)).html["backup-out"])
    assert "?" not in said, said
    assert "The file does not say when it was made" in said


def test_a_fights_own_time_is_shown_when_it_has_no_earlier_versions():
    fight = {"format": 1, "name": "At the ford", "draft": {}, "started": "2025-03-01T20:00:00.000Z",
             "changed": "2025-03-01T20:41:57.000Z", "rounds": 1, "sides": [], "link": ""}
    here = MemoryStore({record_key("fight", "f1"): json.dumps({**fight, "changed": "2025-03-02T10:00:00.000Z"})})
    said = text_of(library(here).on_backup_file(backup([(record_key("fight", "f1"), json.dumps(fight))])).html["backup-out"])
    assert "here: 2025-03-02 10:00" in said and "in the file: 2025-03-01 20:41" in said


def test_five_thousand_adventurers_that_do_not_all_fit_are_counted_and_the_list_folded():
    text = backup([(CHARACTER_PREFIX + f"{n:012x}", record(f"Adventurer {n}")) for n in range(5000)])
    one = len(CHARACTER_PREFIX) + 12 + len(record("Adventurer 1000"))
    store = FullStore(one * 2690 + 2000)  # the journal's few hundred characters too
    html = library(store).on_backup_file(text).html["backup-out"]
    missing = 5000 - sum(1 for k in store.keys() if k.startswith(CHARACTER_PREFIX))
    assert 2000 < missing < 2500
    said = text_of(html)
    assert f"{missing:,} records did not fit in this browser's storage: {missing:,} adventurers." in said
    assert html.count("<p") < 6  # a summary, not a paragraph each
    fold = re.search(r"<details[^>]*>(.*?)</details>", html, re.S)
    assert fold is not None and "<summary" in fold.group(1)
    assert fold.group(1).count("<li") <= 51
    assert f"and {missing - 50:,} more" in text_of(fold.group(1))
    assert "adventurer Adventurer" in text_of(fold.group(1))
