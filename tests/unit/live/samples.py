"""One message of each kind, as the golden fixtures hold them (``tests/golden/live-message-<kind>.hex.txt``),
and the golden 3-against-3 fight's link they carry."""

from __future__ import annotations

from pathlib import Path

from pyengine.live.messages import (
    Accepted,
    ActionRow,
    Answer,
    Ask,
    Assigned,
    Hello,
    Offer,
    ParryRow,
    Ping,
    Pong,
    Refused,
    Rejected,
    Rejoin,
    Rolled,
    SeatInfo,
    Shown,
    Situation,
    Spare,
    State,
    Stated,
    Statement,
    Verdict,
    Waiting,
    Want,
    Welcome,
    Withdrawn,
)
from pyengine.live.sdp import from_sdp, to_sdp
from pyengine.live.seal import mac, turned_tag

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
FIGHT = (GOLDEN / "fight-3v3.link").read_text(encoding="utf-8").strip()
TABLE = "5eed0f7ab1e5eed0"
DEVICE = "a9e1d3c4b5f60718293a4b5c"
#: A seat's key for its codes (pyengine.live.seal), as a player's code to join carries it.
KEY = "7c1e9a3f05d2b8e46a0f3c9d21b7e584"

VASANA = Statement(actions=(ActionRow(do="attack", arm="broadsword", target="Broo"),),
                   parries=(ParryRow(arm="medium shield (about 60 cm)", against="Broo"),),
                   defense={"Broo": "5"}, engaged=("Broo",))

#: The golden spare ticket's fingerprint (tests/golden/live-spare-ticket-format-1.txt), and a spare offer
#: as the game master's phone sends it: Chromium's offer (tests/golden/live-sdp-offer-chromium.txt) rebuilt.
SPARE_FINGERPRINT = "3F:9A:C2:07:5B:E1:44:D8:19:6C:A0:7E:F2:33:8B:51:C4:0D:97:2A:E8:6F:15:B3:7C:48:D9:01:A6:5E:F0:2B"
SPARE_OFFER = to_sdp(from_sdp((GOLDEN / "live-sdp-offer-chromium.txt").read_text(encoding="utf-8")))

SAID = Stated(ref=3, seen=7, who="Vasana", statement=VASANA)
SAMPLES = {
    "hello": Hello(device=DEVICE, name="Ana", table=TABLE, seen=7, wants=("Vasana",), key=KEY),
    "want": Want(who=("Vasana", "Yanafal")),
    "stated": Stated(ref=3, seen=7, who="Vasana", statement=VASANA),
    "rolled": Rolled(ask=12, value=42, typed=True),
    "answer": Answer(offer=14, answer="confirmed"),
    "ping": Ping(n=5),
    "pong": Pong(n=5),
    "rejoin": Rejoin(fingerprint=SPARE_FINGERPRINT, ufrag="q7Zk", pwd="Vb2+Kx9/Lm4Pq8Rs1Tu6Wy0Z"),
    "spare": Spare(offer=SPARE_OFFER),
    "waiting": Waiting(table=TABLE),
    "welcome": Welcome(table=TABLE, seat=2, name="Ana"),
    "refused": Refused(why="the table is full (8 players)"),
    "state": State(table=TABLE, revision=8, fight=FIGHT, statements={"Vasana": VASANA},
                   seats=(SeatInfo(seat=2, name="Ana", who=("Vasana",), here=True),)),
    "assigned": Assigned(seat=2, who=("Vasana",)),
    "accepted": Accepted(ref=3, who="Vasana"),
    "rejected": Rejected(ref=4, who="Vasana", why="action 1, target: 'Broo' is not in the fight",
                         field="fd-0-a0-target"),
    "ask": Ask(ask=12, who="Vasana", sides=100,
               purpose="Broo attacks Vasana with the club: parry roll (Vasana, 45%)", round=3, index=1),
    "withdrawn": Withdrawn(ask=12, why="the game master typed it"),
    "offer": Offer(offer=14, revision=30, who="Vasana", label="Sartar against Chaos", fight="0a1b2c3d4e5f"),
    "situation": Situation(table=TABLE, revision=8, fight=FIGHT, statements={"Vasana": VASANA},
                           seats=(SeatInfo(seat=2, name="Ana", who=("Vasana",)),),
                           asks=(Ask(ask=12, who="Vasana", sides=100,
                                     purpose="Broo attacks Vasana with the club: parry roll (Vasana, 45%)", round=3,
                                     index=1),),
                           verdicts=(Verdict(who="Vasana", ref=4, why="action 1, target: 'Broo' is not in the fight",
                                             field="fd-0-a0-target"),),
                           turned=(turned_tag(KEY, TABLE),),
                           offers=(Offer(offer=14, revision=8, who="Vasana", label="Sartar against Chaos",
                                         fight="0a1b2c3d4e5f"),)),
    "shown": Shown(table=TABLE, seat=2, said=SAID, mac=mac(KEY, TABLE, 2, SAID)),
}
