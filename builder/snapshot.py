"""The Pyodide memory snapshot: made at build time in headless Chromium, restored by the pages.

Restoring Python from a snapshot of an interpreter that has already started (and
imported the standard-library modules the engine uses) skips most of Pyodide's start.
What may go in (startup-snapshot.md): only pure-Python modules, no package loaded
with loadPackage, no C extension — so msgspec, and with it our engine, are imported
after every restore; the snapshot holds the interpreter and the stdlib modules below.

The shipped file is the heap XOR the memory the wasm starts with (:func:`against_initial_memory`),
only its pages that are not zeros (:func:`only_pages_changed`: 15 of its 30 MiB; the host's brotli
sends them in about 3.8 MB), and is named after the Pyodide build (a hash of
its wasm and glue), the modules baked in and how it is shipped, so a snapshot is never paired with
another Pyodide. The pages restore it through a small module
that PyScript takes as its interpreter (web/pyodide-boot.mjs), only when this device
already has it (the service worker's cache), and fall back to a normal start on any
error.

The build makes it with :func:`build_snapshot` (kept in ``.vendor-cache/snapshots`` by the
sources it carries, so an unchanged build makes none).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import sync_playwright

from builder.base import CACHE, BuildError, say
from builder.install import pip_download_wasm
from builder.pins import Pins
from builder.stdlib import RESTORED_NAME, TRIMMED_NAME, write_restored
from tools import chromium
from tools.serve import serving

#: Standard-library modules the engine, its renderers and the glue import, baked in; then
#: those PyScript, Pyodide's package loader and the glue import after a restore (listed by
#: ``python -m measure.startprofile``, which prints what a page imports on top of the snapshot).
#: Every module a page imports before it is ready must be here: a restored page's standard library
#: is zeros until a module of it is imported (``builder.stdlib.write_restored``; a browser test holds it).
BAKED_MODULES = (
    "base64", "bisect", "collections", "collections.abc", "contextlib", "dataclasses",
    "enum", "fractions", "functools", "importlib", "json", "math", "re", "struct", "typing",
    "zlib", "asyncio", "inspect", "textwrap",
    "datetime", "decimal", "email", "encodings.cp437", "hmac", "html", "html.entities", "importlib.metadata",
    "tarfile", "uuid",
)

#: Pyodide's initial WebAssembly memory (30 MiB): a snapshot is all of memory, so one made
#: after memory grew is that much larger, and a page restored from it starts that much bigger.
INITIAL_MEMORY = 30 * 2**20

#: The standard-library zip the pages load (``builder/stdlib.py``): the snapshot is made against it,
#: since a restored interpreter reads its modules from the zip it was made with.
STDLIB = TRIMMED_NAME

#: How the shipped file holds the heap (:func:`against_initial_memory`, then :func:`only_pages_changed`);
#: in the name's hash, so that a page never takes a file shipped another way (a service worker's older copy).
SHIPPED_AS = "heap xor the wasm's initial memory, only the pages that differ"
#: The shipped file's own header after Pyodide's (``web/pyodide-boot.mjs`` reads it): "SRPG", the heap's
#: size, the page size, the number of pages shipped; then their numbers, then the pages.
PAGES_MAGIC = 0x47505253
#: The page the shipped heap is cut in (the wasm's own 4 KiB: half the heap's pages are zeros).
PAGE = 4096

#: The environment of the interpreter the snapshot is made of, which a restored page keeps. With no
#: column positions in compiled code (PYTHONNODEBUGRANGES: a traceback shows no ``^^^`` under the
#: failing expression, and the pages show players none), the baked code compresses 28% smaller:
#: column tables are nearly random bytes (docs/startup.md "What the snapshot holds").
MAKER_ENV = {"PYTHONNODEBUGRANGES": "1"}

#: Where PyScript unpacks our wheel (its ``files`` target ``./*``): the working directory.
HOME = "/home/pyodide"


class SnapshotError(RuntimeError):
    """The snapshot could not be made; the message says what Chromium reported."""

#: What a restored page's copy of our wheel holds for each Python file (:func:`write_restored_wheel`): the
#: id of the code the snapshot holds (:func:`code_id`), which tells the baked loader to take the code it
#: compiled from the file of that path. One line for every file: with each file's own sha256 (64 random
#: hex digits), the copy was 26 KB with brotli; so it is 4 KB.
BAKED_MARK = "# compiled into the start-up snapshot: {}\n"

#: Installed in the snapshot as module ``strike_rank_baked``: a finder placed before Python's
#: own path finder that gives a module in the baked table the code object compiled at build
#: time, when the file on disk is still the one it was compiled from (same sha256), and
#: otherwise lets Python compile the file as usual. Code objects are plain memory, so the
#: snapshot keeps them. A restored page unpacks our wheel with each file as the mark of the code the
#: snapshot holds (BAKED_MARK), which the loader takes without hashing a source; a page started
#: normally has the files themselves.
BAKED_LOADER = f"MARK = {BAKED_MARK!r}\n" + r"""
import hashlib
import sys
from importlib.machinery import PathFinder, SourceFileLoader

CODE = {}
USED = []
#: The mark of the code held here (bake), as a restored page's copy of the wheel holds it for every file.
TAKEN = None
#: What the snapshot had imported (for the profile: what a page imports on top).
SNAPSHOT_MODULES = set()


class BakedLoader(SourceFileLoader):
    def get_code(self, fullname):
        path = self.get_filename(fullname)
        baked = CODE.get(path)
        if baked is not None:
            try:
                data = self.get_data(path)
            except OSError:
                data = None
            # A restored page unpacks our wheel with each file as the mark (write_restored_wheel).
            if data is not None and (data == TAKEN or hashlib.sha256(data).hexdigest() == baked[0]):
                USED.append(fullname)
                return baked[1]
        return super().get_code(fullname)


class BakedFinder:
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.origin in CODE and type(spec.loader) is SourceFileLoader:
            spec.loader = BakedLoader(spec.loader.name, spec.loader.path)
        return spec

    @classmethod
    def invalidate_caches(cls):
        pass


def bake(sources, code_id):
    # sources: the JavaScript object of path -> [digest, text], read one file at a time (the
    # snapshot is the whole of memory at its highest: every source at once in Python's memory
    # made it grow past Pyodide's initial size).
    import gc

    global TAKEN
    TAKEN = MARK.format(code_id).encode()
    files = sources.as_object_map()
    for path in list(files):
        entry = files[path]
        digest, text = str(entry[0]), str(entry[1])
        CODE[path] = (digest, compile(text, path, "exec", dont_inherit=True))
        del entry, text
    sys.meta_path.insert(sys.meta_path.index(PathFinder), BakedFinder)
    SNAPSHOT_MODULES.update(sys.modules)
    gc.collect()
"""

MAKER_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
try {
  const py = await loadPyodide({ _makeSnapshot: true, stdLibURL: %(stdlib)s, env: %(env)s });
  py.runPython("if next(compile('x', '', 'eval').co_positions())[2] is not None:\\n" +
    "    raise RuntimeError('compiled code keeps its column positions: the environment given was not taken')");
  py.runPython(%(imports)s);
  const sources = await (await fetch("./baked.json")).json();
  py.globals.set("baked_sources", sources);
  py.globals.set("baked_loader", %(loader)s);
  py.globals.set("baked_id", %(code_id)s);
  py.runPython(`
import json, sys, types
module = types.ModuleType("strike_rank_baked")
exec(compile(baked_loader, "<strike_rank_baked>", "exec"), module.__dict__)
sys.modules["strike_rank_baked"] = module
module.bake(baked_sources, baked_id)
del baked_sources, baked_loader, baked_id, json, sys, types, module
`);
  // The pages' finder for modules the trimmed standard library leaves out, installed only
  // now: a baked module missing from it fails the build here instead.
  py.runPython("import strike_rank_stdlib\\nstrike_rank_stdlib.install()\\ndel strike_rank_stdlib");
  py.runPython("import gc\\ngc.collect()\\ndel gc");
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


def restored_heap(snapshot: bytes) -> int:
    """The wasm memory a (decompressed) snapshot restores: all of it after its header.

    The header's second 32-bit word says where the memory starts (``snapshotMemory`` in
    ``web/pyodide-boot.mjs`` reads it the same way).
    """
    if len(snapshot) < 8:
        raise SnapshotError(f"a snapshot of {len(snapshot)} bytes has no header")
    start = int.from_bytes(snapshot[4:8], "little")
    if not 8 <= start <= len(snapshot):
        raise SnapshotError(f"the snapshot's header says its memory starts at {start}, past its {len(snapshot)} bytes")
    return len(snapshot) - start


def _leb128(data: bytes, at: int, *, signed: bool = False) -> tuple[int, int]:
    """The LEB128 number at ``at``, and where what follows it starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def _section(wasm: bytes, wanted: int) -> int | None:
    """Where the body of a WebAssembly module's section ``wanted`` starts (``None``: it has none)."""
    at = 8  # magic and version
    while at < len(wasm):
        section, (size, body) = wasm[at], _leb128(wasm, at + 1)
        if section == wanted:
            return body
        at = body + size
    return None


def wasm_initial_memory(wasm: bytes) -> int:
    """The initial memory (bytes) a WebAssembly module declares in its memory section.

    :raises SnapshotError: the module declares no memory of its own.
    """
    body = _section(wasm, 5)  # memory: count, then flags and the initial size in 64 KiB pages
    if body is None:
        raise SnapshotError("the WebAssembly module declares no memory section")
    _, entry = _leb128(wasm, body)
    pages, _ = _leb128(wasm, entry + 1)
    return pages * 65536


def wasm_initial_data(wasm: bytes) -> bytes:
    """The memory a WebAssembly module starts with, as instantiating it leaves it: its initial size
    (:func:`wasm_initial_memory`) with each active data segment written at its offset.

    :raises SnapshotError: a segment's offset is not a constant (a relocatable module: where its
        data goes is known only as it is instantiated), or lies past the initial memory.
    """
    memory = bytearray(wasm_initial_memory(wasm))
    body = _section(wasm, 11)  # data: count, then segments
    if body is None:
        return bytes(memory)
    count, at = _leb128(wasm, body)
    for _ in range(count):
        kind, at = _leb128(wasm, at)
        if kind == 1:  # passive: written by the code, when it asks
            length, at = _leb128(wasm, at)
            at += length
            continue
        if kind == 2:  # active, in memory ``index``
            _, at = _leb128(wasm, at)
        if kind not in (0, 2) or wasm[at] != 0x41:  # i32.const
            raise SnapshotError(f"a data segment of kind {kind} whose offset is not a constant: "
                                "the memory this WebAssembly starts with is not known before it runs")
        offset, at = _leb128(wasm, at + 1, signed=True)
        if wasm[at] != 0x0B:  # end
            raise SnapshotError("a data segment's offset is more than one constant")
        length, at = _leb128(wasm, at + 1)
        if not 0 <= offset <= len(memory) - length:
            raise SnapshotError(f"a data segment of {length:,} bytes at {offset:,}, past the initial memory")
        memory[offset:offset + length] = wasm[at:at + length]
        at += length
    return bytes(memory)


def against_initial_memory(snapshot: bytes, wasm: bytes) -> bytes:
    """The snapshot as shipped: its header, then its heap XOR the memory ``wasm`` starts with
    (:func:`wasm_initial_data`); applied to a shipped one, the snapshot as made.

    A restored heap holds the wasm's own data (3.2 MB of it, most of it unchanged): XORed with it,
    what is unchanged is zeros, and the host's brotli sends the snapshot in about 1 MB less. The
    page XORs it back with the memory of the instance it restores into, just instantiated, which
    is that initial memory (``web/pyodide-boot.mjs``, ``restoringInto``).
    """
    start = len(snapshot) - restored_heap(snapshot)
    initial = wasm_initial_data(wasm)
    heap = snapshot[start:]
    if len(heap) < len(initial):
        raise SnapshotError(f"the snapshot's heap of {len(heap):,} bytes is smaller than the initial memory")
    size = len(initial)
    mixed = int.from_bytes(heap[:size], "little") ^ int.from_bytes(initial, "little")
    return snapshot[:start] + mixed.to_bytes(size, "little") + heap[size:]


def only_pages_changed(shipped: bytes) -> bytes:
    """A snapshot as :func:`against_initial_memory` leaves it, with only the pages of its heap that are
    not zeros (those the heap changed from the wasm's initial memory): Pyodide's header as it is, then
    :data:`PAGES_MAGIC`, the heap's size, :data:`PAGE`, the number of pages kept, their numbers (32-bit,
    little-endian), the pages. Half the heap (15 of 30 MiB) is left out, so a return visit reads half as
    much from the device; the page rebuilds the heap on the memory it restores into (``restoringInto``).
    :func:`all_pages` is the way back."""
    start = len(shipped) - restored_heap(shipped)
    heap = memoryview(shipped)[start:]
    if start % 16 or len(heap) % PAGE:
        raise SnapshotError(f"a snapshot whose memory starts at {start} and holds {len(heap):,} bytes is not "
                            f"in whole pages of {PAGE}")
    zero = bytes(PAGE)
    kept = [i for i in range(len(heap) // PAGE) if heap[i * PAGE:(i + 1) * PAGE] != zero]
    head = b"".join(n.to_bytes(4, "little") for n in (PAGES_MAGIC, len(heap), PAGE, len(kept), *kept))
    return bytes(shipped[:start]) + head + b"".join(heap[i * PAGE:(i + 1) * PAGE] for i in kept)


def all_pages(shipped: bytes) -> bytes:
    """The snapshot :func:`only_pages_changed` was given: its heap whole again, the pages left out zeros.

    :raises SnapshotError: the file is not laid out as :func:`only_pages_changed` writes it.
    """
    if len(shipped) < 8:
        raise SnapshotError(f"a snapshot of {len(shipped)} bytes has no header")
    start = int.from_bytes(shipped[4:8], "little")
    words = [int.from_bytes(shipped[start + 4 * k:start + 4 * k + 4], "little") for k in range(4)]
    magic, size, page, count = words if len(shipped) >= start + 16 else (0, 0, 0, 0)
    at = start + 16 + 4 * count
    if magic != PAGES_MAGIC or page != PAGE or size % PAGE or len(shipped) != at + count * PAGE:
        raise SnapshotError("the snapshot is not laid out in the pages the page reads")
    heap = bytearray(size)
    for k in range(count):
        n = int.from_bytes(shipped[start + 16 + 4 * k:start + 20 + 4 * k], "little")
        if n >= size // PAGE:
            raise SnapshotError(f"the snapshot names page {n}, past its heap of {size:,} bytes")
        heap[n * PAGE:(n + 1) * PAGE] = shipped[at + k * PAGE:at + (k + 1) * PAGE]
    return bytes(shipped[:start]) + bytes(heap)


def check_fits(snapshot: bytes, wasm: bytes) -> int:
    """Returns the heap a snapshot restores, when it fits the memory Pyodide starts with.

    Restores have failed upstream past Pyodide's initial memory ("RangeError: offset is out
    of bounds"; the pages grow memory first, docs/startup.md), and a larger one makes every
    restored page start that much bigger.

    :raises SnapshotError: the restored heap is larger than Pyodide's initial memory.
    """
    heap, limit = restored_heap(snapshot), wasm_initial_memory(wasm)
    if heap > limit:
        raise SnapshotError(f"the snapshot restores a heap of {heap:,} bytes ({heap / 2**20:.2f} MiB), past "
                            f"Pyodide's initial memory of {limit:,} bytes ({limit >> 20} MiB)")
    return heap


def build_id(pyodide_dir: Path) -> str:
    """Names a snapshot after the Pyodide build and what is baked into it."""
    digest = hashlib.sha256()
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", STDLIB):
        digest.update(hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    digest.update("\n".join(BAKED_MODULES).encode())
    digest.update(BAKED_LOADER.encode())
    digest.update(MAKER_HTML.encode())  # what the maker runs before the snapshot is taken
    digest.update(SHIPPED_AS.encode())
    digest.update(json.dumps(MAKER_ENV, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def code_id(sources: dict[str, bytes]) -> str:
    """Names the compiled code a snapshot carries after the sources it was compiled from."""
    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.encode() + b"\0" + hashlib.sha256(sources[path]).digest())
    return digest.hexdigest()[:8]


def baked_json(sources: dict[str, bytes]) -> str:
    return json.dumps(
        {path: [hashlib.sha256(data).hexdigest(), data.decode("utf-8")] for path, data in sorted(sources.items())}
    )


def make_snapshot(vendor: Path, out: Path, sources: dict[str, bytes] | None = None) -> int:
    """Makes the gzip-compressed snapshot file ``out`` with the Pyodide in ``vendor``; returns raw size.

    ``sources`` maps a file's path in the page (under :data:`HOME`) to its bytes: each is
    compiled by the Pyodide in Chromium and kept in the snapshot as a code object.
    """
    imports = "import " + ", ".join(BAKED_MODULES)
    with tempfile.TemporaryDirectory(prefix="snapshot-maker-") as folder:
        site = Path(folder)
        (site / "vendor").symlink_to(vendor, target_is_directory=True)
        (site / "baked.json").write_text(baked_json(sources or {}), encoding="utf-8")
        html = MAKER_HTML % {"imports": json.dumps(imports), "loader": json.dumps(BAKED_LOADER), "env": json.dumps(MAKER_ENV),
                             "code_id": json.dumps(code_id(sources or {})),
                             "stdlib": json.dumps(f"./vendor/pyodide/{STDLIB}")}
        (site / "index.html").write_text(html, encoding="utf-8")
        with serving(site) as url, sync_playwright() as p:
            browser = p.chromium.launch(**chromium.launch_options())
            page = browser.new_page(accept_downloads=True)
            page.goto(url + "index.html")
            page.wait_for_function("() => document.body.dataset.done || document.body.dataset.error", timeout=120_000)
            error = page.evaluate("document.body.dataset.error")
            if error:
                browser.close()
                raise SnapshotError(f"making the Pyodide snapshot failed in Chromium: {error}")
            raw = int(page.evaluate("document.body.dataset.done"))
            with page.expect_download() as download:
                page.click("#save")
            download.value.save_as(out)
            browser.close()
    return raw


def wheel_sources(wheel: Path) -> dict[str, bytes]:
    """Every Python file of our wheel, by the path the page unpacks it to."""
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


def baked_mark(code: str) -> bytes:
    """What a restored page's copy of our wheel holds in place of each Python file, for a snapshot that
    holds the code of :func:`code_id` ``code``."""
    return BAKED_MARK.format(code).encode()


def write_restored_wheel(wheel: Path, out: Path, code: str) -> None:
    """Our wheel as a page restored from the snapshot of :func:`code_id` ``code`` unpacks it: the same files,
    each Python file as the :func:`baked_mark` (the snapshot holds the code compiled from it), its other
    files as they are, but its RECORD (each file's sha256, which a mark is not; nothing reads it). About
    0.26 MB less on a first visit's wire, and no sha256 of each file as a page imports it. What is lost:
    a restored page's tracebacks show no source lines of ours."""
    mark = baked_mark(code)
    with zipfile.ZipFile(wheel) as whole, zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as marks:
        for info in whole.infolist():
            if info.filename.endswith(".dist-info/RECORD"):
                continue
            data = whole.read(info)
            marks.writestr(zipfile.ZipInfo(info.filename, info.date_time), mark if info.filename.endswith(".py") else data)


class Shipped(NamedTuple):
    """What :func:`build_snapshot` put in the site, by URL."""

    snapshot: str
    """The snapshot."""
    stdlib: str
    """The standard library a restored interpreter loads (``builder.stdlib.write_restored``)."""
    wheel: str | None = None
    """Our wheel as a restored page unpacks it (:func:`write_restored_wheel`)."""


def build_snapshot(vendor: Path, wheel: Path | None = None, pins: Pins | None = None) -> Shipped | None:
    """Makes the Pyodide memory snapshot into ``vendor/`` (:func:`make_snapshot`), and beside
    Pyodide's files the standard library a page restored from it loads; returns their URLs.

    The snapshot also carries the compiled code (by Pyodide's own Python) of every Python
    file a page imports from a file rather than from the snapshot: our wheel, PyScript's
    package and the wasm wheels' Python parts, so a return visit compiles none of them.

    Needs Chromium; where there is none (a plain ``build`` on a machine without it) the
    site is built without a snapshot, and the pages start Python the normal way.

    Shipped raw (``….bin``), not as the maker's gzip kept in the cache: the host's brotli
    (``builder.compress``) sends it in 2.4 MB less, and the browser unpacks it; and its heap
    XOR the wasm's initial memory (:func:`against_initial_memory`), about 1 MB less again; only the
    pages of it that are not zeros (:func:`only_pages_changed`), half as much for a return visit to read.
    """
    if not Path(chromium.executable()).exists():
        say(f"no Chromium at {chromium.executable()}: building without the start-up snapshot")
        return None
    sources = {
        **(package_sources(pins) if pins else {}),
        **pyscript_sources(vendor / "pyscript"),
        **(wheel_sources(wheel) if wheel else {}),
    }
    stem = f"snapshot-{build_id(vendor / 'pyodide')}-{code_id(sources)}"
    cached = CACHE / "snapshots" / f"{stem}.bin.gz"
    if not cached.exists():
        say("making the Pyodide start-up snapshot in Chromium")
        cached.parent.mkdir(parents=True, exist_ok=True)
        try:
            raw = make_snapshot(vendor, cached.with_suffix(".tmp"), sources)
            if raw > INITIAL_MEMORY + 65536:
                say(f"the snapshot holds {raw / 2**20:.1f} MiB, past Pyodide's initial {INITIAL_MEMORY >> 20} MiB: "
                    "every return visit then starts with that much more memory (docs/startup.md)")
        except SnapshotError as exc:
            raise BuildError(str(exc)) from None
        cached.with_suffix(".tmp").rename(cached)
        for old in sorted(cached.parent.glob("snapshot-*.bin.gz"), key=lambda p: p.stat().st_mtime)[:-4]:
            old.unlink()  # keep the cache to the few most recent sources
    shipped = vendor / f"{stem}.bin"
    wasm = (vendor / "pyodide" / "pyodide.asm.wasm").read_bytes()
    try:
        shipped.write_bytes(only_pages_changed(against_initial_memory(gzip.decompress(cached.read_bytes()), wasm)))
        write_restored(vendor / "pyodide" / STDLIB, vendor / "pyodide" / RESTORED_NAME)
    except SnapshotError as exc:
        raise BuildError(str(exc)) from None
    restored_wheel = None
    if wheel:
        restored_wheel = wheel.with_name(wheel.stem + ".restored.zip")
        write_restored_wheel(wheel, restored_wheel, code_id(sources))
    return Shipped(f"./vendor/{shipped.name}", f"./vendor/pyodide/{RESTORED_NAME}",
                   restored_wheel and f"./{restored_wheel.parent.name}/{restored_wheel.name}")
