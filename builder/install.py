"""Set-up: the virtual environment, the pinned downloads in ``.vendor-cache/`` (checked
against their sha256), the build's own tools, and Debian's Chromium and zbarimg.

Standard library only: ``build.py`` runs :func:`ensure_venv` on the system's Python.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from builder.base import CACHE, ROOT, VENV, VENV_PYTHON, BuildError, say
from builder.pins import BuildToolPin, NpmPin, Pins, WheelPin, read_pins
from tools import chromium


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


def ensure_chromium() -> str:
    """Makes sure Debian's Chromium is there (installs it as root); never downloads a browser."""
    path = chromium.executable()
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


def setup(*, browser: bool) -> Pins:
    """Everything the build needs, fetched once and checked; with ``browser``, what the browser tests and the bench need too."""
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

