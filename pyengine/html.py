"""Building HTML for renderers: ElementTree elements, so every text and attribute is escaped.

Renderers are pure functions from a result to an HTML string; the build calls them to
pre-render static pages, and the page glue calls them in the browser.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET



def el(tag: str, attrs: dict[str, str] | None = None, *children: ET.Element | str | None) -> ET.Element:
    """Makes an element; string children become text, ``None`` children are skipped.

    >>> to_html(el("p", {"class": "x"}, "a < b ", el("b", None, "bold")))
    '<p class="x">a &lt; b <b>bold</b></p>'
    """
    node = ET.Element(tag, attrs or {})
    last: ET.Element | None = None
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


def to_html(node: ET.Element) -> str:
    """Serialises an element as HTML (void elements without end tags)."""
    return ET.tostring(node, encoding="unicode", method="html")
