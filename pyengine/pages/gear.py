"""The equipment page (``gear.html``): the equipment list against the character sheet, and
what layered armour blocks (seed 000).

Regions it draws: ``gear-items`` (the list's editor cards), ``gear-sheet`` (the sheet
lines), ``gear-defending`` (the "actively defending" choices), ``gear-organized``,
``gear-block``, ``gear-share-box``, ``gear-saved``. Fields it reads: the character's
``gear-char-<field>``, each item's ``gear-item-<key>-<field>``
(:func:`pyengine.gear.render.item_field_id`), ``gear-areas``, the block's
(:data:`BLOCK_IDS`, the ``gear-defence`` radio group, ``gear-weapon-broken``) and
``gear-save-name``. :attr:`GearPage.stale` says whether the sheet shown is not what the
fields now say (the page marks it ``gear-stale``).

The page's fields are the truth of what is typed: each action reads them (a mapping of
field id -> text, as ``dom.values`` gives them), works on a copy that it changes as it
fills fields, and returns everything it wrote as one :class:`~pyengine.pages.view.Update`.
Records are kept in the device's storage under ``strike-rank/gear/<name>``
(:func:`record_key`; docs/formats.md). What is being typed is kept as a draft at every change
(:data:`~pyengine.storage.keys.GEAR_DRAFT`, :class:`GearDraft`) and comes back when the page
opens again, as the sheet's and fight mode's do; the page says so in ``gear-draft-status``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from pyengine.errors import RecordError, RulesError, StorageError
from pyengine.gear import render
from pyengine.gear.blocking import BlockResult, resolve_block
from pyengine.gear.inputs import (
    CHARACTER_FIELDS,
    ITEM_FIELDS,
    block_texts,
    character_texts,
    entry_texts,
    read_block,
    read_character,
    read_entries,
)
from pyengine.gear.items import Character, Item
from pyengine.gear.notation import parse_areas
from pyengine.gear.organizing import Organized, organize
from pyengine.gear.sheet import SheetLine, sheet_line
from pyengine.gear.state import LINK, BlockInputs, Entry, GearState, check_record_name, read_record, to_record, to_state
from pyengine.library.drafts import keep_draft, read_draft
from pyengine.library.kinds import PREFIXES, ident_of
from pyengine.library.records import put_record, read_all, record_text
from pyengine.storage.store import Store
from pyengine.pages.view import Update, errors_cleared
from pyengine.render.share import share_line

PAGE = "./gear.html"
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
_WEAPON_FIELDS = ("weapon_name", "weapon_toughness", "weapon_absorb")
CHARACTER_IDS = tuple(f"gear-char-{field}" for field, _ in CHARACTER_FIELDS)
_ITEM_NAME = re.compile(r"^gear-item-(\d+)-name$")
_ITEM_FIELD = re.compile(r"^gear-item-(\d+)-")
#: The radios and ticks among the page's fields (their text is "1" or "").
_TICKS = ("gear-defence-failed", "gear-defence-half", "gear-defence-success", "gear-weapon-broken")
#: Every field a draft keeps but the items' (the ``gear-defence`` group's choice included).
_DRAFT_IDS = frozenset({*CHARACTER_IDS, *BLOCK_IDS.values(), *_TICKS, "gear-areas", "gear-save-name"})
_DRAFT_ITEM = re.compile(r"^gear-item-\d{1,4}-(?:%s)$" % "|".join(map(re.escape, (*ITEM_FIELDS, "broken"))))
#: A draft's limits (docs/formats.md): fields, characters in one field, characters of its link.
DRAFT_FIELDS, DRAFT_TEXT, DRAFT_LINK = 2_000, 10_000, 20_000
DAMAGED_DRAFT = (
    "What was being typed here could not be read back ({why}): the page starts from the example, and the draft "
    "is kept as it is until something is changed here; the saved lists on this device are not touched."
)


def record_key(name: str) -> str:
    """Where a record is kept on the device: ``strike-rank/gear/<name>``."""
    return PREFIXES["gear"] + name


_SAVED = "saved gear list"


def _read_saved(text: str):
    """A saved gear list, as the list of saved ones reads it."""
    return read_record(text, _SAVED)


def _why_damaged(key: str, reason: str) -> str:
    """Why a saved gear list does not read, naming it by its key (``record 'strike-rank/gear/…': …``)."""
    return f"record {key!r}" + reason.removeprefix(_SAVED) if reason.startswith(_SAVED) else reason


def form_values(state: GearState) -> dict[str, str]:
    """What a fresh page's fields hold with ``state`` in them (as ``dom.values`` reads them):
    the character, each item (keyed 1, 2, …), the areas, and the block's fields (blank,
    defence failed, when ``state`` has no block)."""
    block = block_texts(state.block) if state.block else block_texts(BlockInputs(success_level=0, power=0))
    if state.block is None:
        block |= {"success_level": "", "power": ""}
    values = {f"gear-char-{field}": text for field, text in character_texts(state.character).items()}
    values |= _item_values(state.entries)
    values["gear-areas"] = state.areas
    values |= {BLOCK_IDS[field]: block[field] for field in ("success_level", "power", "defending", *_WEAPON_FIELDS)}
    values |= {f"gear-defence-{d}": "1" if d == block["defence"] else "" for d in ("failed", "half", "success")}
    values["gear-defence"] = block["defence"]
    values["gear-weapon-broken"] = block["weapon_broken"]
    values["gear-save-name"] = ""
    return values


class GearDraft(NamedTuple):
    """What is being typed on the page, as it is kept on the device (``strike-rank/draft/gear``)."""

    typed: dict[str, str]
    """Each field's text as ``dom.values`` reads it (field id -> text; ticks ``"1"`` or ``""``),
    the items in the page's order."""
    link: str
    """The page's address when it was last typed in (``""`` or ``#…``): opened again with that
    address, the draft comes back; with another link, the link opens (and the draft waits)."""


def draft_text(draft: GearDraft) -> str:
    """The draft as it is stored: ``{"typed": {field id: text}, "link": "" or "#…"}``."""
    return json.dumps({"typed": draft.typed, "link": draft.link})


def _draft_field(ident: str) -> bool:
    return ident in _DRAFT_IDS or bool(_DRAFT_ITEM.match(ident))


def load_draft(text: str | None) -> GearDraft | None:
    """The draft kept on the device (``None``: there is none). A field the page does not have
    is left out (a later version's, say); the rest reads.

    :raises RecordError: not a draft the page wrote (not JSON, not an object, texts that are
        not texts, past its limits, a link that is not an address's ``#…``), said why.
    """
    if not text:
        return None
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError("gear draft: not JSON") from None
    if not isinstance(raw, dict):
        raise RecordError(f"gear draft: expected a JSON object, got {type(raw).__name__}")
    typed, link = raw.get("typed", {}), raw.get("link", "")
    if not isinstance(typed, dict) or not all(isinstance(v, str) for v in typed.values()):
        raise RecordError("gear draft: typed: expected each field's id and its text")
    if len(typed) > DRAFT_FIELDS:
        raise RecordError(f"gear draft: typed: {len(typed)} fields; a page has at most {DRAFT_FIELDS}")
    long = next((ident for ident, value in typed.items() if len(value) > DRAFT_TEXT), None)
    if long is not None:
        raise RecordError(f"gear draft: typed: {long[:40]!r} holds more than {DRAFT_TEXT} characters")
    if not isinstance(link, str) or (link and not link.startswith("#")) or len(link) > DRAFT_LINK:
        raise RecordError("gear draft: link: expected \"\" or the page's #… address")
    return GearDraft(typed={k: v for k, v in typed.items() if _draft_field(k)}, link=link)


def _item_values(entries: Sequence[Entry]) -> dict[str, str]:
    return {
        render.item_field_id(str(n), field): text
        for n, entry in enumerate(entries, 1)
        for field, text in entry_texts(entry).items()
    }


def _action(method: Callable[..., None]) -> Callable[..., Update]:
    """A user action: its last argument is what the page's fields hold; it returns what it wrote."""

    @functools.wraps(method)
    def act(self: GearPage, *args: object, **options: object) -> Update:
        self._fields = dict(args[-1])  # type: ignore[call-overload]
        self._wrote = Update()
        method(self, *args, **options)
        return self._written()

    return act


class GearPage:
    """The equipment page's state: the last organized pieces and block result (for the
    buttons that act on them), whether the sheet is stale, the device's records."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.stale = False
        self.lines: list[tuple[Entry, SheetLine]] = []
        self.organized: Organized | None = None
        self.block: BlockResult | None = None
        self._apply_shown = False
        self._shown: dict[str, str] = {}  # the item fields' problems on screen, for a list drawn again
        self._fields: dict[str, str] = {}
        self._wrote = Update()
        self.address = ""
        """The link the page's address holds (``#…``; ``""``: none): the draft notes it."""
        self.unsaved = False
        """The draft could not be kept on the device (and the page said so)."""

    # -- actions ------------------------------------------------------------------------------

    @_action
    def start(self, fragment: str, values: Mapping[str, str], *, typed: bool = False) -> None:
        """The page starts with something to show: a link is opened, or the draft comes back
        (when the address is the one it was typed on, or has no link), or what was typed before
        Python was up (``typed``: it wins over a draft, and is kept as the draft) is worked out;
        their link waits for a change. The saved records are listed."""
        self.address = fragment if len(fragment) > 1 else ""
        try:
            draft, problem = load_draft(read_draft(self.store, "gear")), ""
        except RecordError as exc:
            draft, problem = None, DAMAGED_DRAFT.format(why=exc)
        if draft is not None and not typed and (not self.address or draft.link == self.address):
            self._restore(draft)
        elif self.address:
            self._open_link(fragment)
        else:
            self._work_out(link=False)
            if typed:
                self._keep_draft()
        if problem:
            self._say(Update(text={"gear-draft-status": problem}))
        self._list_saved()

    @_action
    def open(self, fragment: str, values: Mapping[str, str]) -> None:
        """The address's link changed: its inputs fill the page and are worked out."""
        self._open_link(fragment)

    @_action
    def on_input(self, values: Mapping[str, str]) -> None:
        """Something was typed, chosen or ticked: kept as the draft (the sheet lines wait for
        "Work out the sheet lines", as before)."""
        self._keep_draft()

    @_action
    def on_work_out(self, values: Mapping[str, str]) -> None:
        """Works out every sheet line (and the link); every problem shown beside its field."""
        self._work_out()

    @_action
    def on_list_change(self, values: Mapping[str, str]) -> None:
        """A field of the list changed: only the "defending" choices follow the names (a page
        that shifts as a finger lands on the next button loses the tap)."""
        read = self._read_list(show=False)
        if read is not None:
            self._refresh_defending([e.item.name for e in read[1]])

    @_action
    def on_add(self, values: Mapping[str, str]) -> None:
        """A new item (armour, blank) at the end of the list, its name field focused."""
        keys = self._keys()
        key = str(max((int(k) for k in keys), default=0) + 1)
        self._fields |= {render.item_field_id(key, field): "" for field in (*ITEM_FIELDS, "broken")}
        self._fields[render.item_field_id(key, "kind")] = "armour"
        self._draw_list()
        self._keep_draft()
        self._say(Update(focus=render.item_field_id(key, "name")))

    @_action
    def on_items_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """An item's Remove (``data-remove``): it goes, the list is worked out again and the
        focus moves to the next item (or the one before, or "Add an item")."""
        keys = self._keys()
        key = data.get("remove", "")
        if key not in keys:
            return
        at = keys.index(key)
        near = keys[at + 1] if at + 1 < len(keys) else keys[at - 1] if at else None
        prefix = f"gear-item-{key}-"
        self._fields = {k: v for k, v in self._fields.items() if not k.startswith(prefix)}
        self._draw_list()
        self._work_out()
        self._keep_draft()
        self._say(Update(focus=render.item_field_id(near, "name") if near else "gear-add"))

    @_action
    def on_organize(self, values: Mapping[str, str]) -> None:
        """Organizes the armour the areas name into pieces (the list must read first)."""
        self._organize()

    @_action
    def on_resolve(self, values: Mapping[str, str]) -> None:
        """Resolves the block against the list as it is now."""
        self._resolve()

    @_action
    def on_result_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """"Use these pieces in my list" or "Apply the damage to my list"."""
        if data.get("id") == "gear-use-pieces":
            self._use_pieces()
        elif data.get("id") == "gear-apply":
            self._apply_damage()

    @_action
    def on_save(self, values: Mapping[str, str]) -> None:
        """Saves the page's inputs on the device under the name typed; never over a damaged
        record; a full storage says so and keeps what was there."""
        self._say(Update(errors={"gear-save-name": ""}))
        try:
            name = check_record_name(self._field("gear-save-name"))
        except RulesError as exc:
            return self._error("gear-save-name", str(exc))
        state = self._current_state(show=True)
        if state is None:
            return self._error("gear-save-name", "Save: the list has fields to fix first (marked above); nothing was saved")
        existing = record_text(self.store, "gear", name)
        if existing is not None:
            try:
                read_record(existing)
            except RulesError:
                return self._error(
                    "gear-save-name",
                    f"Save as {name!r}: a damaged record is stored under that name and is kept as it is; "
                    "save under another name",
                )
        try:
            text = to_record(name, state)
        except RulesError as exc:
            return self._error("gear-save-name", str(exc))
        try:
            put_record(self.store, "gear", name, text)
        except StorageError as exc:
            return self._error("gear-save-name", f"Save as {name!r}: {exc}")
        self._status(f"Saved as {name!r} on this device.")
        self._list_saved()

    @_action
    def on_saved_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """A saved record's Open (``data-open``: its key)."""
        key = data.get("open", "")
        name = ident_of(key, "gear")
        if name is None:
            return
        try:
            record = read_record(record_text(self.store, "gear", name) or "", f"record {key!r}")
        except RulesError as exc:
            return self._status(str(exc))
        self._say(Update(values={"gear-save-name": record.name}))
        self._fields["gear-save-name"] = record.name
        self._open_state(record.state)
        self._keep_draft()
        self._status(f"Opened {record.name!r}.")

    @_action
    def on_export(self, values: Mapping[str, str]) -> None:
        """The page's inputs as a file (``<name>.gear.json``, the stored record's text)."""
        self._say(Update(errors={"gear-save-name": ""}))
        state = self._current_state(show=True)
        if state is None:
            return self._error("gear-save-name", "Export: the list has fields to fix first (marked above)")
        name = self._field("gear-save-name").strip() or "equipment"
        try:
            text = to_record(name, state)
        except RulesError as exc:
            return self._error("gear-save-name", str(exc))
        self._say(Update(download=(f"{name}.gear.json", text)))
        self._status(f"Exported {name}.gear.json.")

    @_action
    def on_import(self, file_name: str, text: str, values: Mapping[str, str]) -> None:
        """A file chosen to import (its name and text): its inputs fill the page, not yet saved."""
        self._say(Update(errors={"gear-import": ""}))
        try:
            record = read_record(text, f"file {file_name!r}")
        except RulesError as exc:
            return self._error("gear-import", str(exc))
        self._say(Update(values={"gear-save-name": record.name}))
        self._fields["gear-save-name"] = record.name
        self._open_state(record.state)
        self._keep_draft()
        self._status(f"Imported {record.name!r} from {file_name!r}; save it to keep it on this device.")

    # -- reading the fields ---------------------------------------------------------------------

    def _field(self, ident: str) -> str:
        return self._fields.get(ident, "")

    def _keys(self) -> list[str]:
        """The list's items, in the page's order."""
        return [m.group(1) for ident in self._fields if (m := _ITEM_NAME.match(ident))]

    def _item_texts(self, key: str) -> dict[str, str]:
        texts = {field: self._field(render.item_field_id(key, field)) for field in ITEM_FIELDS}
        texts["broken"] = "1" if self._field(render.item_field_id(key, "broken")) else ""
        return texts

    def _read_list(self, *, show: bool = True) -> tuple[Character, tuple[Entry, ...]] | None:
        """The character and the list, or None; with ``show``, every problem beside its field."""
        keys = self._keys()
        if show:
            item_ids = [render.item_field_id(key, field) for key in keys for field in ITEM_FIELDS]
            self._say(Update(errors=errors_cleared([*CHARACTER_IDS, *item_ids]), notices={"gear-list-error": ""}))
        character, char_errors = read_character({field: self._field(f"gear-char-{field}") for field, _ in CHARACTER_FIELDS})
        entries, item_errors = read_entries([(key, self._item_texts(key)) for key in keys])
        if show and (char_errors or item_errors):
            errors = {f"gear-char-{f}": m for f, m in char_errors.items()}
            errors |= {render.item_field_id(key, f): m for (key, f), m in item_errors.items()}
            count = len(errors)
            note = f"{count} field{'s' if count != 1 else ''} above need{'s' if count == 1 else ''} fixing: each says what is wrong."
            self._say(Update(errors=errors, notices={"gear-list-error": note}))
        if character is None or entries is None:
            return None
        return character, entries

    def _read_block(self, names: Sequence[str] | None, *, show: bool = True) -> BlockInputs | None:
        if show:
            self._say(Update(errors=errors_cleared(list(BLOCK_IDS.values()))))
        texts = {field: self._field(ident) for field, ident in BLOCK_IDS.items()}
        texts["weapon_broken"] = "1" if self._field("gear-weapon-broken") else ""
        block, errors = read_block(texts, names)
        if show and errors:
            opened = {"gear-weapon-box": True} if any(f.startswith("weapon_") for f in errors) else {}
            self._say(Update(errors={BLOCK_IDS[f]: m for f, m in errors.items()}, opened=opened))
        return block

    def _current_state(self, *, show: bool = False) -> GearState | None:
        """The page's inputs as a state (the block only when its fields read), or None."""
        read = self._read_list(show=show)
        if read is None:
            return None
        character, entries = read
        block = None
        if self._field("gear-sl").strip() or self._field("gear-power").strip():
            block = self._read_block([e.item.name for e in entries], show=False)
        return GearState(character=character, entries=entries, areas=self._field("gear-areas"), block=block)

    # -- filling the fields -------------------------------------------------------------------

    def _fill_list(self, entries: Sequence[Entry]) -> None:
        self._fields = {k: v for k, v in self._fields.items() if not _ITEM_FIELD.match(k)} | _item_values(entries)
        self._say(Update(html={"gear-items": render.render_item_list(entries)}))

    def _draw_list(self) -> None:
        """The editor's cards again, from what their fields hold (numbered in order, keys kept)."""
        cards = [render.render_item_card(key, self._item_texts(key), n) for n, key in enumerate(self._keys(), 1)]
        self._say(Update(html={"gear-items": "\n".join(cards)}))

    def _fill_form(self, state: GearState) -> None:
        """A state in every field, as if typed (the block's only when it has one)."""
        values = {f"gear-char-{field}": text for field, text in character_texts(state.character).items()}
        values["gear-areas"] = state.areas
        self._set(values)
        self._fill_list(state.entries)
        self._refresh_defending([e.item.name for e in state.entries], state.block.defending if state.block else None)
        if state.block is not None:
            texts = block_texts(state.block)
            self._set({"gear-sl": texts["success_level"], "gear-power": texts["power"]})
            self._fields["gear-defence"] = texts["defence"]
            self._say(Update(checked={f"gear-defence-{texts['defence']}": True}))
            self._fill_weapon(texts)

    def _fill_weapon(self, texts: Mapping[str, str]) -> None:
        self._set({BLOCK_IDS[field]: texts[field] for field in _WEAPON_FIELDS})
        self._fields["gear-weapon-broken"] = texts["weapon_broken"]
        self._say(Update(checked={"gear-weapon-broken": bool(texts["weapon_broken"])}))
        if any(texts[field] for field in _WEAPON_FIELDS):
            self._say(Update(opened={"gear-weapon-box": True}))

    def _set(self, values: dict[str, str]) -> None:
        self._fields |= values
        self._say(Update(values=values))

    def _refresh_defending(self, names: Sequence[str], selected: str | None = None) -> None:
        """The "actively defending" choices for these names, keeping the one chosen if it is still there."""
        if selected is None:
            selected = self._field("gear-defending") or None
        self._say(Update(html={"gear-defending": render.render_defending_options(names, selected)}))
        match = [n for n in names if selected is not None and n.lower() == selected.lower()]
        self._fields["gear-defending"] = match[0] if match else ""

    # -- working things out -------------------------------------------------------------------

    def _work_out(self, *, link: bool = True) -> bool:
        read = self._read_list()
        if read is None:
            self.stale = True  # the sheet is kept, but marked as not what the fields now say
            self._say(Update(classes={"gear-sheet": {"gear-stale": True}}))
            return False
        character, entries = read
        self.lines = [(e, sheet_line(character, e.item, skill=e.skill)) for e in entries]
        self.stale = False
        self._say(Update(html={"gear-sheet": render.render_sheet(self.lines)}, classes={"gear-sheet": {"gear-stale": False}}))
        self._refresh_defending([e.item.name for e in entries])
        if link:
            self._share()
        return True

    def _organize(self) -> None:
        self._say(Update(errors={"gear-areas": ""}))
        read = self._read_list()
        if read is None:
            return
        try:
            result = organize([e.item for e in read[1]], parse_areas(self._field("gear-areas")))
        except RulesError as exc:
            return self._error("gear-areas", str(exc))
        self.organized = result
        use = render.render_action("gear-use-pieces", "Use these pieces in my list") if result.pieces else ""
        self._say(Update(html={"gear-organized": render.render_organized(result) + use}))
        self._share()

    def _refill_list(self, items: Sequence[Item]) -> bool:
        """``items`` in the list, each keeping the skill typed for its name; False (and the
        list's problems shown) when the list does not read."""
        read = self._read_list()
        if read is None:
            return False
        skills = {e.item.name: e.skill for e in read[1]}
        self._fill_list([Entry(item=item, skill=skills.get(item.name, 0)) for item in items])
        return True

    def _use_pieces(self) -> None:
        """The divided pieces in the list replaced by the organized ones."""
        done = self.organized
        if done is None or not self._refill_list(done.items):
            return
        self._set({"gear-areas": ""})
        self._keep_draft()
        said = f"The list now holds {len(done.pieces)} pieces in place of {', '.join(done.replaced)}."
        self._say(Update(html={"gear-organized": render.render_status("gear-used", said)}))
        self._work_out()
        self._say(Update(focus="gear-used"))  # the button pressed is gone: the focus stays where it was

    def _resolve(self) -> None:
        read = self._read_list()
        block = self._read_block(None if read is None else [e.item.name for e in read[1]])
        if read is None or block is None:
            return
        items = tuple(e.item for e in read[1])
        try:
            result = resolve_block(block.attack(), items, block.defending)
        except RulesError as exc:  # names the engine refuses (checked above; kept for safety)
            return self._error("gear-defending", str(exc))
        self.block = result
        self._apply_shown = result.items != items or result.weapon != block.weapon
        apply = render.render_action("gear-apply", "Apply the damage to my list") if self._apply_shown else ""
        self._say(Update(html={"gear-block": render.render_block(result) + apply}))
        self._share()

    def _apply_damage(self) -> None:
        """The last block's item states carried into the list (and the attacking weapon's fields)."""
        done = self.block
        if done is None or not self._refill_list(done.items):
            return
        if done.weapon is not None:
            self._fill_weapon(block_texts(BlockInputs(success_level=0, power=0, weapon=done.weapon)))
        applied = self._apply_shown
        if applied:
            said = "Applied: the list holds each item as this attack left it. Resolve again for the next attack."
            status = render.render_status("gear-applied", said, in_actions=True)
            self._say(Update(html={"gear-block": render.render_block(done) + status}))
            self._apply_shown = False
        self._work_out()
        self._keep_draft()
        if applied:
            self._say(Update(focus="gear-applied"))  # the button pressed is gone: the focus stays where it was

    # -- links and records --------------------------------------------------------------------

    def _share(self) -> None:
        state = self._current_state()
        if state is None:
            return
        try:
            link = LINK.link(to_state(state))
        except RulesError as exc:  # too big for a link: said where the link would be
            self._say(Update(html={"gear-share-box": render.render_share_error(str(exc))}))
            return
        share = share_line("gear", f"{PAGE}#{link}", "Link to these inputs and results", summary="these inputs and results")
        self.address = f"#{link}"
        self._say(Update(html={"gear-share-box": share}, address=self.address))

    def _open_link(self, fragment: str) -> None:
        if len(fragment) <= 1:
            return
        self._say(Update(notices={"gear-link-error": ""}))
        try:
            state = LINK.open(fragment)
        except RulesError as exc:
            self._say(Update(notices={"gear-link-error": str(exc)}))
            return
        self.address = fragment
        self._open_state(state)

    def _open_state(self, state: GearState) -> None:
        self._fill_form(state)
        self._work_out()
        if state.areas.strip():
            self._organize()
        if state.block is not None:
            self._resolve()

    def saved(self) -> list[tuple[str, str, str | None]]:
        """The records on the device, by name: (key, name, what is wrong with it or None)."""
        listing = read_all(self.store, "gear", _read_saved)
        records = [(e.key, e.value.name, None) for e in listing.entries]
        records += [(d.key, d.ident, _why_damaged(d.key, d.reason)) for d in listing.damaged]
        return sorted(records, key=lambda r: r[1].lower())

    # -- the draft ----------------------------------------------------------------------------

    def _keep_draft(self) -> None:
        """What the page's fields hold now, kept as the draft (with the address it was typed
        on); a device that refuses says so, and the warning goes once it is kept again."""
        typed = {k: v[:DRAFT_TEXT] for k, v in self._fields.items() if _draft_field(k)}
        try:
            keep_draft(self.store, "gear", draft_text(GearDraft(typed=typed, link=self.address)))
        except StorageError as exc:
            self.unsaved = True
            self._say(Update(text={"gear-draft-status": f"Not kept as a draft: {exc}. Save or export the list to keep it."}))
            return
        if self.unsaved:
            self.unsaved = False
            self._say(Update(text={"gear-draft-status": ""}))

    def _restore(self, draft: GearDraft) -> None:
        """The draft in every field, as it was typed, and the sheet lines worked out from it
        (every problem beside its field; the link waits for a change)."""
        typed = draft.typed
        self._fields = {k: v for k, v in self._fields.items() if not _ITEM_FIELD.match(k)} | typed
        plain = {k: v for k, v in typed.items() if k in _DRAFT_IDS and k not in (*_TICKS, "gear-defence", "gear-defending")}
        ticks = {ident: bool(typed[ident]) for ident in _TICKS if ident in typed}
        choice = f"gear-defence-{typed.get('gear-defence')}"
        if choice in _TICKS and not any(ident.startswith("gear-defence-") for ident in ticks):
            ticks[choice] = True  # the group's choice, where the radios themselves were not kept
        self._say(Update(values=plain, checked=ticks))
        self._draw_list()
        names = [self._field(render.item_field_id(key, "name")) for key in self._keys()]
        self._refresh_defending(names, typed.get("gear-defending") or None)
        if any(typed.get(BLOCK_IDS[field]) for field in _WEAPON_FIELDS) or ticks.get("gear-weapon-broken"):
            self._say(Update(opened={"gear-weapon-box": True}))
        self._work_out(link=False)
        self._say(Update(text={"gear-draft-status": "Restored what was being typed here."}))

    def _list_saved(self) -> None:
        self._say(Update(html={"gear-saved": render.render_saved(self.saved())}))

    # -- what it writes -----------------------------------------------------------------------

    def _say(self, update: Update) -> None:
        self._wrote = self._wrote | update

    def _error(self, field: str, message: str) -> None:
        self._say(Update(errors={field: message}))

    def _status(self, text: str) -> None:
        self._say(Update(text={"gear-save-status": text}))

    def _written(self) -> Update:
        """What the action wrote: problems only for fields the page now has; where the list
        was drawn again, the item fields' problems still on screen shown again."""
        keys = set(self._keys())
        errors = {k: v for k, v in self._wrote.errors.items() if not (m := _ITEM_FIELD.match(k)) or m.group(1) in keys}
        self._shown = {k: v for k, v in self._shown.items() if _ITEM_FIELD.match(k).group(1) in keys}  # type: ignore[union-attr]
        if "gear-items" in self._wrote.html:
            errors = {k: v for k, v in self._shown.items() if k not in errors} | errors
        for ident, message in errors.items():
            if not _ITEM_FIELD.match(ident):
                continue
            if message:
                self._shown[ident] = message
            else:
                self._shown.pop(ident, None)
        self._wrote.errors = errors
        return self._wrote

    def render(self) -> dict[str, str]:
        """The regions the controller has something for: the sheet, the last results, the records."""
        out = {"gear-sheet": render.render_sheet(self.lines), "gear-saved": render.render_saved(self.saved())}
        if self.organized is not None:
            out["gear-organized"] = render.render_organized(self.organized)
        if self.block is not None:
            out["gear-block"] = render.render_block(self.block)
        return out


def prerender(source) -> dict[str, str]:
    """The worked example, before Python is up (it needs no table)."""
    from pyengine.gear.example import EXAMPLE

    lines = [(e, sheet_line(EXAMPLE.character, e.item, skill=e.skill)) for e in EXAMPLE.entries]
    return {
        "character": render.render_character_fields(character_texts(EXAMPLE.character)),
        "items": render.render_item_list(EXAMPLE.entries),
        "sheet": render.render_sheet(lines),
        "areas": render.render_field_text(EXAMPLE.areas),
        "defending": render.render_defending_options([e.item.name for e in EXAMPLE.entries], None),
        "rulings": render.render_rulings(),
    }
