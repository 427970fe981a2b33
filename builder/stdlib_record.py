"""Records which standard-library files the pages import, through the whole browser test suite.

``python -m builder.stdlib_record`` builds the site with Pyodide's whole standard library
(``web/stdlib-used.txt`` set aside, so nothing is left out while recording) into a folder
of its own, runs the browser tests against it with this module as a pytest plugin, and
writes the list (``web/stdlib-used.txt``), then rebuilds ``dist/``. Run it again when a
browser test on a page says a module came from the whole standard library (the list is
stale: ``tests/browser/test_start_up.py``); the build itself never runs the browser.

As a plugin (``-p builder.stdlib_record``), it gives every browser context the tests open
a function ``strikeRankStdlibRecord(path)``, which the page's ``strike_rank_stdlib.record``
calls with every standard-library file imported (from the snapshot, at start and later),
and writes what it heard to ``$STRIKE_RANK_STDLIB_RECORD``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from builder import base
from builder.base import ROOT
from builder.install import setup
from builder.site import build_site
from builder.stdlib import MODULE_NAME, USED_LIST, read_used
from tools import chromium

#: Where the recording build goes (the tests' ``dist/`` is left alone meanwhile).
RECORD_DIST = ROOT / ".vendor-cache" / "stdlib-record" / "dist"
ENV = "STRIKE_RANK_STDLIB_RECORD"
DIST_ENV = "STRIKE_RANK_STDLIB_RECORD_DIST"

HEADER = """\
# The standard-library files (paths inside Pyodide's python_stdlib.zip) our pages import in
# the browser: what the browser tests imported (docs/startup.md says which), recorded by
# `python -m builder.stdlib_record` (builder/stdlib.py packs them into the trimmed zip the pages
# load; anything else comes from the whole zip when a page imports it). Do not edit by hand.
"""

_heard: set[str] = set()


def _on_record(source, path) -> None:
    _heard.add(str(path))


def _watching(open_context):
    def opened(*args, **kwargs):
        context = open_context(*args, **kwargs)
        context.expose_binding("strikeRankStdlibRecord", _on_record)
        return context

    return opened


def pytest_configure(config) -> None:
    from playwright.sync_api import _generated

    _generated.Browser.new_context = _watching(_generated.Browser.new_context)
    _generated.BrowserType.launch_persistent_context = _watching(_generated.BrowserType.launch_persistent_context)
    if os.environ.get(DIST_ENV):
        base.DIST = Path(os.environ[DIST_ENV])  # what the browser tests serve


def _write_heard() -> None:
    out = os.environ.get(ENV)
    if out:
        Path(out).write_text("".join(f"{name}\n" for name in sorted(_heard)), encoding="utf-8")


def pytest_runtest_logfinish(nodeid, location) -> None:
    _write_heard()  # after each test: a run cut short still leaves what it heard


def pytest_unconfigure(config) -> None:
    _write_heard()


def write_list(heard: list[str], out: Path) -> None:
    """Writes the committed list: the header, then one file a line."""
    files = sorted({name for name in heard if name and name != f"{MODULE_NAME}.py"})
    out.write_text(HEADER + "".join(f"{name}\n" for name in files), encoding="utf-8")


def main(argv: list[str]) -> int:
    """Records, writes the list, rebuilds dist/. Arguments go to pytest (files to run, -k …);
    ``--write-only`` writes the list from what the last run heard (one cut short, too);
    ``--add`` first: what the run hears is added to the list as it is (a run of some of the
    suite's files, the rest recorded before)."""
    heard = RECORD_DIST.parent / "heard.txt"
    if argv == ["--write-only"]:
        write_list(heard.read_text(encoding="utf-8").split(), USED_LIST)
        return 0
    adding = argv[:1] == ["--add"]
    kept = list(read_used() or []) if adding else []
    argv = argv[1:] if adding else argv
    heard.parent.mkdir(parents=True, exist_ok=True)
    heard.unlink(missing_ok=True)
    aside = USED_LIST.with_suffix(".txt.aside")
    if USED_LIST.exists():
        USED_LIST.rename(aside)
    try:
        pins = setup(browser=True)
        build_site(pins, RECORD_DIST)
    finally:
        if aside.exists():
            aside.rename(USED_LIST)
    env = {**os.environ, ENV: str(heard), DIST_ENV: str(RECORD_DIST), "CHROMIUM_PATH": chromium.executable()}
    command = [sys.executable, "-m", "pytest", "-p", "builder.stdlib_record", "--browser", "chromium",
               "-q", "-p", "no:cacheprovider", *(argv or ["tests/browser"])]
    print("stdlib_record: running " + " ".join(command[1:]), flush=True)
    status = subprocess.run(command, cwd=ROOT, env=env).returncode
    names = heard.read_text(encoding="utf-8").split() if heard.exists() else []
    if not names:
        print("stdlib_record: nothing was recorded", file=sys.stderr)
        return 1
    write_list(kept + names, USED_LIST)
    written = read_used() or []
    if adding:
        added = sorted(set(written) - set(kept))
        print(f"stdlib_record: {len(set(names))} files heard, {len(added)} of them added to the list: "
              f"{' '.join(added) or 'none'}", flush=True)
    print(f"stdlib_record: {len(written)} files written to {USED_LIST.relative_to(ROOT)}"
          + ("" if status == 0 else f" (pytest exit status {status}: some tests failed)"), flush=True)
    shutil.rmtree(RECORD_DIST, ignore_errors=True)
    build_site(pins)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
