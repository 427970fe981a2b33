"""HTML for the combat page: the outcome, its working, the rolls, the odds, the next roll.

Pure functions from engine results to HTML strings, built with :mod:`pyengine.html` so every
text (names typed by people, names from links) is escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine.dice import NeededRoll, RollMade
from pyengine.html import Element, el, options, to_html
from pyengine.runequest.combat.d100 import shown
from pyengine.runequest.combat.model import ExchangeResult
from pyengine.runequest.combat.odds import Odds
from pyengine.runequest.vocabulary import LOCATION_BY_KEY, LOCATION_KEYS, SHEET_ORDER, LocationKey

OUTCOME_WORDS = {
    "missed": "Missed",
    "fumble": "Fumble",
    "parried": "Parried",
    "hit": "Hit",
    "critical": "Critical hit",
    "impale": "Impale",
    "cover": "Strikes the cover",
    "killed": "Killed outright",
}
#: Outcomes that only some situations have (cover, a totally helpless target): shown when possible.
SOMETIMES = frozenset({"cover", "killed"})


def _pct(value: float) -> str:
    pct = value * 100
    if 0 < pct < 0.1:
        return "<0.1%"
    return f"{pct:.1f}%"


def _roll_text(r: RollMade) -> str:
    value = shown(r.value) if r.sides == 100 else str(r.value)
    return f"D{r.sides} {value}"


def render_result(result: ExchangeResult) -> str:
    """The outcome in large type, the facts, every roll, and the working step by step."""
    facts = el("dl", {"class": "facts cx-facts"})

    def fact(label: str, value: str, key: str) -> None:
        facts.append(el("dt", None, label))
        facts.append(el("dd", {"class": f"cx-fact-{key}", "data-value": value}, value))

    if result.outcome == "killed":  # read for a fumble only: the chance to hit was not used (RQ-60)
        fact("Needed", f"not a fumble ({_fumbles(result.thresholds.fumble_min)})", "needed")
    else:
        fact("Chance", f"{result.chance}%", "chance")
    fact("Attack roll", shown(result.attack_roll), "attack-roll")
    if result.parry_roll is not None:
        fact("Parry roll", f"{shown(result.parry_roll)} against {result.parry_chance}%", "parry-roll")
    if result.damage is not None:
        fact("Damage", str(result.damage), "damage")
    if result.location is not None:
        fact("Location", result.location.value, "location")
        fact("To the location", str(result.location_damage), "location-damage")
    if result.outcome == "killed":  # no damage was rolled: his hit points are beside the point (RQ-60)
        fact("Condition", result.condition, "condition")
    else:
        fact("Hit points left", str(result.hit_points_after), "hit-points")
    effects = []
    if result.wound is not None:
        effects.extend(result.wound.effects)
    for harm in result.weapon_harm:
        effects.append(
            f"{harm.weapon} takes {harm.damage} ({harm.after}" + (f" of {harm.hp}" if harm.hp else "") + ")"
            + (": it breaks" if harm.broken else "")
        )
    if result.stuck_effect:
        effects.append(result.stuck_effect)
    effects.extend(f"attacker's fumble: {e}" for e in result.fumble_effects)
    effects.extend(f"defender's fumbled parry: {e}" for e in result.parry_fumble_effects)
    rolls = el("ol", {"class": "cx-rolls"}, *(el("li", {"data-sides": str(r.sides), "data-value": str(r.value)},
                                                 f"{r.purpose}: {_roll_text(r)}") for r in result.rolls))
    working = el(
        "details",
        {"class": "working"},
        el("summary", None, "Why? The working"),
        el("ol", None, *(el("li", None, str(step)) for step in result.working)),
    )
    card = el(
        "div",
        {"class": "cx-result", "data-outcome": result.outcome, "data-condition": result.condition},
        el("p", {"class": "cx-outcome"}, OUTCOME_WORDS[result.outcome]),
        el("p", {"class": "cx-headline"}, result.headline),
        facts,
        el("ul", {"class": "cx-effects"}, *(el("li", None, e) for e in effects)) if effects else None,
        el("h3", None, "Rolls"),
        rolls,
        working,
    )
    return to_html(card)


def _fumbles(fumble_min: int) -> str:
    return "only 00 fumbles" if fumble_min >= 100 else f"{shown(fumble_min)}-00 fumbles"


def render_odds(odds: Odds) -> str:
    """The exact odds before rolling: outcomes, damage reaching him, disable and kill (against a totally
    helpless man, who is killed outright or spared by a fumble, the one "Killed outright" row, RQ-60)."""
    helpless = bool(odds.outcomes.get("killed"))
    caption = (f"Before rolling: totally helpless, killed by any roll but a fumble ({_fumbles(odds.thresholds.fumble_min)})"
               if helpless else f"Before rolling: {odds.chance}% to hit")
    table = el("table", {"class": "cx-odds-table"}, el("caption", None, caption))
    head = el("tr", None, el("th", {"scope": "col"}, "Outcome"), el("th", {"scope": "col"}, "Chance"))
    table.append(el("thead", None, head))
    body = el("tbody")
    for key in OUTCOME_WORDS:
        value = float(odds.outcomes[key])  # type: ignore[index]
        if key in SOMETIMES and not value:
            continue
        body.append(el("tr", {"data-outcome": key}, el("th", {"scope": "row"}, OUTCOME_WORDS[key]), el("td", None, _pct(value))))
    if not helpless or odds.kill != odds.outcomes["killed"]:  # else the same number twice
        body.append(el("tr", {"class": "cx-odds-disable"}, el("th", {"scope": "row"}, "Location disabled"),
                       el("td", None, _pct(float(odds.disable)))))
        body.append(el("tr", {"class": "cx-odds-kill"}, el("th", {"scope": "row"}, "Killed"), el("td", None, _pct(float(odds.kill)))))
    table.append(body)
    damage = el("ol", {"class": "cx-damage"})
    for value, p in odds.damage.items():
        if value == 0 or not p:
            continue
        damage.append(el("li", {"data-damage": str(value)}, f"{value}: {_pct(float(p))}"))
    reached = 1 - float(odds.damage.get(0, 0))
    return to_html(
        el(
            "div",
            {"class": "cx-odds"},
            table,
            None if helpless and not reached else el(  # killed outright: no damage is rolled
                "details",
                {"class": "working"},
                el("summary", None, f"Damage reaching the defender after shield and armour ({_pct(reached)} of blows)"),
                damage,
            ),
        )
    )


def render_needed(needed: NeededRoll | None, typed: Sequence[int]) -> str:
    """What the page asks for next when you roll your own dice (the exchange's and a fight
    round's alike), and the rolls typed so far; ``None``: every roll is in."""
    so_far = ", ".join(map(str, typed)) or "none yet"
    if needed is None:
        ask = el("p", {"class": "cx-ask"}, "Every roll is in.")
    else:
        ask = el(
            "p",
            {"class": "cx-ask", "data-sides": str(needed.sides)},
            f"Roll {needed.index + 1}: a D{needed.sides}" + (" (00 is 100)" if needed.sides == 100 else "") + " — ",
            el("strong", None, needed.purpose),
        )
    return to_html(el("div", None, ask, el("p", {"class": "help"}, f"Typed so far: {so_far}")))


def export_link(href: str) -> Element:
    """The exchange's "Export JSON" link (``href``: the export as a ``data:`` URL)."""
    return el("a", {"id": "cx-export", "href": href, "download": "exchange.json"}, "Export JSON")


def render_next_blow() -> str:
    """The buttons under a result that carry its wounds into the next blow: the same attacker
    again, or the return blow (attacker and defender swapped)."""
    return to_html(el(
        "p", {"class": "actions"},
        el("button", {"type": "button", "id": "cx-again"}, "Next blow, same fight"),
        el("button", {"type": "button", "id": "cx-swap"}, "Swap attacker and defender"),
    ))


def render_armour_used(name: str, armour: Mapping[LocationKey, int]) -> str:
    """A saved defender's armour, location by location, as the exchange uses it (his worn
    armour from the sheet; the form's one-number armour field is hidden meanwhile)."""
    items = [el("li", {"data-location": key.value, "data-value": str(armour.get(key, 0))},
                f"{LOCATION_BY_KEY[key].value.capitalize()} {armour.get(key, 0)}")
             for key in (LOCATION_KEYS[loc] for loc in SHEET_ORDER)]
    worn = any(armour.values())
    return to_html(el(
        "div", None,
        el("p", {"class": "cx-armour-head"}, f"Armour by location, from {name}'s sheet"
           + ("" if worn else ": none worn")),
        el("ul", {"class": "cx-armour-list"}, *items) if worn else None,
    ))


def render_options(choices: Sequence[tuple[str | int, str]], *, none: str | None = None, selected: str | None = None) -> str:
    """``<option>``s for a select (prerendered at build, refilled for a character's lines)."""
    return options(choices, none=none, selected=selected)
