"""The whole static site, assembled into dist/ from every step of the build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from builder.app_files import icon_png, manifest, service_worker
from builder.base import DIST, TABLES, WEB
from builder.boot import boot_module, pyscript_config
from builder.compress import precompress
from builder.pages import PAGES, paint_build, render_page
from builder.pins import Pins
from builder.rulings import RULINGS_FILE, render_rulings
from builder.snapshot import build_snapshot
from builder.tables import compile_tables
from builder.vendor import vendor_jsqr, vendor_pyodide, vendor_pyscript
from builder.wheel import build_wheel


def build_site(pins: Pins, dist: Path = DIST) -> None:
    """Builds the whole static site into ``dist``: in a folder beside it, which replaces ``dist``
    only once every step has succeeded (a failed build leaves the previous one as it was)."""
    tmp = dist.with_name(dist.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    compile_tables(TABLES, tmp / "tables")
    vendor_pyscript(pins, tmp / "vendor" / "pyscript")
    vendor_pyodide(pins, tmp / "vendor" / "pyodide")
    vendor_jsqr(pins, tmp / "vendor" / "jsqr")
    wheel = build_wheel(tmp / "pkg", pins.engine_version)
    snapshot = build_snapshot(tmp / "vendor", wheel, pins)
    (tmp / "pyodide-boot.mjs").write_text(boot_module(tmp, wheel, snapshot), encoding="utf-8")
    (tmp / "pyscript.json").write_text(json.dumps(pyscript_config(wheel)), encoding="utf-8")
    shutil.copytree(WEB / "static", tmp, dirs_exist_ok=True)
    (tmp / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (tmp / "icons" / f"icon-{size}.png").write_bytes(icon_png(size))
    (tmp / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=1), encoding="utf-8")
    for page in PAGES:
        (tmp / page.file).write_text(render_page(page, pins, paint_build(wheel.read_bytes(), page)), encoding="utf-8")
    (tmp / RULINGS_FILE).write_text(render_rulings(pins), encoding="utf-8")
    (tmp / "sw.js").write_text(service_worker(tmp), encoding="utf-8")
    precompress(tmp, pins)
    shutil.rmtree(dist, ignore_errors=True)
    tmp.rename(dist)
