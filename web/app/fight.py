"""Combat page, fight mode: several combatants, statements of intent, whole melee rounds.

Loaded only when fight mode opens (``app.combat`` imports it lazily). The rules are
``pyengine.runequest.melee``; the HTML is ``melee.render``'s; this reads the forms
(``pyengine.runequest.melee.inputs``), keeps the fight log and the draft (localStorage
``strike-rank/draft/fight``: nothing typed is lost), and writes what the renderers return.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from app import dom
from pyengine.dice import NeededRoll, NoRollLeft, RandomDice, ScriptedDice
from pyengine.errors import FieldError, RulesError
from pyengine.html import el, to_html
from pyengine.pages.keys import CHARACTER_PREFIX
from pyengine.pages.keys import FIGHT_DRAFT as DRAFT_KEY
from pyengine.pages.widgets import share_line
from pyengine.runequest.combat.inputs import read_int, sheet_of
from pyengine.runequest.combat.render import render_options
from pyengine.runequest.melee import log as fight_log
from pyengine.runequest.melee import render
from pyengine.runequest.melee.build import combatant_from_sheet, melee_tables
from pyengine.runequest.melee.defaults import next_intents
from pyengine.runequest.melee.inputs import (
    DECLARE_ACTION_FIELDS,
    QUICK_FIELDS,
    draft_of,
    read_declaration,
    read_quick,
)
from pyengine.runequest.melee.model import Fight, FightState, start
from pyengine.runequest.melee.round import RoundResult, resolve_round
from pyengine.runequest.melee.timing import schedule

MAX_COMBATANTS = 24

tables = None
mt = None
characters: dict[str, str] = {}
log: fight_log.FightLog | None = None
results: list[RoundResult] = []
draft: dict[str, Any] = {"add": {}, "declare": {}, "applied": [], "link": ""}
typing: tuple | None = None
typed: list[int] = []
started = False


# -- storage -----------------------------------------------------------------------------------


def save() -> None:
    draft["link"] = fight_log.to_link(log) if log is not None else ""
    try:
        window.localStorage.setItem(DRAFT_KEY, json.dumps(draft))
    except Exception:  # storage full or refused: the page still works, the draft is not kept
        pass


def restore() -> None:
    global draft
    text = dom.stored(window.localStorage, DRAFT_KEY)
    if not text:
        return
    try:
        saved = json.loads(text)
    except ValueError:
        return
    if isinstance(saved, dict):
        draft.update({k: v for k, v in saved.items() if k in draft})


# -- the fight ---------------------------------------------------------------------------------


def state_now() -> FightState | None:
    if log is None:
        return None
    return results[-1].state if results else start(log.fight)


def set_log(new: fight_log.FightLog | None) -> None:
    """Takes a new log and replays it. :raises RulesError: it does not replay."""
    global log, results
    if new is None or not new.fight.combatants:
        log, results = None, []
        return
    replayed = fight_log.replay(new, mt)
    log, results = new, list(replayed.rounds)


def fight_link() -> str:
    return fight_log.to_link(log) if log is not None else ""


# -- showing -----------------------------------------------------------------------------------


def declare_drafts() -> dict[str, dict]:
    out = {}
    for c in log.fight.combatants if log else ():
        d = draft["declare"].get(c.name)
        if d is None:
            d = render.default_declaration(log.fight, state_now(), c)
            draft["declare"][c.name] = d
        out[c.name] = d
    return out


def show_all() -> None:
    show_results()
    show_declarations()


def show_results() -> None:
    """Everything but the statement forms: combatants, everyone's state, the log, marks, the link."""
    state = state_now()
    fight = log.fight if log else None
    dom.set_html("fc-list", to_html(render.render_combatants(fight, removable=not results)))
    dom.set_html("fs-out", to_html(render.render_state(fight, state)))
    dom.set_html("fl-out", to_html(render.render_log(results)))
    dom.set_html("fx-out", to_html(render.render_marks(fight, state, draft["applied"])))
    dom.element("fd-round").textContent = str((state.round if state else 0) + 1)
    ready = fight is not None and len({c.side for c in fight.combatants}) >= 2
    dom.element("fd-roll").disabled = not ready
    dom.element("fd-start").disabled = not ready
    dom.element("fd-undo").disabled = not results
    link = fight_link()
    if link:
        export = el("button", {"type": "button", "id": "fl-export"}, "Export JSON")
        dom.set_html("fl-links", share_line("fl", f"./combat.html#{link}", "Link to this fight", export))
        window.history.replaceState(None, "", f"#{link}")
    else:
        dom.set_html("fl-links", "")


def show_declarations() -> None:
    """The statement forms, from the draft, each with its strike ranks."""
    state = state_now()
    fight = log.fight if log else None
    if fight is not None and state is not None:
        dom.set_html("fd-list", to_html(render.render_declarations(fight, state, declare_drafts())))
        for k in range(len(fight.combatants)):
            live_sr(k)
    else:
        dom.set_html("fd-list", to_html(el("p", {"class": "empty"}, "Add combatants first.")))


def live_sr(k: int) -> None:
    """The k-th combatant's strike ranks as declared so far (nothing when the form does not read)."""
    c = log.fight.combatants[k]
    body = state_now().bodies[c.name]
    if dom.missing(dom.element(f"fd-{k}-sr")):
        return
    try:
        intent, _ = read_declaration(log.fight, k, draft["declare"].get(c.name, {}))
        timed = schedule(c, body, intent, mt.strike_ranks)
    except Exception:  # a half-typed statement: the strike ranks show once it reads
        timed = None
    dom.set_html(f"fd-{k}-sr", to_html(render.render_schedule(timed)))


# -- the statements ----------------------------------------------------------------------------


def _val(ident: str) -> str | None:
    node = dom.element(ident)
    return None if dom.missing(node) else str(node.value)


def read_dom_declaration(k: int) -> None:
    c = log.fight.combatants[k]
    p = f"fd-{k}"
    if _val(f"{p}-a0-do") is None:
        return
    before = draft["declare"].get(c.name) or {}
    old_rows = list(before.get("actions", ()))
    actions = []
    for j in range(render.ACTION_ROWS):
        old = old_rows[j] if j < len(old_rows) else {}
        row = {}
        for f in DECLARE_ACTION_FIELDS:
            shown = _val(f"{p}-a{j}-{f}")
            row[f] = shown if shown is not None else old.get(f, "")  # not drawn for this action: kept
        abort = dom.element(f"{p}-a{j}-abort")
        row["abort"] = bool(abort.checked) if not dom.missing(abort) else False
        actions.append(row)
    parries = [{"arm": _val(f"{p}-p{j}-arm") or "", "against": _val(f"{p}-p{j}-against") or ""}
               for j in range(render.PARRY_ROWS)]
    defense = {}
    for f, o in enumerate(log.fight.combatants):
        text = _val(f"{p}-def-{f}")
        if text is not None:
            defense[o.name] = text
    surprised = dom.element(f"{p}-surprised")
    draft["declare"][c.name] = {
        "actions": actions,
        "parries": parries,
        "defense": defense,
        "surprised": bool(surprised.checked) if not dom.missing(surprised) else False,
    }


def on_declare(event) -> None:
    if log is None:
        return
    m = re.match(r"fd-(\d+)-", str(event.target.id))
    if not m:
        return
    k = int(m.group(1))
    if k >= len(log.fight.combatants):
        return
    read_dom_declaration(k)
    if str(event.target.id).endswith("-do") and str(event.type) == "change":
        # Its inputs (and their labels) depend on what he does: the statement is drawn again.
        ident = str(event.target.id)
        node = dom.element(f"fd-{k}")
        node.outerHTML = to_html(render.render_declaration(log.fight, state_now(), k, draft["declare"][log.fight.combatants[k].name]))
        dom.element(ident).focus()
    clear_errors(k)
    live_sr(k)
    save()


def clear_errors(k: int | None = None) -> None:
    ks = range(len(log.fight.combatants)) if (log and k is None) else ([k] if k is not None else [])
    for i in ks:
        note = dom.element(f"fd-{i}-error")
        if not dom.missing(note):
            note.hidden = True
            note.textContent = ""
    for node in document.querySelectorAll("#fd-list [aria-invalid]"):
        if k is None or str(node.id).startswith(f"fd-{k}-"):
            node.removeAttribute("aria-invalid")
    dom.show_link_error("fd-form-error", None)


def show_field_error(field: str, message: str) -> None:
    m = re.match(r"fd-(\d+)", field)
    if not m:
        dom.show_link_error("fd-form-error", message)
        return
    k = int(m.group(1))
    name = log.fight.combatants[k].name
    note = dom.element(f"fd-{k}-error")
    note.textContent = f"{name} — {message}"
    note.hidden = False
    node = dom.element(field)
    if not dom.missing(node):
        node.setAttribute("aria-invalid", "true")
        if str(node.tagName) == "DETAILS":
            node.open = True


def focus_first_error() -> None:
    node = document.querySelector("#fd-list [aria-invalid]")
    if not dom.missing(node):
        node.focus()


def statements() -> tuple | None:
    """Everyone's statements of intent, or None with every problem shown beside its field."""
    clear_errors()
    state = state_now()
    intents, who, rows = [], [], []
    bad = False
    for k, c in enumerate(log.fight.combatants):
        if state.bodies[c.name].condition == "dead":
            continue
        read_dom_declaration(k)
        try:
            intent, used = read_declaration(log.fight, k, draft["declare"].get(c.name, {}))
        except FieldError as exc:
            for field, message in exc.problems:
                show_field_error(field, message)
            bad = True
            continue
        intents.append(intent)
        who.append(k)
        rows.append(used)
    save()
    if bad:
        focus_first_error()
        return None
    from pyengine.runequest.melee.intent import check_intents

    try:
        check_intents(log.fight, state, tuple(intents))
    except RulesError as exc:
        field, message = render.field_for(exc.field, str(exc), who, rows)
        show_field_error(field or "fd-form", message)
        focus_first_error()
        return None
    return tuple(intents)


# -- resolving ---------------------------------------------------------------------------------


def commit(result: RoundResult, intents: tuple) -> None:
    """Adds the round to the fight and shows it (the statements are drawn again by :func:`after_round`)."""
    global log
    log = fight_log.add_round(log, result, intents)
    results.append(result)
    show_results()


def after_round() -> None:
    carry_statements()
    save()
    show_declarations()
    dom.element("fl-out").scrollIntoView()


def carry_statements() -> None:
    """Next round's statements: last round's, less what can no longer be done (``melee.defaults``);
    a combatant now down states nothing. Defense shares typed but not used stay as typed."""
    state = state_now()
    carried = {i.who: i for i in next_intents(log.fight, state, log.rounds[-1].intents)}
    for c in log.fight.combatants:
        if c.name in carried:
            draft["declare"][c.name] = draft_of(carried[c.name], log.fight)
        elif state.bodies[c.name].condition != "dead":
            draft["declare"][c.name] = {"actions": [], "parries": [], "defense": {}, "surprised": False}


def on_roll(event=None) -> None:
    if log is None:
        return
    end_typing()
    intents = statements()
    if intents is None:
        return
    try:
        # The bench's "fight round" (the rules engine's work) and "fight round + draw" (the log,
        # everyone's state and the link drawn as well).
        with dom.measured("fight round + draw"):
            with dom.measured("fight round"):
                result = resolve_round(log.fight, state_now(), intents, dice=RandomDice(), tables=mt, rules=log.rules)
            commit(result, intents)
    except RulesError as exc:
        dom.show_link_error("fd-form-error", str(exc))
        return
    after_round()


def try_typed(values: list[int]) -> RoundResult | NeededRoll:
    """The round from these rolls, or the die it needs next. :raises RulesError: a roll off its die."""
    intents = typing[0]
    try:
        return resolve_round(log.fight, state_now(), intents, dice=ScriptedDice(values), tables=mt, rules=log.rules)
    except NoRollLeft as exc:
        return exc.needed


def end_typing() -> None:
    global typing
    typing = None
    typed.clear()
    dom.element("fd-typing").hidden = True
    dom.field_error("fd-typed", None)


def ask_next() -> None:
    got = try_typed(typed)
    if isinstance(got, NeededRoll):
        dom.set_html("fd-ask", to_html(render.render_needed(got.sides, got.purpose, got.index, typed)))
        dom.element("fd-typed").focus()
        return
    intents = typing[0]
    end_typing()
    commit(got, intents)
    after_round()


def on_start(event=None) -> None:
    global typing
    if log is None:
        return
    end_typing()
    intents = statements()
    if intents is None:
        return
    typing = (intents,)
    dom.element("fd-typing").hidden = False
    try:
        ask_next()
    except RulesError as exc:
        end_typing()
        dom.show_link_error("fd-form-error", str(exc))


def on_next(event=None) -> None:
    if typing is None:
        return
    dom.field_error("fd-typed", None)
    try:
        value = read_int(dom.value("fd-typed"), "fd-typed", "roll", 1, 100)
        try_typed([*typed, value])
    except RulesError as exc:
        dom.field_error("fd-typed", str(exc))
        return
    typed.append(value)
    dom.element("fd-typed").value = ""
    ask_next()


def on_typed_key(event) -> None:
    if str(event.key) == "Enter":
        event.preventDefault()
        on_next()


def on_undo(event=None) -> None:
    global log
    if log is None or not results:
        return
    end_typing()
    undone = log.rounds[-1].intents
    log = fight_log.undo(log)
    results.pop()
    # The undone round's statements come back, to be changed and resolved again.
    for c in log.fight.combatants:
        mine = next((i for i in undone if i.who == c.name), None)
        draft["declare"][c.name] = draft_of(mine, log.fight) if mine is not None else {
            "actions": [], "parries": [], "defense": {}, "surprised": False}
    save()
    show_all()


# -- combatants --------------------------------------------------------------------------------


def character_options() -> None:
    options = []
    for ident, record in characters.items():
        try:
            adventurer, _ = sheet_of(record, tables)
        except Exception:  # unreadable records stay unlisted, as on the exchange side
            continue
        options.append((ident, adventurer.name or ident))
    current = _val("fa-source") or ""
    dom.set_html("fa-source", render_options(options, none="Quick stat block", selected=current))


def weapon_options() -> None:
    melee = [(r.id, f"{r.name} ({r.mode}, {r.damage or 'grapple'})") for r in tables.melee.weapons]
    missile = [(r.id, f"{r.name} ({'thrown' if r.thrown else 'missile'}, {r.damage})") for r in tables.missile.weapons]
    shields = [(s.id, f"{s.name} (shield, absorbs {s.absorbs})") for s in tables.shields.shields]
    choices = melee + missile + shields
    for n in (1, 2, 3):
        field = f"fa-w{n}"
        current = draft["add"].get(field, _val(field) or "")
        dom.set_html(field, render_options(choices, none=None if n == 1 else "none", selected=current))


def on_source(event=None) -> None:
    quick = not _val("fa-source")
    dom.element("fa-quick").disabled = not quick
    dom.element("fa-quick").hidden = not quick


def read_add_form() -> dict[str, str]:
    values = {field: _val(field) or "" for field in QUICK_FIELDS}
    values["fa-source"] = _val("fa-source") or ""
    return values


def on_add_input(event=None) -> None:
    draft["add"] = read_add_form()
    save()


def on_add(event=None) -> None:
    if event is not None:
        event.preventDefault()
    for field in QUICK_FIELDS:
        dom.field_error(field, None)
    values = read_add_form()
    draft["add"] = values
    fight = log.fight if log else None
    if fight is not None and len(fight.combatants) >= MAX_COMBATANTS:
        dom.field_error("fa-name", f"name: a fight holds {MAX_COMBATANTS} combatants at most")
        return
    try:
        ident = values["fa-source"]
        if ident:
            problems: list[FieldError] = []
            from pyengine.runequest.melee.inputs import read_name

            name, side = read_name(values, fight, problems)
            if problems:
                raise FieldError(problems[0].field, problems[0].problems[0][1], more=tuple(problems[1:]))
            adventurer, sheet = sheet_of(characters[ident], tables)
            try:
                c = combatant_from_sheet(adventurer, sheet, tables, side=side, name=name, character=ident)
            except RulesError as exc:
                raise FieldError("fa-source", str(exc)) from None
        else:
            c = read_quick(tables, values, fight)
    except FieldError as exc:
        for field, message in exc.problems:
            dom.field_error(field, message)
        save()
        return
    new = Fight(combatants=(*(fight.combatants if fight else ()), c))
    try:
        set_log(fight_log.FightLog(fight=new, rounds=log.rounds if log else ()))
    except RulesError as exc:
        dom.field_error("fa-name", str(exc))
        return
    dom.element("fa-name").value = ""
    draft["add"]["fa-name"] = ""
    save()
    show_all()
    dom.element("fa-name").focus()


def on_combatants_click(event) -> None:
    target = event.target
    k = target.getAttribute("data-remove")
    if dom.missing(k) or log is None or results:
        return
    k = int(str(k))
    name = log.fight.combatants[k].name
    rest = tuple(c for i, c in enumerate(log.fight.combatants) if i != k)
    draft["declare"].pop(name, None)
    set_log(fight_log.FightLog(fight=Fight(combatants=rest), rules=log.rules) if rest else None)
    # Statements naming him no longer fit: fall back to the defaults for those.
    for other in list(draft["declare"]):
        d = draft["declare"][other]
        named = [row.get("target") for row in d.get("actions", ())] + [row.get("against") for row in d.get("parries", ())]
        if name in named or name in d.get("defense", {}):
            draft["declare"].pop(other)
    save()
    show_all()


def on_new(event=None) -> None:
    global log, results
    end_typing()
    log, results = None, []
    draft["declare"] = {}
    draft["applied"] = []
    save()
    window.history.replaceState(None, "", "#fight")
    show_all()


# -- sharing -----------------------------------------------------------------------------------


async def on_share_click(event) -> None:
    if str(event.target.id) == "fl-export":
        replayed = fight_log.Replayed(state=state_now(), rounds=tuple(results))
        dom.download("fight.json", fight_log.export_json(log, replayed).decode("utf-8"))
        return
    await dom.copy_link(event.target)


def open_text(text: str, error_id: str) -> bool:
    """Opens a fight from a link or an export; False (and why, shown) when it cannot."""
    dom.show_link_error(error_id, None)
    try:
        new = fight_log.read_any(text)
        old = (log, list(results))
        try:
            set_log(new)
        except RulesError:
            restore_log(*old)
            raise
    except RulesError as exc:
        dom.show_link_error(error_id, str(exc))
        return False
    end_typing()
    draft["declare"] = {}
    draft["applied"] = []
    if results:
        carry_statements()
    save()
    show_all()
    dom.element("fa-box").open = len(log.fight.combatants) < 2
    return True


def restore_log(old_log, old_results) -> None:
    global log, results
    log, results = old_log, old_results


def on_import(event=None) -> None:
    text = _val("fi-text") or ""
    if not text.strip():
        dom.show_link_error("fi-error", "Paste a fight link or a fight's JSON export first, or choose a file.")
        return
    open_text(text, "fi-error")


async def on_file(event) -> None:
    files = event.target.files
    if dom.missing(files) or files.length == 0:
        return
    text = str(await files.item(0).text())
    open_text(text, "fi-error")


# -- experience --------------------------------------------------------------------------------


def on_marks_click(event) -> None:
    k = event.target.getAttribute("data-apply")
    if dom.missing(k) or log is None:
        return
    from pyengine.runequest.advancement.experience import after_adventure
    from pyengine.runequest.melee.experience import field_uses
    from pyengine.runequest.sheet.adventurer import dump_adventurer

    c = log.fight.combatants[int(str(k))]
    body = state_now().bodies[c.name]
    key = CHARACTER_PREFIX + c.character
    record = dom.stored(window.localStorage, key)
    if record is None:
        dom.set_html("fx-result", to_html(el("p", {"class": "notice"}, f"{c.name}'s saved sheet is no longer on this device.")))
        return
    uses, defense_saved = field_uses(c, body)
    try:
        adventurer, _ = sheet_of(record, tables)
        result = after_adventure(adventurer, tables, uses, RandomDice(), defense_saved=defense_saved)
    except RulesError as exc:
        dom.set_html("fx-result", to_html(el("p", {"class": "notice"}, str(exc))))
        return
    text = dump_adventurer(result.adventurer).decode()
    window.localStorage.setItem(key, text)
    characters[c.character] = text
    draft["applied"] = [*draft["applied"], c.name]
    save()
    dom.set_html("fx-out", to_html(render.render_marks(log.fight, state_now(), draft["applied"])))
    dom.set_html("fx-result", to_html(render.render_checks(c.name, result.checks)))


# -- start -------------------------------------------------------------------------------------


def setup(all_tables, locations, saved: dict[str, str]) -> None:
    global tables, mt, started
    tables = all_tables
    mt = melee_tables(tables, locations)
    characters.update(saved)
    restore()
    weapon_options()
    character_options()
    for field, value in draft["add"].items():
        node = dom.element(field)
        if not dom.missing(node) and value is not None:
            node.value = value
    on_source()
    if draft.get("link"):
        dom.element("fa-box").open = False
        try:
            set_log(fight_log.read_any(draft["link"]))
        except RulesError as exc:
            dom.show_link_error("fl-link-error", f"The fight kept on this device could not be replayed: {exc}")
    dom.element("fa-form").addEventListener("submit", create_proxy(on_add))
    dom.element("fa-form").addEventListener("input", create_proxy(on_add_input))
    dom.element("fa-form").addEventListener("change", create_proxy(on_add_input))
    dom.element("fa-source").addEventListener("change", create_proxy(on_source))
    dom.element("fc-list").addEventListener("click", create_proxy(on_combatants_click))
    dom.element("fd-list").addEventListener("input", create_proxy(on_declare))
    dom.element("fd-list").addEventListener("change", create_proxy(on_declare))
    dom.element("fd-form").addEventListener("submit", create_proxy(lambda e: e.preventDefault()))
    dom.element("fd-roll").addEventListener("click", create_proxy(on_roll))
    dom.element("fd-start").addEventListener("click", create_proxy(on_start))
    dom.element("fd-next").addEventListener("click", create_proxy(on_next))
    dom.element("fd-cancel").addEventListener("click", create_proxy(lambda e: end_typing()))
    dom.element("fd-typed").addEventListener("keydown", create_proxy(on_typed_key))
    dom.element("fd-undo").addEventListener("click", create_proxy(on_undo))
    dom.element("fl-links").addEventListener("click", create_proxy(on_share_click))
    dom.element("fl-new").addEventListener("click", create_proxy(on_new))
    dom.element("fi-open").addEventListener("click", create_proxy(on_import))
    dom.element("fi-file").addEventListener("change", create_proxy(on_file))
    dom.element("fx-out").addEventListener("click", create_proxy(on_marks_click))
    dom.element("fa-add").disabled = False
    started = True


def open_fight(all_tables, locations, saved: dict[str, str], link: str | None = None) -> None:
    """Shows fight mode: the first time sets it up; a link replaces the fight with the one it carries."""
    if not started:
        setup(all_tables, locations, saved)
    dom.show_link_error("fl-link-error", None)
    if link:
        if link != fight_link():
            open_text(link, "fl-link-error")
        else:
            show_all()
    else:
        show_all()
    dom.element("fight-loading").hidden = True
