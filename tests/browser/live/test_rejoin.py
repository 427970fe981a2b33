"""A player's phone comes back to the game master's with no code scanned (issue 35: "re-scan only if
the connection cannot be restored"; "a player who reloads mid-fight rejoins and sees the same state").

Two phones connect by their codes (passed here as text: the camera's part is test_channel.py's), and
the table's own protocol runs over the real data channel: the game master's :class:`Host` and the
player's :class:`Guest` (CPython, standing in for the pages' glue) exchange their frames through
web/static/peer.js. Seated, the player's phone prepares its way back (``strikeRankPeer.prepareRejoin``:
a certificate kept in IndexedDB and new ICE credentials) and sends it as ``rejoin``; the game master's
phone makes a spare connection for it (``SpareAsked``: the answer to set) and sends its offer as
``spare``; the player's phone keeps it. Then (a) the player's page reloads, while the fight moves on,
and (b) its connection is closed without a reload: each time ``strikeRankPeer.rejoin`` alone opens the
channel again, the phone says hello with the revision it kept, and is caught up to the same state.
"""

from __future__ import annotations

import os
import time

from pyengine.live import codes, sdp
from pyengine.live.guest import Guest
from pyengine.live.host import Host, Returned, SpareAsked
from pyengine.live.messages import Statement
from tests.browser.conftest import Watch
from tests.browser.live.peer_page import LOAD_PEER, PAGE
from tests.unit.live.samples import FIGHT, TABLE, VASANA
from tools import chromium

KEY = TABLE
DEVICE = "a9e1d3c4b5f60718293a4b5c"
REJOIN = """async (key) => {
  const events = (window.events = []);  // this connection's own: the lost one may still report
  window.peer = await window.strikeRankPeer.rejoin(key, (kind, detail) => events.push([kind, detail]));
  return window.peer !== null;
}"""
SPARE = """async ([answer, number]) => {
  const events = [];
  const spare = window.strikeRankPeer.open((kind, detail) => events.push([kind, detail]));
  window.channels[number] = { peer: spare, events };
  const offer = await spare.offer();
  await spare.accept(answer);
  return offer;
}"""
OPENED = "() => window.events.some(([kind]) => kind === 'open')"
#: Frames (bytes) the player's connection delivered, from the n-th on; the game master's, on channel n.
FRAMES_HERE = """(from) => window.events.filter(([k]) => k === "message").slice(from).map(([, d]) => Array.from(d))"""
FRAMES_ON = """([n, from]) => window.channels[n].events.filter(([k]) => k === "message").slice(from).map(([, d]) => Array.from(d))"""


class Table:
    """The game master's page and a player's, the Host and the Guest moving frames between them."""

    def __init__(self, master, player) -> None:
        self.master, self.player = master, player
        self.host = Host(TABLE, time.monotonic)
        self.host.publish(FIGHT, {"Vasana": Statement()})
        self.guest = Guest(DEVICE, "Ana")
        self.peer = 1  # the game master's channel to the player now
        self.read = {"master": 0, "player": 0}
        self.events: list = []

    def to_master(self, frame: bytes) -> None:
        self.player.evaluate("(a) => window.peer.send(new Uint8Array(a))", list(frame))
        number = self.peer
        expr = f"() => window.channels[{number}].events.filter(([k]) => k === 'message').length > {self.read['master']}"
        self.master.wait_for_function(expr, timeout=5_000)
        frames = self.master.evaluate(FRAMES_ON, [number, self.read["master"]])
        self.read["master"] += len(frames)
        for data in frames:
            self.deliver(self.host.received(number, bytes(data)))

    def deliver(self, out) -> None:
        self.events += out.events
        frames = out.to(self.peer)
        for frame in frames:
            self.master.evaluate("([n, a]) => window.channels[n].peer.send(new Uint8Array(a))", [self.peer, list(frame)])
        if not frames:
            return
        wanted = self.read["player"] + len(frames)
        self.player.wait_for_function(f"() => window.events.filter(([k]) => k === 'message').length >= {wanted}", timeout=5_000)
        for data in self.player.evaluate(FRAMES_HERE, self.read["player"]):
            self.read["player"] += 1
            got = self.guest.received(bytes(data))
            self.heard = got.heard
            for frame in got.sends:
                self.to_master(frame)

    def prepare_spare(self) -> None:
        """The player's way back, carried as the table's messages; the spare offer kept on the phone."""
        ticket = self.player.evaluate("(key) => window.strikeRankPeer.prepareRejoin(key)", KEY)
        self.to_master(self.guest.rejoin(ticket["fingerprint"], ticket["ufrag"], ticket["pwd"]))
        asked = self.events[-1]
        assert isinstance(asked, SpareAsked) and asked.seat == 1, self.events[-3:]
        offer = self.master.evaluate(SPARE, [asked.answer, self.peer + 1])
        self.deliver(self.host.spare_made(asked.seat, offer))
        [heard] = self.heard
        assert heard.kind == "spare", heard
        self.player.evaluate("([key, offer]) => window.strikeRankPeer.keepSpare(key, offer)", [KEY, heard.message.offer])

    def comes_back(self) -> float:
        """The player's phone rejoins by the spare alone and is caught up; milliseconds to open."""
        started = time.perf_counter()
        assert self.player.evaluate(REJOIN, KEY) is True
        self.player.wait_for_function(OPENED, timeout=10_000)
        self.peer += 1
        self.master.wait_for_function(f"() => window.channels[{self.peer}].events.some(([k]) => k === 'open')", timeout=10_000)
        opened = (time.perf_counter() - started) * 1000
        self.read = {"master": 0, "player": 0}
        self.to_master(self.guest.hello())
        assert any(isinstance(e, Returned) for e in self.events[-3:]), self.events[-3:]
        assert self.guest.status == "seated" and self.guest.mine == ("Vasana",)
        assert (self.guest.revision, self.guest.fight, self.guest.statements) == (self.host.revision, self.host.fight, self.host.statements)
        # the spare is used once: nothing is kept to rejoin by again (the page would show the codes)
        assert self.player.evaluate("(key) => window.strikeRankPeer.kept(key).then((r) => r.offer)", KEY) is None
        return opened


def connect_by_codes(master, player) -> None:
    offer = master.evaluate("() => window.peer.offer()")
    join = codes.make_join(sdp.from_sdp(offer), os.urandom)
    joined = codes.read_join(codes.join_link(join, master.url))
    answer = player.evaluate("(offer) => window.peer.answer(offer)", sdp.to_sdp(joined.session))
    accepted = codes.read_answer(codes.answer_text(codes.make_answer(sdp.from_sdp(answer), joined)), join)
    master.evaluate("(answer) => window.peer.accept(answer)", sdp.to_sdp(accepted.session))
    for page in (master, player):
        page.wait_for_function(OPENED, timeout=10_000)
    master.evaluate("() => { window.channels = { 1: { peer: window.peer, events: window.events } }; }")


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
    table = Table(master, player)
    table.to_master(table.guest.hello(("Vasana",)))
    table.deliver(table.host.admit(1, ("Vasana",)))
    assert table.guest.status == "seated" and table.guest.revision == table.host.revision

    # (a) the player's page reloads mid-fight; what the phone kept is its device, name and last state
    table.prepare_spare()
    kept = table.guest.whole()
    player.reload()
    player.evaluate(LOAD_PEER.replace("window.peer = window.strikeRankPeer.open(", "window.unused = window.strikeRankPeer.open("))
    master.wait_for_function("() => window.channels[1].events.some(([kind]) => kind === 'close')", timeout=10_000)
    table.deliver(table.host.dropped(1))
    table.deliver(table.host.publish(FIGHT, {"Vasana": VASANA}))  # the fight moves on while it is away
    table.guest = Guest(DEVICE, "Ana", state=kept)
    assert table.guest.revision < table.host.revision
    reloaded_ms = table.comes_back()

    # (b) the connection is lost without a reload (closed on the player's side), restored the same way
    table.prepare_spare()
    player.evaluate("() => window.peer.close()")
    master.wait_for_function(f"() => window.channels[{table.peer}].events.some(([kind]) => kind === 'close')", timeout=10_000)
    table.deliver(table.host.dropped(table.peer))
    restored_ms = table.comes_back()

    for page, connection in ((master, f"window.channels[{table.peer}].peer"), (player, "window.peer")):
        stats = page.evaluate(f"""async () => {{ const out = []; (await {connection}.pc.getStats()).forEach(s => {{
            if (s.type === "remote-candidate") out.push([s.candidateType, s.address]); }}); return out; }}""")
        # the game master's spare learns the player's address from its checks (peer-reflexive), and
        # Chromium's statistics leave such an address out ("")
        assert stats and all(a.startswith("10.99.0.") or (kind == "prflx" and a == "") for kind, a in stats), stats
    print(f"\nlive table: back by the spare after a reload {reloaded_ms:.0f} ms, after a lost connection {restored_ms:.0f} ms")
    watch.assert_clean()
