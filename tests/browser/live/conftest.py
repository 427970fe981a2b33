"""The live table's browser tests run only in the network namespace ``python3 build.py test``
makes for them (``tools/netns.py``): anywhere else they fail, saying what they need, rather than
reach the machine's network or pass having tested nothing."""

from __future__ import annotations

import pytest

from pyengine import qr
from tests.browser.conftest import Watch
from tests.browser.live.camera import camera_video
from tests.browser.live.phones import phone_browser
from tools import netns


@pytest.fixture(autouse=True)
def own_network_namespace():
    """Fails the test unless it runs in the namespace made for it."""
    if not netns.inside():
        why = netns.unavailable() or "this run did not go through `python3 build.py test`, which makes it"
        pytest.fail(f"{netns.NEEDS} ({why})", pytrace=False)
    return netns.ADDRESS


@pytest.fixture
def browsers(playwright, tmp_path):
    """Two Chromiums, the game master's and the players', each with a fake camera whose picture the test writes."""
    cameras = {who: tmp_path / f"{who}.y4m" for who in ("gm", "players")}
    for video in cameras.values():
        camera_video(qr.encode("nothing yet"), video)
    launched = {who: phone_browser(playwright, video) for who, video in cameras.items()}
    yield launched, cameras
    for browser in launched.values():
        browser.close()


@pytest.fixture
def watch():
    """The suite's :class:`Watch`, its pages' errors printed after the test (a broken page otherwise shows
    only as a wait that timed out)."""
    watched = Watch()
    yield watched
    if watched.console_errors or watched.page_errors:
        print("\nthe pages' errors:", *watched.console_errors, *watched.page_errors, sep="\n")
