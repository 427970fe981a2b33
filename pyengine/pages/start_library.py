"""The start page's device library: the fights kept on this device, the parties
with each member's hit points at a glance, time passing for a party, the backup file, and how
much of the device's storage is used.

:class:`DeviceLibrary` is made by the start page's glue after the page is ready (or when a
click needs it): it imports the library, and the RuneQuest engine only when a party is shown
or played (the glue hands it the tables then, :meth:`DeviceLibrary.use_tables`). The parties
are its part :class:`~pyengine.pages.start_parties.Parties`; the fights, the backup and this
device's storage, each a few actions, are its own.

Regions it draws: ``fights-list``, ``party-list``, ``party-new`` (the members to pick),
``backup-out``, ``device-out``.
Fields it reads: ``party-name``, ``party-pick-<id>`` (checkboxes), ``party-rename-<party>``,
``party-days-<party>``, ``bk-<n>`` (radio groups: each changed item's choice).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from pyengine.dice import Dice, RandomDice
from pyengine.errors import RulesError
from pyengine.library.backup import app_items, export_backup, read_backup
from pyengine.library.fights import delete_fight, list_fights, load_fight, resume, undo_delete
from pyengine.library.kinds import has_records
from pyengine.library.merge import Applied, apply_plan, describe_plan, import_into_empty, plan_import
from pyengine.library.naming import name_of, tally
from pyengine.library.records import record_text
from pyengine.library.usage import describe_estimate, describe_persistence, describe_usage, storage_use
from pyengine.pages.at_start import begin_shown
from pyengine.pages.start_parties import Parties, _adventurer
from pyengine.pages.view import Update
from pyengine.render import start_library as draw
from pyengine.render.start_library import Notice
from pyengine.storage.store import Store


class DeviceLibrary:
    """What the device keeps, as the start page shows it, and the actions on it."""

    def __init__(self, store: Store, *, now: Callable[[], str], new_id: Callable[[], str] | None = None,
                 app: str = "", dice: Dice | None = None) -> None:
        self.store = store
        self.now = now
        self.new_id = new_id or (lambda: os.urandom(6).hex())
        self.app = app
        self.dice = dice or RandomDice()
        self.tables = None
        self.locations = None
        self.fight_notice: Notice = ""
        self.parties = Parties(self)
        self.plan = None
        self.backup_notice: Notice = ""
        self.device = ""

    def open(self) -> Update:
        """The page is ready: everything the device keeps, drawn."""
        return Update(html=self.render())

    def needs_tables(self) -> bool:
        """A party is shown (its members' hit points need the tables) and they are not loaded."""
        return self.tables is None and has_records(self.store, "party")

    def use_tables(self, tables, locations=None) -> Update:
        """The RuneQuest tables (and hit locations) are loaded: the parties' hit points can be shown."""
        self.tables, self.locations = tables, locations
        self.parties.use_tables()
        return Update(html={"party-list": self.render_parties()})

    # -- fights ---------------------------------------------------------------------------

    def on_fights_click(self, data: Mapping[str, str]) -> Update:
        """A button in the fights list: ``data-resume``, ``data-export``, ``data-delete``,
        ``data-undo-delete`` (each a fight's id)."""
        now = self.now()
        try:
            if ident := data.get("resume"):
                resume(self.store, ident, now=now, new_id=self.new_id)
                return Update(navigate="./combat.html#fight")
            if ident := data.get("export"):
                fight = load_fight(self.store, ident)
                return Update(download=(f"fight-{ident}.json", self._export(ident, fight)))
            if ident := data.get("delete"):
                fight = load_fight(self.store, ident)
                delete_fight(self.store, ident, now=now, new_id=self.new_id)
                self.fight_notice = draw.deleted(fight.name, ident)
            elif ident := data.get("undo-delete"):
                back = undo_delete(self.store, ident)
                self.fight_notice = draw.notice(f"Put back ({back.kind} {back.ident}).")
            else:
                return Update()
        except RulesError as exc:
            self.fight_notice = draw.notice(str(exc), alert=True)
        return Update(html={"fights-list": self.render_fights()})

    def _export(self, ident: str, fight) -> str:
        """The fight's JSON export as fight mode makes it (with the tables), else its saved record."""
        if self.tables is None or self.locations is None or not fight.link:
            return record_text(self.store, "fight", ident) or ""
        # the melee rules load for a fight's export only, not when the library is drawn
        from pyengine.runequest.melee.build import melee_tables
        from pyengine.runequest.melee.log import export_json, read_any, replay

        log = read_any(fight.link)
        return export_json(log, replay(log, melee_tables(self.tables, self.locations))).decode()

    def render_fights(self) -> str:
        return draw.fights_list(list_fights(self.store), self.fight_notice)

    # -- parties (pages.start_parties) ----------------------------------------------------

    def on_make_party(self, values: Mapping[str, str]) -> Update:
        """"Make the party": the name typed and the adventurers ticked."""
        return self.parties.on_make_party(values)

    def on_party_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A button on a party's card (:meth:`Parties.on_party_click`)."""
        return self.parties.on_party_click(data, values)

    def render_parties(self) -> str:
        return self.parties.render_parties()

    def render_pick(self) -> str:
        return self.parties.render_pick()

    # -- backup ---------------------------------------------------------------------------

    def on_export_backup(self) -> Update:
        """"Export everything": the backup file."""
        return Update(download=export_backup(self.store, now=self.now(), app=self.app))

    def on_backup_file(self, text: str) -> Update:
        """A backup file chosen: into an empty device it goes as it is; else what importing it
        would do, to confirm."""
        self.plan = None
        try:
            if not app_items(self.store):
                backup = read_backup(text)
                self.backup_notice = self._applied(import_into_empty(self.store, backup, now=self.now()), backup.items)
                return self._everything()
            self.plan = plan_import(self.store, text, {"character": _adventurer})
        except RulesError as exc:
            self.backup_notice = draw.notice(f"That file was not imported: {exc}", alert=True)
            return Update(html={"backup-out": self.render_backup()})
        self.backup_notice = ""
        return Update(html={"backup-out": self.render_backup()})

    def on_backup_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """``data-backup`` ``apply`` (with each changed item's choice) or ``cancel``."""
        do = data.get("backup", "")
        if do == "cancel":
            self.plan, self.backup_notice = None, "Nothing was imported."
            return Update(html={"backup-out": self.render_backup()})
        if do != "apply" or self.plan is None:
            return Update()
        choices = {item.key: values[f"bk-{n}"] for n, item in enumerate(self.plan.items)
                   if item.status == "changed" and values.get(f"bk-{n}")}
        try:
            applied = apply_plan(self.store, self.plan, choices, now=self.now(), new_id=self.new_id)
        except RulesError as exc:
            self.backup_notice = draw.notice(str(exc), alert=True)
            return Update(html={"backup-out": self.render_backup()})
        items = self.plan.backup.items if self.plan.backup is not None else {}
        self.plan = None
        self.backup_notice = self._applied(applied, items)
        return self._everything()

    @staticmethod
    def _applied(applied: Applied, items: Mapping[str, str]) -> Notice:
        """What an import did, what did not fit counted by kind and the first of them named
        (``items``: the file's, for their names)."""
        failed = [d.key for d in applied.failed]
        return draw.applied(applied, [name_of(key, items) for key in failed[:draw.LIST_CUT]], tally(failed))

    def _everything(self) -> Update:
        """Everything drawn again after an import, which may bring the first adventurer."""
        return Update(html=self.render()) | begin_shown(self.store)

    def render_backup(self) -> str:
        if self.plan is None:
            return draw.backup_said(self.backup_notice)
        return draw.backup_plan(self.plan, describe_plan(self.plan))

    # -- this device ----------------------------------------------------------------------

    def on_storage(self, persisted: bool | None, usage: float | None, quota: float | None) -> Update:
        """What the browser said of keeping the site's storage and of its estimate."""
        self.device = " ".join(s for s in (describe_persistence(persisted),
                                   describe_estimate(usage, quota)) if s)
        return Update(html={"device-out": self.render_device()})

    def render_device(self) -> str:
        used = describe_usage(storage_use(self.store))
        return draw.device(used, self.device)

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        return {"fights-list": self.render_fights(), "party-list": self.render_parties(), "party-new": self.render_pick(),
                "backup-out": self.render_backup(), "device-out": self.render_device()}

