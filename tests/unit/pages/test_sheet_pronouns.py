"""The sheet's "Pronouns" field (issue 34, RQ-145): he, she or they, chosen on the sheet, "they" by default,
kept in the saved record, in the draft, and shown again when the adventurer opens."""

from __future__ import annotations

import json
import re

from pyengine.runequest.sheet.adventurer import load_adventurer
from pyengine.storage.keys import SHEET_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.sheet_fields import opened, page_on, typed


def test_she_chosen_on_the_sheet_is_saved_and_shown_again_when_reopened(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed("Vasana", sheet_pronouns="she"))
    saved = page.on_click({"id": "sheet-save"}, typed("Vasana", sheet_pronouns="she"))
    ident = saved.address.split("open=")[1]
    record = load_adventurer(store.get(f"strike-rank/character/{ident}"))
    assert record.pronouns == "she"
    _, update = opened(tables, store, wanted=ident)
    assert update.values["sheet-pronouns"] == "she"


def test_a_new_adventurer_is_they_and_an_old_record_opens_as_they(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    page.on_input(typed("Rurik", sheet_pronouns="they"))
    assert page.adventurer.pronouns == "they"
    page.on_input(typed("Rurik", sheet_pronouns=""))  # a form from before the field: nothing chosen
    assert page.adventurer.pronouns == "they"


def test_a_half_typed_draft_keeps_the_choice_and_restores_it(tables):
    store = MemoryStore()
    page = page_on(tables, store)
    half = typed("Vasana", {"STR": "12"}, sheet_pronouns="she")
    page.on_input(half)
    assert json.loads(store.get(SHEET_DRAFT))["typed"]["sheet-pronouns"] == "she"
    _, update = opened(tables, store)
    assert update.values["sheet-pronouns"] == "she"


def test_a_pronoun_that_is_not_one_of_the_choices_is_named_beside_the_field(tables):
    page = page_on(tables)
    update = page.on_input(typed("Vasana", sheet_pronouns="it"))
    assert update.errors["sheet-pronouns"] == "Pronouns: 'it' is not one of they, she, he"
    assert page.adventurer is not None and page.adventurer.pronouns == "they"


def test_the_pages_pronouns_field_offers_the_engines_choices_they_first():
    from pathlib import Path

    from pyengine.runequest.pronouns import CHOICES

    html = (Path(__file__).resolve().parents[3] / "web" / "pages" / "sheet.html").read_text(encoding="utf-8")
    select = html.split('<select id="sheet-pronouns"', 1)[1].split("</select>", 1)[0]
    assert re.findall(r'<option value="(\w+)"[^>]*>(\w+)<', select) == list(CHOICES)
    assert '<option value="they" selected>' in select and '<label for="sheet-pronouns">Pronouns</label>' in html
