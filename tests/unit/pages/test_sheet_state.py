"""The sheet page's "Now" card (pyengine.pages.sheet, pyengine.pages.sheet_state): current
state against maximum, changes by hand with their working, time passing, versions and undo.

These hold the logic tests/browser/test_sheet_current_state.py checks in the browser."""

from __future__ import annotations

import re

import msgspec
import pytest

from pyengine.cli.tables import load_tables
from pyengine.library.versions import read_versions
from pyengine.pages.sheet import SheetPage
from pyengine.runequest.sheet.adventurer import dump_adventurer, load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, SHEET_DRAFT
from pyengine.storage.store import MemoryStore

# CON 12, SIZ 17, POW 18 -> 15 hit points; legs 5, chest 6.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def typed(name: str = "Ysolde", **more: str) -> dict[str, str]:
    fields = {"sheet-name": name, "sheet-money": "100", "sheet-notes": "", "sheet-train-weapon": ""}
    fields.update({f"sheet-{k}": v for k, v in YSOLDE.items()})
    fields.update({k.replace("_", "-"): v for k, v in more.items()})
    return fields


def saved(tables, store: MemoryStore | None = None) -> tuple[SheetPage, MemoryStore]:
    store = store if store is not None else MemoryStore()
    ids = iter(f"{n:012x}" for n in range(1, 1000))
    clock = iter(f"2026-12-01T15:{n:02d}:00Z" for n in range(60))
    page = SheetPage(tables, store, new_id=lambda: next(ids), now=lambda: next(clock))
    page.on_input(typed())
    page.on_click({"id": "sheet-save"}, typed())
    return page, store


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_a_fresh_adventurer_is_unhurt_in_one_line(tables):
    page, _ = saved(tables)
    state = page.render()["sheet-state"]
    assert text_of(state) == "Unhurt: 15 / 15 hit points."


def test_damage_by_hand_shows_the_location_against_its_maximum_and_is_a_version(tables):
    page, store = saved(tables)
    update = page.on_click({"id": "sheet-take-damage"},
                           typed(state_dmg_points="4", state_dmg_location="left_leg", state_dmg_cause="a fall"))
    state = text_of(update.html["sheet-state"])
    assert "left leg 1/5" in state and "Hit points 11 / 15" in state and "chest 6/6" in state
    assert "left leg 4 points: a fall" in state
    assert "4 points to the left leg by hand" in text_of(update.html["sheet-state-result"])
    assert update.text["sheet-save-status"] == "Saved Ysolde on this device: 4 points to the left leg by hand."
    assert update.text["sheet-undo"] == "Undo: 4 points to the left leg by hand"
    assert update.disabled["sheet-undo"] is False
    ident = page.key[len(CHARACTER_PREFIX):]
    versions = read_versions(store, "character", ident)
    assert versions.current.why == "4 points to the left leg by hand"
    assert [v.why for v in versions.earlier] == ["saved on the sheet page"]
    assert load_adventurer(store.get(page.key)).current.wounds.wounds == {"left_leg": 4}
    assert store.get(SHEET_DRAFT) is None


def test_bad_input_names_the_field_and_keeps_what_was_typed(tables):
    page, store = saved(tables)
    before = store.get(page.key)
    update = page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="lots", state_dmg_location="left_leg"))
    assert update.errors["state-dmg-points"] == ("points: 'lots' is not a number of points; "
                                                 "type a whole number, 1 or more")
    assert not update.values and "sheet-state" not in update.html
    assert store.get(page.key) == before
    update = page.on_click({"id": "sheet-spend"}, typed(state_spend_lunars="500", state_spend_what="a horse"))
    assert update.errors["state-spend-lunars"] == "Lunars: 500 L is more than the 100 L they carry"
    update = page.on_click({"id": "sheet-time-passes"}, typed(state_days="-2"))
    assert update.errors["state-days"].startswith("days: -2 is not a number of days")
    update = page.on_click({"id": "sheet-damage-weapon"}, typed(state_wpn_weapon="", state_wpn_points="3"))
    assert update.errors["state-wpn-weapon"].startswith("weapon: '' is not a weapon on their sheet")


def test_a_week_heals_a_point_and_undo_twice_goes_back_to_unhurt(tables):
    page, store = saved(tables)
    page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="4", state_dmg_location="left_leg"))
    week = page.on_click({"id": "sheet-a-week"}, typed())
    assert "left leg 2/5" in text_of(week.html["sheet-state"])
    assert week.text["sheet-undo"] == "Undo: a week passes"
    assert text_of(week.html["sheet-state-result"]).startswith("A week passes")
    first = page.on_click({"id": "sheet-undo"}, typed())
    assert "left leg 1/5" in text_of(first.html["sheet-state"])
    assert first.text["sheet-save-status"] == "Undone: a week passes."
    assert first.text["sheet-undo"] == "Undo: 4 points to the left leg by hand"
    second = page.on_click({"id": "sheet-undo"}, typed())
    assert text_of(second.html["sheet-state"]) == "Unhurt: 15 / 15 hit points."
    assert second.disabled["sheet-undo"] is True
    # opened again (a reload): still unhurt
    again = SheetPage(tables, store)
    opened = again.open("", page.key[len(CHARACTER_PREFIX):], {})
    assert text_of(opened.html["sheet-state"]) == "Unhurt: 15 / 15 hit points."


def test_days_pass_with_working(tables):
    page, _ = saved(tables)
    page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="2", state_dmg_location="chest"))
    update = page.on_click({"id": "sheet-time-passes"}, typed(state_days="7"))
    assert "chest 5/6" in text_of(update.html["sheet-state"])
    assert update.text["sheet-save-status"].endswith(": 7 days pass.")


def test_healing_stuck_weapon_ammunition_weapon_damage_and_money(tables):
    page, store = saved(tables)
    adventurer = load_adventurer(store.get(page.key))
    from pyengine.runequest.sheet.edits import add_weapon

    armed = add_weapon(add_weapon(adventurer, "broadsword", "right"), "self_bow", "left")
    page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="3", state_dmg_location="chest"))
    page._change(msgspec.structs.replace(page.kept, weapons=armed.weapons), {})
    healed = page.on_click({"id": "sheet-heal"}, typed(state_heal_points="2", state_heal_how="spell",
                                                        state_heal_location="chest"))
    assert "chest 5/6" in text_of(healed.html["sheet-state"])
    assert "state-wpn-weapon" in healed.html and "broadsword" in healed.html["state-wpn-weapon"]
    missiles = healed.html["state-ammo-weapon"]
    assert "self bow (left)" in missiles and "broadsword<" not in missiles
    ammo = page.on_click({"id": "sheet-set-ammo"}, typed(state_ammo_weapon="self_bow@left", state_ammo_count="12"))
    assert "12 missiles left" in text_of(ammo.html["sheet-state"])
    hit = page.on_click({"id": "sheet-damage-weapon"}, typed(state_wpn_weapon="broadsword", state_wpn_points="3"))
    assert re.search(r"broadsword: damage 3 / \d+", text_of(hit.html["sheet-state"]))
    broke = page.on_click({"id": "sheet-damage-weapon"}, typed(state_wpn_weapon="broadsword", state_wpn_broken="1"))
    assert "broken" in text_of(broke.html["sheet-state"])
    fixed = page.on_click({"id": "sheet-repair-weapon"}, typed(state_wpn_weapon="broadsword"))
    assert "broadsword" not in text_of(fixed.html["sheet-state"])
    spent = page.on_click({"id": "sheet-spend"}, typed(state_spend_lunars="30", state_spend_what="a night at the inn"))
    assert "30 L on a night at the inn" in text_of(spent.html["sheet-state"])
    assert spent.values["sheet-money"] == "70"
    stuck = page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="2", state_dmg_location="right_arm"))
    assert stuck.text["sheet-save-status"].startswith("Saved")


def test_a_stuck_weapon_is_shown_and_pulled_out(tables):
    from pyengine.runequest.campaign.changes import take_damage

    page, store = saved(tables)
    hurt = take_damage(page.kept, tables, location="right_leg", points=3, stuck="broo's spear", cause="a broo")
    store.put(page.key, dump_adventurer(hurt.adventurer).decode())
    other = SheetPage(tables, store, now=lambda: "2026-12-01T15:00:00Z")
    opened = other.open("", page.key[len(CHARACTER_PREFIX):], {})
    state = opened.html["sheet-state"]
    assert 'data-pull-out="right_leg"' in state and "stuck in it" in text_of(state)
    out = other.on_click({"pull-out": "right_leg"}, typed())
    assert "stuck" not in text_of(out.html["sheet-state"])
    assert out.text["sheet-undo"] == "Undo: weapon pulled out of the right leg"


def test_a_change_by_hand_over_another_tabs_save_is_refused_then_overwritten_with_its_why(tables):
    page, store = saved(tables)
    other = load_adventurer(store.get(page.key))
    store.put(page.key, dump_adventurer(msgspec.structs.replace(other, name="Other tab")).decode())
    refused = page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="1", state_dmg_location="head"))
    assert refused.hidden == {"sheet-conflict": False}
    assert load_adventurer(store.get(page.key)).name == "Other tab"
    done = page.on_click({"id": "sheet-overwrite"}, typed())
    assert done.text["sheet-save-status"] == "Saved Ysolde on this device: 1 point to the head by hand."


def test_a_shared_sheet_takes_no_change_by_hand(tables):
    page, store = saved(tables)
    shared = SheetPage(tables, MemoryStore())
    opened = shared.open("#" + page.link(), None, {})
    assert opened.disabled["sheet-take-damage"] is True and opened.disabled["sheet-a-week"] is True
    assert opened.disabled["sheet-undo"] is True
    assert shared.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="3", state_dmg_location="chest")) \
        == shared.on_click({"id": "nothing"}, {})
    assert shared.store.items == {} or all(not k.startswith(CHARACTER_PREFIX) for k in shared.store.items)


def test_weapon_changes_say_the_weapon_by_name(tables):
    from pyengine.runequest.sheet.edits import add_weapon

    page, _ = saved(tables)
    page.on_click({"id": "sheet-take-damage"}, typed(state_dmg_points="1", state_dmg_location="head"))
    armed = add_weapon(page.kept, "dagger", "left")
    page._change(armed, {})
    hit = page.on_click({"id": "sheet-damage-weapon"}, typed(state_wpn_weapon="dagger@left", state_wpn_points="2"))
    assert hit.text["sheet-undo"] == "Undo: dagger (left) takes 2 damage"
    fixed = page.on_click({"id": "sheet-repair-weapon"}, typed(state_wpn_weapon="dagger@left"))
    assert fixed.text["sheet-undo"] == "Undo: dagger (left) repaired"


def test_conditions_show_with_their_clocks_and_injuries_with_fight_and_round(tables):
    from pyengine.runequest.campaign.changes import take_damage

    page, store = saved(tables)
    hurt = take_damage(page.kept, tables, location="chest", points=6, cause="Broo's war hammer",
                       fight="Broo ambush", round=3)
    store.put(page.key, dump_adventurer(hurt.adventurer).decode())
    other = SheetPage(tables, store)
    state = text_of(other.open("", page.key[len(CHARACTER_PREFIX):], {}).html["sheet-state"])
    assert "chest 0/6 out" in state
    assert "chest: bleeding: dies in 50 rounds (2 full turns) unless Healing of 2 or more stops it" in state
    assert "chest 6 points: Broo's war hammer, Broo ambush round 3" in state


def test_the_scenario_ends_on_his_sheet_each_mark_rolled_once_and_cleared(tables):
    """ "At the end of the scenario, once the character can take a week to relax and meditate upon his
    experiences, there's a chance he'll learn something": the game master ends it on the sheet; one D100
    per mark the fights left (RQ-134), Defense's INT roll with them (RQ-135), the marks cleared."""
    from pathlib import Path

    from pyengine.dice import ScriptedDice

    golden = (Path(__file__).parents[2] / "golden" / "adventurer-format-3.json").read_text(encoding="utf-8").strip()
    store = MemoryStore({CHARACTER_PREFIX + "rurik": golden})
    clock = iter(f"2026-12-01T15:{n:02d}:00Z" for n in range(60))
    page = SheetPage(tables, store, ScriptedDice([10, 99, 5]), now=lambda: next(clock))
    opened = page.open("", "rurik", {})
    assert "Experience marks: broadsword attack, dagger (left) parry, Defense" in text_of(opened.html["sheet-state"])
    ended = page.on_click({"id": "sheet-end-scenario"}, {})
    said = text_of(ended.html["sheet-state-result"])
    assert said.startswith("The scenario ends")
    assert "broadsword attack" in said and "D100 10: +5%" in said and "D100 99: no gain" in said
    assert "Experience marks" not in text_of(ended.html["sheet-state"])
    kept = load_adventurer(store.get(CHARACTER_PREFIX + "rurik"))
    assert kept.current.marks == () and kept.weapons[0].attack == 20 and kept.adventures == 1
    assert read_versions(store, "character", "rurik").current.why == "the scenario ends"
    assert ended.text["sheet-undo"] == "Undo: the scenario ends"
