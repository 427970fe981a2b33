"""The site's pages: which exist, their navigation bar, their content security policy, and
each page rendered from web/shell.html with its pre-rendered content."""

from __future__ import annotations

import hashlib
import html
import importlib
import string
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from builder.base import WEB
from builder.pins import Pins
from pyengine.cli import tables as table_files
from pyengine.runequest.tables.catalogue import TABLE_IDS
from pyengine.storage.keys import PAINT_PREFIX, REVISION


@dataclass(frozen=True)
class Page:
    """One page of the site: its file, title, glue module and start-page entry."""

    file: str
    title: str
    glue: str
    blurb: str = ""
    """What the start page says about this tool; empty for the start page itself."""
    tables: tuple[str, ...] = ()
    """The tables (ids under ``tables/``; ``"runequest"`` for the RuneQuest bundle) its glue
    fetches as it starts: the boot module fetches them while Pyodide starts (a browser test
    checks the list against the page)."""

    tables_when: str = ""
    """A storage key prefix: the page starts with :attr:`tables` only when the device holds a
    key under it (the start page decodes them only to show a party), and the boot module
    fetches them early only then."""
    slots: str = ""
    """The module whose ``prerender(source)`` fills the page's ``$slots`` (its controller's)."""
    nav: str = ""
    """Its name in the navigation bar every page carries (:func:`nav_bar`)."""
    modes: tuple[tuple[str, str, str], ...] = ()
    """Its other modes the start page lists after it, each ``(address, title, blurb)``
    (fight mode is ``combat.html#fight``)."""

    def table_ids(self) -> list[str]:
        """:attr:`tables` with the RuneQuest bundle spelled out."""
        return [t for name in self.tables for t in (TABLE_IDS if name == "runequest" else (name,))]


#: Page.tables: the RuneQuest tables the sheet decodes as one bundle (their ids are
#: ``pyengine.runequest.tables.catalogue.TABLE_IDS``, read when a page is rendered).
RUNEQUEST_TABLES = ("runequest",)
#: and the hit-location table besides, for the combat page.
COMBAT_TABLES = ("runequest", "runequest/hit_locations")
#: Page.tables_when of the start page: a party saved (pyengine.storage.keys.PARTY_PREFIX; a unit
#: test holds the two together).
PARTY_PREFIX = "strike-rank/party/"


#: The pages that exist. The start page links every one that has a blurb, and only those.
PAGES: tuple[Page, ...] = (
    Page("index.html", "Strike Rank", "app.index", tables=COMBAT_TABLES, tables_when=PARTY_PREFIX,
         slots="pyengine.pages.index", nav="Start"),
    Page(
        "shrapnel.html", "Ballistic Shrapnel critical", "app.shrapnel",
        "Grenades, shotgun spreads, automatic fire: d100 and severity read against the target's armour, area by area.",
        tables=("shrapnel/ballistic",), slots="pyengine.pages.shrapnel", nav="Shrapnel",
    ),
    Page(
        "sheet.html", "Adventurer sheet", "app.sheet",
        "RuneQuest characters: roll or type them, every derived number with its working; saved, printed, shared.",
        tables=RUNEQUEST_TABLES, slots="pyengine.pages.sheet", nav="Sheet",
    ),
    Page(
        "gear.html", "Equipment and armour", "app.gear",
        "What goes on your sheet for each weapon, and what your layered armour actually stops, step by step.",
        slots="pyengine.pages.gear", nav="Gear",
    ),
    Page(
        "combat.html", "Combat exchange", "app.combat",
        "RuneQuest: one attack against one defender, from Defense and the d100 to the wound, with exact odds and every step explained.",
        tables=COMBAT_TABLES, slots="pyengine.pages.combat", nav="Combat",
        modes=((
            "combat.html#fight", "Fight mode",
            "RuneQuest melee rounds for a whole fight: add the combatants (saved adventurers or quick stat "
            "blocks), state what each does, and every round is resolved in strike-rank order with its rolls and "
            "working; undo a round, the fight kept on this device as you go, the whole fight as one link.",
        ),),
    ),
    # The live table's player's page (issue 35): reached by the game master's join code, or from the start
    # page; not in the navigation bar (a player at a table needs it only then).
    Page(
        "player.html", "Join a table", "app.player",
        "At the game master's live table: scan his join code, then follow the fight on your own phone, state "
        "for your own fighters and roll your own dice, with no signal.",
        tables=COMBAT_TABLES,
    ),
)
#: The navigation bar's order: the start page, then the pages of an evening in the order they are used.
NAV_ORDER = ("index.html", "sheet.html", "combat.html", "shrapnel.html", "gear.html")


def tools_list() -> str:
    """The start page's list of the tools: every page with a blurb, and its other modes."""
    tools = [p for p in PAGES if p.blurb]
    if not tools:
        return ""
    ul = ET.Element("ul", {"class": "tools"})
    for address, title, blurb in [entry for page in tools for entry in ((page.file, page.title, page.blurb), *page.modes)]:
        li = ET.SubElement(ul, "li")
        a = ET.SubElement(li, "a", {"href": f"./{address}"})
        a.text = title
        p = ET.SubElement(li, "p")
        p.text = blurb
    return ET.tostring(ul, encoding="unicode", method="html")


def nav_bar(current: Page) -> str:
    """The navigation bar every page carries (web/shell.html's ``$nav``): plain links to every
    page in :data:`NAV_ORDER`, the page ``current`` marked ``aria-current="page"``. Built here,
    not by Python in the page, so it works before Python is up (and with Python failing)."""
    by_file = {page.file: page for page in PAGES}
    nav = ET.Element("nav", {"class": "pages", "aria-label": "Pages"})
    ul = ET.SubElement(nav, "ul")
    for file in NAV_ORDER:
        page = by_file[file]
        attrs = {"href": f"./{page.file}"}
        if page.file == current.file:
            attrs["aria-current"] = "page"
        a = ET.SubElement(ET.SubElement(ul, "li"), "a", attrs)
        a.text = page.nav
    return ET.tostring(nav, encoding="unicode", method="html")


#: The app's camera scanner (web/app/scan.py finds it by these ids), for a page's ``$scanner``: the start
#: page's "Scan a code" and the player's page's "Scan the join code" open the same box.
SCANNER_BOX = """<div id="scan-box" class="scanner" hidden>
<video id="scan-video" muted playsinline aria-label="What the camera sees"></video>
<p id="scan-status" role="status"></p>
<p id="scan-error" class="notice" role="alert" hidden></p>
<div class="actions">
<button type="button" id="scan-close">Close the scanner</button>
</div>
</div>"""


def prerendered(page: Page) -> dict[str, str]:
    """The static content a page shows before Python is up, made by the engine's renderers:
    its controller's ``prerender`` (``pyengine.pages.<page>``), reading the table files."""
    slots = {"tools": tools_list(), "scanner": SCANNER_BOX}
    if page.slots:
        slots.update(importlib.import_module(page.slots).prerender(table_files))
    return slots


#: The content security policy every page carries, as a ``<meta http-equiv>`` so
#: it holds on any static host, headers or not; docs/security.md says why each directive is as
#: it is and what was measured. Scripts come only from the site (no inline script, no eval: Pyodide
#: needs only ``'wasm-unsafe-eval'``); requests only to it; no plugins, no ``<base>``, no form
#: submissions, no frames. Directives a ``<meta>`` cannot carry (``frame-ancestors``,
#: ``report-uri``, ``sandbox``) are left out: browsers ignore them there.
CSP_DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'none'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("connect-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self'"),
    ("manifest-src", "'self'"),
    ("worker-src", "'self'"),
    ("media-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'none'"),
)
#: The policy as the ``content`` of the pages' ``<meta http-equiv="Content-Security-Policy">``.
CSP = "; ".join(f"{name} {sources}" for name, sources in CSP_DIRECTIVES)


def csp_meta() -> str:
    """The ``<meta>`` carrying :data:`CSP`; it comes right after ``<meta charset>``, before any
    script or stylesheet, because a policy in a ``<meta>`` governs only what follows it."""
    return f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'


def paint_script(page: Page, build: str) -> str:
    """The script that puts the page as it was left on the screen before Python is up
    (``web/static/paint.js``; ``pyengine.pages.paint``): the page's key for its kept paint, the records'
    revision key, and the build a paint must have been drawn by. Without a build, no script."""
    if not build:
        return ""
    key = html.escape(PAINT_PREFIX + page.file)
    return f'<script src="./paint.js" data-key="{key}" data-revision="{html.escape(REVISION)}" data-build="{html.escape(build)}"></script>'


def paint_build(wheel: bytes, page: Page) -> str:
    """What a kept paint must have been drawn by (``data-build``): the renderers (our wheel) and the page's
    own markup (web/shell.html and its page): either changed, an update, and no paint kept before it is shown."""
    digest = hashlib.sha256(wheel)
    for source in (WEB / "shell.html", WEB / "pages" / page.file):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def render_page(page: Page, pins: Pins, build: str = "") -> str:
    """The page as built; ``build`` (:func:`paint_build`) lets it show the page as it was left."""
    shell = string.Template((WEB / "shell.html").read_text(encoding="utf-8"))
    body = string.Template((WEB / "pages" / page.file).read_text(encoding="utf-8"))
    content = body.substitute(prerendered(page))
    return shell.substitute(
        csp=csp_meta(),
        title=page.title,
        nav=nav_bar(page),
        content=content,
        glue=page.glue,
        engine_version=pins.engine_version,
        tables=" ".join(f"./tables/{table}.msgpack" for table in page.table_ids()),
        tables_when=page.tables_when,
        paint=paint_script(page, build),
    )

