"""Issue 6: a 3-against-3 fight of 10 rounds, typed in, replays identically from its link in
the browser and in CPython (tests/golden/fight-3v3.link; the CPython side is
tests/unit/runequest/test_melee_fight_log.py)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import open_ready

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def replayed(context, name: str, rounds: int):
    """The golden fight ``name`` opened from its link in fight mode, its ``rounds`` drawn, and
    exported: (the link, the page, the export read)."""
    link = (GOLDEN / f"{name}.link").read_text(encoding="utf-8").strip()
    page = open_ready(context, f"combat.html#{link}")
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(page.locator("#fl-out .fr-log")).to_have_attribute("data-rounds", str(rounds))
    with page.expect_download() as download:
        page.click("#fl-export")
    return link, page, json.loads(download.value.path().read_text(encoding="utf-8"))


def test_the_golden_3_against_3_fight_replays_in_the_page_to_the_cpython_state(app):
    context, watch = app
    link, page, exported = replayed(context, "fight-3v3", rounds=10)
    golden = json.loads((GOLDEN / "fight-3v3.final.json").read_text(encoding="utf-8"))
    assert exported["final"] == golden
    assert len(exported["log"]) == 10
    hp = {b.get_attribute("data-name"): b.get_attribute("data-hp") for b in page.locator("#fs-out .fs-body").all()}
    assert hp == {"Rurik": "9", "Vasana": "12", "Yanioth": "11", "Broo": "-7", "Scorpion man": "5", "Tusk rider": "12"}
    print(f"\n3-against-3 fight, 10 rounds: link of {len(link)} characters replays the same in the page")
    watch.assert_clean()


def test_the_12_combatant_30_round_fight_replays_in_the_page_to_the_cpython_state(app):
    # Issue 18: a fight of twelve over 30 rounds stays a link (under the 16,384-character
    # fragment limit) and replays in the page to the state CPython gives (tests/golden/
    # fight-12x30.final.json). How long the replay takes is measured by the bench, not here.
    context, watch = app
    link, page, exported = replayed(context, "fight-12x30", rounds=30)
    assert len(link) < 16_384
    assert exported["final"] == json.loads((GOLDEN / "fight-12x30.final.json").read_text(encoding="utf-8"))
    print(f"\n12 combatants, 30 rounds: a link of {len(link)} characters replays the same in the page "
          "(its replay time is the bench's: python3 build.py bench)")
    watch.assert_clean()
