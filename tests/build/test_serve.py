"""Serving as static hosts do: content codings negotiated from Accept-Encoding
(brotli, then gzip) from the build's precompressed siblings, with Vary, the right types,
and the original bytes for a client that did not ask; the build's precompress step."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import urllib.parse
from pathlib import Path

import pytest

import build
import builder.app_files
import builder.base
import builder.compress
import builder.install
import builder.pins
from measure import bench, phone
from tools.serve import (
    accepted_encodings,
    choose_encoding,
    is_precompressed_sibling,
    precompressed_size,
    serving,
    site_size,
)

brotli = builder.install.ensure_build_tool(builder.pins.read_pins().brotli)
TEXT = ("function strikeRank() { return 'a table companion'; }\n" * 400).encode()


def get(url: str, path: str, accept: str | None = None, method: str = "GET", **headers: str):
    """One request (no client-side decoding): status, headers (lower-case names), body."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    sent = dict(headers)
    if accept is not None:
        sent["Accept-Encoding"] = accept
    connection.putrequest(method, path, skip_accept_encoding=True)
    for key, value in sent.items():
        connection.putheader(key, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    (tmp_path / "app.js").write_bytes(TEXT)
    (tmp_path / "app.js.br").write_bytes(brotli.compress(TEXT))
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(TEXT))
    (tmp_path / "only-gzip.wasm").write_bytes(b"\0asm" + TEXT)
    (tmp_path / "only-gzip.wasm.gz").write_bytes(gzip.compress(b"\0asm" + TEXT))
    (tmp_path / "index.html").write_bytes(b"<!doctype html>" + TEXT)
    (tmp_path / "index.html.br").write_bytes(brotli.compress(b"<!doctype html>" + TEXT))
    (tmp_path / "plain.css").write_bytes(b"body{}")
    # Already gzip, with no original beside it: a file like any other, never a sibling.
    (tmp_path / "snapshot-1-2.bin.gz").write_bytes(gzip.compress(b"heap"))
    return tmp_path


# ---------------------------------------------------------------- negotiation


@pytest.mark.parametrize("header, codings", [
    ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),  # what Chromium 156 sends, on http://127.0.0.1 too
    ("br;q=0, gzip;q=0.5", {"gzip"}),
    ("GZIP", {"gzip"}),
    ("*", {"br", "gzip"}),
    ("*, br;q=0", {"gzip"}),
    ("identity", {"identity"}),
    ("", set()),
    (None, set()),
    ("br;q=nonsense, gzip", {"gzip"}),
])
def test_accept_encoding_is_read_with_its_q_values(header, codings):
    assert accepted_encodings(header) == codings


def test_brotli_comes_first_whatever_order_the_client_names_them_then_gzip_then_none():
    assert choose_encoding("gzip, br") == "br"
    assert choose_encoding("gzip, deflate") == "gzip"
    assert choose_encoding("gzip, br", available={"gzip"}) == "gzip"
    assert choose_encoding("br", available={"gzip"}) is None
    assert choose_encoding("deflate, zstd") is None
    assert choose_encoding(None) is None
    assert choose_encoding("gzip, br", offered=("gzip",)) == "gzip"
    assert choose_encoding("gzip, br", offered=()) is None


def test_a_client_asking_for_brotli_gets_the_brotli_file_with_the_original_type_and_vary(site):
    with serving(site) as url:
        status, headers, body = get(url, "/app.js", "gzip, deflate, br, zstd")
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "text/javascript"
    assert headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) == (site / "app.js.br").stat().st_size
    assert brotli.decompress(body) == TEXT


def test_a_client_asking_for_gzip_only_gets_gzip(site):
    with serving(site) as url:
        status, headers, body = get(url, "/app.js", "gzip")
        _, wasm_headers, wasm = get(url, "/only-gzip.wasm", "br, gzip")
    assert (status, headers["content-encoding"]) == (200, "gzip")
    assert gzip.decompress(body) == TEXT
    assert wasm_headers["content-encoding"] == "gzip" and wasm_headers["content-type"] == "application/wasm"
    assert gzip.decompress(wasm) == b"\0asm" + TEXT


@pytest.mark.parametrize("accept", [None, "", "identity", "deflate, zstd", "br;q=0, gzip;q=0"])
def test_a_client_that_did_not_ask_never_gets_a_precompressed_file(site, accept):
    with serving(site) as url:
        status, headers, body = get(url, "/app.js", accept)
    assert status == 200
    assert "content-encoding" not in headers
    assert headers["vary"] == "Accept-Encoding"  # the answer depends on the header: caches must know
    assert body == TEXT


def test_a_server_sending_no_codings_serves_every_file_as_it_is(site):
    with serving(site, encodings=()) as url:
        _, headers, body = get(url, "/app.js", "gzip, deflate, br")
    assert "content-encoding" not in headers and body == TEXT
    with serving(site, encodings=("gzip",)) as url:
        _, headers, body = get(url, "/app.js", "gzip, deflate, br")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == TEXT


def test_a_file_without_siblings_and_a_gzip_file_without_an_original_are_sent_as_they_are(site):
    with serving(site) as url:
        _, css_headers, css = get(url, "/plain.css", "br, gzip")
        _, snap_headers, snap = get(url, "/snapshot-1-2.bin.gz", "br, gzip")
    assert "content-encoding" not in css_headers and css == b"body{}"
    # The snapshot is gzip the page unpacks itself: no Content-Encoding, or the browser would unpack it first.
    assert "content-encoding" not in snap_headers
    assert snap_headers["content-type"] == "application/gzip"
    assert gzip.decompress(snap) == b"heap"


def test_the_folder_address_gets_its_index_compressed_and_head_and_not_modified_work(site):
    with serving(site) as url:
        _, headers, body = get(url, "/", "br")
        head_status, head_headers, head_body = get(url, "/app.js", "br", method="HEAD")
        modified = headers["last-modified"]
        again, again_headers, again_body = get(url, "/", "br", **{"If-Modified-Since": modified})
        missing, _, _ = get(url, "/nothing.js", "br")
    assert headers["content-encoding"] == "br" and headers["content-type"] == "text/html"
    assert brotli.decompress(body) == b"<!doctype html>" + TEXT
    assert head_status == 200 and head_headers["content-encoding"] == "br" and head_body == b""
    assert again == 304 and again_body == b"" and again_headers["vary"] == "Accept-Encoding"
    assert missing == 404


def test_precompressed_siblings_are_not_counted_as_files_of_the_site(site):
    assert is_precompressed_sibling(site / "app.js.br")
    assert not is_precompressed_sibling(site / "snapshot-1-2.bin.gz")
    assert not is_precompressed_sibling(site / "app.js")
    count, size = site_size(site)
    assert count == 5  # app.js, only-gzip.wasm, index.html, plain.css, the snapshot
    assert size == sum(p.stat().st_size for p in site.iterdir() if p.suffix not in (".br", ".gz") or p.name.startswith("snapshot"))
    assert precompressed_size(site) == {
        "br": (site / "app.js.br").stat().st_size + (site / "index.html.br").stat().st_size,
        "gzip": (site / "app.js.gz").stat().st_size + (site / "only-gzip.wasm.gz").stat().st_size,
    }


# ---------------------------------------------------------------- the build's precompress step


def test_precompress_writes_siblings_only_for_files_worth_it(tmp_path):
    site = tmp_path / "site"
    (site / "vendor").mkdir(parents=True)
    (site / "big.js").write_bytes(TEXT)
    (site / "vendor" / "module.mjs").write_bytes(TEXT + b"//")
    (site / "small.json").write_bytes(b'{"a": 1}' * 100)  # 800 bytes: one TCP segment either way
    (site / "random.bin").write_bytes(os.urandom(50_000))  # does not compress
    (site / "packed.zip.gz").write_bytes(gzip.compress(os.urandom(20_000)))  # gzip already, no original
    written = builder.compress.precompress(site, cache=tmp_path / "cache")
    names = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert names == ["big.js", "big.js.br", "big.js.gz", "packed.zip.gz", "random.bin", "small.json",
                     "vendor/module.mjs", "vendor/module.mjs.br", "vendor/module.mjs.gz"]
    assert brotli.decompress((site / "big.js.br").read_bytes()) == TEXT
    assert gzip.decompress((site / "vendor" / "module.mjs.gz").read_bytes()) == TEXT + b"//"
    assert written == {".br": (site / "big.js.br").stat().st_size + (site / "vendor/module.mjs.br").stat().st_size,
                       ".gz": (site / "big.js.gz").stat().st_size + (site / "vendor/module.mjs.gz").stat().st_size}
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    builder.compress.precompress(site, cache=tmp_path / "cache")  # again: the same files, no sibling of a sibling
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before


def test_precompressed_gzip_depends_only_on_the_bytes():
    assert builder.compress.gzip_bytes(TEXT) == builder.compress.gzip_bytes(TEXT)
    assert gzip.decompress(builder.compress.gzip_bytes(TEXT)) == TEXT


@pytest.fixture(scope="module")
def dist() -> Path:
    if not (builder.base.DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    return builder.base.DIST


def test_the_built_site_has_brotli_and_gzip_beside_its_big_compressible_files(dist):
    for name in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", "rulings.html",
                 "index.html", "combat.html", "style.css", "sw.js", "pyodide-boot.mjs"):
        for suffix in (".br", ".gz"):
            assert (dist / f"{name}{suffix}").is_file(), f"{name}{suffix}"
    wasm = (dist / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
    assert brotli.decompress((dist / "vendor/pyodide/pyodide.asm.wasm.br").read_bytes()) == wasm
    for sibling in [p for p in dist.rglob("*") if is_precompressed_sibling(p)]:
        original = sibling.with_suffix("")
        assert original.stat().st_size >= builder.compress.PRECOMPRESS_MIN_BYTES
        assert sibling.stat().st_size <= builder.compress.PRECOMPRESS_MAX_RATIO * original.stat().st_size, sibling


def test_the_service_worker_precaches_no_precompressed_sibling(dist):
    assets = re.search(r"const ASSETS = (\[.*?\]);", (dist / "sw.js").read_text(encoding="utf-8")).group(1)
    listed = [a.removeprefix("./") for a in __import__("json").loads(assets)]
    assert not [a for a in listed if a and is_precompressed_sibling(dist / a)]
    assert "vendor/pyodide/pyodide.asm.wasm" in listed


def test_the_built_site_is_served_compressed_to_a_browser_that_asks(dist):
    with serving(dist) as url:
        _, headers, body = get(url, "/vendor/pyodide/pyodide.asm.wasm", "gzip, deflate, br, zstd")
        _, plain_headers, plain = get(url, "/vendor/pyodide/pyodide.asm.wasm")
    assert headers["content-encoding"] == "br" and headers["content-type"] == "application/wasm"
    assert len(body) < 0.35 * len(plain)
    assert "content-encoding" not in plain_headers and plain == (dist / "vendor/pyodide/pyodide.asm.wasm").read_bytes()


def test_our_own_bytes_do_not_count_the_precompressed_siblings(dist):
    own = bench.own_bytes(dist)
    files = [p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).parts[0] != "vendor"
             and p.suffix in {".whl", ".msgpack", ".css", ".js", ".mjs", ".json"}]
    assert own["code_and_data"] == sum(p.stat().st_size for p in files)
    assert own["code_and_data_on_the_wire"] < own["code_and_data"]
    # As a run serves them: with gzip only, the .gz copies; with no compression, the files.
    gzip_only = bench.own_bytes(dist, ("gzip",))
    assert own["code_and_data_on_the_wire"] < gzip_only["code_and_data_on_the_wire"] < own["code_and_data"]
    assert bench.own_bytes(dist, ())["code_and_data_on_the_wire"] == own["code_and_data"]


# ---------------------------------------------------------------- the bench's options and accounting


def test_bench_takes_the_phone_profile_and_the_served_codings():
    args = build.parse_args(["bench", "--phone", "--cold", "3", "--warm", "1", "--encodings", "gzip"])
    assert (args.phone, args.cold, args.warm, args.encodings) == (True, 3, 1, "gzip")
    plain = build.parse_args(["bench"])
    assert (plain.phone, plain.cold, plain.warm, plain.encodings, plain.pages) == (False, 7, 5, "br,gzip", "")
    assert build.parse_args(["bench", "--phone"]).cold == phone.COLD_LOADS
    with pytest.raises(SystemExit):
        build.parse_args(["bench", "--warm", "1"])  # the plain bench keeps its 5 warm loads at least
    assert phone.COLD_LOADS >= 7
    assert phone.PHONE.network() == {"offline": False, "latency": 170, "downloadThroughput": 9e6 / 8,
                                     "uploadThroughput": 1.5e6 / 8}
    assert phone.PHONE.cpu_slowdown == 4


def wire_with(events: list[tuple[str, str, dict]]) -> phone.Wire:
    """A ``Wire`` fed recorded CDP events (session, method, params) without a browser."""
    wire = phone.Wire.__new__(phone.Wire)
    wire.requests, wire.document_times, wire.workers = {}, [], {}
    handlers = {"Network.requestWillBeSent": wire._sent, "Network.responseReceived": wire._response,
                "Network.loadingFinished": wire._finished}
    for session, method, params in events:
        handlers[method](session, params)
    return wire


def request(session: str, rid: str, url: str, sent: float, done: float, size: int, *, kind: str = "Script",
            encoding: str = "", from_worker: bool = False) -> list[tuple[str, str, dict]]:
    headers = {"Content-Encoding": encoding} if encoding else {}
    return [
        (session, "Network.requestWillBeSent", {"requestId": rid, "request": {"url": url}, "type": kind, "timestamp": sent}),
        (session, "Network.responseReceived", {"requestId": rid, "response": {"url": url, "headers": headers,
                                                                              "fromServiceWorker": from_worker}}),
        (session, "Network.loadingFinished", {"requestId": rid, "timestamp": done, "encodedDataLength": size}),
    ]


def test_the_wire_counts_bytes_before_ready_and_the_service_workers_own_fetches_once():
    site = "http://127.0.0.1:1/"
    wire = wire_with([
        *request("page", "1", site + "combat.html#link", 100.0, 100.2, 9_000, kind="Document", encoding="br"),
        *request("page", "2", site + "vendor/pyodide/pyodide.asm.wasm", 100.3, 103.0, 2_750_000, encoding="br"),
        *request("page", "3", site + "pkg/w.whl", 100.3, 103.9, 340_000),  # finished after ready (3.5 s)
        # After ready the service worker pre-caches: its own fetches count, the page's answers from it do not.
        *request("sw", "a", site + "vendor/snapshot.bin.gz", 104.0, 110.0, 7_400_000),
        *request("page", "4", site + "tables/x.msgpack", 104.1, 104.2, 500, from_worker=True),
    ])
    moved = wire.moved(site + "combat.html#link", 3_500)
    assert moved["all"] == 9_000 + 2_750_000 + 340_000 + 7_400_000
    assert moved["before_ready"] == 9_000 + 2_750_000
    assert moved["files"]["pyodide.asm.wasm"] == {"bytes": 2_750_000, "before ready": 2_750_000, "encoding": "br",
                                                  "by": "page", "requests": 1}
    assert moved["files"]["snapshot.bin.gz"]["by"] == "service worker"
    assert "x.msgpack" not in moved["files"]
    assert list(moved["files"])[0] == "snapshot.bin.gz"  # biggest first
    assert wire.moved()["before_ready"] is None


def test_the_cpu_is_throttled_only_for_the_visit_inside_even_when_it_fails():
    sent = []

    class Session:
        def send(self, method, params):
            sent.append((method, params["rate"]))

    wire = wire_with([])
    wire.profile, wire.cdp = phone.PHONE, Session()
    with pytest.raises(TimeoutError), wire.throttled():
        raise TimeoutError("the page was never ready")
    assert sent == [("Emulation.setCPUThrottlingRate", 4), ("Emulation.setCPUThrottlingRate", 1)]


def test_the_plain_bench_tells_the_browser_the_loopback_is_fast_and_counts_how_first_visits_started():
    # Chromium's estimate leaves loopback traffic out (1.5 Mbit/s): told nothing, the plain bench's
    # first visits took the slow link's path on a link where bytes cost nothing.
    boot = (builder.base.WEB / "pyodide-boot.mjs").read_text(encoding="utf-8")
    threshold = float(re.search(r"const FIRST_VISIT_SNAPSHOT_MBITS = ([0-9.]+);", boot).group(1))
    assert phone.LOOPBACK.down_bits / 1e6 >= threshold
    assert (phone.LOOPBACK.rtt_ms, phone.LOOPBACK.cpu_slowdown) == (0, 1)
    report = {"subjects": [{"subject": "bare"}, {"subject": "index.html", "starts": ["snapshot", "snapshot", "normal"]},
                           {"subject": "combat.html", "starts": ["snapshot"]}]}
    assert phone.starts_line(report) == "First visits started Python: normal 1, snapshot 3 (the bare page always starts normally)."


def test_every_target_of_issue_36_is_printed_with_its_figure_and_whether_it_is_met():
    def row(subject, **figures):
        base = {"subject": subject, "cold_ratio": 1.0, "warm_ratio": 0.4, "offline_ratio": None, "shown_ratio": None,
                "painted_ratio": None, "shown_warm_ratio": None,
                "bytes_before_ready": 4_000_000, "first_visit_bytes": 11_000_000, "memory_ratio": 1.0}
        return {**base, **figures}

    report = {"subjects": [row("bare PyScript + Pyodide"),
                           row("index.html", cold_ratio=0.45, warm_ratio=0.15, offline_ratio=0.3, painted_ratio=0.03),
                           row("combat.html", cold_ratio=0.52, warm_ratio=0.17, offline_ratio=0.31, painted_ratio=0.04,
                               bytes_before_ready=7_200_000),
                           row("shared fight link (3 against 3, 10 rounds)", shown_ratio=0.58, shown_warm_ratio=0.3)],
              "own_bytes": {"code_and_data": 310_000, "code_and_data_on_the_wire": 200_000}}
    phone_targets = {t["target"]: t for t in phone.targets(report, phone=True)}
    first = phone_targets["phone: every page's first visit ready × bare (worst of 2)"]
    assert (first["figure"], first["met"]) == (0.52, False)  # bar 0.50
    assert phone_targets["phone: shared fight link (3 against 3, 10 rounds), result on screen on a first visit × bare ready"]["met"]
    assert phone_targets["phone: returning start × bare (worst page)"]["met"]  # 0.17, bar 0.18
    painted = phone_targets["phone: the state on screen on a return visit × bare return ready (worst page)"]
    assert (painted["figure"], painted["met"]) == (0.04, True)
    link_back = phone_targets["phone: shared fight link (3 against 3, 10 rounds), result on screen on a return visit × bare return ready"]
    assert (link_back["figure"], link_back["met"]) == (0.3, False)  # bar 0.25
    assert not phone_targets["bytes on the wire before ready on a first visit (worst page)"]["met"]  # 7.2 MB, bar 7.0
    assert phone_targets["a whole first visit on the wire, the service worker's pre-cache included (worst page)"]["met"]
    own = phone_targets["our own code and data on the wire (as served)"]
    assert own["met"] and own["figure"] == 200_000 and "as files, uncompressed: 310,000 bytes" in own["line"]
    assert "NOT MET" in first["line"] and "0.52" in first["line"]
    plain = {t["target"]: t for t in phone.targets(report, phone=False)}
    assert plain["unthrottled: returning start × bare (worst page)"]["met"]
    assert plain["unthrottled: first visit ready × bare (worst page)"]["met"]
    assert len(plain) == 6 and len(phone_targets) == 10


def test_the_shared_links_come_from_the_golden_files():
    assert phone.golden_shrapnel_link().startswith("1.")
    assert phone.golden_fight_link()
    for page, link, selector in phone.LINK_SUBJECTS.values():
        assert (builder.base.WEB / "pages" / page).is_file() and link() and selector


def test_a_file_changed_after_its_siblings_were_written_is_sent_as_it_is_now(site):
    changed = b"console.log('build 2');" * 100
    os.utime(site / "app.js.br", ns=(1_000_000_000, 1_000_000_000))  # the siblings are older than...
    os.utime(site / "app.js.gz", ns=(1_000_000_000, 1_000_000_000))
    (site / "app.js").write_bytes(changed)  # ...the file, changed since (a second build in a test)
    with serving(site) as url:
        _, headers, body = get(url, "/app.js", "br, gzip")
    assert "content-encoding" not in headers and body == changed


def test_the_service_worker_lists_no_precompressed_copy_even_when_made_after_them(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "app.js").write_bytes(TEXT)
    builder.compress.precompress(site, cache=tmp_path / "cache")
    assert (site / "app.js.br").is_file()
    sw = builder.app_files.service_worker(site)
    assert '"./app.js"' in sw and "app.js.br" not in sw and "app.js.gz" not in sw


def test_a_visit_whose_renderer_crashed_is_made_again_and_counted_and_any_other_failure_is_not():
    # The phone bench ended twice on "Page crashed" / "Target crashed" (session 13): a renderer that died
    # under the throttled CPU, not a page that failed. Such a visit is made again; anything else stops the bench.
    made, recovered = [], []

    def visit_failing(*errors):
        pending = list(errors)

        def visit():
            made.append(1)
            if pending:
                raise pending.pop(0)
        return visit

    crashed = Exception("Page.wait_for_selector: Target crashed \nCall log: …")
    assert bench.repeat_if_crashed(visit_failing(crashed, Exception("Page crashed")), lambda: recovered.append(1)) == 2
    assert (len(made), len(recovered)) == (3, 2)
    with pytest.raises(TimeoutError):
        bench.repeat_if_crashed(visit_failing(TimeoutError("never ready")), lambda: recovered.append(1))
    assert len(recovered) == 2
    with pytest.raises(Exception, match="crashed"):
        bench.repeat_if_crashed(visit_failing(*[crashed] * (bench.VISIT_REPEATS + 1)), lambda: None)
    report = {"subjects": [{"subject": "bare PyScript + Pyodide", "crashes": 1}, {"subject": "index.html", "crashes": 0},
                           {"subject": "player.html", "crashes": 2}]}
    assert phone.crashes_line(report) == ("Visits made again after Chromium's renderer crashed: 3"
                                          " (bare PyScript + Pyodide 1, player.html 2).")
    assert phone.crashes_line({"subjects": [{"subject": "index.html"}]}) == (
        "Visits made again after Chromium's renderer crashed: 0.")
