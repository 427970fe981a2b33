"""The build behind ``build.py``: one module per job. Never shipped, and nothing outside it
imports it (tests/build/test_layout.py).

Set-up (standard library only: ``build.py`` runs them on the system's Python)
    base          the folders, the build's one error, its progress line
    pins          every pinned version, read from pyproject.toml
    install       .venv, the pinned downloads in .vendor-cache/, the build's tools, Chromium, zbarimg

The site
    pages         the pages, their navigation bar and content security policy, each page rendered
    rulings       docs/rulings.md as a page
    app_files     the manifest, the icon, the service worker
    boot          pyscript.json and the boot module that starts Python in a page

The artifacts
    vendor        PyScript (patched for the policy), Pyodide and its lock file, jsQR
    wheel         our wheel: pyengine/ and the page glue, as the browser gets them
    tables        tables/*.toml validated and compiled to msgpack
    stdlib        the trimmed standard library (stdlib_record: records which files the pages import)
    snapshot      the Pyodide start-up snapshot, made in Chromium (snapshot_contents: what it holds, part by part)
    compress      the .br and .gz files beside the site's files

Putting it together
    site          dist/, assembled from every step above
    commands      build, serve, test, bench
"""
