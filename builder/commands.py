"""The commands of ``build.py``: build, serve, test, bench."""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile

from builder.base import DIST, ROOT, BuildError, say
from builder.install import setup
from builder.pages import PAGES
from builder.site import build_site
from measure import bench
from tools import chromium, netns
from tools.serve import make_server, precompressed_size, site_size


def cmd_build(args: argparse.Namespace) -> int:
    """Sets up, builds dist/ and says how big it is."""
    pins = setup(browser=False)
    build_site(pins)
    count, size = site_size(DIST)
    packed = precompressed_size(DIST)
    say(f"dist/ built: {count} files, {size / 1e6:.2f} MB (and their precompressed copies: "
        f"{packed['br'] / 1e6:.2f} MB brotli, {packed['gzip'] / 1e6:.2f} MB gzip)")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Builds, then serves dist/ until Ctrl+C."""
    cmd_build(args)
    server = make_server(DIST, args.port, args.host)
    print(f"Strike Rank is served at http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
    return 0


#: The whole suite in two runs side by side. The CPython tests (unit, property) need no dist/:
#: they start as soon as the set-up is done and run beside the build. The browser tests, with
#: the build's own tests, follow the build in three workers: a page start waits on the network,
#: the service worker and the disk about half its time, so three keep two cores busy. Each
#: worker takes its share of the tests in order and, once done, takes over the end of another's
#: (worksteal): the run ends with the last tests, not with one worker's whole module.
CPYTHON_TESTS = ["tests", "--ignore=tests/browser", "--ignore=tests/build"]
#: A test whose page's renderer crashed ("Target crashed", "Page crashed": Chromium's renderer
#: process died under it) runs again, twice at most, and the report names each rerun (-rR). Any
#: other failure fails as it is. Seen about once a run under this load, and once six times in one
#: run, three tests twice in a row (never on a quiet machine, nor when run alone). To look into a
#: crash, STRIKE_RANK_CHROMIUM_LOGS=<folder> has every Chromium write its log there (tools/chromium.py).
RERUN_A_CRASHED_RENDERER = ["--reruns", "2", *(arg for words in chromium.RENDERER_CRASHED for arg in ("--only-rerun", words)),
                            "-rR"]
#: Each run's report lists its slowest browser tests: where the suite's minutes go, for the next cut.
SLOWEST = ["--durations", "25"]
BROWSER_TESTS = ["tests/browser", "tests/build", "--browser", "chromium", "-n", "3", "--dist", "worksteal",
                 *RERUN_A_CRASHED_RENDERER, *SLOWEST]
#: The CPython half's niceness. The browser half is what the suite waits for (about ten minutes
#: against the CPython half's two); beside it, the CPython half takes only the processor time the
#: build and the browsers leave, and still ends first.
CPYTHON_NICENESS = 10


def lower_priority() -> None:
    """Run in the CPython half's process before pytest starts (POSIX): a lower priority."""
    os.nice(CPYTHON_NICENESS)


def in_namespace(command: list[str]) -> list[str]:
    """The browser tests' command, run in a network namespace of their own (``tools/netns.py``)
    when this run can make one: the live table's tests need it, the others run the same in it.
    When it cannot (not root), the command as it is, and the live table's tests fail saying so."""
    reason = netns.unavailable()
    if reason:
        say(f"the browser tests run in this machine's own network ({reason}): {netns.NEEDS}")
        return command
    return netns.wrap(command)


def cmd_test(args: argparse.Namespace) -> int:
    """Builds, then runs pytest with the arguments given; with none, the whole suite in two
    runs side by side (the CPython half's report follows the other's)."""
    pins = setup(browser=True)
    env = {**os.environ, "CHROMIUM_PATH": chromium.executable()}
    pytest = [sys.executable, "-m", "pytest"]
    if args.pytest_args:
        build_site(pins)
        command = [*pytest, "--browser", "chromium", *args.pytest_args]
        say("running " + " ".join(command[1:]))
        return subprocess.run(in_namespace(command), cwd=ROOT, env=env).returncode
    with tempfile.TemporaryFile("w+", encoding="utf-8") as report:
        say("running " + " ".join([*pytest[1:], *CPYTHON_TESTS]) + " beside the build (its report follows the browser tests')")
        cpython = subprocess.Popen([*pytest, *CPYTHON_TESTS], cwd=ROOT, env=env, stdout=report, stderr=subprocess.STDOUT,
                                   text=True, preexec_fn=lower_priority if hasattr(os, "nice") else None)
        try:
            build_site(pins)
            say("running " + " ".join([*pytest[1:], *BROWSER_TESTS]))
            browser = subprocess.run(in_namespace([*pytest, *BROWSER_TESTS]), cwd=ROOT, env=env).returncode
            cpython.wait()
        finally:
            if cpython.poll() is None:
                cpython.terminate()
                cpython.wait()
        say("the CPython tests' report:")
        report.seek(0)
        sys.stdout.write(report.read())
    for name, code in (("browser and build", browser), ("CPython", cpython.returncode)):
        say(f"{name} tests: {'passed' if code == 0 else f'failed (pytest exit status {code})'}")
    return browser or cpython.returncode


def cmd_bench(args: argparse.Namespace) -> int:
    """Builds, then prints the start-up benchmark (``--phone``: as a phone on 4G would see it)."""
    pins = setup(browser=True)
    build_site(pins)
    if args.live:
        reason = netns.unavailable()
        if reason:
            raise BuildError(f"--live: {netns.NEEDS} ({reason})")
        command = [sys.executable, "-m", "measure.livebench", str(DIST), "--rounds", str(args.rounds), *(["--json"] if args.json else [])]
        env = {**os.environ, "CHROMIUM_PATH": chromium.executable()}
        return subprocess.run(netns.wrap(command), cwd=ROOT, env=env).returncode
    versions = {"pyscript": pins.pyscript.version, "pyodide": pins.pyodide.version}
    encodings = () if args.encodings == "none" else tuple(args.encodings.split(","))
    pages = [page.file for page in PAGES]
    if args.pages:
        wanted = args.pages.split(",")
        unknown = sorted(set(wanted) - set(pages))
        if unknown:
            raise BuildError(f"--pages: no page {', '.join(unknown)} (the pages: {', '.join(pages)})")
        pages = [page for page in pages if page in wanted]
    if args.phone:
        return bench.main_phone(DIST, pages, versions, as_json=args.json, warm_loads=args.warm,
                                cold_loads=args.cold, encodings=encodings)
    return bench.main(DIST, pages, versions, as_json=args.json, warm_loads=args.warm,
                      cold_loads=args.cold, encodings=encodings)


#: Each command's function, by its name on the command line (none: build).
COMMANDS = {None: cmd_build, "build": cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench}
