"""What makes the site an installable app that works offline: the manifest, the icon, and
the service worker that pre-caches the site."""

from __future__ import annotations

import hashlib
import json
import string
import struct
import zlib
from pathlib import Path

from builder.base import WEB
from tools.serve import is_precompressed_sibling


def manifest() -> dict:
    """The web app manifest: the name, colours and icons a device installs the site with."""
    return {
        "name": "Strike Rank",
        "short_name": "Strike Rank",
        "description": "Offline table companion for RuneQuest-style games.",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f7f3ea",
        "theme_color": "#7a1f16",
        "icons": [
            {"src": "./icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "./icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
        ],
    }


def icon_png(size: int) -> bytes:
    """Draws the app icon (a light diamond, a die's face, on deep red) as a PNG, with zlib only."""
    bg, fg = (0x7A, 0x1F, 0x16), (0xF7, 0xF3, 0xEA)
    c = (size - 1) / 2
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            inside = abs(x - c) + abs(y - c) <= size * 0.34
            row += bytes(fg if inside else bg)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


#: What the service worker does not pre-cache, by the start of the file's path in the site (2.9 MB
#: of every first visit). Pyodide's whole standard library: a page fetches it only
#: for a module the trimmed zip leaves out (docs/startup.md, "Trimmed standard library").
#: PyScript's chunks no page loads (measured: every page's requests, and a browser test holds
#: each page's flow to the pre-cache): its editor's CodeMirror, its terminal's xterm, its TOML
#: and zip readers, MicroPython's terminal and its IndexedDB storage. The worker keeps each of
#: them the first time a page fetches it (``sw.js``: ``LATER``).
NOT_PRECACHED = (
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyscript/codemirror", "vendor/pyscript/index-", "vendor/pyscript/xterm",
    "vendor/pyscript/zip-", "vendor/pyscript/toml-", "vendor/pyscript/mpy-", "vendor/pyscript/storage.js",
)


def service_worker(site: Path) -> str:
    """The service worker: pre-caches every file of the site under a content-hashed name (the
    precompressed copies aside: the worker keeps what the browser decoded, the originals),
    apart from ``NOT_PRECACHED``, which it keeps once fetched."""
    files = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*")
        if p.is_file() and p.name != "sw.js" and not is_precompressed_sibling(p)
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((site / name).read_bytes()).digest())
    later = [name for name in files if name.startswith(NOT_PRECACHED)]
    template = string.Template((WEB / "sw.js").read_text(encoding="utf-8"))
    return template.substitute(
        cache_name=json.dumps(f"strike-rank-{digest.hexdigest()[:12]}"),
        assets=json.dumps(["./"] + [f"./{a}" for a in files if a not in later]),
        later=json.dumps([f"./{a}" for a in later]),
    )

