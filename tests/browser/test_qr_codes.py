"""Every share line offers "Show as QR code" at 390×844; a real decoder (Debian's
zbarimg) reads the code off a screenshot of the page, and the link it reads opens the same
state. The encoder (segno) is fetched only when a code is first asked for."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

import builder.install
import builder.pins
from pyengine.cli.tables import load_tables
from pyengine.runequest.combat import state as exchange_state
from tests.browser.conftest import open_ready, store_items
from tests.browser.examples import rurik_record
from tests.qr_reader import zbarimg
from tests.worked_examples import ROLLS, engine_exchange

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def golden_line(kind: str) -> str:
    """The last golden link of this kind (the newest version)."""
    found = []
    for path in sorted(GOLDEN.glob("links-*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(f"{kind} |"):
                found.append(line.split("|")[1].strip())
    return found[-1]


def serious_findings(page, *selectors: str) -> list[str]:
    """axe-core's serious and critical findings on these elements (the code and its button)."""
    page.evaluate(builder.install.axe_script().read_text(encoding="utf-8"))  # no inline <script> (the policy)
    report = page.evaluate("s => axe.run({include: s.map(x => [x])}, {resultTypes: ['violations']})", list(selectors))
    return [f"{v['id']}: {v['help']}" for v in report["violations"] if v["impact"] in {"serious", "critical"}]


def open_sheet(context):
    store_items(context, {"strike-rank/character/rurik": rurik_record()})
    page = open_ready(context, "sheet.html?open=rurik")
    expect(page.locator("#sheet-name")).to_have_value("Rurik")
    page.click("#sheet-share-link")
    return page


def open_exchange(context):
    attack, defence = engine_exchange(load_tables())
    return open_ready(context, "combat.html#" + exchange_state.LINK.link(exchange_state.to_state(attack, defence, ROLLS)))


#: kind -> (share line prefix, how its page comes to show a share line, what the caption says)
KINDS = {
    "sheet": ("sheet", open_sheet, "Adventurer sheet: Rurik"),
    "exchange": ("cx", open_exchange, "Exchange: Attacker (short spear) against Defender, 5 rolls"),
    "shrapnel": ("shr", lambda c: open_ready(c, "shrapnel.html#" + golden_line("shrapnel")), "Shrapnel result: "),
    "dice": ("dice", lambda c: open_ready(c, "index.html#" + golden_line("dice")), "Dice roll: "),
    "fight": ("fl", lambda c: open_ready(c, "combat.html#" + (GOLDEN / "fight-wounded.link").read_text().strip()),
              "Fight: "),
    "fight-3v3": ("fl", lambda c: open_ready(c, "combat.html#" + (GOLDEN / "fight-3v3.link").read_text().strip()),
                  "Fight: Sartar against Chaos, round 10, 6 combatants"),
}


def state_of(page, prefix: str):
    """What the page shows of the state a link carries: the result card's text."""
    box = {"sheet": "#sheet-view", "cx": "#cx-result .cx-result", "shr": "#shr-result .shr-result",
           "dice": "#dice-result .roll", "fl": "#fs-out"}[prefix]
    return page.locator(box).first.inner_text()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_show_as_qr_code_is_read_by_a_real_decoder_and_opens_the_same_state(app, kind, tmp_path):
    context, watch = app
    prefix, open_page, caption = KINDS[kind]
    encoder = []
    context.on("request", lambda request: encoder.append(request.url) if "segno" in request.url else None)
    page = open_page(context)
    expect(page.locator(f"#{prefix}-qr-show")).to_have_text("Show as QR code")
    expect(page.locator(f"#{prefix}-qr")).to_be_hidden()
    assert encoder == []  # not at page start
    link = page.locator(f"#{prefix}-share").evaluate("a => a.href")  # origin, path and fragment
    shown = state_of(page, prefix)

    context.set_offline(True)  # at the table with no signal: the service worker has the encoder
    began = time.perf_counter()
    page.click(f"#{prefix}-qr-show")
    code = page.locator(f"#{prefix}-qr-code svg")
    expect(code).to_be_visible(timeout=30_000)  # the first code also installs and compiles the encoder
    took = time.perf_counter() - began
    segno = next(pin for pin in builder.pins.read_pins().pure_wheels if pin.name == "segno")
    assert any(url.endswith(f"segno-{segno.version}-py3-none-any.whl") for url in encoder)
    expect(page.locator(f"#{prefix}-qr-show")).to_have_text("Hide QR code")
    expect(page.locator(f"#{prefix}-qr figcaption")).to_contain_text(caption)
    version = page.locator(f"#{prefix}-qr-version").inner_text()
    box = code.bounding_box()
    page.screenshot(path=str(tmp_path.parent / f"page-{kind}.png"))
    assert box["width"] >= 385 and abs(box["width"] - box["height"]) < 1  # fills the phone's width, square
    image = tmp_path / f"{kind}.png"
    code.screenshot(path=str(image))
    read = zbarimg(image)
    assert read == link
    button = page.locator(f"#{prefix}-qr-show").bounding_box()
    assert button["height"] >= 44 and button["width"] >= 44  # a tap target
    assert serious_findings(page, f"#{prefix}-qr", f"#{prefix}-qr-show") == []
    modules = int(re.search(r"\((\d+)×", version).group(1))
    print(f"\n{kind}: link of {len(link)} characters -> {version}; {box['width'] / (modules + 8):.1f} px per module; shown in {took:.2f} s")

    other = open_ready(context, read)
    if prefix == "sheet":
        expect(other.locator("#sheet-shared")).to_be_visible()
    expect(other.locator("#sheet-name" if prefix == "sheet" else f"#{prefix}-share")).to_be_attached()
    assert state_of(other, prefix) == shown

    page.click(f"#{prefix}-qr-show")
    expect(page.locator(f"#{prefix}-qr")).to_be_hidden()
    expect(page.locator(f"#{prefix}-qr-show")).to_have_text("Show as QR code")
    watch.assert_clean()
