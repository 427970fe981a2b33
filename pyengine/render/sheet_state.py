"""The sheet page's "Now" card: a saved adventurer's current state against his maxima, the
working of the last change by hand, and the choices its forms offer.

Every number comes from :mod:`pyengine.runequest.campaign` (:func:`~pyengine.runequest.campaign.vitals`,
the :class:`~pyengine.runequest.campaign.Changed` steps); nothing here works out a rule.
"""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.html import Element, el, to_html
from pyengine.runequest.campaign.current import ORDER
from pyengine.runequest.campaign.health import LocationVitals, Vitals
from pyengine.runequest.reading import at_rest, location_reading
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.render import ruling_links
from pyengine.runequest.sheet.weapon_words import mark_words, weapon_name
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.weapons import MissileWeapon
from pyengine.working import Step

#: What the card shows with no record yet.
EMPTY_STATE = '<p class="empty">The adventurer\'s wounds, missiles, weapons and money show here.</p>'


def reading(v: LocationVitals, maimed: Iterable[str] = ()) -> str:
    """``-4/4 out``: one location as fight mode reads it too (:func:`~pyengine.runequest.reading.location_reading`)."""
    return location_reading(v.left, v.hit_points, severed=v.state == "severed", maimed=v.key in tuple(maimed))


def hurt(vitals: Vitals) -> bool:
    """Any wound or condition: damage, a location hurt or out, a limb severed or maimed, a clock
    running (missiles spent or money are not a hurt)."""
    return bool(vitals.damage_taken or vitals.notes or vitals.condition != "unhurt"
                or any(v.state != "unhurt" for v in vitals.locations))


def render_first(adventurer: Adventurer, vitals: Vitals) -> str:
    """What the sheet shows first while he is hurt: his name, hit points now and condition, the
    locations not whole, what is running, and a link to the whole "Now" card. Nothing when unhurt."""
    if not hurt(vitals):
        return ""
    maimed = adventurer.current.wounds.maimed
    name = adventurer.name.strip() or "The adventurer"
    locations = [el("li", {"data-location": v.key}, f"{v.name} ",
                    el("span", {"data-field": f"first-{v.key}"}, reading(v, maimed)))
                 for v in vitals.locations if v.state != "unhurt" or v.key in maimed]
    return to_html(el(
        "section", {"class": "card now-first no-print", "aria-labelledby": "now-first-heading"},
        el("h2", {"id": "now-first-heading"}, f"{name} now"),
        el("p", {"class": "state-total"}, "Hit points ",
           el("strong", {"data-field": "first-total"}, f"{vitals.left} / {vitals.hit_points}"),
           f" ({at_rest(vitals.condition)})"),
        el("ul", {"class": "now-first-locations"}, *locations)
        if locations else None,
        el("ul", {"class": "now-first-notes"}, *(el("li", None, n) for n in vitals.notes)) if vitals.notes else None,
        el("p", None, el("a", {"href": "#sheet-now", "class": "now-first-link"},
                         "The whole Now card: wounds, missiles, weapons, changes")),
    ))


#: The most boxes a line prints (a quiver of 500 arrows is a number, not a row of boxes).
MOST_BOXES = 40


def _boxes(ticked: int, total: int) -> str:
    """``☒☒☐☐``: ``ticked`` boxes marked, the rest to tick by hand (none below 0)."""
    if total > MOST_BOXES:
        return ""
    ticked = max(0, min(ticked, total))
    return "☒" * ticked + "☐" * (total - ticked)


def render_print(adventurer: Adventurer, vitals: Vitals, tables: RuneQuestTables) -> str:
    """The current state on paper: hit points now with a box for each (taken ones marked), each
    location's wounds with a box per point, missiles left with a box each, experience marks."""
    current = adventurer.current
    maimed = current.wounds.maimed
    rows = [el("tr", {"data-location": v.key}, el("th", {"scope": "row"}, v.name),
               el("td", {"data-field": f"print-{v.key}"}, reading(v, maimed)),
               el("td", {"class": "print-boxes"}, _boxes(v.damage, v.hit_points)))
            for v in vitals.locations]
    parts: list[Element | None] = [
        el("h2", None, "Now (tick a box for each point taken)"),
        el("p", None, "Hit points now ", el("strong", {"data-field": "print-total"}, f"{vitals.left} / {vitals.hit_points}"),
           f" ({at_rest(vitals.condition)}) ",
           el("span", {"class": "print-boxes"}, _boxes(vitals.damage_taken, vitals.hit_points))),
        el("table", {"class": "print-locations"},
           el("thead", None, el("tr", None, el("th", {"scope": "col"}, "Location"),
                                el("th", {"scope": "col"}, "Now/most"), el("th", {"scope": "col"}, "Points taken"))),
           el("tbody", None, *rows)),
    ]
    if vitals.notes:
        parts.append(el("p", None, "; ".join(vitals.notes)))
    if current.ammunition:
        parts.append(el("p", {"class": "print-ammo"}, el("strong", None, "Missiles left"), ": ", *(
            el("span", {"data-weapon": k}, f"{weapon_name(tables, k)} {n} ", el("span", {"class": "print-boxes"}, _boxes(0, n)),
               " ") for k, n in current.ammunition.items())))
    parts.append(el("p", {"class": "print-marks"}, el("strong", None, "Experience marks"), ": ",
                    ", ".join(f"☒ {mark_words(tables, m)}" for m in current.marks) if current.marks else "none yet"))
    return to_html(el("div", {"class": "print-now"}, *parts))


def render_now(adventurer: Adventurer, vitals: Vitals, tables: RuneQuestTables) -> dict[str, str]:
    """The sheet's regions of his state: the "Now" card, what shows first while he is hurt, the paper's."""
    return {"sheet-state": render_state(adventurer, vitals, tables), "sheet-now-first": render_first(adventurer, vitals),
            "sheet-print-now": render_print(adventurer, vitals, tables)}


def render_state(adventurer: Adventurer, vitals: Vitals, tables: RuneQuestTables) -> str:
    """The current state: hit points total and by location (left / most), each injury, the
    conditions with their clocks, missiles left, weapons' damage and broken state, money spent.
    Unhurt and untouched, one line says so."""
    current = adventurer.current
    parts: list[Element] = []
    total = f"{vitals.left} / {vitals.hit_points}"
    if not vitals.damage_taken and not current.injuries and not vitals.notes:
        parts.append(el("p", {"class": "state-unhurt", "data-field": "state-total"},
                        f"Unhurt: {total} hit points."))
    else:
        parts.append(el("p", {"class": "state-total"}, "Hit points ",
                        el("strong", {"data-field": "state-total"}, total), f" ({at_rest(vitals.condition)})"))
        rows = [el("li", {"class": f"loc-{v.state}", "data-location": v.key},
                   v.name, " ", el("span", {"data-field": f"state-{v.key}"}, reading(v, current.wounds.maimed)))
                for v in vitals.locations]
        parts.append(el("ul", {"class": "state-locations"}, *rows))
    if vitals.notes:
        parts.append(el("h3", None, "Conditions"))
        parts.append(el("ul", {"class": "state-notes"}, *(el("li", None, n) for n in vitals.notes)))
        stuck = [k for k in ORDER if k in current.wounds.impaled]
        if stuck:
            parts.append(el("div", {"class": "actions"}, *(
                el("button", {"type": "button", "data-pull-out": k}, f"Pull out of the {k.replace('_', ' ')}")
                for k in stuck)))
    if current.injuries:
        parts.append(el("h3", None, "Wounds"))
        items = []
        for i in current.injuries:
            when = f", {i.fight} round {i.round}" if i.fight else (f", round {i.round}" if i.round else "")
            cause = f": {i.cause}" if i.cause else ""
            items.append(el("li", None, f"{i.location.replace('_', ' ')} {i.points} point{'s' if i.points != 1 else ''}"
                            f"{cause}{when}"))
        parts.append(el("ol", {"class": "state-injuries"}, *items))
    gear = _weapons(adventurer, tables)
    if gear is not None:
        parts.append(gear)
    if current.spent:
        parts.append(el("h3", None, "Money spent"))
        parts.append(el("ul", {"class": "state-spent"}, *(
            el("li", None, f"{s.lunars} L on {s.what}" + (" (savings)" if s.source == "savings" else ""))
            for s in current.spent)))
    if current.marks:  # kept from the scenario's fights, rolled when it ends (RQ-134)
        parts.append(el("p", {"class": "state-marks"}, el("strong", None, "Experience marks"),
                        f": {', '.join(mark_words(tables, m) for m in current.marks)} (rolled when the scenario ends)"))
    return to_html(el("div", {"class": "state"}, *parts))


def _weapons(adventurer: Adventurer, tables: RuneQuestTables) -> Element | None:
    current = adventurer.current
    keys = dict.fromkeys((*current.ammunition, *current.weapon_damage, *current.broken))
    if not keys:
        return None
    items = []
    for key in keys:
        said = []
        if key in current.ammunition:
            n = current.ammunition[key]
            said.append(f"{n} missile{'s' if n != 1 else ''} left")
        if key in current.weapon_damage:
            hp = getattr(tables.weapon(key.partition("@")[0]), "hp", None)
            said.append(f"damage {current.weapon_damage[key]}" + (f" / {hp}" if hp is not None else ""))
        if key in current.broken:
            said.append("broken")
        items.append(el("li", {"data-weapon": key}, f"{weapon_name(tables, key)}: {', '.join(said)}"))
    return el("div", None, el("h3", None, "Weapons"), el("ul", {"class": "state-weapons"}, *items))


def render_working(title: str, steps: Iterable[Step]) -> str:
    """What a change did, step by step, each with the rulings it applies as links to them."""
    items = [el("li", None, step.text, ruling_links(step.rulings)) for step in steps]
    return to_html(el("div", {"class": "working"}, el("p", None, el("strong", None, title)),
                      el("ol", None, *items) if items else None))


def render_weapon_choices(adventurer: Adventurer, tables: RuneQuestTables, *, missiles: bool, chosen: str = "") -> str:
    """``<option>`` for each weapon entry on his sheet (``missiles``: missile weapons only), by key."""
    options = []
    for entry in adventurer.weapons:
        if missiles and not isinstance(tables.weapon(entry.weapon), MissileWeapon):
            continue
        attrs = {"value": entry.key}
        if entry.key == chosen:
            attrs["selected"] = "selected"
        options.append(to_html(el("option", attrs, weapon_name(tables, entry.key))))
    return "".join(options) or to_html(el("option", {"value": ""}, "(none on the sheet)"))


def location_options(*, none: str | None = None) -> str:
    """``<option>`` for each hit location (``none``: a first, empty choice so labelled)."""
    first = [to_html(el("option", {"value": ""}, none))] if none is not None else []
    return "".join(first + [to_html(el("option", {"value": k}, k.replace("_", " "))) for k in ORDER])
