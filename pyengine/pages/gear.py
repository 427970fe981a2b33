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
fills fields, and returns everything it wrote as one :class:`~pyengine.pages.view.Update`
(:class:`~pyengine.pages.gear_form.GearForm`). Records are kept in the device's storage under
``strike-rank/gear/<name>`` (:class:`~pyengine.pages.gear_records.GearRecords`; docs/formats.md).
What is being typed is kept as a draft at every change (:class:`~pyengine.pages.gear_draft.GearDraft`)
and comes back when the page opens again, as the sheet's and fight mode's do; the page says so
in ``gear-draft-status``. :class:`GearPage` composes these and does the rest: the sheet lines
worked out, the armour organized, the block resolved, the link.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from pyengine.errors import RecordError, RulesError, StorageError
from pyengine.gear import render
from pyengine.gear.blocking import BlockResult, resolve_block
from pyengine.gear.inputs import ITEM_FIELDS, block_texts, character_texts
from pyengine.gear.items import Item
from pyengine.gear.notation import parse_areas
from pyengine.gear.organizing import Organized, organize
from pyengine.gear.sheet import SheetLine, sheet_line
from pyengine.gear.state import BlockInputs, Entry, GearState
from pyengine.library.drafts import keep_draft, read_draft
from pyengine.pages.gear_draft import (
    DAMAGED_DRAFT,
    DRAFT_IDS,
    DRAFT_TEXT,
    TICKS,
    GearDraft,
    draft_field,
    draft_text,
    load_draft,
)
from pyengine.pages.gear_form import BLOCK_IDS, ITEM_FIELD, WEAPON_FIELDS, GearForm, form_values
from pyengine.pages.gear_records import PAGE, GearRecords, record_key
from pyengine.pages.view import Update
from pyengine.storage.store import Store

__all__ = ["BLOCK_IDS", "PAGE", "GearDraft", "GearPage", "draft_text", "form_values", "load_draft", "prerender",
           "record_key"]

def _action(method: Callable[..., None]) -> Callable[..., Update]:
    """A user action: its last argument is what the page's fields hold; it returns what it wrote."""

    @functools.wraps(method)
    def act(self: GearPage, *args: object, **options: object) -> Update:
        self.form.begin(args[-1])  # type: ignore[arg-type]
        method(self, *args, **options)
        return self.form.written()

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
        self.form = GearForm()
        self.records = GearRecords(self)
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
            self.records.open_link(fragment)
        else:
            self._work_out(link=False)
            if typed:
                self._keep_draft()
        if problem:
            self.form.say(Update(text={"gear-draft-status": problem}))
        self.records.list_saved()

    @_action
    def open(self, fragment: str, values: Mapping[str, str]) -> None:
        """The address's link changed: its inputs fill the page and are worked out."""
        self.records.open_link(fragment)

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
        read = self.form.read_list(show=False)
        if read is not None:
            self.form.refresh_defending([e.item.name for e in read[1]])

    @_action
    def on_add(self, values: Mapping[str, str]) -> None:
        """A new item (armour, blank) at the end of the list, its name field focused."""
        keys = self.form.keys()
        key = str(max((int(k) for k in keys), default=0) + 1)
        self.form.fields |= {render.item_field_id(key, field): "" for field in (*ITEM_FIELDS, "broken")}
        self.form.fields[render.item_field_id(key, "kind")] = "armour"
        self.form.draw_list()
        self._keep_draft()
        self.form.say(Update(focus=render.item_field_id(key, "name")))

    @_action
    def on_items_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """An item's Remove (``data-remove``): it goes, the list is worked out again and the
        focus moves to the next item (or the one before, or "Add an item")."""
        keys = self.form.keys()
        key = data.get("remove", "")
        if key not in keys:
            return
        at = keys.index(key)
        near = keys[at + 1] if at + 1 < len(keys) else keys[at - 1] if at else None
        prefix = f"gear-item-{key}-"
        self.form.fields = {k: v for k, v in self.form.fields.items() if not k.startswith(prefix)}
        self.form.draw_list()
        self._work_out()
        self._keep_draft()
        self.form.say(Update(focus=render.item_field_id(near, "name") if near else "gear-add"))

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
        """Saves the page's inputs on the device under the name typed (:meth:`GearRecords.save`)."""
        self.records.save(values)

    @_action
    def on_saved_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> None:
        """A saved record's Open (``data-open``: its key)."""
        self.records.open_saved(data, values)

    @_action
    def on_export(self, values: Mapping[str, str]) -> None:
        """The page's inputs as a file (``<name>.gear.json``, the stored record's text)."""
        self.records.export(values)

    @_action
    def on_import(self, file_name: str, text: str, values: Mapping[str, str]) -> None:
        """A file chosen to import (its name and text): its inputs fill the page, not yet saved."""
        self.records.import_file(file_name, text, values)

    def saved(self) -> list[tuple[str, str, str | None]]:
        """The records on the device, by name: (key, name, what is wrong with it or None)."""
        return self.records.saved()

    # -- working things out -------------------------------------------------------------------

    def _work_out(self, *, link: bool = True) -> bool:
        read = self.form.read_list()
        if read is None:
            self.stale = True  # the sheet is kept, but marked as not what the fields now say
            self.form.say(Update(classes={"gear-sheet": {"gear-stale": True}}))
            return False
        character, entries = read
        self.lines = [(e, sheet_line(character, e.item, skill=e.skill)) for e in entries]
        self.stale = False
        self.form.say(Update(html={"gear-sheet": render.render_sheet(self.lines)}, classes={"gear-sheet": {"gear-stale": False}}))
        self.form.refresh_defending([e.item.name for e in entries])
        if link:
            self.records.share()
        return True

    def _organize(self) -> None:
        self.form.say(Update(errors={"gear-areas": ""}))
        read = self.form.read_list()
        if read is None:
            return
        try:
            result = organize([e.item for e in read[1]], parse_areas(self.form.field("gear-areas")))
        except RulesError as exc:
            return self.form.error("gear-areas", str(exc))
        self.organized = result
        use = render.render_action("gear-use-pieces", "Use these pieces in my list") if result.pieces else ""
        self.form.say(Update(html={"gear-organized": render.render_organized(result) + use}))
        self.records.share()

    def _refill_list(self, items: Sequence[Item]) -> bool:
        """``items`` in the list, each keeping the skill typed for its name; False (and the
        list's problems shown) when the list does not read."""
        read = self.form.read_list()
        if read is None:
            return False
        skills = {e.item.name: e.skill for e in read[1]}
        self.form.fill_list([Entry(item=item, skill=skills.get(item.name, 0)) for item in items])
        return True

    def _use_pieces(self) -> None:
        """The divided pieces in the list replaced by the organized ones."""
        done = self.organized
        if done is None or not self._refill_list(done.items):
            return
        self.form.set({"gear-areas": ""})
        self._keep_draft()
        said = f"The list now holds {len(done.pieces)} pieces in place of {', '.join(done.replaced)}."
        self.form.say(Update(html={"gear-organized": render.render_status("gear-used", said)}))
        self._work_out()
        self.form.say(Update(focus="gear-used"))  # the button pressed is gone: the focus stays where it was

    def _resolve(self) -> None:
        read = self.form.read_list()
        block = self.form.read_block(None if read is None else [e.item.name for e in read[1]])
        if read is None or block is None:
            return
        items = tuple(e.item for e in read[1])
        try:
            result = resolve_block(block.attack(), items, block.defending)
        except RulesError as exc:  # names the engine refuses (checked above; kept for safety)
            return self.form.error("gear-defending", str(exc))
        self.block = result
        self._apply_shown = result.items != items or result.weapon != block.weapon
        apply = render.render_action("gear-apply", "Apply the damage to my list") if self._apply_shown else ""
        self.form.say(Update(html={"gear-block": render.render_block(result) + apply}, scroll="gear-block"))
        self.records.share()

    def _apply_damage(self) -> None:
        """The last block's item states carried into the list (and the attacking weapon's fields)."""
        done = self.block
        if done is None or not self._refill_list(done.items):
            return
        if done.weapon is not None:
            self.form.fill_weapon(block_texts(BlockInputs(success_level=0, power=0, weapon=done.weapon)))
        applied = self._apply_shown
        if applied:
            said = "Applied: the list holds each item as this attack left it. Resolve again for the next attack."
            status = render.render_status("gear-applied", said, in_actions=True)
            self.form.say(Update(html={"gear-block": render.render_block(done) + status}))
            self._apply_shown = False
        self._work_out()
        self._keep_draft()
        if applied:
            self.form.say(Update(focus="gear-applied"))  # the button pressed is gone: the focus stays where it was

    def _open_state(self, state: GearState) -> None:
        self.form.fill_form(state)
        self._work_out()
        if state.areas.strip():
            self._organize()
        if state.block is not None:
            self._resolve()

    # -- the draft ----------------------------------------------------------------------------

    def _keep_draft(self) -> None:
        """What the page's fields hold now, kept as the draft (with the address it was typed
        on); a device that refuses says so, and the warning goes once it is kept again."""
        typed = {k: v[:DRAFT_TEXT] for k, v in self.form.fields.items() if draft_field(k)}
        try:
            keep_draft(self.store, "gear", draft_text(GearDraft(typed=typed, link=self.address)))
        except StorageError as exc:
            self.unsaved = True
            self.form.say(Update(text={"gear-draft-status": f"Not kept as a draft: {exc}. Save or export the list to keep it."}))
            return
        if self.unsaved:
            self.unsaved = False
            self.form.say(Update(text={"gear-draft-status": ""}))

    def _restore(self, draft: GearDraft) -> None:
        """The draft in every field, as it was typed, and the sheet lines worked out from it
        (every problem beside its field; the link waits for a change)."""
        typed = draft.typed
        self.form.fields = {k: v for k, v in self.form.fields.items() if not ITEM_FIELD.match(k)} | typed
        plain = {k: v for k, v in typed.items() if k in DRAFT_IDS and k not in (*TICKS, "gear-defence", "gear-defending")}
        ticks = {ident: bool(typed[ident]) for ident in TICKS if ident in typed}
        choice = f"gear-defence-{typed.get('gear-defence')}"
        if choice in TICKS and not any(ident.startswith("gear-defence-") for ident in ticks):
            ticks[choice] = True  # the group's choice, where the radios themselves were not kept
        self.form.say(Update(values=plain, checked=ticks))
        self.form.draw_list()
        names = [self.form.field(render.item_field_id(key, "name")) for key in self.form.keys()]
        self.form.refresh_defending(names, typed.get("gear-defending") or None)
        if any(typed.get(BLOCK_IDS[field]) for field in WEAPON_FIELDS) or ticks.get("gear-weapon-broken"):
            self.form.say(Update(opened={"gear-weapon-box": True}))
        self._work_out(link=False)
        self.form.say(Update(text={"gear-draft-status": "Restored what was being typed here."}))

    # -- what it shows ------------------------------------------------------------------------

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
    # only the build prerenders the example; the page's start needs it not
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
