"""The gear page's HTML: well-formed, escaped, with the hooks the page and its tests use."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from pyengine.gear.blocking import Attack, resolve_block
from pyengine.gear.inputs import ITEM_FIELDS, entry_texts
from pyengine.gear.items import Character, Item, ItemKind
from pyengine.gear.organizing import overlap
from pyengine.gear.render import (
    item_field_id,
    render_block,
    render_defending_options,
    render_item_card,
    render_item_list,
    render_organized,
    render_rulings,
    render_saved,
    render_sheet,
)
from pyengine.gear.rulings import RULINGS
from pyengine.gear.sheet import sheet_line
from pyengine.gear.state import Entry

ROOT = Path(__file__).resolve().parents[3]
EVIL = Item(name='<script>alert("x")</script>', kind=ItemKind.MELEE, reach=3, parry=2, special={"<b>": 1})
SHIELD = Item(name="shield", kind=ItemKind.MELEE, cover=4, absorb=6, toughness=2, parry=4, reach=1)
AXE = Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3, reach=2)


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def parse(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Collect()
    parser.feed(html)
    return parser.tags


def test_an_item_card_has_every_field_with_its_error_slot() -> None:
    html = render_item_card("7", {"name": "mail", "kind": "armour", "cover": "5"}, 2)
    ids = {attrs.get("id") for _, attrs in parse(html)}
    for field in (*ITEM_FIELDS, "broken"):
        assert item_field_id("7", field) in ids
    for field in ITEM_FIELDS:
        assert f"{item_field_id('7', field)}-error" in ids
    assert 'value="5"' in html
    assert '<option value="armour" selected="selected">' in html
    assert 'data-remove="7"' in html


def test_user_text_is_escaped() -> None:
    html = render_item_list([Entry(item=EVIL)])
    assert "<script>" not in html
    sheet = render_sheet([(Entry(item=EVIL), sheet_line(Character(), EVIL))])
    assert "<script>" not in sheet and "<b>" not in sheet
    assert "&lt;script&gt;" in sheet


def test_the_sheet_marks_the_differences() -> None:
    line = sheet_line(Character(reach=2, hand_to_hand=5, encumbrance=14), SHIELD)
    html = render_sheet([(Entry(item=SHIELD), line)])
    assert 'class="gear-col-rch gear-diff" data-value="3"' in html  # 2 + 1, the list says 1
    assert 'class="gear-col-par gear-diff" data-value="23"' in html
    assert 'class="gear-col-cvr" data-value="4"' in html  # the same on both
    assert html.count("gear-diff") == len(line.differs)
    assert 'data-ruling="GEAR-1"' in html


def test_the_block_card() -> None:
    result = resolve_block(Attack(success_level=4, power=14, weapon=AXE), [SHIELD], "shield")
    html = render_block(result)
    assert 'data-rule="blocking"' in html and 'data-power-left="11"' in html
    assert re.search(r'class="gear-step gear-role-half_blocked" data-item="shield" data-role="half_blocked" data-absorbed="3"', html)
    assert 'class="gear-weapon" data-damage="8" data-broke="true"' in html
    assert "Half blocked by shield" in html
    assert '<details class="working">' in html
    for ruling in ("GEAR-4", "GEAR-5", "GEAR-7", "GEAR-10"):
        assert f'data-ruling="{ruling}"' in html


def test_the_broken_list_names_only_what_halving_changed() -> None:
    # A club of blunt -5 lasting damage breaks on the shield (hitting too hard): the card lists
    # "reach 1 to 0, parry 3 to 1", never "lasting damage (Shp) -5 to -5" (GEAR-8).
    club = Item(name="club", kind=ItemKind.MELEE, reach=1, sharpness=-5, parry=3, toughness=2)
    html = render_block(resolve_block(Attack(success_level=0, power=9, weapon=club), [SHIELD], "shield"))
    assert "club hit too hard: takes 7 damage · BROKEN (reach 1 to 0, parry 3 to 1)" in html
    assert "-5 to -5" not in html
    # The same slip next to it: a weapon worn to absorb 0 hit too hard again is not "absorb 0 to 0".
    worn = Item(name="axe", kind=ItemKind.MELEE, reach=1, toughness=6, absorb=0, broken=True)
    html = render_block(resolve_block(Attack(success_level=0, power=14, weapon=worn), [SHIELD], "shield"))
    assert "axe hit too hard: takes 8 damage<" in html and "0 to 0" not in html
    brittle = Item(name="pot", kind=ItemKind.ARMOUR, cover=9, absorb=1, sharpness=-5, toughness=-1)
    html = render_block(resolve_block(Attack(success_level=0, power=9), [brittle]))
    assert "Broken: </strong><span>pot (cover 9 to 4)</span>" in html


def test_the_organized_card_and_the_rest() -> None:
    leather = Item(name="leather", kind=ItemKind.ARMOUR, cover=4, absorb=2)
    mail = Item(name="chainmail", kind=ItemKind.ARMOUR, cover=5, absorb=4)
    html = render_organized(overlap(leather, mail, 3))
    assert 'data-item="leather + chainmail" data-cover="3" data-absorb="6"' in html
    assert render_rulings().count("data-ruling=") == len(RULINGS)
    options = render_defending_options(["a", "B<"], "b<")
    assert options.startswith('<option value="">') and 'value="B<" selected="selected"' in options
    saved = render_saved([("strike-rank/gear/Grunt", "Grunt", None), ("strike-rank/gear/x", "x", "not JSON")])
    assert 'data-open="strike-rank/gear/Grunt"' in saved
    assert "Damaged record 'strike-rank/gear/x', kept as it is: not JSON" in saved


def test_entry_texts_fill_the_card() -> None:
    html = render_item_list([Entry(item=SHIELD, skill=2)])
    assert f'id="{item_field_id("1", "skill")}" name="{item_field_id("1", "skill")}" value="2"' in html
    assert entry_texts(Entry(item=SHIELD))["cover"] == "4"


def test_every_ruling_is_written_up_in_the_docs_and_every_documented_one_is_known() -> None:
    docs = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    section = docs[docs.index("## Equipment and armour (seed 000)") :]
    documented = re.findall(r"^### (GEAR-\d+) — ", section, re.M)
    assert documented == list(RULINGS)
    for path in (ROOT / "pyengine" / "gear").glob("*.py"):
        for cited in set(re.findall(r"GEAR-\d+", path.read_text(encoding="utf-8"))):
            assert cited in RULINGS, f"{path.name} cites {cited}, which is not a ruling"
