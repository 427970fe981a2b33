"""Page flows the browser tests share: typing an adventurer on the sheet page, opening fight
mode and adding combatants, filling the exchange's form, adding a spear and resolving a block
on the gear page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import open_ready
from tests.browser.examples import YSOLDE
from tests.worked_examples import THREE


def type_adventurer(page, name: str = "Ysolde", scores: dict[str, str] = YSOLDE) -> None:
    page.fill("#sheet-name", name)
    for key, value in scores.items():
        page.fill(f"#sheet-{key}", value)


def open_fight(context):
    page = open_ready(context, "combat.html#fight")
    expect(page.locator("#fight-mode")).to_be_visible()
    expect(page.locator("#fa-add")).to_be_enabled()
    return page


def fill_exchange(page) -> None:
    """The exchange's form: the worked example's spear against a shield."""
    page.select_option("#att-weapon", "short_spear_1h")
    page.fill("#att-chance", "55")
    page.fill("#att-bonus", "+1D4")
    page.fill("#def-hp", "12")
    page.fill("#def-armour", "2")
    page.fill("#def-defense", "5")
    page.select_option("#def-parry", "medium_shield")
    page.fill("#def-parry-chance", "40")


def add(page, who=THREE) -> None:
    before = page.locator("#fc-list .fc-item").count()
    for n, (name, side, w1, w2) in enumerate(who, start=before + 1):
        page.fill("#fa-name", name)
        page.fill("#fa-side", side)
        page.select_option("#fa-w1", w1)
        page.select_option("#fa-w2", w2)
        page.click("#fa-add")
        expect(page.locator("#fc-list .fc-item")).to_have_count(n)


def add_spear(page) -> None:
    page.click("#gear-add")
    card = page.locator("#gear-items .gear-item").last
    key = card.get_attribute("data-key")
    page.fill(f"#gear-item-{key}-name", "spear")
    page.select_option(f"#gear-item-{key}-kind", "melee")
    for field, value in (("reach", "4"), ("power", "11"), ("heft", "9"), ("sharpness", "2"), ("attack", "1"),
                         ("parry", "1"), ("toughness", "5"), ("skill", "3")):
        page.fill(f"#gear-item-{key}-{field}", value)


def resolve(page, sl: str, power: str, defending: str, weapon: bool = True) -> None:
    page.fill("#gear-sl", sl)
    page.fill("#gear-power", power)
    page.select_option("#gear-defending", defending)
    if weapon:
        if not page.locator("#gear-weapon-box").evaluate("d => d.open"):
            page.click("#gear-weapon-box summary")
        page.fill("#gear-weapon-name", "axe")
        page.fill("#gear-weapon-toughness", "6")
        page.fill("#gear-weapon-absorb", "3")
    page.click("#gear-resolve")


def open_row(page, k: int) -> None:
    """Fight mode's table: the ``k``-th row tapped open, his statement's form drawn in it (a row's form
    is drawn when it is first opened)."""
    # Whether it is open, not whether the form is there yet: the form is drawn after the tap, and a second
    # tap while it is being drawn would shut the row again.
    if not page.locator(f"#fd-{k}-more").evaluate("row => row.open"):
        page.click(f"#fd-{k} summary.fd-row")
    expect(page.locator(f"#fd-{k}-a0-do")).to_be_visible()


def open_rows(page) -> None:
    """Every row of fight mode's table that has a statement, opened."""
    for k in range(page.locator("#fd-list .fd-who").count()):
        if page.locator(f"#fd-{k} summary.fd-row").count():
            open_row(page, k)
