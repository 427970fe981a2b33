"""Serving a built site on this machine: the static server ``build.py serve``, the browser
tests, the benchmark and the snapshot maker share. Standard library only.

Files are sent with the types a static host must give them (README, "Putting it on a
static host"), whatever the machine's ``/etc/mime.types`` says (offline-stack.md, pitfall 5).
"""

from __future__ import annotations

import contextlib
import http.server
import os
import threading
from pathlib import Path

#: MIME types the site needs whatever /etc/mime.types says (offline-stack.md, pitfall 5).
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".msgpack": "application/vnd.msgpack",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}

def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
        if os.environ.get("STRIKE_RANK_HTTP_LOG"):
            super().log_message(format, *args)

    def handle(self) -> None:
        """Serves the connection; a browser that hangs up mid-answer (a page closed) is no error."""
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for ``directory`` (port 0: any free port)."""

    def handler(*args, **kwargs):
        return SiteHandler(*args, directory=str(directory), **kwargs)

    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def serving(directory: Path, port: int = 0):
    """Serves ``directory`` in a background thread; yields the base URL."""
    server = make_server(directory, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


