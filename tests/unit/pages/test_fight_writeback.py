"""Fight mode and the device library: the fight kept among the saved fights after
every change, its results written to the saved adventurers' sheets only on "Confirm" and undone
as one, the experience-only apply through the same path, opponents kept as templates."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pyengine.dice import ScriptedDice
from pyengine.library.fights import current_fight, list_fights, load_fight
from pyengine.library.templates import list_templates
from pyengine.library.versions import read_versions
from pyengine.pages import recovery
from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import CHARACTER_PREFIX, CURRENT_FIGHT, FIGHT_DRAFT, JOURNAL
from pyengine.storage.store import Crashed, MemoryStore
from tests.unit.pages.fight_writeback_world import Kept, hits, two_saved_and_a_broo
from tests.worked_examples import THREE

# -- fights kept on the device --------------------------------------------------------------------


def test_every_change_keeps_the_fight_among_the_saved_fights_and_a_reload_resumes(world):  # noqa: F811
    fm = Kept(world)
    assert list_fights(fm.store).entries == ()
    fm.add(THREE[:1])
    listing = list_fights(fm.store).entries
    assert [(e.ident, e.rounds, e.current) for e in listing] == [("f1", 0, True)]
    fm.add(THREE[1:])
    fm.roll()
    entry = list_fights(fm.store).entries[0]
    assert entry.ident == "f1" and entry.rounds == 1 and entry.name == "A against B"
    assert [(s.side, s.names) for s in entry.sides] == [("A", ("Aldo",)), ("B", ("Bera", "Cora"))]
    saved = load_fight(fm.store, "f1")
    assert saved.draft_text() == fm.store.get(FIGHT_DRAFT)
    # A reload resumes where it was: the same fight, the same saved fight.
    again = fm.reload(world)
    assert again.page.link() == fm.page.link() and len(again.page.results) == 1
    again.apply(again.page.on_undo())
    assert load_fight(again.store, "f1").rounds == 0
    assert current_fight(again.store) == "f1"


def test_a_new_fight_or_a_link_keeps_the_old_one_and_starts_another(world):  # noqa: F811
    fm = Kept(world)
    fm.add(THREE)
    fm.roll()
    link = fm.page.link()
    fm.apply(fm.page.on_new())
    assert fm.store.get(CURRENT_FIGHT) is None
    assert [e.rounds for e in list_fights(fm.store).entries] == [1]
    fm.add(THREE[:2])
    assert sorted(e.ident for e in list_fights(fm.store).entries) == ["f1", "f2"]
    # A link replaces the fight: f2 stays as it was, the linked fight is kept anew.
    f2 = fm.store.get("strike-rank/fight/f2")
    fm.dom.fill("fi-text", link)
    fm.apply(fm.page.on_import(fm.dom.values("fight-mode")))
    assert fm.store.get("strike-rank/fight/f2") == f2
    assert current_fight(fm.store) == "f3"
    assert load_fight(fm.store, "f3").rounds == 1


def test_a_full_device_says_the_fight_is_not_kept(world):  # noqa: F811
    fm = Kept(world)
    fm.add(THREE)
    fm.store.quota = sum(len(k) + len(v) for k, v in fm.store.items.items()) + 10
    update = fm.roll()
    assert "not kept on this device" in update.notices["fl-link-error"]


# -- writing the results to the sheets ------------------------------------------------------------


def test_a_wounded_adventurer_enters_wounded_and_his_line_says_so(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    rurik, vasana, broo = (li.text() for li in fm.combatants())
    assert re.search(r"enters wounded: chest 3/\d+, right leg 2/\d+", rurik)
    assert "broken: " in rurik and "enters wounded" not in vasana and "enters wounded" not in broo


def test_the_plan_shows_each_saved_adventurer_and_nothing_is_written_until_confirm(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    before = dict(fm.store.items)
    records = {k: v for k, v in before.items() if k.startswith(CHARACTER_PREFIX)}
    fm.click("fw-plan")
    plan = fm.dom["fw-out"]
    who = {li.attrs["data-name"]: li.text() for li in fm.dom.select("fw-who", under="fw-out")}
    assert set(who) == {"Rurik", "Vasana"}
    assert "Broo: not written (no saved sheet)" in plan.text()
    wounded = [name for name, text in who.items() if "new wound" in text]
    assert wounded, who
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records
    fm.click("fw-cancel")
    assert fm.dom.text("fw-out") == "Nothing was written."
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records

    fm.click("fw-plan")
    fm.click("fw-confirm")
    assert "Written to the sheets of Rurik, Vasana" in fm.dom.text("fw-out")
    for ident in ("rurik", "vasana"):
        versions = read_versions(fm.store, "character", ident)
        assert versions.current.why == "written back from fight 'Sartar against Chaos', round 1"
        assert versions.earlier[-1].text == records[CHARACTER_PREFIX + ident]
    name = wounded[0]
    saved = load_adventurer(fm.store.get(CHARACTER_PREFIX + name.lower()))
    assert any(i.fight == "Sartar against Chaos" and i.round == 1 for i in saved.current.injuries)
    assert saved.current.written(current_fight(fm.store)).round == 1
    # The same round again writes nothing.
    fm.click("fw-plan")
    assert fm.dom.find("fw-confirm") is None
    assert "on their sheet already" in fm.dom.text("fw-out")


def test_undo_puts_every_sheet_back_and_says_so(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    records = {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)}
    fm.click("fw-plan")
    fm.click("fw-confirm")
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} != records
    fm.click("fw-undo")
    assert fm.dom.text("fw-out").startswith("Undone: Rurik, Vasana back as before")
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records


def test_confirm_and_undo_draw_again_only_what_they_change(world):  # noqa: F811
    # The fight, its link and everyone's state stay as they were: redrawing them made the
    # scale case's write-back miss its 20 ms in the page.
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    link = fm.page.link()
    fm.click("fw-plan")
    confirmed = fm.page.on_writeback_click({"id": "fw-confirm"})
    fm.apply(confirmed)
    assert set(confirmed.html) == {"fw-out", "fx-out"} and confirmed.address is None
    undone = fm.page.on_writeback_click({"id": "fw-undo"})
    assert set(undone.html) == {"fw-out", "fx-out"}
    assert fm.page.link() == link


def test_undo_is_still_there_after_a_reload(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    records = {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)}
    fm.click("fw-plan")
    fm.click("fw-confirm")
    kept = json.loads(fm.store.get(FIGHT_DRAFT))["written"]
    assert [r[:2] for r in kept["records"]] == [["rurik", "Rurik"], ["vasana", "Vasana"]]
    again = fm.reload(world)
    assert "Written to the sheets of Rurik, Vasana" in again.dom.text("fw-out")
    again.click("fw-undo")
    assert again.dom.text("fw-out").startswith("Undone: Rurik, Vasana back as before")
    assert {k: v for k, v in again.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records
    assert "written" not in json.loads(again.store.get(FIGHT_DRAFT))
    # Once undone, a reload offers no undo.
    assert again.reload(world).dom.find("fw-undo") is None


def test_undo_after_a_reload_refuses_a_sheet_changed_since(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    fm.click("fw-plan")
    fm.click("fw-confirm")
    changed = json.loads(fm.store.get(CHARACTER_PREFIX + "vasana"))
    changed["notes"] = "changed on the sheet page"
    fm.store.put(CHARACTER_PREFIX + "vasana", json.dumps(changed))
    records = {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)}
    again = fm.reload(world)
    again.click("fw-undo")
    assert "Vasana's sheet changed since the results were written: nothing was undone." in again.dom.text("fw-out")
    assert {k: v for k, v in again.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records


def test_two_tabs_on_one_fight_never_write_over_each_other(world):  # noqa: F811
    first = Kept(world)
    first.add(THREE)
    second = first.reload(world)  # the same fight opened in a second tab
    assert second.page.link() == first.page.link()
    first.roll()
    theirs = first.store.get(FIGHT_DRAFT)
    second.add([("Dara", "A", "dagger", "")])  # this tab did not see the round the first one played
    assert first.store.get(FIGHT_DRAFT) == theirs
    said = second.dom.text("fl-link-error")
    assert "this tab's fight is kept apart" in said and "'A against B (second tab)'" in said
    entries = {e.name: e for e in list_fights(first.store).entries}
    assert set(entries) == {"A against B", "A against B (second tab)"}
    assert entries["A against B"].current and entries["A against B"].rounds == 1
    apart = entries["A against B (second tab)"]
    assert not apart.current and apart.rounds == 0 and "Dara" in apart.sides[0].names
    # Both go on: each keeps its own, neither writes over the other.
    first.roll()
    second.roll()
    after = {e.name: e.rounds for e in list_fights(first.store).entries}
    assert after == {"A against B": 2, "A against B (second tab)": 1}
    assert load_fight(first.store, apart.ident).link == second.page.link()
    assert first.store.get(FIGHT_DRAFT) != theirs and json.loads(first.store.get(FIGHT_DRAFT))["link"] == first.page.link()
    # The tab kept apart, reloaded, shows fight mode's fight; its own is on the start page to resume.
    assert first.reload(world).page.link() == first.page.link()


def test_a_sheet_changed_meanwhile_names_him_and_writes_none(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    fm.click("fw-plan")
    changed = json.loads(fm.store.get(CHARACTER_PREFIX + "vasana"))
    changed["notes"] = "changed in another tab"
    fm.store.put(CHARACTER_PREFIX + "vasana", json.dumps(changed))
    records = {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)}
    fm.click("fw-confirm")
    assert fm.dom.text("fw-out").startswith("Vasana's sheet changed since these results were worked out")
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records
    assert read_versions(fm.store, "character", "rurik").earlier == ()


def test_the_write_back_keeps_the_marks_on_the_sheets_and_rolls_nothing(world):  # noqa: F811
    """ "only a single successful use of a given weapon or shield needs to be logged per scenario" and the
    roll comes "At the end of the scenario" (RQ-134). Until 0.4.0 the marks' button, or the write-back,
    rolled the checks for the fight; the page's dice here have no roll to give."""
    fm = two_saved_and_a_broo(world, dice=ScriptedDice([]))
    fm.type_round(lambda sides, n: 5 if sides == 100 else 1)  # every blow and every parry succeeds
    vasana_marks = next(li for li in fm.dom["fx-out"].walk() if li.attrs.get("data-name") == "Vasana")
    assert "rolled when the scenario ends" in vasana_marks.text()
    assert not [n for n in fm.dom["fx-out"].walk() if n.tag == "button"]
    before = json.loads(fm.store.get(CHARACTER_PREFIX + "vasana"))
    fm.click("fw-plan")
    vasana = next(li for li in fm.dom.select("fw-who", under="fw-out") if li.attrs["data-name"] == "Vasana")
    assert "experience mark kept for the scenario's end" in vasana.text()
    fm.click("fw-confirm")
    after = json.loads(fm.store.get(CHARACTER_PREFIX + "vasana"))
    assert after["current"]["marks"] and after["weapons"] == before["weapons"]
    assert after.get("adventures", 0) == before.get("adventures", 0)
    fm.click("fw-undo")
    assert json.loads(fm.store.get(CHARACTER_PREFIX + "vasana")) == before


# -- opponent templates -----------------------------------------------------------------------------


def test_a_quick_stat_block_kept_as_a_template_adds_three_broos_in_a_few_taps(world):  # noqa: F811
    fm = Kept(world)
    fm.add(THREE[:1])
    fm.dom.fill("fa-name", "Broo")
    fm.dom.fill("fa-side", "Chaos")
    fm.dom.fill("fa-str", "15")
    fm.dom.choose("fa-w1", "short_spear_1h")
    fm.apply(fm.page.on_keep_template(fm.dom.values("fa-form")))
    assert fm.dom.text("fa-keep-said") == "Kept 'Broo' as a template."
    [entry] = list_templates(fm.store).entries
    assert entry.value.name == "Broo" and entry.value.fields["fa-str"] == "15" and "fa-name" not in entry.value.fields
    assert fm.dom.value("ft-template") == entry.ident
    # A reload lists it; choose it, say 3, add.
    again = fm.reload(world)
    assert [o.text() for o in again.dom["ft-template"].walk() if o.tag == "option"] == ["Choose a template", "Broo"]
    again.dom.choose("ft-template", entry.ident)
    again.dom.fill("ft-count", "3")
    again.apply(again.page.on_from_template(again.dom.values("ft-box")))
    assert [c.name for c in again.page.fight.combatants] == ["Aldo", "Broo 1", "Broo 2", "Broo 3"]
    assert {c.side for c in again.page.fight.combatants[1:]} == {"Chaos"} and again.page.fight.combatants[1].STR == 15
    assert again.dom.value("ft-count") == ""
    # Two more: Broo 4 and 5, never a name already in the fight.
    again.dom.fill("ft-count", "2")
    again.apply(again.page.on_from_template(again.dom.values("ft-box")))
    assert [c.name for c in again.page.fight.combatants][-2:] == ["Broo 4", "Broo 5"]
    assert load_fight(again.store, current_fight(again.store)).rounds == 0
    # Kept again under the same name: replaced, not doubled.
    fm.dom.fill("fa-str", "16")
    fm.apply(fm.page.on_keep_template(fm.dom.values("fa-form")))
    assert fm.dom.text("fa-keep-said") == "Kept 'Broo' as a template (the one of that name replaced)."
    [entry] = list_templates(fm.store).entries
    assert entry.value.fields["fa-str"] == "16"


def test_templates_refuse_what_does_not_fit_beside_the_field(world):  # noqa: F811
    fm = Kept(world)
    fm.dom.fill("fa-name", "Broo")
    fm.dom.fill("fa-str", "0")
    fm.apply(fm.page.on_keep_template(fm.dom.values("fa-form")))
    assert "STR" in fm.dom.error("fa-str") and list_templates(fm.store).entries == ()
    fm.apply(fm.page.on_from_template(fm.dom.values("ft-box")))
    assert fm.dom.error("ft-template").startswith("template: choose one")
    fm.dom.fill("fa-str", "12")
    fm.apply(fm.page.on_keep_template(fm.dom.values("fa-form")))
    fm.dom.fill("ft-count", "x")
    fm.apply(fm.page.on_from_template(fm.dom.values("ft-box")))
    assert fm.dom.error("ft-count") == "how many: 'x' is not a whole number from 1 to 24"
    fm.dom.fill("ft-count", "24")
    fm.add(THREE[:1])
    fm.apply(fm.page.on_from_template(fm.dom.values("ft-box")))
    assert "a fight holds 24 combatants at most" in fm.dom.error("ft-count")
    assert len(fm.page.fight.combatants) == 1


def test_a_plan_made_before_the_fight_changed_is_dropped_and_writes_nothing(world):  # noqa: F811
    fm = Kept(world)
    assert "disabled" in fm.dom["fw-plan"].attrs
    fm = two_saved_and_a_broo(world)
    assert "disabled" not in fm.dom["fw-plan"].attrs
    fm.type_round(hits)
    fm.click("fw-plan")
    assert fm.dom.find("fw-confirm") is not None
    records = {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)}
    fm.apply(fm.page.on_undo())
    assert fm.dom.text("fw-out").startswith("The fight changed since the results were worked out")
    assert fm.dom.find("fw-confirm") is None
    assert fm.click("fw-confirm").html == {}
    assert {k: v for k, v in fm.store.items.items() if k.startswith(CHARACTER_PREFIX)} == records


def test_the_warm_up_imports_what_the_first_write_back_tap_needs(world, tmp_path):  # noqa: F811
    # A fresh interpreter (a page just opened on a fight kept on the device): after fight mode's
    # warm-up, working out the plan and confirming it import nothing more (each module a tap
    # imports is milliseconds of it in the page).
    import subprocess
    import sys

    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    kept = tmp_path / "store.json"
    kept.write_text(json.dumps(fm.store.items))
    code = """
import json, sys
sys.path[:0] = [{root!r}]
from pyengine.storage.store import MemoryStore
from tests.unit.pages.fight_mode import fight_world
from tests.unit.pages.test_fight_writeback import Kept
fm = Kept(fight_world(), MemoryStore(json.loads(open({kept!r}).read())))
{warm}
before = set(sys.modules)
fm.page.on_writeback_click({{"id": "fw-plan"}})
fm.page.on_writeback_click({{"id": "fw-confirm"}})
print(sorted(m for m in set(sys.modules) - before if m.startswith("pyengine")))
"""
    here = Path(__file__).resolve().parent
    said = {}
    for warm in ("fm.page.warm_up()", ""):
        out = subprocess.run([sys.executable, "-c", code.format(tests=str(here), root=str(here.parents[2]),
                                                                kept=str(kept), warm=warm)],
                             capture_output=True, text=True, check=True)
        said[warm] = out.stdout.strip()
    assert said["fm.page.warm_up()"] == "[]"
    assert said[""] != "[]"  # the warm-up is what imports them


# -- a crash in the middle of writing back --------------------------------------------------------


def sheets(items: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in items.items() if k.startswith(CHARACTER_PREFIX)}


def stopped_after_every_write(world, before: dict[str, str], act: str):  # noqa: F811
    """Fight mode opened on ``before``, ``act`` clicked and the device stopped after its N-th
    write, for every N until it finishes; each time the device re-opened as a page starts
    (the journal taken back) and fight mode opened on it. Yields (N, the fight mode re-opened)."""
    n = 0
    while True:
        store = MemoryStore(before)
        fm = Kept(world, store)
        if act == "fw-confirm":
            fm.click("fw-plan")
        store.crash_after = store.writes + n
        try:
            fm.click(act)
            finished = True
        except Crashed:
            finished = False
        reopened = MemoryStore(store.items)
        recovery.recover(reopened, "2026-12-02T20:00:00.000Z")
        assert JOURNAL not in reopened.items
        yield n, Kept(world, reopened)
        if finished:
            return
        n += 1


def test_confirm_stopped_after_any_write_wrote_nothing_or_still_offers_undo_and_it_works(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    before = dict(fm.store.items)
    nothing, written = 0, 0
    for n, again in stopped_after_every_write(world, before, "fw-confirm"):
        if sheets(again.store.items) == sheets(before):
            nothing += 1
            assert again.dom.find("fw-undo") is None, n
            again.click("fw-plan")  # and it can be written again
            assert again.dom.find("fw-confirm") is not None, n
            continue
        written += 1
        assert again.dom.find("fw-undo") is not None, f"after {n} writes the sheets are written and Undo is gone"
        again.click("fw-undo")
        assert again.dom.text("fw-out").startswith("Undone: Rurik, Vasana back as before"), n
        assert sheets(again.store.items) == sheets(before), n
    assert nothing >= 5 and written == 1  # only the whole save, finished, is written


def test_undo_stopped_after_any_write_undid_nothing_and_is_still_offered_or_undid_all(world):  # noqa: F811
    fm = two_saved_and_a_broo(world)
    fm.type_round(hits)
    records = sheets(fm.store.items)
    fm.click("fw-plan")
    fm.click("fw-confirm")
    before = dict(fm.store.items)
    for n, again in stopped_after_every_write(world, before, "fw-undo"):
        if sheets(again.store.items) == records:
            assert again.dom.find("fw-undo") is None, n
            assert "written" not in json.loads(again.store.get(FIGHT_DRAFT)), n
        else:
            assert sheets(again.store.items) == sheets(before), n
            again.click("fw-undo")
            assert again.dom.text("fw-out").startswith("Undone: Rurik, Vasana back as before"), n
