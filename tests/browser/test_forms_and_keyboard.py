"""Every form field refuses empty, out-of-range, non-numeric and huge values with a message
next to it that names the field — the engine never gets them — and every main flow works
with the keyboard alone (issue 9)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Watch, open_ready

HUGE = "9" * 40

# (page, field, value, how the submit happens, the message's container, what it must name)
BAD_VALUES = [
    ("index.html", "#dice-expr", "", "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-expr", "2D6+", "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-expr", "1000D6", "#dice-roll", "#dice-expr-error", "1000"),
    ("index.html", "#dice-expr", HUGE, "#dice-roll", "#dice-expr-error", "dice notation"),
    ("index.html", "#dice-typed", "four", "#dice-roll", "#dice-typed-error", "your own dice: 'four'"),
    ("index.html", "#dice-typed", HUGE, "#dice-roll", "#dice-typed-error", "D6"),
    ("shrapnel.html", "#shr-roll", "", "#shr-resolve", "#shr-roll-error", "shrapnel roll: empty"),
    ("shrapnel.html", "#shr-roll", "0", "#shr-resolve", "#shr-roll-error", "shrapnel roll: '0'"),
    ("shrapnel.html", "#shr-roll", "abc", "#shr-resolve", "#shr-roll-error", "shrapnel roll: 'abc'"),
    ("shrapnel.html", "#shr-roll", HUGE, "#shr-resolve", "#shr-roll-error", "shrapnel roll"),
    ("shrapnel.html", "#shr-pieces", "vest chest", "#shr-resolve", "#shr-pieces-error", "armour pieces"),
    ("shrapnel.html", "#shr-pieces", "x" * 60 + ": chest", "#shr-resolve", "#shr-pieces-error", "armour piece"),
    ("sheet.html", "#sheet-STR", "abc", None, "#sheet-STR-error", "STR: 'abc'"),
    ("sheet.html", "#sheet-STR", "", None, "#sheet-STR-error", "STR: empty"),
    ("sheet.html", "#sheet-CON", "999", None, "#sheet-CON-error", "CON: 999"),
    ("sheet.html", "#sheet-money", "lots", None, "#sheet-money-error", "money: 'lots'"),
    ("sheet.html", "#sheet-money", HUGE, None, "#sheet-money-error", "money"),
    ("sheet.html", "#sheet-count", "0", "#sheet-buy", "#sheet-count-error", "how many: 0"),
    ("sheet.html", "#sheet-count", "x", "#sheet-buy", "#sheet-count-error", "how many: 'x'"),
    # combat: the quick stat blocks and the situation (Roll it all), the typed roll (Use this roll)
    ("combat.html", "#att-chance", "", "#cx-roll", "#att-chance-error", "attack %: empty"),
    ("combat.html", "#att-chance", "abc", "#cx-roll", "#att-chance-error", "attack %: 'abc'"),
    ("combat.html", "#att-chance", "301", "#cx-roll", "#att-chance-error", "attack %: 301 is not -100 to 300"),
    ("combat.html", "#att-chance", HUGE, "#cx-roll", "#att-chance-error", "attack %: 99999 is not"),
    ("combat.html", "#att-bonus", "+1D4+", "#cx-roll", "#att-bonus-error", "damage bonus: dice notation"),
    ("combat.html", "#att-bonus", "1000D6", "#cx-roll", "#att-bonus-error", "'1000D6'"),
    ("combat.html", "#att-bonus", HUGE, "#cx-roll", "#att-bonus-error", "damage bonus"),
    ("combat.html", "#def-hp", "", "#cx-roll", "#def-hp-error", "hit points: empty"),
    ("combat.html", "#def-hp", "0", "#cx-roll", "#def-hp-error", "hit points: 0 is not 1 to 999"),
    ("combat.html", "#def-hp", "ten", "#cx-roll", "#def-hp-error", "hit points: 'ten'"),
    ("combat.html", "#def-hp", HUGE, "#cx-roll", "#def-hp-error", "hit points: 9999 is not"),
    ("combat.html", "#def-armour", "-1", "#cx-roll", "#def-armour-error", "armour: -1 is not 0 to 99"),
    ("combat.html", "#def-armour", "x", "#cx-roll", "#def-armour-error", "armour: 'x'"),
    ("combat.html", "#def-armour", HUGE, "#cx-roll", "#def-armour-error", "armour: 999 is not"),
    ("combat.html", "#def-defense", "201", "#cx-roll", "#def-defense-error", "Defense %: 201 is not 0 to 200"),
    ("combat.html", "#def-defense", "some", "#cx-roll", "#def-defense-error", "Defense %: 'some'"),
    ("combat.html", "#def-defense", HUGE, "#cx-odds", "#def-defense-error", "Defense %: 9999 is not"),
    ("combat.html", "#def-parry-chance", "", "#cx-roll", "#def-parry-chance-error", "parry %: empty"),
    ("combat.html", "#def-parry-chance", "-101", "#cx-roll", "#def-parry-chance-error", "parry %: -101 is not"),
    ("combat.html", "#def-parry-chance", "4O", "#cx-odds", "#def-parry-chance-error", "parry %: '4O'"),
    ("combat.html", "#def-parry-chance", HUGE, "#cx-roll", "#def-parry-chance-error", "parry %: 99999 is not"),
    ("combat.html", "#sit-distance", "-1", "#cx-roll", "#sit-distance-error", "range in metres: -1 is not"),
    ("combat.html", "#sit-distance", "far", "#cx-roll", "#sit-distance-error", "range in metres: 'far'"),
    ("combat.html", "#sit-distance", HUGE, "#cx-start", "#sit-distance-error", "range in metres: 99999 is not"),
    ("combat.html", "#cx-typed", "", "#cx-next", "#cx-typed-error", "the roll: empty"),
    ("combat.html", "#cx-typed", "0", "#cx-next", "#cx-typed-error", "the roll: 0 is not 1 to"),
    ("combat.html", "#cx-typed", "six", "#cx-next", "#cx-typed-error", "the roll: 'six'"),
    ("combat.html", "#cx-typed", HUGE, "#cx-next", "#cx-typed-error", "roll 999 does not fit a D100"),
    # gear: the character (blank is 0), each item's fields, the organizer, the block, saving
    ("gear.html", "#gear-char-reach", "abc", "#gear-work-out", "#gear-char-reach-error", "Reach: unexpected 'a'"),
    ("gear.html", "#gear-char-size", "1000", "#gear-work-out", "#gear-char-size-error", "Size: '1000' is out of range"),
    ("gear.html", "#gear-char-encumbrance", HUGE, "#gear-work-out", "#gear-char-encumbrance-error", "Encumbrance: '9999"),
    ("gear.html", "#gear-char-hand_to_hand", "3.5", "#gear-work-out", "#gear-char-hand_to_hand-error", "Hand to hand: unexpected '.'"),
    ("gear.html", "#gear-char-marksmanship", "-1000", "#gear-work-out", "#gear-char-marksmanship-error", "Marksmanship: '-1000'"),
    ("gear.html", "#gear-item-1-name", "", "#gear-work-out", "#gear-item-1-name-error", "Name of item 1: empty"),
    ("gear.html", "#gear-item-1-name", "x" * 100, "#gear-work-out", "#gear-item-1-name-error", "longer than 80"),
    ("gear.html", "#gear-item-2-name", "Sword", "#gear-work-out", "#gear-item-2-name-error", "'Sword' is the name of item 1"),
    ("gear.html", "#gear-item-1-reach", "far", "#gear-work-out", "#gear-item-1-reach-error", "Rch of 'sword': unexpected 'f'"),
    ("gear.html", "#gear-item-1-power", "1000", "#gear-work-out", "#gear-item-1-power-error", "Pwr of 'sword': '1000'"),
    ("gear.html", "#gear-item-1-heft", HUGE, "#gear-work-out", "#gear-item-1-heft-error", "Hft of 'sword': '9999"),
    ("gear.html", "#gear-item-1-sharpness", "-1000", "#gear-work-out", "#gear-item-1-sharpness-error", "Shp of 'sword': '-1000'"),
    ("gear.html", "#gear-item-3-attack", "1.5", "#gear-work-out", "#gear-item-3-attack-error", "Atk of 'sling': unexpected '.'"),
    ("gear.html", "#gear-item-1-grapple", "++3", "#gear-work-out", "#gear-item-1-grapple-error", "Grp of 'sword'"),
    ("gear.html", "#gear-item-1-parry", "x", "#gear-work-out", "#gear-item-1-parry-error", "Par of 'sword': unexpected 'x'"),
    ("gear.html", "#gear-item-1-toughness", HUGE, "#gear-work-out", "#gear-item-1-toughness-error", "Tgh of 'sword': '9999"),
    ("gear.html", "#gear-item-4-cover", "-1", "#gear-work-out", "#gear-item-4-cover-error", "Cvr of 'leather': '-1' is out of range (0 to 999)"),
    ("gear.html", "#gear-item-4-absorb", "six", "#gear-work-out", "#gear-item-4-absorb-error", "Abs of 'leather': unexpected 's'"),
    ("gear.html", "#gear-item-5-absorb", HUGE, "#gear-work-out", "#gear-item-5-absorb-error", "Abs of 'chainmail': '9999"),
    ("gear.html", "#gear-item-1-skill", "good", "#gear-work-out", "#gear-item-1-skill-error", "Skill of 'sword': unexpected 'g'"),
    ("gear.html", "#gear-item-1-skill", "1000", "#gear-work-out", "#gear-item-1-skill-error", "Skill of 'sword': '1000'"),
    ("gear.html", "#gear-item-1-special", "Stun", "#gear-work-out", "#gear-item-1-special-error", "Special bonuses of 'sword'"),
    ("gear.html", "#gear-item-1-special", "Stun " + HUGE, "#gear-work-out", "#gear-item-1-special-error", "Stun: '9999"),
    ("gear.html", "#gear-areas", "leather", "#gear-organize", "#gear-areas-error", "armour areas: unexpected 'l'"),
    ("gear.html", "#gear-areas", "0: leather", "#gear-organize", "#gear-areas-error", "a cover of 1 or more"),
    ("gear.html", "#gear-areas", HUGE + ": leather", "#gear-organize", "#gear-areas-error", "armour areas: cover '9999"),
    ("gear.html", "#gear-sl", "", "#gear-resolve", "#gear-sl-error", "Success level: empty"),
    ("gear.html", "#gear-sl", "abc", "#gear-resolve", "#gear-sl-error", "Success level: unexpected 'a'"),
    ("gear.html", "#gear-sl", HUGE, "#gear-resolve", "#gear-sl-error", "Success level: '9999"),
    ("gear.html", "#gear-power", "", "#gear-resolve", "#gear-power-error", "Attack power: empty"),
    ("gear.html", "#gear-power", "-3", "#gear-resolve", "#gear-power-error", "Attack power: '-3' is out of range (0 to 999)"),
    ("gear.html", "#gear-power", "1000", "#gear-resolve", "#gear-power-error", "Attack power: '1000'"),
    ("gear.html", "#gear-weapon-name", "w" * 100, "#gear-resolve", "#gear-weapon-name-error", "Attacking weapon: 'wwww"),
    ("gear.html", "#gear-weapon-toughness", "hard", "#gear-resolve", "#gear-weapon-toughness-error", "toughness: unexpected 'h'"),
    ("gear.html", "#gear-weapon-toughness", HUGE, "#gear-resolve", "#gear-weapon-toughness-error", "toughness: '9999"),
    ("gear.html", "#gear-weapon-absorb", "-2", "#gear-resolve", "#gear-weapon-absorb-error", "absorb: '-2' is out of range"),
    ("gear.html", "#gear-save-name", "", "#gear-save", "#gear-save-name-error", "name to save under: empty"),
    ("gear.html", "#gear-save-name", "x" * 200, "#gear-save", "#gear-save-name-error", "longer than 60"),
]
#: What a refused value must leave unshown, by the button pressed: the engine got nothing.
NOTHING_RESOLVED = {
    "#cx-roll": "#cx-result .cx-result, #cx-odds-out table",
    "#cx-odds": "#cx-result .cx-result, #cx-odds-out table",
    "#cx-start": "#cx-ask .cx-ask, #cx-odds-out table",
    "#cx-next": "#cx-result .cx-result",
    "#gear-work-out": "#gear-sheet:not(.gear-stale)",
    "#gear-organize": "#gear-organized .gear-organized",
    "#gear-resolve": "#gear-block .gear-block-result",
    "#gear-save": "#gear-saved li",
}
SCORES = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


@pytest.fixture
def phone(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=site_url)
    watch = Watch()
    watch.attach_context(context)
    yield context, watch
    context.close()


@pytest.mark.parametrize(("file", "field", "value", "submit", "message", "names"), BAD_VALUES,
                         ids=[f"{f}-{fld}-{v[:8] or 'empty'}" for f, fld, v, *_ in BAD_VALUES])
def test_a_bad_value_gets_a_message_naming_the_field(phone, file, field, value, submit, message, names):
    # Intent: the value is refused next to its field, named, and left as typed.
    context, watch = phone
    page = open_ready(context, file)
    if file == "shrapnel.html":
        page.click("label[for=shr-sev-C]")
        page.fill("#shr-roll", "50")
    if file == "sheet.html":
        for key, score in SCORES.items():
            page.fill(f"#sheet-{key}", score)
    if field == "#def-parry-chance":
        page.select_option("#def-parry", "medium_shield")  # the parry % is read only when there is a parry
    if field == "#cx-typed":
        page.click("#cx-start")
        expect(page.locator("#cx-ask .cx-ask")).to_have_attribute("data-sides", "100")
    if submit == "#gear-resolve":
        page.fill("#gear-sl", "2")
        page.fill("#gear-power", "12")
        if field.startswith("#gear-weapon"):
            page.click("#gear-weapon-box summary")
    page.fill(field, value)
    if submit:
        page.click(submit)
    expect(page.locator(message)).to_be_visible()
    expect(page.locator(message)).to_contain_text(names)
    expect(page.locator(field)).to_have_attribute("aria-invalid", "true")
    shown = page.locator(field).input_value()
    assert shown == value[: len(shown)] and (shown == value or page.locator(field).get_attribute("maxlength"))
    if submit in NOTHING_RESOLVED:
        expect(page.locator(NOTHING_RESOLVED[submit])).to_have_count(0)
        assert "Traceback" not in page.inner_text("main")
    watch.assert_clean()


def test_keyboard_alone_rolls_dice(phone):
    # Intent: Tab to the field, type, Enter submits; the result is announced.
    context, watch = phone
    page = open_ready(context)
    page.locator("#dice-expr").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("1D4+2")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(page.locator("#dice-result .roll-total")).to_have_text("5")
    watch.assert_clean()


def test_keyboard_alone_reads_a_critical(phone):
    # Intent: severity by arrow keys, roll typed, a preset and the submit by Enter/Space.
    context, watch = phone
    page = open_ready(context, "shrapnel.html")
    page.locator("#shr-sev-A").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#shr-sev-C")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.type("50")
    page.locator("button[data-preset=vest]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#shr-pieces")).to_have_value("vest: chest + abdomen")
    page.locator("#shr-resolve").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#shr-result .shr-result")).to_have_attribute("data-severity", "C")
    watch.assert_clean()


def test_keyboard_alone_makes_and_saves_a_sheet(phone):
    # Intent: every field reached by Tab in order; buttons pressed with Enter.
    context, watch = phone
    page = open_ready(context, "sheet.html")
    page.locator("#sheet-name").focus()
    page.keyboard.type("Keyboard Kari")
    for key in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"):
        page.keyboard.press("Tab")
        page.keyboard.type(SCORES[key])
    expect(page.locator('#sheet-view [data-field="hit_points"]')).to_have_text("15")
    page.locator("#sheet-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Keyboard Kari")
    watch.assert_clean()
