"""The trimmed standard library the pages load, and the guard on the start-up snapshot:
its restored heap fits the memory Pyodide starts with (docs/startup.md)."""

from __future__ import annotations

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
    return found[0].read_bytes()


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
        assert "'json.decoder', 'statistics'" in zf.read("strike_rank_stdlib.py").decode()
    with pytest.raises(stdlib.StdlibError, match="lists nothere.py, not in Pyodide's full.zip"):
        stdlib.write_trimmed(full, tmp_path / "again.zip", ["json/__init__.py", "nothere.py"])
