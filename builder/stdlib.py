"""The trimmed standard library: a zip of only the standard-library files our pages import.

Pyodide's ``python_stdlib.zip`` holds 614 files (9.6 MB, deflated to 2.5 MB, which a
host's compression cannot shrink further); our pages import a small part of it. The build
packs the files listed in ``web/stdlib-used.txt`` (written by ``python -m
builder.stdlib_record``, which runs the browser tests and records what every page imported)
into a zip **stored uncompressed**, so the host's gzip or brotli compresses it as a whole,
and adds ``strike_rank_stdlib.py`` (``web/strike_rank_stdlib.py``): the finder that fetches
Pyodide's whole zip when a page imports a module the list does not have. The pages load it
through Pyodide's ``stdLibURL`` (``web/pyodide-boot.mjs``); the snapshot is made against it.
"""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath

from builder.base import ROOT, BuildError

#: The committed list: one path inside Pyodide's zip a line, ``#`` comments.
USED_LIST = ROOT / "web" / "stdlib-used.txt"
#: The finder module, and its name in the trimmed zip.
MODULE_SOURCE = ROOT / "web" / "strike_rank_stdlib.py"
MODULE_NAME = "strike_rank_stdlib"
#: The trimmed zip's name beside Pyodide's files.
TRIMMED_NAME = "python_stdlib_used.zip"
#: The trimmed zip as a restored interpreter loads it (:func:`write_restored`).
RESTORED_NAME = "python_stdlib_restored.zip"
#: The files a restored page's zip keeps whole (:func:`write_restored`): a page may import them before it is
#: ready, and the snapshot does not hold them. ipaddress (the live table's join codes, read as the player's
#: page opens one: ``pyengine.live.codes``) is 14 KB with brotli as source, and 56 KB more of the snapshot
#: compiled into it.
RESTORED_WHOLE = ("ipaddress.py",)
#: A fixed timestamp for every file, so the same list gives the same bytes.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


class StdlibError(ValueError):
    """The list names a file Pyodide's zip does not have; the message names it."""


def read_used(path: Path = USED_LIST) -> list[str] | None:
    """The files of the list, or None when there is no list (then nothing is left out)."""
    if not path.exists():
        return None
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return sorted({line for line in lines if line})


def module_names(files) -> set[str]:
    """The importable module names of zip paths (``email/mime/text.py`` → ``email.mime.text``)."""
    names = set()
    for name in files:
        path = PurePosixPath(name)
        if path.suffix != ".py":
            continue
        parts = path.with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts and all(part.isidentifier() for part in parts):
            names.add(".".join(parts))
    return names


def finder_source(missing: set[str], kept: set[str] = frozenset()) -> str:
    """``strike_rank_stdlib.py`` with the modules left out and the modules kept filled in."""
    text = MODULE_SOURCE.read_text(encoding="utf-8")
    for name, names in (("MISSING", missing), ("KEPT", kept)):
        marker = f"{name} = frozenset()"
        if text.count(marker) != 1:
            raise StdlibError(f"{MODULE_SOURCE.name}: the line {marker!r} is not there once")
        text = text.replace(marker, f"{name} = frozenset({sorted(names)!r})")
    return text


def write_trimmed(full: Path, out: Path, used: list[str] | None) -> dict[str, int]:
    """Writes the trimmed zip ``out`` from Pyodide's ``full`` zip; returns its counts.

    With ``used`` None every file goes in (the list does not exist yet). Files are stored,
    not deflated, and the folders of the files kept are kept too.

    :raises StdlibError: a listed file is not in Pyodide's zip (the list is from another Pyodide).
    """
    with zipfile.ZipFile(full) as source:
        files = [info.filename for info in source.infolist() if not info.is_dir()]
        wanted = set(files) if used is None else set(used)
        unknown = sorted(wanted - set(files) - {f"{MODULE_NAME}.py"})
        if unknown:
            raise StdlibError(f"{USED_LIST.name} lists {', '.join(unknown[:5])}, not in Pyodide's {full.name}: "
                              "record the list again (python -m builder.stdlib_record)")
        kept = [name for name in files if name in wanted]
        folders = {str(parent) + "/" for name in kept for parent in PurePosixPath(name).parents if str(parent) != "."}
        missing = module_names(files) - module_names(kept)
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
            for name in sorted(folders):
                zf.writestr(zipfile.ZipInfo(name, ZIP_DATE), b"")
            for name in kept:
                zf.writestr(zipfile.ZipInfo(name, ZIP_DATE), source.read(name))
            filled = module_names(kept) - module_names(RESTORED_WHOLE)
            zf.writestr(zipfile.ZipInfo(f"{MODULE_NAME}.py", ZIP_DATE), finder_source(missing, filled))
    return {"files": len(kept) + 1, "left out": len(files) - len(kept), "bytes": out.stat().st_size}


def write_stdlib(out: Path) -> dict[str, int]:
    """The trimmed standard library beside Pyodide's whole one in ``out``, which stays for the
    imports the trimmed one leaves out; the pages load the trimmed one."""
    try:
        return write_trimmed(out / "python_stdlib.zip", out / TRIMMED_NAME, read_used())
    except StdlibError as exc:
        raise BuildError(str(exc)) from None


def write_restored(trimmed: Path, out: Path, whole: tuple[str, ...] = RESTORED_WHOLE) -> dict[str, int]:
    """Writes ``out``: the trimmed zip with the bytes of every file but ``whole`` made zeros, in place;
    returns its counts.

    A snapshot holds what the pages import before they are ready (``builder.snapshot.BAKED_MODULES``;
    ``whole`` would cost more there), and with it the zip's directory as it was read: the zip a restored
    interpreter loads must be the same to the byte but for what it does not read before ready. Stored,
    not deflated, the zeros cost nothing with the host's compression: 0.68 MB less before a restored page
    is ready. What a restored page imports later (the QR code's writer, say), the finder reads from the
    trimmed zip itself, put in the place of this one the first time
    (``strike_rank_stdlib.TrimmedStdlibFiller``). A page that starts normally loads the trimmed zip.
    Until then, a traceback through the standard library shows blank lines there.
    """
    data = bytearray(trimmed.read_bytes())
    with zipfile.ZipFile(trimmed) as zf:
        files = [info for info in zf.infolist() if not info.is_dir() and info.filename not in whole]
    for info in files:
        at = info.header_offset
        start = at + 30 + int.from_bytes(data[at + 26:at + 28], "little") + int.from_bytes(data[at + 28:at + 30], "little")
        data[start:start + info.compress_size] = bytes(info.compress_size)
    out.write_bytes(bytes(data))
    return {"blanked": len(files), "bytes": len(data)}
