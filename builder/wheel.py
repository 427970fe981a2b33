"""Our wheel: pyengine/ (the rules) and web/app/ (the page glue), as the browser gets them."""

from __future__ import annotations

import ast
import base64
import csv
import hashlib
import io
import tokenize
import zipfile
from pathlib import Path

from builder.base import ROOT, WEB

#: A fixed timestamp for every file in our wheel, so the same sources give the same bytes.
WHEEL_DATE = (2026, 1, 1, 0, 0, 0)


def command_line_only(path: Path) -> bool:
    """``python -m pyengine`` and its commands (``pyengine/cli/``): CPython only, never imported by a page."""
    rel = path.relative_to(ROOT / "pyengine").parts
    return rel[0] in ("__main__.py", "cli")


def shipped_source(text: str) -> str:
    """The source as the browser gets it: docstrings and comments blanked, every line where it was.

    The page needs the code, not our notes on the rules: blanking them takes a quarter off
    the wheel. Lines stay where they were, so a traceback's line numbers still match the
    repository's source.
    """
    lines = text.splitlines(keepends=True)
    spans = []
    for node in ast.walk(ast.parse(text)):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                    spans.append((stmt.lineno, stmt.end_lineno or stmt.lineno, stmt.col_offset, len(body) == 1))
    for start, end, col, alone in sorted(spans, reverse=True):
        prefix = lines[start - 1][:col]
        if prefix.strip():  # on a line with code (``class X: "doc"``): left as it is
            continue
        lines[start - 1 : end] = [prefix + "pass\n" if alone else "\n"] + ["\n"] * (end - start)
    out = "".join(lines)
    comments: dict[int, int] = {}
    for tok in tokenize.generate_tokens(io.StringIO(out).readline):
        if tok.type == tokenize.COMMENT:
            comments.setdefault(tok.start[0], tok.start[1])
    kept = out.splitlines(keepends=True)
    for row, col in comments.items():
        kept[row - 1] = kept[row - 1][:col].rstrip() + "\n"
    return "".join(kept)


def build_wheel(out_dir: Path, version: str) -> Path:
    """Packs pyengine/ (the rules) and web/app/ (the page glue, as package ``app``) into one wheel.

    Reproducible: sorted entries, fixed timestamps. The page unpacks it with PyScript's
    ``files`` into its working directory, one request for all our Python. Stored, not
    deflated: the host's brotli then compresses the wheel as one text, 205 KB on the
    wire against 339 KB deflated file by file (docs/startup.md, "What the wheel ships").
    """
    name = "strike_rank"
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for package, source in (("pyengine", ROOT / "pyengine"), ("app", WEB / "app")):
        for path in sorted(source.rglob("*.py")):
            if "__pycache__" in path.parts or (package == "pyengine" and command_line_only(path)):
                continue
            text = path.read_text(encoding="utf-8")
            entries.append((f"{package}/{path.relative_to(source).as_posix()}", shipped_source(text).encode("utf-8")))
    entries.append((f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: strike-rank\nVersion: {version}\n".encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: strike-rank build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    entries.append((f"{dist_info}/top_level.txt", b"app\npyengine\n"))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arcname, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, WHEEL_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel

