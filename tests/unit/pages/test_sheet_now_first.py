"""Issue 34, the sheet: when he is hurt his state comes first; a location reads the same in fight
mode and on the sheet; no "fighting" outside a fight; the print carries the state with boxes.

These hold the logic tests/browser/test_sheet_hurt_first.py checks in the browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyengine.cli.tables import load_tables
from pyengine.html import to_html
from pyengine.pages.sheet import SheetPage
from pyengine.runequest.melee import render as fight_render
from pyengine.runequest.melee.build import QuickWeapon, quick_combatant
from pyengine.runequest.melee.model import Body
from pyengine.runequest.reading import location_reading
from pyengine.storage.store import MemoryStore

# CON 12, SIZ 17, POW 18 -> 15 hit points; arms 4, chest 6, legs 5.
YSOLDE = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}
TEMPLATE = Path(__file__).resolve().parents[3] / "web" / "pages" / "sheet.html"


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def typed(**more: str) -> dict[str, str]:
    fields = {"sheet-name": "Ysolde", "sheet-money": "100", "sheet-notes": "", "sheet-train-weapon": ""}
    fields.update({f"sheet-{k}": v for k, v in YSOLDE.items()})
    fields.update({k.replace("_", "-"): v for k, v in more.items()})
    return fields


def saved(tables) -> SheetPage:
    ids = iter(f"{n:012x}" for n in range(1, 1000))
    page = SheetPage(tables, MemoryStore(), new_id=lambda: next(ids), now=lambda: "2026-12-01T15:00:00Z")
    page.on_input(typed())
    page.on_click({"id": "sheet-save"}, typed())
    return page


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def hurt(tables, points: str = "8", where: str = "left_arm"):
    page = saved(tables)
    page.on_click({"id": "sheet-take-damage"},
                  typed(state_dmg_points=points, state_dmg_location=where, state_dmg_cause="a broo's axe"))
    return page


def test_hurt_his_state_is_drawn_first_right_under_his_name_and_unhurt_the_order_stays(tables):
    """Intent: "When an adventurer is hurt, his current state comes first."""
    page = saved(tables)
    assert page.render()["sheet-now-first"] == "", "unhurt: nothing before the sheet, the order stays"
    first = hurt(tables).render()["sheet-now-first"]
    said = text_of(first)
    assert said.startswith("Ysolde nowHit points 7 / 15 (wounded, able to fight)")
    assert "left arm -4/4 out" in said and "chest" not in said, "only the locations not whole"
    assert 'href="#sheet-now"' in first, "a link to the whole Now card"
    html = TEMPLATE.read_text(encoding="utf-8")
    assert html.index('id="sheet-now-first"') < html.index('id="sheet-saved"') < html.index('id="sheet-now"'), \
        "the summary region comes before everything else on the page"


def test_a_location_reads_the_same_in_fight_mode_and_on_the_sheet(tables):
    """Intent: "Location hit points use one notation in fight and sheet alike": the left arm 8 points
    into its 4 reads ``-4/4 out`` in both, below 0 as it stands."""
    assert location_reading(-4, 4) == "-4/4 out" and location_reading(1, 4) == "1/4"
    assert location_reading(0, 4) == "0/4 out" and location_reading(-10, 4, severed=True) == "-10/4 severed"
    state = text_of(hurt(tables).render()["sheet-state"])
    assert "left arm -4/4 out" in state and "right arm 4/4" in state
    assert "(disabled)" not in state and "-4 / 4" not in state
    c = quick_combatant(tables, name="Ysolde", side="A", STR=12, CON=12, SIZ=17, DEX=11, hit_points=15,
                        weapons=[QuickWeapon(weapon="broadsword", attack=50, parry=40)])
    card = to_html(fight_render.render_body(c, Body(damage_taken=8, wounds={"left_arm": 8}, condition="fighting")))
    cell = re.search(r'data-location="left_arm"[^>]*>([^<]*)<', card)
    assert cell is not None and cell.group(1) == "-4/4 out"
    assert "✕" not in card


def test_outside_a_fight_a_wounded_man_is_not_fighting_and_fight_mode_keeps_its_words(tables):
    """Intent: "Condition words fit the situation: no 'fighting' outside a fight"."""
    regions = hurt(tables, points="2", where="chest").render()
    for region in ("sheet-state", "sheet-now-first", "sheet-print-now"):
        assert "fighting" not in regions[region] and "wounded, able to fight" in regions[region]
    assert fight_render.CONDITION_WORDS["fighting"] == "wounded, fighting"
    working = text_of(saved(tables).on_click({"id": "sheet-take-damage"}, typed(
        state_dmg_points="2", state_dmg_location="chest", state_dmg_cause="a fall")).html["sheet-state-result"])
    assert "unhurt → wounded, able to fight (13 of 15 hit points)" in working and "fighting" not in working.replace(
        "able to fight", "")


def test_the_print_carries_the_state_now_with_boxes_to_tick(tables):
    """Intent: "The print shows the current state: hit points now, each location's wounds, ammunition
    left, experience marks, with boxes to tick by hand"."""
    page = saved(tables)
    assert "Hit points now 15 / 15" in text_of(page.render()["sheet-print-now"]), "unhurt, it prints too"
    page = hurt(tables, points="3", where="chest")
    printed = page.render()["sheet-print-now"]
    said = text_of(printed)
    assert "Hit points now 12 / 15 (wounded, able to fight) ☒☒☒☐☐☐☐☐☐☐☐☐☐☐☐" in said
    assert "chest3/6☒☒☒☐☐☐" in said and "left leg5/5☐☐☐☐☐" in said
    assert "Experience marks: none yet" in said
