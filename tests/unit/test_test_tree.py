"""The test tree runs the ordinary way: a plain ``pytest`` from the root collects all of it.

pytest imports a test file under the dotted name its packages give it; in a folder that is not a
package the name is the bare file name, and two such files of one name cannot both be collected
(``import file mismatch``). So every folder of tests is a package, helpers are imported by their
absolute name (``from tests.unit.runequest.rq_fixtures import real``), never by a bare name that
only works with the right folder on ``sys.path``, and a test module is never imported by another
module: what two test modules share lives in a helper module or a ``conftest.py``.
``tests/unit/`` mirrors the source: each folder is a package of ``pyengine/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
UNIT = TESTS / "unit"
PYENGINE = ROOT / "pyengine"

#: Imports of test modules by the browser tests, which their own slice rewrites (module → what it imports).
#: Each entry must still be there (a stale one fails below): take it out when the import goes.
BROWSER_TODAY = {
    "tests/browser/test_fight_writeback.py": {"tests.browser.test_fight_page"},
    "tests/browser/test_long_evening.py": {"tests.browser.test_app_install_and_update"},
    "tests/browser/test_qr_codes.py": {"tests.browser.test_combat_page", "tests.browser.test_phone_misc",
                                       "tests.unit.test_qr"},
    "tests/browser/test_sheet_phone.py": {"tests.browser.test_sheet_page"},
    "tests/browser/test_start_campaign.py": {"tests.browser.test_pages_for_everyone"},
    "tests/browser/test_start_up.py": {"tests.browser.test_sheet_page", "tests.browser.test_fight_page",
                                       "tests.browser.test_gear_page"},
}


def sources() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, at any depth (imports inside functions too), with its line:
    ``from a.b import c`` gives ``a.b`` and ``a.b.c`` (c may be a module)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def helper_names() -> set[str]:
    """The bare names of the modules under tests/ (``rq_fixtures``, ``page_dom``, ``test_main``…)."""
    return {p.stem for p in sources() if p.stem != "__init__"}


def dotted(path: Path) -> str:
    """The name pytest imports a file under: its packages' names, up to the first folder that is not one."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def test_every_folder_of_tests_is_a_package():
    missing = sorted({rel(p.parent) for p in sources()
                      for folder in [p.parent, *p.parent.parents] if TESTS in [folder, *folder.parents]
                      if not (folder / "__init__.py").exists()})
    assert not missing, f"folders of tests without an __init__.py: {missing}"


def test_no_two_test_files_are_imported_under_one_name():
    names: dict[str, list[str]] = {}
    for path in sources():
        names.setdefault(dotted(path), []).append(rel(path))
    assert not {name: paths for name, paths in names.items() if len(paths) > 1}


def test_modules_of_the_tests_are_imported_by_their_absolute_name():
    bare = helper_names()
    wrong = sorted({f"{rel(path)}:{line}: {name.split('.')[0]}" for path in sources() for line, name in imported(path)
                    if name.startswith(".") or name.split(".")[0] in bare})
    assert not wrong, "import these as tests.…:\n" + "\n".join(wrong)


def test_no_module_imports_a_test_module():
    wrong, used = [], {}
    for path in sources():
        allowed = BROWSER_TODAY.get(rel(path), set())
        for line, name in imported(path):
            last = name.split(".")[-1]
            if last.startswith("test_") and name.split(".")[0] in {"tests", *helper_names()}:
                if name in allowed:
                    used.setdefault(rel(path), set()).add(name)
                else:
                    wrong.append(f"{rel(path)}:{line}: {name}")
    assert not wrong, "move what is shared into a helper module or a conftest.py:\n" + "\n".join(wrong)
    assert used == BROWSER_TODAY, "an import listed in BROWSER_TODAY is gone: take it out of the list"


@pytest.mark.parametrize("folder", sorted({rel(p.parent) for p in UNIT.rglob("test_*.py")} - {"tests/unit"}))
def test_tests_unit_mirrors_the_source_packages(folder):
    package = PYENGINE / Path(folder).relative_to("tests/unit")
    assert (package / "__init__.py").exists(), f"{folder} names no package of pyengine/"


def test_the_rules_see_the_old_tree_as_it_was(tmp_path):
    # Flat folders without packages, a helper by its bare name, a test module importing another:
    # what a plain pytest could not collect.
    for folder in ("browser", "unit/pages"):
        (tmp_path / "tests" / folder).mkdir(parents=True)
        (tmp_path / "tests" / folder / "test_csp.py").write_text("from test_fight_page import FightMode\n")
    old = sorted((tmp_path / "tests").rglob("*.py"))
    assert len({dotted(p) for p in old}) == 1
    assert imported(old[0]) == [(1, "test_fight_page"), (1, "test_fight_page.FightMode")]
