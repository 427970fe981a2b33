"""Serving a built site on this machine: the static server ``build.py serve``, the browser
tests, the benchmark and the snapshot maker share. Standard library only.

Files are served the way static hosts serve them (README, "Putting it on a static host"):
with the types the site needs whatever the machine's ``/etc/mime.types`` says
(offline-stack.md, pitfall 5), and compressed when the client asks for it, from the
precompressed files the build writes beside the originals (``x.br``, ``x.gz``;
``builder.compress.precompress``): brotli first, then gzip, with ``Vary: Accept-Encoding``. A client
that did not ask for an encoding gets the original bytes.
"""

from __future__ import annotations

import contextlib
import email.utils
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
    ".html": "text/html",
    ".css": "text/css",
}

#: The content codings served from precompressed siblings, in the order they are preferred
#: (brotli is the smaller: docs/startup.md, "On a phone"), each with its file suffix.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
SIBLING_SUFFIXES = tuple(ENCODINGS.values())


def is_precompressed_sibling(path: Path) -> bool:
    """``x.br`` or ``x.gz`` written beside ``x``: the same file, compressed for the wire. A file
    that merely ends in ``.gz`` (the snapshot, ``…bin.gz``) with no original beside it is no sibling."""
    return path.suffix in SIBLING_SUFFIXES and path.with_suffix("").is_file()


def fresh_sibling(original: Path, sibling: Path) -> bool:
    """``sibling`` is there and was written after ``original`` last changed: a file changed
    since the build (a test's "second build", a hand edit) is never answered with its old bytes."""
    try:
        return sibling.stat().st_mtime_ns >= original.stat().st_mtime_ns
    except OSError:
        return False


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (a ``q=0`` refuses one; ``*``
    accepts every coding not named). No header, or an empty one: none."""
    named: dict[str, float] = {}
    for part in (header or "").split(","):
        token, *params = (p.strip() for p in part.split(";"))
        if not token:
            continue
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        named[token.lower()] = q
    out = {coding for coding, q in named.items() if q > 0 and coding != "*"}
    if named.get("*", 0) > 0:
        out |= {coding for coding in ENCODINGS if coding not in named}
    return out


def choose_encoding(header: str | None, offered: tuple[str, ...] = tuple(ENCODINGS),
                    available: set[str] | None = None) -> str | None:
    """The coding to send: the first of ``offered`` (the server's order of preference) that the
    client accepts and, if ``available`` is given, that has a precompressed sibling."""
    accepts = accepted_encodings(header)
    for coding in offered:
        if coding in accepts and (available is None or coding in available):
            return coding
    return None


def site_size(site: Path) -> tuple[int, int]:
    """The site's files and bytes, its precompressed siblings not counted (they are the same
    files, compressed for the wire: ``precompressed_size``)."""
    files = [p for p in site.rglob("*") if p.is_file() and not is_precompressed_sibling(p)]
    return len(files), sum(p.stat().st_size for p in files)


def precompressed_size(site: Path) -> dict[str, int]:
    """The bytes of the precompressed siblings, by coding."""
    out = {coding: 0 for coding in ENCODINGS}
    for coding, suffix in ENCODINGS.items():
        out[coding] = sum(p.stat().st_size for p in site.rglob(f"*{suffix}") if p.is_file() and is_precompressed_sibling(p))
    return out


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder as a static host does (types, negotiated compression), quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    #: The codings this server sends, in order of preference; () serves every file as it is.
    encodings: tuple[str, ...] = tuple(ENCODINGS)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
        if os.environ.get("STRIKE_RANK_HTTP_LOG"):
            super().log_message(format, *args)

    def handle(self) -> None:
        """Serves the connection; a browser that hangs up mid-answer (a page closed) is no error."""
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_head(self):
        """A file with precompressed siblings is sent compressed when the client accepts one of
        their codings (and always with ``Vary: Accept-Encoding``); anything else as the base class does."""
        raw = self.path.split("?", 1)[0].split("#", 1)[0]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not raw.endswith("/") or not (path / "index.html").is_file():
                return super().send_head()
            path = path / "index.html"
        elif raw.endswith("/") or not path.is_file():
            return super().send_head()
        siblings = {coding for coding, suffix in ENCODINGS.items() if fresh_sibling(path, Path(f"{path}{suffix}"))}
        if not siblings:
            return super().send_head()
        coding = choose_encoding(self.headers.get("Accept-Encoding"), self.encodings, siblings)
        body = Path(f"{path}{ENCODINGS[coding]}") if coding else path
        if self.not_modified_since(path):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        try:
            f = body.open("rb")
        except OSError:
            self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(f.fileno())
            self.send_response(http.HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(str(path)))
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", email.utils.formatdate(path.stat().st_mtime, usegmt=True))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def not_modified_since(self, path: Path) -> bool:
        """The client's copy is current (``If-Modified-Since``, as the base class answers it)."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        return when.tzinfo is not None and int(path.stat().st_mtime) <= when.timestamp()


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1",
                encodings: tuple[str, ...] = tuple(ENCODINGS)) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for ``directory`` (port 0: any free port), sending the content
    codings ``encodings`` (in that order of preference) from precompressed siblings; ``()``:
    every file as it is, uncompressed."""
    unknown = set(encodings) - set(ENCODINGS)
    if unknown:
        raise ValueError(f"unknown content coding(s) {sorted(unknown)}: the server sends {list(ENCODINGS)}")
    handler_class = type("SiteHandler", (SiteHandler,), {"encodings": tuple(encodings)})

    def handler(*args, **kwargs):
        return handler_class(*args, directory=str(directory), **kwargs)

    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


@contextlib.contextmanager
def serving(directory: Path, port: int = 0, encodings: tuple[str, ...] = tuple(ENCODINGS)):
    """Serves ``directory`` in a background thread; yields the base URL."""
    server = make_server(directory, port, encodings=encodings)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
