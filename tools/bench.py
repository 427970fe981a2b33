"""Start-up benchmark: every page against a bare PyScript + Pyodide page, in the same run.

The bare page is made from the same vendored files: it loads msgspec, marks "ready"
and does nothing else. Each subject is loaded once cold (a fresh browser profile),
then ``warm_loads`` times in that same persistent profile (HTTP cache and, for our
pages, the service worker warm). Time to ready is the ``ready`` performance mark,
from navigation start. Ratios are subject / bare, so the machine's speed cancels out.

Run it with ``python3 build.py bench`` (``--json`` for one JSON object).
"""

from __future__ import annotations

import json
import statistics
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from tools import chromium

READY_TIMEOUT_MS = 120_000

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head><body>
<script type="py" config="./bare.json">
import msgspec
from pyscript import document, window
document.body.dataset.ready = "1"
window.performance.mark("ready")
</script>
</body></html>
"""


def measures(page, name: str) -> list[float]:
    return [float(d) for d in page.evaluate(f"performance.getEntriesByName({name!r}, 'measure').map(e => e.duration)")]


def shrapnel_actions(page) -> dict[str, float]:
    """Reads 12 criticals through the form; the page measures resolve + render itself."""
    for i, (severity, roll, area) in enumerate([("C", 50, "chest"), ("E", 100, "head"), ("A", 1, "legs")] * 4):
        page.click(f"label[for=shr-sev-{severity}]")
        page.fill("#shr-roll", str(roll + i % 3 if roll < 98 else roll))
        page.click(f'input[name=covered][value="{area}"]')
        page.click("#shr-resolve")
        page.wait_for_function(f"performance.getEntriesByName('resolve + render', 'measure').length >= {i + 1}")
    return {
        "resolve + render (ms, median of 12)": statistics.median(measures(page, "resolve + render")),
        "table decode (ms)": measures(page, "table decode")[0],
    }


#: Page -> what to do on it once warm, returning named timings the page measured.
PAGE_ACTIONS = {"shrapnel.html": shrapnel_actions}


@dataclass
class Measure:
    subject: str
    cold_ms: float
    warm_ms: list[float]
    first_visit_bytes: int
    actions: dict[str, float]

    @property
    def warm_median_ms(self) -> float:
        return statistics.median(self.warm_ms)


def bare_site(dist: Path, folder: Path) -> Path:
    """A site with only the bare page, sharing dist/'s vendored files."""
    (folder / "vendor").symlink_to(dist / "vendor", target_is_directory=True)
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "packages": ["msgspec"], "packages_cache": "passthrough"}
    (folder / "bare.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


def ready_ms(page) -> float:
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=READY_TIMEOUT_MS)
    return float(page.evaluate("performance.getEntriesByName('ready')[0].startTime"))


def measure(p, subject: str, url: str, warm_loads: int, *, has_sw: bool) -> Measure:
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = p.chromium.launch_persistent_context(profile, **chromium.launch_options(viewport=chromium.PHONE))
        moved = 0

        def on_finished(request) -> None:
            nonlocal moved
            response = request.response()
            if response is None or response.from_service_worker:
                return
            sizes = request.sizes()
            moved += max(sizes["responseBodySize"], 0) + max(sizes["responseHeadersSize"], 0)

        context.on("requestfinished", on_finished)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        cold = ready_ms(page)
        if has_sw:
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
        page.wait_for_load_state("networkidle")
        context.remove_listener("requestfinished", on_finished)
        warm = []
        for _ in range(warm_loads):
            page.goto("about:blank")
            page.goto(url)
            warm.append(ready_ms(page))
        action = PAGE_ACTIONS.get(subject)
        actions = {k: round(v, 2) for k, v in action(page).items()} if action else {}
        context.close()
    return Measure(subject, round(cold, 1), [round(w, 1) for w in warm], moved, actions)


def own_bytes(dist: Path) -> int:
    """Our own bytes: everything in dist/ but the vendored browser stack."""
    return sum(p.stat().st_size for p in dist.rglob("*") if p.is_file() and "vendor" not in p.relative_to(dist).parts)


def run(dist: Path, warm_loads: int) -> dict:
    results: list[Measure] = []
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as bare_dir:
        bare = bare_site(dist, Path(bare_dir))
        with build.serving(bare) as bare_url, build.serving(dist) as site_url, sync_playwright() as p:
            results.append(measure(p, "bare PyScript + Pyodide", bare_url + "index.html", warm_loads, has_sw=False))
            for page in build.PAGES:
                results.append(measure(p, page.file, site_url + page.file, warm_loads, has_sw=True))
    base = results[0]
    files, size = build.site_size(dist)
    rows = []
    for m in results:
        rows.append({
            **asdict(m),
            "warm_median_ms": m.warm_median_ms,
            "warm_ratio": round(m.warm_median_ms / base.warm_median_ms, 3),
            "cold_ratio": round(m.cold_ms / base.cold_ms, 3),
        })
    return {
        "warm_loads": warm_loads,
        "subjects": rows,
        "dist_files": files,
        "dist_bytes": size,
        "own_bytes": own_bytes(dist),
        "chromium": chromium.executable(),
    }


def table(report: dict) -> str:
    lines = [
        f"| page | cold ready (ms) | warm ready, median of {report['warm_loads']} (ms) | warm × bare | cold × bare | first visit moved (bytes) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in report["subjects"]:
        lines.append(
            f"| {row['subject']} | {row['cold_ms']:.0f} | {row['warm_median_ms']:.0f} | {row['warm_ratio']:.2f} | "
            f"{row['cold_ratio']:.2f} | {row['first_visit_bytes']:,} |"
        )
    lines.append("")
    for row in report["subjects"]:
        for name, value in row["actions"].items():
            lines.append(f"{row['subject']}: {name}: {value}")
    lines.append(f"dist/: {report['dist_files']} files, {report['dist_bytes']:,} bytes; "
                 f"our own bytes (all but vendor/): {report['own_bytes']:,}")
    return "\n".join(lines)


def main(pins: build.Pins, dist: Path, *, as_json: bool, warm_loads: int) -> int:
    report = run(dist, warm_loads)
    report["pins"] = {"pyscript": pins.pyscript.version, "pyodide": pins.pyodide.version}
    print(json.dumps(report, indent=1) if as_json else table(report))
    return 0
