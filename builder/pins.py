"""Every version the build uses, read from pyproject.toml (the one place they live).

Standard library only: the set-up reads the pins before ``.venv`` exists.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from builder.base import ROOT, BuildError


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

