"""The accessibility audit (axe-core) the browser tests share, and where their screenshots go."""

from __future__ import annotations

from pathlib import Path

SHOTS = Path(__file__).resolve().parents[2] / "dist-screenshots"


def serious_findings(page, axe_source: str) -> list[str]:
    page.evaluate(axe_source)  # not an inline <script>: the pages' policy refuses those
    report = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:5]}"
        for v in report["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
