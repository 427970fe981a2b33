"""Gear form glue: read the fields, call pyengine.gear, write what its renderers return.

Everything that decides anything is in pyengine.gear; this reads fields, shows each
problem next to its field, keeps the page's state on the device and in links. Imported
by :mod:`app.gear`, which calls :func:`begin` once (before the page is ready when there
is something to show, otherwise just after).
"""

from __future__ import annotations

from pyscript import document, window

from app import dom
from pyengine.errors import RulesError
from pyengine.gear import render
from pyengine.gear import state as gear_state
from pyengine.gear.blocking import BlockResult, resolve_block
from pyengine.gear.inputs import (
    CHARACTER_FIELDS,
    ITEM_FIELDS,
    block_texts,
    character_texts,
    read_block,
    read_character,
    read_entries,
)
from pyengine.gear.notation import parse_areas
from pyengine.gear.organizing import Organized, organize
from pyengine.gear.sheet import sheet_line
from pyengine.gear.state import Entry, GearState
from pyengine.html import el, to_html
from pyengine.pages.widgets import share_line
from pyengine.share import decode_link, encode_link

#: The block form's field -> its input's id.
BLOCK_IDS = {
    "success_level": "gear-sl",
    "power": "gear-power",
    "defence": "gear-defence",
    "defending": "gear-defending",
    "weapon_name": "gear-weapon-name",
    "weapon_toughness": "gear-weapon-toughness",
    "weapon_absorb": "gear-weapon-absorb",
}

#: The last results, for the buttons that act on them.
last_organized: Organized | None = None
last_block: BlockResult | None = None


# -- the list ------------------------------------------------------------------


def item_keys() -> list[str]:
    return [str(card.dataset.key) for card in document.querySelectorAll("#gear-items .gear-item")]


def item_texts(key: str) -> dict[str, str]:
    texts = {field: dom.value(render.item_field_id(key, field)) for field in ITEM_FIELDS}
    texts["broken"] = "1" if dom.element(render.item_field_id(key, "broken")).checked else ""
    return texts


def clear_list_errors() -> None:
    for field, _ in CHARACTER_FIELDS:
        dom.field_error(f"gear-char-{field}", None)
    for key in item_keys():
        for field in ITEM_FIELDS:
            dom.field_error(render.item_field_id(key, field), None)
    dom.element("gear-list-error").hidden = True


def read_list(*, show: bool = True):
    """The character and the list, or None; every problem shown next to its field."""
    if show:
        clear_list_errors()
    character, char_errors = read_character({f: dom.value(f"gear-char-{f}") for f, _ in CHARACTER_FIELDS})
    entries, item_errors = read_entries([(key, item_texts(key)) for key in item_keys()])
    if not show:
        return (character, entries) if character is not None and entries is not None else None
    for field, message in char_errors.items():
        dom.field_error(f"gear-char-{field}", message)
    for (key, field), message in item_errors.items():
        dom.field_error(render.item_field_id(key, field), message)
    count = len(char_errors) + len(item_errors)
    if count:
        note = dom.element("gear-list-error")
        note.textContent = f"{count} field{'s' if count != 1 else ''} above need{'s' if count == 1 else ''} fixing: each says what is wrong."
        note.hidden = False
        return None
    return character, entries


def read_block_form(names, *, show: bool = True):
    if show:
        for field_id in BLOCK_IDS.values():
            dom.field_error(field_id, None)
    checked = document.querySelector('input[name="gear-defence"]:checked')
    texts = {
        "success_level": dom.value("gear-sl"),
        "power": dom.value("gear-power"),
        "defence": "" if dom.missing(checked) else str(checked.value),
        "defending": dom.value("gear-defending"),
        "weapon_name": dom.value("gear-weapon-name"),
        "weapon_toughness": dom.value("gear-weapon-toughness"),
        "weapon_absorb": dom.value("gear-weapon-absorb"),
        "weapon_broken": "1" if dom.element("gear-weapon-broken").checked else "",
    }
    block, errors = read_block(texts, names)
    if show:
        for field, message in errors.items():
            dom.field_error(BLOCK_IDS[field], message)
        if any(f.startswith("weapon_") for f in errors):
            dom.element("gear-weapon-box").open = True
    return block


def current_state(*, show: bool = False) -> GearState | None:
    """The page's inputs as a state (the block only when its fields read), or None."""
    read = read_list(show=show)
    if read is None:
        return None
    character, entries = read
    block = None
    if dom.value("gear-sl").strip() or dom.value("gear-power").strip():
        block = read_block_form([e.item.name for e in entries], show=False)
    return GearState(character=character, entries=entries, areas=dom.value("gear-areas"), block=block)


def fill_list(entries) -> None:
    """Puts entries into the editor, as if typed."""
    dom.set_html("gear-items", render.render_item_list(entries))


def fill_form(state: GearState) -> None:
    """Puts a state into every field, as if typed."""
    for field, text in character_texts(state.character).items():
        dom.element(f"gear-char-{field}").value = text
    fill_list(state.entries)
    dom.element("gear-areas").value = state.areas
    refresh_defending([e.item.name for e in state.entries], state.block.defending if state.block else None)
    if state.block is not None:
        texts = block_texts(state.block)
        dom.element("gear-sl").value = texts["success_level"]
        dom.element("gear-power").value = texts["power"]
        dom.element(f"gear-defence-{texts['defence']}").checked = True
        fill_weapon(texts)


def fill_weapon(texts) -> None:
    dom.element("gear-weapon-name").value = texts["weapon_name"]
    dom.element("gear-weapon-toughness").value = texts["weapon_toughness"]
    dom.element("gear-weapon-absorb").value = texts["weapon_absorb"]
    dom.element("gear-weapon-broken").checked = bool(texts["weapon_broken"])
    if texts["weapon_name"] or texts["weapon_toughness"] or texts["weapon_absorb"]:
        dom.element("gear-weapon-box").open = True


def refresh_defending(names, selected=None) -> None:
    select = dom.element("gear-defending")
    if selected is None:
        selected = str(select.value) or None
    select.innerHTML = render.render_defending_options(names, selected)


# -- working things out ----------------------------------------------------------


def work_out(*, show: bool = True, link: bool = True) -> bool:
    """Works out every sheet line (and updates the link); True when the list read."""
    read = read_list(show=show)
    sheet = dom.element("gear-sheet")
    if read is None:
        sheet.classList.add("gear-stale")  # kept, but marked as not what the fields now say
        return False
    character, entries = read
    lines = [(e, sheet_line(character, e.item, skill=e.skill)) for e in entries]
    sheet.classList.remove("gear-stale")
    dom.set_html("gear-sheet", render.render_sheet(lines))
    refresh_defending([e.item.name for e in entries])
    if link:
        share()
    return True


def organize_areas() -> None:
    global last_organized
    dom.field_error("gear-areas", None)
    read = read_list()
    if read is None:
        return
    _, entries = read
    try:
        areas = parse_areas(dom.value("gear-areas"))
        result = organize([e.item for e in entries], areas)
    except RulesError as exc:
        dom.field_error("gear-areas", str(exc))
        return
    last_organized = result
    use = None
    if result.pieces:
        use = el("div", {"class": "actions"},
                 el("button", {"type": "button", "id": "gear-use-pieces"}, "Use these pieces in my list"))
    dom.set_html("gear-organized", render.render_organized(result) + (to_html(use) if use is not None else ""))
    share()


def refill_list(items) -> bool:
    """Puts ``items`` in the list, each keeping the skill typed for its name; False (and the
    list's problems shown) when the list does not read."""
    read = read_list()
    if read is None:
        return False
    skills = {e.item.name: e.skill for e in read[1]}
    fill_list([Entry(item=item, skill=skills.get(item.name, 0)) for item in items])
    return True


def use_pieces() -> None:
    """Replaces the divided pieces in the list with the organized ones."""
    if last_organized is None or not refill_list(last_organized.items):
        return
    dom.element("gear-areas").value = ""
    dom.set_html("gear-organized", to_html(el("p", {"class": "gear-status", "id": "gear-used", "tabindex": "-1"},
        f"The list now holds {len(last_organized.pieces)} pieces in place of {', '.join(last_organized.replaced)}.")))
    work_out()
    dom.element("gear-used").focus()  # the button pressed is gone: the focus stays where it was


def resolve() -> None:
    global last_block
    read = read_list()
    names = None if read is None else [e.item.name for e in read[1]]
    block = read_block_form(names)
    if read is None or block is None:
        return
    _, entries = read
    with dom.measured("resolve + render"):
        try:
            result = resolve_block(block.attack(), [e.item for e in entries], block.defending)
        except RulesError as exc:  # names the engine refuses (checked above; kept for safety)
            dom.field_error("gear-defending", str(exc))
            return
        last_block = result
        changed = result.items != tuple(e.item for e in entries) or result.weapon != block.weapon
        apply = None
        if changed:
            apply = el("div", {"class": "actions"},
                       el("button", {"type": "button", "id": "gear-apply"}, "Apply the damage to my list"))
        dom.set_html("gear-block", render.render_block(result) + (to_html(apply) if apply is not None else ""))
    share()


def apply_damage() -> None:
    """Carries the last block's item states into the list (and the attacking weapon's fields)."""
    if last_block is None or not refill_list(last_block.items):
        return
    if last_block.weapon is not None:
        block = gear_state.BlockInputs(success_level=0, power=0, weapon=last_block.weapon)
        fill_weapon(block_texts(block))
    button = dom.element("gear-apply")
    if not dom.missing(button):
        button.outerHTML = to_html(el(
            "p", {"class": "gear-status", "id": "gear-applied", "tabindex": "-1"},
            "Applied: the list holds each item as this attack left it. Resolve again for the next attack.",
        ))
    work_out()
    applied = dom.element("gear-applied")
    if not dom.missing(applied):
        applied.focus()  # the button pressed is gone: the focus stays where it was


# -- links, storage, files --------------------------------------------------------


def share() -> None:
    state = current_state()
    if state is None:
        return
    try:
        link = encode_link(gear_state.KIND, gear_state.to_state(state), version=gear_state.VERSION)
    except RulesError as exc:  # too big for a link: say so where the link would be
        dom.set_html("gear-share-box", to_html(el("span", {"class": "field-error"}, str(exc))))
        return
    dom.set_html("gear-share-box", share_line("gear", f"./gear.html#{link}", "Link to these inputs and results"))
    window.history.replaceState(None, "", f"#{link}")


def open_state(state: GearState) -> None:
    fill_form(state)
    work_out()
    if state.areas.strip():
        organize_areas()
    if state.block is not None:
        resolve()


def open_link(event=None) -> None:
    fragment = str(window.location.hash)
    note = dom.element("gear-link-error")
    if len(fragment) <= 1:
        return
    note.hidden = True
    try:
        shared = decode_link(fragment)
        if shared.kind != gear_state.KIND:
            raise RulesError(f"share link: this is a {shared.kind!r} link; open it on its own page")
        state = gear_state.from_state(shared.data, version=shared.version)
    except RulesError as exc:
        note.textContent = str(exc)
        note.hidden = False
        return
    open_state(state)


def saved_records():
    storage = window.localStorage
    records = []
    for i in range(storage.length):
        key = str(storage.key(i))
        if not key.startswith(gear_state.STORAGE_PREFIX):
            continue
        name = key[len(gear_state.STORAGE_PREFIX):]
        try:
            record = gear_state.read_record(dom.stored(storage, key) or "", f"record {key!r}")
            records.append((key, record.name, None))
        except RulesError as exc:
            records.append((key, name, str(exc)))
    return sorted(records, key=lambda r: r[1].lower())


def list_saved() -> None:
    dom.set_html("gear-saved", render.render_saved(saved_records()))


def status(text: str) -> None:
    dom.element("gear-save-status").textContent = text


def save() -> None:
    dom.field_error("gear-save-name", None)
    try:
        name = gear_state.check_record_name(dom.value("gear-save-name"))
    except RulesError as exc:
        dom.field_error("gear-save-name", str(exc))
        return
    state = current_state(show=True)
    if state is None:
        dom.field_error("gear-save-name", "Save: the list has fields to fix first (marked above); nothing was saved")
        return
    key = gear_state.storage_key(name)
    existing = dom.stored(window.localStorage, key)
    if existing is not None:
        try:
            gear_state.read_record(existing)
        except RulesError:
            dom.field_error(
                "gear-save-name",
                f"Save as {name!r}: a damaged record is stored under that name and is kept as it is; "
                "save under another name",
            )
            return
    try:
        window.localStorage.setItem(key, gear_state.to_record(name, state))
    except RulesError as exc:
        dom.field_error("gear-save-name", str(exc))
        return
    except Exception as exc:  # storage full or refused by the browser
        dom.field_error("gear-save-name", f"Save as {name!r}: this browser refused to store it ({exc})")
        return
    status(f"Saved as {name!r} on this device.")
    list_saved()


def open_saved(key: str) -> None:
    try:
        record = gear_state.read_record(dom.stored(window.localStorage, key) or "", f"record {key!r}")
    except RulesError as exc:
        status(str(exc))
        return
    dom.element("gear-save-name").value = record.name
    open_state(record.state)
    status(f"Opened {record.name!r}.")


def export_file() -> None:
    dom.field_error("gear-save-name", None)
    state = current_state(show=True)
    if state is None:
        dom.field_error("gear-save-name", "Export: the list has fields to fix first (marked above)")
        return
    name = dom.value("gear-save-name").strip() or "equipment"
    try:
        text = gear_state.to_record(name, state)
    except RulesError as exc:
        dom.field_error("gear-save-name", str(exc))
        return
    dom.download(f"{name}.gear.json", text)
    status(f"Exported {name}.gear.json.")


async def import_file(event) -> None:
    dom.field_error("gear-import", None)
    files = dom.element("gear-import").files
    if dom.missing(files) or files.length == 0:
        return
    file = files.item(0)
    try:
        text = await file.text()
        record = gear_state.read_record(str(text), f"file {str(file.name)!r}")
    except RulesError as exc:
        dom.field_error("gear-import", str(exc))
        return
    dom.element("gear-save-name").value = record.name
    open_state(record.state)
    status(f"Imported {record.name!r} from {str(file.name)!r}; save it to keep it on this device.")


# -- events -----------------------------------------------------------------------


def next_key() -> str:
    keys = [int(k) for k in item_keys() if k.isdigit()]
    return str(max(keys, default=0) + 1)


def on_add(event) -> None:
    key = next_key()
    number = len(item_keys()) + 1
    holder = dom.element("gear-items")
    holder.insertAdjacentHTML("beforeend", render.render_item_card(key, {"kind": "armour"}, number))
    dom.element(render.item_field_id(key, "name")).focus()


def on_items_click(event) -> None:
    key = event.target.getAttribute("data-remove")
    if dom.missing(key):
        return
    card = dom.element(f"gear-item-{key}")
    if not dom.missing(card):
        # the focus moves to the next item (or the one before, or "Add an item"), never to nowhere
        near = card.nextElementSibling if not dom.missing(card.nextElementSibling) else card.previousElementSibling
        card.remove()
        for n, legend in enumerate(document.querySelectorAll("#gear-items .gear-item > legend"), 1):
            legend.textContent = f"Item {n}"
        work_out()
        field = None if dom.missing(near) else near.querySelector("input")
        (dom.element("gear-add") if dom.missing(field) else field).focus()


def on_submit(handler):
    def submit(event) -> None:
        event.preventDefault()
        handler()

    return submit


def on_list_change(event) -> None:
    """Keeps the "defending" choices up to date as names are typed. Nothing else moves on a
    change: it fires as a finger lands on the next button, and a page that shifts then
    loses the tap. Sheet lines are worked out when asked for."""
    read = read_list(show=False)
    if read is not None:
        refresh_defending([e.item.name for e in read[1]])


def on_result_click(event) -> None:
    target_id = str(event.target.id)
    if target_id == "gear-use-pieces":
        use_pieces()
    elif target_id == "gear-apply":
        apply_damage()


async def on_share_click(event) -> None:
    await dom.copy_link(event.target)


def on_saved_click(event) -> None:
    key = event.target.getAttribute("data-open")
    if not dom.missing(key):
        open_saved(str(key))


on_work_out = on_submit(work_out)
on_organize = on_submit(organize_areas)
on_resolve = on_submit(resolve)
on_save = on_submit(save)


def on_export(event) -> None:
    export_file()


def begin() -> None:
    """Shows what the address or the fields typed before Python was up ask for, and the saved records."""
    if len(str(window.location.hash)) > 1:
        open_link()
    else:
        work_out(link=False)  # what was typed before Python was up (the link waits for a change)
    list_saved()
