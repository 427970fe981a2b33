"""The pages' storage keys (pyengine/pages/keys.py) are the formats' (docs/formats.md):
a saved character or gear record written by one page must be found by every other."""

from __future__ import annotations

from pathlib import Path

from pyengine.gear import state as gear_state
from pyengine.pages import keys

ROOT = Path(__file__).resolve().parents[2]


def test_the_gear_prefix_is_the_engines():
    assert keys.GEAR_PREFIX == gear_state.STORAGE_PREFIX


def test_the_keys_are_the_documented_ones_and_do_not_overlap():
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    values = [keys.CHARACTER_PREFIX, keys.SHEET_DRAFT, keys.FIGHT_DRAFT, keys.GEAR_PREFIX, keys.SHRAPNEL_RECENT]
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
        assert '"strike-rank/' not in text, f"{path.name}: use pyengine.pages.keys"
