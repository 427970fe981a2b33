"""The shrapnel table and a resolved result as HTML strings (pure; no DOM).

The same functions run at build time (the full table is pre-rendered into the
static page) and in the browser. Markup is built with :mod:`pyengine.html`,
so every text and attribute value is escaped. Every glyph carries its meaning
twice: as a tooltip (``<abbr title>``) and as visually hidden text (class
``shr-vh``) for screen readers; the glyph itself is ``aria-hidden``.

Stable hooks for CSS and tests (all prefixed ``shr-``):

* table: ``table.shr-table``; rows ``tr.shr-row#shr-row-<rolls>``; row heads
  ``th.shr-rowhead``; cells ``td.shr-cell.shr-sev-<S>#shr-cell-<rolls>-<S>``
  with ``data-rolls``, ``data-severity``, ``data-label``; the highlighted cell
  adds ``shr-highlight`` and ``aria-current="true"``.
* inside a cell or result: ``.shr-prose``, ``.shr-base``, ``.shr-clause``,
  ``.shr-side-covered`` / ``.shr-side-bare``, tokens ``.shr-tok.shr-tok-<kind>``.
* result card: ``article.shr-result``, ``.shr-fate-<dying|dead|none>``,
  ``dl.shr-totals`` of ``div.shr-total.shr-total-<key>`` (value in ``dd[data-value]``;
  a row with nothing in it -- 0, or no fall -- is ``hidden``; a fall only the prose
  states says so, and ``p.shr-stated`` under the totals quotes it, SHR-12),
  ``ul.shr-struck``, ``ul.shr-checks``, ``.shr-bonus``, ``details.shr-working``.
"""

from __future__ import annotations

import functools

from pyengine.errors import RulesError
from pyengine.html import Element, sub_element, to_xml
from pyengine.shrapnel.armour import ArmourPiece
from pyengine.shrapnel.inputs import format_pieces
from pyengine.shrapnel.notation import (
    Bleeding,
    Breakage,
    Dying,
    Effects,
    Fatigue,
    Hits,
    Injury,
    Prone,
    Staggered,
    Stun,
    Token,
    format_token,
)
from pyengine.shrapnel.resolve import ShrapnelResult
from pyengine.shrapnel.tables import ShrapnelRow, ShrapnelTable
from pyengine.shrapnel.vocabulary import Severity, parse_severity

NOTHING_TEXT = "nothing beyond the base"

#: Each glyph, what it means in general (for a legend), in the legend's order.
LEGEND: tuple[tuple[str, str], ...] = (
    ("+XH", "additional hits"),
    ("♦X", "bleeding, X hits per round until healed"),
    ("X✹[-Y]", "stunned X rounds at penalty -Y"),
    ("N×✳", "staggered, loses N AP (1 if unnumbered)"),
    ("-X", "injury penalty until healed"),
    ("◷X", "X fatigue: the wind driven out of a plate-covered torso; it rests back, unlike an injury"),
    ("⇘", "knocked prone"),
    ("☠", "on a bare side: dying unless armour covers that area"),
    ("⚒(-X)", "each armour piece struck makes one breakage check, at -X if given"),
    ("—", NOTHING_TEXT),
)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def describe_token(token: Token) -> str:
    """The words for one token: ``♦2`` -> ``"bleeding 2 hits per round"``."""
    if isinstance(token, Hits):
        return _plural(token.hits, "extra hit", "extra hits")
    if isinstance(token, Bleeding):
        return f"bleeding {_plural(token.per_round, 'hit', 'hits')} per round"
    if isinstance(token, Stun):
        rounds = _plural(token.rounds, "round", "rounds")
        return f"stunned {rounds} at {token.penalty}" if token.penalty else f"stunned {rounds}"
    if isinstance(token, Staggered):
        return f"staggered, loses {token.ap} AP"
    if isinstance(token, Injury):
        return f"injury penalty {token.penalty} until healed"
    if isinstance(token, Fatigue):
        return f"{token.points} fatigue, rests back"
    if isinstance(token, Prone):
        return "knocked prone"
    if isinstance(token, Dying):
        return "dying unless this area is covered"
    if isinstance(token, Breakage):
        at = f" at {token.modifier}" if token.modifier else ""
        return f"one breakage check{at} per armour piece struck"
    raise TypeError(f"not a shrapnel token: {token!r}")


_KIND = {
    Hits: "hits",
    Bleeding: "bleeding",
    Stun: "stun",
    Staggered: "staggered",
    Injury: "injury",
    Fatigue: "fatigue",
    Prone: "prone",
    Dying: "dying",
    Breakage: "breakage",
}


# -- building blocks -----------------------------------------------------------


def _el(
    parent: Element | None, tag: str, text: str | None = None, cls: str | None = None, **attrs: str
) -> Element:
    attrib = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
    if cls:
        attrib = {"class": cls, **attrib}
    el = Element(tag, attrib) if parent is None else sub_element(parent, tag, attrib)
    if text is not None:
        el.text = text
    return el


def _text(parent: Element, text: str) -> None:
    """Appends text after the parent's last child (or as its text)."""
    if len(parent):
        last = parent[len(parent) - 1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _glyph(parent: Element, kind: str, shown: str, meaning: str) -> None:
    # One element per token: the glyph is shown, the words are its accessible
    # name (role="img" + aria-label, read instead of the glyph) and its tooltip.
    _el(parent, "span", shown, cls=f"shr-tok shr-tok-{kind}", role="img", aria_label=meaning, title=meaning)


def _effects(parent: Element, effects: Effects) -> None:
    if not effects:
        _glyph(parent, "none", "—", NOTHING_TEXT)
        return
    for i, token in enumerate(effects):
        if i:
            _text(parent, ", ")
        _glyph(parent, _KIND[type(token)], format_token(token), describe_token(token))


def _side(parent: Element, side: str, effects: Effects, *, visible_label: bool) -> None:
    span = _el(parent, "span", cls=f"shr-side shr-side-{side}")
    if visible_label:
        _el(span, "span", f"{side}:", cls="shr-label")
        _text(span, " ")
    else:
        _el(span, "span", f"{side}: ", cls="shr-vh")
    _effects(span, effects)


def _to_html(root: Element) -> str:
    # XML serialisation without short empty tags is valid HTML too, and it escapes
    # "<" inside attribute values (the "html" method leaves it), so the output is
    # also well-formed XML that tests and tools can parse.
    return to_xml(root)


def _cell_effects(parent: Element, row: ShrapnelRow, severity: Severity) -> None:
    notation = row.cell(severity).notation
    ul = _el(parent, "ul", cls="shr-effects")
    base = _el(ul, "li", cls="shr-base")
    _el(base, "span", "Always:", cls="shr-label")
    _text(base, " ")
    _effects(base, notation.base)
    for clause in notation.clauses:
        area = clause.area or row.areas[0]
        li = _el(ul, "li", cls=f"shr-clause shr-area-{area.value}")
        if clause.area is None:
            _side(li, "covered", clause.covered, visible_label=True)
            _text(li, " ")
            _side(li, "bare", clause.bare, visible_label=True)
        else:
            _el(li, "span", f"{area.label}:", cls="shr-area-name")
            _text(li, " ")
            _side(li, "covered", clause.covered, visible_label=False)
            _text(li, " / ")
            _side(li, "bare", clause.bare, visible_label=False)


# -- the table -----------------------------------------------------------------


def _highlight_index(table: ShrapnelTable, ref: int | str) -> int:
    if isinstance(ref, bool) or not isinstance(ref, (int, str)):
        raise RulesError(f"shrapnel table highlight: {ref!r} is not a row index or a roll range")
    if isinstance(ref, int):
        if not 0 <= ref < len(table.rows):
            raise RulesError(f"shrapnel table highlight: no row {ref!r} (rows 0-{len(table.rows) - 1})")
        return ref
    for index, row in enumerate(table.rows):
        if row.rolls == ref.strip():
            return index
    raise RulesError(f"shrapnel table highlight: no row {ref!r} (give the roll range as printed, e.g. 26-35)")


def render_legend() -> str:
    """The glyphs and their meanings, as ``dl.shr-legend`` (for new players and print)."""
    dl = _el(None, "dl", cls="shr-legend")
    for glyph, meaning in LEGEND:
        item = _el(dl, "div", cls="shr-legend-item")
        _el(item, "dt", glyph)
        _el(item, "dd", meaning)
    return _to_html(dl)


def render_table(table: ShrapnelTable, *, highlight: tuple[int | str, Severity | str] | None = None) -> str:
    """The full table as ``table.shr-table``: a row per roll range, a cell per severity.

    ``highlight`` marks one cell: ``(row index or roll range as printed, severity)``,
    e.g. ``(7, "C")`` or ``("26-35", "C")``. The unmarked table is built once per
    table and kept; marking a cell then costs a string replacement.

    :raises RulesError: the highlight names no row; NotationError for an unknown severity.
    """
    html = _table_html(table)
    if highlight is None:
        return html
    row = table.rows[_highlight_index(table, highlight[0])]
    severity = parse_severity(highlight[1])
    opening = f'<td id="shr-cell-{row.rolls}-{severity}" class="{_cell_classes(row, severity)}'
    marked = f'{opening} shr-highlight" aria-current="true"'
    opening += '"'
    if html.count(opening) != 1:  # pragma: no cover - the table below always writes it once
        raise RulesError(f"shrapnel table highlight: cell {row.rolls} {severity} not found once")
    return html.replace(opening, marked)


def _cell_classes(row: ShrapnelRow, severity: Severity) -> str:
    fate = row.cell(severity).fate
    return f"shr-cell shr-sev-{severity}" + (f" shr-cell-{fate}" if fate else "")


@functools.lru_cache(maxsize=4)
def _table_html(table: ShrapnelTable) -> str:
    root = _el(None, "table", cls="shr-table")
    _el(
        root,
        "caption",
        "Ballistic Shrapnel critical: roll d100 (not open-ended), read the severity's column",
        cls="shr-caption",
    )
    head = _el(_el(root, "thead"), "tr")
    _el(head, "th", "Roll", cls="shr-col-roll", scope="col")
    for severity in Severity:
        _el(head, "th", severity.value, cls=f"shr-col-sev shr-sev-{severity}", scope="col")
    body = _el(root, "tbody")
    for index, row in enumerate(table.rows):
        tr = _el(body, "tr", cls="shr-row", id=f"shr-row-{row.rolls}", data_rolls=row.rolls, data_row=str(index))
        th = _el(tr, "th", cls="shr-rowhead", scope="row")
        _el(th, "span", row.rolls, cls="shr-rolls")
        _text(th, " ")
        _el(th, "span", row.label, cls="shr-areas")
        for severity in Severity:
            # id first, then class: render_table marks a cell by its opening tag.
            td = sub_element(
                tr, "td", {"id": f"shr-cell-{row.rolls}-{severity}", "class": _cell_classes(row, severity)}
            )
            td.set("data-rolls", row.rolls)
            td.set("data-severity", severity.value)
            td.set("data-label", f"{row.rolls} {severity}")
            _el(td, "p", row.cell(severity).prose, cls="shr-prose")
            _cell_effects(td, row, severity)
    return _to_html(root)


# -- the result card -----------------------------------------------------------


def _total(dl: Element, key: str, label: str, value: str, unit: str = "", *, shown: bool = True, **data: str) -> Element:
    # A row with nothing in it (no stagger, no fall) is hidden, not printed as "0" or "no";
    # it stays in the card, hidden, so its value is still there for tools and tests.
    item = _el(dl, "div", cls=f"shr-total shr-total-{key}")
    if not shown:
        item.set("hidden", "hidden")
    _el(item, "dt", label)
    dd = _el(item, "dd", value, cls="shr-total-value", data_value=value, **data)
    if unit:
        _el(dd, "span", unit, cls="shr-unit")
    return dd


def _totals(parent: Element, result: ShrapnelResult) -> None:
    totals = result.totals
    dl = _el(parent, "dl", cls="shr-totals")
    _total(dl, "hits", "Hits", str(totals.hits))
    _total(dl, "bleeding", "Bleeding", str(totals.bleeding), " per round", shown=bool(totals.bleeding))
    stun_unit = f" {'round' if totals.stun_rounds == 1 else 'rounds'}"
    if totals.stun_rounds and totals.stun_penalty:
        stun_unit += f" at {totals.stun_penalty}"
    _total(dl, "stun", "Stun", str(totals.stun_rounds), stun_unit, shown=bool(totals.stun_rounds),
           data_penalty=str(totals.stun_penalty))
    _total(dl, "injury", "Injury", str(totals.injury), " until healed", shown=bool(totals.injury))
    _total(dl, "fatigue", "Fatigue", str(totals.fatigue), " (rests back)", shown=bool(totals.fatigue))
    _total(dl, "staggered", "Staggered", str(totals.staggered), " AP", shown=bool(totals.staggered))
    falls = [e for e in result.stated if e.effect == "prone"]
    by_text = bool(falls) and not totals.prone  # SHR-12: the text states it, no ⇘ does
    _total(dl, "prone", "Prone", "yes" if result.prone else "no", " (the text says so)" if by_text else "",
           shown=result.prone)
    if by_text:
        words = "; ".join(f"“{e.words}”" for e in falls)
        _el(parent, "p", f"Prone, as the text states it (no token carries it): {words}", cls="shr-stated")


def render_result(result: ShrapnelResult, *, target: str = "") -> str:
    """The result card as ``article.shr-result``: who it struck (``target``, ``.shr-target``,
    when named), prose, fate and why, totals in large type, each area struck with the side
    read, breakage checks per piece, the attacker's bonus, and a collapsible list of the working.
    """
    fate = result.fate.value if result.fate else "none"
    root = _el(
        None,
        "article",
        cls="shr-result",
        data_rolls=result.rolls,
        data_severity=result.severity.value,
        data_roll=str(result.roll),
        data_fate=fate,
    )
    title = _el(root, "p", cls="shr-result-title")
    _el(title, "span", f"Roll {result.roll}", cls="shr-result-roll")
    _text(title, " · ")
    _el(title, "span", f"Severity {result.severity}", cls="shr-result-sev")
    _text(title, " · ")
    _el(title, "span", result.label, cls="shr-areas")
    if target:
        _el(root, "p", f"Target: {target}", cls="shr-target")

    _el(root, "p", result.prose, cls="shr-prose")

    verdict = _el(root, "p", cls=f"shr-fate shr-fate-{fate}")
    _el(verdict, "strong", {"dying": "Dying", "dead": "Dead", "none": "No ☠"}[fate], cls="shr-fate-word")
    reason = result.fate_reason
    if reason is None and fate == "none":  # SHR-12: what the tokens mark, never a flat "not dying"
        reason = "the cell marks no ☠; what its words tell beyond the tokens is in the text above"
    if reason:
        _text(verdict, " — ")
        _el(verdict, "span", reason, cls="shr-fate-reason")

    _totals(root, result)

    base = _el(root, "p", cls="shr-base")
    _el(base, "span", "Always:", cls="shr-label")
    _text(base, " ")
    _effects(base, result.base)

    struck = _el(root, "ul", cls="shr-struck", aria_label="Areas struck")
    for area in result.struck:
        li = _el(
            struck,
            "li",
            cls=f"shr-struck-area shr-area-{area.area.value} shr-side-{area.side}",
            data_area=area.area.value,
            data_side=area.side.value,
        )
        _el(li, "span", area.area.label, cls="shr-area-name")
        _text(li, " ")
        side = f"{area.side} ({', '.join(area.pieces)})" if area.pieces else str(area.side)
        _el(li, "span", side, cls="shr-side-name")
        _text(li, ": ")
        _effects(li, area.effects)

    if result.breakage_checks:
        checks = _el(root, "ul", cls="shr-checks", aria_label="Breakage checks")
        for check in result.breakage_checks:
            li = _el(checks, "li", cls="shr-check", data_piece=check.piece, data_modifier=str(check.modifier))
            _el(li, "span", check.piece, cls="shr-piece")
            at = f" at {check.modifier}" if check.modifier else ""
            where = ", ".join(a.label for a in check.areas)
            _text(li, f": one breakage check{at} (struck in {where})")
    else:
        _el(root, "p", "No breakage checks", cls="shr-checks shr-checks-none")

    if result.attacker_bonus:
        _el(
            root,
            "p",
            f"Attacker: your next action this round takes +{result.attacker_bonus}",
            cls="shr-bonus",
            data_value=str(result.attacker_bonus),
        )

    working = _el(root, "details", cls="shr-working")
    _el(working, "summary", "Working")
    steps = _el(working, "ol")
    for step in result.working:
        _el(steps, "li", step.text)
    return _to_html(root)


def cell_id(result: ShrapnelResult) -> str:
    """The id of the table's cell a result was read from: ``shr-cell-76-80-C``."""
    return f"shr-cell-{result.rolls}-{result.severity}"


def find_button(result: ShrapnelResult) -> Element:
    """The "See it in the table" button under a result (``#shr-find``, ``data-cell`` its cell's id)."""
    return _el(None, "button", "See it in the table", type="button", id="shr-find", data_cell=cell_id(result))


def recent_label(result: ShrapnelResult, target: str = "") -> str:
    """A result in a list of recent ones: ``50 C · Arms + Chest · 21 hits — dying`` (``… · Vasana``
    with a target)."""
    fate = f" — {result.fate}" if result.fate else ""
    who = f" · {target}" if target else ""
    return f"{result.roll} {result.severity} · {result.label} · {result.totals.hits} hits{fate}{who}"


def render_presets(presets: dict[str, tuple[str, tuple[ArmourPiece, ...]]]) -> str:
    """The armour preset buttons (``button[data-preset]``), each saying what it covers."""
    group = _el(None, "div", cls="shr-presets")
    for key, (label, pieces) in presets.items():
        covers = format_pieces(pieces) or "nothing covered"
        button = _el(group, "button", label, cls="shr-preset")
        button.set("type", "button")
        button.set("data-preset", key)
        button.set("title", covers)
    return _to_html(group)
