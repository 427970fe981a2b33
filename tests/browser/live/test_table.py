"""The live table played on three phones over real WebRTC (issue 35): a game master in fight mode and two
players on the player's page, each a phone of 390x844 with a touch screen.

The codes pass as people pass them: the game master's join code is a screenshot of his screen read by
zbarimg, drawn again as the app draws it and shown to the player's camera (Chromium's fake camera, the
app's own scanner); the player's answer code goes back the same way to the game master's camera. Then three
rounds: the players state for their own combatants, one round is typed die by die and the dice of the
players' combatants are asked of their phones, the game master's Undo reaches both, and a player's reload
shows the same fight at once and comes back to the table with no code scanned.

In the network namespace the run makes (tools/netns.py): every address either code carries is the
namespace's own, and no page asks anything of anyone but the site (the suite's Watch).
"""

from __future__ import annotations

import time

from playwright.sync_api import expect

from pyengine.pages.fight.live import roller
from tests.browser.conftest import Watch
from tests.browser.examples import golden_3v3
from tests.browser.live.phones import CONNECTED, join, phone, ready

#: The players: their names, the combatant each plays (of the golden 3-against-3) and its row.
PLAYERS = (("Ana", "Vasana"), ("Bo", "Broo"))


def test_a_game_master_and_two_players_play_three_rounds_over_webrtc(browsers, site_url, tmp_path, own_network_namespace):
    launched, cameras = browsers
    site = site_url.rstrip("/") + "/"
    watch = Watch()
    gm = phone(launched["gm"], site, watch).new_page()
    gm.goto(f"combat.html#{golden_3v3(0)}")
    ready(gm)
    expect(gm.locator("#fd-list .fd-who")).to_have_count(6)
    names = gm.locator("#fd-list .fd-who").evaluate_all("rows => rows.map(r => r.dataset.name)")
    # "Open the table" is in the bar: no scrolling
    expect(gm.locator("#fd-table")).to_be_in_viewport()
    gm.locator("#fd-table").tap()
    expect(gm.locator("#lt-panel")).to_be_visible()

    players = {}
    joined_ms = []
    for seat, (name, plays) in enumerate(PLAYERS, start=1):
        if seat > 1:
            gm.locator("#lt-next").tap()  # a join code of his own, a fresh secret in it
        player = phone(launched["players"], site, watch).new_page()  # a phone of his own (its own storage)
        joined_ms.append(join(gm, player, cameras, tmp_path, seat=seat, name=name, plays=names.index(plays)))
        expect(player.locator("#pl-status")).to_contain_text(f"as {name} (seat {seat}): you play {plays}")
        players[name] = player
    gm.locator("#lt-hide").tap()  # the panel shuts in one tap: the fight on the screen
    expect(gm.locator("#lt-panel")).to_be_hidden()

    def everyone_sees_round(number: int, who=None) -> None:
        expect(gm.locator("#fd-round")).to_have_text(str(number))
        for player in who or players.values():
            expect(player.locator("#fd-round")).to_have_text(str(number), timeout=10_000)
            same_as_game_master(player, "#fs-out")

    def same_as_game_master(player, selector: str) -> None:
        """Everyone now on his phone as on the game master's (the game master's drawn just after the round)."""
        words = lambda page: " ".join(page.locator(selector).text_content().split())  # noqa: E731
        for _ in range(50):
            if words(player) == words(gm):
                return
            time.sleep(0.1)
        assert words(player) == words(gm)

    # round 1: each player states for his own combatant (another target); the game master types the round
    # die by die, and a die of a player's combatant is asked of his phone, which rolls it. Round 1, while
    # everyone stands and acts: after a round of the app's dice both players' combatants could be down, and
    # no die of theirs asked (session 14: a run typed round 2, and none was)
    for name, plays in PLAYERS:
        player, k = players[name], names.index(plays)
        target = player.locator(f"#fd-{k}-a0-target")
        expect(target).to_be_visible()
        before = target.input_value()
        other = next(v for v in target.locator("option").evaluate_all("os => os.map(o => o.value)") if v and v != before)
        target.select_option(other)
        player.locator(f"#pl-send-{k}").tap()
        expect(player.locator("#pl-said")).to_contain_text(f"{plays}'s statement is taken", timeout=10_000)
        expect(gm.locator(f"#fd-{k}-short")).to_contain_text(other)
    gm.locator("#fd-start").tap()
    expect(gm.locator("#fd-typing")).to_be_visible()  # the loop below ends when typing does: wait for it to begin
    asked = {name: 0 for name, _ in PLAYERS}
    whose = dict((plays, name) for name, plays in PLAYERS)
    for _ in range(80):
        if not gm.locator("#fd-typing").is_visible():
            break
        purpose = gm.locator("#fd-ask .cx-ask strong").inner_text()
        index = gm.locator("#fd-ask .cx-ask").inner_text().split(":")[0]
        rolls = roller(purpose, names)
        if rolls in whose:
            player = players[whose[rolls]]
            expect(player.locator("#pl-roll")).to_be_visible(timeout=10_000)
            expect(player.locator(".pl-ask")).to_contain_text(purpose)
            player.locator("#pl-roll").tap()
            asked[whose[rolls]] += 1
        else:
            sides = int(gm.locator("#fd-ask .cx-ask").get_attribute("data-sides"))
            gm.locator("#fd-typed").fill(str(min(sides, 50)))
            gm.locator("#fd-next").tap()
        gm.wait_for_function(
            "(before) => !document.querySelector('#fd-typing:not([hidden]) .cx-ask') || "
            "document.querySelector('#fd-ask .cx-ask').textContent.split(':')[0] !== before",
            arg=index,
            timeout=10_000,
        )
    expect(gm.locator("#fd-typing")).to_be_hidden()
    assert sum(asked.values()) >= 1, asked
    everyone_sees_round(2)

    # round 2 with the app's dice; the game master's Undo reaches both players
    gm.locator("#fd-roll").tap()
    everyone_sees_round(3)
    gm.locator("#fd-undo").tap()
    everyone_sees_round(2)

    # a player reloads: the same fight at once, and she comes back to the table by herself, no code scanned
    ana = players["Ana"]
    shown = " ".join(ana.locator("#fs-out").text_content().split())
    ana.reload()
    ready(ana)
    assert " ".join(ana.locator("#fs-out").text_content().split()) == shown
    expect(ana.locator("#fd-round")).to_have_text("2")
    expect(ana.locator("#pl-status")).to_contain_text("as Ana (seat 1): you play Vasana", timeout=CONNECTED)
    expect(gm.locator("#fd-list")).to_be_visible()

    # rounds 2 and 3 again with the app's dice: both players follow them
    gm.locator("#fd-roll").tap()
    everyone_sees_round(3)
    gm.locator("#fd-roll").tap()
    everyone_sees_round(4)
    print(
        f"\nlive table: second scan to a newcomer at the table {', '.join(f'{ms:.0f}' for ms in joined_ms)} ms; "
        f"dice asked of the players' phones {asked}"
    )
    watch.assert_clean()
