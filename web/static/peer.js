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
  constructor(onEvent) {
    this.onEvent = onEvent || function () {};
    this.pc = new RTCPeerConnection(CONFIGURATION);
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
  // channel arrives by itself ("open").
  async answer(offerSdp) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
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
export function open(onEvent) {
  return new Peer(onEvent);
}

window.strikeRankPeer = Object.freeze({ open: open });
