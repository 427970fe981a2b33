"""The trimmed standard library the pages load, and the guard on the start-up snapshot:
its restored heap fits the memory Pyodide starts with (docs/startup.md)."""

from __future__ import annotations

import gzip
import sys
import zipfile
from pathlib import Path

import pytest

import builder.base
from builder import snapshot, stdlib

DIST = builder.base.DIST
PYODIDE = DIST / "vendor" / "pyodide"


@pytest.fixture(scope="module")
def dist() -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    return DIST


def built_snapshot(dist: Path) -> bytes:
    found = sorted((dist / "vendor").glob("snapshot-*.bin"))
    if not found:
        pytest.skip("built without Chromium: no snapshot")
    assert len(found) == 1, found
    return snapshot.all_pages(found[0].read_bytes())


# ---------------------------------------------------------------- the snapshot's heap


def test_the_snapshot_restores_a_heap_within_pyodides_initial_memory(dist):
    # Intent: a snapshot is all of wasm memory as it was made; past the memory Pyodide's
    # wasm starts with (30 MiB), restores have failed upstream and every page starts bigger.
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    assert snapshot.wasm_initial_memory(wasm) == 30 * 2**20 == snapshot.INITIAL_MEMORY
    heap = snapshot.check_fits(built_snapshot(dist), wasm)
    assert 20 * 2**20 < heap <= 30 * 2**20


def test_a_snapshot_past_the_initial_memory_is_refused(dist):
    # Intent: the guard above can fail: one 64 KiB page more than Pyodide starts with is refused.
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    made = built_snapshot(dist)
    with pytest.raises(snapshot.SnapshotError, match=r"heap of 31,522,816 bytes .*past Pyodide's initial memory of 31,457,280"):
        snapshot.check_fits(made + bytes(31_522_816 - snapshot.restored_heap(made)), wasm)
    with pytest.raises(snapshot.SnapshotError, match="no header"):
        snapshot.restored_heap(b"\x00\x01")


def leb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def module(*segments: bytes, pages: int = 1) -> bytes:
    """A WebAssembly module with a memory of ``pages`` and these data segments (each as encoded)."""
    memory = b"\x01\x00" + leb(pages)
    data = leb(len(segments)) + b"".join(segments)
    return (b"\x00asm\x01\x00\x00\x00" + b"\x05" + leb(len(memory)) + memory
            + b"\x0b" + leb(len(data)) + data)


def active(offset: int, payload: bytes) -> bytes:
    return b"\x00\x41" + leb(offset) + b"\x0b" + leb(len(payload)) + payload  # (offset < 64: its sleb is its leb)


def test_the_initial_memory_is_the_wasms_data_written_at_its_offsets():
    # Intent: the memory an instance starts with, which the shipped snapshot is XORed with; a passive
    # segment is not in it, and an offset known only as the module is instantiated is refused.
    wasm = module(active(16, b"abc"), b"\x01" + leb(2) + b"zz", active(40, b"\xff"))
    initial = snapshot.wasm_initial_data(wasm)
    assert len(initial) == 65536
    assert initial[16:19] == b"abc" and initial[40] == 0xFF and initial.count(0) == 65536 - 4
    with pytest.raises(snapshot.SnapshotError, match="not a constant"):
        snapshot.wasm_initial_data(module(b"\x00\x23\x00\x0b\x01a"))  # global.get 0
    with pytest.raises(snapshot.SnapshotError, match="past the initial memory"):
        snapshot.wasm_initial_data(module(b"\x00\x41\x80\x80\x04\x0b\x01a"))  # at 65536


def test_the_shipped_heap_is_xor_the_initial_memory_and_again_the_heap():
    wasm = module(active(16, b"abc"), pages=1)
    header = (8).to_bytes(4, "little") * 2
    heap = bytearray(65536 + 65536)  # grown by a page while made
    heap[16:19] = b"abd"
    heap[70000] = 7
    made = header + bytes(heap)
    shipped = snapshot.against_initial_memory(made, wasm)
    assert shipped[:8] == header and shipped[8 + 16:8 + 19] == b"\x00\x00\x07" and shipped[8 + 70000] == 7
    assert snapshot.against_initial_memory(shipped, wasm) == made


def test_the_shipped_snapshot_is_the_one_made_xor_the_initial_memory(dist):
    # Intent: what the page XORs back (with its just-instantiated memory) is what the maker made.
    shipped_path = next((dist / "vendor").glob("snapshot-*.bin"), None)
    made_path = builder.base.CACHE / "snapshots" / (shipped_path.name + ".gz") if shipped_path else None
    if not made_path or not made_path.exists():
        pytest.skip("no snapshot made by this build on this machine")
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    made, shipped = gzip.decompress(made_path.read_bytes()), snapshot.all_pages(shipped_path.read_bytes())
    assert len(shipped) == len(made) and shipped != made
    assert snapshot.against_initial_memory(shipped, wasm) == made
    # Only the pages that differ from the initial memory are shipped: about half the heap.
    assert shipped_path.stat().st_size < len(made) * 0.6


def test_only_the_pages_that_are_not_zeros_are_shipped_and_the_heap_comes_back_whole():
    # Intent: half the heap XORed with the initial memory is zeros; a return visit reads the rest only,
    # and the page (web/pyodide-boot.mjs: layoutOf, readSnapshot, xorPages) rebuilds exactly the snapshot as made.
    header = (16).to_bytes(4, "little") * 4
    heap = bytearray(5 * snapshot.PAGE)
    heap[snapshot.PAGE + 3] = 9  # page 1
    heap[-1] = 1  # page 4
    made = header + bytes(heap)
    shipped = snapshot.only_pages_changed(made)
    assert shipped[:16] == header
    words = [int.from_bytes(shipped[16 + 4 * k:20 + 4 * k], "little") for k in range(6)]
    assert words == [snapshot.PAGES_MAGIC, len(heap), snapshot.PAGE, 2, 1, 4]
    assert len(shipped) == 16 + 24 + 2 * snapshot.PAGE
    assert snapshot.all_pages(shipped) == made
    with pytest.raises(snapshot.SnapshotError, match="not laid out in the pages"):
        snapshot.all_pages(shipped[:-1])  # cut short
    with pytest.raises(snapshot.SnapshotError, match="past its heap"):
        snapshot.all_pages(shipped[:36] + (5).to_bytes(4, "little") + shipped[40:])
    with pytest.raises(snapshot.SnapshotError, match="whole pages"):
        snapshot.only_pages_changed(made + b"\x00")


def test_the_snapshot_is_made_against_the_standard_library_the_pages_load(dist):
    # Intent: a restored interpreter reads its modules from the zip it was made with (its
    # import system's directory of the zip is in the snapshot), so the pages, the maker
    # and the snapshot's name all use the trimmed zip.
    boot = (dist / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'const STDLIB_URL = new URL("./vendor/pyodide/{stdlib.TRIMMED_NAME}"' in boot
    assert snapshot.STDLIB == stdlib.TRIMMED_NAME
    assert "stdLibURL: %(stdlib)s" in snapshot.MAKER_HTML
    name = next((dist / "vendor").glob("snapshot-*.bin")).name
    assert name.startswith(f"snapshot-{snapshot.build_id(PYODIDE)}-")


# ---------------------------------------------------------------- the trimmed zip


def test_the_trimmed_standard_library_holds_the_listed_files_stored_and_the_finder(dist):
    # Intent: only the listed files, stored (the host's compression works on it as a whole),
    # byte for byte Pyodide's, and the finder that fetches the whole zip for anything else.
    used = stdlib.read_used()
    assert used, "web/stdlib-used.txt is missing or empty: python -m builder.stdlib_record"
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full, zipfile.ZipFile(PYODIDE / stdlib.TRIMMED_NAME) as trimmed:
        files = [info for info in trimmed.infolist() if not info.is_dir()]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in trimmed.infolist())
        assert sorted(info.filename for info in files) == sorted([*used, "strike_rank_stdlib.py"])
        for info in files[:40]:
            if info.filename != "strike_rank_stdlib.py":
                assert trimmed.read(info) == full.read(info.filename), info.filename
        finder = trimmed.read("strike_rank_stdlib.py").decode()
        left_out = stdlib.module_names(full.namelist()) - stdlib.module_names(used)
        assert f"MISSING = frozenset({sorted(left_out)!r})" in finder
        assert "xml.dom.minidom" in left_out and "json" not in left_out
    assert (PYODIDE / stdlib.TRIMMED_NAME).stat().st_size < (PYODIDE / "python_stdlib.zip").stat().st_size * 2
    # Every page and the snapshot's baked modules come from it, pre-cached; the whole zip, for
    # the finder only, is kept by the worker once a page fetched it (2.55 MB).
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    assets, later = sw.split("const LATER")
    assert f'"./vendor/pyodide/{stdlib.TRIMMED_NAME}"' in assets and "python_stdlib.zip" not in assets
    assert '"./vendor/pyodide/python_stdlib.zip"' in later


def test_module_names_of_zip_paths():
    assert stdlib.module_names(["email/__init__.py", "email/mime/text.py", "site-packages/README.txt",
                                "ctypes/macholib/fetch_macholib", "json/"]) == {"email", "email.mime.text"}


def test_a_list_naming_a_file_pyodide_does_not_have_fails_the_build(tmp_path):
    # Intent: a list recorded with another Pyodide is not silently shipped short.
    full = tmp_path / "full.zip"
    with zipfile.ZipFile(full, "w") as zf:
        zf.writestr("json/__init__.py", "x = 1\n")
        zf.writestr("json/decoder.py", "y = 2\n")
        zf.writestr("statistics.py", "z = 3\n")
    counts = stdlib.write_trimmed(full, tmp_path / "trimmed.zip", ["json/__init__.py"])
    assert counts["files"] == 2 and counts["left out"] == 2
    with zipfile.ZipFile(tmp_path / "trimmed.zip") as zf:
        assert zf.namelist() == ["json/", "json/__init__.py", "strike_rank_stdlib.py"]
        assert "MISSING = frozenset(['json.decoder', 'statistics'])" in zf.read("strike_rank_stdlib.py").decode()
        assert "KEPT = frozenset(['json'])" in zf.read("strike_rank_stdlib.py").decode()
    with pytest.raises(stdlib.StdlibError, match="lists nothere.py, not in Pyodide's full.zip"):
        stdlib.write_trimmed(full, tmp_path / "again.zip", ["json/__init__.py", "nothere.py"])


# ---------------------------------------------------------------- the zip a restored page loads


def bodies(path: Path) -> dict[str, bytes]:
    """Each file's stored bytes, as zipimport reads them (no CRC check: a blanked file fails zipfile's)."""
    data = path.read_bytes()
    with zipfile.ZipFile(path) as zf:
        infos = [info for info in zf.infolist() if not info.is_dir()]
    out = {}
    for info in infos:
        at = info.header_offset
        start = at + 30 + int.from_bytes(data[at + 26:at + 28], "little") + int.from_bytes(data[at + 28:at + 30], "little")
        out[info.filename] = data[start:start + info.compress_size]
    return out


def central_directory(data: bytes) -> bytes:
    end = data.rindex(b"PK\x05\x06")
    size, at = int.from_bytes(data[end + 12:end + 16], "little"), int.from_bytes(data[end + 16:end + 20], "little")
    return data[at:at + size]


def test_a_restored_page_loads_the_trimmed_zip_with_every_file_made_zeros(tmp_path):
    # Intent: the same zip to the byte (a restored interpreter keeps the directory it read), but for
    # the bodies of its files: the snapshot holds what a page imports before ready, and the rest is
    # read from the trimmed zip itself when first imported (strike_rank_stdlib.TrimmedStdlibFiller).
    trimmed = tmp_path / "used.zip"
    with zipfile.ZipFile(trimmed, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("json/", b"")
        zf.writestr("json/__init__.py", "import json.decoder\n" * 50)
        zf.writestr("json/decoder.py", "x = 1\n")
        zf.writestr("textwrap.py", "y = 2\n")
    restored = tmp_path / "restored.zip"
    assert stdlib.write_restored(trimmed, restored)["blanked"] == 3
    before, after = trimmed.read_bytes(), restored.read_bytes()
    assert len(after) == len(before) and central_directory(after) == central_directory(before)
    assert bodies(restored) == {"json/__init__.py": bytes(1000), "json/decoder.py": bytes(6), "textwrap.py": bytes(6)}
    # What a page reads before ready and the snapshot does not hold stays whole.
    assert stdlib.write_restored(trimmed, restored, whole=("textwrap.py",))["blanked"] == 2
    assert bodies(restored)["textwrap.py"] == b"y = 2\n" and not any(bodies(restored)["json/decoder.py"])


def test_the_built_zip_for_a_restored_page_is_the_trimmed_one_with_every_file_blank(dist):
    used = (PYODIDE / stdlib.TRIMMED_NAME).read_bytes()
    restored_path = PYODIDE / stdlib.RESTORED_NAME
    if not restored_path.exists():
        pytest.skip("built without Chromium: no snapshot")
    restored = restored_path.read_bytes()
    assert len(restored) == len(used) and central_directory(restored) == central_directory(used)
    assert sorted(name for name, body in bodies(restored_path).items() if any(body)) == ["ipaddress.py"]
    assert stdlib.RESTORED_WHOLE == ("ipaddress.py",)
    boot = (dist / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'const RESTORED_STDLIB = "./vendor/pyodide/{stdlib.RESTORED_NAME}"' in boot
    # The finder fills the zip for any other module of it (ipaddress is there as it is).
    with zipfile.ZipFile(PYODIDE / stdlib.TRIMMED_NAME) as trimmed:
        finder = trimmed.read("strike_rank_stdlib.py").decode()
    kept = stdlib.module_names(stdlib.read_used()) - {"ipaddress"}
    assert f"KEPT = frozenset({sorted(kept)!r})" in finder


def test_a_restored_page_reads_the_trimmed_zip_itself_the_first_time_it_imports_a_module_of_it(tmp_path, monkeypatch):
    # Intent: the zip of zeros is only what a restored page starts with. The page's own read once
    # prepared writes the trimmed zip over it; the first import of a module of it before then does
    # (the page's writeTrimmed, synchronous), and the import goes on and finds the module; once, and
    # never on a page that started normally.
    import importlib
    import types

    trimmed = tmp_path / "used.zip"
    with zipfile.ZipFile(trimmed, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("srz_dice_probe.py", "FACES = 6\n")
        zf.writestr("srz_other_probe.py", "FACES = 8\n")
    on_path = tmp_path / "python.zip"
    stdlib.write_restored(trimmed, on_path)
    asked = []
    page = types.SimpleNamespace(writeTrimmed=lambda path: asked.append(1) or Path(path).write_bytes(trimmed.read_bytes()))
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(strikeRankStdlib=page))
    finder = types.ModuleType("strike_rank_stdlib")
    finder.__file__ = f"{on_path}/strike_rank_stdlib.py"
    source = stdlib.finder_source(set(), {"srz_dice_probe", "srz_other_probe"})
    exec(compile(source, finder.__file__, "exec"), finder.__dict__)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(on_path), *sys.path])
    for name in ("srz_dice_probe", "srz_other_probe"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    finder.install()
    assert finder.TrimmedStdlibFiller not in sys.meta_path  # a page started normally loads the trimmed zip
    finder.install(restored=True)
    assert sys.meta_path[0] is finder.TrimmedStdlibFiller
    assert importlib.import_module("srz_dice_probe").FACES == 6
    assert importlib.import_module("srz_other_probe").FACES == 8
    assert (finder.FILLED_FOR, asked) == (["srz_dice_probe"], [1])
    assert on_path.read_bytes() == trimmed.read_bytes()
    page.writeTrimmed = lambda path: (_ for _ in ()).throw(RuntimeError("HTTP 504"))
    finder.FILLED_FOR.clear()
    monkeypatch.delitem(sys.modules, "srz_dice_probe")
    with pytest.raises(ImportError, match="module srz_dice_probe of Python's standard library could not be loaded "
                                          r"\(offline\?\): HTTP 504"):
        importlib.import_module("srz_dice_probe")
    # The page's own read once prepared (fillTrimmed, an ordinary fetch the service worker answers offline)
    # fills the zeros as the import would have, and no import asks for it again.
    stdlib.write_restored(trimmed, on_path)
    finder.fill_trimmed(lambda path: Path(path).write_bytes(trimmed.read_bytes()))
    finder.fill_trimmed(lambda path: pytest.fail("filled already"))
    assert finder.FILLED_FOR == [finder.PREPARED] and on_path.read_bytes() == trimmed.read_bytes()
    assert importlib.import_module("srz_dice_probe").FACES == 6


def test_a_module_the_trimmed_zip_leaves_out_is_found_in_the_whole_one_the_page_writes_once(tmp_path, monkeypatch):
    # Intent: an import of a module of Python's standard library that the trimmed zip leaves out has the
    # page write Pyodide's whole zip beside it (the page's writeFull, synchronous: the bytes go straight
    # into its file system), once, and finds the module there; a page that cannot says so, naming it.
    import importlib
    import types

    on_path = tmp_path / "python.zip"
    with zipfile.ZipFile(on_path, "w") as zf:
        zf.writestr("srz_kept_probe.py", "FACES = 4\n")
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w") as zf:
        zf.writestr("srz_kept_probe.py", "FACES = 4\n")
        zf.writestr("srz_left_probe.py", "FACES = 10\n")
        zf.writestr("srz_left_other.py", "FACES = 12\n")
    written = []
    page = types.SimpleNamespace(writeFull=lambda path: written.append(path) or Path(path).write_bytes(whole.read_bytes()))
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(strikeRankStdlib=page))
    finder = types.ModuleType("strike_rank_stdlib")
    finder.__file__ = f"{on_path}/strike_rank_stdlib.py"
    source = stdlib.finder_source({"srz_left_probe", "srz_left_other"}, {"srz_kept_probe"})
    exec(compile(source, finder.__file__, "exec"), finder.__dict__)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(on_path), *sys.path])
    for name in ("srz_kept_probe", "srz_left_probe", "srz_left_other"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    finder.install()
    assert importlib.import_module("srz_kept_probe").FACES == 4 and written == []
    assert importlib.import_module("srz_left_probe").FACES == 10
    assert importlib.import_module("srz_left_other").FACES == 12
    # the second from the path, where the first put the whole zip
    assert written == [str(tmp_path / "python-full.zip")] and finder.FROM_FULL == ["srz_left_probe"]
    sys.path.remove(finder.FULL)
    monkeypatch.delitem(sys.modules, "srz_left_probe")
    page.writeFull = lambda path: (_ for _ in ()).throw(RuntimeError("NetworkError: Failed to load"))
    with pytest.raises(ImportError, match="module srz_left_probe is not in the part of Python's standard library this "
                                          r"site keeps, and the whole standard library could not be loaded \(offline\?\): "
                                          "NetworkError: Failed to load"):
        importlib.import_module("srz_left_probe")


# ---------------------------------------------------------------- our wheel on a restored page


def baked_loader():
    module = type(zipfile)("strike_rank_baked")
    exec(snapshot.BAKED_LOADER, module.__dict__)
    return module


def test_the_baked_loader_takes_the_mark_of_the_code_it_holds_and_compiles_anything_else(tmp_path):
    # Intent: a restored page unpacks our wheel with each file it holds compiled as the mark of the code
    # the snapshot holds: the loader gives the code it holds for the mark or the file itself, never
    # for another mark (a service worker's copy of another build) or another text, which it compiles.
    import hashlib

    loader = baked_loader()
    source = b"WHO = 'the file'\n"
    digest = hashlib.sha256(source).hexdigest()
    path = tmp_path / "rules.py"
    loader.CODE[str(path)] = (digest, compile("WHO = 'baked'", str(path), "exec"))
    loader.TAKEN = snapshot.baked_mark("88d63f2e")

    def run(text: bytes) -> str | None:
        path.write_bytes(text)
        names: dict = {}
        exec(loader.BakedLoader("rules", str(path)).get_code("rules"), names)
        return names.get("WHO")

    assert run(snapshot.baked_mark("88d63f2e")) == "baked"
    assert run(source) == "baked"
    assert run(snapshot.baked_mark("0a1b2c3d")) is None  # another build's: a comment, compiled as it is
    assert run(b"WHO = 'changed'\n") == "changed"


def test_a_restored_page_unpacks_our_wheel_with_each_python_file_a_mark(tmp_path):
    wheel = tmp_path / "strike_rank-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("pyengine/__init__.py", "VERSION = 1\n" * 100)
        zf.writestr("pyengine/dice.py", "FACES = 6\n" * 100)
        zf.writestr("strike_rank-1.0.dist-info/METADATA", "Name: strike_rank\n")
        zf.writestr("strike_rank-1.0.dist-info/RECORD", "pyengine/__init__.py,sha256=x,1200\n")
    restored = tmp_path / "restored.zip"
    snapshot.write_restored_wheel(wheel, restored, "88d63f2e")
    with zipfile.ZipFile(restored) as zf:
        # RECORD lists each file's sha256, which a mark is not: left out.
        assert zf.namelist() == ["pyengine/__init__.py", "pyengine/dice.py", "strike_rank-1.0.dist-info/METADATA"]
        assert zf.read("pyengine/__init__.py") == zf.read("pyengine/dice.py") == snapshot.baked_mark("88d63f2e")
        assert snapshot.baked_mark("88d63f2e") == b"# compiled into the start-up snapshot: 88d63f2e\n"
        assert zf.read("strike_rank-1.0.dist-info/METADATA") == b"Name: strike_rank\n"
    assert restored.stat().st_size < wheel.stat().st_size


def test_the_built_site_hands_a_restored_page_the_wheel_of_marks(dist):
    found = sorted((dist / "pkg").glob("*.restored.zip"))
    if not sorted((dist / "vendor").glob("snapshot-*.bin")):
        pytest.skip("built without Chromium: no snapshot")
    assert len(found) == 1, found
    wheel = next(p for p in (dist / "pkg").glob("*.whl"))
    code = next((dist / "vendor").glob("snapshot-*.bin")).stem.rpartition("-")[2]  # the snapshot's code_id
    with zipfile.ZipFile(wheel) as whole, zipfile.ZipFile(found[0]) as marks:
        assert [name for name in whole.namelist() if not name.endswith("/RECORD")] == marks.namelist()
        for name in marks.namelist():
            expected = snapshot.baked_mark(code) if name.endswith(".py") else whole.read(name)
            assert marks.read(name) == expected, name
    assert found[0].with_name(found[0].name + ".br").stat().st_size < 8_000  # 26 KB with a sha256 a file
    boot = (dist / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'const RESTORED_WHEEL = "./pkg/{found[0].name}"' in boot
