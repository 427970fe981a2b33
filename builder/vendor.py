"""The browser stack copied into the site: PyScript (patched to start under the pages'
content security policy), Pyodide's core with our wheels and a lock file cut down to them,
jsQR, and the trimmed standard library.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from builder.base import BuildError
from builder.install import npm_pack, pip_download_pure, pip_download_wasm, sha256_file
from builder.pins import Pins
from builder.stdlib import write_stdlib

#: Pyodide's core files: the only ones of its npm package the page needs.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def vendor_pyscript(pins: Pins, out: Path) -> None:
    """Copies PyScript's whole dist/ (chunk names carry hashes; pitfall 11) without source maps,
    patched (:func:`pyscript_without_eval`) so that it starts under the pages' :data:`builder.pages.CSP`,
    and for Pyodide's scripts only (:func:`pyscript_for_python_only`)."""
    src = npm_pack(pins.pyscript) / "dist"
    shutil.copytree(src, out, ignore=shutil.ignore_patterns("*.map"))
    for chunk in out.glob("core-*.js"):
        core = pyscript_without_eval(chunk.read_text(encoding="utf-8"))
        chunk.write_text(pyscript_for_python_only(core), encoding="utf-8")


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
            "and update builder.vendor.pyscript_without_eval"
        )
    return core.replace(PYSCRIPT_EVAL, PYSCRIPT_NO_EVAL)


#: The script types PyScript's core starts, each with its interpreter: Pyodide's ``py`` and MicroPython's ``mpy``.
PYSCRIPT_TYPES = 'new Map([["py","pyodide"],["mpy","micropython"]])'
#: Only ``py``: our pages have no MicroPython script, and for a type with no config PyScript imports every
#: plugin, those ``pyscript.json`` turns off for ``py`` too (five chunks, 7 KB with brotli before a page is
#: ready, and five modules evaluated on every visit).
PYSCRIPT_PY_ONLY = 'new Map([["py","pyodide"]])'


def pyscript_for_python_only(core: str) -> str:
    """PyScript's core chunk with :data:`PYSCRIPT_TYPES` replaced by :data:`PYSCRIPT_PY_ONLY`.

    :raises BuildError: the chunk does not hold that map exactly once (a PyScript upgrade).
    """
    if core.count(PYSCRIPT_TYPES) != 1:
        raise BuildError("PyScript's core no longer lists its script types as the pinned one did: "
                         "update builder.vendor.pyscript_for_python_only")
    return core.replace(PYSCRIPT_TYPES, PYSCRIPT_PY_ONLY)


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


def stored_wheel(wheel: Path, out: Path) -> None:
    """Writes ``wheel`` to ``out`` with every file stored, not deflated: the same files, names, dates
    and order, so the wheel's own RECORD still holds. The host's brotli then works on the whole, as on
    the standard library (msgspec: 141,266 bytes as PyPI deflates it, 110,988 stored and brotli'd; a
    first visit moves it before ready). The lock file is given the new file's sha256."""
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            info_out = zipfile.ZipInfo(info.filename, info.date_time)
            info_out.external_attr = info.external_attr
            info_out.create_system = info.create_system
            target.writestr(info_out, source.read(info), compress_type=zipfile.ZIP_STORED)


def vendor_pyodide(pins: Pins, out: Path) -> None:
    src = npm_pack(pins.pyodide)
    out.mkdir(parents=True)
    for name in PYODIDE_CORE[:-1]:
        shutil.copy2(src / name, out / name)
    wheels = {}
    for pin in pins.wasm_wheels:
        wheel = pip_download_wasm(pin, pins)
        stored_wheel(wheel, out / wheel.name)
        wheels[pin.name] = (pin.version, out / wheel.name)
    pure = {}
    for pin in pins.pure_wheels:  # installed by the page only when needed (loadPackage)
        wheel = pip_download_pure(pin, pins)
        stored_wheel(wheel, out / wheel.name)
        pure[pin.name] = (pin.version, out / wheel.name)
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (out / "pyodide-lock.json").write_text(json.dumps(patch_lock(lock, wheels, pure), indent=1), encoding="utf-8")
    write_stdlib(out)

