"""The gear page in a browser, as its controller (pyengine.pages.gear) sees it: :class:`Browser` holds
the fields as ``dom.values`` reads them and writes each :class:`~pyengine.pages.view.Update` as
``dom.apply`` would, reading the fields of HTML written into ``gear-items`` and ``gear-defending``
back from that HTML."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from pyengine.gear.example import EXAMPLE
from pyengine.pages.gear import GearPage, form_values, prerender
from pyengine.pages.view import Update
from pyengine.storage.store import MemoryStore


class Fields(HTMLParser):
    """The fields in a piece of HTML, as ``dom.values`` reads them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("id"):
            kind = a.get("type", "text")
            self.values[a["id"]] = ("1" if "checked" in a else "") if kind in ("checkbox", "radio") else a.get("value", "")
        elif tag == "select":
            self._select, self._options = a.get("id"), []
        elif tag == "option":
            self._options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            chosen = [v for v, selected in self._options if selected] or [v for v, _ in self._options[:1]]
            self.values[self._select] = chosen[0] if chosen else ""
            self._select = None


def options(text: str) -> tuple[list[str], str]:
    """A select's options' values and the one chosen, from the options' HTML."""
    found = Fields(f'<select id="s">{text}</select>')
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)"', text)], found.values["s"]


class Browser:
    """The gear page in a browser, as the controller sees it."""

    def __init__(self, store: MemoryStore | None = None, fields: dict[str, str] | None = None) -> None:
        self.store = MemoryStore() if store is None else store
        self.page = GearPage(self.store)
        self.fields = dict(form_values(EXAMPLE) if fields is None else fields)
        self.html = {"gear-items": prerender(None)["items"]}
        self.errors: dict[str, str] = {}
        self.notices: dict[str, str] = {}
        self.text: dict[str, str] = {}
        self.opened: dict[str, bool] = {}
        self.focus = ""
        self.address: str | None = None
        self.download: tuple[str, str] | None = None

    def do(self, action: str, *args: object, **options: object) -> Update:
        update = getattr(self.page, action)(*args, dict(self.fields), **options)
        self.apply(update)
        self.last = update
        return update

    def apply(self, update: Update) -> None:
        for region, text in update.html.items():
            self.html[region] = text
            if region == "gear-items":
                self.fields = {k: v for k, v in self.fields.items() if not k.startswith("gear-item-")} | Fields(text).values
            elif region == "gear-defending":
                self.fields[region] = options(text)[1]
        self.fields |= update.values
        for ident, ticked in update.checked.items():
            if ident.startswith("gear-defence-") and ticked:
                self.fields |= {k: "" for k in self.fields if k.startswith("gear-defence-")} | {"gear-defence": ident[13:]}
            self.fields[ident] = "1" if ticked else ""
        for ident, message in update.errors.items():
            assert ident in self.fields or ident in ("gear-defence", "gear-import"), f"no field {ident!r} on the page"
            self.errors[ident] = message
        self.errors = {k: v for k, v in self.errors.items() if v}
        self.notices = {k: v for k, v in (self.notices | update.notices).items() if v}
        self.text |= update.text
        self.opened |= update.opened
        self.focus = update.focus or self.focus
        self.address = update.address or self.address
        self.download = update.download or self.download

    def type(self, **typed: str) -> None:
        self.fields |= {ident.replace("_", "-").replace("gear-char-hand-to-hand", "gear-char-hand_to_hand"): v for ident, v in typed.items()}

    def keys(self) -> list[str]:
        return [m.group(1) for k in self.fields if (m := re.match(r"gear-item-(\d+)-name$", k))]

    def names(self) -> list[str]:
        return [self.fields[f"gear-item-{k}-name"] for k in self.keys()]

    def cell(self, region: str, row: str, item: str, key: str) -> tuple[str, str]:
        """A cell's data-value and class: ``row`` is ``sheet`` or ``list``."""
        tr = re.search(rf'<tr class="gear-{row}-row" data-item="{re.escape(html.escape(item))}">(.*?)</tr>', self.html[region])
        assert tr, (row, item)
        td = re.search(rf'<td class="(gear-col-{key}[^"]*)" data-value="([^"]*)"', tr.group(1))
        assert td, key
        return td.group(2), td.group(1)

    def share(self) -> str:
        found = re.search(r'<a id="gear-share" href="([^"]*)"', self.html["gear-share-box"])
        assert found
        return html.unescape(found.group(1))


def add_spear(browser: Browser) -> str:
    browser.do("on_add")
    key = browser.keys()[-1]
    browser.fields[f"gear-item-{key}-name"] = "spear"
    browser.fields[f"gear-item-{key}-kind"] = "melee"
    for field, value in (("reach", "4"), ("power", "11"), ("heft", "9"), ("sharpness", "2"), ("attack", "1"),
                         ("parry", "1"), ("toughness", "5"), ("skill", "3")):
        browser.fields[f"gear-item-{key}-{field}"] = value
    return key
