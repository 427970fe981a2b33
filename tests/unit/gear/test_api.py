"""The rule set's API, exported by the package and imported only when a name is first used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pyengine.gear as gear


def test_importing_the_package_imports_none_of_its_modules():
    code = "import sys, pyengine.gear; print(sorted(m for m in sys.modules if m.startswith('pyengine.gear.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", gear.__all__)
def test_each_name_is_its_modules_own(name):
    module, _, attribute = gear._API[name].partition(":")
    attribute = attribute or name
    assert getattr(gear, name) is getattr(__import__(f"pyengine.gear.{module}", fromlist=["_"]), attribute)


def test_the_api_works_out_a_sheet_line_and_a_block():
    sword = gear.Item(name="sword", kind=gear.ItemKind.MELEE, reach=3, toughness=8, cover=2, absorb=4)
    assert gear.sheet_line(gear.Character(reach=2), sword).rch == 5
    assert gear.resolve_block(gear.Attack(success_level=1, power=6), [sword], "sword").power_left == 2
    with pytest.raises(AttributeError, match="has no attribute 'block'"):
        gear.block  # noqa: B018
