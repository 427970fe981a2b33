"""Every form field refuses empty, out-of-range, non-numeric and huge values with a message
next to it that names the field — the engine never gets them — and every main flow works
with the keyboard alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from pyengine.cli.tables import combat_tables
from tests.browser.conftest import open_ready
from tools import chromium

HUGE = "9" * 40

# (page, field, value, how the submit happens, the message's container, what it must name):
# one bad value for each way a page reads a field and says what is wrong with it (each button
# that submits, a field read as it is typed, a field cut by its maxlength, the gear list's rows,
# the block's folded weapon, fight mode's stat block). Every value of every field is refused,
# through the page's controller on the built page, in CPython: tests/unit/pages/
# test_start_page_messages.py, test_shrapnel_page.py, test_sheet_page.py,
# test_exchange_page.py, test_gear_page.py and test_fight_page.py.
BAD_VALUES = [
    ("index.html", "#dice-expr", "2D6+", "#dice-roll", "#dice-expr-error", "Dice to roll: '2D6+'"),
    ("index.html", "#dice-typed", "four", "#dice-roll", "#dice-typed-error", "Your own dice: 'four'"),
    ("shrapnel.html", "#shr-roll", HUGE, "#shr-resolve", "#shr-roll-error", "shrapnel roll"),
    ("shrapnel.html", "#shr-pieces", "vest chest", "#shr-resolve", "#shr-pieces-error", "Named pieces: 'vest chest'"),
    ("sheet.html", "#sheet-STR", "abc", None, "#sheet-STR-error", "STR: 'abc'"),
    ("sheet.html", "#sheet-money", HUGE, None, "#sheet-money-error", "money"),
    ("sheet.html", "#sheet-count", "0", "#sheet-buy", "#sheet-count-error", "how many: 0"),
    ("combat.html", "#att-chance", HUGE, "#cx-roll", "#att-chance-error", "attack %: 99999 is not"),
    ("combat.html", "#def-defense", HUGE, "#cx-odds", "#def-defense-error", "Defense %: 9999 is not"),
    ("combat.html", "#def-parry-chance", "4O", "#cx-odds", "#def-parry-chance-error", "parry %: '4O'"),
    ("combat.html", "#sit-distance", HUGE, "#cx-start", "#sit-distance-error", "range in metres: 99999 is not"),
    ("combat.html", "#cx-typed", HUGE, "#cx-next", "#cx-typed-error", "roll 999 does not fit a D100"),
    ("gear.html", "#gear-char-reach", "abc", "#gear-work-out", "#gear-char-reach-error", "Reach: unexpected 'a'"),
    ("gear.html", "#gear-item-1-name", "x" * 100, "#gear-work-out", "#gear-item-1-name-error", "longer than 80"),
    ("gear.html", "#gear-item-2-name", "Sword", "#gear-work-out", "#gear-item-2-name-error", "'Sword' is the name of item 1"),
    ("gear.html", "#gear-areas", "leather", "#gear-organize", "#gear-areas-error", "armour areas: unexpected 'l'"),
    ("gear.html", "#gear-sl", HUGE, "#gear-resolve", "#gear-sl-error", "Success level: '9999"),
    ("gear.html", "#gear-weapon-toughness", "hard", "#gear-resolve", "#gear-weapon-toughness-error", "toughness: unexpected 'h'"),
    ("gear.html", "#gear-save-name", "", "#gear-save", "#gear-save-name-error", "name to save under: empty"),
    ("combat.html#fight", "#fa-name", "", "#fa-add", "#fa-name-error", "name: give this fighter a name"),
    ("combat.html#fight", "#fa-w1-parry", "301", "#fa-add", "#fa-w1-parry-error", "weapon 1 parry %: 301 is not 0 to 300"),
]
#: What a refused value must leave unshown, by the button pressed: the engine got nothing.
NOTHING_RESOLVED = {
    "#cx-roll": "#cx-result .cx-result, #cx-odds-out table",
    "#cx-odds": "#cx-result .cx-result, #cx-odds-out table",
    "#cx-start": "#cx-ask .cx-ask, #cx-odds-out table",
    "#cx-next": "#cx-result .cx-result",
    "#gear-work-out": "#gear-sheet:not(.gear-stale)",
    "#fa-add": "#fc-list .fc-item",
    "#gear-organize": "#gear-organized .gear-organized",
    "#gear-resolve": "#gear-block .gear-block-result",
    "#gear-save": "#gear-saved li",
}
SCORES = {"STR": "12", "CON": "12", "SIZ": "17", "INT": "13", "POW": "18", "DEX": "11", "CHA": "10"}


@pytest.fixture
def phone(warm_profiles):
    context, watch = warm_profiles.lend(chromium.PHONE)
    yield context, watch
    warm_profiles.give_back(context, watch)


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
    page.keyboard.press("Tab")  # Pronouns, reached in its order, left at "they"
    expect(page.locator("#sheet-pronouns")).to_be_focused()
    for key in ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA"):
        page.keyboard.press("Tab")
        page.keyboard.type(SCORES[key])
    expect(page.locator('#sheet-view [data-field="hit_points"]')).to_have_text("15")
    page.locator("#sheet-save").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sheet-save-status")).to_contain_text("Saved Keyboard Kari")
    watch.assert_clean()


# -- keyboard alone: the gear page and the combat page ----------------------------------------

#: The focused element (or the label a hidden radio/checkbox draws as) shows a ring.
FOCUS = """sel => {
    const e = document.activeElement;
    if (!e || e === document.body) return [false, false, 'body'];
    const ringed = el => { if (!el) return false; const s = getComputedStyle(el);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'; };
    const label = e.matches('input[type=radio], input[type=checkbox]') ? (e.nextElementSibling || e.parentElement) : null;
    return [e.matches(sel), ringed(e) || ringed(label), e.id || e.tagName + ':' + e.textContent.trim().slice(0, 20)];
}"""


def tab_to(page, selector: str, *, limit: int = 400) -> None:
    """Presses Tab until ``selector`` has the focus; each stop on the way shows where the focus is."""
    unringed = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        here, ringed, name = page.evaluate(FOCUS, selector)
        if not ringed and name != "body":  # past the last control the focus leaves the page, then comes back
            unringed.append(name)
        if here:
            assert unringed == [], f"focus not visible on {unringed}"
            return
    raise AssertionError(f"Tab never reached {selector}")


def focused_id(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.id : ''")


def test_keyboard_alone_edits_the_gear_list(phone):
    # Intent: add an item, name it, pick its kind and type bonuses, work out the sheet with
    # Enter; remove an item with Space and keep the focus in the list; nothing clicked.
    context, watch = phone
    page = open_ready(context, "gear.html")
    tab_to(page, "#gear-add")
    page.keyboard.press("Enter")
    expect(page.locator("#gear-item-6-name")).to_be_focused()
    page.keyboard.type("spear")
    page.keyboard.press("Tab")
    expect(page.locator("#gear-item-6-kind")).to_be_focused()
    page.keyboard.press("Home")  # melee, the first kind
    expect(page.locator("#gear-item-6-kind")).to_have_value("melee")
    for value in ("4", "11", "9", "2", "1"):  # reach, power, heft, sharpness, attack
        page.keyboard.press("Tab")
        page.keyboard.type(value)
    page.keyboard.press("Enter")
    row = page.locator('#gear-sheet tr.gear-sheet-row[data-item="spear"]')
    expect(row).to_have_count(1)
    expect(page.locator('#gear-sheet tr.gear-list-row[data-item="spear"] td.gear-col-shp')).to_have_attribute("data-value", "2")
    tab_to(page, 'button[data-remove="3"]')  # the sling
    page.keyboard.press("Space")
    expect(page.locator("#gear-item-3")).to_have_count(0)
    expect(page.locator('#gear-sheet tr[data-item="sling"]')).to_have_count(0)
    expect(page.locator("#gear-item-4-name")).to_be_focused()
    watch.assert_clean()


def test_keyboard_alone_organizes_armour(phone):
    # Intent: the areas field reached by Tab, Enter organizes, Space puts the pieces in the list;
    # the focus stays on what the page says next.
    context, watch = phone
    page = open_ready(context, "gear.html")
    tab_to(page, "#gear-areas")
    page.keyboard.type("3: leather + chainmail; 2: chainmail; 1: leather")  # Tab selected what was there
    page.keyboard.press("Enter")
    expect(page.locator("#gear-organized .gear-piece")).to_have_count(3)
    tab_to(page, "#gear-use-pieces")
    page.keyboard.press("Space")
    expect(page.locator("#gear-used")).to_be_focused()
    expect(page.locator('#gear-items input[value="leather"]')).to_have_count(0)
    expect(page.locator("#gear-sheet tr.gear-sheet-row")).to_have_count(6)
    watch.assert_clean()


def test_keyboard_alone_resolves_a_block(phone):
    # Intent: success level and power typed, the defence by arrow keys, the defending item and
    # the attacking weapon chosen and typed, Enter resolves; Enter applies the damage.
    from pyengine.gear.blocking import Attack, resolve_block
    from pyengine.gear.example import ENTRIES
    from pyengine.gear.items import Item, ItemKind

    axe = Item(name="axe", kind=ItemKind.MELEE, toughness=6, absorb=3)
    expected = resolve_block(Attack(success_level=4, power=14, weapon=axe), [e.item for e in ENTRIES], "shield")
    context, watch = phone
    page = open_ready(context, "gear.html")
    tab_to(page, "#gear-sl")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    page.keyboard.type("14")
    page.keyboard.press("Tab")
    expect(page.locator("#gear-defence-failed")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#gear-defence-half")).to_be_checked()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#gear-defence-failed")).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.locator("#gear-defending")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#gear-defending")).to_have_value("shield")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # opens "The attacking weapon"
    for value in ("axe", "6", "3"):
        page.keyboard.press("Tab")
        page.keyboard.type(value)
    page.keyboard.press("Enter")
    card = page.locator("#gear-block .gear-block-result")
    expect(card).to_have_attribute("data-power-left", str(expected.power_left))
    expect(page.locator("#gear-block .gear-verdict")).to_have_text("Half blocked by shield and chainmail")
    tab_to(page, "#gear-apply")
    page.keyboard.press("Enter")
    expect(page.locator("#gear-applied")).to_be_focused()
    expect(page.locator("#gear-weapon-absorb")).to_have_value(str(expected.weapon.absorb))
    watch.assert_clean()


def combat_engine():
    from pyengine.cli.tables import load_tables
    from pyengine.runequest.combat.inputs import quick_attack, quick_defence, quick_parry

    tables = load_tables()
    attack = quick_attack(tables, "short_spear_1h", "55", "+1D4")
    defence = quick_defence(tables, "12", "2", "5", quick_parry(tables, "medium_shield", "40"))
    return attack, defence


def fill_combat_by_keyboard(page) -> None:
    """Both sides of the exchange, from the first field on, by Tab and typing alone."""
    tab_to(page, "#att-char")
    page.keyboard.press("Tab")
    expect(page.locator("#att-weapon")).to_be_focused()
    page.keyboard.type("short spear (1H")  # a select picks the option its typed text starts
    expect(page.locator("#att-weapon")).to_have_value("short_spear_1h")
    for value in ("55", "+1D4"):  # attack %, damage bonus
        page.keyboard.press("Tab")
        page.keyboard.type(value)
    page.keyboard.press("Tab")
    expect(page.locator("#def-char")).to_be_focused()
    for value in ("12", "2", "5"):  # hit points, armour, Defense
        page.keyboard.press("Tab")
        page.keyboard.type(value)
    page.keyboard.press("Tab")
    expect(page.locator("#def-parry")).to_be_focused()
    page.keyboard.type("medium shield")
    expect(page.locator("#def-parry")).to_have_value("medium_shield")
    page.keyboard.press("Tab")
    page.keyboard.type("40")


def test_keyboard_alone_resolves_an_exchange_with_app_dice(phone):
    # Intent: the form filled by Tab, a situation ticked with Space, the odds and the roll by Enter.
    context, watch = phone
    page = open_ready(context, "combat.html")
    fill_combat_by_keyboard(page)
    tab_to(page, "#sit-helpless")
    page.keyboard.press("Space")
    expect(page.locator("#sit-helpless")).to_be_checked()
    page.keyboard.press("Space")
    expect(page.locator("#sit-helpless")).not_to_be_checked()
    tab_to(page, "#cx-odds")
    page.keyboard.press("Enter")
    expect(page.locator("#cx-odds-out .cx-odds-table")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#cx-roll")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#cx-result .cx-result")).to_have_count(1)
    expect(page.locator("#cx-result .cx-fact-chance")).to_have_attribute("data-value", "50%")  # 55% less 5% Defense
    watch.assert_clean()


def test_keyboard_alone_types_each_roll_and_opens_the_link(phone):
    # Intent: Enter starts, the page asks for each roll in turn and keeps the focus on the roll
    # field; Enter uses each; the result is the engine's; the link opens by keyboard too.
    from pyengine.dice import ScriptedDice
    from pyengine.runequest.combat.exchange import next_roll, resolve_exchange

    rolls = [10, 71, 4, 3, 12]
    attack, defence = combat_engine()
    expected = resolve_exchange(attack, defence, dice=ScriptedDice(rolls), **combat_tables())
    context, watch = phone
    page = open_ready(context, "combat.html")
    fill_combat_by_keyboard(page)
    tab_to(page, "#cx-start")
    page.keyboard.press("Enter")
    for i, roll in enumerate(rolls):
        needed = next_roll(attack, defence, rolls[:i], **combat_tables())
        expect(page.locator("#cx-ask .cx-ask")).to_contain_text(needed.purpose)
        expect(page.locator("#cx-typed")).to_be_focused()
        page.keyboard.type(str(roll))
        page.keyboard.press("Enter")
    expect(page.locator("#cx-ask")).to_contain_text("Every roll is in")
    card = page.locator("#cx-result .cx-result")
    expect(card).to_have_attribute("data-outcome", expected.outcome)
    expect(card.locator(".cx-headline")).to_have_text(expected.headline)
    tab_to(page, "#cx-result details summary")
    page.keyboard.press("Enter")
    expect(page.locator("#cx-result details.working")).to_have_attribute("open", "")
    tab_to(page, "#cx-share")
    href = page.locator("#cx-share").get_attribute("href")
    page.evaluate("history.replaceState(null, '', '#')")  # so that following the link changes the page
    page.locator("#cx-result .cx-result").evaluate("e => e.remove()")
    page.keyboard.press("Enter")
    expect(page.locator("#cx-result .cx-result")).to_have_attribute("data-outcome", expected.outcome)
    assert page.url.endswith(href.removeprefix("./combat.html"))
    watch.assert_clean()


def test_keyboard_alone_runs_a_fight(phone):
    # Intent: fight mode by keyboard: two combatants typed in and added with Enter, a round
    # resolved with Enter, a blow's working opened, the round undone.
    context, watch = phone
    page = open_ready(context, "combat.html#fight")
    expect(page.locator("#fa-add")).to_be_enabled()
    for n, (name, side) in enumerate((("Aldo", "A"), ("Bera", "B")), start=1):
        tab_to(page, "#fa-name")
        page.keyboard.type(name)
        page.keyboard.press("Tab")
        expect(page.locator("#fa-side")).to_be_focused()
        page.keyboard.press("Control+A")
        page.keyboard.type(side)
        page.keyboard.press("Enter")
        expect(page.locator("#fc-list .fc-item")).to_have_count(n)
    tab_to(page, "#fd-roll")
    page.keyboard.press("Enter")
    expect(page.locator("#fl-out .fr-round")).to_have_count(1)
    expect(page.locator("#fd-round")).to_have_text("2")
    tab_to(page, "#fl-out .fr-event details summary")
    page.keyboard.press("Enter")
    expect(page.locator("#fl-out .fr-event details").first).to_have_attribute("open", "")
    tab_to(page, "#fd-undo")
    page.keyboard.press("Enter")
    expect(page.locator("#fd-round")).to_have_text("1")
    watch.assert_clean()
