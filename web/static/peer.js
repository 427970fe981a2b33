// The live table's WebRTC plumbing, loaded only when a table is opened or joined: one
// RTCPeerConnection and one data channel, and nothing else. What the descriptions are turned
// into (the join code, the answer code), who may connect and what the messages mean are Python's
// (pyengine.live); this file makes and takes descriptions, moves bytes and text, and reports
// what happens to a callback. No rules here.
//
// An ES module. The glue loads it with <script type="module" src="./peer.js"> (allowed by the
// pages' policy, script-src 'self') and finds it as window.strikeRankPeer; tests may import it.
//
// No STUN or TURN server, ever (iceServers: []): the phones reach each other by their own
// local addresses, and nothing is sent to anyone else.
//
// Coming back with no code scanned (issue 35): while the channel is open, both phones prepare
// the next connection, and a player's phone that reloads, or whose connection fails, opens it alone.
//   player: const ticket = await strikeRankPeer.prepareRejoin(key)
//           -> { fingerprint: "AB:CD:…" (SHA-256 of a certificate kept in IndexedDB), ufrag, pwd }
//           (new ICE credentials, kept beside it); sent to the game master over the channel.
//   GM:     const spare = strikeRankPeer.open(onEvent); const offer = await spare.offer();
//           await spare.accept(answer)   where answer is the SDP Python builds from the ticket
//           (pyengine.live.sdp.to_sdp of a Session with setup "active" and no candidates: the GM
//           learns the player's address from its first checks); the spare offer goes back over the channel.
//   player: await strikeRankPeer.keepSpare(key, offer)     keeps the spare offer (IndexedDB)
//   later:  const peer = await strikeRankPeer.rejoin(key, onEvent)   (null: nothing kept, re-scan)
//           answers the kept offer with the kept certificate and credentials; the GM's spare opens.
// A kept spare is used once (rejoin forgets it); prepare a new one as soon as the channel reopens
// (the Guest's "welcome"). The game master keeps one spare a seat: a new one closes the seat's last.
// The player answers (ICE-controlled, DTLS "active"); the game master's spare offers (controlling).
// Setting chosen ICE credentials in setLocalDescription is SDP munging that Chromium 156 accepts
// (measured, tests/browser/live/test_rejoin.py); Chromium's field trial WebRTC-NoSdpMangleUfrag would
// refuse it, and rejoin() then throws: the page falls back to scanning codes.

const CONFIGURATION = Object.freeze({ iceServers: [], iceCandidatePoolSize: 0 });
// The one data channel's label; the answering side accepts whatever channel the offer opens.
const LABEL = "strike-rank";
// Longest wait for ICE gathering, in milliseconds: with no servers it ends within a second
// (host candidates only); a description is given with what was gathered by then.
const GATHERING_TIMEOUT = 5000;

// One peer connection. onEvent(kind, detail) is called with:
//   "state"   the connection's state ("connecting", "connected", "disconnected", "failed", "closed")
//   "open"    the data channel is open (detail: its label)
//   "message" a message: text (a string) or bytes (a Uint8Array)
//   "close"   the data channel closed
//   "error"   the data channel reported an error (detail: its message)
export class Peer {
  // options.certificates: the RTCCertificate(s) to use (a kept one, to come back by a spare).
  constructor(onEvent, options) {
    this.onEvent = onEvent || function () {};
    const certificates = options && options.certificates;
    this.pc = new RTCPeerConnection(certificates ? { ...CONFIGURATION, certificates } : CONFIGURATION);
    this.channel = null;
    this.gatheringMs = 0; // how long the last ICE gathering took
    this.pc.addEventListener("connectionstatechange", () => this.onEvent("state", this.pc.connectionState));
    this.pc.addEventListener("datachannel", (event) => this.attach(event.channel));
  }

  // The offer (SDP text, every candidate gathered), with the data channel opened on it.
  async offer() {
    this.attach(this.pc.createDataChannel(LABEL, { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  // The answer (SDP text, every candidate gathered) to an offer's SDP text; the offer's data
  // channel arrives by itself ("open"). ice: { ufrag, pwd } to answer with (a spare's, agreed before).
  async answer(offerSdp, ice) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    const made = await this.pc.createAnswer();
    const sdp = ice ? withCredentials(made.sdp, ice.ufrag, ice.pwd) : made.sdp;
    await this.pc.setLocalDescription({ type: "answer", sdp });
    return this.gathered();
  }

  // Takes the answer's SDP text (on the side that made the offer).
  async accept(answerSdp) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  }

  // Sends text (a string) or bytes (a Uint8Array, an ArrayBuffer or a view of one).
  send(data) {
    if (!this.channel || this.channel.readyState !== "open") throw new Error("the data channel is not open");
    this.channel.send(data);
  }

  // The connection's and the channel's states, for a page (and a test) to show.
  state() {
    return {
      connection: this.pc.connectionState,
      ice: this.pc.iceConnectionState,
      gathering: this.pc.iceGatheringState,
      channel: this.channel ? this.channel.readyState : "none",
    };
  }

  close() {
    if (this.channel) this.channel.close();
    this.pc.close();
  }

  attach(channel) {
    this.channel = channel;
    channel.binaryType = "arraybuffer";
    channel.addEventListener("open", () => this.onEvent("open", channel.label));
    channel.addEventListener("close", () => this.onEvent("close", channel.label));
    channel.addEventListener("error", (event) => this.onEvent("error", String((event.error && event.error.message) || "error")));
    channel.addEventListener("message", (event) => {
      const data = event.data;
      this.onEvent("message", typeof data === "string" ? data : new Uint8Array(data));
    });
  }

  // The local description's SDP once ICE gathering is complete (or GATHERING_TIMEOUT passed).
  async gathered() {
    const started = performance.now();
    const pc = this.pc;
    if (pc.iceGatheringState !== "complete") {
      await new Promise((done) => {
        const timer = setTimeout(finish, GATHERING_TIMEOUT);
        function finish() {
          clearTimeout(timer);
          pc.removeEventListener("icegatheringstatechange", changed);
          done();
        }
        function changed() {
          if (pc.iceGatheringState === "complete") finish();
        }
        pc.addEventListener("icegatheringstatechange", changed);
      });
    }
    this.gatheringMs = performance.now() - started;
    return pc.localDescription.sdp;
  }
}

// What the glue calls: window.strikeRankPeer.open(onEvent) makes a Peer.
export function open(onEvent, options) {
  return new Peer(onEvent, options);
}

// ---- coming back with no code scanned ----------------------------------------------------------

const STORE_DB = "strike-rank-live";
const STORE = "spares";
// ICE credentials as the browsers make them: 4 and 24 characters of base64's alphabet (what
// pyengine.live.sdp.check_ice accepts), from the platform's random source.
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function randomIce(length) {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ICE_CHARS[b & 63]).join("");
}

function withCredentials(sdp, ufrag, pwd) {
  return sdp.replace(/^a=ice-ufrag:.*$/gm, `a=ice-ufrag:${ufrag}`).replace(/^a=ice-pwd:.*$/gm, `a=ice-pwd:${pwd}`);
}

function database() {
  return new Promise((done, fail) => {
    const request = indexedDB.open(STORE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => done(request.result);
    request.onerror = () => fail(request.error);
  });
}

async function stored(mode, work) {
  const db = await database();
  try {
    return await new Promise((done, fail) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => done(request.result);
      tx.onerror = () => fail(tx.error);
    });
  } finally {
    db.close();
  }
}

// What is kept for key (the table's id, say): { certificate, ufrag, pwd, offer } or undefined.
export function kept(key) {
  return stored("readonly", (store) => store.get(key));
}

// The player's side, while connected: a certificate (kept, and reused while it is valid) and new
// ICE credentials for the next connection, kept under key; returns what the game master needs.
export async function prepareRejoin(key) {
  const before = await kept(key);
  let certificate = before && before.certificate;
  if (!certificate || certificate.expires < Date.now() + 86_400_000) {
    certificate = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256" });
  }
  const record = { certificate, ufrag: randomIce(4), pwd: randomIce(24), offer: null };
  await stored("readwrite", (store) => store.put(record, key));
  const fingerprint = certificate.getFingerprints().find((f) => f.algorithm === "sha-256").value.toUpperCase();
  return { fingerprint, ufrag: record.ufrag, pwd: record.pwd };
}

// The player's side: keeps the game master's spare offer (SDP text) beside the prepared credentials.
export async function keepSpare(key, offerSdp) {
  const record = await kept(key);
  if (!record) throw new Error("no connection was prepared to come back by");
  await stored("readwrite", (store) => store.put({ ...record, offer: offerSdp }, key));
}

// The player's side, the channel lost: a Peer answering the kept spare offer, or null when none is
// kept. Forgets the spare (the game master's spare connection is used up by this one).
export async function rejoin(key, onEvent) {
  const record = await kept(key);
  if (!record || !record.offer) return null;
  await stored("readwrite", (store) => store.put({ ...record, offer: null }, key));
  const peer = new Peer(onEvent, { certificates: [record.certificate] });
  await peer.answer(record.offer, { ufrag: record.ufrag, pwd: record.pwd });
  return peer;
}

window.strikeRankPeer = Object.freeze({ open, prepareRejoin, keepSpare, kept, rejoin });
