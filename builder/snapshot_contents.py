"""What the start-up snapshot's heap holds, part by part (issue 36: "Measure what the snapshot's heap holds,
module by module").

The snapshot is the whole of Pyodide's WebAssembly memory (30 MiB) as the build leaves it: the interpreter
started, the standard-library modules of :data:`builder.snapshot.BAKED_MODULES` imported, and the compiled
code of every Python file a page imports from a file (our wheel, PyScript's package, msgspec's Python
parts). What the wire carries is that heap compressed; what compresses badly is what was written into it.
This makes the snapshot again with parts left out, one variant at a time, with the build's own maker, and
prints each one's size raw, gzip -9 and brotli, as made and as shipped (its heap XOR the wasm's initial
memory; the host's settings for the snapshot, or a faster quality for a quick look): the difference between
two variants as shipped is what the part left out costs on the wire.

Beside that, in CPython, the marshalled size of each package's compiled code (Pyodide's Python 3.14
compiles to other bytes, so these are shares, not the heap's bytes).

    .venv/bin/python -m builder.snapshot_contents [--quality 11] [--json]

Needs a built ``dist/`` (its wheel) and the vendored Pyodide in ``.vendor-cache`` (``python3 build.py``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import marshal
import sys
import tempfile
from collections import Counter
from pathlib import Path

from builder import snapshot
from builder.base import DIST
from builder.compress import BROTLI_SNAPSHOT_SETTINGS
from builder.pins import read_pins

#: Our wheel's start modules: what any page's set-up imports before ready (the glue's shared start, the
#: storage and the page controllers' modules are page by page; this is the package level cut).
GROUPS = (
    ("pyengine.runequest", "pyengine/runequest/"),
    ("pyengine.shrapnel", "pyengine/shrapnel/"),
    ("pyengine.pages", "pyengine/pages/"),
    ("pyengine.render", "pyengine/render/"),
    ("pyengine.live", "pyengine/live/"),
    ("pyengine (other)", "pyengine/"),
    ("app (the glue)", "app/"),
    ("pyscript", "pyscript/"),
    ("msgspec", "msgspec/"),
    ("segno", "segno/"),
)


def group_of(path: str) -> str:
    tail = path.split("/home/pyodide/", 1)[-1].split("/site-packages/", 1)[-1]
    return next((name for name, prefix in GROUPS if tail.startswith(prefix)), "other")


def code_sizes(sources: dict[str, bytes]) -> dict[str, dict[str, int]]:
    """Per group: files, source bytes, and marshalled code bytes (CPython's compile)."""
    sizes: dict[str, Counter] = {}
    for path, data in sources.items():
        group = sizes.setdefault(group_of(path), Counter())
        group["files"] += 1
        group["source"] += len(data)
        group["code"] += len(marshal.dumps(compile(data, path, "exec", dont_inherit=True)))
    return {name: dict(counter) for name, counter in sorted(sizes.items(), key=lambda kv: -kv[1]["code"])}


def sizes_of(raw: bytes, quality: int, wasm: bytes) -> dict[str, int]:
    """Sizes of the snapshot as made (raw, gzip -9, brotli) and as shipped: its heap XOR the wasm's
    initial memory (``builder.snapshot.against_initial_memory``), brotli."""
    import brotli

    settings = {**BROTLI_SNAPSHOT_SETTINGS, "quality": quality}
    shipped = snapshot.against_initial_memory(raw, wasm)
    return {"raw": len(raw), "gzip": len(gzip.compress(raw, 9, mtime=0)), "brotli": len(brotli.compress(raw, **settings)),
            "shipped": len(brotli.compress(shipped, **settings))}


#: Before the snapshot is taken, the heap's free space is written with zeros: every block malloc will give
#: below the memory's end is taken, zeroed and given back (largest first), so what Python freed while
#: starting (texts, compiled-away sources) compresses to nothing. An experiment, not what the build does.
ZERO_FREE = """
  {
    const m = py._module;
    const end = m.HEAPU8.length;
    const taken = [];
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 32]) {
      for (;;) {
        const at = m._malloc(size);
        if (!at || at + size > end - (2 << 20) || m.HEAPU8.length !== end) { if (at) m._free(at); break; }
        m.HEAPU8.fill(0, at, at + size);
        taken.push(at);
      }
    }
    for (const at of taken) m._free(at);
    if (m.HEAPU8.length !== end) throw new Error("the heap grew while zeroing: " + m.HEAPU8.length);
  }
  const bytes = py.makeMemorySnapshot();"""


def make(vendor: Path, sources: dict[str, bytes], modules: tuple[str, ...], zero_free: bool = False) -> bytes:
    was, maker = snapshot.BAKED_MODULES, snapshot.MAKER_HTML
    snapshot.BAKED_MODULES = modules
    if zero_free:
        snapshot.MAKER_HTML = maker.replace("  const bytes = py.makeMemorySnapshot();", ZERO_FREE.replace("%", "%%"))
    try:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "snapshot.bin.gz"
            snapshot.make_snapshot(vendor, out, sources)
            return gzip.decompress(out.read_bytes())
    finally:
        snapshot.BAKED_MODULES, snapshot.MAKER_HTML = was, maker


def variants(sources: dict[str, bytes]) -> dict[str, tuple[dict[str, bytes], tuple[str, ...], bool]]:
    def without(*groups: str) -> dict[str, bytes]:
        return {path: data for path, data in sources.items() if group_of(path) not in groups}

    baked = snapshot.BAKED_MODULES
    return {
        "as built": (sources, baked, False),
        "as built, free memory zeroed": (sources, baked, True),
        "no compiled code (standard library only)": ({}, baked, False),
        "nothing baked (Pyodide started, no imports)": ({}, ("sys",), False),
        "nothing baked, free memory zeroed": ({}, ("sys",), True),
        "without pyengine.runequest": (without("pyengine.runequest"), baked, False),
        "without pyengine.pages + render": (without("pyengine.pages", "pyengine.render"), baked, False),
        "without pyengine.live + shrapnel": (without("pyengine.live", "pyengine.shrapnel"), baked, False),
        "without the glue, pyscript, msgspec": (without("app (the glue)", "pyscript", "msgspec"), baked, False),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quality", type=int, default=5, help="brotli quality (the host's is 11: slow, ~1 min a variant)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", default="", help="only the variants whose names hold one of these words, comma-separated")
    args = parser.parse_args(argv)
    pins = read_pins()
    vendor = DIST / "vendor"
    wheel = next((DIST / "pkg").glob("strike_rank-*.whl"))
    wasm = (vendor / "pyodide" / "pyodide.asm.wasm").read_bytes()
    sources = {
        **snapshot.package_sources(pins),
        **snapshot.pyscript_sources(vendor / "pyscript"),
        **snapshot.wheel_sources(wheel),
    }
    report: dict = {"code": code_sizes(sources), "variants": {}}
    wanted = [w for w in args.only.split(",") if w]
    for name, (chosen, modules, zero_free) in variants(sources).items():
        if wanted and not any(w in name for w in wanted):
            continue
        report["variants"][name] = sizes_of(make(vendor, chosen, modules, zero_free), args.quality, wasm)
        print(name, report["variants"][name], file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{'compiled code, by package':<36} {'files':>6} {'source':>10} {'code (CPython)':>15}")
    for name, row in report["code"].items():
        print(f"{name:<36} {row['files']:>6} {row['source']:>10,} {row['code']:>15,}")
    base = report["variants"].get("as built") or next(iter(report["variants"].values()))
    print(f"\n{'snapshot variant':<44} {'raw':>11} {'gzip -9':>10} {'brotli q' + str(args.quality):>11} "
          f"{'shipped':>10} {'vs built':>10}")
    for name, row in report["variants"].items():
        print(f"{name:<44} {row['raw']:>11,} {row['gzip']:>10,} {row['brotli']:>11,} {row['shipped']:>10,} "
              f"{row['shipped'] - base['shipped']:>+10,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
