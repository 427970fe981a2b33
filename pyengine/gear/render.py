"""The gear page's parts as HTML strings (pure; no DOM).

The build pre-renders the example list and the rulings into the static page;
the page's glue calls the same functions. Markup is built with
:mod:`pyengine.html`, so every name a user typed is escaped.

Stable hooks for CSS and tests (all prefixed ``gear-``):

* editor: ``fieldset.gear-item#gear-item-<key>[data-key]``; fields
  ``#gear-item-<key>-<field>`` with ``#gear-item-<key>-<field>-error``
  (:func:`item_field_id`); ``button.gear-remove[data-remove=<key>]``.
* sheet: ``table.gear-sheet``; rows ``tr.gear-list-row`` / ``tr.gear-sheet-row``
  with ``data-item``; cells ``td.gear-col-<key>`` with ``data-value``
  (``""`` when blank); differing sheet cells add ``gear-diff``.
* organizer: ``article.gear-organized``; ``li.gear-piece[data-item][data-cover][data-absorb]``.
* block: ``article.gear-block-result[data-rule][data-power-left]``;
  ``li.gear-step.gear-role-<role>[data-item][data-role][data-absorbed][data-damage]``,
  ``.gear-broke``; ``.gear-weapon[data-damage][data-broke]``.
* every result: ``details.working`` and ``dl.gear-rulings`` (rulings cited, ``div[data-ruling]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from pyengine.gear.blocking import BlockResult, ItemPart, Role, Rule
from pyengine.gear.inputs import CHARACTER_FIELDS, ITEM_LABELS, entry_texts
from pyengine.gear.items import BONUS_FIELDS, COLUMNS, ItemKind
from pyengine.gear.organizing import Organized
from pyengine.gear.rulings import RULINGS
from pyengine.gear.sheet import SheetLine
from pyengine.gear.state import Entry
from pyengine.html import Element, el, to_html
from pyengine.working import Step, cite

#: Words for each column heading's tooltip.
_TITLES = {c.key: c.label for c in COLUMNS} | {"skill": "Skill bonus that applies to this item"}
_KIND_WORDS = {ItemKind.MELEE: "melee", ItemKind.MISSILE: "missile", ItemKind.ARMOUR: "armour"}
_ROLE_WORDS = {
    Role.BLOCKED: "blocked",
    Role.HALF_BLOCKED: "half blocked",
    Role.PASSED: "cover total below the success level",
    Role.NOT_REACHED: "not reached",
    Role.NOT_IN_LINE: "cannot block (not armour, not defending)",
}
NONE = "—"


def item_field_id(key: str, field: str) -> str:
    """The id of one of an item's fields in the editor: ``gear-item-3-absorb``."""
    return f"gear-item-{key}-{field}"


def _text_field(field_id: str, label: Element | str, value: str, *, cls: str, numeric: bool = False, help_text: str | None = None) -> Element:
    described = f"{field_id}-help {field_id}-error" if help_text else f"{field_id}-error"
    attrs = {
        "id": field_id, "name": field_id, "value": value, "autocomplete": "off", "spellcheck": "false",
        "aria-describedby": described,
    }
    if numeric:
        attrs["inputmode"] = "numeric"
    return el(
        "div", {"class": f"field {cls}"},
        el("label", {"for": field_id}, label),
        el("input", attrs),
        el("p", {"id": f"{field_id}-help", "class": "help"}, help_text) if help_text else None,
        el("p", {"id": f"{field_id}-error", "class": "field-error", "role": "alert", "hidden": "hidden"}),
    )


def _item_card(key: str, texts: Mapping[str, str], number: int) -> Element:
    def fid(field: str) -> str:
        return item_field_id(key, field)

    kind = texts.get("kind", "melee")
    select = el("select", {"id": fid("kind"), "name": fid("kind"), "aria-describedby": f"{fid('kind')}-error"})
    for k in ItemKind:
        option = el("option", {"value": k.value}, _KIND_WORDS[k])
        if k.value == kind:
            option.set("selected", "selected")
        select.append(option)
    name = texts.get("name", "")
    bonuses = el("div", {"class": "gear-bonuses"})
    for field in (*BONUS_FIELDS, "skill"):
        abbr = ITEM_LABELS[field]
        column = next((c.key for c in COLUMNS if c.field == field), field)
        label = el("abbr", {"title": _TITLES[column]}, abbr)
        bonuses.append(
            _text_field(fid(field), label, texts.get(field, ""), cls=f"gear-num gear-field-{field}",
                        numeric=field in ("cover", "absorb"))
        )
    broken = el("input", {"type": "checkbox", "id": fid("broken"), "name": fid("broken"), "value": "1"})
    if texts.get("broken"):
        broken.set("checked", "checked")
    return el(
        "fieldset", {"class": "gear-item", "id": f"gear-item-{key}", "data-key": key},
        el("legend", None, f"Item {number}"),
        el(
            "div", {"class": "gear-item-head"},
            _text_field(fid("name"), "Name", name, cls="gear-name"),
            el(
                "div", {"class": "field gear-kind"},
                el("label", {"for": fid("kind")}, "Kind"),
                select,
                el("p", {"id": f"{fid('kind')}-error", "class": "field-error", "role": "alert", "hidden": "hidden"}),
            ),
        ),
        bonuses,
        _text_field(
            fid("special"), el("span", None, "Special bonuses ", el("span", {"class": "optional"}, "(optional)")),
            texts.get("special", ""), cls="gear-special", help_text="Your own columns: label and value, e.g. Stun 2, Bleed 1",
        ),
        el(
            "div", {"class": "gear-item-foot"},
            el("label", {"class": "gear-check"}, broken, " Broken"),
            el("button", {"type": "button", "class": "gear-remove", "data-remove": key}, "Remove"),
        ),
    )


def render_item_card(key: str, texts: Mapping[str, str], number: int) -> str:
    """One item in the editor, with ``texts`` in its fields (as typed, or from :func:`entry_texts`)."""
    return to_html(_item_card(key, texts, number))


def render_item_list(entries: Iterable[Entry]) -> str:
    """The editor's cards for a whole list, keyed ``1``, ``2``, ... (for pre-rendering and opening a link)."""
    return "\n".join(render_item_card(str(n), entry_texts(e), n) for n, e in enumerate(entries, 1))


def render_character_fields(texts: Mapping[str, str]) -> str:
    """The character's bonus fields (``#gear-char-<field>``)."""
    box = el("div", {"class": "gear-character"})
    for field, label in CHARACTER_FIELDS:
        box.append(_text_field(f"gear-char-{field}", label, texts.get(field, ""), cls=f"gear-num gear-char-{field}"))
    return to_html(box)


# -- results -------------------------------------------------------------------


def _working(parent: Element, steps: Sequence[Step], summary: str = "Working") -> None:
    details = el("details", {"class": "working"}, el("summary", None, summary))
    ol = el("ol")
    for step in steps:
        ol.append(el("li", None, step.text))
    details.append(ol)
    parent.append(details)


def _rulings_list(ids: Iterable[str]) -> Element:
    dl = el("dl", {"class": "gear-rulings"})
    for ruling in ids:
        dl.append(el("div", {"data-ruling": ruling}, el("dt", None, ruling), el("dd", None, RULINGS[ruling])))
    return dl


def render_field_text(text: str) -> str:
    """A field's text as the pre-rendered page writes it into the field's markup (the areas)."""
    return escape(text)


def render_rulings(ids: Iterable[str] | None = None) -> str:
    """The rulings (all of them, or ``ids``), one line each, as ``dl.gear-rulings``."""
    return to_html(_rulings_list(RULINGS if ids is None else ids))


def _cited(parent: Element, steps: Sequence[Step]) -> None:
    ids = cite(*(step.rulings for step in steps))
    if ids:
        parent.append(
            el("details", {"class": "working gear-rulings-box"},
               el("summary", None, "Rulings applied: " + ", ".join(ids)), _rulings_list(ids))
        )


def _none() -> list[Element]:
    """The dash of an empty cell, and the word a screen reader says for it."""
    return [el("span", {"aria-hidden": "true"}, NONE), el("span", {"class": "visually-hidden"}, "none")]


def _cell(value: int | None, key: str, *, diff: int | None = None) -> Element:
    shown = _none() if value is None else [str(value)]
    td = el("td", {"class": f"gear-col-{key}", "data-value": "" if value is None else str(value)}, *shown)
    if diff is not None:
        td.set("class", f"gear-col-{key} gear-diff")
        td.set("title", f"the list says {diff}")
        td.append(el("span", {"class": "visually-hidden"}, f" (the list says {diff})"))
    return td


def render_sheet(rows: Sequence[tuple[Entry, SheetLine]]) -> str:
    """The sheet lines beside the list values, differences highlighted, with each line's working.

    Columns no item has (blank on the list and on the sheet for every item) are left out.
    """
    root = el("div", {"class": "gear-sheet-box"})
    if not rows:
        root.append(el("p", {"class": "empty"}, "The list is empty: add an item to see its sheet line."))
        return to_html(root)
    shown = [
        c for c in COLUMNS
        if any(line.value(c.key) is not None or (c.field and getattr(e.item, c.field) is not None) for e, line in rows)
    ]
    left_out = [c.abbr for c in COLUMNS if c not in shown]
    specials = any(e.item.special for e, _ in rows)
    note = (
        "Each item: its equipment list values (grey), then its character sheet line (bold). "
        "Highlighted: the sheet differs from the list."
    )
    if left_out:
        note += f" No item has {', '.join(left_out)}."
    root.append(el("p", {"class": "help gear-sheet-note", "id": "gear-sheet-note"}, note))
    wrap = el("div", {"class": "gear-table-wrap", "role": "region", "aria-labelledby": "gear-sheet-note", "tabindex": "0"})
    table = el("table", {"class": "gear-sheet"})
    head = el("tr", None, el("th", {"scope": "col"}, "Item"), el("th", {"scope": "col"}, el("span", {"class": "visually-hidden"}, "values from")))
    for c in shown:
        head.append(el("th", {"scope": "col", "class": f"gear-col-{c.key}"}, el("abbr", {"title": c.label}, c.abbr)))
    if specials:
        head.append(el("th", {"scope": "col"}, "Special"))
    table.append(el("thead", None, head))
    for entry, line in rows:  # one row group per item: on a phone, each is a card (no sideways scroll)
        body = el("tbody", {"class": "gear-item-lines"})
        item = entry.item
        name_cell = el(
            "th", {"scope": "rowgroup", "rowspan": "2", "class": "gear-item-name"},
            item.name, el("span", {"class": "gear-kind-word"}, _KIND_WORDS[item.kind] + (", broken" if item.broken else "")),
        )
        listed = el("tr", {"class": "gear-list-row", "data-item": item.name}, name_cell, el("th", {"scope": "row"}, "list"))
        sheet = el("tr", {"class": "gear-sheet-row", "data-item": item.name}, el("th", {"scope": "row"}, "sheet"))
        for c in shown:
            listed.append(_cell(getattr(item, c.field) if c.field else None, c.key))
            diff = getattr(item, c.field) if c.field and c.key in line.differs else None
            sheet.append(_cell(line.value(c.key), c.key, diff=diff))
        if specials:
            text = ", ".join(f"{k} {v}" for k, v in item.special.items())
            listed.append(el("td", {"class": "gear-col-special"}, *([text] if text else _none())))
            sheet.append(el("td", {"class": "gear-col-special"}, *([text] if text else _none())))
        body.append(listed)
        body.append(sheet)
        table.append(body)
    wrap.append(table)
    root.append(wrap)
    details = el("details", {"class": "working"}, el("summary", None, "Working: how each line was worked out"))
    every: list[Step] = []
    for entry, line in rows:
        details.append(el("p", {"class": "gear-working-item"}, entry.item.name))
        ol = el("ol")
        for step in line.working:
            ol.append(el("li", None, step.text))
        details.append(ol)
        every.extend(line.working)
    root.append(details)
    _cited(root, every)
    return to_html(root)


def render_organized(result: Organized) -> str:
    """The organizer's result: the new pieces, what they replace, and the working."""
    root = el("article", {"class": "gear-organized"})
    if not result.pieces:
        root.append(el("p", {"class": "empty"}, "No areas given: nothing to organize."))
        return to_html(root)
    root.append(
        el("p", {"class": "gear-organized-title"},
           f"{', '.join(result.replaced)} ", el("span", {"aria-hidden": "true"}, "→"),
           el("span", {"class": "visually-hidden"}, "become"),
           f" {len(result.pieces)} separate piece{'s' if len(result.pieces) != 1 else ''}")
    )
    ul = el("ul", {"class": "gear-pieces"})
    for piece in result.pieces:
        tough = "" if piece.toughness is None else f", toughness {piece.toughness}"
        ul.append(
            el(
                "li",
                {"class": "gear-piece", "data-item": piece.name, "data-cover": str(piece.cover or 0),
                 "data-absorb": str(piece.absorb or 0)},
                el("strong", None, piece.name), f": cover {piece.cover or 0}, absorb {piece.absorb or 0}{tough}",
            )
        )
    root.append(ul)
    _working(root, result.working)
    _cited(root, result.working)
    return to_html(root)


def _verdict(result: BlockResult) -> str:
    if result.rule is Rule.DEFENDED:
        return "Defended: the attack does not land"
    if result.blocked:
        return f"Blocked by {result.blocked[0]}"
    if result.half_blocked:
        return "Half blocked by " + " and ".join(result.half_blocked)
    if result.rule is Rule.NONE:
        return "Nothing can block: no armour, nothing defending"
    return "Not blocked: the attack finds a gap"


def _step_text(step: ItemPart) -> list[Element | str]:
    parts: list[Element | str] = []
    if step.cover_total is not None:
        parts.append(f"cover {step.cover} (total {step.cover_total}) · ")
    parts.append(el("span", {"class": "gear-role"}, _ROLE_WORDS[step.role]))
    if step.role in (Role.BLOCKED, Role.HALF_BLOCKED):
        parts.append(f" · absorbed {step.absorbed} of {step.power_in}")
        if step.spared:
            parts.append(" · no damage: the weapon hit too hard")
        elif step.damage is not None:
            d = step.damage
            if d.damage:
                now = "" if d.after.absorb is None else f", absorb now {d.after.absorb}"
                parts.append(f" · takes {d.damage} damage{now}")
            else:
                parts.append(" · takes no damage")
    if step.broke:
        parts.append(el("strong", {"class": "gear-broke"}, " · BROKEN"))
    return parts


def render_block(result: BlockResult) -> str:
    """The block resolver's result card: verdict, power through, each item's part, what broke, the working."""
    attack = result.attack
    root = el(
        "article",
        {"class": "gear-block-result", "data-rule": result.rule.value, "data-power-left": str(result.power_left)},
    )
    defence = {"failed": "failed", "half": "half-successful", "success": "successful"}[attack.defence.value]
    root.append(
        el("p", {"class": "gear-result-title"},
           f"Success level {attack.success_level} · power {attack.power} · defence {defence}"
           + (f" · {result.defending} defending" if result.defending else ""))
    )
    root.append(el("p", {"class": f"gear-verdict gear-rule-{result.rule.value}"}, el("strong", None, _verdict(result))))
    totals = el("dl", {"class": "gear-totals"})
    absorbed = attack.power - result.power_left if result.rule is not Rule.DEFENDED else 0
    for key, label, value in (("power", "Attack power", attack.power), ("absorbed", "Absorbed", absorbed),
                              ("through", "Gets through", result.power_left)):
        totals.append(el("div", {"class": f"gear-total gear-total-{key}"}, el("dt", None, label),
                         el("dd", {"data-value": str(value)}, str(value))))
    root.append(totals)
    in_line = [s for s in result.steps if s.role is not Role.NOT_IN_LINE]
    outside = [s for s in result.steps if s.role is Role.NOT_IN_LINE]
    if result.rule is not Rule.DEFENDED and in_line:
        ol = el("ul", {"class": "gear-steps", "aria-label": "Each item's part"})
        for step in in_line:
            absorbed_now = step.damage.damage if step.damage else 0
            li = el(
                "li",
                {"class": f"gear-step gear-role-{step.role.value}", "data-item": step.name, "data-role": step.role.value,
                 "data-absorbed": str(step.absorbed), "data-damage": str(absorbed_now)},
                el("span", {"class": "gear-step-pos"}, f"{step.position}." if step.position else el("span", {"aria-hidden": "true"}, "·")), " ",
                el("strong", {"class": "gear-step-name"}, step.name), ": ", *_step_text(step),
            )
            ol.append(li)
        root.append(ol)
    if result.rule is not Rule.DEFENDED and outside:
        p = el("p", {"class": "gear-not-in-line"}, "Cannot block (not armour, not defending): ")
        for n, step in enumerate(outside):
            p.append(el("span", {"data-item": step.name, "data-role": step.role.value}, step.name))
            if n < len(outside) - 1:
                p[len(p) - 1].tail = ", "
        root.append(p)
    broken = [s for s in result.steps if s.broke]
    if broken:
        p = el("p", {"class": "gear-broken-list"}, el("strong", None, "Broken: "))
        texts = []
        for step in broken:
            assert step.damage is not None
            halved = ", ".join(f"{label} {a} to {b}" for label, a, b in step.damage.halved)
            texts.append(f"{step.name}" + (f" ({halved})" if halved else ""))
        p.append(el("span", None, "; ".join(texts)))
        root.append(p)
    weapon = result.weapon
    if weapon is not None and result.rule is not Rule.DEFENDED:
        wd = result.weapon_damage
        if wd is None:
            text = f"{weapon.name}: not damaged" + ("" if result.hit_too_hard else " (it did not hit too hard)")
        else:
            changed = wd.after.absorb is not None and wd.after.absorb != wd.before.absorb
            now = f", absorb {wd.before.absorb} to {wd.after.absorb}" if changed else ""
            text = f"{weapon.name} hit too hard: takes {wd.damage} damage{now}"
            if wd.broke:
                halved = ", ".join(f"{label} {a} to {b}" for label, a, b in wd.halved)
                text += " · BROKEN" + (f" ({halved})" if halved else "")
        root.append(
            el("p", {"class": "gear-weapon", "data-damage": str(wd.damage if wd else 0),
                     "data-broke": "true" if result.weapon_broke else "false"}, text)
        )
    _working(root, result.working)
    _cited(root, result.working)
    return to_html(root)


def render_defending_options(names: Sequence[str], selected: str | None) -> str:
    """The options of the "actively defending" select: none, then each item."""
    options = [el("option", {"value": ""}, "nothing (no active defence)")]
    for name in names:
        option = el("option", {"value": name}, name)
        if selected is not None and name.lower() == selected.lower():
            option.set("selected", "selected")
        options.append(option)
    return "".join(to_html(o) for o in options)


def render_saved(records: Sequence[tuple[str, str, str | None]]) -> str:
    """The records saved on this device: (key, name, problem or None); damaged ones are said so and kept."""
    if not records:
        return to_html(el("p", {"class": "empty"}, "No equipment lists are saved on this device yet."))
    ul = el("ul", {"class": "gear-saved"})
    for key, name, problem in records:
        if problem is None:
            ul.append(el("li", {"data-key": key}, el("span", None, name), " ",
                         el("button", {"type": "button", "class": "gear-open", "data-open": key}, "Open")))
        else:
            ul.append(el("li", {"class": "gear-damaged", "data-key": key},
                         f"Damaged record {key!r}, kept as it is: {problem}"))
    return to_html(ul)


# -- the page's small parts ----------------------------------------------------------------


def render_action(button_id: str, label: str) -> str:
    """A result's follow-up button (``Use these pieces in my list``) in ``div.actions``."""
    return to_html(el("div", {"class": "actions"}, el("button", {"type": "button", "id": button_id}, label)))


def render_status(status_id: str, text: str, *, in_actions: bool = False) -> str:
    """What the page says in place of a button pressed and gone (``p.gear-status``, focusable
    so the focus can stay there); ``in_actions``: inside the ``div.actions`` the button was in."""
    status = el("p", {"class": "gear-status", "id": status_id, "tabindex": "-1"}, text)
    return to_html(el("div", {"class": "actions"}, status) if in_actions else status)


def render_share_error(message: str) -> str:
    """Why there is no link to share (the state is too big for one), where the link would be."""
    return to_html(el("span", {"class": "field-error"}, message))
