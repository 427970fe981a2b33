"""The sheet page's "Now" card: a saved adventurer's current state against his maxima, the
working of the last change by hand, and the choices its forms offer.

Every number comes from :mod:`pyengine.runequest.campaign` (:func:`~pyengine.runequest.campaign.vitals`,
the :class:`~pyengine.runequest.campaign.Changed` steps); nothing here works out a rule.
"""

from __future__ import annotations

from collections.abc import Iterable

from pyengine.html import Element, el, to_html
from pyengine.runequest.campaign.current import ORDER
from pyengine.runequest.campaign.health import Vitals
from pyengine.runequest.sheet.adventurer import Adventurer
from pyengine.runequest.sheet.render import ruling_links
from pyengine.runequest.sheet.weapon_words import mark_words, weapon_name
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.weapons import MissileWeapon
from pyengine.working import Step

#: What the card shows with no record yet.
EMPTY_STATE = '<p class="empty">The adventurer\'s wounds, missiles, weapons and money show here.</p>'


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
                        el("strong", {"data-field": "state-total"}, total), f" ({vitals.condition})"))
        rows = [el("li", {"class": f"loc-{v.state}", "data-location": v.key},
                   el("span", {"data-field": f"state-{v.key}"}, f"{v.name} {v.left} / {v.hit_points}"),
                   f" ({v.state})" if v.state != "unhurt" else None)
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
