"""The pages' storage keys (pyengine/storage/keys.py) are the formats' (docs/formats.md):
a saved character or gear record written by one page must be found by every other."""

from __future__ import annotations

from pathlib import Path

from pyengine.storage import keys

ROOT = Path(__file__).resolve().parents[3]


def test_the_gear_page_stores_its_records_under_the_gear_prefix():
    # The rule set knows nothing of storage; the gear page's controller keeps a record
    # named Grunt under strike-rank/gear/Grunt (docs/formats.md), found by that prefix.
    from pyengine.gear.example import EXAMPLE
    from pyengine.pages.gear import GearPage, form_values, record_key
    from pyengine.storage.store import MemoryStore

    assert keys.GEAR_PREFIX == "strike-rank/gear/"
    assert record_key("Grunt") == keys.GEAR_PREFIX + "Grunt"
    store = MemoryStore()
    GearPage(store).on_save(form_values(EXAMPLE) | {"gear-save-name": "Grunt"})
    assert list(store.items) == [keys.GEAR_PREFIX + "Grunt"]


def test_the_keys_are_the_documented_ones_and_do_not_overlap():
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    values = [keys.CHARACTER_PREFIX, keys.SHEET_DRAFT, keys.FIGHT_DRAFT, keys.GEAR_DRAFT, keys.GEAR_PREFIX, keys.SHRAPNEL_RECENT]
    for value in values:
        assert value.startswith("strike-rank/")
        assert value.rstrip("/") in formats, value
    for a in values:
        for b in values:
            assert a == b or not b.startswith(a), (a, b)


def test_no_glue_or_controller_module_spells_a_key_itself():
    for path in sorted([*(ROOT / "web" / "app").glob("*.py"), *(ROOT / "pyengine" / "pages").glob("*.py")]):
        if path.name == "keys.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert '"strike-rank/' not in text, f"{path.name}: use pyengine.storage.keys"


def test_the_start_page_fetches_its_tables_early_only_when_a_party_is_saved():
    # build.py cannot import the engine when it defines its pages: its copy of the party
    # prefix is held to the one the library stores parties under.
    import builder.pages

    index = next(page for page in builder.pages.PAGES if page.file == "index.html")
    assert index.tables_when == keys.PARTY_PREFIX == builder.pages.PARTY_PREFIX
    assert index.tables == builder.pages.COMBAT_TABLES
