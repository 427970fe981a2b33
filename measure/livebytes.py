"""Bytes per round on the live table's channel (issue 35), whole states against changes only.

The golden 3-against-3 fight of 10 rounds (``tests/golden/fight-3v3.link``) played again at a table: three
players' phones each play one of the first side, the game master the other three. Each round, as at the
table: each player states (his statement sent, taken, the table published), the game master states for his
three (published after each), and the round is resolved (the fight's new link published). Every frame is
counted, both ways, with :data:`pyengine.live.host.SEND_CHANGES` off (every change sent as the whole state)
and on (a change sent as what changed since the revision the phone holds; the fight's link only when it
changed).

``python -m measure.livebytes`` prints the table; ``--json`` one object.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from pyengine.live import host as host_module
from pyengine.live.guest import Guest
from pyengine.live.host import Host, Out, StatementAsked
from pyengine.live.messages import Statement
from pyengine.pages.fight.live import to_message
from pyengine.runequest.melee.inputs import draft_of
from pyengine.runequest.melee.log import FightLog, read_any, to_link

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "fight-3v3.link"
TABLE = "0123456789abcdef"


def play(send_changes: bool) -> dict[str, Any]:
    """The fight played at a table; bytes to the phones and to the game master, per round."""
    log = read_any(GOLDEN.read_text(encoding="utf-8").strip())
    fight = log.fight
    first_side = fight.combatants[0].side
    players = [c.name for c in fight.combatants if c.side == first_side]
    theirs = [c.name for c in fight.combatants if c.side != first_side]
    host_module.SEND_CHANGES = send_changes
    host = Host(TABLE, lambda: 0.0)
    down, up = [0], [0]
    guests: dict[int, Guest] = {}

    def deliver(out: Out) -> list[Any]:
        for send in out.sends:
            down[0] += len(send.data)
            guests[send.peer].received(send.data)
        return out.events

    def received(peer: int, data: bytes) -> list[Any]:
        up[0] += len(data)
        return deliver(host.received(peer, data))

    statements: dict[str, Statement] = {c.name: Statement() for c in fight.combatants}
    deliver(host.publish(to_link(FightLog(fight=fight)), statements))
    for n, name in enumerate(players, start=1):
        guests[n] = Guest(f"{n:024x}", f"Player {n}")
        received(n, guests[n].hello())
        deliver(host.admit(n, [name]))
    rounds = []
    for r, record in enumerate(log.rounds):
        before_down, before_up = down[0], up[0]
        link = to_link(msgspec.structs.replace(log, rounds=log.rounds[:r], left=()))
        for intent in record.intents:
            said = to_message(draft_of(intent, fight))
            if intent.who in players:
                peer = players.index(intent.who) + 1
                for event in received(peer, guests[peer].state_for(intent.who, said)):
                    if isinstance(event, StatementAsked):
                        deliver(host.accept(event))
            statements = {**statements, intent.who: said}
            deliver(host.publish(link, statements))
        deliver(host.publish(to_link(msgspec.structs.replace(log, rounds=log.rounds[: r + 1], left=())), statements))
        rounds.append({"round": r + 1, "to_phones": down[0] - before_down, "to_game_master": up[0] - before_up,
                       "link": len(to_link(msgspec.structs.replace(log, rounds=log.rounds[: r + 1], left=())))})
    assert all(g.fight == host.fight and g.statements == host.statements for g in guests.values())
    return {"players": len(players), "game_master_plays": len(theirs), "rounds": rounds,
            "per_round_to_phones": sum(x["to_phones"] for x in rounds) / len(rounds),
            "per_round_to_game_master": sum(x["to_game_master"] for x in rounds) / len(rounds)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    was = host_module.SEND_CHANGES
    try:
        whole, changes = play(False), play(True)
    finally:
        host_module.SEND_CHANGES = was
    if args.json:
        print(json.dumps({"whole": whole, "changes": changes}))
        return 0
    print(f"3 players' phones, golden 3-against-3 fight of {len(whole['rounds'])} rounds; bytes on the channel")
    print(f"{'round':>5} {'link':>6} {'whole: to phones':>17} {'changes: to phones':>19} {'to the GM':>10}")
    for a, b in zip(whole["rounds"], changes["rounds"], strict=True):
        print(f"{a['round']:>5} {a['link']:>6} {a['to_phones']:>17,} {b['to_phones']:>19,} {b['to_game_master']:>10,}")
    print(f"{'mean':>5} {'':>6} {whole['per_round_to_phones']:>17,.0f} {changes['per_round_to_phones']:>19,.0f} "
          f"{changes['per_round_to_game_master']:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
