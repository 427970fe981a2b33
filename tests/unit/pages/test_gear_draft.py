"""The gear page keeps a draft (pyengine.pages.gear, key ``strike-rank/draft/gear``), as the
sheet and fight mode do: what is typed is kept on the device at every change and comes back
when the page opens again — a reload, the navigation bar's plain link, a phone restart. A
damaged draft starts empty and says so, and that nothing saved is touched.

:class:`Browser` (tests/unit/pages/test_gear_page.py) plays the page."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.errors import RecordError
from pyengine.gear.example import EXAMPLE
from pyengine.gear.state import to_record
from pyengine.pages.gear import GearDraft, draft_text, form_values, load_draft, record_key
from pyengine.storage.keys import FIGHT_DRAFT, GEAR_DRAFT
from pyengine.storage.store import MemoryStore
from tests.unit.pages.gear_browser import Browser, add_spear

#: 500 examples in the suite; ``STRIKE_RANK_FUZZ_EXAMPLES=10000`` runs the full fuzz, as
#: tests/unit/library/test_backup_fuzz.py does.
FUZZ = settings(max_examples=int(os.environ.get("STRIKE_RANK_FUZZ_EXAMPLES", "500")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def reopened(store: MemoryStore, fragment: str = "", *, typed: bool = False) -> Browser:
    """The page opened again on the same device: the pre-rendered example, then Python's start."""
    browser = Browser(store)
    browser.do("start", fragment, typed=typed)
    return browser


def test_the_key_is_spelled_in_keys_right_after_the_fight_draft():
    assert GEAR_DRAFT == "strike-rank/draft/gear"
    import pyengine.storage.keys as keys

    names = [n for n in vars(keys) if n.isupper()]
    assert names.index("GEAR_DRAFT") == names.index("FIGHT_DRAFT") + 1
    assert FIGHT_DRAFT != GEAR_DRAFT


def test_a_change_is_kept_and_comes_back_after_a_reload():
    store = MemoryStore()
    browser = Browser(store)
    browser.do("start", "")
    assert GEAR_DRAFT not in store.items  # nothing typed yet: the example is no draft
    browser.type(gear_char_reach="5")
    browser.do("on_input")
    assert json.loads(store.items[GEAR_DRAFT])["typed"]["gear-char-reach"] == "5"

    again = reopened(store)
    assert again.fields["gear-char-reach"] == "5"
    assert again.cell("gear-sheet", "sheet", "sword", "rch")[0] == "8"  # worked out, as typed
    assert again.text["gear-draft-status"] == "Restored what was being typed here."
    assert again.address is None  # its link waits for a change, as typed fields' does


def test_added_removed_and_half_typed_items_come_back_as_they_were():
    store = MemoryStore()
    browser = Browser(store)
    browser.do("start", "")
    key = add_spear(browser)
    browser.fields[f"gear-item-{key}-reach"] = "four"  # a typo is kept too: nothing typed is lost
    browser.do("on_input")
    first = browser.keys()[0]
    browser.do("on_items_click", {"remove": first})
    names = browser.names()

    again = reopened(store)
    assert again.names() == names and "sword" not in names
    assert again.fields[f"gear-item-{key}-reach"] == "four"
    assert "four" in again.errors[f"gear-item-{key}-reach"]  # its problem shown beside it
    assert again.html["gear-items"].count('class="gear-item') >= len(names)


def test_the_block_and_organizer_fields_and_the_save_name_come_back():
    store = MemoryStore()
    browser = Browser(store)
    browser.do("start", "")
    browser.fields |= {"gear-sl": "4", "gear-power": "14", "gear-areas": "2: chainmail",
                       "gear-save-name": "Grunt", "gear-weapon-name": "axe", "gear-weapon-broken": "1"}
    browser.fields |= {"gear-defence": "half", "gear-defence-failed": "", "gear-defence-half": "1"}
    browser.fields["gear-defending"] = "shield"
    browser.do("on_input")

    again = reopened(store)
    for ident in ("gear-sl", "gear-power", "gear-areas", "gear-save-name", "gear-weapon-name", "gear-defending"):
        assert again.fields[ident] == browser.fields[ident], ident
    assert again.fields["gear-defence-half"] == "1" and again.fields["gear-defence-failed"] == ""
    assert again.fields["gear-weapon-broken"] == "1" and again.opened.get("gear-weapon-box")


def test_what_was_typed_before_python_was_up_wins_over_the_draft_and_becomes_it():
    store = MemoryStore()
    browser = Browser(store)
    browser.do("start", "")
    browser.type(gear_char_reach="5")
    browser.do("on_input")
    typed_now = Browser(store)
    typed_now.type(gear_char_size="9")
    typed_now.do("start", "", typed=True)
    assert typed_now.fields["gear-char-size"] == "9" and typed_now.fields["gear-char-reach"] != "5"
    assert json.loads(store.items[GEAR_DRAFT])["typed"]["gear-char-size"] == "9"


def test_a_link_in_the_address_opens_unless_the_draft_was_typed_on_top_of_it():
    store = MemoryStore()
    browser = Browser(store)
    browser.do("start", "")
    browser.type(gear_char_reach="5")
    browser.do("on_work_out")
    link = browser.address
    assert link and GEAR_DRAFT not in store.items  # working out is not typing
    # A reload keeps the address: the link opens (with its results).
    assert reopened(store, link).fields["gear-char-reach"] == "5"
    # Typed after the link was made: the reload brings back what was typed, not the older link.
    browser.type(gear_char_size="3")
    browser.do("on_input")
    again = reopened(store, link)
    assert again.fields["gear-char-size"] == "3"
    assert again.text["gear-draft-status"] == "Restored what was being typed here."
    # Someone else's link (another address) opens, and the draft is left for later.
    other = Browser()
    other.type(gear_char_reach="7")
    other.do("on_work_out")
    theirs = reopened(store, other.address)
    assert theirs.fields["gear-char-reach"] == "7"
    assert json.loads(store.items[GEAR_DRAFT])["typed"]["gear-char-size"] == "3"
    assert reopened(store).fields["gear-char-size"] == "3"


def test_opening_a_saved_list_or_an_import_is_what_the_draft_holds_next():
    store = MemoryStore({record_key("Grunt"): to_record("Grunt", EXAMPLE)})
    browser = Browser(store)
    browser.do("start", "")
    browser.type(gear_char_reach="5")
    browser.do("on_input")
    browser.do("on_saved_click", {"open": record_key("Grunt")})
    again = reopened(store)
    assert again.fields["gear-char-reach"] == form_values(EXAMPLE)["gear-char-reach"]
    assert again.fields["gear-save-name"] == "Grunt"


@pytest.mark.parametrize("damaged", [
    "{not json", "[]", '"text"', '{"typed": 3}', '{"typed": {"gear-char-reach": 5}}', '{"typed": {}, "link": 7}',
    '{"typed": {"gear-char-reach": "1"}, "link": "no hash"}', json.dumps({"typed": {"gear-areas": "x" * 20_000}}),
])
def test_a_damaged_draft_starts_empty_says_so_and_nothing_saved_is_touched(damaged):
    saved = to_record("Grunt", EXAMPLE)
    store = MemoryStore({GEAR_DRAFT: damaged, record_key("Grunt"): saved})
    browser = reopened(store)
    assert browser.fields == {**form_values(EXAMPLE), "gear-defending": ""}  # the example, as pre-rendered
    said = browser.text["gear-draft-status"]
    assert said.startswith("What was being typed here could not be read back")
    assert "saved lists on this device are not touched" in said
    assert store.items[GEAR_DRAFT] == damaged  # kept as it is until the next change
    assert store.items[record_key("Grunt")] == saved
    browser.type(gear_char_reach="6")
    browser.do("on_input")
    assert load_draft(store.items[GEAR_DRAFT]).typed["gear-char-reach"] == "6"


def test_a_full_storage_says_the_draft_is_not_kept_and_loses_nothing_on_screen():
    store = MemoryStore(quota=50)
    browser = Browser(store)
    browser.do("start", "")
    browser.type(gear_char_reach="5")
    browser.do("on_input")
    assert GEAR_DRAFT not in store.items
    assert browser.text["gear-draft-status"].startswith("Not kept as a draft: ")
    assert "Save or export" in browser.text["gear-draft-status"]
    assert browser.fields["gear-char-reach"] == "5"
    store.quota = None
    browser.do("on_input")
    assert browser.text["gear-draft-status"] == ""  # kept again: the warning goes


def test_unknown_fields_in_a_draft_are_left_out_and_the_rest_reads():
    text = json.dumps({"typed": {"gear-char-reach": "4", "gear-char-nonsense": "9", "elsewhere": "x"}, "link": ""})
    assert load_draft(text) == GearDraft(typed={"gear-char-reach": "4"}, link="")


# -- the format, fuzzed (docs/formats.md "Stored records": a valid draft reads back equal,
#    anything else is a RecordError, never another exception) ------------------------------------

IDS = st.sampled_from([
    "gear-char-reach", "gear-char-size", "gear-char-hand_to_hand", "gear-item-1-name", "gear-item-2-kind",
    "gear-item-12-absorb", "gear-item-3-broken", "gear-item-1-special", "gear-areas", "gear-sl", "gear-power",
    "gear-defence", "gear-defence-half", "gear-defending", "gear-weapon-name", "gear-weapon-broken", "gear-save-name",
])
VALID = st.builds(
    GearDraft,
    typed=st.dictionaries(IDS, st.text(max_size=30), max_size=12),
    link=st.one_of(st.just(""), st.text(max_size=40).map(lambda t: "#" + t)),
)
LEAVES = st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8) | IDS
JUNK = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["typed", "link"]) | IDS | st.text(max_size=4), inner, max_size=5),
    max_leaves=14,
)


@FUZZ
@given(VALID)
def test_a_valid_draft_reads_back_equal(draft):
    assert load_draft(draft_text(draft)) == draft


@FUZZ
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60).map(lambda b: b.decode("latin-1")), JUNK.map(json.dumps)))
def test_anything_else_in_the_draft_reads_or_is_a_clear_record_error(text):
    try:
        draft = load_draft(text)
    except RecordError as exc:
        assert str(exc).startswith("gear draft: ")
    else:
        assert draft is None or isinstance(draft, GearDraft)


def test_the_page_has_where_the_draft_is_spoken_of_and_the_glue_keeps_it_at_every_input():
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    page = (root / "web" / "pages" / "gear.html").read_text(encoding="utf-8")
    assert '<p id="gear-draft-status" class="draft-status" role="status"></p>' in page
    assert page.index('id="gear-draft-status"') < page.index('<form id="gear-form"')  # seen before the form
    glue = (root / "web" / "app" / "gear.py").read_text(encoding="utf-8")
    assert 'addEventListener("input", engine.calls(form, "on_input"))' in glue
    assert 'keeps_work(BrowserStore(), "gear", "gear")' in glue  # a draft kept opens the engine at once
