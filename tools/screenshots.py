"""Takes screenshots of every page at phone and desktop size, for looking at what we built.

    .venv/bin/python -m tools.screenshots [OUT_DIR]      (after `python3 build.py`)
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from tools import chromium

SIZES = {"phone": chromium.PHONE, "desktop": chromium.DESKTOP}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with build.serving(build.DIST) as url, sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options())
        for page_def in build.PAGES:
            for label, size in SIZES.items():
                page = browser.new_page(viewport=size)
                page.goto(url + page_def.file)
                page.screenshot(path=str(out / f"{Path(page_def.file).stem}-{label}-static.png"), full_page=True)
                page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                page.screenshot(path=str(out / f"{Path(page_def.file).stem}-{label}.png"), full_page=True)
                page.close()
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots"))
