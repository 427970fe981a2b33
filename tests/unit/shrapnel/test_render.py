"""The shrapnel renderers: structure and hooks the page relies on, text equivalents, escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pyengine.errors import RulesError
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.render import LEGEND, render_legend, render_result, render_table
from pyengine.shrapnel.resolve import resolve
from pyengine.shrapnel.tables import ShrapnelTable
from pyengine.shrapnel.vocabulary import Area
from tests.unit.shrapnel.shrapnel_fixtures import one_row_table

GLYPHS = set("♦✹✳◷⇘☠⚒")  # and "—", which the prose uses as a dash too
VEST = ArmourPiece(name="vest", areas=(Area.CHEST, Area.ABDOMEN))


def parse(html: str) -> ET.Element:
    # The renderers write no void elements, so their HTML is also well-formed XML.
    return ET.fromstring(html)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def text_outside_tokens(el: ET.Element) -> str:
    """All text of ``el`` except inside ``.shr-tok`` elements (which carry their own words)."""
    if "shr-tok" in classes(el):
        return el.tail or ""
    inner = (el.text or "") + "".join(text_outside_tokens(child) for child in el)
    return inner + (el.tail or "")


def test_the_table_has_a_row_per_roll_range_and_a_cell_per_severity(table: ShrapnelTable) -> None:
    root = parse(render_table(table))
    assert root.tag == "table" and "shr-table" in classes(root)
    rows = root.findall("./tbody/tr")
    assert [tr.get("id") for tr in rows] == [f"shr-row-{row.rolls}" for row in table.rows]
    for tr, row in zip(rows, table.rows, strict=True):
        assert tr.find("th").get("scope") == "row"  # type: ignore[union-attr]
        assert "".join(tr.find("th").itertext()) == f"{row.rolls} {row.label}"  # type: ignore[union-attr]
        cells = tr.findall("td")
        assert [td.get("id") for td in cells] == [f"shr-cell-{row.rolls}-{s}" for s in "ABCDE"]
        assert [td.get("data-severity") for td in cells] == list("ABCDE")
        for td, severity in zip(cells, "ABCDE", strict=True):
            assert f"shr-sev-{severity}" in classes(td)
            assert td.find("p").text == row.cell(severity).prose  # type: ignore[union-attr, arg-type]
    assert not by_class(root, "shr-highlight")
    assert not [el for el in root.iter() if el.get("aria-current")]


@pytest.mark.parametrize("highlight", [(13, "C"), ("76-80", "C"), (13, "c")])
def test_the_highlighted_cell_is_marked_once(table: ShrapnelTable, highlight: tuple[object, str]) -> None:
    root = parse(render_table(table, highlight=highlight))  # type: ignore[arg-type]
    marked = by_class(root, "shr-highlight")
    assert [td.get("id") for td in marked] == ["shr-cell-76-80-C"]
    assert marked[0].get("aria-current") == "true"
    assert [el.get("id") for el in root.iter() if el.get("aria-current")] == ["shr-cell-76-80-C"]


def test_highlighting_does_not_change_the_rest_of_the_table(table: ShrapnelTable) -> None:
    plain = render_table(table)
    marked = render_table(table, highlight=(0, "A"))
    assert marked.replace(' shr-highlight" aria-current="true"', '"') == plain


@pytest.mark.parametrize("ref", [20, -1, "1-5", "x", 2.5, True])
def test_a_highlight_naming_no_row_is_refused(table: ShrapnelTable, ref: object) -> None:
    with pytest.raises(RulesError, match=r"^shrapnel table highlight: "):
        render_table(table, highlight=(ref, "A"))  # type: ignore[arg-type]


def test_every_glyph_has_words(table: ShrapnelTable) -> None:
    root = parse(render_table(table))
    tokens = by_class(root, "shr-tok")
    assert len(tokens) > 500
    for tok in tokens:
        assert tok.get("role") == "img"
        assert tok.get("aria-label") and tok.get("aria-label") == tok.get("title")
        assert not GLYPHS & set(tok.get("aria-label", ""))
    # No glyph anywhere except inside a token.
    assert not GLYPHS & set(text_outside_tokens(root))


def test_token_words_follow_the_legend(table: ShrapnelTable) -> None:
    # 76-80 C: "+20H2[-75]Chest: +12H, 20, (-25) / 4, -5Arms: +8H, (-25) / 2, -5".
    root = parse(render_table(table))
    td = next(el for el in root.iter() if el.get("id") == "shr-cell-76-80-C")
    words = [tok.get("aria-label") for tok in by_class(td, "shr-tok")]
    assert words[:5] == [
        "20 extra hits",
        "stunned 2 rounds at -75",
        "12 extra hits",
        "20 fatigue, rests back",
        "one breakage check at -25 per armour piece struck",
    ]
    assert "bleeding 4 hits per round" in words and "injury penalty -5 until healed" in words


def test_one_area_cells_show_covered_and_bare_labels(table: ShrapnelTable) -> None:
    root = parse(render_table(table))
    td = next(el for el in root.iter() if el.get("id") == "shr-cell-1-A")
    clause = by_class(td, "shr-clause")[0]
    assert [el.text for el in by_class(clause, "shr-label")] == ["covered:", "bare:"]
    # 1 A: the covered side's lone ⚒ (SHR-4), the bare side missing (SHR-3) -- "nothing beyond the base".
    assert [tok.get("aria-label") for tok in by_class(clause, "shr-tok")] == [
        "one breakage check per armour piece struck",
        "nothing beyond the base",
    ]


def test_the_legend_lists_every_glyph() -> None:
    root = parse(render_legend())
    assert [dt.text for dt in root.iter("dt")] == [glyph for glyph, _ in LEGEND]
    assert {"♦X", "X✹[-Y]", "N×✳", "◷X", "⇘", "☠", "⚒(-X)", "—"} <= {dt.text for dt in root.iter("dt")}


def test_the_result_card_for_the_worked_example(table: ShrapnelTable) -> None:
    result = resolve(table, 78, "C", [VEST])
    root = parse(render_result(result))
    assert root.tag == "article" and root.get("data-fate") == "none"
    assert by_class(root, "shr-prose")[0].text == result.prose
    totals = {
        next(c for c in classes(d) if c.startswith("shr-total-"))[10:]: d.find("dd").get("data-value")  # type: ignore[union-attr]
        for d in by_class(root, "shr-total")
    }
    # Worked by hand in test_resolve.py: 32 hits, ♦2, 2 rounds at -75, injury -5, fatigue 20.
    assert totals == {
        "hits": "32",
        "bleeding": "2",
        "stun": "2",
        "injury": "-5",
        "fatigue": "20",
        "staggered": "0",
        "prone": "no",
    }
    assert by_class(root, "shr-total-stun")[0].find("dd").get("data-penalty") == "-75"  # type: ignore[union-attr]
    # No stagger, no fall: those rows are hidden, not printed as "0" and "no".
    assert {next(c for c in classes(d) if c.startswith("shr-total-"))[10:] for d in by_class(root, "shr-total")
            if d.get("hidden") is not None} == {"staggered", "prone"}
    struck = by_class(root, "shr-struck-area")
    assert [(li.get("data-area"), li.get("data-side")) for li in struck] == [("chest", "covered"), ("arms", "bare")]
    assert by_class(struck[0], "shr-side-name")[0].text == "covered (vest)"
    checks = by_class(root, "shr-check")
    assert [(li.get("data-piece"), li.get("data-modifier")) for li in checks] == [("vest", "-25")]
    assert by_class(root, "shr-fate-none") and not by_class(root, "shr-bonus")
    working = root.find("details")
    assert working is not None and "shr-working" in classes(working)
    assert working.find("summary").text == "Working"  # type: ignore[union-attr]
    assert [li.text for li in working.iter("li")] == [step.text for step in result.working]


def test_the_result_card_shows_fate_reason_and_bonus(table: ShrapnelTable) -> None:
    dead = parse(render_result(resolve(table, 100, "E", [])))
    assert dead.get("data-fate") == "dead"
    assert by_class(dead, "shr-fate-word")[0].text == "Dead"
    assert by_class(dead, "shr-fate-reason")[0].text == "stated at the head of the cell"
    assert by_class(dead, "shr-bonus")[0].get("data-value") == "25"
    assert by_class(dead, "shr-checks-none")
    dying = parse(render_result(resolve(table, 98, "B", ["chest"])))
    assert by_class(dying, "shr-fate-reason")[0].text == "☠ (dying) on the bare side of Head, not covered"


def test_a_fall_the_text_states_is_shown_as_the_text_states_it(table: ShrapnelTable) -> None:
    """67-75 E: "Either way the leg folds and foe goes down." The card must not say "Prone: no":
    it shows the fall, in the text's words, and says the text states it (SHR-12)."""
    root = parse(render_result(resolve(table, 70, "E", [VEST])))
    prone = by_class(root, "shr-total-prone")[0]
    assert prone.get("hidden") is None
    assert prone.find("dd").get("data-value") == "yes"  # type: ignore[union-attr]
    assert "".join(prone.itertext()) == "Proneyes (the text says so)"
    assert by_class(root, "shr-stated")[0].text == (
        "Prone, as the text states it (no token carries it): “Either way the leg folds and foe goes down”"
    )


@pytest.mark.parametrize(("roll", "severity", "shown"), [
    (1, "D", {"hits", "stun"}),  # "+1H1[-50]covered: bare: +4H", bare: 5 hits, 1 round at -50
    (2, "A", {"hits"}),  # "+1Hcovered: bare: +2H"
    (66, "A", {"hits", "stun", "bleeding", "injury"}),
])
def test_only_the_rows_with_something_in_them_are_printed(table: ShrapnelTable, roll: int, severity: str,
                                                          shown: set[str]) -> None:
    root = parse(render_result(resolve(table, roll, severity, [])))
    printed = {next(c for c in classes(d) if c.startswith("shr-total-"))[10:] for d in by_class(root, "shr-total")
               if d.get("hidden") is None}
    assert printed == shown


def test_everything_from_a_file_or_a_link_is_escaped() -> None:
    nasty = one_row_table(["chest"], "+1H; covered: ⚒; bare: ♦1", "<script>alert(1)</script> & <b>co</b>")
    html = render_table(nasty, highlight=(0, "A"))
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;" in html
    piece = ArmourPiece(name='"><img src=x onerror=alert(1)>', areas=(Area.CHEST,))
    card = render_result(resolve(nasty, 1, "A", [piece]))
    assert "<script>" not in card and '"><img' not in card
    root = parse(card)
    assert {el.tag for el in root.iter()} <= {
        "article",
        "p",
        "span",
        "strong",
        "dl",
        "div",
        "dt",
        "dd",
        "ul",
        "li",
        "details",
        "summary",
        "ol",
    }
    assert by_class(root, "shr-check")[0].get("data-piece") == piece.name
    assert by_class(root, "shr-piece")[0].text == piece.name


@pytest.mark.parametrize("roll, severity", [(78, "D"), (78, "E")])
def test_a_cell_without_death_whose_prose_speaks_of_it_is_never_read_as_not_dying(table, capsys, roll, severity):
    # 76-80 D: "Where he is open, foe is drowning standing up, in open air."; E: "Unstopped, the
    # chest fills from the inside and there is no wound anyone could press." Neither carries ☠:
    # the result says the cell marks no ☠ — never a flat "not dying" beside such words (SHR-12).
    from pyengine.cli import main

    result = resolve(table, roll, severity)
    assert result.fate is None
    root = parse(render_result(result))
    said = "".join(by_class(root, "shr-fate")[0].itertext())
    assert "Not dying" not in said and said.startswith("No ☠ — the cell marks no ☠")
    assert all("neither dying nor dead" not in step.text for step in result.working)
    assert main(["shrapnel", str(roll), severity]) == 0
    out = capsys.readouterr().out
    assert "neither dying nor dead" not in out and "fate: no ☠ in this cell" in out
