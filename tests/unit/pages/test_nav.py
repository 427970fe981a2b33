"""The navigation bar every page is built with (build.py's ``nav_bar`` into web/shell.html):
plain links to the five pages, in one order, the page you are on marked
``aria-current="page"`` — there before Python is up, because the build writes it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import builder.base
import builder.pages
import builder.pins

PINS = builder.pins.read_pins()
FIVE = ["index.html", "sheet.html", "combat.html", "shrapnel.html", "gear.html"]
LABELS = ["Start", "Sheet", "Combat", "Shrapnel", "Gear"]


class Nav(HTMLParser):
    """The ``nav.pages`` of a page: its label and each link (href, aria-current, text)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.navs: list[dict[str, str]] = []
        self.links: list[dict[str, str]] = []
        self._in_nav = 0
        self._link: dict[str, str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "nav" and "pages" in a.get("class", "").split():
            self.navs.append(a)
            self._in_nav += 1
        elif tag == "a" and self._in_nav:
            self._link = {**a, "text": ""}
            self.links.append(self._link)

    def handle_endtag(self, tag):
        if tag == "nav" and self._in_nav:
            self._in_nav -= 1
        elif tag == "a":
            self._link = None

    def handle_data(self, data):
        if self._link is not None:
            self._link["text"] += data


@pytest.fixture(scope="module")
def built() -> dict[str, str]:
    return {page.file: builder.pages.render_page(page, PINS) for page in builder.pages.PAGES}


def test_the_five_pages_and_the_players_page_are_the_sites_pages():
    # the player's page (issue 35) is reached by a join code or from the start page, not from the bar
    assert sorted([*FIVE, "player.html"]) == sorted(page.file for page in builder.pages.PAGES)


def test_the_players_page_carries_the_bar_with_no_page_marked(built):
    nav = Nav(built["player.html"])
    assert [link["href"] for link in nav.links] == [f"./{f}" for f in FIVE]
    assert not [link for link in nav.links if "aria-current" in link]


@pytest.mark.parametrize("file", FIVE)
def test_every_page_has_one_bar_linking_the_five_pages_in_one_order(built, file):
    nav = Nav(built[file])
    assert len(nav.navs) == 1, f"{file}: {len(nav.navs)} nav bars"
    assert nav.navs[0].get("aria-label") == "Pages"
    assert [link["href"] for link in nav.links] == [f"./{f}" for f in FIVE]
    assert [link["text"].strip() for link in nav.links] == LABELS


@pytest.mark.parametrize("file", FIVE)
def test_the_page_you_are_on_is_marked_and_no_other(built, file):
    nav = Nav(built[file])
    current = [link["href"] for link in nav.links if "aria-current" in link]
    assert current == [f"./{file}"]
    assert all(link["aria-current"] == "page" for link in nav.links if "aria-current" in link)


def test_the_bar_comes_before_the_content_so_it_is_reached_early_and_stays_in_view(built):
    # Right after the header: first in the tab order after the brand; the CSS keeps it in view
    # (a bar fixed at the bottom on phones, sticky at the top on wider screens).
    for file, html in built.items():
        header, nav, main = html.index("</header>"), html.index('<nav class="pages"'), html.index('<main id="main">')
        assert header < nav < main, file
        assert "<script" not in html[nav:main], file  # plain links: it needs no Python, no script


def test_the_stylesheet_keeps_the_bar_in_view_and_clear_of_the_page():
    css = (builder.base.ROOT / "web" / "static" / "style.css").read_text(encoding="utf-8")
    rule = re.search(r"\.pages \{([^}]*)\}", css).group(1)
    assert "position: fixed" in rule and "bottom: 0" in rule
    assert re.search(r"body \{[^}]*padding-bottom: calc\(var\(--nav-h\)", css)  # content ends above the bar
    assert re.search(r"\.engine-status \{[^}]*bottom: calc\(var\(--nav-h\)", css, re.S)  # the status sits above it


def test_the_start_page_describes_fight_mode_and_links_to_it(built):
    # Issue 16: "the start page never mentions fight mode". Its tool cards name it, say what it
    # does, and link straight to it (combat.html#fight opens fight mode).
    tools = re.search(r'<ul class="tools">.*?</ul>', built["index.html"], re.S).group(0)
    cards = re.findall(r'<li><a href="([^"]+)">([^<]+)</a><p>([^<]+)</p></li>', tools)
    by_title = {title: (href, blurb) for href, title, blurb in cards}
    href, blurb = by_title["Fight mode"]
    assert href == "./combat.html#fight"
    for words in ("melee rounds", "strike-rank order", "saved adventurers", "kept on this device", "link"):
        assert words in blurb
    assert [h for h, _, _ in cards].index("./combat.html#fight") == [h for h, _, _ in cards].index("./combat.html") + 1
    assert {h.split("#")[0] for h, _, _ in cards} == {f"./{f}" for f in [*FIVE, "player.html"] if f != "index.html"}
