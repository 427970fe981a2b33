"""Two phones open the live table's data channel by their codes alone: the game master's page
makes the offer (web/static/peer.js), the join code is drawn as the QR code the app draws and
read by the player's camera (Chromium's fake camera and the app's own scanner, web/static/scan.js);
the player's page makes the answer, whose answer code is drawn and read back with zbarimg; the
channel opens and carries a message each way.

In the network namespace the run makes (tools/netns.py): every address either browser offers is
the namespace's own, and no server is configured. The pages are the built site's, served from
dist/, under their content security policy (the suite's ``csp_violations`` fixture fails the test
on any violation).
"""

from __future__ import annotations

import os
import re
import time

import pytest

from pyengine import qr
from pyengine.live import codes, sdp
from tests.browser.conftest import Watch
from tests.browser.live.camera import camera_video
from tests.browser.live.peer_page import LOAD_PEER, PAGE, RECEIVED
from tests.qr_reader import zbarimg
from tools import chromium

SCAN = """() => new Promise((done, fail) => {
  const script = document.createElement("script");
  script.src = "./scan.js";
  script.onload = () => {
    const video = document.createElement("video");
    video.muted = true;
    video.setAttribute("playsinline", "");
    document.body.append(video);
    window.strikeRankScanner.start(video, (text) => { window.strikeRankScanner.stop(); done(text); }, (name) => fail(new Error(name)));
  };
  script.onerror = () => fail(new Error("scan.js did not load"));
  document.head.append(script);
})"""


def read_back(code: qr.QrCode, path) -> str:
    """The code drawn as a PNG and read by zbarimg, as the other phone's camera would."""
    path.write_bytes(qr.png(code))
    return zbarimg(path)


def addresses(description: str) -> list[str]:
    return re.findall(r"^a=candidate:\S+ \d+ \S+ \d+ (\S+) \d+ typ", description, re.M)


@pytest.fixture
def player_camera(playwright, tmp_path):
    """A second Chromium (a player's phone), whose camera shows the picture given."""
    launched = []

    def launch(video: str):
        browser = playwright.chromium.launch(
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
        launched.append(browser)
        return browser

    yield launch
    for browser in launched:
        browser.close()


def test_the_codes_open_a_data_channel_that_carries_a_message_each_way(browser, site_url, player_camera, tmp_path, own_network_namespace):
    site = site_url.rstrip("/") + "/"
    watch = Watch()
    game_master = browser.new_context(viewport=chromium.PHONE, base_url=site)
    watch.attach_context(game_master)
    master = game_master.new_page()
    master.goto(PAGE)
    master.evaluate(LOAD_PEER)
    assert master.evaluate("() => window.peer.pc.getConfiguration().iceServers") == []

    # the game master opens the table: the offer, every candidate gathered
    offer = master.evaluate("() => window.peer.offer()")
    gathering_ms = master.evaluate("() => window.peer.gatheringMs")
    join = codes.make_join(sdp.from_sdp(offer), os.urandom)
    link = codes.join_link(join, master.url)
    join_qr = qr.encode(link)
    assert link.startswith(f"{site}player.html#join=") and join_qr.version <= 8

    # the player's camera reads the join code off the game master's screen
    player_browser = player_camera(camera_video(join_qr, tmp_path / "join.y4m"))
    table = player_browser.new_context(viewport=chromium.PHONE, base_url=site)
    table.grant_permissions(["camera"])
    watch.attach_context(table)
    player = table.new_page()
    player.goto(PAGE)
    scanned = player.evaluate(SCAN)
    assert scanned == link
    joined = codes.read_join(scanned)
    assert joined == join

    # the player's phone answers; the game master's scanner reads its answer code
    player.evaluate(LOAD_PEER)
    answer = player.evaluate("(offer) => window.peer.answer(offer)", sdp.to_sdp(joined.session))
    answer_code = codes.make_answer(sdp.from_sdp(answer), joined)
    answer_qr = qr.encode(codes.answer_text(answer_code))
    # with the camera allowed, Chromium offers every interface's address, not only the default route's:
    # here both ends of the veth pair, so 78 bytes and version 6 (one address: 71 bytes, version 5)
    assert answer_qr.mode == "alphanumeric" and answer_qr.version <= 6, answer
    read = read_back(answer_qr, tmp_path / "answer.png")
    accepted = codes.read_answer(read, join)

    started = time.perf_counter()
    master.evaluate("(answer) => window.peer.accept(answer)", sdp.to_sdp(accepted.session))
    for page in (master, player):
        page.wait_for_function("() => window.events.some(([kind]) => kind === 'open')", timeout=10_000)
    open_ms = (time.perf_counter() - started) * 1000

    master.evaluate("() => window.peer.send('Rurik strikes at SR 5')")
    player.evaluate("() => window.peer.send(new Uint8Array([1, 2, 250]))")
    player.wait_for_function("() => window.events.some(([kind]) => kind === 'message')", timeout=5_000)
    master.wait_for_function("() => window.events.some(([kind]) => kind === 'message')", timeout=5_000)
    assert player.evaluate(RECEIVED) == ["Rurik strikes at SR 5"]
    assert master.evaluate(RECEIVED) == [[1, 2, 250]]
    assert ["state", "connected"] in master.evaluate("() => window.events")

    # nothing left the namespace: every address offered is its own, and no server was asked
    for description in (offer, answer):
        found = addresses(description)
        assert found and all(a.startswith("10.99.0.") for a in found), found
    for page in (master, player):
        stats = page.evaluate("""async () => { const out = []; (await window.peer.pc.getStats()).forEach(s => {
            if (s.type === "local-candidate" || s.type === "remote-candidate") out.push([s.type, s.candidateType, s.address]); }); return out; }""")
        # local candidates on an unspecified address ("0.0.0.0", "::") are Chromium's sockets bound to
        # any interface: never written into a description, never sent to anyone. A remote candidate
        # learned from a check that came before the description named it (peer-reflexive) has its
        # address withheld from the page (webrtc-stats: "address"), so it reads empty (stop 45's CI)
        assert any(t == "remote-candidate" for t, _, _ in stats), stats
        for kind, candidate, address in stats:
            assert candidate in ("host", "prflx") and (
                (address or "").startswith("10.99.0.")
                or (kind == "local-candidate" and address in ("0.0.0.0", "::"))
                or (kind == "remote-candidate" and candidate == "prflx" and not address)
            ), stats
    print(
        f"\nlive table: join code {len(codes.pack_join(join))} bytes (link QR version {join_qr.version}, "
        f"{join_qr.mode}), answer code {len(codes.pack_answer(answer_code))} bytes (QR version {answer_qr.version}); "
        f"ICE gathering {gathering_ms:.0f} ms; answer set to channel open {open_ms:.0f} ms"
    )
    master.evaluate("() => window.peer.close()")
    player.wait_for_function("() => window.events.some(([kind]) => kind === 'close')", timeout=5_000)
    watch.assert_clean()
