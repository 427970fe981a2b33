"""Fight mode's table view as its controller draws it (issue 34): one row per combatant, the row's
short statement and the strike-rank ruler following what is chosen, a row opened and closed, the rows
a round changed marked with what changed, what happened under the table, the bar's Log and Share."""

from __future__ import annotations

import pytest

from tests.unit.pages.fight_mode import FightMode, fight_world


@pytest.fixture(scope="module")
def world():
    return fight_world()


def test_each_combatant_is_one_row_with_his_hit_points_and_statement_in_short(world):
    fm = FightMode(world)
    fm.add()
    rows = fm.dom.select("fd-who", under="fd-list")
    assert [r.attrs["data-name"] for r in rows] == ["Aldo", "Bera", "Cora"]
    assert fm.dom.text("fd-0-hp") == "HP 12/12"  # THREE: Aldo of 12 hit points
    assert fm.dom.text("fd-0-short").startswith("SR 7: attacks Bera with the broadsword")
    ruler = fm.dom.select("tl-sr", under="fd-timeline")
    assert [li.attrs["data-sr"] for li in ruler] == [str(n) for n in range(1, 13)]


def test_a_changed_target_shows_in_the_row_and_on_the_ruler_at_once(world):
    fm = FightMode(world)
    fm.add()
    update = fm.statement("fd-0-a0-target", "Cora")
    assert fm.dom.text("fd-0-short").startswith("SR 7: attacks Cora with the broadsword")
    assert "fd-timeline" in update.html
    aldo = [n for n in fm.dom["fd-timeline"].walk() if n.attrs.get("data-who") == "Aldo"]
    assert [n.attrs["data-sr"] for n in aldo] == ["7"]
    # The row opened stays open when the table is drawn again; Done folds it and brings it into view.
    fm.apply(fm.page.on_row_toggle({"row": "0", "open": "1"}))
    fm.apply(fm.page.all())
    assert "open" in fm.dom["fd-0-more"].attrs
    done = fm.apply(fm.page.on_done({"done": "0"}))
    assert "fd-0" in done.html and done.scroll == "fd-0"
    fm.apply(fm.page.all())
    assert "open" not in fm.dom["fd-0-more"].attrs


def test_after_a_round_the_rows_it_changed_say_what_changed_and_what_happened_is_under_the_table(world):
    fm = FightMode(world)
    fm.add()
    hp_before = fm.hp()
    fm.roll()
    hp_after = fm.hp()
    assert fm.dom.scrolled == "fight-table"
    for row in fm.dom.select("fd-who", under="fd-list"):
        name = row.attrs["data-name"]
        lost = int(hp_before[name]) - int(hp_after[name])
        said = " ".join(n.text() for n in row.walk() if "fd-changed-what" in n.attrs.get("class", ""))
        if lost:
            assert row.attrs.get("data-changed") == "1" and f"\u2212{lost} HP" in said, (name, said)
        else:
            assert "HP" not in said
    happened = fm.dom.select("fr-event", under="fd-happened")
    assert [e.attrs["data-sr"] for e in happened] == [e.attrs["data-sr"] for e in fm.dom.select("fr-event", under="fl-out")]
    assert fm.dom.select("fh-heading", under="fd-happened")[0].text() == "Round 1: what happened"
    # Undo: no round, nothing marked, nothing happened.
    fm.apply(fm.page.on_undo())
    assert not [r for r in fm.dom.select("fd-who", under="fd-list") if r.attrs.get("data-changed")]
    assert not fm.dom.select("fr-event", under="fd-happened")


def test_the_bars_log_and_share_bring_the_log_and_the_links_into_view(world):
    fm = FightMode(world)
    assert fm.page.on_bar_click({"go": "log"}).scroll == "fl-heading"
    assert fm.page.on_bar_click({"go": "share"}).scroll == "fl-links"
    assert fm.page.on_bar_click({"go": "elsewhere"}).scroll == ""
    assert "disabled" in fm.dom["fd-share"].attrs  # no fight, nothing to share
    fm.add()
    assert "disabled" not in fm.dom["fd-share"].attrs
