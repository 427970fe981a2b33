"""Fight mode of the combat page (``combat.html#fight``): several combatants, their statements
of intent, whole melee rounds.

:class:`FightPage` keeps the fight as its log (the combatants, and each round's statements
and rolls: :mod:`pyengine.runequest.melee.log`), the rounds as resolved, and the draft of
what is being typed. The draft is saved on the device on every change
(:data:`pyengine.storage.keys.FIGHT_DRAFT`, docs/formats.md "Stored records"), so a reload
or a closed tab loses nothing typed.

Regions it draws: ``fa-source`` (who: the saved adventurers), ``fc-list`` (the combatants),
``fd-list`` (everyone's statement ``fd-<k>``, with his strike ranks ``fd-<k>-sr``),
``fd-ask`` (the die needed next), ``fs-out`` (everyone now), ``fl-out`` (the rounds),
``fl-links`` (the fight's link and export), ``fx-out`` (experience marks), ``fx-result``,
``fw-out`` (writing the results to the sheets: :mod:`pyengine.pages.fight_writeback`),
``ft-template`` (the opponent templates), ``fa-keep-said``.
Fields it reads: the add form ``fa-…``, the statements ``fd-<k>-…`` (ids in
:mod:`pyengine.runequest.melee.render`), ``fd-typed``, ``fi-text``, ``ft-template``, ``ft-count``.

Every change is also kept among the fights on the device (:func:`pyengine.library.keep_fight`,
the start page lists them); a link or a file that replaces the fight leaves the saved one as
it was (:func:`~pyengine.library.leave_fight`), "Start a new fight" keeps it first
(:func:`~pyengine.library.new_fight`). A saved adventurer comes in as his record's current
state says, and his line in the combatants' list says so ("enters wounded: chest 3/6").
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import Any, TypedDict

import msgspec

from pyengine.dice import Dice, NeededRoll, NoRollLeft, ScriptedDice
from pyengine.errors import ConflictError, FieldError, RecordError, RulesError, ShareLinkError, StorageError
from pyengine.html import el, options, to_html
from pyengine.pages.combat import CombatPage, Measured, adventurer_options, saved_adventurers, unmeasured
from pyengine.pages.fight_writeback import Written
from pyengine.storage.keys import CHARACTER_PREFIX, CURRENT_FIGHT, FIGHT_DRAFT
from pyengine.storage.store import Store
from pyengine.pages.view import Update, errors_cleared
from pyengine.pages.widgets import share_line
from pyengine.runequest.combat.inputs import read_typed_roll, sheet_of
from pyengine.runequest.combat.render import render_needed
from pyengine.runequest.melee import render
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.defaults import engaged_after, next_intents, retargeted
from pyengine.runequest.melee.inputs import QUICK_FIELDS, draft_of, read_declaration, read_quick, read_saved, statement_draft
from pyengine.runequest.melee.intent import Intent, check_intents
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import MAX_ROUNDS, FightLog, Linker, Replayed, add_round, export_json, read_any, replay, to_link, undo
from pyengine.runequest.melee.model import Fight, FightState, MeleeRules, start
from pyengine.runequest.melee.round import RoundResult, resolve_round
from pyengine.runequest.melee.timing import Timed, schedule
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable

#: The most combatants one fight holds (a round's statements hold as many: melee.log).
MAX_COMBATANTS = 24
#: The add form's fields that can be refused.
ADD_FIELDS = (*QUICK_FIELDS, "fa-source")


class Statement(TypedDict, total=False):
    """One combatant's statement as typed (the draft's ``declare`` values, docs/formats.md)."""

    actions: list[dict[str, str | bool]]
    parries: list[dict[str, str]]
    defense: dict[str, str]
    surprised: bool
    engaged: list[str]


#: The draft's parts, each as it must read back (a part that does not is left out). ``written``
#: (since issue 16's end) is there only while the last write-back can be undone.
DRAFT_PARTS: dict[str, Any] = {"add": dict[str, str], "declare": dict[str, Statement], "applied": list[str], "link": str,
                               "written": Written}


def empty_draft() -> dict[str, Any]:
    return {"add": {}, "declare": {}, "applied": [], "link": ""}


def nothing_stated(engaged: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """A statement of nothing (no action, no parry), engaged with those foes."""
    return {"actions": [], "parries": [], "defense": {}, "surprised": False, "engaged": list(engaged)}


def load_draft(text: str | None) -> dict[str, Any]:
    """The draft kept on the device; what is missing or damaged in it starts empty."""
    draft = empty_draft()
    try:
        saved = json.loads(text) if text else {}
    except ValueError:
        return draft
    if not isinstance(saved, dict):
        return draft
    for part, kind in DRAFT_PARTS.items():
        if part in saved:
            try:
                draft[part] = msgspec.convert(saved[part], type=kind)
            except msgspec.ValidationError:
                continue
    return draft


def naming(statement: Mapping[str, Any], name: str) -> bool:
    """Whether a statement names this combatant (a target, a parry's foe, a Defense share)."""
    named = [row.get("target") for row in statement.get("actions", ())]
    named += [row.get("against") for row in statement.get("parries", ())]
    return name in named or name in statement.get("defense", {}) or name in statement.get("engaged", ())


def entering_words(c: Any) -> str:
    """How a saved adventurer comes into the fight when he is not fresh, in words
    ("enters wounded: chest 3/6"; ``""``: fresh)."""
    start_ = c.start
    if start_ is None:
        return ""
    said = [f"{key.replace('_', ' ')} {points}/{c.locations.get(key, '?')}" for key, points in start_.wounds.items()
            if points > 0]
    if not said and start_.damage_taken > 0:
        said.append(f"{start_.damage_taken} of {c.hit_points} hit points")
    parts = [f"enters wounded: {', '.join(said)}"] if said else []
    if start_.condition not in ("unhurt", "fighting"):
        parts.append(start_.condition)
    if start_.broken:
        parts.append(f"broken: {', '.join(start_.broken)}")
    if start_.weapon_damage:
        parts.append("damaged: " + ", ".join(f"{name} {points}" for name, points in start_.weapon_damage.items()))
    return " · ".join(parts)


def _entering(fight: Fight | None, listed: Any) -> Any:
    """The combatants' list with each one not fresh said so on his line (before his remove button)."""
    if fight is None:
        return listed
    ul = next((n for n in listed if n.get("class") == "fc-list"), None)
    if ul is None:
        return listed
    for c, li in zip(fight.combatants, (li for li in ul if li.get("class") == "fc-item")):
        words = entering_words(c)
        if words:
            at = next((i for i, n in enumerate(li) if n.get("class") == "fc-remove"), len(li))
            li.insert(at, el("span", {"class": "fc-entering"}, words))
            li.insert(at, el("br"))
    return listed


def _experience_checked(adventurer: Any, fight_id: str) -> Any:
    """The record noting that ``fight_id``'s experience checks were rolled (RQ-104)."""
    from pyengine.runequest.campaign.current import MAX_FIGHTS, Written

    current = adventurer.current
    done = current.written(fight_id)
    mark = msgspec.structs.replace(done, experience=True) if done else Written(fight=fight_id, round=0, experience=True)
    fights = (*(w for w in current.fights if w.fight != fight_id), mark)
    return msgspec.structs.replace(adventurer, current=msgspec.structs.replace(current, fights=fights[-MAX_FIGHTS:]))


class FightPage(CombatPage):
    """A fight in progress: its log and rounds, the draft, the dice being typed."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, measured: Measured = unmeasured, now: Callable[[], str] | None = None,
                 new_id: Callable[[], str] | None = None) -> None:
        super().__init__(tables, locations, store, dice, measured=measured)
        self.now = now or (lambda: datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"))
        """The time now, as ISO text (the glue gives the browser's)."""
        self.new_id = new_id or (lambda: os.urandom(6).hex())
        """A new saved fight's id."""
        self.mt = melee_tables(tables, locations)
        self.log: FightLog | None = None
        self.results: KeptRounds = KeptRounds()
        """The rounds as resolved (the ones before the last kept packed: a long evening's memory)."""
        self.draft = empty_draft()
        self.typing: tuple[Intent, ...] | None = None
        """The statements whose round is being typed, die by die."""
        self.typed: list[int] = []
        self.errors: dict[str, str] = {}
        """Statement fields the last check refused (field id -> message), as drawn."""
        self.marked: set[str] = set()
        """Those of them drawn marked invalid (cleared when he changes his statement)."""
        self.opened: set[str] = set()
        """Who has had a statement changed this round: his details stay open when drawn again."""
        self.unsaved = False
        """The draft could not be kept on the device (and the page said so)."""
        self.started = False
        self.pending = None
        """The write-back shown, not yet confirmed (:class:`pyengine.pages.fight_writeback.Pending`)."""
        self.written: Written | None = None
        """What the last "Confirm" wrote, for "Undo" (kept in the draft, so it outlives a reload)."""
        self.seen: str | None = None
        """Fight mode's draft as this tab last read or wrote it: when the device holds another,
        another tab (or the start page) changed fight mode's fight since, and this tab's fight
        is kept apart instead of written over it."""
        self.apart: str | None = None
        """The saved fight this tab's fight is kept under once it is kept apart (``""``: not yet)."""
        self._linked: tuple[FightLog, str] | None = None
        """The last log's link, as :meth:`link` made it."""
        self._linker = Linker()
        """Packs only the rounds added since the last link (a long fight's link, after every round)."""
        self._logged: int | None = None
        """How many rounds the log in ``fl-out`` shows, as this controller last drew it (``None``: not
        drawn yet): a new round is then drawn alone, the rounds before it left as they are."""

    @property
    def fight(self) -> Fight | None:
        return self.log.fight if self.log is not None else None

    def state(self) -> FightState | None:
        """Everyone now: after the last round, or as they came in."""
        if self.log is None:
            return None
        return self.results[-1].state if self.results else start(self.log.fight)

    def link(self) -> str:
        """The fight's share-link fragment (``""``: no fight); made once for each log (the log
        is never changed in place: every change makes a new one)."""
        if self.log is None:
            return ""
        if self._linked is None or self._linked[0] is not self.log:
            self._linked = (self.log, self._linker.link(self.log))
        return self._linked[1]

    def warm_up(self) -> None:
        """Imports what "write the results to the sheets" needs, when the fight has saved
        adventurers (the glue calls it once the fight is shown, so the first tap does not wait)."""
        if self.fight is not None and any(c.character for c in self.fight.combatants):
            import pyengine.library.fights  # noqa: F401  (the fight's id and name: 3 ms of the first tap)
            import pyengine.pages.fight_writeback  # noqa: F401
            import pyengine.runequest.campaign.writeback  # noqa: F401
            import pyengine.runequest.melee.experience  # noqa: F401

    # -- opening --------------------------------------------------------------------------

    def open(self, values: Mapping[str, str], link: str = "") -> Update:
        """Fight mode opens (``values``: the add form as the page has it; ``link``: a fight's
        link to show, without ``#``). The first time, the draft kept on the device comes back:
        the fight so far and everything typed. A link replaces the fight with its own."""
        update = Update(notices={"fl-link-error": ""}, hidden={"fight-loading": True})
        if not self.started:
            self.started = True
            update |= self._restore(values)
        if link and link != self.link():
            opened, shown = self._open_text(link, "fl-link-error")
            return update | shown if opened else update | self._all() | shown
        return update | self._all()

    def _restore(self, values: Mapping[str, str]) -> Update:
        self.seen = self.store.get(FIGHT_DRAFT)
        self.draft = load_draft(self.seen)
        self.written = self.draft.pop("written", None)
        saved = saved_adventurers(self.store, self.tables)
        typed = self.draft["add"]
        # The "Who" picker starts at the quick stat block after a reload, so a quick stat block is never
        # made a saved adventurer's copy unseen (issue 17).
        source = typed["fa-source"] = ""
        update = Update(
            html={"fa-source": adventurer_options(saved, selected=source), "ft-template": self.template_options()},
            values={**typed, "fa-source": source},
            disabled={"fa-add": False},
        )
        update |= self.on_source({"fa-source": source})
        if self.written is not None:
            from pyengine.pages.fight_writeback import render_written

            update |= Update(html={"fw-out": to_html(render_written(self.written))})
        if self.draft["link"]:
            update |= Update(opened={"fa-box": False})
            try:
                self._set_log(read_any(self.draft["link"]))
            except RulesError as exc:
                update |= Update(notices={"fl-link-error": f"The fight kept on this device could not be replayed: {exc}"})
        return update

    def _set_log(self, new: FightLog | None) -> None:
        """Takes a new log and replays it. :raises RulesError: it does not replay (nothing changes)."""
        if new is None or not new.fight.combatants:
            self.log, self.results = None, KeptRounds()
            return
        replayed = replay(new, self.mt)
        self.log, self.results = new, KeptRounds(replayed.rounds)

    def _open_text(self, text: str, error_id: str) -> tuple[bool, Update]:
        """Opens a fight from a link or an export (True), or says in ``error_id`` why it does not
        open (False: the fight stays as it was)."""
        update = Update(notices={error_id: ""})
        try:
            self._set_log(read_any(text))
        except RulesError as exc:
            return False, update | Update(notices={error_id: str(exc)})
        from pyengine.library import leave_fight

        leave_fight(self.store)  # the fight kept before stays as it was; this one is kept anew
        self.seen, self.apart, self.written = self.store.get(FIGHT_DRAFT), None, None  # this tab takes fight mode
        update |= self._end_typing()
        self.draft["declare"], self.draft["applied"], self.errors, self.opened = {}, [], {}, set()
        if self.results:
            self._carry_statements()
        few = self.fight is None or len(self.fight.combatants) < 2
        return True, update | self._save() | self._all() | Update(opened={"fa-box": few})

    def on_import(self, values: Mapping[str, str]) -> Update:
        """"Open it": the link or the export pasted in ``fi-text``."""
        text = values.get("fi-text", "")
        if not text.strip():
            return Update(notices={"fi-error": "Paste a fight link or a fight's JSON export first, or choose a file."})
        return self._open_text(text, "fi-error")[1]

    def on_file(self, text: str) -> Update:
        """A fight file chosen (its text)."""
        return self._open_text(text, "fi-error")[1]

    def on_new(self) -> Update:
        """Start a new fight: no combatants, nothing stated (the add form stays as typed); the
        fight there was stays among the fights kept on the device."""
        from pyengine.library import new_fight

        update = self._end_typing()
        try:
            new_fight(self.store, now=self.now(), new_id=self.new_id)
        except StorageError as exc:
            return update | Update(notices={"fl-link-error": f"A new fight was not started: {exc}"})
        self.log, self.results = None, KeptRounds()
        self.seen, self.apart, self.written = None, None, None  # this tab takes fight mode
        self.draft["declare"], self.draft["applied"], self.errors = {}, [], {}
        return update | self._save() | self._all() | Update(address="#fight")

    # -- combatants -----------------------------------------------------------------------

    def on_source(self, values: Mapping[str, str]) -> Update:
        """Who is added: the quick stat block's fields only for a quick stat block."""
        saved = bool(values.get("fa-source"))
        return Update(disabled={"fa-quick": saved}, hidden={"fa-quick": saved})

    def _add_form(self, values: Mapping[str, str]) -> dict[str, str]:
        return {field: values.get(field, "") for field in ADD_FIELDS}

    def on_add_input(self, values: Mapping[str, str]) -> Update:
        """Something typed or chosen in the add form: kept in the draft."""
        self.draft["add"] = self._add_form(values)
        return self._save()

    def on_add(self, values: Mapping[str, str]) -> Update:
        """"Add to the fight": a quick stat block or a saved adventurer joins; every problem
        is shown beside its field and nothing is added."""
        update = Update(errors=errors_cleared(ADD_FIELDS))
        typed = self.draft["add"] = self._add_form(values)
        fight = self.fight
        if fight is not None and len(fight.combatants) >= MAX_COMBATANTS:
            return update | Update(errors={"fa-name": f"name: a fight holds {MAX_COMBATANTS} combatants at most"})
        try:
            ident = typed["fa-source"]
            if ident:
                record = self.store.get(CHARACTER_PREFIX + ident)
                if record is None:
                    raise FieldError("fa-source", "who: this saved adventurer is no longer on this device")
                c = read_saved(self.tables, typed, fight, record, ident)
            else:
                c = read_quick(self.tables, typed, fight)
        except FieldError as exc:
            return update | Update(errors=dict(exc.problems)) | self._save()
        new = Fight(combatants=(*(fight.combatants if fight else ()), c))
        try:
            if self.log is None:
                self._set_log(FightLog(fight=new))
            else:
                self._set_log(msgspec.structs.replace(self.log, fight=new))
        except RulesError as exc:
            return update | Update(errors={"fa-name": str(exc)})
        typed["fa-name"], typed["fa-source"] = "", ""
        self.errors = {}
        # Back to the quick stat block after each add (issue 17).
        return (update | self._save() | self._all() | Update(values={"fa-name": "", "fa-source": "", "fa-side": c.side},
                                                              focus="fa-name") | self.on_source({"fa-source": ""}))

    def on_sides_click(self, data: Mapping[str, str]) -> Update:
        """A side already in the fight tapped (``data-side``): the add form's side is that one."""
        side = data.get("side", "")
        fight = self.fight
        if not side or fight is None or side not in {c.side for c in fight.combatants}:
            return Update()
        self.draft["add"]["fa-side"] = side
        return Update(values={"fa-side": side}, errors={"fa-side": ""}) | self._save()

    def render_sides(self) -> str:
        """The sides already in the fight, each a button that puts it in the add form (``fa-sides``)."""
        fight = self.fight
        sides = list(dict.fromkeys(c.side for c in fight.combatants)) if fight is not None else []
        return to_html(render.render_sides(sides))

    def on_combatants_click(self, data: Mapping[str, str]) -> Update:
        """A button in the combatants' list, before the first round: ``data-remove``, remove him;
        ``data-rule``, turn one of the fight's optional rules on or off."""
        rule = data.get("rule", "")
        if rule:
            return self._toggle_rule(rule)
        if data.get("leave", "") or data.get("back", ""):
            return self._leave_or_back(data.get("leave", ""), data.get("back", ""))
        k = data.get("remove", "")
        if self.log is None or self.results or not k.isdigit() or int(k) >= len(self.log.fight.combatants):
            return Update()
        gone = self.log.fight.combatants[int(k)].name
        rest = tuple(c for c in self.log.fight.combatants if c.name != gone)
        self._set_log(msgspec.structs.replace(self.log, fight=Fight(combatants=rest)) if rest else None)
        declare = self.draft["declare"]
        declare.pop(gone, None)
        # Statements naming him no longer fit: those fall back to the defaults.
        for name in [name for name, statement in declare.items() if naming(statement, gone)]:
            declare.pop(name)
        self.errors = {}
        return self._save() | self._all()

    def _leave_or_back(self, leave: str, back: str) -> Update:
        """Once a round is resolved: the ``leave``-th combatant taken out of the fight, or the ``back``-th one's
        leaving taken back (until the next round); the fight's log records it, so its link replays it (issue 17).
        Statements aimed at one who left fall back to the defaults."""
        from pyengine.runequest.melee.log import come_back, leave as leaving

        k = leave or back
        if self.log is None or not self.results or not k.isdigit() or int(k) >= len(self.log.fight.combatants):
            return Update()
        name = self.log.fight.combatants[int(k)].name
        try:
            self._set_log(leaving(self.log, name) if leave else come_back(self.log, name))
        except RulesError:
            return Update()
        declare = self.draft["declare"]
        declare.pop(name, None)
        for other in [n for n, statement in declare.items() if naming(statement, name)]:
            declare.pop(other)
        if back:
            carried = self._carried()[0]
            if name in carried:
                declare[name] = carried[name]
        self.errors = {}
        return self._save() | self._all()

    def _toggle_rule(self, rule: str) -> Update:
        """One of the fight's optional rules (``MeleeRules``' field ``rule``) turned on or off: the log carries it,
        so only before the first round (every round is replayed with the rules of the whole fight)."""
        if self.log is None or self.results or rule not in {field for field, _ in render.OPTIONAL_RULES}:
            return Update()
        rules = self.log.melee_rules
        self._set_log(msgspec.structs.replace(self.log, melee_rules=msgspec.structs.replace(
            rules, **{rule: not getattr(rules, rule)})))
        return self._save() | self._all()

    # -- opponent templates ---------------------------------------------------------------

    def template_options(self, selected: str = "") -> str:
        """The templates kept on the device, for ``ft-template``."""
        from pyengine.library import list_templates

        entries = list_templates(self.store).entries
        if not entries:
            return options((), none="No templates yet")
        return options([(e.ident, f"{e.value.name} ({e.value.count})" if e.value.count > 1 else e.value.name)
                        for e in entries], none="Choose a template", selected=selected)

    def on_keep_template(self, values: Mapping[str, str]) -> Update:
        """"Keep as a template": the quick stat block as typed, checked, kept under its name
        (a template of that name is replaced, its previous version kept)."""
        from pyengine.library import list_templates, make_template, save_template

        update = Update(errors=errors_cleared(ADD_FIELDS), notices={"fa-keep-said": ""})
        typed = self._add_form(values)
        try:
            read_quick(self.tables, typed, None)
            template = make_template(typed["fa-name"], {f: typed[f] for f in QUICK_FIELDS if f != "fa-name"})
        except FieldError as exc:
            return update | Update(errors=dict(exc.problems))
        except RulesError as exc:
            return update | Update(errors={"fa-name": str(exc)})
        same = next((e for e in list_templates(self.store).entries
                     if e.value.name.casefold() == template.name.casefold()), None)
        try:
            ident, _ = save_template(self.store, template, when=self.now(), new_id=self.new_id,
                                     ident=same.ident if same else None,
                                     why="replaced from fight mode" if same else "kept from fight mode")
        except StorageError as exc:
            return update | Update(notices={"fa-keep-said": f"The template was not kept: {exc}"})
        said = f"Kept {template.name!r} as a template" + (" (the one of that name replaced)." if same else ".")
        return update | Update(notices={"fa-keep-said": said}, html={"ft-template": self.template_options(ident)})

    def on_from_template(self, values: Mapping[str, str]) -> Update:
        """"Add from the template": ``ft-count`` copies (or as many as it was kept with), named
        "Broo 1", "Broo 2"… after those already in the fight."""
        from pyengine.library import copy_names, read_template
        from pyengine.storage.keys import TEMPLATE_PREFIX

        update = Update(errors={"ft-template": "", "ft-count": ""})
        ident = values.get("ft-template", "")
        text = self.store.get(TEMPLATE_PREFIX + ident) if ident else None
        if text is None:
            return update | Update(errors={"ft-template": "template: choose one (keep a quick stat block as a template first)"})
        try:
            template = read_template(text)
        except RecordError as exc:
            return update | Update(errors={"ft-template": f"template: it does not read ({exc})"})
        typed = values.get("ft-count", "").strip()
        count = template.count
        if typed:
            if not typed.isdigit() or not 1 <= int(typed) <= MAX_COMBATANTS:
                return update | Update(errors={"ft-count": f"how many: {typed!r} is not a whole number from 1 to {MAX_COMBATANTS}"})
            count = int(typed)
        fight = self.fight
        there = list(fight.combatants) if fight else []
        if len(there) + count > MAX_COMBATANTS:
            return update | Update(errors={"ft-count": (
                f"how many: {count} more makes {len(there) + count}; a fight holds {MAX_COMBATANTS} combatants at most")})
        added = list(there)
        for name in copy_names(template.name, count, [c.name for c in there]):
            try:
                added.append(read_quick(self.tables, {**template.fields, "fa-name": name},
                                        Fight(combatants=tuple(added)) if added else None))
            except FieldError as exc:
                problems = "; ".join(message for _, message in exc.problems)
                return update | Update(errors={"ft-template": f"template {template.name!r}: {problems}"})
        try:
            if self.log is None:
                self._set_log(FightLog(fight=Fight(combatants=tuple(added))))
            else:
                self._set_log(msgspec.structs.replace(self.log, fight=Fight(combatants=tuple(added))))
        except RulesError as exc:
            return update | Update(errors={"ft-template": str(exc)})
        self.errors = {}
        return update | self._save() | self._all() | Update(values={"ft-count": ""})

    # -- statements -----------------------------------------------------------------------

    def _drafts(self) -> dict[str, dict[str, Any]]:
        """Everyone's statement as typed; someone who has none yet gets the default."""
        fight, state = self.fight, self.state()
        assert fight is not None and state is not None
        declare = self.draft["declare"]
        for c in fight.combatants:
            if c.name not in declare:
                declare[c.name] = render.default_declaration(fight, state, c, self._gone())
        return declare

    def _gone(self) -> dict[str, int]:
        """Who has left the fight, and after which round."""
        return self.log.gone() if self.log is not None else {}

    def _schedule(self, k: int) -> list[Timed] | None:
        """The ``k``-th combatant's strike ranks as stated so far (``None``: it does not read yet)."""
        fight, state = self.fight, self.state()
        assert fight is not None and state is not None
        c = fight.combatants[k]
        try:
            intent, _ = read_declaration(fight, k, self.draft["declare"].get(c.name, {}))
            return schedule(c, state.bodies[c.name], intent, self.mt.strike_ranks, rules=self._rules(),
                            melees=self._melees())
        except Exception:  # a half-typed statement: its strike ranks show once it reads
            return None

    def _rules(self) -> MeleeRules:
        assert self.log is not None
        return self.log.melee_rules

    def _melees(self) -> dict[str, frozenset[str]]:
        """Who starts the round engaged with whom, as the statements typed say (both ways, RQ-74)."""
        out: dict[str, set[str]] = {}
        for name, statement in self.draft["declare"].items():
            for foe in statement.get("engaged", ()):
                out.setdefault(name, set()).add(foe)
                out.setdefault(foe, set()).add(name)
        return {name: frozenset(foes) for name, foes in out.items()}

    def _take_statement(self, k: int, values: Mapping[str, str]) -> None:
        """The ``k``-th combatant's statement form, as the page has it, into the draft."""
        assert self.fight is not None
        name = self.fight.combatants[k].name
        taken = statement_draft(self.fight, k, values, self.draft["declare"].get(name) or {})
        if taken is not None:
            self.draft["declare"][name] = taken

    def on_statement(self, values: Mapping[str, str], field_id: str, changed: bool = False) -> Update:
        """Something typed or chosen in a statement (``field_id``; ``changed``: a change, not
        keystrokes; ``values``: his form's fields): kept in the draft, his strike ranks shown
        anew, the problems shown on his statement cleared. Another action drew his form again."""
        m = re.match(r"fd-(\d+)-", field_id)
        fight, state = self.fight, self.state()
        if fight is None or state is None or m is None or int(m.group(1)) >= len(fight.combatants):
            return Update()
        k = int(m.group(1))
        self._take_statement(k, values)
        p = f"fd-{k}"
        mine = [field for field in self.errors if field == p or field.startswith(f"{p}-")]
        for field in mine:
            del self.errors[field]
        timed = self._schedule(k)
        name = fight.combatants[k].name
        update = Update(notices={"fd-form-error": ""})
        same = self._same(k)
        if field_id.endswith("-do") and changed:
            # Its inputs (and their labels) depend on what he does: the statement is drawn again, open.
            self.opened.add(name)
            form = render.render_declaration(fight, state, k, self.draft["declare"][name], timed, opened=True,
                                             same=same, note=self._carried()[1].get(name, ""), gone=self._gone())
            self.marked -= set(mine)
            update |= Update(html={p: render.inner_html(form)}, errors={p: ""}, focus=field_id)
        else:
            if not field_id.endswith("-a0-target"):
                self.opened.add(name)  # changed inside his details: they stay open when drawn again
            cleared = {field: "" for field in mine if field in self.marked}
            self.marked -= set(mine)
            said = "".join(to_html(n) for n in render.render_said(timed, self.draft["declare"][name], same))
            update |= Update(html={f"{p}-sr": said}, errors={**cleared, p: ""})
        return update | self._save()

    def _same(self, k: int, carried: Mapping[str, Mapping[str, Any]] | None = None) -> bool | None:
        """Whether the ``k``-th combatant's statement is last round's as carried (``None``: no round yet)."""
        fight = self.fight
        if fight is None or not self.results:
            return None
        if carried is None:
            carried = self._carried()[0]
        c = fight.combatants[k]
        if c.name not in carried:
            return None
        try:
            return (read_declaration(fight, k, self.draft["declare"].get(c.name, {}))[0]
                    == read_declaration(fight, k, carried[c.name])[0])
        except FieldError:
            return False

    def _statements(self, values: Mapping[str, str]) -> tuple[tuple[Intent, ...] | None, Update]:
        """Everyone's statements of intent, read from their forms (``values``) and checked;
        ``None`` with every problem shown beside its field (the first focused)."""
        fight, state = self.fight, self.state()
        assert fight is not None and state is not None
        shown_before = bool(self.errors)
        self.errors = {}
        intents, who, rows = [], [], []
        gone = self.log.gone() if self.log is not None else {}
        for k, c in enumerate(fight.combatants):
            if state.bodies[c.name].condition == "dead" or c.name in gone:
                continue
            self._take_statement(k, values)
            try:
                intent, used = read_declaration(fight, k, self.draft["declare"].get(c.name, {}))
            except FieldError as exc:
                self.errors.update(exc.problems)
                continue
            intents.append(intent)
            who.append(k)
            rows.append(used)
        update = self._save() | Update(notices={"fd-form-error": ""})
        if not self.errors:
            try:
                check_intents(fight, state, tuple(intents))
            except RulesError as exc:
                field, message = render.field_for(exc.field, str(exc), who, rows)
                if not field:
                    return None, update | Update(notices={"fd-form-error": message})
                self.errors[field] = message
        if self.errors or shown_before:
            update |= self._declarations()
        if self.errors:
            return None, update | Update(focus=next(iter(self.errors)))
        return tuple(intents), update

    def _carried(self) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
        """Next round's statements as last round carries them (``melee.defaults``), each blow, shot or hold at
        a foe who fell turned on the next foe standing (never one of his own side), and what each row says
        of it; a combatant now down states nothing. ``({}, {})`` before the first round."""
        if self.log is None or not self.results:
            return {}, {}
        fight, state = self.log.fight, self.state()
        assert state is not None
        events = self.results[-1].events
        gone = self.log.gone()
        previous, notes = retargeted(fight, state, self.log.rounds[-1].intents, gone)
        carried = {i.who: i for i in next_intents(fight, state, previous, events)}
        engaged = engaged_after(fight, state, events)
        drafts: dict[str, dict[str, Any]] = {}
        for c in fight.combatants:
            if c.name in gone:
                continue
            if c.name in carried:
                drafts[c.name] = draft_of(carried[c.name], fight)
                drafts[c.name]["engaged"] = [n for n in drafts[c.name]["engaged"] if n not in gone]
            elif state.bodies[c.name].condition != "dead":
                drafts[c.name] = nothing_stated([n for n in engaged.get(c.name, ()) if n not in gone])
        return drafts, {name: note for name, note in notes.items() if name in drafts}

    def _carry_statements(self) -> None:
        """Next round's statements: last round's, less what can no longer be done
        (``melee.defaults``), a fallen target's attacker turned on the next foe (said on his row); a
        combatant now down states nothing. Defense shares typed but not used stay as typed."""
        self.draft["declare"].update(self._carried()[0])
        self.opened = set()

    # -- rounds ---------------------------------------------------------------------------

    def on_roll(self, values: Mapping[str, str]) -> Update:
        """"Resolve: app dice": the statements read and checked, the round resolved."""
        intents, update = self._stated(values)
        if intents is None or self.log is None:
            return update
        try:
            # The bench's "fight round" (the rules engine's work) and "fight round + draw" (the
            # log, everyone's state and the link drawn as well).
            with self.measured("fight round + draw"):
                with self.measured("fight round"):
                    result = resolve_round(self.log.fight, self.state(), intents, dice=self.dice, tables=self.mt,
                                           rules=self.log.rules, melee_rules=self.log.melee_rules)
                update |= self._commit(result, intents)
        except RulesError as exc:
            return update | Update(notices={"fd-form-error": str(exc)})
        return update | self._after_round()

    def on_start(self, values: Mapping[str, str]) -> Update:
        """"Resolve: my dice": the statements read and checked, then each die asked for in turn."""
        intents, update = self._stated(values)
        if intents is None:
            return update
        self.typing = intents
        update |= Update(hidden={"fd-typing": False})
        try:
            return update | self._ask()
        except RulesError as exc:
            return update | self._end_typing() | Update(notices={"fd-form-error": str(exc)})

    def _stated(self, values: Mapping[str, str]) -> tuple[tuple[Intent, ...] | None, Update]:
        """A round is asked for: no dice typed any more, everyone's statements read and checked."""
        if self.log is None:
            return None, Update()
        intents, shown = self._statements(values)
        return intents, self._end_typing() | shown

    def on_next(self, values: Mapping[str, str]) -> Update:
        """The roll typed in ``fd-typed``, checked against the die it is for."""
        if self.typing is None:
            return Update()
        cleared = Update(errors={"fd-typed": ""})
        try:
            value = read_typed_roll(values.get("fd-typed", ""), "fd-typed", "roll", 100)
            self._typed_round([*self.typed, value])
        except RulesError as exc:
            return cleared | Update(errors={"fd-typed": str(exc)})
        self.typed.append(value)
        return cleared | Update(values={"fd-typed": ""}) | self._ask()

    def on_cancel(self) -> Update:
        """"Stop": no more dice typed for this round."""
        return self._end_typing()

    def on_undo(self) -> Update:
        """The last round taken back; its statements come back, to be changed and resolved again."""
        if self.log is None or not self.results:
            return Update()
        update = self._end_typing()
        undone = self.log.rounds[-1].intents
        self.log = undo(self.log)
        self.results.pop()
        for c in self.log.fight.combatants:
            mine = next((i for i in undone if i.who == c.name), None)
            self.draft["declare"][c.name] = draft_of(mine, self.log.fight) if mine is not None else nothing_stated()
        self.errors, self.opened = {}, set()
        return update | self._save() | self._all()

    def _typed_round(self, rolls: list[int]) -> RoundResult | NeededRoll:
        """The round from these rolls, or the die it needs next. :raises RulesError: a roll off its die."""
        assert self.log is not None and self.typing is not None
        try:
            return resolve_round(self.log.fight, self.state(), self.typing, dice=ScriptedDice(rolls), tables=self.mt,
                                 rules=self.log.rules, melee_rules=self.log.melee_rules)
        except NoRollLeft as exc:
            return exc.needed

    def _ask(self) -> Update:
        """The die needed next; once every roll is in, the round."""
        got = self._typed_round(self.typed)
        if isinstance(got, NeededRoll):
            return Update(html={"fd-ask": render_needed(got, self.typed)}, focus="fd-typed")
        intents = self.typing
        assert intents is not None
        try:
            committed = self._commit(got, intents)
        except RulesError as exc:
            return self._end_typing() | Update(notices={"fd-form-error": str(exc)})
        return self._end_typing() | committed | self._after_round()

    def _end_typing(self) -> Update:
        self.typing, self.typed = None, []
        return Update(hidden={"fd-typing": True}, errors={"fd-typed": ""})

    def _commit(self, result: RoundResult, intents: tuple[Intent, ...]) -> Update:
        """The round added to the fight, and shown."""
        assert self.log is not None
        before = self.log
        self.log = add_round(self.log, result, intents)
        try:
            if len(self.log.rounds) > MAX_ROUNDS:
                raise ShareLinkError(f"a fight holds {MAX_ROUNDS} rounds at most")
            self.link()
        except ShareLinkError as exc:
            self.log = before
            raise RulesError(f"Round {len(self.log.rounds) + 1} was not added: {exc}. Keep this fight's link or "
                             "export it, and go on from the link to the situation now (a new fight).") from None
        self.results.append(result)
        return self._results(grown=True)

    def _after_round(self) -> Update:
        """Next round's statements (last round's by default), drawn; the round in view."""
        self._carry_statements()
        self.errors = {}
        return self._save() | self._declarations() | Update(scroll="fl-out")

    # -- sharing and experience -----------------------------------------------------------

    def on_links_click(self, data: Mapping[str, str]) -> Update:
        """A button beside the fight's link (``fl-export``: the fight as a JSON file)."""
        if data.get("id") != "fl-export" or self.log is None:
            return Update()
        state = self.state()
        assert state is not None
        replayed = Replayed(state=state, rounds=tuple(self.results))
        return Update(download=("fight.json", export_json(self.log, replayed).decode("utf-8")))

    def on_marks_click(self, data: Mapping[str, str]) -> Update:
        """A button in the experience marks (``data-apply``: roll a saved adventurer's checks onto his sheet)."""
        from pyengine.library import save
        from pyengine.runequest.advancement.experience import after_adventure
        from pyengine.runequest.melee.experience import field_uses
        from pyengine.runequest.sheet.adventurer import dump_adventurer

        k = data.get("apply", "")
        state = self.state()
        if self.log is None or state is None or not k.isdigit() or int(k) >= len(self.log.fight.combatants):
            return Update()
        c = self.log.fight.combatants[int(k)]
        key = CHARACTER_PREFIX + c.character
        record = self.store.get(key) if c.character else None
        if record is None:
            return Update(html={"fx-result": render.render_notice(f"{c.name}'s saved sheet is no longer on this device.")})
        uses, defense_saved = field_uses(c, state.bodies[c.name])
        try:
            adventurer, _ = sheet_of(record, self.tables)
            fight_id, label = self.fight_id(), self.fight_label()
            done = adventurer.current.written(fight_id)
            if done is not None and done.experience:
                self.draft["applied"] = [*self.draft["applied"], c.name]
                return self._save() | Update(html={
                    "fx-out": to_html(render.render_marks(self.log.fight, state, self.draft["applied"])),
                    "fx-result": render.render_notice(
                        f"{c.name}'s experience checks for this fight are on his sheet already (RQ-104)."),
                })
            result = after_adventure(adventurer, self.tables, uses, self.dice, defense_saved=defense_saved)
            # His record says this fight's experience was checked, so writing the fight back
            # later does not roll it again (RQ-104).
            rolled = _experience_checked(result.adventurer, fight_id)
            save(self.store, "character", c.character, dump_adventurer(rolled).decode(), when=self.now(),
                 why=f"experience checks from fight '{label}'", expected=record)
        except ConflictError:
            return Update(html={"fx-result": render.render_notice(
                f"{c.name}'s sheet changed since this fight read it (saved on another page or tab): "
                "his checks were not rolled onto it. Try again.")})
        except StorageError as exc:
            return Update(html={"fx-result": render.render_notice(f"{c.name}'s sheet was not updated: {exc}")})
        except RulesError as exc:
            return Update(html={"fx-result": render.render_notice(str(exc))})
        self.draft["applied"] = [*self.draft["applied"], c.name]
        return self._save() | Update(html={
            "fx-out": to_html(render.render_marks(self.log.fight, state, self.draft["applied"])),
            "fx-result": to_html(render.render_checks(c.name, result.checks)),
        })

    # -- writing the results to the sheets ------------------------------------------------

    def fight_id(self) -> str:
        """The id the saved adventurers' records know this fight by: its id among the fights kept
        on the device (or, when the device would not keep it, one made from who is in it)."""
        from pyengine.library import current_fight

        ident = current_fight(self.store)
        if ident:
            return ident
        import hashlib

        assert self.log is not None
        who = json.dumps([[c.name, c.side, c.character] for c in self.log.fight.combatants])
        return "fight-" + hashlib.sha1(who.encode()).hexdigest()[:16]

    def fight_label(self) -> str:
        """The fight's name, as the records' versions and injuries say it."""
        from pyengine.library import default_name, load_fight

        ident = self.fight_id()
        try:
            return load_fight(self.store, ident).name
        except RecordError:
            assert self.log is not None
            return default_name({c.side: [] for c in self.log.fight.combatants})

    def on_writeback_click(self, data: Mapping[str, str]) -> Update:
        """A button of "Write the results to the sheets": ``fw-plan`` shows what will change,
        ``fw-confirm`` writes it, ``fw-cancel`` leaves it, ``fw-undo`` puts the sheets back."""
        from pyengine.pages import fight_writeback as wb

        act = data.get("id", "")
        if act == "fw-plan":
            if self.log is None:
                return Update(html={"fw-out": to_html(wb.render_said("No fight yet: nothing to write."))})
            try:
                self.pending = wb.make_plan(self.store, self.tables, self.log.fight, self.results, dice=self.dice,
                                            fight_id=self.fight_id(), label=self.fight_label(),
                                            checked=self.draft["applied"])
            except RulesError as exc:
                return Update(html={"fw-out": to_html(wb.render_said(f"The results could not be worked out: {exc}"))})
            self.pending.link = self.link()
            return Update(html={"fw-out": to_html(wb.render_plan(self.pending))}, focus="fw-out")
        if act == "fw-cancel":
            self.pending = None
            return Update(html={"fw-out": to_html(wb.render_said("Nothing was written."))})
        if act == "fw-confirm" and self.pending is not None:
            try:
                written = wb.confirm(self.store, self.pending, now=self.now())
            except (ConflictError, StorageError) as exc:
                self.pending = None
                return Update(html={"fw-out": to_html(wb.render_said(str(exc)))})
            self.pending, self.written = None, written
            # Those whose checks were rolled now lose their "roll the checks" button.
            written.applied = [n for n in written.checked if n not in self.draft["applied"]]
            self.draft["applied"] = [*self.draft["applied"], *written.applied]
            # Only the marks and this card change: the fight, its link and everyone's state do not.
            return self._save() | self._marks() | Update(html={"fw-out": to_html(wb.render_written(written))},
                                                         focus="fw-out")
        if act == "fw-undo" and self.written is not None:
            try:
                said = wb.undo_written(self.store, self.written, now=self.now())
            except (ConflictError, StorageError, RecordError) as exc:
                return Update(html={"fw-out": to_html(wb.render_written(self.written, str(exc)))})
            self.draft["applied"] = [n for n in self.draft["applied"] if n not in self.written.applied]
            self.written = None
            return self._save() | self._marks() | Update(html={"fw-out": to_html(wb.render_said(said))}, focus="fw-out")
        return Update()

    def _save(self) -> Update:
        """Keeps the draft (and the fight, as its link) on the device; says so when the device will
        not. When another tab changed fight mode's fight since this tab read it, this tab's fight
        is kept apart among the saved fights, and the other one is left as it is."""
        self.draft["link"] = self.link()
        if self.written is not None:
            self.draft["written"] = msgspec.to_builtins(self.written)
        else:
            self.draft.pop("written", None)
        text = json.dumps(self.draft)
        if self.apart is None and self.store.get(FIGHT_DRAFT) != self.seen:
            self.apart = ""
        from pyengine.library import current_fight, record_keys
        from pyengine.library.journal import atomic

        # The keys this save changes, announced so its journal is written once: the draft, and
        # the saved fight it is kept as (fight mode's, or this tab's own).
        kept = current_fight(self.store) if self.apart is None else self.apart
        keys = [FIGHT_DRAFT, CURRENT_FIGHT, *record_keys("fight", [kept] if kept else [])]
        try:
            with atomic(self.store, "keeping the fight in fight mode", when=self.now(), keys=keys) as store:
                if self.apart is None:
                    store.put(FIGHT_DRAFT, text)
                    self.seen = text
                    self._keep(text, store=store)
                else:
                    self._keep(text, apart=True, store=store)
        except StorageError as exc:
            self.unsaved = True
            return Update(notices={"fl-link-error": (
                f"This fight is not kept on this device: {exc}. Copy its link or export it to keep it."
            )})
        was_unsaved, self.unsaved = self.unsaved, False
        if self.apart is not None:
            return Update(notices={"fl-link-error": (
                "Another tab (or the start page) opened a fight in fight mode since this tab did, so this tab's "
                "fight is kept apart among the saved fights on the start page"
                + (f" as '{self._apart_name()}'" if self.log is not None else "")
                + ": neither was written over. Reload to see the other one."
            )})
        return Update(notices={"fl-link-error": ""}) if was_unsaved else Update()

    def _apart_name(self) -> str:
        """This tab's fight's name once kept apart: "Sartar against Chaos (second tab)"."""
        from pyengine.library import default_name

        assert self.log is not None
        return default_name({c.side: [] for c in self.log.fight.combatants})[:47] + " (second tab)"

    def _keep(self, draft: str, apart: bool = False, *, store: Store) -> None:
        """The fight kept among the fights on the device (the start page lists them); ``apart``:
        under this tab's own saved fight, not fight mode's (:attr:`apart`); ``store``: the save
        the draft is written in (one unit with it).

        :raises StorageError: the device would not store it.
        """
        from pyengine.library import current_fight, default_name, keep_fight, keep_fight_apart, load_fight

        if self.log is None:
            return
        sides: dict[str, list[str]] = {}
        for c in self.log.fight.combatants:
            sides.setdefault(c.side, []).append(c.name)
        if apart:
            self.apart = keep_fight_apart(store, draft, ident=self.apart or None, sides=sides,
                                          rounds=len(self.results), now=self.now(), new_id=self.new_id,
                                          name=self._apart_name()) or ""
            return
        # Named after its sides until the game master renames it: a side joining renames it.
        name = None
        ident = current_fight(store)
        if ident:
            try:
                old = load_fight(store, ident)
            except RecordError:
                old = None
            if old is not None and old.name == default_name(old.sides):
                name = default_name(sides)
        try:
            keep_fight(store, draft, sides=sides, rounds=len(self.results), now=self.now(), new_id=self.new_id,
                       name=name)
        except RecordError:  # never: the draft is fight mode's own JSON object
            pass

    # -- what it shows --------------------------------------------------------------------

    def _all(self) -> Update:
        return self._results() | self._declarations()

    def _log(self, grown: bool = False) -> Update:
        """The rounds (``fl-out``); ``grown``: one round more than last drawn, drawn alone (the page
        keeps the others as they are: a long evening's log is not drawn again whole every round)."""
        n = len(self.results)
        if grown and n >= 2 and self._logged == n - 1:
            latest, rounds = render.render_log_grown(self.results)
            update = Update(replaced={render.LATEST_ID: latest}, attributes={render.LOG_ID: {"data-rounds": rounds}})
        else:
            update = Update(html={"fl-out": to_html(render.render_log(self.results))})
        self._logged = n
        return update

    def on_log_toggle(self, data: Mapping[str, str]) -> Update:
        """An earlier round's fold in the log opened or closed (``data-round``): its events drawn in it."""
        k = data.get("round", "")
        if not k.isdigit() or not self.results:
            return Update()
        i = int(k) - self.results[0].round
        if not 0 <= i < len(self.results) - 1:
            return Update()
        result = self.results[i]
        return Update(html={f"fr-old-{result.round}": render.render_earlier_round(result)})

    def _results(self, grown: bool = False) -> Update:
        """Everything but the statements: combatants, everyone's state, the log, marks, the link
        (``grown``: the log has one round more than when last drawn)."""
        fight, state = self.fight, self.state()
        ready = fight is not None and len({c.side for c in fight.combatants}) >= 2
        link = self.link()
        stale: dict[str, str] = {}
        if self.pending is not None and self.pending.link != link:
            from pyengine.pages.fight_writeback import render_said

            self.pending = None
            stale["fw-out"] = to_html(render_said(
                "The fight changed since the results were worked out: nothing was written. Work them out again."))
        return Update(
            html={
                **stale,
                "fc-list": to_html(_entering(fight, render.render_combatants(
                    fight, removable=not self.results, rules=self.log.melee_rules if self.log else MeleeRules(),
                    gone=self._gone() if self.results else None, rounds=len(self.results)))),
                "fs-out": to_html(render.render_state(fight, state, self._gone())),
                "fx-out": to_html(render.render_marks(fight, state, self.draft["applied"])),
                "fl-links": self.render_links(),
                "fa-sides": self.render_sides(),
            },
            text={"fd-round": str((state.round if state else 0) + 1)},
            disabled={"fd-roll": not ready, "fd-start": not ready, "fd-undo": not self.results, "fw-plan": fight is None},
            address=f"#{link}" if link else None,
        ) | self._log(grown)

    def _marks(self) -> Update:
        """The experience marks alone (who has had his checks rolled onto his sheet)."""
        return Update(html={"fx-out": to_html(render.render_marks(self.fight, self.state(), self.draft["applied"]))})

    def _declarations(self) -> Update:
        """The statement forms, from the draft, each with his strike ranks and any problem found."""
        html = self.render_declarations()
        self.marked = {field for field in self.errors if f'id="{field}"' in html}
        return Update(html={"fd-list": html})

    def render(self) -> dict[str, str]:
        """Every region's HTML."""
        regions = self._results().html
        regions["fl-out"] = to_html(render.render_log(self.results))
        regions["fd-list"] = self.render_declarations()
        return regions

    def render_links(self) -> str:
        link = self.link()
        if not link:
            return ""
        sides, count = " against ".join(dict.fromkeys(c.side for c in self.log.fight.combatants)), len(self.log.fight.combatants)
        summary = f"{sides}, round {len(self.results)}, {count} combatants"
        whole = share_line("fl", f"./combat.html#{link}", "Link to this fight", render.export_button(), summary=summary)
        if not self.results:
            return whole
        # The situation now: everyone as he stands, no history (a short link, a small QR code; issue 18).
        from pyengine.runequest.melee.log import situation_now

        now = situation_now(self.log, self.results[-1].state)
        standing = len(now.fight.combatants)
        return whole + share_line("fn", f"./combat.html#{to_link(now)}", "Link to the situation now",
                                  summary=f"{sides} as they stand after round {len(self.results)}, {standing} combatants")

    def render_declarations(self) -> str:
        fight, state = self.fight, self.state()
        if fight is None or state is None:
            return to_html(render.render_declarations(None, None, {}))
        drafts = self._drafts()
        schedules = {c.name: self._schedule(k) for k, c in enumerate(fight.combatants)}
        carried, notes = self._carried()
        same = {c.name: v for k, c in enumerate(fight.combatants) if (v := self._same(k, carried)) is not None}
        return to_html(render.render_declarations(fight, state, drafts, schedules, self.errors, opened=self.opened,
                                                  same=same, notes=notes, gone=self._gone()))
