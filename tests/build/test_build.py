"""The build: pins in one place, tables validated with file/row/field, a reproducible
wheel, a pruned lock file, a complete service worker, relative URLs, MIME types."""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import re
import shutil
import struct
import subprocess
import urllib.request
import zipfile
from pathlib import Path

import msgspec
import pytest

import build
import builder.app_files
import builder.base
import builder.commands
import builder.install
import builder.pages
import builder.pins
import builder.site
import builder.snapshot
import builder.tables
import builder.vendor
import builder.wheel
from pyengine.tables import load_table, schema_for
from tools.serve import is_precompressed_sibling, serving

ROOT = builder.base.ROOT
DIST = builder.base.DIST
PINS = builder.pins.read_pins()


@pytest.fixture(scope="module")
def dist() -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    return DIST


# ---------------------------------------------------------------- pins


def test_pins_come_from_pyproject_and_msgspec_matches_in_both_worlds():
    assert PINS.pyscript.version == "0.7.31"
    assert PINS.pyodide.version.startswith("314.")
    (wheel,) = PINS.wasm_wheels
    assert wheel.name == "msgspec"
    # The browser's msgspec is the same release the CPython tests run against.
    assert wheel.version == msgspec.__version__


def test_no_version_is_pinned_anywhere_but_pyproject():
    pinned = [PINS.pyscript.version, PINS.pyodide.version, PINS.wasm_wheels[0].version, PINS.axe_core.version]
    pinned += re.findall(r"==([0-9][^\"\s]*)", (ROOT / "pyproject.toml").read_text())
    offenders = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in {".venv", ".vendor-cache", "dist", ".git", "docs"} or not path.is_file():
            continue
        if path.suffix not in {".py", ".js", ".html", ".json", ".toml", ".css"} and path.name != "run":
            continue
        if rel.as_posix() in {"pyproject.toml", "tests/build/test_build.py"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        offenders += [f"{rel}: {v}" for v in pinned if re.search(rf"(?<![\d.]){re.escape(v)}(?![\d.])", text)]
    assert offenders == []


# ---------------------------------------------------------------- tables


def write_table(folder: Path, table_id: str, text: str) -> Path:
    path = folder / "tables" / f"{table_id}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GOOD = (ROOT / "tables" / "runequest" / "hit_locations.toml").read_text(encoding="utf-8")


def test_every_table_compiles_and_decodes_back_to_the_same_struct(tmp_path):
    ids = builder.tables.compile_tables(ROOT / "tables", tmp_path)
    assert "runequest/hit_locations" in ids
    for table_id in ids:
        schema = schema_for(table_id)
        source = (ROOT / "tables" / f"{table_id}.toml").read_bytes()
        assert load_table(schema, (tmp_path / f"{table_id}.msgpack").read_bytes()) == msgspec.toml.decode(source, type=schema)


@pytest.mark.parametrize(
    ("broken", "names"),
    [
        (GOOD.replace('rolls = "12"', 'rolls = "13"'), ["row 3", "roll 12 is missing"]),
        (GOOD.replace('location = "chest"', 'location = "tail"'), ["$.rows[3].location", "'tail'"]),
        (GOOD.replace('location = "head"', 'location = "head"\nweight = 3'), ["$.rows[6]", "weight"]),
        (GOOD.replace('rolls = "5-8"', "rolls = 5"), ["$.rows[1].rolls", "str"]),
        (GOOD.replace("die = 20", "die = 12"), ["$.die"]),
        (GOOD + "[[rows]\n", ["line 32"]),
    ],
    ids=["gap", "unknown-location", "unknown-key", "wrong-type", "wrong-die", "bad-toml"],
)
def test_a_wrong_table_file_fails_the_build_naming_file_row_and_field(tmp_path, broken, names):
    write_table(tmp_path, "runequest/hit_locations", broken)
    with pytest.raises(builder.base.BuildError) as info:
        builder.tables.compile_tables(tmp_path / "tables", tmp_path / "out")
    message = str(info.value)
    assert "tables/runequest/hit_locations.toml" in message
    for name in names:
        assert name in message


def test_a_table_file_without_a_schema_fails_the_build(tmp_path):
    write_table(tmp_path, "runequest/hit_locatoins", GOOD)
    with pytest.raises(builder.base.BuildError, match="'runequest/hit_locatoins': no schema"):
        builder.tables.compile_tables(tmp_path / "tables", tmp_path / "out")


# ---------------------------------------------------------------- wheel and vendoring


def test_our_wheel_is_reproducible_and_holds_engine_and_glue(tmp_path):
    first = builder.wheel.build_wheel(tmp_path / "a", PINS.engine_version)
    second = builder.wheel.build_wheel(tmp_path / "b", PINS.engine_version)
    assert first.read_bytes() == second.read_bytes()
    names = zipfile.ZipFile(first).namelist()
    assert "pyengine/__init__.py" in names and "pyengine/tables.py" in names
    assert "app/index.py" in names and "app/dom.py" in names
    assert f"strike_rank-{PINS.engine_version}.dist-info/RECORD" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_our_wheel_is_stored_so_the_host_compresses_it_as_one_text(dist):
    # Intent: deflated file by file, the wheel was 339 KB that no host's brotli
    # could shrink; stored, its brotli copy is what a phone downloads, well under that.
    wheel = next((dist / "pkg").glob("*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        assert {info.compress_type for info in zf.infolist()} == {zipfile.ZIP_STORED}
    brotli_copy = wheel.with_name(wheel.name + ".br")
    assert brotli_copy.is_file() and brotli_copy.stat().st_size < 0.25 * wheel.stat().st_size
    # 250 KB until the live table's engine and pages joined the wheel (issue 35: about 5 KB compressed more).
    assert brotli_copy.stat().st_size < 270_000


def test_the_lock_file_knows_only_the_vendored_wheels(dist):
    lock = json.loads((dist / "vendor/pyodide/pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {w.name for w in (*PINS.wasm_wheels, *PINS.pure_wheels)}
    downloads = [(pin, builder.install.pip_download_wasm) for pin in PINS.wasm_wheels]
    downloads += [(pin, builder.install.pip_download_pure) for pin in PINS.pure_wheels]
    for pin, download in downloads:
        entry = lock["packages"][pin.name]
        wheel = dist / "vendor/pyodide" / entry["file_name"]
        assert entry["version"] == pin.version
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
        # The pinned wheel's files, stored so that the host's brotli works on the whole (msgspec is moved
        # before a first visit is ready: 30 KB less).
        pinned = download(pin, PINS)
        with zipfile.ZipFile(pinned) as source, zipfile.ZipFile(wheel) as shipped:
            assert [(i.filename, i.date_time) for i in shipped.infolist()] == [(i.filename, i.date_time) for i in source.infolist()]
            assert all(shipped.read(i.filename) == source.read(i) for i in source.infolist())
            assert {i.compress_type for i in shipped.infolist()} == {zipfile.ZIP_STORED}
        assert wheel.with_name(wheel.name + ".br").stat().st_size < 0.85 * pinned.stat().st_size
    assert [w.name for w in PINS.pure_wheels] == ["segno"]  # the QR encoder, installed on demand
    assert lock["packages"]["segno"]["file_name"].endswith("-py3-none-any.whl")


def test_patch_lock_refuses_a_package_pyodide_does_not_know(tmp_path):
    with pytest.raises(builder.base.BuildError, match="no package 'nosuch'"):
        builder.vendor.patch_lock({"info": {}, "packages": {}}, {"nosuch": ("1.0", tmp_path)})


def test_a_download_that_does_not_match_its_pin_is_refused(tmp_path):
    bad = tmp_path / "x.tgz"
    bad.write_bytes(b"not the real tarball")
    with pytest.raises(builder.base.BuildError, match="does not match the pin"):
        builder.install.checked(bad, "0" * 64)
    assert not bad.exists()


def test_pyscript_config_loads_nothing_from_elsewhere(dist):
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide-boot.mjs"
    boot = (dist / "pyodide-boot.mjs").read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in boot
    assert config["packages_cache"] == "passthrough"
    assert config["packages"] == ["msgspec"]
    for source in config["files"]:
        assert (dist / source).exists()
    assert not list((dist / "vendor").rglob("*.map"))


def test_pyscript_skips_only_plugins_it_has_and_keeps_its_error_plugin(dist):
    # Intent: the "!name" entries name plugins this PyScript release really has (a typo
    # would silently load the plugin again); "error" stays, it shows a Python error.
    config = json.loads((dist / "pyscript.json").read_text())
    core = "".join(p.read_text() for p in (dist / "vendor/pyscript").glob("core-*.js"))
    assert config["plugins"] and all(name.startswith("!") for name in config["plugins"])
    for name in config["plugins"]:
        assert re.search(rf'["{{,]"?{re.escape(name[1:])}"?:\(\)=>', core), name
    assert "!error" not in config["plugins"]


def test_the_boot_module_prefetches_our_wheel_and_each_page_names_its_tables(dist):
    boot = (dist / "pyodide-boot.mjs").read_text()
    prefetch = re.search(r"const PREFETCH = \[(\S+), ", boot).group(1)
    wheel = next((dist / "pkg").glob("*.whl"))
    assert json.loads(prefetch) == f"./pkg/{wheel.name}"
    # And msgspec's wheel, which PyScript has Pyodide load once Python is up, with the integrity
    # Pyodide's own fetch would check (the file's sha256).
    packages = json.loads(re.search(r"const PACKAGES = (\{.*?\});", boot).group(1))
    (url, integrity), = packages.items()
    assert url.startswith("./vendor/pyodide/msgspec-") and url.endswith(".whl")
    digest = base64.b64encode(hashlib.sha256((dist / url).read_bytes()).digest()).decode()
    assert integrity == f"sha256-{digest}"
    assert json.loads((dist / "pyscript.json").read_text())["packages"] == ["msgspec"]
    named = set()
    for page in builder.pages.PAGES:
        html = (dist / page.file).read_text()
        meta = re.search(r'<meta name="strike-rank-tables" content="([^"]*)" data-when="([^"]*)">', html)
        listed = meta.group(1).split()
        assert meta.group(2) == page.tables_when, page.file  # the start page: only with a party saved
        assert listed == [f"./tables/{table}.msgpack" for table in page.table_ids()], page.file
        assert all((dist / path).is_file() for path in listed), page.file
        named.update(listed)
    # Every table the site ships is one some page starts with.
    assert named == {f"./{p.relative_to(dist).as_posix()}" for p in (dist / "tables").rglob("*.msgpack")}


# ---------------------------------------------------------------- pages, service worker, manifest


def test_every_url_in_the_pages_is_relative(dist):
    for page in builder.pages.PAGES:
        html = (dist / page.file).read_text()
        for url in re.findall(r'(?:src|href)="([^"]*)"', html):
            assert url.startswith(("./", "#", "data:")), f"{page.file}: {url!r} is not relative"
            if url.startswith("./"):  # a page's mode is its file and a fragment (./combat.html#fight)
                assert (dist / url[2:].split("#")[0]).exists(), f"{page.file}: {url!r} is missing from dist/"


def test_the_service_worker_precaches_every_file_under_a_content_hash(dist):
    sw = (dist / "sw.js").read_text()
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", sw, re.S).group(1))
    # Every file but the precompressed copies (x.br, x.gz beside x): the worker caches what the
    # browser decoded, the originals.
    files = {f"./{p.relative_to(dist).as_posix()}" for p in dist.rglob("*")
             if p.is_file() and p.name != "sw.js" and not is_precompressed_sibling(p)}
    # Apart from what no page loads on its usual path, which the worker keeps once fetched.
    later = json.loads(re.search(r"new Set\((\[.*?\])\.map", sw, re.S).group(1))
    assert set(assets) == (files - set(later)) | {"./"}
    assert set(later) == {f for f in files if f[2:].startswith(builder.app_files.NOT_PRECACHED)}
    assert "./vendor/pyodide/python_stdlib.zip" in later and len(later) > 10
    assert not [f for f in later if f.endswith((".html", ".whl", ".msgpack", ".bin")) or "core-" in f]
    assert re.search(r'"strike-rank-[0-9a-f]{12}"', sw)


def test_the_cache_name_changes_when_any_file_changes(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.txt").write_text("one")
    first = builder.app_files.service_worker(site)
    assert builder.app_files.service_worker(site) == first
    (site / "a.txt").write_text("two")
    assert builder.app_files.service_worker(site) != first


def test_manifest_and_icons(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./index.html" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        png = (dist / icon["src"]).read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_start_page_links_only_pages_that_exist(dist):
    html = (dist / "index.html").read_text()
    linked = set(re.findall(r'<ul class="tools">.*?</ul>', html, re.S))
    for page in builder.pages.PAGES:
        if page.blurb:
            assert f'href="./{page.file}"' in "".join(linked)
    for href in re.findall(r'href="\./([a-z]+\.html)"', html):
        assert (dist / href).exists()


def test_the_server_sends_the_mime_types_the_site_needs(dist, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    for name in ["a.mjs", "a.wasm", "a.whl", "a.msgpack", "manifest.webmanifest", "a.js"]:
        (site / name).write_bytes(b"x")
    expected = {"a.mjs": "text/javascript", "a.wasm": "application/wasm", "a.whl": "application/zip",
                "a.msgpack": "application/vnd.msgpack", "manifest.webmanifest": "application/manifest+json",
                "a.js": "text/javascript"}
    with serving(site) as url:
        for name, mime in expected.items():
            with urllib.request.urlopen(url + name) as response:
                assert response.headers["Content-Type"] == mime, name


def test_build_fails_cleanly_on_a_bad_table_and_leaves_dist_alone(tmp_path, monkeypatch):
    tables = tmp_path / "tables"
    shutil.copytree(ROOT / "tables", tables)
    (tables / "runequest" / "hit_locations.toml").write_text(GOOD.replace("die = 20", "die = 21"))
    monkeypatch.setattr(builder.site, "TABLES", tables)
    target = tmp_path / "dist"
    target.mkdir()
    (target / "keep.txt").write_text("previous build")
    with pytest.raises(builder.base.BuildError, match=r"hit_locations.toml"):
        builder.site.build_site(PINS, target)
    assert (target / "keep.txt").read_text() == "previous build"


def test_the_snapshot_is_named_after_the_pyodide_build_and_shipped(dist):
    boot = (dist / "pyodide-boot.mjs").read_text()
    url = re.search(r"const SNAPSHOT_URL = (.*);", boot).group(1)
    sources = {
        **builder.snapshot.package_sources(PINS),
        **builder.snapshot.pyscript_sources(dist / "vendor" / "pyscript"),
        **builder.snapshot.wheel_sources(next((dist / "pkg").glob("*.whl"))),
    }
    expected = f"./vendor/snapshot-{builder.snapshot.build_id(dist / 'vendor' / 'pyodide')}-{builder.snapshot.code_id(sources)}.bin"
    assert json.loads(url) == expected
    # Raw memory (the pages that are not zeros), which the host compresses: a brotli copy beside it, a
    # fifth of the memory it restores.
    data = builder.snapshot.all_pages((dist / expected).read_bytes())
    assert data[:2] != b"\x1f\x8b" and builder.snapshot.restored_heap(data) > 20 * 2**20
    assert (dist / (expected + ".br")).stat().st_size < len(data) / 5


def test_the_snapshot_bakes_in_no_c_extension_and_no_engine_module():
    assert not [m for m in builder.snapshot.BAKED_MODULES if m.split(".")[0] in {"msgspec", "pyengine", "app", "random"}]


def test_the_snapshot_carries_compiled_code_for_every_python_file_a_page_imports(dist):
    # Intent: a return visit compiles nothing: our wheel's modules, PyScript's package and
    # msgspec's Python parts come compiled in the snapshot, each under the path the page
    # finds it at, and PyScript's files are still found in this PyScript release.
    wheel = builder.snapshot.wheel_sources(next((dist / "pkg").glob("*.whl")))
    assert "/home/pyodide/app/dom.py" in wheel and "/home/pyodide/pyengine/__init__.py" in wheel
    assert {"/home/pyodide/pyscript/__init__.py", "/home/pyodide/pyscript/fetch.py"} <= set(
        builder.snapshot.pyscript_sources(dist / "vendor" / "pyscript"))
    assert f"/lib/python{PINS.python}/site-packages/msgspec/__init__.py" in builder.snapshot.package_sources(PINS)


def test_every_argument_after_test_goes_to_pytest_as_it_is():
    args = build.parse_args(["test", "-q", "-p", "no:randomly", "-k", "dice and not slow", "tests/unit"])
    assert args.command == "test"
    assert args.pytest_args == ["-q", "-p", "no:randomly", "-k", "dice and not slow", "tests/unit"]
    assert build.parse_args(["bench", "--json"]).json is True
    assert build.parse_args(["bench"]).cold == 7 and build.parse_args(["bench", "--cold", "5"]).cold == 5
    with pytest.raises(SystemExit):
        build.parse_args(["bench", "--warm", "2"])


def test_the_stylesheet_braces_balance():
    # A lost "}" (as a merge once left) silently swallows every rule after it.
    depth = 0
    for number, line in enumerate((ROOT / "web" / "static" / "style.css").read_text().splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"style.css:{number}: a '}}' closes nothing"
    assert depth == 0, "style.css: a '{' is never closed"


def test_the_wheel_ships_code_without_notes_each_line_where_it_was(tmp_path):
    wheel = builder.wheel.build_wheel(tmp_path, "0.0.0")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert "pyengine/cli/__init__.py" not in names and "pyengine/cli/combat.py" not in names
        assert "pyengine/__main__.py" not in names
        for name in names:
            if not name.endswith(".py"):
                continue
            shipped = zf.read(name).decode("utf-8")
            package, _, rel = name.partition("/")
            source = (builder.base.ROOT / "pyengine" if package == "pyengine" else builder.base.WEB / "app") / rel
            original = source.read_text(encoding="utf-8")
            assert shipped.count("\n") == original.count("\n"), f"{name}: lines moved"
            tree = ast.parse(shipped)
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    assert ast.get_docstring(node) is None, f"{name}: a docstring left in {getattr(node, 'name', '')}"
            code_lines = [n.lineno for n in ast.walk(ast.parse(original)) if isinstance(n, (ast.Assign, ast.Return, ast.Call))]
            shipped_lines = [n.lineno for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return, ast.Call))]
            assert code_lines == shipped_lines, f"{name}: code moved"
    assert builder.wheel.shipped_source('def f():\n    """Doc."""\n\n\nx = 1  # note\n') == "def f():\n    pass\n\n\nx = 1\n"



class _Ran:
    """Stands in for subprocess in ``cmd_test``: records each pytest command, exits as told."""

    def __init__(self, browser: int, cpython: int, single: int = 0) -> None:
        self.commands: list[list[str]] = []
        self.status = {"browser": browser, "cpython": cpython, "single": single}

    def kind(self, command) -> str:
        if "--ignore=tests/browser" in command:
            return "cpython"
        return "browser" if "tests/browser" in command else "single"

    def run(self, command, **kwargs):
        self.commands.append(command)
        return subprocess.CompletedProcess(command, self.status[self.kind(command)])

    def popen(self, command, stdout=None, **kwargs):
        self.commands.append(command)
        self.popen_kwargs = kwargs
        stdout.write("CPython report\n")
        code = self.status[self.kind(command)]

        class Done:
            returncode = code

            def wait(self):
                return code

            def poll(self):
                return code

        return Done()


@pytest.mark.parametrize(("browser", "cpython"), [(0, 0), (1, 0), (0, 1)])
def test_the_whole_suite_runs_in_two_halves_that_cover_every_test(monkeypatch, capsys, browser, cpython):
    # Intent: `build.py test` with no arguments runs the CPython tests beside the build and then
    # the browser and build tests (which need dist/) in three workers; between them every
    # folder of tests/; it fails when either half fails; a browser test whose renderer crashed
    # runs again (twice at most), and nothing else does; the report lists the slowest browser tests, and the
    # CPython half runs at a lower priority. With arguments: one pytest run as asked.
    ran = _Ran(browser, cpython, single=5)
    monkeypatch.setattr(builder.commands, "setup", lambda browser: PINS)
    monkeypatch.setattr(builder.commands, "build_site", lambda pins: ran.commands.append(["built"]))
    monkeypatch.setattr(builder.commands.subprocess, "run", ran.run)
    monkeypatch.setattr(builder.commands.subprocess, "Popen", ran.popen)
    status = builder.commands.cmd_test(build.parse_args(["test"]))
    assert (status == 0) == (browser == cpython == 0)
    tails = [c[c.index("pytest") + 1:] if "pytest" in c else c for c in ran.commands]
    assert tails == [["tests", "--ignore=tests/browser", "--ignore=tests/build"], ["built"],
                     ["tests/browser", "tests/build", "--browser", "chromium", "-n", "3", "--dist", "worksteal",
                      "--reruns", "2", "--only-rerun", "Target crashed", "--only-rerun", "Page crashed", "-rR",
                      "--durations", "25"]]
    # the CPython half yields the processor to the browser half, which the suite waits for
    assert ran.popen_kwargs["preexec_fn"] is builder.commands.lower_priority
    folders = {p.relative_to(ROOT / "tests").parts[0] for p in (ROOT / "tests").rglob("test_*.py") if p.parent != ROOT / "tests"}
    assert folders == {"unit", "browser", "build"}, "a new folder of tests: which half runs it?"
    assert "CPython report" in capsys.readouterr().out

    ran.commands.clear()
    assert builder.commands.cmd_test(build.parse_args(["test", "-k", "dice"])) == 5
    command, = (c for c in ran.commands if c != ["built"])
    assert command[command.index("pytest") + 1:] == ["--browser", "chromium", "-k", "dice"]


def test_every_test_folder_is_collected(pytestconfig):
    # pytest skips folders named like its norecursedirs (by default "build" among them, which
    # left this file out of `build.py test`): none of ours may match.
    import fnmatch

    skipped = pytestconfig.getini("norecursedirs")
    folders = {p.parent for p in (ROOT / "tests").rglob("test_*.py")}
    for folder in folders:
        for part in folder.relative_to(ROOT).parts:
            assert not any(fnmatch.fnmatch(part, pattern) for pattern in skipped), f"{folder} is never collected"
