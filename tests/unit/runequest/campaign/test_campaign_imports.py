"""What the campaign package costs a caller: the saved record imports only the current state."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]


def test_the_record_pulls_in_only_the_current_state():
    code = ("import sys; import pyengine.runequest.sheet.adventurer; "
            "print(sorted(m for m in sys.modules if m.startswith('pyengine.runequest.campaign')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert eval(out) == ["pyengine.runequest.campaign", "pyengine.runequest.campaign.current"]
