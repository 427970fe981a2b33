"""The adventurer sheet page's HTML (pure): the sheet laid out like the paper one, every
number with its "why?"; the weapon and item choices; the saved characters; the
advancement panel (a course's quote, the experience checks and their rolls).

The same functions run at build time (the item lists of the empty page) and in the
browser on every change. Built with :mod:`pyengine.html`, so names and notes typed by a
player are always escaped. Hooks for CSS and tests are prefixed ``rq-``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from typing import TYPE_CHECKING

from pyengine.html import Element, el, to_html
from pyengine.runequest.pronouns import THEY, Pronouns
from pyengine.runequest.sheet.derive import DerivedSheet
from pyengine.runequest.sheet.equipment import NOT_IN_RULES
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.vocabulary import SHEET_ORDER
from pyengine.working import Step

if TYPE_CHECKING:
    from pyengine.runequest.advancement.creation import KitChoice
    from pyengine.runequest.advancement.experience import AdventureResult
    from pyengine.runequest.advancement.training import TrainingChange, TrainingQuote

ABILITIES = ("attack", "parry", "defense", "perception", "stealth", "manipulation", "knowledge")
CHARACTERISTICS = ("STR", "CON", "SIZ", "INT", "POW", "DEX", "CHA")
#: The sheet page's saved list with nothing saved (as the page comes).
EMPTY_SAVED = '<p class="empty">No characters are saved on this device yet.</p>'
#: What the sheet shows with no record yet (as the page comes).
EMPTY_SHEET = '<p class="empty">Type or roll the seven characteristics to see the sheet.</p>'
#: A weapon's experience boxes: ``exp-<index>-<use>``; Defense's is ``exp-defense``.
EXPERIENCE_USES = ("attack", "parry")
DEFENSE_BOX = "exp-defense"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


#: Where the built site keeps docs/rulings.md, one anchor per ruling id (build.py writes it).
RULINGS_PAGE = "./rulings.html"
#: The sheet's names for the fields its working and problems are about (``natural.attack`` ...).
FIELD_LABELS = {
    **{f"natural.{a}": a.capitalize() for a in ABILITIES},
    "hit_points": "Hit points", "locations": "Hit points by location", "damage_bonus": "Damage bonus",
    "dex_sr": "DEX strike rank", "siz_sr": "SIZ strike rank", "defense": "Defense", "max_enc": "Maximum ENC",
    "enc": "ENC carried", "move": "Movement", "strike_rank": "Strike rank penalty",
    "strike_rank_penalty": "Strike rank penalty", "armour.silent": "Move Silently", "money": "Money carried",
    "savings": "Savings", "gear": "Gear", "courses": "Training", "background": "Background",
    "riding_animal": "Riding animal",
}
#: What a weapon line's working is about, as the weapon card names it.
WEAPON_PARTS = {"attack": "attack", "parry": "parry", "sr": "SR", "damage_bonus": "damage", "hands": "hands"}
_WEAPON_FIELD = re.compile(r"weapons\[(\d+)\](?:\.(\w+))?")
_GEAR_FIELD = re.compile(r"gear\[(\d+)\]")


def field_label(sheet: DerivedSheet | None, field: str) -> str:
    """A field of the record or the sheet as the sheet names it: ``natural.attack`` -> ``Attack``,
    ``weapons[0].sr`` -> ``broadsword (right) SR``, ``gear[2]`` -> ``rope``, ``characteristics.SIZ``
    -> ``SIZ``; ``""`` for a field the sheet has no name for."""
    if field in FIELD_LABELS:
        return FIELD_LABELS[field]
    if field.startswith("characteristics."):
        return field.partition(".")[2]
    if field.startswith("armour."):
        return f"{field.partition('.')[2].replace('_', ' ').capitalize()} armour"
    if sheet is not None and (m := _WEAPON_FIELD.fullmatch(field)):
        line = next((w for w in sheet.weapons if w.index == int(m.group(1))), None)
        name = f"{line.name} ({line.hand})" if line is not None else "a weapon"
        return name + (f" {WEAPON_PARTS.get(m.group(2), '')}".rstrip() if m.group(2) else "")
    if sheet is not None and (m := _GEAR_FIELD.fullmatch(field)):
        gear = next((g for g in sheet.gear if g.index == int(m.group(1))), None)
        return gear.name if gear is not None else "gear"
    return ""


def ruling_links(rulings: Iterable[str]) -> Element | None:
    """The rulings a step applies, each a small link to its entry in the rulings page."""
    rulings = [r for r in rulings if r]
    if not rulings:
        return None
    links: list[Element | str] = []
    for i, ruling in enumerate(rulings):
        if i:
            links.append(", ")
        links.append(el("a", {"href": f"{RULINGS_PAGE}#{ruling}", "class": "rq-ruling",
                              "title": f"ruling {ruling} in the rulings"}, ruling))
    return el("span", {"class": "rq-cite"}, " (ruling ", *links, ")")


def _labelled(label: str, text: str) -> list[Element | str]:
    """``text`` after its label, unless it already starts with it."""
    if not label or text.lower().startswith(label.lower()):
        return [text]
    return [el("span", {"class": "rq-what"}, f"{label}: "), text]


def _why(steps: Iterable[Step], summary: str = "Why?", sheet: DerivedSheet | None = None) -> Element | None:
    steps = list(steps)
    if not steps:
        return None
    items = [el("li", None, *_labelled(field_label(sheet, step.field), step.text), ruling_links(step.rulings))
             for step in steps]
    return el("details", {"class": "working rq-why"}, el("summary", None, summary), el("ol", None, *items))


def _steps(sheet: DerivedSheet, *prefixes: str) -> list[Step]:
    return [s for s in sheet.working if s.field.startswith(prefixes)]


def _value(label: str, value: str, key: str) -> list[Element]:
    return [el("dt", None, label), el("dd", {"data-field": key}, value)]


def render_sheet(sheet: DerivedSheet, name: str = "", notes: str = "", choices: Sequence[KitChoice] = ()) -> str:
    """The derived sheet: characteristics, abilities, hit points and armour by location,
    weapons, ENC and movement, money and gear (``choices``: the starting kit's choices still
    to make, each with its picker), the notes (on paper), and every problem found."""
    root = el("div", {"class": "rq-sheet"})
    if name:
        root.append(el("h2", {"class": "rq-name"}, name))

    if sheet.problems:
        root.append(
            el(
                "ul", {"class": "rq-problems", "aria-label": "Problems on this sheet"},
                *(el("li", {"class": f"rq-problem rq-{p.level}", "data-field": p.field},
                  *_labelled(field_label(sheet, p.field), p.message)) for p in sheet.problems),
            )
        )

    chars = el("dl", {"class": "rq-chars"})
    for key in CHARACTERISTICS:
        chars.extend(_value(key, str(getattr(sheet.characteristics, key)), f"characteristics.{key}"))
    root.append(el("section", {"class": "rq-block rq-block-chars"}, el("h3", None, "Characteristics"), chars))

    abilities = el("dl", {"class": "rq-abilities"})
    for key in ABILITIES:
        abilities.extend(_value(key.capitalize(), f"{_signed(getattr(sheet.natural, key))}%", f"natural.{key}"))
    root.append(
        el(
            "section", {"class": "rq-block"}, el("h3", None, "Natural abilities"), abilities,
            _why(_steps(sheet, "natural"), sheet=sheet),
        )
    )

    basics = el("dl", {"class": "rq-basics"})
    basics.extend(_value("Hit points", str(sheet.hit_points), "hit_points"))
    basics.extend(_value("Damage bonus", sheet.damage_bonus or "none", "damage_bonus"))
    basics.extend(_value("DEX strike rank", str(sheet.dex_sr), "dex_sr"))
    basics.extend(_value("SIZ strike rank", str(sheet.siz_sr), "siz_sr"))
    basics.extend(_value("Defense", f"{sheet.defense}%", "defense"))
    basics.extend(_value("ENC carried", f"{sheet.enc_shown} of {sheet.max_enc}", "enc"))
    basics.extend(_value("Movement", f"{sheet.move} m per strike rank", "move"))
    if sheet.strike_rank_penalty:
        basics.extend(_value("Strike rank penalty", f"+{sheet.strike_rank_penalty}", "strike_rank_penalty"))
    basics.extend(_value("Move Silently", f"{sheet.armour.silent}%", "armour.silent"))
    enc_notes = []
    if sheet.enc_unknown:
        enc_notes.append(el("p", {"class": "rq-note"}, f"ENC of {', '.join(sheet.enc_unknown)}: {NOT_IN_RULES}; not counted."))
    root.append(
        el(
            "section", {"class": "rq-block"}, el("h3", None, "Hit points, speed and load"), basics, *enc_notes,
            _why(_steps(sheet, "hit_points", "damage_bonus", "dex_sr", "siz_sr", "defense", "max_enc", "enc", "move", "strike_rank"), sheet=sheet),
        )
    )

    body = el("table", {"class": "rq-body"})
    body.append(el("caption", None, "Hit points and armour by location"))
    body.append(el("thead", None, el("tr", None, el("th", {"scope": "col"}, "Location"), el("th", {"scope": "col"}, "Hit points"),
                                     el("th", {"scope": "col"}, "Armour"))))
    rows = el("tbody")
    worn = {row.location: row for row in sheet.armour.locations}
    for location in SHEET_ORDER:
        armour = worn.get(location)
        absorbs = armour.absorbs if armour else 0
        pieces = ", ".join(armour.names) if armour and armour.names else ""
        rows.append(
            el(
                "tr", {"data-location": location.value},
                el("th", {"scope": "row"}, location.value.capitalize()),
                el("td", {"data-field": f"locations.{location.value.replace(' ', '_')}"}, str(sheet.locations[location])),
                el("td", None, str(absorbs), el("span", {"class": "rq-note"}, f" {pieces}") if pieces else None),
            )
        )
    body.append(rows)
    root.append(el("section", {"class": "rq-block rq-block-body"}, el("div", {"class": "table-wrap"}, body),
                   _why(_steps(sheet, "locations", "armour"), sheet=sheet)))

    root.append(_weapons(sheet))
    root.append(_gear(sheet, choices))
    if notes.strip():
        root.append(el("section", {"class": "rq-block rq-block-notes rq-print-only"}, el("h3", None, "Notes"),
                       el("p", {"class": "rq-notes"}, notes)))
    return to_html(root)


def _weapons(sheet: DerivedSheet) -> Element:
    section = el("section", {"class": "rq-block rq-block-weapons"}, el("h3", None, "Weapons and shields"))
    if not sheet.weapons:
        section.append(el("p", {"class": "empty"}, "No weapon yet: add one below."))
        return section
    table = el("table", {"class": "rq-weapons rq-cards"})
    head = ("Weapon", "Hand", "SR", "Attack", "Parry", "Damage", "HP", "Remove")
    table.append(el("thead", None, el("tr", None, *(el("th", {"scope": "col"}, h) for h in head))))
    body = el("tbody")
    for line in sheet.weapons:
        damage = (line.damage or "—") + (f" {line.damage_bonus}" if line.damage_bonus and line.damage else "")
        attack = "—" if line.attack is None else f"{line.attack}%"
        parry = "—" if line.parry is None else f"{line.parry}%"
        sr = "—" if line.sr is None else str(line.sr)
        notes = []
        if not line.usable:
            notes.append("cannot be used (see problems)")
        if line.attack_similar:
            notes.append(f"attack: {line.attack_similar}")
        if line.parry_similar:
            notes.append(f"parry: {line.parry_similar}")
        if line.impales:
            notes.append("impales")
        if line.kind == "missile" and line.shield_beside != "any":  # RQ-63
            notes.append("both hands: no shield while using it" if line.shield_beside == "none"
                         else "a small shield at most beside it")
        body.append(
            el(
                "tr", {"class": "rq-weapon" + ("" if line.usable else " rq-unusable"), "data-index": str(line.index)},
                el("th", {"scope": "row"}, line.name, *(el("span", {"class": "rq-note"}, f" {n};") for n in notes)),
                el("td", {"data-label": "Hand"}, str(line.hand)),
                el("td", {"data-label": "SR", "data-field": f"weapons[{line.index}].sr"}, sr),
                el("td", {"data-label": "Attack", "data-field": f"weapons[{line.index}].attack"}, attack),
                el("td", {"data-label": "Parry", "data-field": f"weapons[{line.index}].parry"}, parry),
                el("td", {"data-label": "Damage", "class": "rq-damage"}, damage),
                el("td", {"data-label": "HP"}, "—" if line.hp is None else str(line.hp)),
                el("td", {"class": "rq-edit"}, el("button", {"type": "button", "data-remove-weapon": str(line.index),
                                                             "aria-label": f"Remove {line.name}", "title": "Remove"}, "✕")),
            )
        )
    table.append(body)
    section.append(el("div", {"class": "table-wrap"}, table))
    why = _why(_steps(sheet, "weapons"), sheet=sheet)
    if why is not None:
        section.append(why)
    return section


def _gear(sheet: DerivedSheet, choices: Sequence[KitChoice] = ()) -> Element:
    section = el("section", {"class": "rq-block rq-block-gear"}, el("h3", None, "Money and gear"))
    money = el("dl", {"class": "rq-money"})
    money.extend(_value("Money carried", f"{sheet.money} L", "money"))
    money.extend(_value("Savings", f"{sheet.savings} L", "savings"))
    if sheet.owed:
        money.extend(_value("Owed to the guild", f"{sheet.owed} L", "owed"))
    section.append(money)
    section.append(el("p", {"class": "rq-note"}, "Savings are not carried: they weigh nothing.",
                      ruling_links(("RQ-11",))))
    if not sheet.gear:
        section.append(el("p", {"class": "empty"}, "No gear yet: roll a background or buy below."))
        return section
    picks = {c.gear_index: c for c in choices}
    table = el("table", {"class": "rq-gear"})
    table.append(el("thead", None, el("tr", None, *(el("th", {"scope": "col"}, h) for h in ("Item", "Count", "ENC", "Worn", "Remove")))))
    body = el("tbody")
    for line in sheet.gear:
        wear = None
        if line.kind in ("armour", "helmet"):
            attrs = {"type": "checkbox", "data-wear": str(line.index), "aria-label": f"{line.name} worn"}
            if line.worn:
                attrs["checked"] = "checked"
            wear = [el("input", attrs), el("span", {"class": "rq-worn-text", "aria-hidden": "true"},
                                           "worn" if line.worn else "not worn")]
        choice = picks.get(line.index)
        body.append(
            el(
                "tr", {"data-index": str(line.index)},
                el("th", {"scope": "row"}, line.name),
                el("td", None, str(line.count)),
                el("td", None, line.enc_shown if line.enc_shown is not None else el("abbr", {"title": f"ENC {NOT_IN_RULES}"}, "?")),
                el("td", None, *(wear or ())),
                el("td", {"class": "rq-edit"}, el("button", {"type": "button", "data-remove-gear": str(line.index),
                                                             "aria-label": f"Remove {line.name}", "title": "Remove"}, "✕")),
            )
        )
        if choice is not None:  # the picker on a row of its own, as wide as the list
            body.append(el("tr", {"class": "rq-kit-row no-print"}, el("td", {"colspan": "5"}, _kit_picker(choice))))
    table.append(body)
    section.append(el("div", {"class": "table-wrap"}, table))
    if any(line.enc is None for line in sheet.gear):
        section.append(el("p", {"class": "rq-note"}, f"? ENC {NOT_IN_RULES}: not counted."))
    if any(line.kind in ("armour", "helmet") and not line.worn for line in sheet.gear):
        section.append(el("p", {"class": "rq-note rq-wear-note"}, WEAR_NOTE))
    return section


#: Said where armour is bought and under the gear list: armour only protects when worn.
WEAR_NOTE = "Armour protects only when it is worn: tick Worn on its line of the gear list."


def kit_pick_field(gear_index: int) -> str:
    """The id of the picker for the starting kit's choice on gear line ``gear_index``."""
    return f"kit-pick-{gear_index}"


def _kit_picker(choice: KitChoice) -> Element:
    """The picker of a choice of the starting kit, and the button that takes what it shows."""
    field = kit_pick_field(choice.gear_index)
    options = [el("option", {"value": ref}, label) for ref, label in zip(choice.options, choice.labels, strict=True)]
    hint = "one of these" if choice.pick == "one" else "as many as you like, one at a time"
    return el(
        "div", {"class": "rq-kit-pick"},
        el("label", {"for": field}, f"Choose the {choice.name}: {hint}"),
        el("select", {"id": field}, *options),
        el("button", {"type": "button", "data-kit-pick": str(choice.gear_index)}, "Take it"),
    )


def render_weapon_options(tables: RuneQuestTables) -> str:
    """``<option>`` elements for every weapon (each mode) and shield, grouped."""
    groups = (
        ("Melee weapons", tables.melee.weapons),
        ("Missile weapons", tables.missile.weapons),
        ("Shields", tables.shields.shields),
    )
    html = []
    for label, rows in groups:
        group = el("optgroup", {"label": label}, *(el("option", {"value": row.id}, _pick_name(row)) for row in rows))
        html.append(to_html(group))
    return "".join(html)


def _pick_name(row) -> str:
    """A row as the weapon picker lists it: a melee weapon with its mode, as the combat page does
    (``battle axe (1H)``, ``battle axe (2H)``)."""
    mode = getattr(row, "mode", None)
    return f"{row.name} ({mode})" if mode is not None else row.name


def render_item_options(tables: RuneQuestTables) -> str:
    """``<option>`` elements for everything that can be bought, with its price."""
    by_kind: dict[str, list] = {}
    for item in tables.item_by_id.values():
        by_kind.setdefault(item.kind, []).append(item)
    html = []
    for kind, items in by_kind.items():
        options = []
        for item in sorted(items, key=lambda i: i.name):
            price = f"{item.cost} L" if item.cost is not None else f"price {NOT_IN_RULES}"
            attrs = {"value": item.id}
            if item.cost is None:
                attrs["disabled"] = "disabled"
            options.append(el("option", attrs, f"{item.name} — {price}"))
        html.append(to_html(el("optgroup", {"label": kind.capitalize()}, *options)))
    return "".join(html)


# -- the page around the sheet ------------------------------------------------------------


def render_saved_list(rows: Sequence[tuple[str, str]]) -> str:
    """The characters saved on this device, ``(id, name)`` in the order given, each a link
    that opens it here (``./sheet.html?open=<id>``)."""
    if not rows:
        return EMPTY_SAVED
    items = (el("li", None, el("a", {"href": f"./sheet.html?open={ident}"}, name)) for ident, name in rows)
    return to_html(el("ul", {"class": "saved"}, *items))


def render_train_options(sheet: DerivedSheet, chosen: str = "") -> str:
    """``<option>`` elements for each weapon and shield on the sheet (``<weapon>@<hand>``),
    ``chosen`` selected if it is still there."""
    options = []
    for w in sheet.weapons:
        attrs = {"value": f"{w.weapon}@{w.hand}"}
        if attrs["value"] == chosen:
            attrs["selected"] = "selected"
        options.append(to_html(el("option", attrs, f"{w.name} ({w.hand})")))
    return "".join(options)


def experience_box(index: int, use: str) -> str:
    """The id of a weapon line's experience box for ``use`` (``attack``, ``parry``)."""
    return f"exp-{index}-{use}"


def render_experience_boxes(sheet: DerivedSheet, ticked: Set[str] = frozenset(), pronouns: Pronouns = THEY) -> str:
    """A box for each use of each weapon line (attack; parry where it parries) and one for
    Defense ("saved her", by ``pronouns``, RQ-145); the boxes whose ids are in ``ticked`` come ticked."""
    boxes = []
    for w in sheet.weapons:
        for use in EXPERIENCE_USES:
            if (w.attack if use == "attack" else w.parry) is None:
                continue
            box = experience_box(w.index, use)
            boxes.append(_box(box, f" {w.name} ({w.hand}) {use}", box in ticked,
                              {"data-weapon": w.weapon, "data-hand": str(w.hand), "data-use": use}))
    boxes.append(_box(DEFENSE_BOX, f" Defense saved {pronouns.him}", DEFENSE_BOX in ticked))
    return "".join(to_html(b) for b in boxes)


def _box(box: str, label: str, ticked: bool, data: dict[str, str] | None = None) -> Element:
    attrs = {"type": "checkbox", "id": box, **(data or {})}
    if ticked:
        attrs["checked"] = "checked"
    return el("label", {"class": "check", "for": box}, el("input", attrs), label)


def render_quote(quote: TrainingQuote) -> str:
    """A course's quote: the price, the weeks and the abilities before and after (with the
    button that pays for it, ``sheet-train``), or why it cannot be had; its working."""
    if quote.refusal:
        head = el("p", {"class": "field-error"}, f"Not possible: {quote.refusal}")
        action = None
    else:
        parry = f", parry {quote.parry_before}% → {quote.parry_after}%" if quote.parry_after is not None else ""
        head = el(
            "p", None,
            f"{quote.lunars} L for {quote.weeks_shown} weeks at {quote.hours_per_day} hours a day: attack "
            f"{quote.attack_before}% → {quote.attack_after}%{parry}",
        )
        action = el("button", {"type": "button", "id": "sheet-train", "class": "primary"}, "Pay and start the course")
    why = el("details", {"class": "working"}, el("summary", None, "Why?"),
             el("ol", None, *(el("li", None, step.text) for step in quote.working)))
    return to_html(el("div", None, head, why, action))


def render_training_started(change: TrainingChange) -> str:
    """What paying for a course did."""
    return to_html(el("p", None, "; ".join(step.text for step in change.working)))


def render_experience(result: AdventureResult) -> str:
    """Each experience check: what, the roll against the chance, the gain (or why none)."""
    rows = []
    for c in result.checks:
        # "This resulting quantity, or less, must be rolled on D100" (seed ch. IV).
        rolled = f"roll {c.roll} against {c.chance} ({c.chance} or less gains): " if c.chance is not None else ""
        outcome = f"+{c.gain}%" if c.success else "no gain"
        rows.append(el("li", None, f"{c.target}: {rolled}{outcome}" + (f" ({c.note})" if c.note else "")))
    if not rows:
        return to_html(el("p", None, "Nothing was ticked: no checks."))
    return to_html(el("ul", None, *rows))


def render_refusal(message: str) -> str:
    """Why an action could not be done, where its result would be."""
    return to_html(el("p", {"class": "field-error"}, message))
