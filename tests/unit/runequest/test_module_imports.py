"""What sheet/ and advancement/ cost a caller: importing one module imports only what it needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_one_module_imports_only_what_it_needs():
    code = (
        "import sys; import pyengine.runequest.sheet.adventurer; import pyengine.runequest.advancement.background; "
        "print(sorted(m for m in sys.modules if m.startswith(('pyengine.runequest.sheet.', 'pyengine.runequest.advancement.'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert eval(out) == [
        "pyengine.runequest.advancement.background",
        "pyengine.runequest.sheet.adventurer",
        "pyengine.runequest.sheet.characteristics",
    ]
