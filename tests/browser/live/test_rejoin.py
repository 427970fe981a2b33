"""A player's phone comes back to the game master's with no code scanned (issue 35: "re-scan only if
the connection cannot be restored"; "a player who reloads mid-fight rejoins").

Two phones connect by their codes (passed here as text: the camera's part is test_channel.py's).
While the channel is open the player's phone prepares its next connection
(``strikeRankPeer.prepareRejoin``: a certificate kept in IndexedDB and new ICE credentials), the game
master's phone makes a spare connection for it (its offer, and as the answer what Python builds from
the player's fingerprint and credentials, :func:`pyengine.live.spare.answer`) and the player's phone
keeps the spare offer. Then (a) the player's page reloads and (b) its connection is closed without a
reload: each time ``strikeRankPeer.rejoin`` alone opens the channel again, and a message goes each way.
"""

from __future__ import annotations

import os
import time

from pyengine.live import codes, sdp, spare
from tests.browser.conftest import Watch
from tests.browser.live.peer_page import LOAD_PEER, PAGE, RECEIVED
from tools import chromium

KEY = "table-0123abcd"
REJOIN = """async (key) => {
  const events = (window.events = []);  // this connection's own: the lost one may still report
  window.peer = await window.strikeRankPeer.rejoin(key, (kind, detail) => events.push([kind, detail]));
  return window.peer !== null;
}"""
OPENED = "() => window.events.some(([kind]) => kind === 'open')"


def connect_by_codes(master, player) -> None:
    offer = master.evaluate("() => window.peer.offer()")
    join = codes.make_join(sdp.from_sdp(offer), os.urandom)
    joined = codes.read_join(codes.join_link(join, master.url))
    answer = player.evaluate("(offer) => window.peer.answer(offer)", sdp.to_sdp(joined.session))
    accepted = codes.read_answer(codes.answer_text(codes.make_answer(sdp.from_sdp(answer), joined)), join)
    master.evaluate("(answer) => window.peer.accept(answer)", sdp.to_sdp(accepted.session))
    for page in (master, player):
        page.wait_for_function(OPENED, timeout=10_000)


SPARE = """async (answer) => {
  const events = (window.spareEvents = []);
  window.spare = window.strikeRankPeer.open((kind, detail) => events.push([kind, detail]));
  const offer = await window.spare.offer();
  await window.spare.accept(answer);
  return offer;
}"""


def prepare_spare(master, player) -> None:
    """The spare connection, its descriptions carried in their compact forms (what the channel carries)."""
    ticket = player.evaluate("(key) => window.strikeRankPeer.prepareRejoin(key)", KEY)
    taken = spare.read_ticket(ticket["fingerprint"], ticket["ufrag"], ticket["pwd"])
    offer = master.evaluate(SPARE, spare.answer(taken))
    carried = spare.offer_for_keeping(sdp.from_sdp(offer))
    player.evaluate("([key, offer]) => window.strikeRankPeer.keepSpare(key, offer)", [KEY, carried])


def comes_back(master, player) -> float:
    """The player's phone rejoins by the spare alone; a message each way; milliseconds to open."""
    started = time.perf_counter()
    assert player.evaluate(REJOIN, KEY) is True
    player.wait_for_function(OPENED, timeout=10_000)
    master.wait_for_function("() => window.spareEvents.some(([kind]) => kind === 'open')", timeout=10_000)
    opened = (time.perf_counter() - started) * 1000
    master.evaluate("() => { window.events = window.spareEvents; window.peer = window.spare; window.peer.send('the round resolves'); }")
    player.evaluate("() => window.peer.send('hello again')")
    player.wait_for_function("() => window.events.some(([kind]) => kind === 'message')", timeout=5_000)
    master.wait_for_function("() => window.events.some(([kind]) => kind === 'message')", timeout=5_000)
    assert player.evaluate(RECEIVED) == ["the round resolves"]
    assert master.evaluate(RECEIVED) == ["hello again"]
    # the spare is used once: a second rejoin finds nothing kept (the page would show the codes)
    assert player.evaluate("(key) => window.strikeRankPeer.kept(key).then((r) => r.offer)", KEY) is None
    return opened


def test_a_player_who_reloads_or_loses_the_connection_comes_back_with_no_code(browser, site_url, own_network_namespace):
    site = site_url.rstrip("/") + "/"
    watch = Watch()
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport=chromium.PHONE, base_url=site)
        watch.attach_context(context)
        page = context.new_page()
        page.goto(PAGE)
        page.evaluate(LOAD_PEER)
        pages.append(page)
    master, player = pages
    connect_by_codes(master, player)

    # (a) the player's page reloads: its connection is gone, only what it kept remains
    prepare_spare(master, player)
    player.reload()
    player.evaluate(LOAD_PEER.replace("window.peer = window.strikeRankPeer.open(", "window.unused = window.strikeRankPeer.open("))
    reloaded_ms = comes_back(master, player)

    # (b) the connection is lost without a reload (closed on the player's side), restored the same way
    prepare_spare(master, player)
    player.evaluate("() => window.peer.close()")
    master.wait_for_function("() => window.events.some(([kind]) => kind === 'close')", timeout=10_000)
    restored_ms = comes_back(master, player)

    for page in (master, player):
        stats = page.evaluate("""async () => { const out = []; (await window.peer.pc.getStats()).forEach(s => {
            if (s.type === "remote-candidate") out.push([s.candidateType, s.address]); }); return out; }""")
        # the game master's spare learns the player's address from its checks (peer-reflexive), and
        # Chromium's statistics leave such an address out ("")
        assert stats and all(a.startswith("10.99.0.") or (kind == "prflx" and a == "") for kind, a in stats), stats
    print(f"\nlive table: back by the spare after a reload {reloaded_ms:.0f} ms, after a lost connection {restored_ms:.0f} ms")
    watch.assert_clean()
