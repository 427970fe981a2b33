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
    wrong = sorted({f"{rel(path)}:{line}: {name}" for path in sources() for line, name in imported(path)
                    if name.split(".")[-1].startswith("test_") and name.split(".")[0] in {"tests", *helper_names()}})
    assert not wrong, "move what is shared into a helper module or a conftest.py:\n" + "\n".join(wrong)


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
