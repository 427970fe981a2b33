"""The content security policy in every page the build writes (docs/security.md):
the ``<meta>`` is there, first in the head, with the directives docs/security.md gives, and nothing in
a page needs what it refuses (inline script, event-handler attributes, inline style)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

import builder.base
import builder.install
import builder.pages
import builder.pins
import builder.rulings
import builder.vendor

DIST = builder.base.DIST
#: Script types a browser runs as JavaScript (the policy governs these; "py" is PyScript's).
JS_TYPES = {"", "text/javascript", "module", "application/javascript"}


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    found = {p.relative_to(DIST).as_posix(): p.read_text(encoding="utf-8") for p in DIST.rglob("*.html")}
    assert {page.file for page in builder.pages.PAGES} | {builder.rulings.RULINGS_FILE} <= set(found)
    return found


class Head(HTMLParser):
    """The tags of a page in order, with their attributes, and the text of each script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[tuple[dict[str, str], str]] = []
        self._script: dict[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if tag == "script":
            self._script = attributes
            self.scripts.append((attributes, ""))

    def handle_data(self, data):
        if self._script is not None:
            attributes, text = self.scripts[-1]
            self.scripts[-1] = (attributes, text + data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None


def parse(html: str) -> Head:
    head = Head()
    head.feed(html)
    return head


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in out, f"{name} twice"
        out[name] = sources
    return out


def test_every_page_carries_the_policy_before_anything_it_governs(pages):
    for name, html in pages.items():
        tags = parse(html).tags
        metas = [a for t, a in tags if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
        assert len(metas) == 1, f"{name}: {len(metas)} policies"
        assert metas[0]["content"] == builder.pages.CSP, name
        first = next(i for i, (t, a) in enumerate(tags) if a is metas[0])
        before = [t for t, _ in tags[:first]]
        assert before == ["html", "head", "meta"], f"{name}: {before} before the policy"  # only <meta charset>


def test_the_policy_has_the_directives_the_issue_asks_for():
    policy = directives(builder.pages.CSP)
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # no inline, no eval
    assert policy["connect-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'none'"]
    assert policy["default-src"] == ["'none'"]
    for name, sources in policy.items():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:", "http:", "https:"} & set(sources), name
    # A <meta> cannot carry these; a browser ignores them there with a console warning.
    assert not {"frame-ancestors", "report-uri", "report-to", "sandbox"} & set(policy)


def test_no_page_needs_inline_script_handlers_or_inline_style(pages):
    for name, html in pages.items():
        head = parse(html)
        for attributes, text in head.scripts:
            if attributes.get("type", "").lower() in JS_TYPES:
                assert attributes.get("src", "").startswith("./") and not text.strip(), f"{name}: inline script"
        for tag, attributes in head.tags:
            handlers = [a for a in attributes if a.startswith("on")]
            assert not handlers, f"{name}: <{tag}> has {handlers}"
            assert "style" not in attributes, f"{name}: <{tag}> has a style attribute"
            assert tag != "style", f"{name}: a <style> element"
            assert not [a for a in attributes if a.startswith(("py-", "mpy-"))], f"{name}: <{tag}> has a py- attribute"


def test_the_python_guard_runs_before_pyscript_on_every_page_with_python(pages):
    for page in builder.pages.PAGES:
        sources = [a.get("src") for a, _ in parse(pages[page.file]).scripts if a.get("src")]
        assert "./guard.js" in sources, page.file
        assert sources.index("./guard.js") < sources.index("./vendor/pyscript/core.js"), page.file
        guard = next(a for a, _ in parse(pages[page.file]).scripts if a.get("src") == "./guard.js")
        assert "defer" in guard and "async" not in guard, page.file  # runs in order, before PyScript's module


def test_pyscript_is_shipped_without_its_string_evaluation(pages):
    (core,) = (DIST / "vendor" / "pyscript").glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    assert builder.vendor.PYSCRIPT_EVAL not in text
    assert text.count(builder.vendor.PYSCRIPT_NO_EVAL) == 1


def test_a_pyscript_that_changed_fails_the_build_with_what_to_check():
    original = next(Path(builder.install.npm_pack(builder.pins.read_pins().pyscript), "dist").glob("core-*.js")).read_text(encoding="utf-8")
    patched = builder.vendor.pyscript_without_eval(original)
    assert patched.count("Function(") == original.count("Function(") - 1
    with pytest.raises(builder.base.BuildError, match="content security policy"):
        builder.vendor.pyscript_without_eval(patched)


def test_pyscript_starts_pyodide_scripts_only_and_imports_none_of_the_plugins_turned_off(pages):
    # Intent: with MicroPython's type listed, PyScript imported every plugin for it (it has no config),
    # the ones pyscript.json turns off too: five chunks fetched and run before every page is ready.
    (core,) = (DIST / "vendor" / "pyscript").glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    assert builder.vendor.PYSCRIPT_TYPES not in text and text.count(builder.vendor.PYSCRIPT_PY_ONLY) == 1
    original = next(Path(builder.install.npm_pack(builder.pins.read_pins().pyscript), "dist").glob("core-*.js")).read_text(encoding="utf-8")
    with pytest.raises(builder.base.BuildError, match="script types"):
        builder.vendor.pyscript_for_python_only(builder.vendor.pyscript_for_python_only(original))
