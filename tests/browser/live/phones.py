"""Phones for the live table's page tests: a Chromium whose fake camera shows a picture rewritten before each
scan, a phone-sized touch context, a code read off a screen by zbarimg, and a player joining the game master's
table by the codes as people pass them (the join code to his camera, his answer code to the game master's)."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from pyengine import qr
from pyengine.live import codes
from tests.browser.conftest import READY, READY_TIMEOUT_MS, Watch
from tests.browser.live.camera import camera_video
from tests.qr_reader import zbarimg
from tools import chromium

#: How long the second scan may take to bring a newcomer to the game master's panel (milliseconds).
CONNECTED = 20_000


def phone_browser(playwright, video) -> object:
    """A Chromium whose camera shows the picture in ``video`` (rewritten before each scan)."""
    return playwright.chromium.launch(
        **chromium.launch_options(
            args=[
                *chromium.LAUNCH_ARGS,
                *chromium.launch_args_for_tests(),
                "--use-fake-device-for-media-stream",
                "--use-fake-ui-for-media-stream",
                f"--use-file-for-fake-video-capture={video}",
            ]
        )
    )


def phone(browser, site: str, watch: Watch):
    context = browser.new_context(viewport=chromium.PHONE, has_touch=True, is_mobile=True, base_url=site)
    context.grant_permissions(["camera"])
    watch.attach_context(context)
    return context


def read_screen(locator, path) -> str:
    """What a code on a phone's screen says, read from a screenshot by zbarimg."""
    locator.screenshot(path=str(path))
    return zbarimg(path)


def ready(page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def join(gm, player, cameras, tmp_path, *, seat: int, name: str, plays: int) -> float:
    """``player`` (a page of his own phone) joins the table whose join code ``gm`` shows, by the codes, is
    let in and given the combatant of row ``plays``: milliseconds from the second scan to the newcomer on
    the game master's panel."""
    started = pass_codes(gm, player, cameras, tmp_path, seat=seat, name=name)
    admit = gm.locator(".lt-newcomer button[data-admit]")
    expect(admit).to_be_visible(timeout=CONNECTED)
    expect(player.locator("#pl-status")).to_contain_text("waiting for the game master to let you in")
    joined_ms = (time.perf_counter() - started) * 1000
    expect(gm.locator(".lt-newcomer")).to_contain_text(f"{name} asks to join")
    admit.tap()
    expect(gm.locator(f"#lt-seat-{seat}")).to_contain_text(f"{name}: connected")
    gm.locator(f"#lt-seat-{seat}-{plays}").tap()  # he plays this combatant
    expect(player.locator(f"#pl-send-{plays}")).to_be_visible()
    return joined_ms


def pass_codes(gm, player, cameras, tmp_path, *, seat: int, name: str) -> float:
    """The join code ``gm`` shows scanned by ``player``'s phone with the app's scanner, his name said, and
    his answer code scanned by the game master's: when that second scan began (``time.perf_counter``)."""
    site = gm.url[: gm.url.rindex("/") + 1]
    join_svg = gm.locator("#lt-join svg")
    expect(join_svg).to_be_visible(timeout=10_000)
    width = join_svg.bounding_box()["width"]
    assert width >= chromium.PHONE["width"] - 40  # the QR code fills the width
    link = read_screen(join_svg, tmp_path / f"join-{seat}.png")
    assert link.startswith(f"{site}player.html#join=")
    join = codes.read_join(link)
    assert join == codes.read_join(gm.locator("#lt-join-typed").inner_text())
    assert all(c.address.startswith("10.99.0.") for c in join.session.candidates), join.session.candidates
    camera_video(qr.encode(link), cameras["players"])

    # the player opens the page, scans the join code with the app's scanner: the page opens it
    player.goto("player.html")
    ready(player)
    player.locator("#scan-open").tap()
    player.wait_for_url("**/player.html#join=*", timeout=15_000)
    ready(player)
    expect(player.locator("#pl-named")).to_be_visible()
    player.locator("#pl-name").fill(name)
    player.locator("#pl-make").tap()
    answer_svg = player.locator("#pl-code-shown svg")
    expect(answer_svg).to_be_visible(timeout=10_000)
    expect(player.locator("#pl-code-shown")).to_contain_text("Show this to the game master")
    answer_text = read_screen(answer_svg, tmp_path / f"answer-{seat}.png")
    answer = codes.read_answer(answer_text, join)
    assert all(c.address.startswith("10.99.0.") for c in answer.session.candidates), answer.session.candidates
    camera_video(qr.encode(answer_text), cameras["gm"])

    # the game master's scanner reads it
    started = time.perf_counter()
    gm.locator("#lt-scan").tap()
    return started
