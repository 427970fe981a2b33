"""The start page's dice form refuses bad values (pyengine.pages.index), in CPython, on the built
page's own fields: the message beside the field names it, the field is marked invalid, what was
typed stays, and nothing is rolled.

These are the start page's rows of the browser's bad-value table
(tests/browser/test_forms_and_keyboard.py), which keeps one row per field in the browser for the
wiring; every row is checked here, through the controller, as the page's glue joins them.
"""

from __future__ import annotations

import pytest

from pyengine.pages.index import StartPage, prerender
from pyengine.storage.store import MemoryStore
from tests.unit.pages.page_dom import Page

HUGE = "9" * 40

#: (field, value, what its message must name): the browser table's index.html rows.
BAD_VALUES = [
    ("dice-expr", "", "Dice to roll: empty"),
    ("dice-expr", "2D6+", "Dice to roll: '2D6+'"),
    ("dice-expr", "1000D6", "1000"),
    ("dice-expr", HUGE, "Dice to roll: 99999999"),
    ("dice-typed", "four", "Your own dice: 'four'"),
    ("dice-typed", HUGE, "D6"),
]


def start_page() -> tuple[Page, StartPage]:
    dom = Page.built("index.html", {"tools": "", **prerender(None)})
    return dom, StartPage(MemoryStore())


@pytest.mark.parametrize(("field", "value", "names"), BAD_VALUES,
                         ids=[f"{f}-{v[:8] or 'empty'}" for f, v, _ in BAD_VALUES])
def test_a_bad_value_gets_a_message_naming_the_field(field, value, names):
    # Browser: test_forms_and_keyboard.test_a_bad_value_gets_a_message_naming_the_field (index.html).
    dom, page = start_page()
    maxlength = dom[field].attrs.get("maxlength")
    typed = value[: int(maxlength)] if maxlength else value
    dom.fill(field, typed)
    update = page.on_roll(dom.values("dice-form"))
    dom.apply(update)
    assert dom.shown(f"{field}-error") and names in dom.error(field)
    assert dom.invalid(field)
    assert field not in update.values and dom.value(field) == typed
    assert dom.text("dice-result") == "" and "Traceback" not in dom.root.text()


def test_the_form_as_it_starts_rolls():
    # The rows above fail for their value alone: the same form, as built, rolls.
    dom, page = start_page()
    dom.fill("dice-typed", "3 4")
    dom.apply(page.on_roll(dom.values("dice-form")))
    assert dom.error("dice-expr") == "" and dom.error("dice-typed") == ""
    assert "roll-total" in str([n.attrs for n in dom["dice-result"].walk()])
