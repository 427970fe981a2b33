"""The start page's parties: each a named group of saved adventurers, with each member's hit
points at a glance, a fight started with them, time passing for them, the scenario's end (its
experience checks rolled from each member's marks, RQ-134), and the undo of either.

A part of :class:`pyengine.pages.start_library.DeviceLibrary`, which holds the device, the clock
and the tables it works with. The RuneQuest engine is imported only when a party is shown or
played (the page shows its parties before the tables are loaded).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyengine.errors import RecordError, RulesError, StorageError
from pyengine.library.fights import new_fight, open_fight
from pyengine.library.journal import atomic
from pyengine.library.parties import list_parties, make_party, members_of, read_party, save_party, without_member
from pyengine.library.records import read_all, record_text
from pyengine.library.versions import record_keys, save, undo
from pyengine.pages.view import Update
from pyengine.render import start_library as draw
from pyengine.render.start_library import Notice

#: How many records' readings (and hit points in words) a page keeps, to draw its cards again.
MAX_REMEMBERED = 1000


def _adventurer(text: str):
    # the sheet's rules load with a character to read, not with the device library
    from pyengine.runequest.sheet.adventurer import load_adventurer

    return load_adventurer(text)


class Parties:
    """The parties' cards and the actions on them (``lib``: the page's device library)."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        """The :class:`~pyengine.pages.start_library.DeviceLibrary` this is a part of (not imported here:
        the page imports its parts)."""
        self.party_notice: dict[str, Notice] = {}
        """Per party id: what was last done (the working of time passing, an undo)."""
        self._cards: dict[str, tuple[tuple, Notice | None, str]] = {}
        """Per party id: its card as last drawn, with what it was drawn from."""
        self.time_undo: dict[str, list[str]] = {}
        """Per party id: the members whose records the last time passing saved."""
        self._read: dict[str, Any] = {}
        """Record text -> the adventurer it reads as: the cards are drawn again after every action,
        and a record not changed since is not read again."""
        self._said: dict[int, tuple[Any, Any]] = {}
        """id of an adventurer -> (that adventurer, his :class:`~pyengine.runequest.campaign.Vitals`)."""

    def use_tables(self) -> None:
        """The tables are loaded: the hit points worked out without them are forgotten."""
        self._said.clear()

    def saved(self) -> list[tuple[str, str]]:
        """(id, name) of each readable saved adventurer, by name."""
        listing = read_all(self.lib.store, "character", self._adventurer)
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
            party = make_party(values.get("party-name", ""), members)
            save_party(self.lib.store, party, when=self.lib.now(), new_id=self.lib.new_id, why="party made")
        except RulesError as exc:
            return Update(errors={"party-name": str(exc)}, focus="party-name")
        return Update(errors={"party-name": ""}, values={"party-name": ""},
                      html={"party-list": self.render_parties(), "party-new": self.render_pick()})

    def _party(self, ident: str):
        text = record_text(self.lib.store, "party", ident)
        if text is None:
            raise RecordError(f"party {ident!r}: it is not on this device")
        return read_party(text)

    def _save_party(self, ident: str, party, why: str) -> None:
        save_party(self.lib.store, party, when=self.lib.now(), new_id=self.lib.new_id, ident=ident, why=why)

    def on_party_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> Update:
        """A button on a party's card (``data-party`` its id): ``data-do`` is ``rename``,
        ``remove`` (``data-member``), ``fight``, ``week``, ``days``, ``scenario``, ``undo-time``."""
        ident, do = data.get("party", ""), data.get("do", "")
        if not ident or not do:
            return Update()
        try:
            party = self._party(ident)
            if do == "rename":
                name = values.get(f"party-rename-{ident}", "")
                self._save_party(ident, make_party(name, party.members), f"renamed {name.strip()!r}")
                self.party_notice[ident] = f"Renamed {name.strip()!r}."
            elif do == "remove":
                self._save_party(ident, without_member(party, data.get("member", "")), "member removed")
            elif do == "fight":
                return self._start_fight(ident, party)
            elif do in ("week", "days"):
                self._time_passes(ident, party, values.get(f"party-days-{ident}", "") if do == "days" else None)
            elif do == "scenario":
                self._end_scenario(ident, party)
            elif do == "undo-time":
                self._undo_time(ident)
        except RulesError as exc:
            self.party_notice[ident] = draw.notice(str(exc), alert=True)
        if do in ("week", "days", "scenario", "undo-time") and ident in self._cards:
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
        key = (party, self.lib.tables is None, tuple(record_text(self.lib.store, "character", m) for m in party.members))
        drawn = self._cards.get(ident)
        if drawn is None or drawn[0] != key or drawn[1] is not notice:
            drawn = self._cards[ident] = (key, notice, self._party_card(ident, party, notice))
        return drawn[2]

    def _members(self, party) -> tuple[Any, ...]:
        return members_of(self.lib.store, party, self._adventurer)

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
        if self.lib.tables is None or self.lib.locations is None:
            raise RulesError("the rules tables are still loading; try again in a moment", field="party")
        # fight mode loads when a party's fight starts, not with the device library
        from pyengine.pages.fight import FightPage

        new_fight(self.lib.store, now=self.lib.now(), new_id=self.lib.new_id)  # the fight there was is kept
        page = FightPage(self.lib.tables, self.lib.locations, self.lib.store, self.lib.dice)
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
        page.draft.add = {}
        open_fight(self.lib.store, page.draft_text(), sides={side: names}, name=f"{party.name}'s fight",
                   why=f"starting {party.name}'s fight", when=self.lib.now(), now=self.lib.now(), new_id=self.lib.new_id)
        return Update(navigate="./combat.html#fight")

    def _time_passes(self, ident: str, party, days: str | None) -> None:
        if self.lib.tables is None:
            raise RulesError("the rules tables are still loading; try again in a moment", field="party")
        # the campaign's time loads when time passes, not with the device library
        from pyengine.runequest.campaign.time import A_WEEK, elapsed, party_time_passes

        how_long = A_WEEK if days is None else elapsed(days=days)
        why = "a week passes" if days is None else f"{how_long.days} day{'s' if how_long.days != 1 else ''} pass"
        ok = [m for m in self._members(party) if m.status == "ok"]
        changed = party_time_passes([m.value for m in ok], self.lib.tables, how_long, self.lib.dice)
        when = self.lib.now()
        saved, shown = [], []
        with atomic(self.lib.store, f"{why} for party {party.name!r}", when=when,
                    keys=record_keys("character", [m.ident for m in ok])) as store:
            self._each_saved(store, ok, changed, why, when, saved, shown)
        self.time_undo[ident] = saved
        self.party_notice[ident] = draw.time_passed(why, ident, shown, bool(saved))

    def _end_scenario(self, ident: str, party) -> None:
        """The scenario ends for each member: one experience check per mark on his record, the marks
        cleared (RQ-134); saved as one unit, undone as time passing is."""
        if self.lib.tables is None:
            raise RulesError("the rules tables are still loading; try again in a moment", field="party")
        # the experience rules load when a scenario ends, not with the device library
        from pyengine.runequest.campaign.scenario import party_end_scenario

        why = "the scenario ends"
        ok = [m for m in self._members(party) if m.status == "ok"]
        changed = party_end_scenario([m.value for m in ok], self.lib.tables, self.lib.dice)
        when = self.lib.now()
        saved: list[str] = []
        shown: list = []
        with atomic(self.lib.store, f"{why} for party {party.name!r}", when=when,
                    keys=record_keys("character", [m.ident for m in ok])) as store:
            self._each_saved(store, ok, changed, why, when, saved, shown, learned=True)
        self.time_undo[ident] = saved
        self.party_notice[ident] = draw.time_passed(why, ident, shown, bool(saved))

    def _each_saved(self, store, ok, changed, why: str, when: str, saved: list, shown: list,
                    learned: bool = False) -> None:
        """Each member's record as time (or, ``learned``, the scenario's end) left it, saved (one unit
        with the others: ``store``)."""
        # the sheet's rules load with a character to read, not with the device library
        from pyengine.runequest.sheet.adventurer import dump_adventurer

        for m, result in zip(ok, changed, strict=True):
            try:
                save(store, "character", m.ident, dump_adventurer(result.adventurer).decode(),
                     when=when, why=why)
                saved.append(m.ident)
                if learned:
                    shown.append(draw.member_learned(m.value.name or m.ident, len(result.rolls), result.steps))
                    continue
                shown.append(draw.member_changed(m.value.name or m.ident, self._vitals(m.value, short=True),
                                                 self._vitals(result.adventurer, short=True), result.steps))
            except StorageError as exc:
                shown.append(draw.member_not_saved(m.value.name or m.ident, str(exc)))

    def _undo_time(self, ident: str) -> None:
        members = self.time_undo.pop(ident, [])
        with atomic(self.lib.store, "undoing time passing for a party", when=self.lib.now(),
                    keys=record_keys("character", members)) as store:
            for m in members:
                undo(store, "character", m, when=self.lib.now())
        self.party_notice[ident] = f"Undone for {len(members)} member{'s' if len(members) != 1 else ''}."

    def _vitals(self, adventurer, short: bool = False) -> str:
        """``11 of 15 hit points, wounded, able to fight; …`` (``short``: ``11 of 15 hit points``)."""
        if self.lib.tables is None:
            return "hit points: loading…"
        known = self._said.get(id(adventurer))
        if known is not None and known[0] is adventurer:
            v = known[1]
        else:
            # hit points in words load with a party shown, not with the device library
            from pyengine.runequest.campaign.health import frame_of, vitals

            v = vitals(adventurer.current, frame_of(adventurer, self.lib.tables))
            if len(self._said) >= MAX_REMEMBERED:
                self._said.clear()
            self._said[id(adventurer)] = (adventurer, v)
        if short:
            return f"{v.left} of {v.hit_points} hit points"
        from pyengine.runequest.reading import at_rest  # loads with a party shown, as the vitals do

        said = f"{v.left} of {v.hit_points} hit points, {at_rest(v.condition)}"  # outside a fight: no "fighting"
        return said + ("; " + "; ".join(v.notes) if v.notes else "")

    def _party_card(self, ident: str, party, notice) -> str:
        """One party's card: its members with their vitals, its buttons, its notice."""
        members = [(m, self._vitals(m.value) if m.status == "ok" else "") for m in self._members(party)]
        return draw.party_card(ident, party, members, notice)

    def render_parties(self) -> str:
        listing = list_parties(self.lib.store)
        cards = [self._card(entry.ident, entry.value) for entry in listing.entries]
        for gone in set(self._cards) - {entry.ident for entry in listing.entries}:
            del self._cards[gone]
        return draw.parties(cards, listing.damaged)
