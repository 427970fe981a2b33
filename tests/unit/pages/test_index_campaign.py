"""The start page's device library (pyengine.pages.start_library), in CPython: fights kept on
the device, parties at a glance, time passing, the backup file, storage."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from pyengine.cli.tables import hit_locations, load_tables
from pyengine.dice import ScriptedDice
from pyengine.library.fights import list_fights, load_fight
from pyengine.library.kinds import record_key
from pyengine.library.parties import list_parties
from pyengine.library.versions import read_versions
from pyengine.pages.start_library import DeviceLibrary
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, CURRENT_FIGHT, FIGHT_DRAFT
from pyengine.storage.store import MemoryStore

GOLDEN = Path(__file__).parents[2] / "golden" / "adventurer-format-2.json"


@pytest.fixture(scope="module")
def tables():
    return load_tables(), hit_locations()


def record(name: str) -> str:
    data = json.loads(GOLDEN.read_text())
    data["name"] = name
    return json.dumps(data)


def clock():
    ticks = itertools.count(1)
    return lambda: f"2026-12-01T14:{next(ticks) % 60:02d}:00.000Z"


def ids():
    n = itertools.count(1)
    return lambda: f"id{next(n):04d}"


def device(store=None, tables=None) -> DeviceLibrary:
    lib = DeviceLibrary(store if store is not None else MemoryStore(), now=clock(), new_id=ids(), app="0.2.0",
                        dice=ScriptedDice([1] * 50))
    if tables is not None:
        lib.use_tables(*tables)
    return lib


def drawn(update) -> str:
    """The parties as an update draws them: the whole list, or the cards it draws again."""
    return update.html.get("party-list") or "".join(update.replaced.values())


def with_two() -> MemoryStore:
    return MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik"), CHARACTER_PREFIX + "bbb": record("Vasana")})


def a_fight(store, tables) -> str:
    """A fight kept on the device, as fight mode would keep it (its draft)."""
    lib = device(store, tables)
    store.put(record_key("party", "p0"), json.dumps({"format": 1, "name": "Sartar", "members": ["aaa"]}))
    lib.on_party_click({"party": "p0", "do": "fight"}, {})
    store.remove(record_key("party", "p0"))
    return store.get(CURRENT_FIGHT)


def test_fights_are_listed_with_resume_share_export_and_delete_with_undo(tables):
    store = with_two()
    ident = a_fight(store, tables)
    lib = device(store, tables)
    html = lib.render()["fights-list"]
    assert "Sartar&#x27;s fight" in html or "Sartar's fight" in html
    assert "Sartar: Rurik" in html and "Round 0" in html and "Changed 2026-12-01 14:" in html
    assert f'data-resume="{ident}"' in html and f'data-export="{ident}"' in html and 'href="./combat.html#' in html
    store.remove(FIGHT_DRAFT)
    update = lib.on_fights_click({"resume": ident})
    assert update.navigate == "./combat.html#fight" and json.loads(store.get(FIGHT_DRAFT))["link"]
    name, text = lib.on_fights_click({"export": ident}).download
    assert name == f"fight-{ident}.json" and json.loads(text)["kind"]
    html = lib.on_fights_click({"delete": ident}).html["fights-list"]
    assert "Deleted" in html and f'data-undo-delete="{ident}"' in html and "No fights are kept" in html
    assert store.get(record_key("fight", ident)) is None
    html = lib.on_fights_click({"undo-delete": ident}).html["fights-list"]
    assert f'data-resume="{ident}"' in html


def test_a_fight_that_is_gone_is_said_so_not_a_crash():
    lib = device(MemoryStore())
    assert "not on this device" in lib.on_fights_click({"resume": "nope"}).html["fights-list"]


def test_a_party_is_made_from_saved_adventurers_renamed_and_trimmed(tables):
    store = with_two()
    lib = device(store, tables)
    pick = lib.render()["party-new"]
    assert 'id="party-pick-aaa"' in pick and 'id="party-pick-bbb"' in pick
    refused = lib.on_make_party({"party-name": "The ford"})
    assert "tick at least one" in refused.errors["party-name"]
    refused = lib.on_make_party({"party-name": " ", "party-pick-aaa": "1"})
    assert "give the party a name" in refused.errors["party-name"]
    made = lib.on_make_party({"party-name": "The ford", "party-pick-aaa": "1", "party-pick-bbb": "1"})
    html = made.html["party-list"]
    assert "The ford" in html and "Rurik" in html and "Vasana" in html
    # his current state against his maximum: the golden record carries 5 points of damage
    assert re.search(r"Rurik</a>: \d+ of \d+ hit points, wounded, able to fight", html)
    (entry,) = list_parties(store).entries
    pid = entry.ident
    html = lib.on_party_click({"party": pid, "do": "rename"}, {f"party-rename-{pid}": "Ford crossers"}).html["party-list"]
    assert "Ford crossers" in html
    html = lib.on_party_click({"party": pid, "do": "remove", "member": "bbb"}, {}).html["party-list"]
    assert "Vasana" not in html and store.get(CHARACTER_PREFIX + "bbb") is not None


def test_a_missing_or_damaged_member_is_shown_as_such(tables):
    store = with_two()
    store.put(CHARACTER_PREFIX + "bad", "{not json")
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa", "gone", "bad"]}))
    html = device(store, tables).render()["party-list"]
    assert "gone: the record is no longer on this device" in html and "bad: the record is damaged" in html


def test_hit_points_wait_for_the_tables():
    store = with_two()
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa"]}))
    lib = device(store)
    assert "hit points: loading" in lib.render()["party-list"]
    assert "still loading" in drawn(lib.on_party_click({"party": "p1", "do": "week"}, {}))


def test_starting_a_fight_with_the_party_adds_them_as_fight_mode_does(tables):
    store = with_two()
    store.put(FIGHT_DRAFT, json.dumps({"add": {}, "declare": {}, "applied": [], "link": ""}))
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "The ford", "members": ["aaa", "bbb", "gone"]}))
    update = device(store, tables).on_party_click({"party": "p1", "do": "fight"}, {})
    assert update.navigate == "./combat.html#fight"
    from pyengine.runequest.melee.log import read_any

    log = read_any(json.loads(store.get(FIGHT_DRAFT))["link"])
    assert [(c.name, c.side, c.character) for c in log.fight.combatants] == [
        ("Rurik", "The ford", "aaa"), ("Vasana", "The ford", "bbb")]
    (entry,) = list_fights(store).entries
    assert entry.current and entry.name == "The ford's fight"


def test_a_party_fight_leaves_fight_modes_add_form_as_the_page_has_it(tables):
    # The start page typed nothing in the add form: fight mode opening the fight must not blank
    # the quick stat block's fields (STR, CON, … 12 as the page comes) with empty text.
    from pyengine.pages.fight import FightPage

    store = with_two()
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "The ford", "members": ["aaa"]}))
    device(store, tables).on_party_click({"party": "p1", "do": "fight"}, {})
    assert json.loads(store.get(FIGHT_DRAFT))["add"] == {}
    (entry,) = list_fights(store).entries
    assert load_fight(store, entry.ident).draft["add"] == {}
    page = FightPage(*tables, store)
    shown = page.open({"fa-source": "", "fa-str": "12", "fa-hp": "12"})
    assert {k: v for k, v in shown.values.items() if k != "fa-source"} == {}
    assert len(page.fight.combatants) == 1


def test_a_week_passes_for_the_party_each_saved_as_a_version_with_undo(tables):
    store = with_two()
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa", "bbb"]}))
    lib = device(store, tables)
    before = load_adventurer(store.get(CHARACTER_PREFIX + "aaa")).current.wounds.damage_taken
    html = drawn(lib.on_party_click({"party": "p1", "do": "week"}, {}))
    assert "A week passes:" in html and 'data-do="undo-time"' in html
    assert re.search(r"<strong>Rurik</strong>: (\d+) of (\d+) hit points → (\d+) of \2 hit points", html)
    assert "<strong>Vasana</strong>" in html and "1 point per game week" in html
    after = load_adventurer(store.get(CHARACTER_PREFIX + "aaa")).current.wounds.damage_taken
    assert after < before
    versions = read_versions(store, "character", "aaa")
    assert versions.current.why == "a week passes"
    html = drawn(lib.on_party_click({"party": "p1", "do": "undo-time"}, {}))
    assert "Undone for 2 members" in html
    assert load_adventurer(store.get(CHARACTER_PREFIX + "aaa")).current.wounds.damage_taken == before


def test_the_cards_drawn_again_read_only_the_records_that_changed(tables, monkeypatch):
    # The scale case (a week for a party of six under 20 ms in the page): after a week
    # passes for one party, the cards are drawn again reading and working out only the records
    # that changed, not every member of every party; what they show is as a new page shows it.
    from pyengine.pages import start_parties
    from pyengine.runequest.campaign import health

    store = with_two()
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa"]}))
    store.put(record_key("party", "p2"), json.dumps({"format": 1, "name": "Q", "members": ["bbb"]}))
    lib = device(store, tables)
    lib.open()
    read, frames = [], []
    real_read, real_frame = start_parties._adventurer, health.frame_of
    monkeypatch.setattr(start_parties, "_adventurer", lambda text: read.append(text) or real_read(text))
    monkeypatch.setattr(health, "frame_of", lambda *a: frames.append(a) or real_frame(*a))
    lib.on_party_click({"party": "p1", "do": "week"}, {})
    assert read == [store.get(CHARACTER_PREFIX + "aaa")]  # Rurik, healed; Vasana's card not read again
    assert len(frames) == 2  # Rurik after the week: in the notice, and on his card
    fresh = device(store, tables)
    assert re.sub(r'<div class="party-notice">.*?</div></div>', "", lib.render_parties()) == fresh.render_parties()


def test_the_fights_list_reads_each_fight_once_and_links_it(tables):
    # The scale case (50 fights of 20 rounds): listing the fights reads each one once (it read
    # each again for its link); the link is the saved fight's.
    store = with_two()
    a_fight(store, tables)
    (entry,) = list_fights(store).entries
    assert entry.link and entry.link == load_fight(store, entry.ident).link
    reads = []
    real_get = store.get
    store.get = lambda key: reads.append(key) or real_get(key)
    html = device(store, tables).render_fights()
    assert reads.count(record_key("fight", entry.ident)) == 1
    assert f'href="./combat.html#{entry.link}"' in html


def test_n_days_pass_and_a_bad_count_is_named(tables):
    store = with_two()
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa"]}))
    lib = device(store, tables)
    assert "3 days pass:" in drawn(lib.on_party_click({"party": "p1", "do": "days"}, {"party-days-p1": "3"}))
    assert read_versions(store, "character", "aaa").current.why == "3 days pass"
    html = drawn(lib.on_party_click({"party": "p1", "do": "days"}, {"party-days-p1": "x"}))
    assert "days" in html and "&#x27;x&#x27;" in html or "'x'" in html


def test_a_backup_goes_into_an_empty_device_exactly(tables):
    store = with_two()
    a_fight(store, tables)
    name, text = device(store).on_export_backup().download
    assert name == "strike-rank-backup-2026-12-01.json"
    empty = MemoryStore()
    html = device(empty).on_backup_file(text).html
    assert "Imported" in html["backup-out"]
    assert {k: empty.get(k) for k in empty.keys()} == {k: store.get(k) for k in store.keys()}


def test_a_backup_into_a_device_with_records_is_planned_and_applied_only_on_confirm():
    store = with_two()
    _, text = device(store).on_export_backup().download
    other = MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik the Bold")})
    lib = device(other)
    html = lib.on_backup_file(text).html["backup-out"]
    assert "1 new" in html and "1 changed" in html
    assert 'name="bk-0"' in html and "keep this device" in html and "take the file" in html and "keep both" in html
    assert other.get(CHARACTER_PREFIX + "bbb") is None  # nothing until confirmed
    n = next(i for i, item in enumerate(lib.plan.items) if item.status == "changed")
    lib.on_backup_click({"backup": "apply"}, {f"bk-{n}": "file"})
    assert load_adventurer(other.get(CHARACTER_PREFIX + "aaa")).name == "Rurik"
    assert other.get(CHARACTER_PREFIX + "bbb") is not None


def test_a_file_that_is_not_a_backup_is_explained():
    store = with_two()
    html = device(store).on_backup_file("{not json").html["backup-out"]
    assert "That file was not imported: backup file" in html
    html = device(MemoryStore()).on_backup_file("hello").html["backup-out"]
    assert "That file was not imported" in html


def test_this_device_says_what_is_used_and_what_the_browser_answered():
    lib = device(with_two())
    assert "MB of about 5 MB used" in lib.render()["device-out"]
    html = lib.on_storage(True, 2_000_000, 1e9).html["device-out"]
    assert "keeps the site's records" in html.replace("&#x27;", "'") and "2.0 MB" in html


def test_the_tables_are_needed_once_a_party_is_shown(tables):
    store = with_two()
    lib = device(store)
    assert not lib.needs_tables()
    lib.on_make_party({"party-name": "P", "party-pick-aaa": "1"})
    assert lib.needs_tables()
    lib.use_tables(*tables)
    assert not lib.needs_tables()


def test_a_damaged_entry_in_the_file_is_named_in_the_plan():
    source = with_two()
    source.put(CHARACTER_PREFIX + "ccc", "{not json")
    _, text = device(source).on_export_backup().download
    lib = device(MemoryStore({CHARACTER_PREFIX + "aaa": record("Rurik")}))
    html = lib.on_backup_file(text).html["backup-out"]
    assert "character ccc" in html and "damaged in the file" in html and "1 damaged" in html
    assert "Nothing was imported" in lib.on_backup_click({"backup": "cancel"}, {}).html["backup-out"]
    assert lib.store.get(CHARACTER_PREFIX + "ccc") is None


def test_time_passing_draws_again_only_the_cards_of_parties_sharing_a_member(tables):
    # A week for one party changes its members' records only: its card and the cards of the
    # parties sharing one of them are drawn again, in place, as a new page draws them; a party
    # with none of them is left as it is on the page.
    store = with_two()
    store.put(CHARACTER_PREFIX + "ccc", record("Kallai"))
    for pid, name, members in (("p1", "P", ["aaa"]), ("p2", "Q", ["aaa", "bbb"]), ("p3", "R", ["ccc"])):
        store.put(record_key("party", pid), json.dumps({"format": 1, "name": name, "members": members}))
    lib = device(store, tables)
    lib.open()
    for do in ("week", "undo-time"):
        update = lib.on_party_click({"party": "p1", "do": do}, {})
        assert update.html == {} and set(update.replaced) == {"party-p1", "party-p2"}
        fresh = device(store, tables)
        fresh.parties.party_notice = dict(lib.parties.party_notice)
        whole = fresh.render_parties()
        for card in update.replaced.values():
            assert card in whole


def test_the_scenario_ends_for_the_party_each_his_own_marks_rolled_and_cleared_with_undo(tables):
    """ "At the end of the scenario ... there's a chance he'll learn something": beside "a week passes",
    the party's card ends the scenario; each member's marks are rolled once and cleared (RQ-134)."""
    golden3 = (GOLDEN.parent / "adventurer-format-3.json").read_text(encoding="utf-8").strip()
    store = MemoryStore({CHARACTER_PREFIX + "aaa": golden3, CHARACTER_PREFIX + "bbb": record("Vasana")})
    store.put(record_key("party", "p1"), json.dumps({"format": 1, "name": "P", "members": ["aaa", "bbb"]}))
    lib = device(store, tables)
    card = drawn(lib.on_party_click({"party": "p1", "do": "scenario"}, {}))
    assert "The scenario ends:" in card and 'data-do="undo-time"' in card
    assert "broadsword attack" in card and "no experience marks" in card  # Vasana had none
    rurik = load_adventurer(store.get(CHARACTER_PREFIX + "aaa"))
    assert rurik.current.marks == () and rurik.adventures == 1
    assert read_versions(store, "character", "aaa").current.why == "the scenario ends"
    assert 'data-do="scenario"' in lib.render_parties()
    drawn(lib.on_party_click({"party": "p1", "do": "undo-time"}, {}))
    assert load_adventurer(store.get(CHARACTER_PREFIX + "aaa")).current.marks == (
        "broadsword attack", "dagger@left parry", "defense")
