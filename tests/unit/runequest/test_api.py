"""The packages' faces: sheet/ and advancement/ export what a caller uses, each name
imported from its module only when asked for (PEP 562)."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

import pyengine.runequest.advancement as advancement
import pyengine.runequest.sheet as sheet

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("package", [sheet, advancement], ids=["sheet", "advancement"])
def test_every_api_name_is_its_modules_own(package):
    for name, module in package.API.items():
        value = getattr(package, name)
        assert value is getattr(sys.modules[f"{package.__name__}.{module}"], name), name
    assert package.__all__ == sorted(package.API) and set(package.API) <= set(dir(package))
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        package.nothing_here  # noqa: B018


def test_derive_is_the_function_though_it_is_also_a_module():
    from pyengine.runequest.sheet import derive
    from pyengine.runequest.sheet.derive import DerivedSheet
    from pyengine.runequest.sheet.derive import derive as the_function

    assert derive is the_function and isinstance(sys.modules["pyengine.runequest.sheet.derive"], types.ModuleType)
    assert sheet.DerivedSheet is DerivedSheet


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


def test_a_module_imported_first_leaves_the_api_name_alone():
    code = (
        "import pyengine.runequest.sheet.derive, pyengine.runequest.sheet as s; "
        "from pyengine.runequest.sheet import derive; print(type(s.derive).__name__, type(derive).__name__)"
    )
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["function", "function"]
