"""pyengine.html writes exactly what ElementTree writes for the same tree, so swapping
ElementTree out (it cost every page ~40 ms of a first visit) changed no page by a byte."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.html import VOID_ELEMENTS, Element, Markup, el, sub_element, to_html, to_xml

TAGS = st.sampled_from(["p", "span", "td", "br", "input", "script", "style", "DIV", "img", "details"])
#: Text with everything an escaper must get right: markup, quotes, entities, white space, non-ASCII.
TEXT = st.text(alphabet=st.sampled_from(list("ab <>&\"'\n\r\t;#é—☠")), max_size=8)
NAMES = st.sampled_from(["class", "id", "data-x", "title", "href"])


@st.composite
def trees(draw, depth: int = 3):
    tag = draw(TAGS)
    attrib = draw(st.dictionaries(NAMES, TEXT, max_size=3))
    text = draw(st.one_of(st.none(), TEXT))
    tail = draw(st.one_of(st.none(), TEXT))
    children = draw(st.lists(trees(depth - 1), max_size=3)) if depth else []
    return tag, attrib, text, tail, children


def build(spec, make, add):
    tag, attrib, text, tail, children = spec
    node = make(tag, attrib)
    node.text, node.tail = text, tail
    for child in children:
        add(node, build(child, make, add))
    return node


@settings(max_examples=400)
@given(trees())
def test_html_and_xml_are_what_elementtree_writes(spec):
    ours = build(spec, Element, lambda parent, child: parent.append(child))
    theirs = build(spec, ET.Element, lambda parent, child: parent.append(child))
    assert to_html(ours) == ET.tostring(theirs, encoding="unicode", method="html")
    assert to_xml(ours) == ET.tostring(theirs, encoding="unicode", method="xml", short_empty_elements=False)


def test_text_and_attributes_typed_by_a_user_are_escaped():
    name = '<script>alert("x")</script> & co'
    html = to_html(el("p", {"title": name}, name))
    assert "<script>" not in html
    assert html == (
        '<p title="<script&gt;alert(&quot;x&quot;)</script&gt; &amp; co">'
        "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; co</p>"
    )
    # The XML form escapes "<" in attributes too, so it parses as XML.
    assert ET.fromstring(to_xml(el("p", {"title": name}, name))).get("title") == name


def test_void_elements_have_no_end_tag_and_others_always_do():
    assert to_html(el("p", None, el("br"), "x", el("input", {"value": "1"}))) == '<p><br>x<input value="1"></p>'
    assert to_html(el("span")) == "<span></span>"
    assert to_xml(el("br")) == "<br></br>"
    assert "br" in VOID_ELEMENTS and "span" not in VOID_ELEMENTS


def test_markup_from_our_renderers_goes_in_as_it_is_with_its_tail_escaped():
    inner = to_html(el("b", None, "a < b"))
    node = el("div", None, Markup(inner), " & after")
    assert to_html(node) == "<div><b>a &lt; b</b> &amp; after</div>"


def test_element_behaves_like_the_parts_of_elementtree_the_renderers_use():
    root = Element("ul", {"class": "x"})
    first = sub_element(root, "li", {"id": "1"})
    root.extend([Element("li"), Element("li")])
    root.insert(0, Element("lh"))
    root.set("data-n", "4")
    assert len(root) == 4 and root[1] is first and [c.tag for c in root] == ["lh", "li", "li", "li"]
    assert root.get("data-n") == "4" and root.get("missing", "d") == "d"
    assert dict(root.items()) == {"class": "x", "data-n": "4"}
