"""The "Share…" button in every share line (pyengine.pages.share_sheet), in CPython; the
share sheet itself is the browser's (tests/browser/test_share_sheet.py)."""

from __future__ import annotations

from pathlib import Path

from pyengine.html import to_html
from pyengine.pages.share_sheet import LABEL, share_sheet_button
from pyengine.pages.widgets import share_line

STYLE = Path(__file__).resolve().parents[3] / "web" / "static" / "style.css"


def test_the_button_names_the_link_and_its_summary():
    html = to_html(share_sheet_button("dice"))
    assert 'id="dice-share-sheet"' in html and 'data-share="dice-share"' in html
    assert 'data-summary="dice-summary"' in html
    assert f">{LABEL}</button>" in html and 'type="button"' in html


def test_every_share_line_offers_the_sheet_beside_copy_link_with_its_summary_as_text():
    html = share_line("sheet", "./sheet.html#1.abc", "Link to this adventurer")
    assert html.index('id="sheet-copy"') < html.index('id="sheet-share-sheet"') < html.index('id="sheet-share"')
    assert '<span id="sheet-summary"><strong>Adventurer sheet</strong></span>' in html
    named = share_line("dice", "./index.html#1.abc", "Link to this roll", summary="<b>2D6</b> rolled 9 & more")
    assert '<span id="dice-summary"><strong>Dice roll</strong>: &lt;b&gt;2D6&lt;/b&gt; rolled 9 &amp; more</span>' in named


def test_the_button_is_hidden_where_the_browser_has_no_share_sheet():
    assert "html:not(.can-share) .share-sheet { display: none; }" in STYLE.read_text(encoding="utf-8")


def test_no_id_a_share_line_makes_is_an_id_a_page_already_has():
    # The gear page's "Share…" button was once id="gear-sheet", the id of its sheet lines.
    import re

    from pyengine.pages.widgets import KIND_NAMES

    pages = Path(__file__).resolve().parents[3] / "web" / "pages"
    ids = {i for page in pages.glob("*.html") for i in re.findall(r'\bid="([^"$]+)"', page.read_text(encoding="utf-8"))}
    for prefix in KIND_NAMES:
        made = set(re.findall(r'\bid="([^"]+)"', share_line(prefix, "./x.html#1.a", "Link")))
        assert not made & ids, (prefix, made & ids)
