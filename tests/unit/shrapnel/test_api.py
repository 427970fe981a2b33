"""The rule set's API, exported by the package and imported only when a name is first used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pyengine.shrapnel as shrapnel
from pyengine.shrapnel import resolve as resolve_module


def test_importing_the_package_imports_none_of_its_modules():
    code = "import sys, pyengine.shrapnel; print(sorted(m for m in sys.modules if m.startswith('pyengine.shrapnel.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", shrapnel.__all__)
def test_each_name_is_its_modules_own(name):
    value = getattr(shrapnel, name)
    if name != "TABLE_ID":
        module, _, attribute = shrapnel._API[name].partition(":")
        attribute = attribute or name
        assert value is getattr(__import__(f"pyengine.shrapnel.{module}", fromlist=["_"]), attribute)


def test_resolve_critical_is_the_resolver_and_an_unknown_name_is_an_attribute_error(table):
    assert shrapnel.resolve_critical is resolve_module.resolve
    assert shrapnel.resolve_critical(table, 78, "C", ["chest"]).totals.hits == 32
    with pytest.raises(AttributeError, match="has no attribute 'resolve_everything'"):
        shrapnel.resolve_everything  # noqa: B018
