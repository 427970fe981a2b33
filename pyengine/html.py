"""Building HTML for renderers: elements whose every text and attribute is escaped when written.

Renderers are pure functions from a result to an HTML string; the build calls them to
pre-render static pages, and the page glue calls them in the browser.

:class:`Element` has the part of :mod:`xml.etree.ElementTree`'s element the renderers use
(``tag``, ``attrib``, ``text``, ``tail``, children, ``set``/``get``/``append``), and
:func:`to_html` and :func:`to_xml` write exactly what ``ElementTree.tostring`` writes with
``method="html"`` and with ``method="xml", short_empty_elements=False`` (a property test
holds them to it). It is ours because importing ElementTree, with the XML parser it
brings, cost every page about 40 ms of a first visit in the browser; nothing here parses.
"""

from __future__ import annotations

from collections.abc import Iterator

#: Elements HTML writes without an end tag (ElementTree's list).
VOID_ELEMENTS = frozenset(
    ("area", "base", "basefont", "br", "col", "embed", "frame", "hr", "img", "input",
     "isindex", "link", "meta", "param", "source", "track", "wbr")
)


class Element:
    """An element being built: its tag, attributes, text, children, and the text after it."""

    __slots__ = ("tag", "attrib", "text", "tail", "_children")

    def __init__(self, tag: str, attrib: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrib: dict[str, str] = dict(attrib) if attrib else {}
        self.text: str | None = None
        self.tail: str | None = None
        self._children: list[Element] = []

    def set(self, key: str, value: str) -> None:
        self.attrib[key] = value

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)

    def items(self):
        return self.attrib.items()

    def append(self, child: Element) -> None:
        self._children.append(child)

    def extend(self, children) -> None:
        self._children.extend(children)

    def insert(self, index: int, child: Element) -> None:
        self._children.insert(index, child)

    def __len__(self) -> int:
        return len(self._children)

    def __getitem__(self, index: int) -> Element:
        return self._children[index]

    def __iter__(self) -> Iterator[Element]:
        return iter(self._children)

    def __repr__(self) -> str:
        return f"<Element {self.tag!r} with {len(self._children)} children>"


class Markup(Element):
    """HTML one of our own renderers already wrote, put in a tree as it is.

    Only for renderer output, never for text a user typed (that goes in ``text``).
    """

    __slots__ = ("html",)

    def __init__(self, html: str) -> None:
        super().__init__("")
        self.html = html


def sub_element(parent: Element, tag: str, attrib: dict[str, str] | None = None) -> Element:
    """Makes an element and appends it to ``parent``."""
    child = Element(tag, attrib)
    parent.append(child)
    return child


def el(tag: str, attrs: dict[str, str] | None = None, *children: Element | str | None) -> Element:
    """Makes an element; string children become text, ``None`` children are skipped.

    >>> to_html(el("p", {"class": "x"}, "a < b ", el("b", None, "bold")))
    '<p class="x">a &lt; b <b>bold</b></p>'
    """
    node = Element(tag, attrs)
    last: Element | None = None
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            if last is None:
                node.text = (node.text or "") + child
            else:
                last.tail = (last.tail or "") + child
        else:
            node.append(child)
            last = child
    return node


def escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attribute_html(value: str) -> str:
    return value.replace("&", "&amp;").replace(">", "&gt;").replace('"', "&quot;")


def _escape_attribute_xml(value: str) -> str:
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return value.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")


def _write(node: Element, out: list[str], as_html: bool) -> None:
    """Writes ``node`` and its tail; HTML leaves script and style text as it is and void
    elements without end tags, XML escapes ``<`` in attributes too."""
    if isinstance(node, Markup):
        out.append(node.html)
    else:
        escape_attribute = _escape_attribute_html if as_html else _escape_attribute_xml
        out.append("<" + node.tag)
        for key, value in node.attrib.items():
            out.append(f' {key}="{escape_attribute(value)}"')
        out.append(">")
        tag = node.tag.lower()
        raw_text = as_html and tag in ("script", "style")
        if node.text:
            out.append(node.text if raw_text else escape_text(node.text))
        for child in node._children:
            _write(child, out, as_html)
        if not (as_html and tag in VOID_ELEMENTS):
            out.append(f"</{node.tag}>")
    if node.tail:
        out.append(escape_text(node.tail))


def to_html(node: Element) -> str:
    """Writes an element as HTML (void elements without end tags)."""
    out: list[str] = []
    _write(node, out, as_html=True)
    return "".join(out)


def to_xml(node: Element) -> str:
    """Writes an element as XML with no short empty tags: HTML that is also well-formed XML
    (it escapes ``<`` in attribute values too), for pages that tools parse."""
    out: list[str] = []
    _write(node, out, as_html=False)
    return "".join(out)


def options(choices, *, none: str | None = None, selected: str | None = None) -> str:
    """``<option>``s for a select: ``(value, label)`` each, a first empty choice labelled
    ``none`` if given, and ``selected`` marked."""
    parts = []
    if none is not None:
        parts.append(to_html(el("option", {"value": ""}, none)))
    for value, label in choices:
        attrs = {"value": str(value)}
        if selected is not None and str(value) == selected:
            attrs["selected"] = "selected"
        parts.append(to_html(el("option", attrs, label)))
    return "".join(parts)
