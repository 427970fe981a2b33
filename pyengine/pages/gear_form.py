"""The gear page's fields, the truth of what is typed: what an action reads from them, what it
fills into them, and everything it writes, gathered into one :class:`~pyengine.pages.view.Update`.

Each action of :class:`pyengine.pages.gear.GearPage` starts the form with what the page's fields
hold (a mapping of field id -> text, as ``dom.values`` gives them), works on that copy as it
fills fields, and returns what it wrote (:meth:`GearForm.written`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pyengine.gear import render
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
from pyengine.gear.items import Character
from pyengine.gear.state import BlockInputs, Entry, GearState
from pyengine.pages.view import Update, errors_cleared

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
WEAPON_FIELDS = ("weapon_name", "weapon_toughness", "weapon_absorb")
CHARACTER_IDS = tuple(f"gear-char-{field}" for field, _ in CHARACTER_FIELDS)
_ITEM_NAME = re.compile(r"^gear-item-(\d+)-name$")
ITEM_FIELD = re.compile(r"^gear-item-(\d+)-")

def _item_values(entries: Sequence[Entry]) -> dict[str, str]:
    return {
        render.item_field_id(str(n), field): text
        for n, entry in enumerate(entries, 1)
        for field, text in entry_texts(entry).items()
    }


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
    values |= {BLOCK_IDS[field]: block[field] for field in ("success_level", "power", "defending", *WEAPON_FIELDS)}
    values |= {f"gear-defence-{d}": "1" if d == block["defence"] else "" for d in ("failed", "half", "success")}
    values["gear-defence"] = block["defence"]
    values["gear-weapon-broken"] = block["weapon_broken"]
    values["gear-save-name"] = ""
    return values


class GearForm:
    """The page's fields as the current action sees them, and what it has written so far."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}
        self.wrote = Update()
        self.shown: dict[str, str] = {}
        """The item fields' problems on screen, for a list drawn again."""

    def begin(self, values: Mapping[str, str]) -> None:
        """An action starts: the fields as the page holds them, nothing written yet."""
        self.fields = dict(values)
        self.wrote = Update()

    def field(self, ident: str) -> str:
        return self.fields.get(ident, "")

    def keys(self) -> list[str]:
        """The list's items, in the page's order."""
        return [m.group(1) for ident in self.fields if (m := _ITEM_NAME.match(ident))]

    def item_texts(self, key: str) -> dict[str, str]:
        texts = {field: self.field(render.item_field_id(key, field)) for field in ITEM_FIELDS}
        texts["broken"] = "1" if self.field(render.item_field_id(key, "broken")) else ""
        return texts

    def read_list(self, *, show: bool = True) -> tuple[Character, tuple[Entry, ...]] | None:
        """The character and the list, or None; with ``show``, every problem beside its field."""
        keys = self.keys()
        if show:
            item_ids = [render.item_field_id(key, field) for key in keys for field in ITEM_FIELDS]
            self.say(Update(errors=errors_cleared([*CHARACTER_IDS, *item_ids]), notices={"gear-list-error": ""}))
        character, char_errors = read_character({field: self.field(f"gear-char-{field}") for field, _ in CHARACTER_FIELDS})
        entries, item_errors = read_entries([(key, self.item_texts(key)) for key in keys])
        if show and (char_errors or item_errors):
            errors = {f"gear-char-{f}": m for f, m in char_errors.items()}
            errors |= {render.item_field_id(key, f): m for (key, f), m in item_errors.items()}
            count = len(errors)
            note = f"{count} field{'s' if count != 1 else ''} above need{'s' if count == 1 else ''} fixing: each says what is wrong."
            self.say(Update(errors=errors, notices={"gear-list-error": note}))
        if character is None or entries is None:
            return None
        return character, entries

    def read_block(self, names: Sequence[str] | None, *, show: bool = True) -> BlockInputs | None:
        if show:
            self.say(Update(errors=errors_cleared(list(BLOCK_IDS.values()))))
        texts = {field: self.field(ident) for field, ident in BLOCK_IDS.items()}
        texts["weapon_broken"] = "1" if self.field("gear-weapon-broken") else ""
        block, errors = read_block(texts, names)
        if show and errors:
            opened = {"gear-weapon-box": True} if any(f.startswith("weapon_") for f in errors) else {}
            self.say(Update(errors={BLOCK_IDS[f]: m for f, m in errors.items()}, opened=opened))
        return block

    def current_state(self, *, show: bool = False) -> GearState | None:
        """The page's inputs as a state (the block only when its fields read), or None."""
        read = self.read_list(show=show)
        if read is None:
            return None
        character, entries = read
        block = None
        if self.field("gear-sl").strip() or self.field("gear-power").strip():
            block = self.read_block([e.item.name for e in entries], show=False)
        return GearState(character=character, entries=entries, areas=self.field("gear-areas"), block=block)

    def fill_list(self, entries: Sequence[Entry]) -> None:
        self.fields = {k: v for k, v in self.fields.items() if not ITEM_FIELD.match(k)} | _item_values(entries)
        self.say(Update(html={"gear-items": render.render_item_list(entries)}))

    def draw_list(self) -> None:
        """The editor's cards again, from what their fields hold (numbered in order, keys kept)."""
        cards = [render.render_item_card(key, self.item_texts(key), n) for n, key in enumerate(self.keys(), 1)]
        self.say(Update(html={"gear-items": "\n".join(cards)}))

    def fill_form(self, state: GearState) -> None:
        """A state in every field, as if typed (the block's only when it has one)."""
        values = {f"gear-char-{field}": text for field, text in character_texts(state.character).items()}
        values["gear-areas"] = state.areas
        self.set(values)
        self.fill_list(state.entries)
        self.refresh_defending([e.item.name for e in state.entries], state.block.defending if state.block else None)
        if state.block is not None:
            texts = block_texts(state.block)
            self.set({"gear-sl": texts["success_level"], "gear-power": texts["power"]})
            self.fields["gear-defence"] = texts["defence"]
            self.say(Update(checked={f"gear-defence-{texts['defence']}": True}))
            self.fill_weapon(texts)

    def fill_weapon(self, texts: Mapping[str, str]) -> None:
        self.set({BLOCK_IDS[field]: texts[field] for field in WEAPON_FIELDS})
        self.fields["gear-weapon-broken"] = texts["weapon_broken"]
        self.say(Update(checked={"gear-weapon-broken": bool(texts["weapon_broken"])}))
        if any(texts[field] for field in WEAPON_FIELDS):
            self.say(Update(opened={"gear-weapon-box": True}))

    def set(self, values: dict[str, str]) -> None:
        self.fields |= values
        self.say(Update(values=values))

    def refresh_defending(self, names: Sequence[str], selected: str | None = None) -> None:
        """The "actively defending" choices for these names, keeping the one chosen if it is still there."""
        if selected is None:
            selected = self.field("gear-defending") or None
        self.say(Update(html={"gear-defending": render.render_defending_options(names, selected)}))
        match = [n for n in names if selected is not None and n.lower() == selected.lower()]
        self.fields["gear-defending"] = match[0] if match else ""

    def say(self, update: Update) -> None:
        self.wrote = self.wrote | update

    def error(self, field: str, message: str) -> None:
        self.say(Update(errors={field: message}))

    def status(self, text: str) -> None:
        self.say(Update(text={"gear-save-status": text}))

    def written(self) -> Update:
        """What the action wrote: problems only for fields the page now has; where the list
        was drawn again, the item fields' problems still on screen shown again."""
        keys = set(self.keys())
        errors = {k: v for k, v in self.wrote.errors.items() if not (m := ITEM_FIELD.match(k)) or m.group(1) in keys}
        self.shown = {k: v for k, v in self.shown.items() if ITEM_FIELD.match(k).group(1) in keys}  # type: ignore[union-attr]
        if "gear-items" in self.wrote.html:
            errors = {k: v for k, v in self.shown.items() if k not in errors} | errors
        for ident, message in errors.items():
            if not ITEM_FIELD.match(ident):
                continue
            if message:
                self.shown[ident] = message
            else:
                self.shown.pop(ident, None)
        self.wrote.errors = errors
        return self.wrote
