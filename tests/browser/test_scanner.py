"""The start page's scanner, fed through Chromium's fake camera: a video of a QR code that
the test makes (segno for the code, a .y4m file for the camera), read by the page's own
decoder (jsQR, since Chromium on Linux has no BarcodeDetector).

Each test launches its own Chromium: the fake camera's video is a launch argument.
"""

from __future__ import annotations

import pytest
import segno
from playwright.sync_api import expect

import builder.base
from tests.browser.conftest import READY, READY_TIMEOUT_MS, Watch, open_ready
from tools import chromium

SIDE = 720  # the video's width and height, in pixels
GOLDEN_SHEET = "tests/golden/links-0.1.0.txt"


def qr_video(text: str, path) -> str:
    """Writes a two-frame .y4m video (grey only) of ``text`` as a QR code, centred, black on white."""
    code = segno.make(text, error="m", micro=False)
    matrix = [list(row) for row in code.matrix_iter(scale=1, border=4)]
    modules = len(matrix)
    scale = SIDE // modules
    offset = (SIDE - modules * scale) // 2
    luma = bytearray(b"\xeb" * (SIDE * SIDE))
    for y, row in enumerate(matrix):
        line = bytearray()
        for dark in row:
            line += (b"\x10" if dark else b"\xeb") * scale
        for dy in range(scale):
            start = (offset + y * scale + dy) * SIDE + offset
            luma[start:start + len(line)] = line
    chroma = b"\x80" * (SIDE // 2 * SIDE // 2 * 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 2)
    return str(path)


@pytest.fixture
def camera_showing(playwright, site_url, tmp_path):
    """A Chromium whose camera shows a code of the text given; yields a function that opens
    the start page in it with the camera allowed and returns (page, watch)."""
    launched = []

    def start(text: str):
        video = qr_video(text, tmp_path / "code.y4m")
        browser = playwright.chromium.launch(**chromium.launch_options(args=[
            *chromium.LAUNCH_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ]))
        launched.append(browser)
        context = browser.new_context(viewport=chromium.PHONE, base_url=site_url)
        context.grant_permissions(["camera"])
        watch = Watch()
        watch.attach_context(context)
        return open_ready(context), watch

    yield start
    for browser in launched:
        browser.close()


def dice_link(site_url: str) -> str:
    from pyengine.dice import ScriptedDice
    from pyengine.pages.index import StartPage
    from pyengine.storage.store import MemoryStore

    update = StartPage(MemoryStore(), dice=ScriptedDice([5, 2])).on_roll({"dice-expr": "2D6+2", "dice-typed": ""})
    return f"{site_url.rstrip('/')}/index.html{update.address}"


def golden_sheet_fragment() -> str:
    for line in (builder.base.ROOT / GOLDEN_SHEET).read_text(encoding="utf-8").splitlines():
        if line.startswith("sheet |"):
            return line.split("|")[1].strip()
    raise AssertionError("no sheet link in " + GOLDEN_SHEET)


def test_a_dice_roll_code_read_by_the_camera_opens_that_roll(camera_showing, site_url):
    page, watch = camera_showing(dice_link(site_url))
    expect(page.locator("#dice-result")).to_be_empty()
    page.click("#scan-open")
    # The start page loads again with the roll's fragment and shows it.
    page.wait_for_url("**/index.html#1.*", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#dice-result .roll-total")).to_have_text("9", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#scan-box")).to_be_hidden()
    watch.assert_clean()


def test_a_sheet_code_opens_the_sheet_it_carries(camera_showing, site_url):
    page, watch = camera_showing(f"{site_url.rstrip('/')}/sheet.html#{golden_sheet_fragment()}")
    page.click("#scan-open")
    page.wait_for_url("**/sheet.html#1.*", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#sheet-name")).to_have_value("Ysolde")
    expect(page.locator("#sheet-shared")).to_be_visible()
    watch.assert_clean()


def test_a_code_from_another_site_is_refused_and_closing_stops_the_camera(camera_showing, site_url):
    fragment = dice_link(site_url).partition("#")[2]
    page, watch = camera_showing(f"https://evil.example/index.html#{fragment}")
    assert page.evaluate("typeof window.strikeRankScanner") == "undefined"  # loaded only on demand
    assert page.evaluate("typeof window.jsQR") == "undefined"
    page.click("#scan-open")
    expect(page.locator("#scan-box")).to_be_visible()
    error = page.locator("#scan-error")
    expect(error).to_contain_text("another site (evil.example)", timeout=READY_TIMEOUT_MS)
    expect(error).to_contain_text("nothing was opened")
    assert page.url == f"{site_url.rstrip('/')}/index.html"
    # Read by the vendored decoder, fetched only now (Chromium on Linux has no BarcodeDetector).
    assert page.evaluate("typeof window.jsQR === 'function' || 'BarcodeDetector' in window")
    page.evaluate("window.scanTracks = document.getElementById('scan-video').srcObject.getTracks()")
    assert page.evaluate("window.scanTracks.map(t => t.readyState)") == ["live"]
    page.click("#scan-close")
    expect(page.locator("#scan-box")).to_be_hidden()
    assert page.evaluate("window.scanTracks.map(t => t.readyState)") == ["ended"]
    assert page.evaluate("document.getElementById('scan-video').srcObject") is None
    expect(page.locator("#scan-open")).to_be_focused()
    watch.assert_clean()
