"""The shrapnel page: the engine's totals for a typed critical, the highlighted cell, a
share link that reopens the same result (also offline), and bad input explained."""

from __future__ import annotations

from playwright.sync_api import expect

from pyengine.cli.tables import ballistic as load_ballistic
from pyengine.share import encode_link
from pyengine.shrapnel.resolve import resolve
from tests.browser.conftest import READY, READY_TIMEOUT_MS, open_ready

TOTALS = ("hits", "bleeding", "stun", "injury", "fatigue", "staggered")


def read_critical(page, severity: str, roll: str, covered: list[str]) -> None:
    page.click(f"label[for=shr-sev-{severity}]")
    page.fill("#shr-roll", roll)
    for area in covered:
        page.check(f'input[name=covered][value="{area}"]')
    page.click("#shr-resolve")


def assert_shows(page, result) -> None:
    card = page.locator("#shr-result .shr-result")
    expect(card).to_have_attribute("data-roll", str(result.roll))
    expect(card).to_have_attribute("data-severity", str(result.severity))
    values = {"hits": result.totals.hits, "bleeding": result.totals.bleeding, "stun": result.totals.stun_rounds,
              "injury": result.totals.injury, "fatigue": result.totals.fatigue, "staggered": result.totals.staggered}
    for key in TOTALS:
        expect(card.locator(f".shr-total-{key} dd")).to_have_attribute("data-value", str(values[key]))
    expect(card).to_have_attribute("data-fate", str(result.fate) if result.fate else "none")
    expect(card.locator(".shr-check")).to_have_count(len(result.breakage_checks))
    expect(page.locator(".shr-highlight")).to_have_count(1)
    expect(page.locator(".shr-highlight")).to_have_attribute("id", f"shr-cell-{result.rolls}-{result.severity}")


def test_the_table_is_readable_before_python_starts(browser, site_url, viewport):
    # Intent: the full table is in the static page (pre-rendered at build), no script needed.
    context = browser.new_context(viewport=viewport, base_url=site_url, java_script_enabled=False)
    page = context.new_page()
    page.goto("shrapnel.html")
    expect(page.locator(".shr-table .shr-cell")).to_have_count(100)
    expect(page.locator("#shr-cell-26-35-C")).to_contain_text("The middle of the burst takes the belly")
    context.close()


def test_a_critical_is_read_against_the_armour_shared_and_reopened_offline(fresh_app):
    # Intent: C, 50, chest covered shows the engine's own totals; the link reopens it, offline too.
    context, watch = fresh_app
    expected = resolve(load_ballistic(), 50, "C", ["chest"])
    page = open_ready(context, "shrapnel.html")
    read_critical(page, "C", "50", ["chest"])
    assert_shows(page, expected)
    link = page.locator("#shr-share").get_attribute("href")
    expect(page.locator("#shr-recent li")).to_have_count(1)

    other = open_ready(context, link)
    assert_shows(other, expected)
    expect(other.locator("#shr-roll")).to_have_value("50")
    expect(other.locator('input[name=covered][value="chest"]')).to_be_checked()

    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=READY_TIMEOUT_MS)
    context.set_offline(True)
    offline = context.new_page()
    offline.goto(link)
    offline.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert_shows(offline, expected)
    watch.assert_clean()


def test_presets_and_named_pieces_make_one_check_per_piece(app):
    # Intent: the torso-vest preset is one piece over chest and abdomen: a pattern striking
    # both makes one breakage check, as the engine says.
    context, watch = app
    expected = resolve(load_ballistic(), 66, "A", [])
    page = open_ready(context, "shrapnel.html")
    page.click("button[data-preset=vest]")
    expect(page.locator("#shr-pieces")).to_have_value("vest: chest + abdomen")
    read_critical(page, "A", "66", [])
    card = page.locator("#shr-result .shr-result")
    expect(card.locator(".shr-check")).to_have_count(1)
    expect(card.locator(".shr-check")).to_have_attribute("data-piece", "vest")
    assert expected.totals.hits < int(card.locator(".shr-total-hits dd").get_attribute("data-value"))
    watch.assert_clean()


def test_bad_input_is_explained_next_to_each_field_and_kept(app):
    # Intent: every problem at once, each next to its field; what was typed stays; a
    # damaged link is explained and the page still works.
    context, watch = app
    page = open_ready(context, "shrapnel.html#1.damaged")
    expect(page.locator("#shr-link-error")).to_contain_text("share link")
    page.fill("#shr-roll", "101")
    page.fill("#shr-pieces", "vest: chest + tail")
    page.click("#shr-resolve")
    expect(page.locator("#shr-severity-error")).to_contain_text("choose A, B, C, D or E")
    expect(page.locator("#shr-roll-error")).to_contain_text("'101'")
    expect(page.locator("#shr-pieces-error")).to_contain_text("'tail' in piece 'vest' is not an area")  # the piece named
    expect(page.locator("#shr-roll")).to_have_value("101")
    expect(page.locator("#shr-pieces")).to_have_value("vest: chest + tail")
    expect(page.locator("#shr-result")).to_be_empty()
    page.click("label[for=shr-sev-B]")
    page.click("#shr-roll-d100")
    expect(page.locator("#shr-result .shr-result")).to_have_count(0)  # the pieces are still wrong
    page.fill("#shr-pieces", "vest: chest + abdomen")
    page.click("#shr-resolve")
    expect(page.locator("#shr-result .shr-result")).to_have_attribute("data-severity", "B")
    watch.assert_clean()


def test_links_as_people_paste_them_open_and_a_refusal_is_short_and_plain(app):
    # Intent (issue 33, items 3-5): a link pasted with spaces around it, or with its "1." percent-encoded,
    # opens; a huge link's refusal is cut to a readable size and says how much more there was; a garbage
    # link is called damaged, in the app's words, not the decompressor's. One page start, the hash changed.
    context, watch = app
    link = encode_link("shrapnel", {"roll": 50, "severity": "C"}, version=2)
    page = open_ready(context, f"shrapnel.html#  {link}  ")
    expect(page.locator("#shr-roll")).to_have_value("50")
    expect(page.locator("#shr-link-error")).to_be_empty()
    other = encode_link("shrapnel", {"roll": 60, "severity": "B"}, version=2)
    for pasted, roll in ((f"%31.{other[2:]}", "60"), (f"1%2E{link[2:]}", "50"), (f"%20%20{other}%0A", "60")):
        page.evaluate("hash => { location.hash = hash; }", pasted)
        expect(page.locator("#shr-roll")).to_have_value(roll)
        expect(page.locator("#shr-link-error")).to_be_empty()
    pieces = [{"name": f"piece {n}", "areas": ["head"]} for n in range(999)]
    huge = encode_link("shrapnel", {"roll": 50, "severity": "C", "pieces": pieces}, version=2)
    page.evaluate("hash => { location.hash = hash; }", huge)
    expect(page.locator("#shr-link-error")).to_contain_text("more")
    assert len(page.locator("#shr-link-error").inner_text()) < 400
    page.evaluate("hash => { location.hash = hash; }", "1.abcdefgh")
    expect(page.locator("#shr-link-error")).to_contain_text("damaged")
    said = page.locator("#shr-link-error").inner_text()
    assert "Error -3" not in said and "decompress" not in said and "not a Strike Rank link" not in said
    watch.assert_clean()
