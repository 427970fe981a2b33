"""Fight mode as a table on one phone screen (issue 34), tapped with a thumb at 390×844: a row per
combatant (name and side, hit points now of the most, locations out, condition, this round's statement
in short with its target and strike rank), a bar at the foot with Resolve, Resolve with my dice, Undo,
Log and Share, a round in at most two taps with no scrolling, the rows that changed marked, what
happened at each strike rank under the table, the strike-rank ruler before a round, a row opened in
place and closed in one tap; and axe on a fight in which a combatant is dead."""

from __future__ import annotations

from playwright.sync_api import expect

import builder.install
from pyengine.runequest.melee import log as fight_log
from tests.browser.audit import serious_findings
from tests.browser.conftest import open_ready
from tests.browser.examples import golden_3v3

SCREEN_HEIGHT = 844


def on_one_screen(page, selector: str) -> None:
    """Every element ``selector`` finds lies wholly inside the screen, none behind the round's bar."""
    bar = page.locator("#fight-bar").bounding_box()
    assert bar is not None and bar["y"] + bar["height"] <= SCREEN_HEIGHT, f"the bar is off the screen: {bar}"
    for k, box in enumerate(page.locator(selector).evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })")):
        top, bottom = box
        assert top >= 0 and bottom <= bar["y"] + 1, f"{selector} #{k} lies at {top:.0f}-{bottom:.0f} px, bar at {bar['y']:.0f}"


def rows_now(page) -> dict[str, tuple[str, str, str]]:
    """Each row's hit points, whether it is marked changed, and what it says changed."""
    return {name: (hp, marked or "", said) for name, hp, marked, said in page.locator("#fd-list .fd-who").evaluate_all(
        """els => els.map(e => [e.dataset.name, e.querySelector('.fd-hp').textContent, e.dataset.changed,
                               (e.querySelector('.fd-changed-what') || {}).textContent || ''])""")}


def tap_in_view(page, selector: str) -> None:
    """A thumb's tap on what is already on the screen (no scrolling to reach it)."""
    expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    page.locator(selector).tap()


def test_a_round_takes_one_tap_and_no_scrolling_a_row_opens_in_place_and_a_typed_die_takes_the_first_tap(thumb):
    # Done when: after Resolve, every combatant's row and the action bar are inside one 844-px screen,
    # and a round takes at most 2 taps and no scrolling. One page for the table's whole round trip:
    # a row opened in place and shut in one tap, three rounds, the bar's Log and Share, a die typed.
    context, watch = thumb
    page = open_ready(context, f"combat.html#{golden_3v3(0)}")
    expect(page.locator("#fd-list .fd-who")).to_have_count(6)

    # A row opens onto his statement in place; changing his target is his row, the target, and the
    # row and the ruler follow it; "Done" brings back the table in one tap.
    taps = 0
    tap_in_view(page, "#fd-1 summary.fd-row")
    taps += 1
    expect(page.locator("#fd-1-more")).to_have_js_property("open", True)
    target = page.locator("#fd-1-a0-target")
    expect(target).to_be_visible()
    before = target.input_value()
    other = next(v for v in target.locator("option").evaluate_all("os => os.map(o => o.value)") if v and v != before)
    target.select_option(other)
    taps += 1
    expect(page.locator("#fd-1-short")).to_contain_text(other)
    expect(page.locator('#fd-timeline .tl-act[data-who="Vasana"]')).to_have_count(1)
    page.locator("#fd-1 .fd-done").tap()
    expect(page.locator("#fd-1-more")).to_have_js_property("open", False)
    expect(page.locator("#fd-1 summary.fd-row")).to_be_in_viewport()

    for round_ in (2, 3, 4):
        scrolled = page.evaluate("scrollY")
        before_round = rows_now(page)
        tap_in_view(page, "#fd-roll")  # one tap: nothing scrolled by the test, before or after
        expect(page.locator("#fd-round")).to_have_text(str(round_))
        page.wait_for_function("() => Math.abs(document.getElementById('fight-table').getBoundingClientRect().top) < 2")
        on_one_screen(page, "#fd-list .fd-row")
        assert page.evaluate("scrollY") != scrolled or round_ > 2  # the table came into view by itself
        # The rows that changed are marked, and say what changed.
        after = rows_now(page)
        for name, (hp, marked, said) in after.items():
            if hp != before_round[name][0]:
                assert marked == "1" and "HP" in said, (name, before_round[name], after[name])
            elif not marked:
                assert not said
        if round_ == 2:  # the changed target was the round's (a row, its target, Resolve: 3 taps)
            log = fight_log.read_any(page.locator("#fl-share").get_attribute("href").partition("#")[2])
            assert next(i for i in log.rounds[0].intents if i.who == "Vasana").actions[0].target == other
            assert taps + 1 <= 3
    # What happened is under the table, strike rank by strike rank, its working one tap away.
    happened = page.locator("#fd-happened .fr-event")
    assert happened.count() >= 1
    srs = [int(s) for s in happened.evaluate_all("els => els.map(e => e.dataset.sr)")]
    assert srs == sorted(srs)
    expect(page.locator("#fd-happened .fh-heading")).to_have_text("Round 3: what happened")
    happened.first.locator("details.fr-working > summary").tap()
    expect(happened.first.locator("details.fr-working")).to_have_js_property("open", True)

    # The rest of the bar: Log and Share bring the log and the links into view.
    tap_in_view(page, "#fd-log")
    expect(page.locator("#fl-heading")).to_be_in_viewport()
    tap_in_view(page, "#fd-share")
    expect(page.locator("#fl-share")).to_be_in_viewport()

    # A die typed by hand in the bar ("a button acts on the first tap after typing"): the pages bar
    # gives way to the keyboard; "Use this roll" takes the first tap, the field still focused.
    tap_in_view(page, "#fd-start")
    expect(page.locator("#fd-typing")).to_be_visible()
    asked = page.locator("#fd-ask").inner_text()
    page.locator("#fd-typed").tap()
    page.keyboard.type("50")
    assert page.evaluate("document.activeElement.id") == "fd-typed"
    page.locator("#fd-next").tap()
    expect(page.locator("#fd-ask")).not_to_have_text(asked)  # the next die is asked: the tap was taken
    assert "Roll 2" in page.locator("#fd-ask").inner_text()
    watch.assert_clean()


def test_each_row_says_who_his_hit_points_condition_what_is_out_and_his_statement(thumb):
    context, watch = thumb
    page = open_ready(context, f"combat.html#{golden_3v3(2)}")  # after round 2: the Broo is dead
    rows = page.locator("#fd-list .fd-who")
    expect(rows).to_have_count(6)
    rurik = rows.nth(0)
    expect(rurik.locator(".fd-name")).to_have_text("Rurik")
    expect(rurik.locator(".fs-side")).to_have_text("side Sartar")
    expect(rurik.locator(".fd-hp")).to_have_text("HP 10/14")
    expect(rurik.locator(".fd-row-state")).to_contain_text("L arm out")
    expect(rurik.locator(".fd-short")).to_contain_text("SR 7: attacks Scorpion man with the broadsword")
    broo = page.locator('#fd-list .fd-who[data-name="Broo"]')
    expect(broo).to_have_attribute("data-condition", "dead")
    expect(broo.locator(".fs-cond")).to_have_text("dead")
    expect(broo.locator("details")).to_have_count(0)  # the dead state nothing: no row to open
    # The ruler: SR 1 to 12, everyone who acts at his strike rank, those together side by side.
    ruler = page.locator("#fd-timeline .tl-sr")
    assert [s for s in ruler.evaluate_all("els => els.map(e => e.dataset.sr)")][:12] == [str(n) for n in range(1, 13)]
    expect(page.locator('#fd-timeline .tl-sr[data-sr="7"] .tl-act[data-who="Rurik"]')).to_have_count(1)
    expect(page.locator('#fd-timeline .tl-sr[data-sr="6"]')).to_have_class("tl-sr tl-together")
    expect(page.locator('#fd-timeline .tl-act[data-who="Broo"]')).to_have_count(0)
    # axe finds nothing serious, a dead combatant's row among the rest, open or shut.
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []
    page.locator("#fd-0 summary.fd-row").tap()
    assert serious_findings(page, builder.install.axe_script().read_text(encoding="utf-8")) == []
    watch.assert_clean()


def test_every_label_in_the_bar_is_whole_on_a_phone(thumb):
    # Six buttons share the bar at 390 px: none may cut its words ("Resolv" was the first's).
    context, watch = thumb
    page = open_ready(context, f"combat.html#{golden_3v3(0)}")
    expect(page.locator("#fd-roll")).to_be_enabled()
    cut = page.locator(".fight-bar-buttons button").evaluate_all(
        """els => els.filter(e => [e, ...e.querySelectorAll('small')].some(n => n.scrollWidth > n.clientWidth + 0.5)
                                  || e.scrollWidth > e.clientWidth).map(e => [e.id, e.textContent, e.clientWidth, e.scrollWidth])""")
    assert cut == [], cut
    watch.assert_clean()
