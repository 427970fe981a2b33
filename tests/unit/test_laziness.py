"""Laziness only where start-up needs it, so a reader (and a tool) sees the real import graph.

No module of pyengine answers for names it does not define (no module-level ``__getattr__``),
and a package's ``__init__`` re-exports nothing: a caller imports a name from the module that
defines it. An import inside a function is a page's or a command's entry point sparing its
start a module not needed yet (``pyengine/pages/``, ``pyengine/cli/``); each says why in a
comment, and anywhere else imports are at the top of the module.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import pyengine

PACKAGE = Path(pyengine.__file__).resolve().parent
ROOT = PACKAGE.parent
#: Where a function may import: the page controllers and the commands, their entry points.
ENTRY_POINTS = ("pyengine/pages/", "pyengine/cli/")
#: Packages whose ``__init__`` imports modules of its own, and why.
EAGER_PACKAGES = {
    "pyengine.dice": "the dice API every rule set and page uses, and all of it imported at any start",
    "pyengine.pages.fight": "its __init__ is the FightPage composing its parts",
    "pyengine.runequest.melee.actions": "importing the handlers registers them",
}


def source_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def packages() -> list[str]:
    return [".".join(p.parent.relative_to(ROOT).parts) for p in sorted(PACKAGE.rglob("__init__.py"))]


def function_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement inside a function (a method, a nested function) of ``tree``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    walk(tree, False)
    return found


def module_level_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (definitions, assignments, imports)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def test_the_finders_find_what_they_look_for():
    tree = ast.parse("import a\ndef f():\n    import b\n    def g():\n        from c import d\n__getattr__, __dir__ = x()\n")
    assert [ast.unparse(n) for n in function_imports(tree)] == ["import b", "from c import d"]
    assert {"__getattr__", "__dir__"} <= module_level_names(tree)


@pytest.mark.parametrize("path", source_files(), ids=relative)
def test_no_module_answers_for_names_it_does_not_define(path):
    names = module_level_names(ast.parse(path.read_text(encoding="utf-8")))
    assert not names & {"__getattr__", "__dir__"}, f"{relative(path)}: a module-level __getattr__ or __dir__"


def test_imports_inside_functions_are_only_at_the_entry_points():
    found = [f"{relative(path)}:{node.lineno}: {ast.unparse(node)}"
             for path in source_files() if not relative(path).startswith(ENTRY_POINTS)
             for node in function_imports(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, "import at the top of the module:\n" + "\n".join(found)


def test_each_import_inside_a_function_says_what_start_up_it_spares():
    unsaid = []
    for path in source_files():
        if not relative(path).startswith(ENTRY_POINTS):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        imports = function_imports(ast.parse("\n".join(lines)))
        covered = {n for node in imports for n in range(node.lineno, (node.end_lineno or node.lineno) + 1)}
        for node in imports:
            above = node.lineno - 1  # the line above the block of imports this one is in
            while above in covered or (above > 0 and not lines[above - 1].strip()):
                above -= 1
            trailing = lines[node.lineno - 1].partition("#")[2].strip()
            said = (trailing and not trailing.startswith(("noqa", "type:"))) or (above > 0 and lines[above - 1].strip().startswith("#"))
            if not said:
                unsaid.append(f"{relative(path)}:{node.lineno}: {ast.unparse(node)}")
    assert not unsaid, "say in a comment what start-up the import spares:\n" + "\n".join(unsaid)


@pytest.mark.parametrize("package", [p for p in packages() if p not in EAGER_PACKAGES])
def test_importing_a_package_imports_none_of_its_modules(package):
    code = f"import sys, {package}; print(sorted(m for m in sys.modules if m.startswith('{package}.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
