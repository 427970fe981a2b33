"""The live table's benchmark (issue 35): the game master's phone and six players' phones, over real WebRTC.

Measured on the built site, each phone a 390x844 touch context of one Chromium:

* **the join code's QR version**, as the game master's panel draws it (and its bytes);
* **second scan to connected**: from the moment the game master's phone has the answer code (the second
  scan: here the answer is typed into the panel's field and "Use this answer" tapped, the same text a scan
  hands over, so the camera's own reading time is left out) until the player's phone says it is connected
  (the channel open, the hello read, "waiting for the game master to let you in" on its screen);
* **a round reaching every player**: from the game master's "Resolve" to the new round number on the last of
  the six players' screens, median over the rounds (each player's own arrival also kept);
* **bytes per round** on the channel: :mod:`measure.livebytes` (the golden fight played at a table, in
  CPython: the same frames the phones send).

Times are taken on each page's own clock (``performance.timeOrigin + performance.now()``: the machine's one
clock, so comparable across the contexts) and are milliseconds. WebRTC needs the network namespace the
browser tests use (``tools/netns.py``): ``python3 build.py bench --live`` runs this in it.
``python -m measure.livebench <dist> [--json] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from pyengine import qr
from pyengine.live import codes
from pyengine.runequest.melee import log as fight_log
from tools import chromium
from tools.serve import serving

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "fight-3v3.link"
PLAYERS = 6
#: How long any one step may take (ms) before the bench says which step did not happen.
STEP_MS = 30_000
NOW = "performance.timeOrigin + performance.now()"


def fight_link() -> str:
    """The golden 3-against-3 fight before its first round: the fight the table plays."""
    log = fight_log.read_any(GOLDEN.read_text(encoding="utf-8").strip())
    return fight_log.to_link(fight_log.FightLog(fight=log.fight, rounds=(), rules=log.rules, melee_rules=log.melee_rules))


def ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)


def seat_player(gm, player, site: str, seat: int, who: int) -> dict:
    """One player joins by the typed codes; the game master lets him in and gives him combatant ``who``."""
    player.goto(codes.join_link(codes.read_join(gm.locator("#lt-join-typed").inner_text()), site))
    ready(player)
    player.locator("#pl-name").fill(f"Player {seat}")
    player.locator("#pl-make").tap()
    player.locator("#pl-code-shown-typed").wait_for(timeout=STEP_MS)
    answer = player.locator("#pl-code-shown-typed").inner_text()
    gm.locator("#lt-answer").fill(answer)
    player.evaluate(
        """() => { window.strikeRankBenchConnected = new Promise((resolve) => {
             const status = document.querySelector('#pl-status');
             const look = () => { if (status.textContent.includes('let you in')) { resolve(%s); return true; } };
             if (!look()) new MutationObserver((_, observer) => { if (look()) observer.disconnect(); })
               .observe(status, {subtree: true, childList: true, characterData: true}); }); }"""
        % NOW
    )
    scanned = gm.evaluate(f"() => {{ const at = {NOW}; document.querySelector('#lt-use').click(); return at; }}")
    connected = player.evaluate("() => window.strikeRankBenchConnected")
    admit = gm.locator(".lt-newcomer button[data-admit]")
    admit.wait_for(timeout=STEP_MS)
    admit.tap()
    gm.locator(f"#lt-seat-{seat}-{who}").tap()
    player.locator("#pl-status").filter(has_text="you play").wait_for(timeout=STEP_MS)
    return {"second_scan_to_connected_ms": connected - scanned}


def watch_round(player, number: int) -> None:
    player.evaluate(
        """(number) => { window.strikeRankBenchRound = new Promise((resolve) => {
             const round = document.querySelector('#fd-round');
             const look = () => { if (round.textContent.trim() === String(number)) { resolve(%s); return true; } };
             if (!look()) new MutationObserver((_, observer) => { if (look()) observer.disconnect(); })
               .observe(round, {subtree: true, childList: true, characterData: true}); }); }"""
        % NOW,
        number,
    )


def run(dist: Path, rounds: int) -> dict:
    from playwright.sync_api import sync_playwright

    with serving(dist) as site, sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options(args=[*chromium.LAUNCH_ARGS, *chromium.launch_args_for_tests()]))
        try:
            phone = {"viewport": chromium.PHONE, "has_touch": True, "is_mobile": True}
            gm = browser.new_context(**phone).new_page()
            gm.goto(f"{site}combat.html#{fight_link()}")
            ready(gm)
            gm.locator("#fd-table").tap()
            gm.locator("#lt-join svg").wait_for(timeout=STEP_MS)
            join = codes.read_join(gm.locator("#lt-join-typed").inner_text())
            shown = gm.locator("#lt-join small").inner_text()
            joins = []
            players = []
            for seat in range(1, PLAYERS + 1):
                if seat > 1:
                    gm.locator("#lt-next").tap()
                    gm.locator("#lt-join svg").wait_for(timeout=STEP_MS)
                player = browser.new_context(**phone).new_page()
                joins.append(seat_player(gm, player, site, seat, seat - 1))
                players.append(player)
            gm.locator("#lt-hide").tap()
            reached = []
            for number in range(2, rounds + 2):
                for player in players:
                    watch_round(player, number)
                resolved = gm.evaluate(f"() => {{ const at = {NOW}; document.querySelector('#fd-roll').click(); return at; }}")
                arrivals = [player.evaluate("() => window.strikeRankBenchRound") - resolved for player in players]
                reached.append({"every_player_ms": max(arrivals), "each_player_ms": sorted(arrivals)})
        finally:
            browser.close()
    connected = [j["second_scan_to_connected_ms"] for j in joins]
    return {
        "players": PLAYERS,
        "join_code": {
            "bytes": len(codes.pack_join(join)),
            "shown": shown,
            "qr_version_link": qr.encode(codes.join_link(join, site)).version,
            "qr_version_base32": qr.encode(codes.base32(codes.pack_join(join))).version,
        },
        "second_scan_to_connected_ms": {"median": statistics.median(connected), "each": connected},
        "round_to_every_player_ms": {"median": statistics.median(r["every_player_ms"] for r in reached), "rounds": reached},
        "bytes_per_round": bytes_per_round(),
    }


def bytes_per_round() -> dict:
    """Bytes per round on the channel, as the app sends them (only what changed): :mod:`measure.livebytes`."""
    from measure import livebytes
    from pyengine.live import host

    was = host.SEND_CHANGES
    try:
        played = livebytes.play(True)
    finally:
        host.SEND_CHANGES = was
    return {
        "to_phones": round(played["per_round_to_phones"]),
        "to_game_master": round(played["per_round_to_game_master"]),
        "players": played["players"],
        "rounds": len(played["rounds"]),
    }


def table(report: dict) -> str:
    join = report["join_code"]
    second = report["second_scan_to_connected_ms"]
    rounds = report["round_to_every_player_ms"]
    lines = [
        f"live table ({report['players']} players' phones, one Chromium, real WebRTC in the namespace):",
        f"  join code: {join['bytes']} bytes; QR version {join['qr_version_link']} as a link for"
        f" this site's address, {join['qr_version_base32']} as bare base32 (the panel: {join['shown']})",
        f"  second scan to connected: median {second['median']:.0f} ms (each: {', '.join(f'{ms:.0f}' for ms in second['each'])})",
        f"  a round reaching every player: median {rounds['median']:.0f} ms over {len(rounds['rounds'])} rounds "
        f"(each round's last: {', '.join(str(round(r['every_player_ms'])) for r in rounds['rounds'])})",
    ]
    b = report["bytes_per_round"]
    lines.append(
        f"  bytes per round on the channel: {b['to_phones']:,} to {b['players']} phones, {b['to_game_master']:,} "
        f"to the game master (measure.livebytes: the golden fight's {b['rounds']} rounds)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", type=Path)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    report = run(args.dist, args.rounds)
    print(json.dumps(report, indent=1) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
