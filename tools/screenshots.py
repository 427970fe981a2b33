"""Takes screenshots of every page at phone and desktop size, for looking at what we built.

    .venv/bin/python -m tools.screenshots [OUT_DIR] [--dist DIST]     (after `python3 build.py`)

Every page of the built site (each ``*.html`` at the top of ``DIST``, default ``dist``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import chromium
from tools.serve import serving

SIZES = {"phone": chromium.PHONE, "desktop": chromium.DESKTOP}


def main(out: Path, dist: Path = Path("dist")) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pages = sorted(p.name for p in dist.glob("*.html"))
    with serving(dist) as url, sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options())
        for page_file in pages:
            for label, size in SIZES.items():
                page = browser.new_page(viewport=size)
                page.goto(url + page_file)
                page.screenshot(path=str(out / f"{Path(page_file).stem}-{label}-static.png"), full_page=True)
                page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                page.screenshot(path=str(out / f"{Path(page_file).stem}-{label}.png"), full_page=True)
                page.close()
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--dist"]
    dist = Path(sys.argv[sys.argv.index("--dist") + 1]) if "--dist" in sys.argv else Path("dist")
    args = [a for a in args if a != str(dist)]
    main(Path(args[0] if args else "/tmp/shots"), dist)
