"""Saving that survives a crash (pyengine.library.journal): a save of several keys stopped after
its N-th write, for every N, leaves a store that, re-opened (``recover``, as every page does when
it starts), is exactly the state before the save or exactly the state after it, and the message
says what did not finish. The store stops as a killed tab does: ``MemoryStore(crash_after=N)``
does N writes and no more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.errors import StorageError
from pyengine.library.backup import export_backup, read_backup
from pyengine.library.damaged import damaged_items
from pyengine.library.deleted import delete, undelete
from pyengine.library.fights import keep_fight
from pyengine.library.journal import FRESH, atomic, pending, recover, wait_before_recovering
from pyengine.library.merge import FILE, apply_plan, import_into_empty, plan_import
from pyengine.library.versions import save, undo
from pyengine.storage.keys import CHARACTER_PREFIX, FIGHT_DRAFT, HISTORY_PREFIX, JOURNAL, SET_ASIDE, SHEET_DRAFT
from pyengine.storage.store import Crashed, MemoryStore
from tests.unit.library.library_fixtures import Ids, RefusingStore, rurik, when

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
NOW = "2025-03-01T23:10:00.000Z"
KEY, HKEY = CHARACTER_PREFIX + "a1b2c3d4e5f6", HISTORY_PREFIX + "character/a1b2c3d4e5f6"
#: A large adventurer: long notes, and a long history behind him.
NOTES = "".join(f"Session {n}: the broos at the ford, the bridge, the long road home. " for n in range(300))


def large_record_store() -> MemoryStore:
    store = MemoryStore({SHEET_DRAFT: '{"key": null}', "another-app/x": "1"})
    for n in range(20):
        save(store, "character", "a1b2c3d4e5f6", rurik(notes=f"{NOTES} {n}", money=n), when=when(n), why=f"edit {n}")
    return store


def every_crash(before: dict[str, str], do) -> list[tuple[int, str]]:
    """Runs ``do(store)`` on a copy of ``before`` stopped after N writes, for every N until it
    finishes; each store re-opened and recovered. Returns ``(N, message)`` of each; asserts each
    state is ``before`` or the finished one."""
    finished = MemoryStore(before)
    do(finished)
    after = finished.items
    assert after != before
    out, n = [], 0
    while True:
        store = MemoryStore(before, crash_after=n)
        try:
            do(store)
            crashed = False
        except Crashed:
            crashed = True
        reopened = MemoryStore(store.items)
        said = recover(reopened)
        assert reopened.items in (before, after), f"after {n} writes: neither the state before nor after"
        assert JOURNAL not in reopened.items
        assert recover(reopened) == ""  # once taken back, nothing more to say
        out.append((n, said))
        if not crashed:
            assert reopened.items == after and said == ""
            return out
        n += 1


def test_a_large_records_save_stopped_after_any_write_is_the_old_record_or_the_new_and_says_so():
    store = large_record_store()
    before = dict(store.items)
    assert len(before[KEY]) > 20_000 and len(before[HKEY]) > 2_000

    def do(s):
        save(s, "character", "a1b2c3d4e5f6", rurik(notes=NOTES + " the end", money=99), when=when(30), why="edited")

    runs = every_crash(before, do)
    assert len(runs) >= 4  # the journal, the earlier versions, the record, the journal gone
    for n, said in runs[1:-1]:  # stopped after the journal was written, before it was removed
        assert said.startswith("A save did not finish when this browser last stopped "
                               "(saving adventurer 'a1b2c3d4e5f6', begun 2025-03-01 20:00 UTC): it was taken back"), n
    assert runs[0][1] == "" and runs[-1][1] == ""


def test_undo_and_a_deletion_and_putting_it_back_stopped_anywhere_are_all_or_nothing():
    store = large_record_store()
    every_crash(dict(store.items), lambda s: undo(s, "character", "a1b2c3d4e5f6", when=when(40)))
    every_crash(dict(store.items), lambda s: delete(s, "character", "a1b2c3d4e5f6", when=when(40)))
    delete(store, "character", "a1b2c3d4e5f6", when=when(40))
    every_crash(dict(store.items), lambda s: undelete(s, "character", "a1b2c3d4e5f6"))


def scale_device() -> MemoryStore:
    from measure.scale import scale_store

    return scale_store(adventurers=6, versions=5, templates=3, fights=3, rounds=4)


def test_a_backup_imported_into_an_empty_browser_stopped_after_any_write_is_nothing_or_everything():
    _, text = export_backup(scale_device(), now=NOW, app="0.2.0")
    items = read_backup(text).items
    assert len(items) > 20
    runs = every_crash({"another-app/x": "1"}, lambda s: import_into_empty(s, text, now=NOW))
    assert len(runs) == len(items) + 3  # the journal, every item, the journal gone
    assert all(said.startswith(f"A save did not finish when this browser last stopped (importing a backup file "
                               f"({len(items)} items), begun 2025-03-01 23:10 UTC)") for _, said in runs[1:-1])


def test_a_backup_merged_into_a_device_with_records_stopped_after_any_write_is_the_device_before_or_after():
    device = scale_device()
    _, text = export_backup(device, now=NOW, app="0.2.0")
    here = MemoryStore(device.items)
    ident = next(k for k in here.items if k.startswith(CHARACTER_PREFIX)).rsplit("/", 1)[1]
    save(here, "character", ident, rurik(notes="changed here"), when=when(50), why="edited here")
    here.put(FIGHT_DRAFT, '{"link": "", "add": {}, "declare": {}, "applied": []}')
    plan = plan_import(here, text)
    changed = [i for i in plan.items if i.status == "changed"]
    assert changed
    runs = every_crash(dict(here.items), lambda s: apply_plan(s, plan, {i.key: FILE for i in changed}, now=NOW,
                                                                  new_id=Ids()))
    assert any(said for _, said in runs)


def test_several_adventurers_written_back_together_are_all_written_or_none():
    store = MemoryStore()
    for who in ("rurik", "vasana", "harrek"):
        save(store, "character", who, rurik(name=who.title()), when=when(1), why="made")

    def write_back(s):
        with atomic(s, "writing fight 'Broos at the ford' back to 3 sheets", when=NOW) as tx:
            for n, who in enumerate(("rurik", "vasana", "harrek")):
                save(tx, "character", who, rurik(name=who.title(), money=n), when=NOW, why="written back")

    runs = every_crash(dict(store.items), write_back)
    assert all("(writing fight 'Broos at the ford' back to 3 sheets, begun" in said for _, said in runs[1:-1])


def test_announced_keys_are_journaled_once_at_the_first_change_and_a_save_that_changes_none_writes_no_journal():
    from pyengine.library.versions import record_keys

    class Counting(MemoryStore):
        def __init__(self, items):
            super().__init__(items)
            self.journals = 0

        def put(self, key, text):
            self.journals += key == JOURNAL
            super().put(key, text)

    store = MemoryStore()
    who = ("rurik", "vasana", "harrek")
    for name in who:
        save(store, "character", name, rurik(name=name.title()), when=when(1), why="made")

    def write_back(s):
        with atomic(s, "writing fight 'Broos at the ford' back to 3 sheets", when=NOW,
                    keys=record_keys("character", who)) as tx:
            for n, name in enumerate(who):
                save(tx, "character", name, rurik(name=name.title(), money=n), when=NOW, why="written back")

    counting = Counting(dict(store.items))
    write_back(counting)
    assert counting.journals == 1  # not once an adventurer, each time longer
    every_crash(dict(store.items), write_back)
    unchanged = Counting(dict(store.items))
    with atomic(unchanged, "keeping the fight in fight mode", when=NOW, keys=record_keys("character", who)) as tx:
        save(tx, "character", "rurik", rurik(name="Rurik"), when=NOW, why="the same text")
    assert unchanged.journals == 0 and unchanged.items == store.items


def test_a_fight_and_fight_modes_draft_are_kept_together():
    store = MemoryStore()
    draft = json.dumps({"link": "1.abc", "add": {}, "declare": {}, "applied": []})
    keep_fight(store, draft, sides={"A": ["x"]}, rounds=1, now=NOW, new_id=Ids())
    store.put(FIGHT_DRAFT, draft)
    later = json.dumps({"link": "1.abcdef", "add": {}, "declare": {}, "applied": []})

    def fight_mode_saves(s):
        with atomic(s, "keeping the fight in fight mode", when=NOW) as tx:
            tx.put(FIGHT_DRAFT, later)
            keep_fight(tx, later, sides={"A": ["x"]}, rounds=2, now=NOW, new_id=Ids())

    every_crash(dict(store.items), fight_mode_saves)


def test_taking_back_is_safe_to_repeat_when_it_is_itself_stopped():
    store = large_record_store()
    before = dict(store.items)
    crashed = MemoryStore(before, crash_after=3)
    with pytest.raises(Crashed):
        save(crashed, "character", "a1b2c3d4e5f6", rurik(money=1000), when=when(30), why="edited")
    assert JOURNAL in crashed.items
    for m in range(4):
        again = MemoryStore(crashed.items, crash_after=m)
        try:
            recover(again)
        except Crashed:
            pass
        reopened = MemoryStore(again.items)
        recover(reopened)
        assert reopened.items == before, m


def test_an_error_that_is_not_a_refusal_takes_the_save_back_and_a_refusal_leaves_it_as_the_library_left_it():
    store = MemoryStore({"strike-rank/a": "1"})
    with pytest.raises(ZeroDivisionError):
        with atomic(store, "a bug half-way") as tx:
            tx.put("strike-rank/a", "2")
            tx.put("strike-rank/b", "3")
            raise ZeroDivisionError("a bug half-way")
    assert store.items == {"strike-rank/a": "1"}
    with pytest.raises(StorageError):
        with atomic(store, "a refusal") as tx:
            tx.put("strike-rank/a", "2")
            raise StorageError("storage: full")
    assert store.items == {"strike-rank/a": "2"}


def test_when_the_journal_does_not_fit_the_save_goes_on_as_before_and_leaves_no_journal():
    store = large_record_store()
    used = sum(len(k) + len(v) for k, v in store.items.items())
    store.quota = used + len(rurik(money=1)) * 3  # room for the new versions, none for a journal of the old
    save(store, "character", "a1b2c3d4e5f6", rurik(money=1), when=when(30), why="edited")
    assert store.items[KEY] == rurik(money=1) and JOURNAL not in store.items
    refusing = RefusingStore(dict(store.items), refuse=lambda key: key == JOURNAL)
    save(refusing, "character", "a1b2c3d4e5f6", rurik(money=2), when=when(31), why="edited")
    assert refusing.items[KEY] == rurik(money=2) and JOURNAL not in refusing.items


def test_a_save_inside_another_is_part_of_it():
    store = MemoryStore()
    crashed = MemoryStore(crash_after=3)
    with pytest.raises(Crashed):
        with atomic(crashed, "two records") as tx:
            save(tx, "character", "one", rurik(), when=NOW, why="made")
            save(tx, "character", "two", rurik(), when=NOW, why="made")
    assert pending(crashed).what == "two records"
    reopened = MemoryStore(crashed.items)
    recover(reopened)
    assert reopened.items == store.items == {}


def test_the_journal_is_never_in_a_backup_and_a_file_that_carries_one_is_refused_it():
    store = MemoryStore({KEY: rurik(), JOURNAL: '{"format":1,"what":"x","when":"","before":{}}'})
    _, text = export_backup(store, now=NOW, app="0.2.0")
    assert JOURNAL not in json.loads(text)["items"]
    hostile = json.dumps({"format": 1, "kind": "backup", "items": {KEY: rurik(), JOURNAL: '{"format":1,"before":{}}'}})
    backup = read_backup(hostile)
    assert JOURNAL not in backup.items and [d.key for d in backup.refused] == [JOURNAL]


# -- a journal this version cannot take back: damaged, or a newer version's -----------------------

DAMAGED_JOURNAL = "{damaged journal"
OTHER = CHARACTER_PREFIX + "0f1e2d3c4b5a"


def newer_journal(before: object = "default") -> str:
    """A journal of format 2 (a newer version's), half-way through saving Rurik."""
    data = {"format": 2, "what": "saving adventurer 'Rurik'", "when": "2026-12-01T20:00:00.000Z",
            "before": {KEY: rurik(money=1), HKEY: None} if before == "default" else before}
    if before is None:
        del data["before"]
    return json.dumps(data)


def aside_holding(store: MemoryStore, text: str) -> list[str]:
    return [k for k, v in store.items.items() if k.startswith(SET_ASIDE) and v == text]


@pytest.mark.parametrize("text, said", [
    (DAMAGED_JOURNAL, "journal of an unfinished save is damaged (it is not JSON text)"),
    ('{"format": 1, "before": {"strike-rank/a": 3}}', 'damaged ("before" is not keys and their texts)'),
    ('{"before": {}}', 'damaged (no "format" number)'),
])
def test_a_damaged_journal_is_set_aside_as_it_was_said_and_listed_and_exported(text, said):
    store = MemoryStore({JOURNAL: text, "strike-rank/a": "1"})
    message = recover(store, NOW)
    [aside] = aside_holding(store, text)
    assert aside == f"{SET_ASIDE}{NOW}/{JOURNAL}"
    assert store.items == {aside: text, "strike-rank/a": "1"}
    assert said in message and f"set aside, as it was, under {aside!r}" in message
    assert "Traceback" not in message and "Expecting" not in message  # not Python's words
    assert recover(store, NOW) == ""
    [listed] = damaged_items(store)
    assert listed.key == aside and "it was under 'strike-rank/journal'" in listed.reason
    _, backup = export_backup(store, now=NOW, app="0.4.0")
    assert json.loads(backup)["items"][aside] == text
    assert read_backup(backup).items[aside] == text  # and a backup that carries it imports it


def test_a_damaged_journal_is_never_written_over_by_the_next_save():
    # The reproduction, without a page start: the next save set it aside first.
    store = MemoryStore({JOURNAL: DAMAGED_JOURNAL, KEY: rurik()})
    save(store, "character", "a1b2c3d4e5f6", rurik(money=7), when=when(30), why="edited")
    assert store.items[KEY] == rurik(money=7) and JOURNAL not in store.items
    assert aside_holding(store, DAMAGED_JOURNAL) == [f"{SET_ASIDE}{when(30)}/{JOURNAL}"]
    # A second damaged journal set aside at the same moment is kept beside the first, not over it.
    store.put(JOURNAL, DAMAGED_JOURNAL + " again")
    save(store, "character", "a1b2c3d4e5f6", rurik(money=8), when=when(30), why="edited")
    assert len(aside_holding(store, DAMAGED_JOURNAL)) == len(aside_holding(store, DAMAGED_JOURNAL + " again")) == 1


def test_a_save_stopped_after_any_write_with_a_damaged_journal_there_keeps_it_exactly_once():
    store = large_record_store()
    store.put(JOURNAL, DAMAGED_JOURNAL)
    before = dict(store.items)
    n = 0
    while True:
        crashed = MemoryStore(before, crash_after=n)
        try:
            save(crashed, "character", "a1b2c3d4e5f6", rurik(notes="the end", money=99), when=when(30), why="edited")
            finished = True
        except Crashed:
            finished = False
        reopened = MemoryStore(crashed.items)
        recover(reopened, NOW)
        assert len(aside_holding(reopened, DAMAGED_JOURNAL)) == 1, n
        assert JOURNAL not in reopened.items
        mine = {k: v for k, v in reopened.items.items() if not k.startswith(SET_ASIDE)}
        old = {k: v for k, v in before.items() if k != JOURNAL}
        assert mine == old or (mine[KEY] == rurik(notes="the end", money=99)
                               and mine[HKEY] != old[HKEY]), n
        if finished:
            break
        n += 1
    assert n >= 5  # the journal set aside, its key removed, the journal, the versions, the record


def test_a_newer_versions_journal_is_never_written_over_around_atomic():
    # The reproduction in CPython: a format-2 journal, and a save of other keys around atomic.
    text = newer_journal()
    store = MemoryStore({JOURNAL: text, KEY: rurik(money=1000)})
    with atomic(store, "a save of other keys", when=NOW) as tx:
        tx.put("strike-rank/a", "1")
        tx.put("strike-rank/b", "2")
    assert store.items[JOURNAL] == text and store.items["strike-rank/a"] == "1"
    save(store, "character", "0f1e2d3c4b5a", rurik(name="Vasana"), when=when(30), why="made")
    assert store.items[JOURNAL] == text and OTHER in store.items


def test_the_keys_a_newer_versions_unfinished_save_names_are_refused_in_a_players_words():
    text = newer_journal()
    store = MemoryStore({JOURNAL: text, KEY: rurik(money=1000)})
    before = dict(store.items)
    with pytest.raises(StorageError) as refused:
        with atomic(store, "saving adventurer 'Rurik'", when=NOW) as tx:
            save(tx, "character", "a1b2c3d4e5f6", rurik(money=5), when=when(30), why="edited")
    said = str(refused.value)
    assert said.startswith("storage: saving adventurer 'Rurik' was refused: a save begun by a newer version of "
                           "Strike Rank did not finish, and it was changing adventurer 'Rurik'"), said
    assert "Open the newer version of Strike Rank on this device" in said and "export a backup" in said
    assert store.items == before
    # A save of several keys that announces them is refused before it writes any.
    with pytest.raises(StorageError):
        with atomic(store, "writing fight 'x' back to 2 sheets", when=NOW, keys=[OTHER, KEY], whole=True) as tx:
            tx.put(OTHER, rurik(name="Vasana"))
            tx.put(KEY, rurik(money=6))
    assert store.items == before


def test_a_newer_journal_whose_keys_cannot_be_read_refuses_every_save():
    for odd in (None, ["a list"], "text"):
        text = newer_journal(odd)
        store = MemoryStore({JOURNAL: text})
        with pytest.raises(StorageError) as refused:
            save(store, "character", "0f1e2d3c4b5a", rurik(name="Vasana"), when=when(30), why="made")
        assert "cannot tell what it was changing, so nothing is saved until it is finished" in str(refused.value)
        assert store.items == {JOURNAL: text}
        said = recover(store, NOW)
        assert "saves nothing until that save is finished or taken back" in said
        assert store.items[JOURNAL] == text


def test_a_page_start_leaves_a_newer_journal_for_its_version_sets_a_copy_aside_once_and_says_so():
    text = newer_journal()
    store = MemoryStore({JOURNAL: text, KEY: rurik(money=1000)})
    said = recover(store, NOW)
    [aside] = aside_holding(store, text)
    assert store.items[JOURNAL] == text and store.items[KEY] == rurik(money=1000)
    assert said.startswith("A save begun by a newer version of Strike Rank did not finish (saving adventurer "
                           "'Rurik', begun 2026-12-01 20:00 UTC; its journal is format 2, this version reads "
                           "format 1). This version cannot take it back, so it leaves it as it is for the newer "
                           f"version (a copy is set aside under {aside!r}"), said
    assert "this version will not save what it was changing: adventurer 'Rurik'." in said
    assert "earlier versions" not in said  # his record and its earlier versions are one thing to a player
    assert recover(store, "2026-12-02T20:00:00.000Z") == said  # said at every start, copied once
    assert aside_holding(store, text) == [aside]
    _, backup = export_backup(store, now=NOW, app="0.4.0")
    assert json.loads(backup)["items"][aside] == text


def test_a_save_stopped_after_any_write_beside_a_newer_journal_keeps_that_journal_byte_for_byte():
    text = newer_journal()
    store = large_record_store()
    store.put(JOURNAL, text)
    before = dict(store.items)
    n = 0
    while True:
        crashed = MemoryStore(before, crash_after=n)
        try:
            save(crashed, "character", "0f1e2d3c4b5a", rurik(name="Vasana"), when=when(30), why="made")
            finished = True
        except Crashed:
            finished = False
        reopened = MemoryStore(crashed.items)
        recover(reopened, NOW)
        assert reopened.items[JOURNAL] == text and reopened.items[KEY] == before[KEY], n
        if finished:
            break
        n += 1


def test_a_page_that_starts_while_another_tabs_save_is_fresh_waits_before_taking_it_back():
    store = MemoryStore()
    crashed = MemoryStore(crash_after=1)
    try:
        save(crashed, "character", "x", rurik(money=5), when="2025-03-01T23:10:00.000Z", why="made")
    except Crashed:
        pass
    store.items = dict(crashed.items)
    assert wait_before_recovering(store, "2025-03-01T23:10:01.000Z") == pytest.approx(FRESH - 1)
    assert wait_before_recovering(store, "2025-03-01T23:10:09.000Z") == 0
    assert wait_before_recovering(store, "not a time") == 0
    assert wait_before_recovering(MemoryStore(), "2025-03-01T23:10:01.000Z") == 0


def test_the_journal_of_format_1_keeps_opening():
    # tests/golden/journal-format-1.json: a device as a crash left it half-way through saving an
    # adventurer (the journal and his new earlier versions written, his record not yet), and the
    # device as it was before that save.
    golden = json.loads((GOLDEN / "journal-format-1.json").read_text(encoding="utf-8"))
    store = MemoryStore(golden["crashed"])
    said = recover(store)
    assert store.items == golden["before"]
    assert said == golden["said"]
