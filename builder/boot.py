"""How a page starts Python: PyScript's configuration and the boot module PyScript takes as
its interpreter (web/pyodide-boot.mjs, filled in with the snapshot, our wheel, the packages
it prefetches and the standard library's two zips)."""

from __future__ import annotations

import base64
import json
import string
from pathlib import Path
from typing import TYPE_CHECKING

from builder.base import WEB
from builder.stdlib import TRIMMED_NAME

if TYPE_CHECKING:
    from builder.snapshot import Shipped

#: PyScript's optional plugins the pages do without (each is a module it would otherwise
#: import before starting Python); "error" stays, it shows a Python error on the page.
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


#: The packages PyScript has Pyodide load once Python is up (``pyscript_config``), which the
#: boot module fetches while Pyodide starts instead (a round trip and 141 KB off a phone's
#: first visit).
PREFETCHED_PACKAGES = ("msgspec",)


def pyscript_config(wheel: Path) -> dict:
    """pyscript.json: our boot module as the interpreter, the plugins left out, our wheel unpacked."""
    return {
        "interpreter": "./pyodide-boot.mjs",
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
        "packages": list(PREFETCHED_PACKAGES),
        "packages_cache": "passthrough",
        "files": {f"./pkg/{wheel.name}": "./*"},
    }


def prefetched_packages(pyodide: Path) -> dict[str, str]:
    """Each prefetched package's wheel (its URL from the site's root) and its subresource
    integrity, from the vendored lock file's sha256 (what Pyodide's own fetch checks)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    return {f"./vendor/pyodide/{lock[name]['file_name']}":
            "sha256-" + base64.b64encode(bytes.fromhex(lock[name]["sha256"])).decode() for name in PREFETCHED_PACKAGES}



def boot_module(site: Path, wheel: Path, snapshot: Shipped | None) -> str:
    """web/pyodide-boot.mjs for ``site``, filled in with the snapshot's URLs (None: no snapshot),
    our wheel, the prefetched packages and the standard-library zips; its ``//`` comments
    are for us, not for every visitor (our bytes are counted), and left out."""
    boot = string.Template((WEB / "pyodide-boot.mjs").read_text(encoding="utf-8"))
    boot_js = boot.substitute(snapshot_url=json.dumps(snapshot and snapshot.snapshot),
                              stdlib_restored_url=json.dumps(snapshot and snapshot.stdlib),
                              wheel_restored_url=json.dumps(snapshot and snapshot.wheel),
                              wheel=json.dumps(f"./pkg/{wheel.name}"),
                              packages=json.dumps(prefetched_packages(site / "vendor" / "pyodide")),
                              stdlib_url=json.dumps(f"./vendor/pyodide/{TRIMMED_NAME}"),
                              stdlib_full_url=json.dumps("./vendor/pyodide/python_stdlib.zip"))
    return "".join(line for line in boot_js.splitlines(keepends=True) if not line.lstrip().startswith("//"))
