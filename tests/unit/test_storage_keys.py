"""The pages' storage keys (web/app/storage_keys.py) are the formats' (docs/formats.md):
a saved character or gear record written by one page must be found by every other."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from pyengine.gear import state as gear_state

ROOT = Path(__file__).resolve().parents[2]


def storage_keys():
    # The glue package needs PyScript; this one module imports nothing and loads alone.
    spec = importlib.util.spec_from_file_location("storage_keys", ROOT / "web" / "app" / "storage_keys.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gear_prefix_is_the_engines():
    assert storage_keys().GEAR_PREFIX == gear_state.STORAGE_PREFIX


def test_the_keys_are_the_documented_ones_and_do_not_overlap():
    keys = storage_keys()
    formats = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    values = [keys.CHARACTER_PREFIX, keys.SHEET_DRAFT, keys.FIGHT_DRAFT, keys.GEAR_PREFIX, keys.SHRAPNEL_RECENT]
    for value in values:
        assert value.startswith("strike-rank/")
        assert value.rstrip("/") in formats, value
    for a in values:
        for b in values:
            assert a == b or not b.startswith(a), (a, b)


def test_no_glue_module_spells_a_key_itself():
    for path in sorted((ROOT / "web" / "app").glob("*.py")):
        if path.name == "storage_keys.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert '"strike-rank/' not in text, f"{path.name}: use app.storage_keys"
