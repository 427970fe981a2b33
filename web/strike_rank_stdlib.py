"""Strike Rank's trimmed standard library, in the page: the way back to the whole of it.

This file is shipped inside the trimmed standard-library zip (``builder/stdlib.py`` packs it
as ``strike_rank_stdlib.py``, with :data:`MISSING` and :data:`KEPT` filled in) and runs under Pyodide only.
The page loads a zip of only the standard-library files our pages import
(``web/stdlib-used.txt``); :class:`FullStdlibFinder`, last on ``sys.meta_path``, answers an
import of any other module of the standard library: it fetches Pyodide's whole zip
(synchronously: an import cannot wait), puts it on the path after the trimmed one, and
finds the module there. A probe for a module that is in neither (``try: import _foo``) is
answered "not found" at once, without the download.

A page restored from the snapshot loads the trimmed zip with every file's bytes zeros
(``builder.stdlib.write_restored``): the snapshot holds what the pages import before they are
ready, and the bytes of the rest are not worth moving before then. Once the page is prepared, it
fetches the trimmed zip as any file (from the service worker's cache, offline too) and
:func:`fill_trimmed` puts it in the zeros' place (the same directory, to the byte, so the import
system's view of it holds). :class:`TrimmedStdlibFiller`, first on such a page's ``sys.meta_path``,
does it synchronously for an import before then (online only: Chromium's service worker does not
answer a synchronous request).

:func:`record` reports every standard-library file a page imports (the tool that writes
``web/stdlib-used.txt`` runs the browser tests with it: ``python -m builder.stdlib_record``).
"""

import sys
from importlib.machinery import PathFinder

#: The trimmed zip on the path (Pyodide writes the ``stdLibURL`` file there).
TRIMMED = __file__.rpartition("/")[0]
#: Where the whole standard library goes once an import needs it.
FULL = TRIMMED[: -len(".zip")] + "-full.zip"
#: Every module of Pyodide's standard library that the trimmed zip leaves out (filled in by the build).
MISSING = frozenset()
#: Every module the trimmed zip holds (filled in by the build).
KEPT = frozenset()

#: The names imported from the whole standard library (read by the tests).
FROM_FULL = []
#: On a restored page, what put the trimmed zip in place of its zeros: :data:`PREPARED`, or the module
#: whose import needed it before then (read by the tests).
FILLED_FOR = []
#: In :data:`FILLED_FOR`: the page's own read once it was prepared.
PREPARED = "(the page, once prepared)"


def fill_trimmed(write, by=PREPARED):
    """Puts the trimmed zip's bytes over the zip of zeros a restored page loaded, once: ``write(path)``
    writes them (the page's, into its file system: they never pass through Python's memory, which would
    grow by 3.7 MB and never give it back); ``by`` is what asked for it."""
    if FILLED_FOR:
        return
    write(TRIMMED)
    FILLED_FOR.append(by)


def load_trimmed(fullname):
    """Reads the trimmed zip synchronously for an import of ``fullname`` and fills the zeros with it.

    :raises ImportError: the zip could not be fetched (a synchronous request is not answered by the
        service worker, so offline, before the page's own read once prepared). The message names the module.
    """
    import js

    try:
        fill_trimmed(js.strikeRankStdlib.writeTrimmed, fullname)
    except Exception as error:  # noqa: BLE001 - whatever the browser said, as an ImportError
        raise ImportError(f"module {fullname} of Python's standard library could not be loaded (offline?): {error}",
                          name=fullname) from None


class TrimmedStdlibFiller:
    """On a restored page: an import of a module the trimmed zip holds, before the page's own read of
    it, loads the zip's bytes."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        # Stays on the path once done (taken off while the import system walks the path, it would skip
        # the finder after it); a set's lookup an import.
        if fullname in KEPT and not FILLED_FOR:
            load_trimmed(fullname)
        return None  # the import system goes on, and finds the module in the zip as it is now

    @classmethod
    def invalidate_caches(cls):
        pass


def load_full(fullname):
    """Puts Pyodide's whole standard-library zip on the path after the trimmed one (once),
    for an import of ``fullname``: the page reads it synchronously into its file system.

    :raises ImportError: the zip could not be fetched (offline: no service worker answers a synchronous
        request, so only the browser's own cache may hold it). The message names the module.
    """
    if FULL in sys.path:
        return
    import js

    try:
        js.strikeRankStdlib.writeFull(FULL)
    except Exception as error:  # noqa: BLE001 - whatever the browser said, as an ImportError
        raise ImportError(f"module {fullname} is not in the part of Python's standard library this site keeps, and the "
                          f"whole standard library could not be loaded (offline?): {error}", name=fullname) from None
    sys.path.append(FULL)


class FullStdlibFinder:
    """Finds a standard-library module the trimmed zip leaves out in the whole one."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in MISSING:
            return None
        load_full(fullname)
        if path is None:
            search = [FULL]
        else:
            search = [FULL + entry[len(TRIMMED):] for entry in path if str(entry).startswith(TRIMMED)]
            if isinstance(path, list):
                path.extend(entry for entry in search if entry not in path)
        spec = PathFinder.find_spec(fullname, search, target)
        if spec is not None:
            FROM_FULL.append(fullname)
        return spec

    @classmethod
    def invalidate_caches(cls):
        pass


def install(restored=False):
    """Puts :class:`FullStdlibFinder` last on ``sys.meta_path`` (once); on a page restored from the
    snapshot (``restored``), :class:`TrimmedStdlibFiller` first."""
    if FullStdlibFinder not in sys.meta_path:
        sys.meta_path.append(FullStdlibFinder)
    if restored and not FILLED_FOR and TrimmedStdlibFiller not in sys.meta_path:
        sys.meta_path.insert(0, TrimmedStdlibFiller)


def stdlib_file(origin):
    """The path inside the standard-library zip of a module's origin, or None."""
    for prefix in (TRIMMED + "/", FULL + "/"):
        if origin and origin.startswith(prefix):
            return origin[len(prefix):]
    return None


def record(report):
    """Calls ``report(path)`` for every standard-library file imported so far and from now on."""

    class Recorder:
        @classmethod
        def find_spec(cls, fullname, path=None, target=None):
            for finder in sys.meta_path:
                find = getattr(finder, "find_spec", None)
                if finder is cls or find is None:
                    continue
                spec = find(fullname, path, target)
                if spec is not None:
                    name = stdlib_file(spec.origin)
                    if name:
                        report(name)
                    return spec
            return None

        @classmethod
        def invalidate_caches(cls):
            pass

    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        name = stdlib_file(getattr(spec, "origin", None) or getattr(module, "__file__", None))
        if name:
            report(name)
    sys.meta_path.insert(0, Recorder)
