"""Imports go one way (docs/architecture.md): the core knows no rule set; the rules never
need their pages, renderers, input readers or the command line; nothing imports the
command line but ``python -m pyengine``; and no module imports itself back, however
far round, function-level imports included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pyengine

PACKAGE = Path(pyengine.__file__).resolve().parent
ROOT = PACKAGE.parent
RULE_SETS = ("pyengine.runequest", "pyengine.shrapnel", "pyengine.gear")
#: Modules of a rule set that serve its page or its links rather than its rules.
FACES = ("render", "inputs", "state", "log", "example")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str) -> set[str]:
    """Every pyengine module ``name`` imports, anywhere in it (a ``from m import x`` counts
    ``m.x`` when that is a module, else ``m``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                here = here[: len(here) - (node.level - 1)]
                base = ".".join(here + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imports_of(name) for name in MODULES}


#: Core packages: each of their modules is core too.
CORE_PACKAGES = ("pyengine.dice",)


def is_core(name: str) -> bool:
    if name.startswith(tuple(f"{p}." for p in CORE_PACKAGES)):
        return True
    return (name.count(".") == 1 and not name.startswith(RULE_SETS)
            and name not in ("pyengine.cli", "pyengine.pages", "pyengine.library", "pyengine.storage", "pyengine.__main__"))


def in_rule_set(name: str) -> bool:
    return name.startswith(tuple(f"{r}." for r in RULE_SETS)) or name in RULE_SETS


def is_rule(name: str) -> bool:
    return in_rule_set(name) and name.rsplit(".", 1)[-1] not in FACES and name not in RULE_SETS


def test_the_modules_are_found():
    assert {"pyengine.errors", "pyengine.dice", "pyengine.runequest.combat.exchange", "pyengine.pages.index"} <= set(MODULES)
    assert is_core("pyengine.dice") and not is_core("pyengine.runequest") and not is_core("pyengine.cli")
    assert is_core("pyengine.dice.log") and "pyengine.dice.log" in MODULES
    assert is_rule("pyengine.runequest.combat.exchange") and not is_rule("pyengine.runequest.combat.render")


@pytest.mark.parametrize("name", [n for n in MODULES if is_core(n)])
def test_the_core_imports_no_rule_set_page_or_command_line(name):
    bad = {m for m in GRAPH[name] if in_rule_set(m) or m.startswith(("pyengine.pages", "pyengine.cli"))}
    assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", [n for n in MODULES if is_rule(n)])
def test_rules_never_import_renderers_inputs_states_pages_or_the_command_line(name):
    bad = {
        m for m in GRAPH[name]
        if m.rsplit(".", 1)[-1] in FACES or m.startswith(("pyengine.pages", "pyengine.cli"))
    }
    assert not bad, f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", [n for n in MODULES if not n.startswith(("pyengine.cli", "pyengine.__main__"))])
def test_only_the_command_line_imports_the_command_line(name):
    bad = {m for m in GRAPH[name] if m.startswith("pyengine.cli")}
    assert not bad, f"{name} imports {sorted(bad)}: the command line is not shipped to the browser"


@pytest.mark.parametrize("name", [n for n in MODULES if in_rule_set(n)])
def test_no_rule_set_imports_a_page_controller(name):
    assert not {m for m in GRAPH[name] if m.startswith("pyengine.pages")}


@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith("pyengine.storage")])
def test_storage_imports_no_library_and_no_page(name):
    bad = {m for m in GRAPH[name] if m.startswith(("pyengine.library", "pyengine.pages"))}
    assert not bad, f"{name} imports {sorted(bad)}: storage sits below the library and the pages"


@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith("pyengine.library")])
def test_the_library_imports_no_page(name):
    bad = {m for m in GRAPH[name] if m.startswith("pyengine.pages")}
    assert not bad, f"{name} imports {sorted(bad)}: the library sits below the pages"


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), a package's ``__init__``
    importing its own sub-modules left out: that is the package's face, not a cycle."""
    edges = {n: {m for m in ms if not (MODULES.get(n, Path()).name == "__init__.py" and m.startswith(n + "."))}
             for n, ms in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in edges:
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles_in_pyengine():
    assert cycles(GRAPH) == []


@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith("pyengine.render")])
def test_render_modules_import_no_page(name):
    bad = {m for m in GRAPH[name] if m.startswith("pyengine.pages")}
    assert not bad, f"{name} imports {sorted(bad)}: controllers call render modules, never the other way"

