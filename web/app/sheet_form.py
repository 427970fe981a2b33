"""Sheet form glue: the form <-> the saved record, the derived sheet, storage, files, links.

The record (``Adventurer``) is the state; every change re-derives the sheet with the
engine and re-renders it. What is typed is kept as a draft on the device, so nothing
is lost when the page closes; a record opened from a link is read-only until copied.
Imported by :mod:`app.sheet`, which calls :func:`begin` once (before the page is ready
when there is a sheet to show, otherwise just after).
"""

from __future__ import annotations

import asyncio
import json
import os

import msgspec
from pyscript import document, fetch, window

from app import dom
from pyengine.dice import RandomDice
from pyengine.errors import RecordError, RulesError
from pyengine.html import el, to_html
from pyengine.pages.keys import CHARACTER_PREFIX as PREFIX
from pyengine.pages.keys import SHEET_DRAFT as DRAFT_KEY
from pyengine.pages.widgets import share_line
from pyengine.runequest.sheet import inputs as sheet_inputs
from pyengine.runequest.sheet import state as sheet_state
from pyengine.runequest.sheet.adventurer import Adventurer, WeaponSkill, dump_adventurer, load_adventurer
from pyengine.runequest.sheet.characteristics import Characteristics, roll_characteristics
from pyengine.runequest.sheet.derive import derive
from pyengine.runequest.sheet.render import CHARACTERISTICS, render_sheet
from pyengine.runequest.tables.catalogue import TABLE_IDS, RuneQuestTables
from pyengine.share import decode_link, encode_link

tables: RuneQuestTables | None = None
dice = RandomDice()
state = {"adventurer": None, "key": None, "stored": None, "read_only": False, "quote": None}


# -- storage --------------------------------------------------------------------------


def storage_get(key: str) -> str | None:
    return dom.stored(window.localStorage, key)


def storage_put(key: str, text: str) -> str | None:
    """Writes one item; returns why it could not be written (storage full or refused), else None."""
    try:
        window.localStorage.setItem(key, text)
    except Exception as exc:  # QuotaExceededError, SecurityError: the browser's to refuse
        text = str(exc)
        name = "QuotaExceededError" if "Quota" in text else (text.split(":")[0] or type(exc).__name__)
        why = "the device's storage is full" if "Quota" in name else "the browser refused to store it"
        return f"{why} ({name}); nothing was overwritten"
    return None


def saved_characters() -> list[tuple[str, str]]:
    """(key, name) of every character saved on this device; damaged records are kept and named so."""
    found = []
    storage = window.localStorage
    for i in range(storage.length):
        key = str(storage.key(i))
        if key.startswith(PREFIX):
            try:
                name = load_adventurer(storage_get(key) or "").name or "(no name)"
            except RecordError:
                name = f"(damaged record {key[len(PREFIX):]!r}: kept as it is; export it from the start page)"
            found.append((key, name))
    return sorted(found, key=lambda kn: kn[1].lower())


def list_saved() -> None:
    items = [
        el("li", None, el("a", {"href": f"./sheet.html?open={key[len(PREFIX):]}"}, name))
        for key, name in saved_characters()
    ]
    if items:
        dom.set_html("sheet-saved", to_html(el("ul", {"class": "saved"}, *items)))


# -- the form and the record ------------------------------------------------------------


def fill_form(adv: Adventurer | None) -> None:
    """Shows a record in the form, as if typed."""
    dom.element("sheet-name").value = adv.name if adv else ""
    for key in CHARACTERISTICS:
        dom.element(f"sheet-{key}").value = str(getattr(adv.characteristics, key)) if adv else ""
        dom.field_error(f"sheet-{key}", None)
    dom.element("sheet-money").value = str(adv.money) if adv else ""
    dom.element("sheet-notes").value = adv.notes if adv else ""


def read_form() -> Adventurer | None:
    """The record the form describes; every bad field gets its own message. None: not complete yet."""
    scores, ok = {}, True
    for key in CHARACTERISTICS:
        try:
            scores[key] = sheet_inputs.read_score(key, dom.value(f"sheet-{key}"))
            dom.field_error(f"sheet-{key}", None)
        except RulesError as exc:
            if dom.value(f"sheet-{key}").strip() or state["adventurer"] is not None:
                dom.field_error(f"sheet-{key}", str(exc))
            ok = False
    try:
        money = sheet_inputs.read_lunars("money", dom.value("sheet-money"))
        dom.field_error("sheet-money", None)
    except RulesError as exc:
        dom.field_error("sheet-money", str(exc))
        ok = False
    if not ok:
        return None
    base = state["adventurer"] or Adventurer(characteristics=Characteristics(**scores))
    return msgspec.structs.replace(
        base,
        name=dom.value("sheet-name")[:200],
        characteristics=Characteristics(**scores),
        money=money,
        notes=str(dom.element("sheet-notes").value)[:10_000],
    )


def refresh(adv: Adventurer | None, *, keep_draft: bool = True) -> None:
    """Derives and shows the sheet for ``adv``; keeps what was typed as a draft."""
    state["adventurer"] = adv
    for button in ("sheet-roll-bg", "sheet-add-weapon", "sheet-buy", "sheet-save", "sheet-export",
                   "sheet-share-link", "sheet-print", "sheet-quote", "sheet-exp-roll"):
        dom.element(button).disabled = adv is None
    if adv is None:
        return
    with dom.measured("derive + render"):
        with dom.measured("derive"):
            sheet = derive(adv, tables)
        dom.set_html("sheet-view", render_sheet(sheet, adv.name))
    for problem in sheet.problems:
        if problem.field.startswith("characteristics."):
            key = problem.field.split(".", 1)[1]
            dom.field_error(f"sheet-{key}", f"{key}: {problem.message}")
    fill_advancement(sheet)
    if keep_draft and not state["read_only"]:
        storage_put(DRAFT_KEY, json.dumps({"key": state["key"], "record": dump_adventurer(adv).decode()}))


def change(adv: Adventurer) -> None:
    """A change made with a button: show it in the form and the sheet."""
    fill_form(adv)
    refresh(adv)


def fill_advancement(sheet) -> None:
    options = [el("option", {"value": f"{w.weapon}@{w.hand}"}, f"{w.name} ({w.hand})") for w in sheet.weapons]
    select = dom.element("sheet-train-weapon")
    chosen = str(select.value)
    select.innerHTML = "".join(to_html(o) for o in options)
    if chosen:
        select.value = chosen
    boxes = []
    for w in sheet.weapons:
        for use in ("attack", "parry"):
            if (w.attack if use == "attack" else w.parry) is None:
                continue
            box_id = f"exp-{w.index}-{use}"
            boxes.append(
                el(
                    "label", {"class": "check", "for": box_id},
                    el("input", {"type": "checkbox", "id": box_id, "data-weapon": w.weapon, "data-hand": str(w.hand), "data-use": use}),
                    f" {w.name} ({w.hand}) {use}",
                )
            )
    boxes.append(el("label", {"class": "check", "for": "exp-defense"}, el("input", {"type": "checkbox", "id": "exp-defense"}), " Defense saved him"))
    dom.set_html("sheet-exp-list", "".join(to_html(b) for b in boxes))


# -- actions ----------------------------------------------------------------------------


def on_input(event) -> None:
    if state["read_only"]:
        return
    adv = read_form()
    if adv is not None:
        refresh(adv)
    else:
        refresh(None)
        storage_put(DRAFT_KEY, json.dumps({"key": state["key"], "typed": typed_fields()}))


def typed_fields() -> dict[str, str]:
    ids = ["sheet-name", "sheet-money", "sheet-notes", *(f"sheet-{k}" for k in CHARACTERISTICS)]
    return {i: dom.value(i) for i in ids}


def on_roll_characteristics(event) -> None:
    rolled = roll_characteristics(tables.characteristics, dice)
    base = state["adventurer"]
    adv = (msgspec.structs.replace(base, characteristics=rolled.characteristics) if base
           else Adventurer(characteristics=rolled.characteristics, name=dom.value("sheet-name")[:200]))
    shown = (f"{key} {'+'.join(str(v) for t in roll.terms for v in t.values)} = {roll.total}" for key, roll in zip(CHARACTERISTICS, rolled.rolls))
    dom.element("sheet-roll-note").textContent = "3D6 each: " + "; ".join(shown)
    change(adv)


def on_roll_background(event) -> None:
    from pyengine.runequest.advancement.background import roll_background
    from pyengine.runequest.advancement.creation import apply_background

    result = roll_background(tables.background, dice)
    try:
        adv, steps = apply_background(state["adventurer"], tables, result)
    except RulesError as exc:
        dom.element("sheet-bg-note").textContent = str(exc)
        return
    dom.element("sheet-bg-note").textContent = "; ".join(step.text for step in steps[:3])
    change(adv)


def on_add_weapon(event) -> None:
    dom.field_error("sheet-weapon", None)
    weapon = str(dom.element("sheet-weapon").value)
    hand = str(dom.element("sheet-hand").value)
    adv = state["adventurer"]
    if any(w.weapon == weapon and str(w.hand) == hand for w in adv.weapons):
        dom.field_error("sheet-weapon", f"weapon: {weapon!r} in the {hand} hand is already on the sheet")
        return
    change(msgspec.structs.replace(adv, weapons=(*adv.weapons, WeaponSkill(weapon=weapon, hand=hand))))


def on_buy(event) -> None:
    from pyengine.runequest.sheet.equipment import buy

    dom.field_error("sheet-item", None)
    try:
        count = sheet_inputs.read_whole("how many", dom.value("sheet-count"), 1, 1000)
        dom.field_error("sheet-count", None)
    except RulesError as exc:
        dom.field_error("sheet-count", str(exc))
        return
    try:
        purchase = buy(state["adventurer"], tables, str(dom.element("sheet-item").value), count)
    except RulesError as exc:
        dom.field_error("sheet-item", str(exc))
        return
    change(purchase.adventurer)


def on_view_click(event) -> None:
    target = event.target
    adv = state["adventurer"]
    if adv is None or state["read_only"]:
        return
    weapon = target.getAttribute("data-remove-weapon")
    if not dom.missing(weapon):
        i = int(str(weapon))
        change(msgspec.structs.replace(adv, weapons=adv.weapons[:i] + adv.weapons[i + 1:]))
        return
    gear = target.getAttribute("data-remove-gear")
    if not dom.missing(gear):
        i = int(str(gear))
        change(msgspec.structs.replace(adv, gear=adv.gear[:i] + adv.gear[i + 1:]))
        return
    wear = target.getAttribute("data-wear")
    if not dom.missing(wear):
        i = int(str(wear))
        items = list(adv.gear)
        items[i] = msgspec.structs.replace(items[i], worn=bool(target.checked))
        change(msgspec.structs.replace(adv, gear=tuple(items)))


def on_quote(event) -> None:
    from pyengine.runequest.advancement.training import quote_weapon_training

    weapon, _, hand = str(dom.element("sheet-train-weapon").value).partition("@")
    quote = quote_weapon_training(state["adventurer"], tables, weapon, hand or "right")
    state["quote"] = quote
    lines = [el("li", None, step.text) for step in quote.working]
    if quote.refusal:
        head = el("p", {"class": "field-error"}, f"Not possible: {quote.refusal}")
        action = None
    else:
        head = el(
            "p", None,
            f"{quote.lunars} L for {quote.weeks_shown} weeks at {quote.hours_per_day} hours a day: attack "
            f"{quote.attack_before}% → {quote.attack_after}%",
            f", parry {quote.parry_before}% → {quote.parry_after}%" if quote.parry_after is not None else "",
        )
        action = el("button", {"type": "button", "id": "sheet-train", "class": "primary"}, "Pay and start the course")
    dom.set_html("sheet-quote-result", to_html(el("div", None, head, el("details", {"class": "working"}, el("summary", None, "Why?"), el("ol", None, *lines)), action)))


def on_quote_click(event) -> None:
    from pyengine.runequest.advancement.training import start_training

    if str(event.target.id) != "sheet-train" or state["quote"] is None:
        return
    try:
        changed = start_training(state["adventurer"], tables, state["quote"])
    except RulesError as exc:
        dom.set_html("sheet-quote-result", to_html(el("p", {"class": "field-error"}, str(exc))))
        return
    dom.set_html("sheet-quote-result", to_html(el("p", None, "; ".join(s.text for s in changed.working))))
    change(changed.adventurer)


def on_experience(event) -> None:
    from pyengine.runequest.advancement.experience import FieldUse, after_adventure

    uses = [
        FieldUse(weapon=str(box.getAttribute("data-weapon")), use=str(box.getAttribute("data-use")), hand=str(box.getAttribute("data-hand")))
        for box in document.querySelectorAll("#sheet-exp-list input[data-weapon]")
        if box.checked
    ]
    try:
        result = after_adventure(state["adventurer"], tables, uses, dice, defense_saved=bool(dom.element("exp-defense").checked))
    except RulesError as exc:
        dom.set_html("sheet-exp-result", to_html(el("p", {"class": "field-error"}, str(exc))))
        return
    rows = [
        el("li", None, f"{c.target}: " + (f"roll {c.roll} against {c.chance}: " if c.chance is not None else "")
           + (f"+{c.gain}%" if c.success else "no gain") + (f" ({c.note})" if c.note else ""))
        for c in result.checks
    ]
    dom.set_html("sheet-exp-result", to_html(el("ul", None, *rows)) if rows else to_html(el("p", None, "Nothing was ticked: no checks.")))
    change(result.adventurer)


def save(key: str | None, *, force: bool = False) -> None:
    adv = state["adventurer"]
    status = dom.element("sheet-save-status")
    key = key or f"{PREFIX}{os.urandom(6).hex()}"
    current = storage_get(key)
    if not force and state["key"] == key and current is not None and current != state["stored"]:
        dom.element("sheet-conflict").hidden = False
        status.textContent = "Not saved yet: see below."
        return
    text = dump_adventurer(adv).decode()
    problem = storage_put(key, text)
    if problem:
        status.textContent = f"Not saved: {problem}. Export a file to keep it."
        return
    state["key"], state["stored"] = key, text
    dom.element("sheet-conflict").hidden = True
    window.localStorage.removeItem(DRAFT_KEY)
    window.history.replaceState(None, "", f"./sheet.html?open={key[len(PREFIX):]}")
    status.textContent = f"Saved {adv.name or 'the adventurer'} on this device."
    list_saved()


def export_file(event) -> None:
    adv = state["adventurer"]
    name = (adv.name or "adventurer").strip().replace(" ", "-")[:40] or "adventurer"
    dom.download(f"{name}.json", dump_adventurer(adv).decode())


async def import_file(event) -> None:
    files = event.target.files
    dom.element("sheet-import-error").hidden = True
    if not files.length:
        return
    text = await files.item(0).text()
    event.target.value = ""
    try:
        adv = load_adventurer(str(text))
    except RecordError as exc:
        note = dom.element("sheet-import-error")
        note.textContent = f"import: {exc}"
        note.hidden = False
        return
    open_record(adv, key=None, stored=None)
    dom.element("sheet-save-status").textContent = "Imported: save it to keep it on this device."


def share(event) -> None:
    link = encode_link(sheet_state.KIND, sheet_state.to_state(state["adventurer"]), version=sheet_state.VERSION)
    dom.set_html("sheet-share-box", share_line("sheet", f"./sheet.html#{link}", "Link to this sheet (opens read-only)"))


def set_read_only(read_only: bool) -> None:
    state["read_only"] = read_only
    dom.element("sheet-edit").disabled = read_only
    dom.element("sheet-edit-gear").disabled = read_only
    dom.element("sheet-shared").hidden = not read_only
    dom.element("sheet-save").disabled = read_only or state["adventurer"] is None


def open_record(adv: Adventurer, *, key: str | None, stored: str | None, read_only: bool = False) -> None:
    state["key"], state["stored"] = key, stored
    state["adventurer"] = adv
    fill_form(adv)
    refresh(adv, keep_draft=not read_only)
    set_read_only(read_only)


def on_click(event) -> None:
    target = str(event.target.id)
    if target == "sheet-save":
        save(state["key"])
    elif target == "sheet-overwrite":
        save(state["key"], force=True)
    elif target in ("sheet-save-as-copy", "sheet-save-copy"):
        set_read_only(False)
        state["key"] = None
        save(None)
    elif target == "sheet-new":
        window.localStorage.removeItem(DRAFT_KEY)
        window.location.href = "./sheet.html"
    elif target == "sheet-print":
        window.print()


async def on_page_click(event) -> None:
    if await dom.copy_link(event.target):
        return
    on_click(event)


def start() -> None:
    """Opens what the address asks for: a shared sheet, a saved one, or the draft."""
    fragment = str(window.location.hash)
    if len(fragment) > 1:
        try:
            shared = decode_link(fragment)
            if shared.kind != sheet_state.KIND:
                raise RulesError(f"share link: this is a {shared.kind!r} link; open it on its own page")
            open_record(sheet_state.from_state(shared.data, shared.version), key=None, stored=None, read_only=True)
            return
        except RulesError as exc:
            dom.show_link_error("sheet-link-error", str(exc))
    wanted = window.URLSearchParams.new(window.location.search).get("open")
    if not dom.missing(wanted):
        key = f"{PREFIX}{wanted}"
        text = storage_get(key)
        try:
            if text is None:
                raise RecordError(f"no character {str(wanted)!r} is saved on this device")
            open_record(load_adventurer(text), key=key, stored=text)
            return
        except RecordError as exc:
            dom.show_link_error("sheet-link-error", f"saved character: {exc}; the record is kept as it is")
    draft = storage_get(DRAFT_KEY)
    if draft:
        try:
            data = json.loads(draft)
            if "record" in data:
                adv = load_adventurer(data["record"])
                key = data.get("key")
                open_record(adv, key=key, stored=storage_get(key) if key else None)
            else:
                for field, value in data.get("typed", {}).items():
                    if not dom.missing(dom.element(field)):
                        dom.element(field).value = value
                on_input(None)
            dom.element("sheet-save-status").textContent = "Restored what was being typed here."
            return
        except (ValueError, RecordError, AttributeError, TypeError):
            pass  # a damaged draft: start afresh, the draft stays until the next change
    on_input(None)


async def load_tables() -> RuneQuestTables:
    async def one(table_id: str) -> tuple[str, bytes]:
        data = await fetch(f"./tables/{table_id}.msgpack").bytearray()
        return table_id, bytes(data)

    blobs = dict(await asyncio.gather(*(one(t) for t in TABLE_IDS)))
    with dom.measured("table decode"):
        return RuneQuestTables.from_msgpack(blobs)


async def begin() -> None:
    """Decodes the tables (prefetched while Python started), lists the saved characters and
    shows what the address, the draft or the typed fields ask for."""
    global tables
    tables = await load_tables()
    list_saved()
    start()
