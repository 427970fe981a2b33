"""Precompression: ``x.br`` and ``x.gz`` beside each file of the site worth compressing,
which the server (tools/serve.py) sends to a client that accepts the coding, as static hosts do."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from builder.base import CACHE
from builder.install import ensure_build_tool
from builder.pins import Pins, read_pins

#: Files smaller than this get no compressed siblings: a response this small (with its ~250
#: bytes of headers) fits in one TCP segment either way, so compressing saves no packet and no
#: round trip (docs/startup.md, "On a phone"; 23 files of dist/, 13 KB in all).
PRECOMPRESS_MIN_BYTES = 1400
#: A sibling is kept only when it is at most this fraction of the original: already-deflated
#: files (wheels, Pyodide's stdlib zip, PNGs, the gzip snapshot) shrink by 0.5-6 % and are
#: sent as they are, as a host's own compression would mostly skip them.
PRECOMPRESS_MAX_RATIO = 0.90
#: Brotli at its best quality, default 4 MiB window (pyodide.asm.wasm: 2,741,061 bytes; a 16 MiB
#: window gave 2,766,607; quality 9 3,102,634); gzip at level 9 (`gzip -9`, no name or time).
BROTLI_SETTINGS = {"quality": 11}
#: The snapshot (31 MB of Python's memory, new with every change to our Python): a 16 MiB window
#: finds its far repeats, 4,957,765 bytes in 50 s against 5,689,574 at quality 9 (5.5 s) and
#: 7.44 MB gzip -9 (measured 2026-12-02; docs/startup.md, "On a phone").
BROTLI_SNAPSHOT_SETTINGS = {"quality": 11, "lgwin": 24}
GZIP_LEVEL = 9


def brotli_settings(path: Path) -> dict[str, int]:
    """Brotli's settings for one file of the site (the snapshot has its own)."""
    return BROTLI_SNAPSHOT_SETTINGS if path.name.startswith("snapshot-") and path.suffix == ".bin" else BROTLI_SETTINGS


def gzip_bytes(data: bytes) -> bytes:
    """``data`` as a gzip stream that depends only on ``data`` (no file name, time 0)."""
    return gzip.compress(data, GZIP_LEVEL, mtime=0)


def precompress(site: Path, pins: Pins | None = None, cache: Path = CACHE / "precompressed") -> dict[str, int]:
    """Writes ``x.br`` and ``x.gz`` beside every file of ``site`` worth compressing (at least
    ``PRECOMPRESS_MIN_BYTES``, and the sibling at most ``PRECOMPRESS_MAX_RATIO`` of it), which
    ``tools/serve.py`` sends to a client that accepts the coding. Runs after the service
    worker is written, so its pre-cache list holds only the originals. Compressed bytes are
    kept in ``cache`` by content hash (brotli's best quality takes ~45 s for Pyodide's wasm and
    ~50 s for the snapshot), and on a first build the files are compressed side by side, the
    biggest first, one per core (brotli and zlib let go of the GIL while they work).
    Returns the siblings' bytes by suffix."""
    brotli = ensure_build_tool((pins or read_pins()).brotli)
    version = (pins or read_pins()).brotli.version
    jobs = []
    for path in sorted((p for p in site.rglob("*") if p.is_file()), key=lambda p: (-p.stat().st_size, p)):
        if path.stat().st_size < PRECOMPRESS_MIN_BYTES or path.suffix in (".br", ".gz") and path.with_suffix("").is_file():
            continue
        data = path.read_bytes()
        if len(gzip_bytes(data[: 1 << 20])) > PRECOMPRESS_MAX_RATIO * min(len(data), 1 << 20):
            continue  # already compressed (a cheap look at its first MiB)
        key = hashlib.sha256(data).hexdigest()
        chosen = brotli_settings(path)
        settings = hashlib.sha256(json.dumps([chosen, GZIP_LEVEL, version]).encode()).hexdigest()[:8]
        coders = {".br": lambda data, chosen=chosen: brotli.compress(data, **chosen), ".gz": gzip_bytes}
        jobs += [(path, data, suffix, coder, cache / f"{key}-{settings}{suffix}") for suffix, coder in coders.items()]

    def sibling(job) -> tuple[str, int]:
        path, data, suffix, coder, kept = job
        if kept.exists():
            packed = kept.read_bytes()
        else:
            packed = coder(data)
            if len(data) > 1 << 20:  # only big files are worth keeping between builds
                cache.mkdir(parents=True, exist_ok=True)
                tmp = kept.with_name(kept.name + ".tmp")
                tmp.write_bytes(packed)
                tmp.replace(kept)
        if len(packed) > PRECOMPRESS_MAX_RATIO * len(data):
            return suffix, 0
        path.with_name(path.name + suffix).write_bytes(packed)
        return suffix, len(packed)

    written = {".br": 0, ".gz": 0}
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for suffix, size in pool.map(sibling, jobs):
            written[suffix] += size
    return written
