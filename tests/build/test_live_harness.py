"""What the live table's browser tests stand on: the WebRTC plumbing shipped in dist/ and kept
offline, the network namespace ``python3 build.py test`` runs the browser half in
(tools/netns.py), and the switches the tests' Chromium gets (tools/chromium.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import builder.base
import builder.commands
from tools import chromium, netns


def test_the_webrtc_plumbing_is_shipped_precached_and_asks_no_server():
    dist = builder.base.DIST
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    peer = (dist / "peer.js").read_text(encoding="utf-8")
    assert "./peer.js" in json.loads(re.search(r"const ASSETS = (\[.*?\]);", (dist / "sw.js").read_text(), re.S).group(1))
    assert "iceServers: []" in peer and not re.search(r"stun:|turn:|urls", peer)
    assert "export class Peer" in peer and "window.strikeRankPeer" in peer


def test_the_browser_half_runs_in_a_namespace_when_the_run_can_make_one(monkeypatch):
    command = [sys.executable, "-m", "pytest", "tests/browser"]
    monkeypatch.setattr(netns, "unavailable", lambda: "")
    wrapped = builder.commands.in_namespace(command)
    assert wrapped[1:3] == ["-n", "--"] and wrapped[-len(command) :] == command and wrapped[0].endswith("unshare")
    monkeypatch.setattr(netns, "unavailable", lambda: "this run is not root")
    assert builder.commands.in_namespace(command) == command


def test_the_namespace_has_its_own_address_and_a_default_route():
    why = netns.unavailable()
    if why:
        pytest.fail(f"{netns.NEEDS} ({why})", pytrace=False)
    shown = subprocess.run(netns.wrap(["sh", "-c", f"ip -o -4 addr; ip route; echo mark=${netns.MARK}"]), capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0, shown.stderr
    assert f"v0    inet {netns.ADDRESS}/24" in shown.stdout and f"default via {netns.GATEWAY} dev v0" in shown.stdout
    assert f"mark={netns.ADDRESS}" in shown.stdout


def test_netns_refuses_to_set_up_a_network_that_is_not_new():
    done = subprocess.run([sys.executable, netns.__file__, "--", "true"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "not a new one" in done.stderr


def test_the_tests_chromium_keeps_playwrights_features_off_and_adds_its_own():
    (switch,) = chromium.launch_args_for_tests()
    off = switch.removeprefix("--disable-features=").split(",")
    assert {"PaintHolding", "HttpsUpgrades", "OptimizationHints", "WebRtcHideLocalIpsWithMdns"} <= set(off)
    # the snapshot maker's Chromium (and every other launch) keeps mDNS names
    assert not [a for a in chromium.launch_options()["args"] if "WebRtcHideLocalIpsWithMdns" in a]
