"""The live table by codes alone, on two phones with no shared network and no WebRTC at all (issue 35: "The
same exchange works by codes alone: the situation as a code for the players, and a player's statement or
dice as a code the game master scans. The flow slows down; it never stops.").

A game master in fight mode and one player on the player's page, each a phone of 390x844 (3 device pixels
a point) with a touch screen, in browsers where ``RTCPeerConnection`` does not exist. Every code passes as
people pass it: a screenshot of one phone's code read by zbarimg, drawn again as the app draws it and shown
to the other phone's camera (Chromium's fake camera, the app's own scanner). The player joins by codes, is
let in on his scanned code alone, states a round as a code the game master scans (sealed with the key his
code to join carried), the game master resolves, and the fight's code read by the player shows the result.
The scans are counted. The statement's code typed in the game master's field is not used twice, and text
that is no code is refused naming the field.

No WebRTC means no network between the phones: the test needs no namespace of its own (the suite's Watch
sees that no page asks anything of anyone but the site).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pyengine import qr
from pyengine.live.messages import Shown, Situation, read_message_link
from tests.browser.conftest import Watch
from tests.browser.examples import golden_3v3
from tests.browser.live.camera import camera_video
from tests.browser.live.phones import ready
from tests.qr_reader import zbarimg
from tools import chromium

#: Run in every page before its own scripts: a browser with no WebRTC at all.
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection; delete window.RTCDataChannel;"
NAME, PLAYS = "Ana", "Vasana"


@pytest.fixture(autouse=True)
def own_network_namespace():
    """Codes alone need no namespace (tests/browser/live/conftest.py's guard is for WebRTC): no page here has
    WebRTC, so nothing can pass between the phones but what their screens show."""
    return None


def phone(browser, site: str, watch: Watch):
    context = browser.new_context(viewport=chromium.PHONE, device_scale_factor=3, has_touch=True, is_mobile=True, base_url=site)
    context.grant_permissions(["camera"])
    context.add_init_script(NO_WEBRTC)
    watch.attach_context(context)
    return context.new_page()


def test_a_player_joins_and_plays_a_round_by_codes_alone(browsers, site_url, tmp_path):
    launched, cameras = browsers
    site = site_url.rstrip("/") + "/"
    watch = Watch()
    scans = []
    sizes = {}

    def read_screen(locator, what: str) -> str:
        """What a code on a phone's screen says, read from a screenshot by zbarimg."""
        path = tmp_path / f"{what}-{len(scans)}.png"
        locator.evaluate("node => node.scrollIntoView({block: 'center'})")  # held up whole, clear of the panel's bar
        locator.screenshot(path=str(path))
        text = zbarimg(path)
        code = qr.encode(text)
        sizes.setdefault(what, []).append((len(text), code.version))
        return text

    def shown_to(who: str, text: str) -> None:
        camera_video(qr.encode(text), cameras[who])
        scans.append(who)

    gm = phone(launched["gm"], site, watch)
    gm.goto(f"combat.html#{golden_3v3(0)}")
    ready(gm)
    assert gm.evaluate("typeof RTCPeerConnection") == "undefined"
    names = gm.locator("#fd-list .fd-who").evaluate_all("rows => rows.map(r => r.dataset.name)")
    k = names.index(PLAYS)
    gm.locator("#fd-table").tap()
    expect(gm.locator("#lt-panel")).to_be_visible()
    expect(gm.locator("#lt-status")).to_contain_text("No join code could be made on this phone", timeout=15_000)

    def gm_fight_code() -> str:
        """The game master's fight code as his screen shows it, read; its situation checked."""
        if not gm.locator("#lt-fight-shown").is_visible():
            gm.locator("#lt-fight").tap()
        svg = gm.locator("#lt-fight-shown svg")
        expect(svg).to_be_visible(timeout=10_000)
        assert svg.bounding_box()["width"] >= chromium.PHONE["width"] - 40  # the code fills the width
        link = read_screen(svg, "fight")
        assert link.startswith(f"{site}player.html#1.")
        assert isinstance(read_message_link(link), Situation)
        return link

    def player_scans(link: str) -> None:
        shown_to("players", link)
        player.evaluate("() => { window.read = false; addEventListener('hashchange', () => { window.read = true; }, {once: true}); }")
        player.locator("#scan-open").tap()
        done = "() => window.read && !location.hash && document.querySelector('#scan-box').hidden"
        player.wait_for_function(done, timeout=20_000)

    def gm_scans(locator, what: str) -> str:
        text = read_screen(locator, what)
        shown_to("gm", text)
        if gm.locator("#lt-scan-stop").is_visible():
            gm.locator("#lt-scan-stop").tap()  # a fresh start: the camera shows the new picture
        gm.locator("#lt-scan").tap()
        return text

    # the player's phone scans the fight's code with the app's scanner: the fight, as the game master sees it
    link = gm_fight_code()
    player = phone(launched["players"], site, watch)
    player.goto("player.html")
    ready(player)
    player_scans(link)
    expect(player.locator("#pl-status")).to_contain_text("follow the fight by codes")
    assert " ".join(player.locator("#fs-out").text_content().split()) == " ".join(gm.locator("#fs-out").text_content().split())

    # his code to join, scanned by the game master, who lets him in on it alone and gives him Vasana
    player.locator("#pl-name").fill(NAME)
    player.locator("#pl-hello").tap()
    expect(player.locator("#pl-code-shown")).to_contain_text("Show this to the game master")
    gm_scans(player.locator("#pl-code-shown svg"), "join")
    admit = gm.locator(".lt-newcomer button[data-admit]")
    expect(admit).to_be_visible(timeout=20_000)
    expect(gm.locator(".lt-newcomer")).to_contain_text(f"{NAME} asks to join")
    admit.tap()
    expect(gm.locator("#lt-seat-1")).to_contain_text(f"{NAME}: by codes")
    gm.locator(f"#lt-seat-1-{k}").tap()
    expect(gm.locator(f"#lt-seat-1-{k}")).to_be_checked()
    joined = len(scans) + 1
    player_scans(gm_fight_code())
    expect(player.locator("#pl-status")).to_contain_text(f"At the table by codes as {NAME} (seat 1): you play {PLAYS}")
    round_starts = len(scans)

    # round 1: he states for Vasana (another target) as a code the game master scans; the game master resolves
    target = player.locator(f"#fd-{k}-a0-target")
    before = target.input_value()
    other = next(v for v in target.locator("option").evaluate_all("os => os.map(o => o.value)") if v and v != before)
    target.select_option(other)
    player.locator(f"#pl-send-{k}").tap()
    expect(player.locator("#pl-code-shown")).to_contain_text("Show this to the game master")
    stated = gm_scans(player.locator("#pl-code-shown svg"), "statement")
    assert isinstance(read_message_link(stated), Shown)
    expect(gm.locator("#lt-said")).to_contain_text(f"{PLAYS}'s statement is taken", timeout=20_000)
    gm.locator("#lt-scan-stop").tap()
    gm.locator("#lt-hide").tap()
    expect(gm.locator(f"#fd-{k}-short")).to_contain_text(other)
    gm.locator("#fd-roll").tap()
    expect(gm.locator("#fd-round")).to_have_text("2")
    gm.locator("#fd-table").tap()  # the fight's code, drawn again as the round resolved
    player_scans(gm_fight_code())
    expect(player.locator("#fd-round")).to_have_text("2")
    words = lambda page: " ".join(page.locator("#fs-out").text_content().split())  # noqa: E731
    assert words(player) == words(gm)
    assert player.locator("#fl-out").text_content().strip()
    per_round = len(scans) - round_starts
    assert per_round == 2

    # his statement code typed in the game master's field: read again, not used twice; text that is no code: said
    gm.locator("#lt-answer").fill(stated)
    gm.locator("#lt-use").tap()
    expect(gm.locator("#lt-answer-error")).to_contain_text("was read already")
    gm.locator("#lt-answer").fill("not a code")
    gm.locator("#lt-use").tap()
    expect(gm.locator("#lt-answer-error")).to_contain_text("The player's code: this is neither an answer code nor a code his phone shows")
    print(
        f"\nby codes alone: {joined} scans to join, {per_round} a round (his statement to the game master, the fight "
        f"to him); codes (characters, QR version): {sizes}"
    )
    watch.assert_clean()
