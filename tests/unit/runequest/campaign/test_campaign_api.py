"""The campaign package's face: each public name from its module, imported only when asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyengine.runequest.campaign as campaign

ROOT = Path(__file__).resolve().parents[4]


def test_every_public_name_is_there_and_is_its_modules_own():
    assert campaign.__all__ == sorted(campaign._HOMES)
    for name, home in campaign._HOMES.items():
        value = getattr(campaign, name)
        assert value is getattr(sys.modules[f"pyengine.runequest.campaign.{home}"], name), name
    assert callable(campaign.vitals) and callable(campaign.time_passes) and callable(campaign.plan_write_back)


def test_the_record_pulls_in_only_the_current_state():
    code = ("import sys; import pyengine.runequest.sheet.adventurer; "
            "print(sorted(m for m in sys.modules if m.startswith('pyengine.runequest.campaign')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert eval(out) == ["pyengine.runequest.campaign", "pyengine.runequest.campaign.current"]
