"""The shape of the build and its tools, read from the code.

- ``build.py`` is a thin entry (argument parsing and dispatch) over the ``builder`` package;
- it runs on the system's bare Python until it re-runs itself in ``.venv``: its own imports,
  and those of the ``builder`` modules it imports before that, are the standard library's;
- nothing imports the build back: no module of the engine, the page (``web/``), the
  measurement (``measure/``) or the shared tools (``tools/``) imports ``build`` or ``builder``;
- the build, the measurement and the tools form no import cycle (imports inside functions
  count: they run all the same);
- code the page runs lives under ``web/``, not among the tools;
- neither the project's own package (pyproject.toml) nor the site's wheel carries the build
  or the measurement.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: A guide, not a budget: the entry holds argument parsing and dispatch only.
ENTRY_MAX_LINES = 200
#: The packages of developer code, beside the engine: the build, measurement, shared tools.
DEV_PACKAGES = ("builder", "measure", "tools")
#: What may never import the build.
NOT_THE_BUILD = ("pyengine", "web", "measure", "tools")


def sources(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py") if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, by absolute dotted name (``from a import b``
    gives ``a`` and ``a.b``: ``b`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).rpartition(".")[0] if path.name != "__init__.py" else module_name(path)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.add(node.module or "")
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def is_stdlib(name: str) -> bool:
    return name.split(".")[0] in sys.stdlib_module_names or name == "__future__"


def own_modules() -> dict[str, Path]:
    modules = {module_name(p): p for p in sources(*DEV_PACKAGES)}
    modules["build"] = ROOT / "build.py"
    return modules


def test_the_entry_is_thin():
    lines = (ROOT / "build.py").read_text(encoding="utf-8").count("\n")
    assert lines <= ENTRY_MAX_LINES, f"build.py has {lines} lines: its work belongs in builder/"
    assert (ROOT / "builder" / "__init__.py").is_file()


def test_nothing_imports_the_build_back():
    offenders = []
    for path in sources(*NOT_THE_BUILD):
        for name in imported(path):
            if name.split(".")[0] in ("build", "builder"):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_build_measurement_and_tools_form_no_import_cycle():
    modules = own_modules()
    graph = {name: {m for m in imported(path) if m in modules and m != name} for name, path in modules.items()}
    cycles = []
    # Tarjan's strongly connected components: any of more than one module is a cycle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    assert cycles == []


def test_the_entry_starts_on_the_standard_library_alone():
    # Intent: `python3 build.py` works on a fresh clone, before .venv exists: everything it
    # imports before re-running itself in .venv is the standard library or a builder module
    # that is, in turn, standard library only at its top level.
    modules = own_modules()
    seen, todo, outside = set(), ["build"], []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for imp in top_level_imports(modules[name]):
            if imp in modules:
                todo.append(imp)
            elif not is_stdlib(imp) and imp.rpartition(".")[0] not in modules and imp != "builder":
                outside.append(f"{name} imports {imp}")
    assert outside == []
    # And for real: the bare interpreter (no site-packages, so no msgspec, no playwright).
    shown = subprocess.run([sys.executable, "-S", str(ROOT / "build.py"), "bench", "--help"],
                           capture_output=True, text=True, cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    assert "--phone" in shown.stdout


def test_the_page_runs_no_code_from_the_tools():
    assert (ROOT / "web" / "strike_rank_stdlib.py").is_file()
    in_the_page = [str(path.relative_to(ROOT)) for path in sources(*DEV_PACKAGES)
                   if {"js", "pyodide", "pyscript"} & {name.split(".")[0] for name in imported(path)}]
    assert in_the_page == []


def test_no_package_ships_the_build_or_the_measurement():
    found = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]["find"]
    assert found["include"] == ["pyengine*"]
