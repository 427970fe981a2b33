"""A page as the controllers' tests see it: the built page's HTML (its pre-rendered slots
filled as ``build.py`` fills them), read into elements by id, with what a browser keeps
beside the HTML (fields' values, ticks, ``disabled``, ``hidden``, ``open``, focus, the
address).

:meth:`Page.values` reads fields as ``web/app/dom.py``'s ``values`` does; :meth:`Page.apply`
writes an :class:`~pyengine.pages.view.Update` as ``dom.apply`` does — and fails where the
browser's would (an error for a field without its ``<id>-error`` note, an id not in the page),
so a controller test also holds the controller to the page's ids.
"""

from __future__ import annotations

import string
from html.parser import HTMLParser
from pathlib import Path

from builder.pages import SCANNER_BOX
from pyengine.html import VOID_ELEMENTS

ROOT = Path(__file__).resolve().parents[3]


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []
        self.value: str | None = None  # a field's live value, once typed or set
        self.checked: bool | None = None

    def walk(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    def field_value(self) -> str:
        if self.value is not None:
            return self.value
        if self.tag == "textarea":
            return self.text()
        if self.tag == "select":
            options = [n for n in self.walk() if n.tag == "option"]
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            return chosen[0].attrs.get("value", chosen[0].text()) if chosen else ""
        return self.attrs.get("value", "")

    def is_checked(self) -> bool:
        return self.checked if self.checked is not None else "checked" in self.attrs


class _Reader(HTMLParser):
    def __init__(self, root: Node) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID_ELEMENTS:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID_ELEMENTS:
            return
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse_into(node: Node, html: str) -> None:
    node.children = []
    reader = _Reader(node)
    reader.feed(html)
    reader.close()
    assert reader.stack == [node], "unclosed elements"


class Page:
    """One page, as a browser holds it."""

    def __init__(self, html: str) -> None:
        self.root = Node("main", {}, None)
        parse_into(self.root, html)
        self.address = ""
        self.focused = ""
        self.scrolled = ""
        self.downloads: list[tuple[str, str]] = []

    @classmethod
    def built(cls, file: str, slots: dict[str, str]) -> Page:
        """The page ``web/pages/<file>`` with its ``$slots`` filled (the scanner's box as the build fills it)."""
        template = string.Template((ROOT / "web" / "pages" / file).read_text(encoding="utf-8"))
        return cls(template.substitute({"scanner": SCANNER_BOX, **slots}))

    def find(self, ident: str) -> Node | None:
        return next((n for n in self.root.walk() if n.id == ident), None)

    def __getitem__(self, ident: str) -> Node:
        node = self.find(ident)
        assert node is not None, f"no element #{ident} in the page"
        return node

    def select(self, cls: str, under: str | None = None) -> list[Node]:
        """Elements with this class (under the element with id ``under``)."""
        root = self[under] if under else self.root
        return [n for n in root.walk() if cls in n.attrs.get("class", "").split()]

    # -- what the user does --------------------------------------------------------------

    def fill(self, ident: str, text: str) -> None:
        node = self[ident]
        assert node.tag in ("input", "textarea"), ident
        node.value = text

    def choose(self, ident: str, value: str) -> None:
        node = self[ident]
        assert node.tag == "select", ident
        assert value in [n.attrs.get("value") for n in node.walk() if n.tag == "option"], f"{ident} has no option {value!r}"
        node.value = value

    def tick(self, ident: str, on: bool = True) -> None:
        self[ident].checked = on

    def values(self, *roots: str) -> dict[str, str]:
        """What ``dom.values`` reads under these elements."""
        out: dict[str, str] = {}
        for root in roots:
            for field in self[root].walk():
                if field.tag not in ("input", "select", "textarea") or not field.id:
                    continue
                kind = field.attrs.get("type", "text") if field.tag == "input" else field.tag
                if kind in ("checkbox", "radio"):
                    out[field.id] = "1" if field.is_checked() else ""
                elif kind not in ("button", "submit", "reset", "file"):
                    out[field.id] = field.field_value()
        return out

    def value(self, ident: str) -> str:
        return self[ident].field_value()

    # -- what the page is told -------------------------------------------------------------

    def apply(self, update) -> None:
        """Writes an Update as ``dom.apply`` does."""
        for ident, html in update.html.items():
            node = self[ident]
            parse_into(node, html)
            node.value = None  # a select's choice is its new options' now
        for ident, html in update.replaced.items():
            if self.find(ident) is not None:
                node = self[ident]
                holder = Node("div", {}, None)
                parse_into(holder, html)
                siblings = node.parent.children
                at = siblings.index(node)
                for child in holder.children:
                    if isinstance(child, Node):
                        child.parent = node.parent
                siblings[at:at + 1] = holder.children
        for ident, text in update.values.items():
            if self.find(ident) is not None:
                self[ident].value = text
        for ident, ticked in update.checked.items():
            if self.find(ident) is not None:
                self[ident].checked = ticked
        for ident, text in update.text.items():
            if self.find(ident) is not None:
                self[ident].children = [text]
        for ident, message in update.errors.items():
            field, note = self[ident], self[f"{ident}-error"]
            if message:
                field.attrs["aria-invalid"] = "true"
                note.children = [message]
                note.attrs.pop("hidden", None)
            else:
                field.attrs.pop("aria-invalid", None)
                note.children = []
                note.attrs["hidden"] = ""
        for ident, message in update.notices.items():
            self._flag(self[ident], "hidden", not message)
            self[ident].children = [message] if message else []
        for attr, flags in (("disabled", update.disabled), ("hidden", update.hidden), ("open", update.opened)):
            for ident, on in flags.items():
                if self.find(ident) is not None:
                    self._flag(self[ident], attr, on)
        for ident, classes in update.classes.items():
            if self.find(ident) is not None:
                names = set(self[ident].attrs.get("class", "").split())
                for name, on in classes.items():
                    (names.add if on else names.discard)(name)
                self[ident].attrs["class"] = " ".join(sorted(names))
        for ident, attributes in update.attributes.items():
            if self.find(ident) is not None:
                for name, text in attributes.items():
                    if text is None:
                        self[ident].attrs.pop(name, None)
                    else:
                        self[ident].attrs[name] = text
        if update.address is not None:
            self.address = update.address
        if update.download is not None:
            self.downloads.append(update.download)
        if update.focus and self.find(update.focus) is not None:
            self.focused = update.focus
        if update.scroll:
            self.scrolled = update.scroll

    @staticmethod
    def _flag(node: Node, attr: str, on: bool) -> None:
        if on:
            node.attrs[attr] = ""
        else:
            node.attrs.pop(attr, None)

    # -- what the user sees ----------------------------------------------------------------

    def text(self, ident: str) -> str:
        return self[ident].text()

    def shown(self, ident: str) -> bool:
        """Not hidden itself (what ``to_be_visible`` needs of the element we look at)."""
        return "hidden" not in self[ident].attrs

    def error(self, ident: str) -> str:
        """The message beside a field ("" when none is shown)."""
        note = self[f"{ident}-error"]
        return "" if "hidden" in note.attrs else note.text()

    def invalid(self, ident: str) -> bool:
        return self[ident].attrs.get("aria-invalid") == "true"
