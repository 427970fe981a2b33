"""The combat page's single exchange: read the fields, ask the engine, write what its renderers return.

Every rule is in pyengine.runequest (combat, odds, exchange_form, exchange_state);
this reads inputs, keeps the rolls typed so far, and shows results, odds and links.
:mod:`app.combat` starts the page and imports this module when it is first needed.
"""

from __future__ import annotations

from pyscript import window

from app import dom
from pyengine.dice import RandomDice
from pyengine.errors import FieldError, RulesError
from pyengine.pages.keys import CHARACTER_PREFIX
from pyengine.pages.widgets import share_line
from pyengine.runequest.combat import Attack, Defence, Rules, next_roll, resolve_exchange
from pyengine.runequest.combat.inputs import (
    line_choices,
    parry_choices,
    quick_attack,
    quick_defence,
    quick_parry,
    read_int,
    sheet_attack,
    sheet_defence,
    sheet_of,
    weapon_choices,
)
from pyengine.runequest.combat.next_blow import after_blow
from pyengine.runequest.combat.odds import exchange_odds
from pyengine.runequest.combat.render import render_needed, render_odds, render_options, render_result
from pyengine.runequest.combat.state import ExchangeState, export_json, from_state, replay, to_link
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.fumbles import FumbleTable
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.share import SharedState

FIELDS = (
    "att-char", "att-weapon", "att-chance", "att-bonus", "def-char", "def-hp", "def-armour",
    "def-defense", "def-parry", "def-parry-chance", "sit-distance", "cx-typed",
)

tables: RuneQuestTables | None = None
fumbles: FumbleTable | None = None
locations: HitLocationTable | None = None
dice = RandomDice()
characters: dict[str, str] = {}
typed: list[int] = []
typing_for: tuple[Attack, Defence, Rules] | None = None
#: The last blow shown, and the next blow of the same fight once asked for (wounds carried).
last: tuple[Attack, Defence, Rules, object] | None = None
fight: tuple[Attack, Defence, Rules] | None = None


# -- characters ------------------------------------------------------------------------------


def load_characters() -> None:
    """Saved adventurers (the sheet page's records) become choices for either side."""
    storage = window.localStorage
    options = []
    for i in range(int(storage.length)):
        key = str(storage.key(i))
        if not key.startswith(CHARACTER_PREFIX):
            continue
        record = dom.stored(storage, key) or ""
        try:
            adventurer, _ = sheet_of(record, tables)
        except Exception:  # a record this page cannot read stays where it is, unlisted
            continue
        ident = key.removeprefix(CHARACTER_PREFIX)
        characters[ident] = record
        options.append((ident, adventurer.name or ident))
    html = render_options(options, none="Quick stat block")
    dom.set_html("att-char", html)
    dom.set_html("def-char", html)


def on_att_char(event=None) -> None:
    ident = dom.value("att-char")
    if not ident:
        dom.set_html("att-weapon", render_options(weapon_choices(tables)))
        for field in ("att-chance", "att-bonus"):
            dom.element(field).disabled = False
        return
    _, sheet = sheet_of(characters[ident], tables)
    dom.set_html("att-weapon", render_options(line_choices(sheet, parry=False)))
    for field in ("att-chance", "att-bonus"):
        dom.element(field).disabled = True
    dom.element("att-bonus").value = sheet.damage_bonus


def on_def_char(event=None) -> None:
    ident = dom.value("def-char")
    if not ident:
        dom.set_html("def-parry", render_options(parry_choices(tables), none="no parry"))
        for field in ("def-hp", "def-armour", "def-parry-chance"):
            dom.element(field).disabled = False
        return
    _, sheet = sheet_of(characters[ident], tables)
    dom.set_html("def-parry", render_options(line_choices(sheet, parry=True), none="no parry"))
    for field in ("def-hp", "def-armour", "def-parry-chance"):
        dom.element(field).disabled = True
    dom.element("def-hp").value = str(sheet.hit_points)
    dom.element("def-defense").value = str(max(sheet.defense, 0))


# -- the form --------------------------------------------------------------------------------


def checked(element_id: str) -> bool:
    return bool(dom.element(element_id).checked)


def read_form() -> tuple[Attack, Defence, Rules] | None:
    """The attack, defence and rules; every problem shown next to its field."""
    for field in FIELDS:
        dom.field_error(field, None)
    dom.show_link_error("cx-form-error", None)
    problems: list[FieldError] = []
    attack = defence = None
    situation = dict(
        target_helpless=checked("sit-helpless"),
        on_ground=checked("sit-ground"),
        unfamiliar=checked("sit-unfamiliar"),
        target_crossing=checked("sit-crossing"),
        target_dodging=checked("sit-dodging"),
    )
    try:
        text = dom.value("sit-distance")
        if text.strip():
            situation["distance"] = read_int(text, "sit-distance", "range in metres", 0, 10000)
    except FieldError as exc:
        problems.append(exc)
    try:
        att = dom.value("att-char")
        if att:
            _, sheet = sheet_of(characters[att], tables)
            attack = sheet_attack(tables, sheet, int(dom.value("att-weapon")), name=_name(att), **situation)
        else:
            attack = quick_attack(tables, dom.value("att-weapon"), dom.value("att-chance"), dom.value("att-bonus"), **situation)
    except FieldError as exc:
        problems.append(exc)
    try:
        ident = dom.value("def-char")
        if ident:
            _, sheet = sheet_of(characters[ident], tables)
            parry_value = dom.value("def-parry")
            defence = sheet_defence(tables, sheet, int(parry_value) if parry_value else None, dom.value("def-defense"), name=_name(ident))
        else:
            parry = None
            try:
                parry = quick_parry(tables, dom.value("def-parry"), dom.value("def-parry-chance"))
            except FieldError as exc:
                problems.append(exc)
            defence = quick_defence(tables, dom.value("def-hp"), dom.value("def-armour"), dom.value("def-defense"), parry)
    except FieldError as exc:
        problems.append(exc)
    for exc in problems:
        for field, message in exc.problems:
            dom.field_error(field, message)
    if problems or attack is None or defence is None:
        return None
    return attack, defence, Rules(parry_criticals=checked("sit-optional"))


def _name(ident: str) -> str:
    try:
        adventurer, _ = sheet_of(characters[ident], tables)
        return adventurer.name or ident
    except RulesError:
        return ident


# -- showing -----------------------------------------------------------------------------------


def show(attack: Attack, defence: Defence, rules: Rules, rolls: list[int]) -> None:
    """Resolves with these rolls and shows the result, its link and its export."""
    global last
    state = ExchangeState(attack=attack, defence=defence, rolls=tuple(rolls), rules=rules)
    result = replay(state, fumbles=fumbles, locations=locations)
    link = to_link(attack, defence, rolls, rules)
    export = "data:application/json;charset=utf-8," + window.encodeURIComponent(export_json(state, result).decode("utf-8"))
    from pyengine.html import el, to_html

    extra = el("a", {"id": "cx-export", "href": export, "download": "exchange.json"}, "Export JSON")
    share = share_line("cx", f"./combat.html#{link}", "Link to this exchange", extra)
    again = el("button", {"type": "button", "id": "cx-again"}, "Next blow, same fight")
    dom.set_html("cx-result", render_result(result) + share + to_html(el("p", {"class": "actions"}, again)))
    dom.element("cx-result-empty").hidden = True
    window.history.replaceState(None, "", f"#{link}")
    last = (attack, defence, rules, result)


def show_odds(attack: Attack, defence: Defence, rules: Rules) -> None:
    with dom.measured("odds"):
        odds = exchange_odds(attack, defence, fumbles=fumbles, locations=locations, rules=rules)
        dom.set_html("cx-odds-out", render_odds(odds))


def inputs() -> tuple[Attack, Defence, Rules] | None:
    """The next blow of the fight under way, or what the form says."""
    return fight if fight is not None else read_form()


def on_form_change(event=None) -> None:
    """Any change to the form starts a new fight."""
    global fight
    fight = None
    dom.show_link_error("cx-fight", None)


def on_again() -> None:
    global fight
    if last is None:
        return
    attack, defence, rules, result = last
    attack, defence = after_blow(attack, defence, result)  # type: ignore[arg-type]
    fight = (attack, defence, rules)
    dom.show_link_error(
        "cx-fight",
        f"Next blow of this fight: {defence.name} has {result.hit_points_after} hit points left; "  # type: ignore[attr-defined]
        "wounds and weapon damage carried. Change the form to start afresh.",
    )
    show_odds(*fight)


def on_odds(event=None) -> None:
    read = inputs()
    if read is None:
        return
    try:
        show_odds(*read)
    except RulesError as exc:
        dom.show_link_error("cx-form-error", str(exc))


def on_roll(event=None) -> None:
    read = inputs()
    if read is None:
        return
    attack, defence, rules = read
    try:
        show_odds(attack, defence, rules)
        with dom.measured("resolve + render"):
            result = resolve_exchange(attack, defence, dice=dice, fumbles=fumbles, locations=locations, rules=rules)
            show(attack, defence, rules, result.roll_values)
    except RulesError as exc:
        dom.show_link_error("cx-form-error", str(exc))


def ask_next() -> None:
    """Says which roll is needed next; resolves once every roll is in."""
    global typing_for
    if typing_for is None:
        return
    attack, defence, rules = typing_for
    needed = next_roll(attack, defence, typed, fumbles=fumbles, locations=locations, rules=rules)
    dom.set_html("cx-ask", render_needed(needed, typed))
    if needed is None:
        show(attack, defence, rules, list(typed))
        dom.element("cx-next").disabled = True
        typing_for = None
    else:
        dom.element("cx-next").disabled = False
        dom.element("cx-typed").focus()


def on_start(event=None) -> None:
    global typing_for
    read = inputs()
    if read is None:
        return
    typed.clear()
    dom.field_error("cx-typed", None)
    try:
        show_odds(*read)
        typing_for = read
        ask_next()
    except RulesError as exc:
        typing_for = None
        dom.show_link_error("cx-form-error", str(exc))


def on_next(event=None) -> None:
    if typing_for is None:
        return
    dom.field_error("cx-typed", None)
    try:
        value = read_int(dom.value("cx-typed"), "cx-typed", "the roll", 1, 1000)
        attack, defence, rules = typing_for
        next_roll(attack, defence, [*typed, value], fumbles=fumbles, locations=locations, rules=rules)
    except FieldError as exc:
        dom.field_error("cx-typed", str(exc))
        return
    except RulesError as exc:  # a roll the die cannot show: the engine says which die and why
        dom.field_error("cx-typed", f"the roll: {exc}")
        return
    typed.append(value)
    dom.element("cx-typed").value = ""
    ask_next()


def on_typed_key(event) -> None:
    if str(event.key) == "Enter":
        event.preventDefault()
        on_next()


async def on_result_click(event) -> None:
    if str(event.target.id) == "cx-again":
        on_again()
        return
    await dom.copy_link(event.target)


def begin(all_tables: RuneQuestTables, hit_locations: HitLocationTable) -> None:
    """Takes the page's tables, and lists the device's saved adventurers for either side."""
    global tables, fumbles, locations
    tables, fumbles, locations = all_tables, all_tables.fumbles, hit_locations
    load_characters()


def open_shared(shared: SharedState) -> None:
    """Replays the exchange a link carries; a link that does not fit says why."""
    try:
        state = from_state(shared)
        replay(state, fumbles=fumbles, locations=locations)
    except RulesError as exc:
        dom.show_link_error("cx-link-error", str(exc))
        return
    show(state.attack, state.defence, state.rules, list(state.rolls))
