"""The start page's device library (issue 16): the fights kept on this device, the parties
with each member's hit points at a glance, time passing for a party, the backup file, and how
much of the device's storage is used.

:class:`DeviceLibrary` is made by the start page's glue after the page is ready (or when a
click needs it): it imports the library, and the RuneQuest engine only when a party is shown
or played (the glue hands it the tables then, :meth:`DeviceLibrary.use_tables`).

Regions it draws: ``fights-list``, ``party-list``, ``party-new`` (the members to pick),
``backup-out``, ``device-out``.
Fields it reads: ``party-name``, ``party-pick-<id>`` (checkboxes), ``party-rename-<party>``,
``party-days-<party>``, ``bk-<n>`` (radio groups: each changed item's choice).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from pyengine import library
from pyengine.dice import Dice, RandomDice
from pyengine.errors import RecordError, RulesError, StorageError
from pyengine.storage.store import Store
from pyengine.pages.view import Update
from pyengine.render import start_library as draw
from pyengine.render.start_library import Notice

#: How many records' readings (and hit points in words) a page keeps, to draw its cards again.
MAX_REMEMBERED = 1000


def _adventurer(text: str):
    from pyengine.runequest.sheet.adventurer import load_adventurer

    return load_adventurer(text)


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
        self.party_notice: dict[str, Notice] = {}
        """Per party id: what was last done (the working of time passing, an undo)."""
        self._cards: dict[str, tuple[tuple, Notice | None, str]] = {}
        """Per party id: its card as last drawn, with what it was drawn from."""
        self.time_undo: dict[str, list[str]] = {}
        """Per party id: the members whose records the last time passing saved."""
        self.plan = None
        self.backup_notice: Notice = ""
        self.device = ""
        self._read: dict[str, Any] = {}
        """Record text -> the adventurer it reads as: the cards are drawn again after every action,
        and a record not changed since is not read again."""
        self._said: dict[int, tuple[Any, Any]] = {}
        """id of an adventurer -> (that adventurer, his :class:`~pyengine.runequest.campaign.Vitals`)."""

    def open(self) -> Update:
        """The page is ready: everything the device keeps, drawn."""
        return Update(html=self.render())

    def needs_tables(self) -> bool:
        """A party is shown (its members' hit points need the tables) and they are not loaded."""
        return self.tables is None and library.has_records(self.store, "party")

    def use_tables(self, tables, locations=None) -> Update:
        """The RuneQuest tables (and hit locations) are loaded: the parties' hit points can be shown."""
        self.tables, self.locations = tables, locations
        self._said.clear()
        return Update(html={"party-list": self.render_parties()})

    # -- fights ---------------------------------------------------------------------------

    def on_fights_click(self, data: Mapping[str, str]) -> Update:
        """A button in the fights list: ``data-resume``, ``data-export``, ``data-delete``,
        ``data-undo-delete`` (each a fight's id)."""
        now = self.now()
        try:
            if ident := data.get("resume"):
                library.resume(self.store, ident, now=now, new_id=self.new_id)
                return Update(navigate="./combat.html#fight")
            if ident := data.get("export"):
                fight = library.load_fight(self.store, ident)
                return Update(download=(f"fight-{ident}.json", self._export(ident, fight)))
            if ident := data.get("delete"):
                fight = library.load_fight(self.store, ident)
                library.delete_fight(self.store, ident, now=now, new_id=self.new_id)
                self.fight_notice = draw.deleted(fight.name, ident)
            elif ident := data.get("undo-delete"):
                back = library.undo_delete(self.store, ident)
                self.fight_notice = draw.notice(f"Put back ({back.kind} {back.ident}).")
            else:
                return Update()
        except RulesError as exc:
            self.fight_notice = draw.notice(str(exc), alert=True)
        return Update(html={"fights-list": self.render_fights()})

    def _export(self, ident: str, fight) -> str:
        """The fight's JSON export as fight mode makes it (with the tables), else its saved record."""
        if self.tables is None or self.locations is None or not fight.link:
            return library.record_text(self.store, "fight", ident) or ""
        from pyengine.runequest.melee.build import melee_tables
        from pyengine.runequest.melee.log import export_json, read_any, replay

        log = read_any(fight.link)
        return export_json(log, replay(log, melee_tables(self.tables, self.locations))).decode()

    def render_fights(self) -> str:
        return draw.fights_list(library.list_fights(self.store), self.fight_notice)

    # -- parties --------------------------------------------------------------------------

    def saved(self) -> list[tuple[str, str]]:
        """(id, name) of each readable saved adventurer, by name."""
        listing = library.read_all(self.store, "character", self._adventurer)
        out = [(e.ident, e.value.name or "(no name)") for e in listing.entries]
        return sorted(out, key=lambda r: (r[1].casefold(), r[0]))

    def render_pick(self) -> str:
        """The saved adventurers to pick for a new party."""
        return draw.pick_list(self.saved())

    def on_make_party(self, values: Mapping[str, str]) -> Update:
        """"Make the party": the name typed and the adventurers ticked."""
        members = [i for i, _ in self.saved() if values.get(f"party-pick-{i}") == "1"]
        try:
            if not members:
                raise RulesError("party: tick at least one adventurer", field="name")
            party = library.make_party(values.get("party-name", ""), members)
            library.save_party(self.store, party, when=self.now(), new_id=self.new_id, why="party made")
        except RulesError as exc:
            return Update(errors={"party-name": str(exc)}, focus="party-name")
        return Update(errors={"party-name": ""}, values={"party-name": ""},
                      html={"party-list": self.render_parties(), "party-new": self.render_pick()})

    def _party(self, ident: str):
        text = library.record_text(self.store, "party", ident)
        if text is None:
            raise RecordError(f"party {ident!r}: it is not on this device")
        return library.read_party(text)

    def _save_party(self, ident: str, party, why: str) -> None:
        library.save_party(self.store, party, when=self.now(), new_id=self.new_id, ident=ident, why=why)

    def on_party_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A button on a party's card (``data-party`` its id): ``data-do`` is ``rename``,
        ``remove`` (``data-member``), ``fight``, ``week``, ``days``, ``undo-time``."""
        ident, do = data.get("party", ""), data.get("do", "")
        if not ident or not do:
            return Update()
        try:
            party = self._party(ident)
            if do == "rename":
                name = values.get(f"party-rename-{ident}", "")
                self._save_party(ident, library.make_party(name, party.members), f"renamed {name.strip()!r}")
                self.party_notice[ident] = f"Renamed {name.strip()!r}."
            elif do == "remove":
                self._save_party(ident, library.without_member(party, data.get("member", "")), "member removed")
            elif do == "fight":
                return self._start_fight(ident, party)
            elif do in ("week", "days"):
                self._time_passes(ident, party, values.get(f"party-days-{ident}", "") if do == "days" else None)
            elif do == "undo-time":
                self._undo_time(ident)
        except RulesError as exc:
            self.party_notice[ident] = draw.notice(str(exc), alert=True)
        if do in ("week", "days", "undo-time") and ident in self._cards:
            return Update(replaced=self._cards_again(ident))
        return Update(html={"party-list": self.render_parties()})

    def _cards_again(self, ident: str) -> dict[str, str]:
        """After time passed for a party (its record unchanged, its members' changed): its card
        and those of the parties sharing a member, drawn again, by element id; the others as
        they are (a week for one party of five drew all thirty members and read every key)."""
        touched = set(self._cards[ident][0][0].members)
        return {f"party-{other}": self._card(other, key[0]) for other, (key, _, _) in list(self._cards.items())
                if other == ident or touched & set(key[0].members)}

    def _card(self, ident: str, party) -> str:
        """The party's card, drawn again only when the party, one of its members' records, its
        notice or the tables (the vitals wait for them) changed since it was last drawn."""
        notice = self.party_notice.get(ident)
        key = (party, self.tables is None, tuple(library.record_text(self.store, "character", m) for m in party.members))
        drawn = self._cards.get(ident)
        if drawn is None or drawn[0] != key or drawn[1] is not notice:
            drawn = self._cards[ident] = (key, notice, self._party_card(ident, party, notice))
        return drawn[2]

    def _members(self, party) -> tuple[Any, ...]:
        return library.members_of(self.store, party, self._adventurer)

    def _adventurer(self, text: str):
        """The adventurer a record's text reads as (read once per text).

        :raises RecordError: it does not read.
        """
        adventurer = self._read.get(text)
        if adventurer is None:
            if len(self._read) >= MAX_REMEMBERED:
                self._read.clear()
            adventurer = self._read[text] = _adventurer(text)
        return adventurer

    def _start_fight(self, ident: str, party) -> Update:
        """The party's members added to a new fight as fight mode adds a saved adventurer (its
        own :class:`~pyengine.pages.fight.FightPage`), the fight kept, then fight mode opened."""
        if self.tables is None or self.locations is None:
            raise RulesError("the rules tables are still loading; try again in a moment", field="party")
        from pyengine.pages.fight import FightPage

        library.new_fight(self.store, now=self.now(), new_id=self.new_id)  # the fight there was is kept
        page = FightPage(self.tables, self.locations, self.store, self.dice)
        page.open({})
        names: list[str] = []
        problems: list[str] = []
        side = party.name[:30]
        for m in self._members(party):
            if m.status != "ok":
                problems.append(f"{m.ident}: {m.status}")
                continue
            name = (m.value.name or "Adventurer")[:40]
            added = page.on_add({"fa-source": m.ident, "fa-name": name, "fa-side": side})
            wrong = [e for e in added.errors.values() if e]
            if wrong:
                problems.append(f"{name}: {'; '.join(wrong)}")
            else:
                names.append(name)
        if not names:
            raise RulesError("start a fight: no member of the party can fight (" + "; ".join(problems) + ")", field="party")
        # Nothing was typed in fight mode's add form here: its draft says so (an empty "add"), so
        # the page keeps its own fields (STR, CON, … as it comes) rather than blanking them.
        page.draft["add"] = {}
        library.open_fight(self.store, json.dumps(page.draft), sides={side: names}, name=f"{party.name}'s fight",
                           why=f"starting {party.name}'s fight", when=self.now(), now=self.now(), new_id=self.new_id)
        return Update(navigate="./combat.html#fight")

    def _time_passes(self, ident: str, party, days: str | None) -> None:
        if self.tables is None:
            raise RulesError("the rules tables are still loading; try again in a moment", field="party")
        from pyengine.runequest.campaign import A_WEEK, elapsed, party_time_passes

        how_long = A_WEEK if days is None else elapsed(days=days)
        why = "a week passes" if days is None else f"{how_long.days} day{'s' if how_long.days != 1 else ''} pass"
        ok = [m for m in self._members(party) if m.status == "ok"]
        changed = party_time_passes([m.value for m in ok], self.tables, how_long, self.dice)
        when = self.now()
        saved, shown = [], []
        with library.atomic(self.store, f"{why} for party {party.name!r}", when=when,
                            keys=library.record_keys("character", [m.ident for m in ok])) as store:
            self._each_saved(store, ok, changed, why, when, saved, shown)
        self.time_undo[ident] = saved
        self.party_notice[ident] = draw.time_passed(why, ident, shown, bool(saved))

    def _each_saved(self, store, ok, changed, why: str, when: str, saved: list, shown: list) -> None:
        """Each member's record as time left it, saved (one unit with the others: ``store``)."""
        from pyengine.runequest.sheet.adventurer import dump_adventurer

        for m, result in zip(ok, changed):
            try:
                library.save(store, "character", m.ident, dump_adventurer(result.adventurer).decode(),
                             when=when, why=why)
                saved.append(m.ident)
                shown.append(draw.member_changed(m.value.name or m.ident, self._vitals(m.value, short=True),
                                                 self._vitals(result.adventurer, short=True), result.steps))
            except StorageError as exc:
                shown.append(draw.member_not_saved(m.value.name or m.ident, str(exc)))

    def _undo_time(self, ident: str) -> None:
        members = self.time_undo.pop(ident, [])
        with library.atomic(self.store, "undoing time passing for a party", when=self.now(),
                            keys=library.record_keys("character", members)) as store:
            for m in members:
                library.undo(store, "character", m, when=self.now())
        self.party_notice[ident] = f"Undone for {len(members)} member{'s' if len(members) != 1 else ''}."

    def _vitals(self, adventurer, short: bool = False) -> str:
        """``11 of 15 hit points, fighting; …`` (``short``: ``11 of 15 hit points``)."""
        if self.tables is None:
            return "hit points: loading…"
        known = self._said.get(id(adventurer))
        if known is not None and known[0] is adventurer:
            v = known[1]
        else:
            from pyengine.runequest.campaign import frame_of, vitals

            v = vitals(adventurer.current, frame_of(adventurer, self.tables))
            if len(self._said) >= MAX_REMEMBERED:
                self._said.clear()
            self._said[id(adventurer)] = (adventurer, v)
        if short:
            return f"{v.left} of {v.hit_points} hit points"
        said = f"{v.left} of {v.hit_points} hit points, {v.condition}"
        return said + ("; " + "; ".join(v.notes) if v.notes else "")

    def _party_card(self, ident: str, party, notice) -> str:
        """One party's card: its members with their vitals, its buttons, its notice."""
        members = [(m, self._vitals(m.value) if m.status == "ok" else "") for m in self._members(party)]
        return draw.party_card(ident, party, members, notice)

    def render_parties(self) -> str:
        listing = library.list_parties(self.store)
        cards = [self._card(entry.ident, entry.value) for entry in listing.entries]
        for gone in set(self._cards) - {entry.ident for entry in listing.entries}:
            del self._cards[gone]
        return draw.parties(cards, listing.damaged)

    # -- backup ---------------------------------------------------------------------------

    def on_export_backup(self) -> Update:
        """"Export everything": the backup file."""
        return Update(download=library.export_backup(self.store, now=self.now(), app=self.app))

    def on_backup_file(self, text: str) -> Update:
        """A backup file chosen: into an empty device it goes as it is; else what importing it
        would do, to confirm."""
        from pyengine.library.backup import app_items

        self.plan = None
        try:
            if not app_items(self.store):
                applied = library.import_into_empty(self.store, text, now=self.now())
                self.backup_notice = draw.applied(applied)
                return self._everything()
            self.plan = library.plan_import(self.store, text, {"character": _adventurer})
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
            applied = library.apply_plan(self.store, self.plan, choices, now=self.now(), new_id=self.new_id)
        except RulesError as exc:
            self.backup_notice = draw.notice(str(exc), alert=True)
            return Update(html={"backup-out": self.render_backup()})
        self.plan = None
        self.backup_notice = draw.applied(applied)
        return self._everything()

    def _everything(self) -> Update:
        return Update(html=self.render())

    def render_backup(self) -> str:
        if self.plan is None:
            return draw.backup_said(self.backup_notice)
        from pyengine.library.merge import describe_plan

        return draw.backup_plan(self.plan, describe_plan(self.plan))

    # -- this device ----------------------------------------------------------------------

    def on_storage(self, persisted: bool | None, usage: float | None, quota: float | None) -> Update:
        """What the browser said of keeping the site's storage and of its estimate."""
        self.device = " ".join(s for s in (library.describe_persistence(persisted),
                                           library.describe_estimate(usage, quota)) if s)
        return Update(html={"device-out": self.render_device()})

    def render_device(self) -> str:
        used = library.describe_usage(library.storage_use(self.store))
        return draw.device(used, self.device)

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        return {"fights-list": self.render_fights(), "party-list": self.render_parties(), "party-new": self.render_pick(),
                "backup-out": self.render_backup(), "device-out": self.render_device()}

