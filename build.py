#!/usr/bin/env python3
"""Strike Rank's build: set-up, vendoring, tables, the static site, serve, test, bench.

Standard library only. Usage (each does its own set-up on a fresh machine):

    python3 build.py            build the site into dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python3 build.py test       build, then run every test (extra arguments go to pytest)
    python3 build.py bench      build, then print the start-up benchmark table (--json; --phone:
                                as a phone on 4G would see it)

Set-up, when missing or out of date: a virtual environment in .venv/ with the
project and its test extras (pyproject.toml), the vendored browser stack in
.vendor-cache/ (npm tarballs and PyPI wheels, checked against the sha256 pins in
pyproject.toml), and for test/bench Debian's Chromium and zbar-tools (the QR decoder the
tests read codes with). The script then re-runs
itself inside .venv, where msgspec and the engine can be imported.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import hashlib
import io
import json
import os
import re
import shutil
import string
import struct
import subprocess
import sys
import tarfile
import tomllib
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".vendor-cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
TABLES = ROOT / "tables"
VENV_PYTHON = VENV / "bin" / "python"
DEFAULT_CHROMIUM = "/usr/lib/chromium/chromium"

#: Pyodide's core files: the only ones of its npm package the page needs.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: A fixed timestamp for every file in our wheel, so the same sources give the same bytes.
WHEEL_DATE = (2026, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build step that cannot go on; the message says what to fix."""


def say(message: str) -> None:
    """Progress goes to stderr, so `bench --json` and the like keep stdout for their output."""
    print(f"build: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- pins


@dataclass(frozen=True)
class NpmPin:
    npm: str
    version: str
    sha256: str


@dataclass(frozen=True)
class WheelPin:
    name: str
    version: str
    sha256: str


@dataclass(frozen=True)
class BuildToolPin:
    """A CPython wheel the build itself uses (never shipped), with the sha256 of each wheel
    file it may be fetched as (one per platform the build runs on)."""

    name: str
    version: str
    sha256: dict[str, str]


@dataclass(frozen=True)
class Pins:
    """Every version the build uses, read from pyproject.toml (the one place they live)."""

    pyscript: NpmPin
    pyodide: NpmPin
    platform: str
    python: str
    wasm_wheels: tuple[WheelPin, ...]
    engine_version: str
    jsqr: NpmPin
    """The QR code reader the start page's scanner loads where the browser has no BarcodeDetector."""
    axe_core: NpmPin
    """The accessibility checker the browser tests run (not shipped)."""
    pure_wheels: tuple[WheelPin, ...] = ()
    """Pure-Python wheels the page installs only on demand (segno, for QR codes)."""
    brotli: BuildToolPin | None = None
    """The brotli compressor the build writes the site's ``.br`` files with (``precompress``)."""


def read_pins(pyproject: Path = ROOT / "pyproject.toml") -> Pins:
    """Reads the pins; the wasm wheels take their versions from [project].dependencies."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    vendor = data["tool"]["strike-rank"]["vendor"]
    exact = {}
    for requirement in data["project"]["dependencies"]:
        m = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*==\s*([^\s;]+)\s*", requirement)
        if m:
            exact[m.group(1).lower()] = m.group(2)
    def pinned(group: str) -> tuple[WheelPin, ...]:
        wheels = []
        for name, sha in vendor.get(group, {}).items():
            if name not in exact:
                raise BuildError(f"pyproject.toml: {group} {name!r} needs an exact pin (name==version) in [project].dependencies")
            wheels.append(WheelPin(name, exact[name], sha))
        return tuple(wheels)

    init = (ROOT / "pyengine" / "__init__.py").read_text(encoding="utf-8")
    version = re.search(r'^__version__ = "([^"]+)"', init, re.M)
    if not version:
        raise BuildError("pyengine/__init__.py: no __version__ line")
    return Pins(
        pyscript=NpmPin(**vendor["pyscript"]),
        pyodide=NpmPin(**vendor["pyodide"]),
        platform=vendor["pyodide-platform"],
        python=vendor["pyodide-python"],
        wasm_wheels=pinned("wasm-wheels"),
        pure_wheels=pinned("pure-wheels"),
        engine_version=version.group(1),
        jsqr=NpmPin(**vendor["jsqr"]),
        axe_core=NpmPin(**data["tool"]["strike-rank"]["test-vendor"]["axe-core"]),
        brotli=BuildToolPin("brotli", **data["tool"]["strike-rank"]["build-tools"]["brotli"]),
    )


# --------------------------------------------------------------------------- set-up


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure_venv() -> None:
    """Creates .venv and installs the project with its test extras, unless already current."""
    stamp_file = VENV / ".strike-rank-setup"
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + sys.version.encode()).hexdigest()
    if VENV_PYTHON.exists() and stamp_file.exists() and stamp_file.read_text() == stamp:
        return
    say("setting up .venv (the engine, msgspec, pytest, hypothesis, playwright)")
    if not VENV_PYTHON.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run(
        [str(VENV_PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", f"{ROOT}[test]"],
        check=True,
    )
    stamp_file.write_text(stamp)


def checked(path: Path, sha256: str) -> Path:
    actual = sha256_file(path)
    if actual != sha256:
        path.unlink()
        raise BuildError(
            f"{path.name}: sha256 {actual} does not match the pin {sha256} in pyproject.toml; "
            "the download was removed, run again (or update the pin if the version changed on purpose)"
        )
    return path


def npm_pack(pin: NpmPin) -> Path:
    """Fetches an npm tarball into .vendor-cache/ once, checks it, unpacks it; returns its package/ folder."""
    slug = pin.npm.lstrip("@").replace("/", "-")
    tgz = CACHE / f"{slug}-{pin.version}.tgz"
    if not tgz.exists():
        say(f"fetching {pin.npm}@{pin.version} from npm")
        CACHE.mkdir(exist_ok=True)
        try:
            subprocess.run(
                ["npm", "pack", f"{pin.npm}@{pin.version}", "--pack-destination", str(CACHE), "--silent"],
                check=True, stdout=subprocess.DEVNULL,
            )
        except FileNotFoundError:
            raise BuildError("npm is not installed: install Node.js with npm (Debian: apt-get install npm)") from None
    checked(tgz, pin.sha256)
    unpacked = CACHE / f"{slug}-{pin.version}"
    if not (unpacked / "package").is_dir():
        tmp = unpacked.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:  # pragma: no cover - Python without extraction filters
                tar.extractall(tmp)
        shutil.rmtree(unpacked, ignore_errors=True)
        tmp.rename(unpacked)
    return unpacked / "package"


def pip_download_wasm(pin: WheelPin, pins: Pins) -> Path:
    """Fetches the wasm wheel for Pyodide from PyPI once and checks it."""
    return pip_download(pin, pins, f"{pin.name}-{pin.version}-*{pins.platform}.whl",
                        ["--platform", pins.platform, "--implementation", "cp"])


def pip_download_pure(pin: WheelPin, pins: Pins) -> Path:
    """Fetches a pure-Python wheel (``py3-none-any``) from PyPI once and checks it."""
    return pip_download(pin, pins, f"{pin.name}-{pin.version}-py3-none-any.whl", [])


def pip_download(pin: WheelPin, pins: Pins, pattern: str, platform: list[str]) -> Path:
    folder = CACHE / "wheels"
    found = sorted(folder.glob(pattern))
    if not found:
        say(f"fetching {pin.name}=={pin.version} ({' '.join(platform[1:2]) or 'pure Python'}) from PyPI")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"{pin.name}=={pin.version}", "--no-deps",
             "--only-binary=:all:", *platform, "--python-version", pins.python,
             "-d", str(folder), "-q", "--disable-pip-version-check"],
            check=True,
        )
        found = sorted(folder.glob(pattern))
        if not found:
            raise BuildError(f"PyPI gave no wheel matching {pattern}")
    return checked(found[0], pin.sha256)


def ensure_build_tool(pin: BuildToolPin):
    """Imports a build tool's module, first fetching its pinned CPython wheel from PyPI into
    .vendor-cache/wheels (checked against the pin) and installing it into .venv if missing or
    of another version."""
    import importlib
    import importlib.metadata

    try:
        if importlib.metadata.version(pin.name) == pin.version:
            return importlib.import_module(pin.name)
    except importlib.metadata.PackageNotFoundError:
        pass
    folder = CACHE / "wheels"
    pattern = f"{pin.name}-{pin.version}-*.whl"
    found = [w for w in sorted(folder.glob(pattern)) if w.name in pin.sha256]
    if not found:
        say(f"fetching {pin.name}=={pin.version} (build tool, CPython) from PyPI")
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", f"{pin.name}=={pin.version}", "--no-deps",
             "--only-binary=:all:", "-d", str(folder), "-q", "--disable-pip-version-check"],
            check=True,
        )
        found = [w for w in sorted(folder.glob(pattern)) if w.name in pin.sha256]
        if not found:
            got = ", ".join(w.name for w in folder.glob(pattern)) or "nothing"
            raise BuildError(f"PyPI gave {got} for {pin.name}=={pin.version}, and pyproject.toml "
                             f"[tool.strike-rank.build-tools] pins no sha256 for it: add this platform's wheel")
    wheel = checked(found[0], pin.sha256[found[0].name])
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                    "--disable-pip-version-check", str(wheel)], check=True)
    importlib.invalidate_caches()
    return importlib.import_module(pin.name)


def chromium_path() -> str:
    return os.environ.get("CHROMIUM_PATH", DEFAULT_CHROMIUM)


def ensure_chromium() -> str:
    """Makes sure Debian's Chromium is there (installs it as root); never downloads a browser."""
    path = chromium_path()
    if Path(path).exists():
        return path
    if "CHROMIUM_PATH" in os.environ:
        raise BuildError(f"CHROMIUM_PATH={path!r} does not exist")
    command = "apt-get update && apt-get install -y chromium"
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing Debian's chromium (apt-get)")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env, stdout=subprocess.DEVNULL)
        if Path(path).exists():
            return path
    raise BuildError(f"Chromium is missing at {path}. Install it with: sudo sh -c '{command}' (or set CHROMIUM_PATH)")


def ensure_zbarimg() -> str:
    """Makes sure Debian's ``zbarimg`` is there (installs ``zbar-tools`` as root): the tests
    read our QR codes with a real decoder, not our own encoder."""
    found = shutil.which("zbarimg")
    if found:
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing Debian's zbar-tools (apt-get), the QR decoder the tests read codes with")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "zbar-tools"], check=True, env=env, stdout=subprocess.DEVNULL)
        found = shutil.which("zbarimg")
        if found:
            return found
    raise BuildError("zbarimg is missing. Install it with: sudo sh -c 'apt-get update && apt-get install -y zbar-tools'")


# --------------------------------------------------------------------------- vendoring


def vendor_pyscript(pins: Pins, out: Path) -> None:
    """Copies PyScript's whole dist/ (chunk names carry hashes; pitfall 11) without source maps,
    patched (:func:`pyscript_without_eval`) so that it starts under the pages' :data:`CSP`."""
    src = npm_pack(pins.pyscript) / "dist"
    shutil.copytree(src, out, ignore=shutil.ignore_patterns("*.map"))
    for chunk in out.glob("core-*.js"):
        chunk.write_text(pyscript_without_eval(chunk.read_text(encoding="utf-8")), encoding="utf-8")


#: PyScript's one string evaluated as JavaScript on the main thread (docs/security.md): its
#: core builds each worker hook (``hooks.worker.onBeforeRunAsync`` …, one of them always set by
#: PyScript itself) with ``Function(source)()``, and a page reads those hooks as it starts Python,
#: worker or not. Without ``'unsafe-eval'`` in the policy that throws and the page never starts.
PYSCRIPT_EVAL = "return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()"
#: The same hook made without evaluating a string: a function that calls each hook in turn (what the
#: evaluated source did), whose text (what PyScript sends to a worker) is the source it evaluated.
PYSCRIPT_NO_EVAL = (
    "{const c=e[`_${t}`]||(t.endsWith(\"Async\")?async(e,t,...n)=>{for(const r of n)await r(e,t)}"
    ":(e,t,...n)=>{for(const r of n)r(e,t)}),f=(w,x)=>c(w,x,...n);"
    "f.toString=()=>`(w,x)=>(${r})(w,x,...[${s}])`;return f}"
)


def pyscript_without_eval(core: str) -> str:
    """PyScript's core chunk with :data:`PYSCRIPT_EVAL` replaced by :data:`PYSCRIPT_NO_EVAL`.

    :raises BuildError: the chunk does not hold that code exactly once (a PyScript upgrade: look
        again whether it still evaluates strings, docs/security.md).
    """
    if core.count(PYSCRIPT_EVAL) != 1:
        raise BuildError(
            "PyScript's core no longer builds its worker hooks with Function(...) as the pinned one did: "
            "check whether it starts under the pages' content security policy (docs/security.md) "
            "and update build.pyscript_without_eval"
        )
    return core.replace(PYSCRIPT_EVAL, PYSCRIPT_NO_EVAL)


def vendor_jsqr(pins: Pins, out: Path) -> None:
    """Copies jsQR's one browser script and its licence (loaded only when the scanner opens)."""
    src = npm_pack(pins.jsqr)
    out.mkdir(parents=True)
    for name in ("dist/jsQR.js", "LICENSE"):
        shutil.copy2(src / name, out / Path(name).name)


def patch_lock(lock: dict, wheels: dict[str, tuple[str, Path]], pure: dict[str, tuple[str, Path]] | None = None) -> dict:
    """Cuts Pyodide's lock file down to the wheels we vendor and points each entry at our file.

    ``wheels`` maps a package name to (version, wheel path); ``pure`` the same for
    pure-Python wheels, which get an entry of their own when Pyodide's lock has none.
    Anything else is dropped, so the page can never ask for a package we did not ship.
    """
    packages = {}
    for name, (version, wheel) in (pure or {}).items():
        packages[name] = {"name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
                          "sha256": sha256_file(wheel), "package_type": "package", "imports": [name],
                          "depends": [], "unvendored_tests": False}
    for name, (version, wheel) in wheels.items():
        if name not in lock["packages"]:
            raise BuildError(f"pyodide-lock.json has no package {name!r} to patch")
        entry = dict(lock["packages"][name])
        entry.update(file_name=wheel.name, sha256=sha256_file(wheel), version=version)
        if entry.get("depends"):
            raise BuildError(f"{name} depends on {entry['depends']}, which are not vendored")
        packages[name] = entry
    return {"info": lock["info"], "packages": packages}


def vendor_pyodide(pins: Pins, out: Path) -> None:
    src = npm_pack(pins.pyodide)
    out.mkdir(parents=True)
    for name in PYODIDE_CORE[:-1]:
        shutil.copy2(src / name, out / name)
    wheels = {}
    for pin in pins.wasm_wheels:
        wheel = pip_download_wasm(pin, pins)
        shutil.copy2(wheel, out / wheel.name)
        wheels[pin.name] = (pin.version, wheel)
    pure = {}
    for pin in pins.pure_wheels:  # installed by the page only when needed (loadPackage)
        wheel = pip_download_pure(pin, pins)
        shutil.copy2(wheel, out / wheel.name)
        pure[pin.name] = (pin.version, wheel)
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (out / "pyodide-lock.json").write_text(json.dumps(patch_lock(lock, wheels, pure), indent=1), encoding="utf-8")
    write_stdlib(out)


def write_stdlib(out: Path) -> dict[str, int]:
    """The trimmed standard library beside Pyodide's whole one (tools/stdlib.py), which stays
    for the imports the trimmed one leaves out; the pages load the trimmed one."""
    sys.path.insert(0, str(ROOT))
    from tools import stdlib

    try:
        return stdlib.write_trimmed(out / "python_stdlib.zip", out / stdlib.TRIMMED_NAME, stdlib.read_used())
    except stdlib.StdlibError as exc:
        raise BuildError(str(exc)) from None


# --------------------------------------------------------------------------- our wheel


def command_line_only(path: Path) -> bool:
    """``python -m pyengine`` and its commands (``pyengine/cli/``): CPython only, never imported by a page."""
    rel = path.relative_to(ROOT / "pyengine").parts
    return rel[0] in ("__main__.py", "cli")


def shipped_source(text: str) -> str:
    """The source as the browser gets it: docstrings and comments blanked, every line where it was.

    The page needs the code, not our notes on the rules: blanking them takes a quarter off
    the wheel. Lines stay where they were, so a traceback's line numbers still match the
    repository's source.
    """
    import ast
    import tokenize

    lines = text.splitlines(keepends=True)
    spans = []
    for node in ast.walk(ast.parse(text)):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                    spans.append((stmt.lineno, stmt.end_lineno or stmt.lineno, stmt.col_offset, len(body) == 1))
    for start, end, col, alone in sorted(spans, reverse=True):
        prefix = lines[start - 1][:col]
        if prefix.strip():  # on a line with code (``class X: "doc"``): left as it is
            continue
        lines[start - 1 : end] = [prefix + "pass\n" if alone else "\n"] + ["\n"] * (end - start)
    out = "".join(lines)
    comments: dict[int, int] = {}
    for tok in tokenize.generate_tokens(io.StringIO(out).readline):
        if tok.type == tokenize.COMMENT:
            comments.setdefault(tok.start[0], tok.start[1])
    kept = out.splitlines(keepends=True)
    for row, col in comments.items():
        kept[row - 1] = kept[row - 1][:col].rstrip() + "\n"
    return "".join(kept)


def build_wheel(out_dir: Path, version: str) -> Path:
    """Packs pyengine/ (the rules) and web/app/ (the page glue, as package ``app``) into one wheel.

    Reproducible: sorted entries, fixed timestamps. The page unpacks it with PyScript's
    ``files`` into its working directory, one request for all our Python. Stored, not
    deflated (issue 19): the host's brotli then compresses the wheel as one text, 205 KB on the
    wire against 339 KB deflated file by file (docs/startup.md, "What the wheel ships").
    """
    name = "strike_rank"
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for package, source in (("pyengine", ROOT / "pyengine"), ("app", WEB / "app")):
        for path in sorted(source.rglob("*.py")):
            if "__pycache__" in path.parts or (package == "pyengine" and command_line_only(path)):
                continue
            text = path.read_text(encoding="utf-8")
            entries.append((f"{package}/{path.relative_to(source).as_posix()}", shipped_source(text).encode("utf-8")))
    entries.append((f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: strike-rank\nVersion: {version}\n".encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: strike-rank build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    entries.append((f"{dist_info}/top_level.txt", b"app\npyengine\n"))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arcname, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, WHEEL_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel


# --------------------------------------------------------------------------- tables


def compile_tables(src: Path, out: Path) -> list[str]:
    """Decodes every ``src/**/*.toml`` into its schema and writes ``out/<id>.msgpack``.

    :raises BuildError: a file has no schema or does not fit it; the message names
        the file and msgspec's path to the row and field.
    """
    from pyengine.errors import TableDataError
    from pyengine.tables import decode_toml, encode_table, schema_for

    ids = []
    for path in sorted(src.rglob("*.toml")):
        table_id = path.relative_to(src).with_suffix("").as_posix()
        shown = path.relative_to(src.parent).as_posix() if src.parent in path.parents else str(path)
        try:
            table = decode_toml(schema_for(table_id), path.read_bytes(), shown)
        except TableDataError as exc:
            raise BuildError(str(exc)) from None
        target = out / f"{table_id}.msgpack"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(encode_table(table))
        ids.append(table_id)
    return ids


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class Page:
    """One page of the site: its file, title, glue module and start-page entry."""

    file: str
    title: str
    glue: str
    blurb: str = ""
    """What the start page says about this tool; empty for the start page itself."""
    tables: tuple[str, ...] = ()
    """The tables (ids under ``tables/``; ``"runequest"`` for the RuneQuest bundle) its glue
    fetches as it starts: the boot module fetches them while Pyodide starts (a browser test
    checks the list against the page)."""

    tables_when: str = ""
    """A storage key prefix: the page starts with :attr:`tables` only when the device holds a
    key under it (the start page decodes them only to show a party), and the boot module
    fetches them early only then."""
    slots: str = ""
    """The module whose ``prerender(source)`` fills the page's ``$slots`` (its controller's)."""
    nav: str = ""
    """Its name in the navigation bar every page carries (:func:`nav_bar`)."""
    modes: tuple[tuple[str, str, str], ...] = ()
    """Its other modes the start page lists after it, each ``(address, title, blurb)``
    (fight mode is ``combat.html#fight``)."""

    def table_ids(self) -> list[str]:
        """:attr:`tables` with the RuneQuest bundle spelled out."""
        from pyengine.runequest.tables.catalogue import TABLE_IDS

        return [t for name in self.tables for t in (TABLE_IDS if name == "runequest" else (name,))]


#: Page.tables: the RuneQuest tables the sheet decodes as one bundle (their ids are
#: ``pyengine.runequest.tables.catalogue.TABLE_IDS``, read when a page is rendered).
RUNEQUEST_TABLES = ("runequest",)
#: and the hit-location table besides, for the combat page.
COMBAT_TABLES = ("runequest", "runequest/hit_locations")
#: Page.tables_when of the start page: a party saved (pyengine.storage.keys.PARTY_PREFIX; a unit
#: test holds the two together).
PARTY_PREFIX = "strike-rank/party/"


#: The pages that exist. The start page links every one that has a blurb, and only those.
PAGES: tuple[Page, ...] = (
    Page("index.html", "Strike Rank", "app.index", tables=COMBAT_TABLES, tables_when=PARTY_PREFIX,
         slots="pyengine.pages.index", nav="Start"),
    Page(
        "shrapnel.html", "Ballistic Shrapnel critical", "app.shrapnel",
        "Grenades, shotgun spreads, automatic fire: d100 and severity read against the target's armour, area by area.",
        tables=("shrapnel/ballistic",), slots="pyengine.pages.shrapnel", nav="Shrapnel",
    ),
    Page(
        "sheet.html", "Adventurer sheet", "app.sheet",
        "RuneQuest characters: roll or type them, every derived number with its working; saved, printed, shared.",
        tables=RUNEQUEST_TABLES, slots="pyengine.pages.sheet", nav="Sheet",
    ),
    Page(
        "gear.html", "Equipment and armour", "app.gear",
        "What goes on your sheet for each weapon, and what your layered armour actually stops, step by step.",
        slots="pyengine.pages.gear", nav="Gear",
    ),
    Page(
        "combat.html", "Combat exchange", "app.combat",
        "RuneQuest: one attack against one defender, from Defense and the d100 to the wound, with exact odds and every step explained.",
        tables=COMBAT_TABLES, slots="pyengine.pages.combat", nav="Combat",
        modes=((
            "combat.html#fight", "Fight mode",
            "RuneQuest melee rounds for a whole fight: add the combatants (saved adventurers or quick stat "
            "blocks), state what each does, and every round is resolved in strike-rank order with its rolls and "
            "working; undo a round, the fight kept on this device as you go, the whole fight as one link.",
        ),),
    ),
)
#: The navigation bar's order: the start page, then the pages of an evening in the order they are used.
NAV_ORDER = ("index.html", "sheet.html", "combat.html", "shrapnel.html", "gear.html")


def tools_list() -> str:
    from xml.etree import ElementTree as ET

    tools = [p for p in PAGES if p.blurb]
    if not tools:
        return ""
    ul = ET.Element("ul", {"class": "tools"})
    for address, title, blurb in [entry for page in tools for entry in ((page.file, page.title, page.blurb), *page.modes)]:
        li = ET.SubElement(ul, "li")
        a = ET.SubElement(li, "a", {"href": f"./{address}"})
        a.text = title
        p = ET.SubElement(li, "p")
        p.text = blurb
    return ET.tostring(ul, encoding="unicode", method="html")


def nav_bar(current: Page) -> str:
    """The navigation bar every page carries (web/shell.html's ``$nav``): plain links to every
    page in :data:`NAV_ORDER`, the page ``current`` marked ``aria-current="page"``. Built here,
    not by Python in the page, so it works before Python is up (and with Python failing)."""
    from xml.etree import ElementTree as ET

    by_file = {page.file: page for page in PAGES}
    nav = ET.Element("nav", {"class": "pages", "aria-label": "Pages"})
    ul = ET.SubElement(nav, "ul")
    for file in NAV_ORDER:
        page = by_file[file]
        attrs = {"href": f"./{page.file}"}
        if page.file == current.file:
            attrs["aria-current"] = "page"
        a = ET.SubElement(ET.SubElement(ul, "li"), "a", attrs)
        a.text = page.nav
    return ET.tostring(nav, encoding="unicode", method="html")


def prerendered(page: Page) -> dict[str, str]:
    """The static content a page shows before Python is up, made by the engine's renderers:
    its controller's ``prerender`` (``pyengine.pages.<page>``), reading the table files."""
    import importlib

    from pyengine.cli import tables as source

    slots = {"tools": tools_list()}
    if page.slots:
        slots.update(importlib.import_module(page.slots).prerender(source))
    return slots


#: The content security policy every page carries (issue 20), as a ``<meta http-equiv>`` so
#: it holds on any static host, headers or not; docs/security.md says why each directive is as
#: it is and what was measured. Scripts come only from the site (no inline script, no eval: Pyodide
#: needs only ``'wasm-unsafe-eval'``); requests only to it; no plugins, no ``<base>``, no form
#: submissions, no frames. Directives a ``<meta>`` cannot carry (``frame-ancestors``,
#: ``report-uri``, ``sandbox``) are left out: browsers ignore them there.
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'none'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("connect-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self'"),
    ("manifest-src", "'self'"),
    ("worker-src", "'self'"),
    ("media-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
#: The policy as the ``content`` of the pages' ``<meta http-equiv="Content-Security-Policy">``.
CSP = "; ".join(f"{name} {sources}" for name, sources in CSP_DIRECTIVES)


def csp_meta() -> str:
    """The ``<meta>`` carrying :data:`CSP`; it comes right after ``<meta charset>``, before any
    script or stylesheet, because a policy in a ``<meta>`` governs only what follows it."""
    return f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'


def render_page(page: Page, pins: Pins) -> str:
    shell = string.Template((WEB / "shell.html").read_text(encoding="utf-8"))
    body = string.Template((WEB / "pages" / page.file).read_text(encoding="utf-8"))
    content = body.substitute(prerendered(page))
    return shell.substitute(
        csp=csp_meta(),
        title=page.title,
        nav=nav_bar(page),
        content=content,
        glue=page.glue,
        engine_version=pins.engine_version,
        tables=" ".join(f"./tables/{table}.msgpack" for table in page.table_ids()),
        tables_when=page.tables_when,
    )


#: docs/rulings.md, shipped as a page of its own so a ruling id on a sheet links to its entry,
#: offline too (the service worker caches every file of the site). Not a tool: no nav entry.
RULINGS_FILE = "rulings.html"


def _inline_md(text: str) -> str:
    """One line of Markdown's inline marks as HTML, every character escaped first."""
    import html

    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"\1", out)
    return out


def rulings_html(markdown: str) -> str:
    """docs/rulings.md as HTML: headings (each ``### <ID> — …`` anchored at ``#<ID>``), quotes,
    lists, fenced code and paragraphs; the subset that file uses."""
    import html

    blocks: list[str] = []
    para: list[str] = []
    kind = ""

    def flush() -> None:
        nonlocal kind
        if para:
            inner = " ".join(_inline_md(line) for line in para)
            blocks.append({"p": f"<p>{inner}</p>", "quote": f"<blockquote><p>{inner}</p></blockquote>",
                           "ul": "<ul>" + "".join(f"<li>{_inline_md(x)}</li>" for x in para) + "</ul>",
                           "ol": "<ol>" + "".join(f"<li>{_inline_md(x)}</li>" for x in para) + "</ol>"}[kind])
        para.clear()
        kind = ""

    lines = iter(markdown.splitlines())
    for line in lines:
        if line.startswith("```"):
            flush()
            code = []
            for inner in lines:
                if inner.startswith("```"):
                    break
                code.append(inner)
            blocks.append(f"<pre><code>{html.escape(chr(10).join(code))}</code></pre>")
            continue
        if m := re.match(r"(#{1,4}) (.*)", line):
            flush()
            level = len(m.group(1))
            ident = re.match(r"([A-Z]+-\d+) — ", m.group(2))
            attrs = f' id="{ident.group(1)}"' if ident else ""
            blocks.append(f"<h{level}{attrs}>{_inline_md(m.group(2))}</h{level}>")
            continue
        if not line.strip():
            flush()
            continue
        for mark, pattern in (("quote", r"> ?(.*)"), ("ul", r"[-*] (.*)"), ("ol", r"\d+\. (.*)")):
            m = re.match(pattern, line)
            if m and (kind in ("", mark) or mark != "quote"):
                if kind != mark:
                    flush()
                kind = mark
                para.append(m.group(1))
                break
        else:
            if kind in ("ul", "ol") and para and line.startswith("  "):
                para[-1] += " " + line.strip()
            else:
                if kind not in ("", "p", "quote"):
                    flush()
                kind = kind or "p"
                para.append(line.strip())
    flush()
    return "\n".join(blocks)


def render_rulings(pins: Pins) -> str:
    """The rulings page: docs/rulings.md in the site's look, with the navigation bar; no Python."""
    body = rulings_html((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    page = Page(RULINGS_FILE, "Rulings", "")
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{csp_meta()}\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Rulings: where the rules are silent</title>\n"
        '<link rel="icon" type="image/png" href="./icons/icon-192.png">\n'
        '<link rel="stylesheet" href="./style.css">\n</head>\n'
        '<body data-ready="1">\n<a class="skip" href="#main">Skip to content</a>\n'
        '<header class="bar">\n<a class="brand" href="./index.html"><span class="brand-mark" aria-hidden="true">'
        "&#9670;</span> Strike Rank</a>\n</header>\n"
        f"{nav_bar(page)}\n"
        f'<main id="main" class="rulings">\n{body}\n</main>\n'
        f'<footer class="foot"><p>Strike Rank &middot; rules engine {pins.engine_version}</p></footer>\n'
        "</body>\n</html>\n"
    )


#: PyScript's optional plugins the pages do without (each is a module it would otherwise
#: import before starting Python); "error" stays, it shows a Python error on the page.
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


#: The packages PyScript has Pyodide load once Python is up (``pyscript_config``), which the
#: boot module fetches while Pyodide starts instead (issue 19: a round trip and 141 KB off a
#: phone's first visit).
PREFETCHED_PACKAGES = ("msgspec",)


def pyscript_config(wheel: Path) -> dict:
    return {
        "interpreter": "./pyodide-boot.mjs",
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
        "packages": list(PREFETCHED_PACKAGES),
        "packages_cache": "passthrough",
        "files": {f"./pkg/{wheel.name}": "./*"},
    }


def manifest() -> dict:
    return {
        "name": "Strike Rank",
        "short_name": "Strike Rank",
        "description": "Offline table companion for RuneQuest-style games.",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f7f3ea",
        "theme_color": "#7a1f16",
        "icons": [
            {"src": "./icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "./icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
        ],
    }


def icon_png(size: int) -> bytes:
    """Draws the app icon (a light diamond, a die's face, on deep red) as a PNG, with zlib only."""
    bg, fg = (0x7A, 0x1F, 0x16), (0xF7, 0xF3, 0xEA)
    c = (size - 1) / 2
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            inside = abs(x - c) + abs(y - c) <= size * 0.34
            row += bytes(fg if inside else bg)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def precompressed_copy(path: Path) -> bool:
    """``x.br`` / ``x.gz`` beside ``x`` (``precompress``; ``tools.serve.is_precompressed_sibling``)."""
    return path.suffix in (".br", ".gz") and path.with_suffix("").is_file()


#: What the service worker does not pre-cache, by the start of the file's path in the site (issue
#: 19: 2.9 MB of every first visit). Pyodide's whole standard library: a page fetches it only
#: for a module the trimmed zip leaves out (docs/startup.md, "Trimmed standard library").
#: PyScript's chunks no page loads (measured: every page's requests, and a browser test holds
#: each page's flow to the pre-cache): its editor's CodeMirror, its terminal's xterm, its TOML
#: and zip readers, MicroPython's terminal and its IndexedDB storage. The worker keeps each of
#: them the first time a page fetches it (``sw.js``: ``LATER``).
NOT_PRECACHED = (
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyscript/codemirror", "vendor/pyscript/index-", "vendor/pyscript/xterm",
    "vendor/pyscript/zip-", "vendor/pyscript/toml-", "vendor/pyscript/mpy-", "vendor/pyscript/storage.js",
)


def service_worker(site: Path) -> str:
    """The service worker: pre-caches every file of the site under a content-hashed name (the
    precompressed copies aside: the worker keeps what the browser decoded, the originals),
    apart from ``NOT_PRECACHED``, which it keeps once fetched."""
    files = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*")
        if p.is_file() and p.name != "sw.js" and not precompressed_copy(p)
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    later = [name for name in files if name.startswith(NOT_PRECACHED)]
    template = string.Template((WEB / "sw.js").read_text(encoding="utf-8"))
    return template.substitute(
        cache_name=json.dumps(f"strike-rank-{digest.hexdigest()[:12]}"),
        assets=json.dumps(["./"] + [f"./{a}" for a in files if a not in later]),
        later=json.dumps([f"./{a}" for a in later]),
    )


def wheel_sources(wheel: Path) -> dict[str, bytes]:
    """Every Python file of our wheel, by the path the page unpacks it to."""
    from tools.snapshot import HOME

    with zipfile.ZipFile(wheel) as zf:
        return {f"{HOME}/{name}": zf.read(name) for name in zf.namelist() if name.endswith(".py")}


def package_sources(pins: Pins) -> dict[str, bytes]:
    """The Python files of the wasm wheels loadPackage installs (msgspec), by their path in the page."""
    sources = {}
    for pin in pins.wasm_wheels:
        with zipfile.ZipFile(pip_download_wasm(pin, pins)) as zf:
            for name in zf.namelist():
                if name.endswith(".py"):
                    sources[f"/lib/python{pins.python}/site-packages/{name}"] = zf.read(name)
    return sources


def pyscript_sources(pyscript_dir: Path) -> dict[str, bytes]:
    """PyScript's own Python package, as its core writes it into the page's working directory.

    The core carries the files as one JSON-style object literal; when this PyScript
    release packs them some other way, nothing is returned and they compile as before.
    """
    from tools.snapshot import HOME

    decoder = json.JSONDecoder()
    for core in sorted(pyscript_dir.glob("core-*.js")):
        text = core.read_text(encoding="utf-8")
        at = text.find('"websocket.py":"')
        start = text.rfind("{", 0, at)
        while at > 0 and start >= 0:
            try:
                files, end = decoder.raw_decode(text, start)
            except ValueError:
                start = text.rfind("{", 0, start)
                continue
            if end > at and "__init__.py" in files and all(isinstance(v, str) for v in files.values()):
                return {f"{HOME}/pyscript/{name}": source.encode() for name, source in files.items()}
            start = text.rfind("{", 0, start)
    return {}


def build_snapshot(vendor: Path, wheel: Path | None = None, pins: Pins | None = None) -> str | None:
    """Makes the Pyodide memory snapshot into ``vendor/`` (tools/snapshot.py); returns its URL.

    The snapshot also carries the compiled code (by Pyodide's own Python) of every Python
    file a page imports from a file rather than from the snapshot: our wheel, PyScript's
    package and the wasm wheels' Python parts, so a return visit compiles none of them.

    Needs Chromium; where there is none (a plain ``build`` on a machine without it) the
    site is built without a snapshot, and the pages start Python the normal way.

    Shipped raw (``….bin``), not as the maker's gzip kept in the cache: the host's brotli
    (``precompress``) sends it in 2.4 MB less, and the browser unpacks it (issue 19).
    """
    if not Path(chromium_path()).exists():
        say(f"no Chromium at {chromium_path()}: building without the start-up snapshot")
        return None
    sys.path.insert(0, str(ROOT))
    from tools import snapshot

    sources = {
        **(package_sources(pins) if pins else {}),
        **pyscript_sources(vendor / "pyscript"),
        **(wheel_sources(wheel) if wheel else {}),
    }
    stem = f"snapshot-{snapshot.build_id(vendor / 'pyodide')}"
    name = f"{stem}-{snapshot.code_id(sources)}.bin.gz"
    cached = CACHE / "snapshots" / name
    if not cached.exists():
        say("making the Pyodide start-up snapshot in Chromium")
        cached.parent.mkdir(parents=True, exist_ok=True)
        try:
            raw = snapshot.make_snapshot(vendor, cached.with_suffix(".tmp"), sources)
            if raw > snapshot.INITIAL_MEMORY + 65536:
                say(f"the snapshot holds {raw / 2**20:.1f} MiB, past Pyodide's initial {snapshot.INITIAL_MEMORY >> 20} MiB: "
                    "every return visit then starts with that much more memory (docs/startup.md)")
        except snapshot.SnapshotError as exc:
            raise BuildError(str(exc)) from None
        cached.with_suffix(".tmp").rename(cached)
        for old in sorted(cached.parent.glob("snapshot-*.bin.gz"), key=lambda p: p.stat().st_mtime)[:-4]:
            old.unlink()  # keep the cache to the few most recent sources
    import gzip

    shipped = vendor / name.removesuffix(".gz")
    shipped.write_bytes(gzip.decompress(cached.read_bytes()))
    return f"./vendor/{shipped.name}"


def prefetched_packages(pyodide: Path) -> dict[str, str]:
    """Each prefetched package's wheel (its URL from the site's root) and its subresource
    integrity, from the vendored lock file's sha256 (what Pyodide's own fetch checks)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    return {f"./vendor/pyodide/{lock[name]['file_name']}":
            "sha256-" + base64.b64encode(bytes.fromhex(lock[name]["sha256"])).decode() for name in PREFETCHED_PACKAGES}


def build_site(pins: Pins, dist: Path = DIST) -> None:
    """Builds the whole static site into ``dist``."""
    tmp = dist.with_name(dist.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    compile_tables(TABLES, tmp / "tables")
    vendor_pyscript(pins, tmp / "vendor" / "pyscript")
    vendor_pyodide(pins, tmp / "vendor" / "pyodide")
    vendor_jsqr(pins, tmp / "vendor" / "jsqr")
    wheel = build_wheel(tmp / "pkg", pins.engine_version)
    snapshot = build_snapshot(tmp / "vendor", wheel, pins)
    boot = string.Template((WEB / "pyodide-boot.mjs").read_text(encoding="utf-8"))
    from tools.stdlib import TRIMMED_NAME

    boot_js = boot.substitute(snapshot_url=json.dumps(snapshot), wheel=json.dumps(f"./pkg/{wheel.name}"),
                              packages=json.dumps(prefetched_packages(tmp / "vendor" / "pyodide")),
                              stdlib_url=json.dumps(f"./vendor/pyodide/{TRIMMED_NAME}"),
                              stdlib_full_url=json.dumps("./vendor/pyodide/python_stdlib.zip"))
    # The template's comments are for us, not for every visitor (our bytes are counted).
    boot_js = "".join(line for line in boot_js.splitlines(keepends=True) if not line.lstrip().startswith("//"))
    (tmp / "pyodide-boot.mjs").write_text(boot_js, encoding="utf-8")
    (tmp / "pyscript.json").write_text(json.dumps(pyscript_config(wheel)), encoding="utf-8")
    shutil.copytree(WEB / "static", tmp, dirs_exist_ok=True)
    (tmp / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (tmp / "icons" / f"icon-{size}.png").write_bytes(icon_png(size))
    (tmp / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=1), encoding="utf-8")
    for page in PAGES:
        (tmp / page.file).write_text(render_page(page, pins), encoding="utf-8")
    (tmp / RULINGS_FILE).write_text(render_rulings(pins), encoding="utf-8")
    (tmp / "sw.js").write_text(service_worker(tmp), encoding="utf-8")
    precompress(tmp, pins)
    shutil.rmtree(dist, ignore_errors=True)
    tmp.rename(dist)


# --------------------------------------------------------------------------- precompression

#: Files smaller than this get no compressed siblings: a response this small (with its ~250
#: bytes of headers) fits in one TCP segment either way, so compressing saves no packet and no
#: round trip (docs/startup.md, "On a phone"; 23 files of dist/, 13 KB in all).
PRECOMPRESS_MIN_BYTES = 1400
#: A sibling is kept only when it is at most this fraction of the original: already-deflated
#: files (wheels, Pyodide's stdlib zip, PNGs, the gzip snapshot) shrink by 0.5-6 % and are
#: sent as they are, as a host's own compression would mostly skip them.
PRECOMPRESS_MAX_RATIO = 0.90
#: Brotli at its best quality, default 4 MiB window (pyodide.asm.wasm: 2,741,061 bytes; a 16 MiB
#: window gave 2,766,607; quality 9 3,102,634); gzip at level 9 (`gzip -9`, no name or time).
BROTLI_SETTINGS = {"quality": 11}
#: The snapshot (31 MB of Python's memory, new with every change to our Python): a 16 MiB window
#: finds its far repeats, 4,957,765 bytes in 50 s against 5,689,574 at quality 9 (5.5 s) and
#: 7.44 MB gzip -9 (measured 2026-12-02; docs/startup.md, "On a phone").
BROTLI_SNAPSHOT_SETTINGS = {"quality": 11, "lgwin": 24}
GZIP_LEVEL = 9


def brotli_settings(path: Path) -> dict[str, int]:
    """Brotli's settings for one file of the site (the snapshot has its own)."""
    return BROTLI_SNAPSHOT_SETTINGS if path.name.startswith("snapshot-") and path.suffix == ".bin" else BROTLI_SETTINGS


def gzip_bytes(data: bytes) -> bytes:
    """``data`` as a gzip stream that depends only on ``data`` (no file name, time 0)."""
    import gzip

    return gzip.compress(data, GZIP_LEVEL, mtime=0)


def precompress(site: Path, pins: Pins | None = None, cache: Path = CACHE / "precompressed") -> dict[str, int]:
    """Writes ``x.br`` and ``x.gz`` beside every file of ``site`` worth compressing (at least
    ``PRECOMPRESS_MIN_BYTES``, and the sibling at most ``PRECOMPRESS_MAX_RATIO`` of it), which
    ``tools/serve.py`` sends to a client that accepts the coding. Runs after the service
    worker is written, so its pre-cache list holds only the originals. Compressed bytes are
    kept in ``cache`` by content hash (brotli's best quality takes ~45 s for Pyodide's wasm).
    Returns the siblings' bytes by suffix."""
    brotli = ensure_build_tool((pins or read_pins()).brotli)
    version = (pins or read_pins()).brotli.version
    written = {".br": 0, ".gz": 0}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        if path.stat().st_size < PRECOMPRESS_MIN_BYTES or path.suffix in written and path.with_suffix("").is_file():
            continue
        data = path.read_bytes()
        if len(gzip_bytes(data[: 1 << 20])) > PRECOMPRESS_MAX_RATIO * min(len(data), 1 << 20):
            continue  # already compressed (a cheap look at its first MiB)
        key = hashlib.sha256(data).hexdigest()
        chosen = brotli_settings(path)
        settings = hashlib.sha256(json.dumps([chosen, GZIP_LEVEL, version]).encode()).hexdigest()[:8]
        coders = {".br": lambda data, chosen=chosen: brotli.compress(data, **chosen), ".gz": gzip_bytes}
        for suffix, coder in coders.items():
            kept = cache / f"{key}-{settings}{suffix}"
            if kept.exists():
                packed = kept.read_bytes()
            else:
                packed = coder(data)
                if len(data) > 1 << 20:  # only big files are worth keeping between builds
                    cache.mkdir(parents=True, exist_ok=True)
                    kept.with_suffix(".tmp").write_bytes(packed)
                    kept.with_suffix(".tmp").replace(kept)
            if len(packed) <= PRECOMPRESS_MAX_RATIO * len(data):
                path.with_name(path.name + suffix).write_bytes(packed)
                written[suffix] += len(packed)
    return written


# --------------------------------------------------------------------------- commands


def setup(*, browser: bool) -> Pins:
    pins = read_pins()
    for pin in (pins.pyscript, pins.pyodide, pins.jsqr):
        npm_pack(pin)
    for wheel in pins.wasm_wheels:
        pip_download_wasm(wheel, pins)
    for wheel in pins.pure_wheels:
        pip_download_pure(wheel, pins)
    if browser:
        ensure_chromium()
        ensure_zbarimg()
        npm_pack(pins.axe_core)
    return pins


def axe_script(pins: Pins | None = None) -> Path:
    """axe-core's script, for the accessibility audit in the browser tests."""
    return npm_pack((pins or read_pins()).axe_core) / "axe.min.js"


def cmd_build(args: argparse.Namespace) -> int:
    from tools.serve import precompressed_size, site_size

    pins = setup(browser=False)
    build_site(pins)
    count, size = site_size(DIST)
    packed = precompressed_size(DIST)
    say(f"dist/ built: {count} files, {size / 1e6:.2f} MB (and their precompressed copies: "
        f"{packed['br'] / 1e6:.2f} MB brotli, {packed['gzip'] / 1e6:.2f} MB gzip)")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from tools.serve import make_server

    cmd_build(args)
    server = make_server(DIST, args.port, args.host)
    print(f"Strike Rank is served at http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
    return 0


#: The whole suite in two runs side by side: the browser tests keep Chromium busy on about
#: one and a half cores, the CPython tests (unit, property, build) need one.
BROWSER_TESTS = ["tests/browser", "--browser", "chromium"]
CPYTHON_TESTS = ["tests", "--ignore=tests/browser"]


def cmd_test(args: argparse.Namespace) -> int:
    """Builds, then runs pytest with the arguments given; with none, the whole suite, its
    browser and CPython halves side by side (the CPython half's report follows the other's)."""
    pins = setup(browser=True)
    build_site(pins)
    env = {**os.environ, "CHROMIUM_PATH": chromium_path()}
    pytest = [sys.executable, "-m", "pytest"]
    if args.pytest_args:
        command = [*pytest, "--browser", "chromium", *args.pytest_args]
        say("running " + " ".join(command[1:]))
        return subprocess.run(command, cwd=ROOT, env=env).returncode
    import tempfile

    with tempfile.TemporaryFile("w+", encoding="utf-8") as report:
        say("running " + " ".join([*pytest[1:], *CPYTHON_TESTS]) + " (its report follows the browser tests')")
        cpython = subprocess.Popen([*pytest, *CPYTHON_TESTS], cwd=ROOT, env=env, stdout=report, stderr=subprocess.STDOUT, text=True)
        try:
            say("running " + " ".join([*pytest[1:], *BROWSER_TESTS]))
            browser = subprocess.run([*pytest, *BROWSER_TESTS], cwd=ROOT, env=env).returncode
            cpython.wait()
        finally:
            if cpython.poll() is None:
                cpython.terminate()
                cpython.wait()
        say("the CPython tests' report:")
        report.seek(0)
        sys.stdout.write(report.read())
    for name, code in (("browser", browser), ("CPython", cpython.returncode)):
        say(f"{name} tests: {'passed' if code == 0 else f'failed (pytest exit status {code})'}")
    return browser or cpython.returncode


def cmd_bench(args: argparse.Namespace) -> int:
    pins = setup(browser=True)
    build_site(pins)
    sys.path.insert(0, str(ROOT))
    from tools import bench

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
        from tools import phone

        return phone.main(DIST, pages, versions, as_json=args.json, warm_loads=args.warm,
                          cold_loads=args.cold, encodings=encodings)
    return bench.main(DIST, pages, versions, as_json=args.json, warm_loads=args.warm,
                      cold_loads=args.cold, encodings=encodings)


def parse_args(argv: list[str]) -> argparse.Namespace:
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
    bench.add_argument("--cold", type=int, default=None, help="first visits per page, each in a fresh profile (median; default 7, --phone too: single first visits vary by ±10%%)")
    bench.add_argument("--phone", action="store_true",
                       help="every measurement as a mid-range phone on 4G: 9 Mbit/s down, 1.5 up, 170 ms round trip, CPU 4× slower (tools/phone.py)")
    bench.add_argument("--encodings", default="br,gzip", choices=["br,gzip", "gzip", "none"],
                       help="the content codings the server sends, for every subject (default br,gzip as static hosts do; "
                            "none: every file as it is, as before issue 19)")
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
        args.cold = 7  # plain and --phone alike (tools.phone.COLD_LOADS: issue 19 asks medians of at least 7)
    if args.command == "bench" and args.cold < 1:
        parser.error("--cold: at least 1 first visit")
    return args


COMMANDS = {None: cmd_build, "build": cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    try:
        if not in_venv():
            ensure_venv()
            os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *argv])
        return COMMANDS[args.command](args)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"build: error: {' '.join(map(str, exc.cmd))} failed with exit status {exc.returncode}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
