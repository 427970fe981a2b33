"""A player's phone comes back to the game master's table with no code scanned, in the pages themselves
(issue 35: "re-scan only if the connection cannot be restored"; "a player who reloads mid-fight rejoins and
sees the same state"), and the fight's results written to the player's own adventurer on his phone.

A game master in fight mode and one player on the player's page, phones of their own, joined by the codes
(tests/browser/live/phones.py). Once let in, the player's page prepares its way back and keeps the spare
connection the game master's phone makes for it. Then (a) the player's page reloads mid-fight, and (b) its
connection is lost (its data channel closed); each time the page is back at the table by itself, with the
same state as the game master's, and the game master's next round reaches it. Then the game master offers
the results: the player plans, confirms and undoes, and the record saved on his phone changes and changes
back. Last, the game master's page reloads: his fight is still there; the player's page cannot come back by
itself and says plainly to scan the join code again; the table opened again shows her seat away, and she
scans the new join code and sits again with no new approval.
"""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.examples import golden_3v3
from tests.browser.live.phones import CONNECTED, join, pass_codes, phone, ready
from tests.unit.pages.fight_writeback_world import golden_rurik

#: Records every connection a page makes, and the data channel each was given (Chromium's own objects,
#: untouched otherwise): the test closes one as a lost connection would.
CONNECTIONS = """(() => {
  const Native = window.RTCPeerConnection;
  window.connections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.connections.push(this);
      this.addEventListener("datachannel", (event) => { this.channel = event.channel; });
    }
  };
})()"""
#: Whether the player's phone keeps a spare offer to come back by (web/static/peer.js's IndexedDB).
SPARE_KEPT = """() => new Promise((done) => {
  const request = indexedDB.open("strike-rank-live", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("spares");
  request.onsuccess = () => {
    const all = request.result.transaction("spares").objectStore("spares").getAll();
    all.onsuccess = () => done(all.result.some((kept) => !!kept.offer));
    all.onerror = () => done(false);
  };
  request.onerror = () => done(false);
})"""
SAVED = "strike-rank/character/rurik"
AT_TABLE = "Connected to the game master's table as Ana (seat 1): you play Vasana"


def words(page, selector: str) -> str:
    return " ".join(page.locator(selector).text_content().split())


def same_as_game_master(player, gm, selector: str) -> None:
    for _ in range(50):
        if words(player, selector) == words(gm, selector):
            return
        time.sleep(0.1)
    assert words(player, selector) == words(gm, selector)


def spare_kept(player) -> None:
    for _ in range(100):
        if player.evaluate(SPARE_KEPT):
            return
        time.sleep(0.1)
    raise AssertionError("the player's phone kept no way back")


def back_at_the_table(player, gm, round_number: int, started: float) -> float:
    """Waits for the player's page to be back at the table, caught up; milliseconds since ``started``."""
    expect(player.locator("#pl-status")).to_contain_text(AT_TABLE, timeout=CONNECTED)
    took = (time.perf_counter() - started) * 1000
    expect(player.locator("#fd-round")).to_have_text(str(round_number), timeout=10_000)
    same_as_game_master(player, gm, "#fs-out")
    expect(gm.locator("#lt-said")).to_contain_text("Ana's phone is back at the table")
    return took


def next_round_reaches(player, gm, round_number: int) -> None:
    gm.locator("#fd-roll").tap()
    expect(gm.locator("#fd-round")).to_have_text(str(round_number))
    expect(player.locator("#fd-round")).to_have_text(str(round_number), timeout=10_000)
    same_as_game_master(player, gm, "#fs-out")


def test_a_players_page_comes_back_with_no_code_and_writes_the_results_to_his_own_adventurer(
    browsers, site_url, tmp_path, watch, own_network_namespace
):
    launched, cameras = browsers
    site = site_url.rstrip("/") + "/"
    gm = phone(launched["gm"], site, watch).new_page()
    gm.goto(f"combat.html#{golden_3v3(0)}")
    ready(gm)
    names = gm.locator("#fd-list .fd-who").evaluate_all("rows => rows.map(r => r.dataset.name)")
    gm.locator("#fd-table").tap()
    context = phone(launched["players"], site, watch)
    context.add_init_script(CONNECTIONS)
    # an adventurer saved on his phone, to write the fight's results to (kept as it is across reloads)
    context.add_init_script(f"try {{ if (!localStorage.getItem({SAVED!r})) localStorage.setItem({SAVED!r}, {golden_rurik()!r}); }} catch (e) {{}}")
    player = context.new_page()
    join(gm, player, cameras, tmp_path, seat=1, name="Ana", plays=names.index("Vasana"))
    expect(player.locator("#pl-status")).to_contain_text(AT_TABLE)
    expect(player.locator("#fd-happened")).to_contain_text("the game master resolves each round")
    expect(gm.locator("#lt-said")).to_contain_text("Ana's phone can come back by itself")
    spare_kept(player)
    gm.locator("#lt-hide").tap()
    next_round_reaches(player, gm, 2)

    # (a) her page reloads mid-fight: the fight kept at once, then back at the table with no code scanned
    started = time.perf_counter()
    player.reload()
    ready(player)
    ready_ms = (time.perf_counter() - started) * 1000
    reloaded_ms = back_at_the_table(player, gm, 2, started)
    assert "#join=" not in player.url
    next_round_reaches(player, gm, 3)

    # (b) her connection is lost (the data channel closed, as when the phone walks out of range)
    spare_kept(player)
    started = time.perf_counter()
    player.evaluate("() => window.connections.filter((pc) => pc.channel && pc.channel.readyState === 'open').at(-1).channel.close()")
    expect(gm.locator("#lt-said")).to_contain_text("Ana's phone is away")
    lost_ms = back_at_the_table(player, gm, 3, started)
    next_round_reaches(player, gm, 4)

    # the game master offers the results; she plans, confirms and undoes on her phone
    before = player.evaluate(f"() => localStorage.getItem({SAVED!r})")
    gm.locator("#fd-table").tap()
    expect(gm.locator("#lt-join svg")).to_be_visible(timeout=10_000)  # the panel's next join code, made first
    gm.locator("#lt-offer").tap()
    expect(gm.locator("#lt-status")).to_contain_text("offered to 1 phone")
    offer = player.locator("#pl-offers select")
    expect(offer).to_be_visible(timeout=10_000)
    offer.select_option("rurik")
    player.locator("#pl-offers button[data-plan]").tap()
    expect(player.locator("#fw-out")).to_contain_text("Nothing is written until you confirm")
    player.locator("#fw-confirm").tap()
    expect(player.locator("#fw-undo")).to_be_visible()
    written = player.evaluate(f"() => localStorage.getItem({SAVED!r})")
    assert written != before
    expect(gm.locator("#lt-said")).to_contain_text("Ana wrote the fight's results for Vasana on his own device")
    player.locator("#fw-undo").tap()
    expect(gm.locator("#lt-said")).to_contain_text("Ana took back the fight's results for Vasana")
    assert player.evaluate(f"() => localStorage.getItem({SAVED!r})") == before

    # the game master's page reloads: his fight is kept; her page cannot come back by itself and says so
    shown = words(gm, "#fs-out")
    gm.reload()
    ready(gm)
    assert words(gm, "#fs-out") == shown
    expect(gm.locator("#fd-round")).to_have_text("4")
    expect(player.locator("#pl-status")).to_contain_text("scan the join code again", timeout=CONNECTED)
    assert words(player, "#fs-out") == shown  # the fight as last seen stays on her phone
    # the table opened again: her seat kept, away; she scans the new code and sits again with no approval
    gm.locator("#fd-table").tap()
    expect(gm.locator("#lt-seat-1")).to_contain_text("Ana: away")
    expect(gm.locator("#lt-said")).to_contain_text("Ana must scan a join code again")
    pass_codes(gm, player, cameras, tmp_path, seat=2, name="Ana")
    expect(player.locator("#pl-status")).to_contain_text(AT_TABLE, timeout=CONNECTED)
    expect(gm.locator("#lt-seat-1")).to_contain_text("Ana: connected")
    expect(gm.locator(".lt-newcomer")).to_have_count(0)
    same_as_game_master(player, gm, "#fs-out")
    gm.locator("#lt-hide").tap()
    next_round_reaches(player, gm, 5)
    print(
        f"\nlive table's pages: a reload back at the table {reloaded_ms:.0f} ms after it began (the page working at "
        f"{ready_ms:.0f} ms); a lost connection back {lost_ms:.0f} ms after it was lost"
    )
    watch.assert_clean()
