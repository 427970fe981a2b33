"""What the live table's browser tests load into a page: the WebRTC plumbing (web/static/peer.js) with
its events gathered in ``window.events``, and how to read the messages it delivered."""

from __future__ import annotations

#: A page of the built site with the pages' policy and no Python: the plumbing needs none.
PAGE = "rulings.html"

LOAD_PEER = """async () => {
  if (!window.strikeRankPeer) {
    await new Promise((done, fail) => {
      const script = document.createElement("script");
      script.type = "module";
      script.src = "./peer.js";
      script.onload = done;
      script.onerror = () => fail(new Error("peer.js did not load"));
      document.head.append(script);
    });
  }
  window.events = [];
  window.peer = window.strikeRankPeer.open((kind, detail) => window.events.push([kind, detail]));
}"""
#: Python's stand-in for the page's glue: what the events delivered, messages as text or bytes.
RECEIVED = """() => window.events.filter(([k]) => k === "message").map(([, d]) => typeof d === "string" ? d : Array.from(d))"""
