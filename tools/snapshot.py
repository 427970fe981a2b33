"""The Pyodide memory snapshot: made at build time in headless Chromium, restored by the pages.

Restoring Python from a snapshot of an interpreter that has already started (and
imported the standard-library modules the engine uses) skips most of Pyodide's start.
What may go in (startup-snapshot.md): only pure-Python modules, no package loaded
with loadPackage, no C extension — so msgspec, and with it our engine, are imported
after every restore; the snapshot holds the interpreter and the stdlib modules below.

The file is gzip-compressed (31 MB of wasm memory → about 6 MB) and named after the
Pyodide build (a hash of its wasm and glue) and the modules baked in, so a snapshot
is never paired with another Pyodide. The pages restore it through a small module
that PyScript takes as its interpreter (web/pyodide-boot.mjs), only when this device
already has it (the service worker's cache), and fall back to a normal start on any
error.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from tools import chromium

#: Standard-library modules the engine, its renderers and the glue import, baked in.
BAKED_MODULES = (
    "argparse", "base64", "bisect", "collections", "collections.abc", "contextlib", "dataclasses",
    "enum", "fractions", "functools", "importlib", "json", "math", "re", "struct", "typing",
    "xml.etree.ElementTree", "zlib", "asyncio", "inspect", "textwrap",
)

MAKER_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
try {
  const py = await loadPyodide({ _makeSnapshot: true });
  py.runPython(%(imports)s);
  const bytes = py.makeMemorySnapshot();
  const gz = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(gz);
  a.download = "snapshot.bin.gz";
  a.id = "save";
  a.textContent = "save";
  document.body.append(a);
  document.body.dataset.done = String(bytes.length);
} catch (e) {
  document.body.dataset.error = String(e && e.stack || e);
}
</script></body></html>
"""


def build_id(pyodide_dir: Path) -> str:
    """Names a snapshot after the Pyodide build and what is baked into it."""
    digest = hashlib.sha256()
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"):
        digest.update(hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    digest.update("\n".join(BAKED_MODULES).encode())
    return digest.hexdigest()[:16]


def make_snapshot(vendor: Path, out: Path) -> int:
    """Makes the gzip-compressed snapshot file ``out`` with the Pyodide in ``vendor``; returns raw size."""
    imports = "import " + ", ".join(BAKED_MODULES)
    with tempfile.TemporaryDirectory(prefix="snapshot-maker-") as folder:
        site = Path(folder)
        (site / "vendor").symlink_to(vendor, target_is_directory=True)
        (site / "index.html").write_text(MAKER_HTML % {"imports": repr(imports).replace("'", '"')}, encoding="utf-8")
        with build.serving(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            page = browser.new_page(accept_downloads=True)
            page.goto(url + "index.html")
            page.wait_for_function("document.body.dataset.done || document.body.dataset.error", timeout=120_000)
            error = page.evaluate("document.body.dataset.error")
            if error:
                browser.close()
                raise build.BuildError(f"making the Pyodide snapshot failed in Chromium: {error}")
            raw = int(page.evaluate("document.body.dataset.done"))
            with page.expect_download() as download:
                page.click("#save")
            download.value.save_as(out)
            browser.close()
    return raw
