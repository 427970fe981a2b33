"""A player's phone at the game master's live table (issue 35): following the fight, stating for his own
combatants, rolling the dice asked of him, and writing the fight's results to his own adventurer.

:class:`PlayerPage` is a page controller over a :class:`~pyengine.live.guest.Guest`: each action gives
what the page draws and the frames to send to the game master's phone (the glue moves them). The fight
it shows is the game master's, replayed here from its share link by the same engine, so it is the same
fight to the die. The write-back is fight mode's own (:class:`~pyengine.pages.fight.campaign.CampaignService`:
the plan, "Confirm", "Undo"), against the adventurer the player picks among his own records.

What the phone keeps (``strike-rank/draft/player``, docs/formats.md "Live table"): its device id, the
player's name, the last whole state the table sent, and what "Confirm" wrote while it can be undone. A
reload shows the same fight at once, and the hello names its revision to catch up from.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import msgspec

from pyengine.dice import Dice, RandomDice
from pyengine.errors import ConflictError, FieldError, LiveMessageError, RecordError, RulesError, StorageError
from pyengine.library.drafts import keep_draft, read_draft
from pyengine.live.guest import Guest, Heard
from pyengine.live.messages import Offer, State, message_link, read_message_link
from pyengine.pages.combat import saved_adventurers
from pyengine.pages.fight.campaign import CampaignService, Pending
from pyengine.pages.fight.core import iso_now
from pyengine.pages.fight.draft import Written
from pyengine.pages.fight.live import to_draft, to_message
from pyengine.pages.view import Update
from pyengine.render.fight import happened_html, log_html, state_html
from pyengine.render.fight_writeback import plan_html, said_html, written_html
from pyengine.runequest.combat.inputs import read_typed_roll
from pyengine.runequest.melee.build import melee_tables
from pyengine.runequest.melee.inputs import statement_draft
from pyengine.runequest.melee.kept import KeptRounds
from pyengine.runequest.melee.log import FightLog, read_any, replay
from pyengine.runequest.melee.model import Fight, FightState, start
from pyengine.runequest.tables.catalogue import RuneQuestTables
from pyengine.runequest.tables.hit_locations import HitLocationTable
from pyengine.storage.store import Store
from pyengine.validation import explain

#: The round card before the first round, on a player's phone: he states, the game master resolves.
NO_ROUND_YET = "No round resolved yet: state what your own fighters do and send it; the game master resolves each round."
#: The format of what the phone keeps.
FORMAT = 1
#: The most answered offers kept: a fight's results are offered once or twice a combatant.
MAX_ANSWERED = 64
#: The longest kept text read (characters): a state's code is at most 16,384, the rest is small.
MAX_KEPT = 65_536


class PlayerKept(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What a player's phone keeps (docs/formats.md, "A player's phone keeps")."""

    format: int = FORMAT
    device: str = ""
    name: str = ""
    state: str = ""
    """The last whole state the table sent, as its code (:func:`~pyengine.live.messages.message_link`)."""
    key: Annotated[str, msgspec.Meta(pattern=r"^([0-9a-f]{24,64})?$")] = ""
    answered: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]], msgspec.Meta(max_length=MAX_ANSWERED)] = []
    """The write-back offers of the table it holds that this phone answered (the table by codes alone: the
    fight code carries an offer until the game master reads the answer), the last :data:`MAX_ANSWERED`."""
    """The key his codes are sealed with (the table by codes alone; ``""``: none), as his code to join gave it."""
    written: Written | None = None


def read_kept(text: str | None) -> tuple[PlayerKept, State | None, list[str]]:
    """What the phone kept, the state it holds, and what did not read (each in words: that part starts empty)."""
    if not text:
        return PlayerKept(), None, []
    if len(text) > MAX_KEPT:
        return PlayerKept(), None, [f"the live table kept on this phone is damaged ({len(text):,} characters; "
                                    f"at most {MAX_KEPT:,})"]
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return PlayerKept(), None, ["the live table kept on this phone is damaged (not JSON)"]
    if not isinstance(data, dict):
        return PlayerKept(), None, ["the live table kept on this phone is damaged (not a JSON object)"]
    if data.get("format") != FORMAT:
        return PlayerKept(), None, [f"the live table kept on this phone is of format {data.get('format')!r}, "
                                    f"not {FORMAT}: join the table again"]
    try:
        kept = msgspec.convert(data, type=PlayerKept)
    except msgspec.ValidationError as exc:
        return PlayerKept(), None, [f"the live table kept on this phone is damaged: {explain(exc, data, 'record')}"]
    if not kept.state:
        return kept, None, []
    try:
        state = read_message_link(kept.state)
    except LiveMessageError as exc:
        return msgspec.structs.replace(kept, state=""), None, [f"the fight kept on this phone does not read: {exc}"]
    if not isinstance(state, State) or state.base:
        return msgspec.structs.replace(kept, state=""), None, ["the fight kept on this phone is not a whole state"]
    return kept, state, []


class PlayerPage:
    """A player's phone: the table as it last heard it, the fight replayed from it, the write-back."""

    def __init__(self, tables: RuneQuestTables, locations: HitLocationTable, store: Store, dice: Dice | None = None,
                 *, now: Callable[[], str] | None = None, new_id: Callable[[], str] | None = None,
                 random_bytes: Callable[[int], bytes] | None = None) -> None:
        self.tables = tables
        self.store = store
        self.dice = dice or RandomDice()
        self.now = now or iso_now
        self.new_id = new_id
        self.random_bytes = random_bytes or os.urandom
        """Where the key his codes are sealed with comes from (the table by codes alone)."""
        self.mt = melee_tables(tables, locations)
        self.guest: Guest | None = None
        self.log: FightLog | None = None
        self.results = KeptRounds()
        self._shown = ""
        """The fight link :attr:`log` was replayed from."""
        self.problems: list[str] = []
        self.campaign = CampaignService(store, tables)
        self.pending: Pending | None = None
        self.pending_offer: Offer | None = None
        self.written: Written | None = None
        self.written_offer = 0
        self.offered: dict[int, str] = {}
        """Each offer's fight link as the phone held it when the offer came: an offer for another fight is gone."""
        self.heard: list[Heard] = []
        """What the last frame received said (the player's page acts on a ``welcome`` and a ``spare``)."""

    # -- joining and coming back ---------------------------------------------------------------------

    def open(self) -> Update:
        """The page opens: what the phone kept comes back (the fight as last seen shown at once)."""
        kept, state, self.problems = read_kept(read_draft(self.store, "player"))
        self.written = kept.written
        if kept.device and kept.name:
            self.guest = Guest(kept.device, kept.name, state, key=kept.key, answered=kept.answered,
                               random_bytes=self.random_bytes)
        return self._replayed() | self.shown()

    def join(self, name: str) -> tuple[Update, list[bytes]]:
        """The player's name given as he joins (a new device id the first time): the hello to send."""
        name = name.strip()[:40]
        if not name:
            return Update(errors={"pl-name": "name: say who you are at the table"}), []
        if self.guest is None:
            device = self.new_id() if self.new_id is not None else os.urandom(12).hex()
            self.guest = Guest(device, name, random_bytes=self.random_bytes)
        else:
            self.guest.name = name
        return self.save(), [self.guest.hello()]

    def connected(self, wants: tuple[str, ...] = ()) -> list[bytes]:
        """A channel to the table is open (again): the hello, naming what this phone holds."""
        return [self.guest.hello(wants)] if self.guest is not None else []

    def received(self, data: bytes) -> tuple[Update, list[bytes]]:
        """A frame from the game master's phone."""
        if self.guest is None:
            return Update(), []
        got = self.guest.received(data)
        self.heard = got.heard
        return self.took(got.heard), got.sends

    def took(self, heard: list[Heard]) -> Update:
        """What the table said (a frame's, or a fight code's read with no channel): said, the fight
        replayed and drawn, the phone's table kept."""
        update = Update()
        for said in heard:
            update |= self._heard(said)
        return update | self._replayed() | self.shown() | self.save()

    def _heard(self, heard: Heard) -> Update:
        if isinstance(heard.message, Offer):
            self.offered[heard.message.offer] = self.guest.fight if self.guest else ""
        if heard.kind == "state":  # the table drawn says it; what was said last (taken, refused) stays
            return Update()
        return Update(notices={"pl-said": heard.text})

    # -- the fight as the table shows it ------------------------------------------------------------

    def _replayed(self) -> Update:
        fight = self.guest.fight if self.guest is not None else ""
        if fight == self._shown:
            return Update()
        try:
            log = read_any(fight) if fight else None
            replayed = replay(log, self.mt) if log is not None and log.fight.combatants else None
        except RulesError as exc:
            return Update(notices={"pl-error": f"The table's fight could not be replayed here: {exc}"})
        self._shown = fight
        self.log = log if replayed is not None else None
        self.results = KeptRounds(replayed.rounds if replayed is not None else ())
        return Update(notices={"pl-error": ""})

    @property
    def fight(self) -> Fight | None:
        return self.log.fight if self.log is not None else None

    def state(self) -> FightState | None:
        if self.log is None:
            return None
        return self.results[-1].state if self.results else start(self.log.fight)

    def shown(self) -> Update:
        """The table as this phone shows it: what happened last, everyone now, the log."""
        fight, state = self.fight, self.state()
        gone = self.log.gone() if self.log is not None else {}
        return Update(html={"fd-happened": happened_html(self.results[-1] if self.results else None, NO_ROUND_YET),
                            "fs-out": state_html(fight, state, gone), "fl-out": log_html(self.results)},
                      text={"fd-round": str((state.round if state else 0) + 1)})

    def statement_of(self, who: str) -> dict[str, Any]:
        """``who``'s statement as the table holds it now (as fight mode's draft holds one)."""
        held = self.guest.statements.get(who) if self.guest is not None else None
        return to_draft(held) if held is not None else {}

    # -- acting ---------------------------------------------------------------------------------------

    def want(self, who: tuple[str, ...]) -> list[bytes]:
        """The player asks to play these combatants."""
        return [self.guest.want(who)] if self.guest is not None else []

    def on_statement(self, who: str, values: Mapping[str, str]) -> tuple[Update, list[bytes]]:
        """His statement form (``values``: its fields, ``fd-<k>-…`` as fight mode names them) sent for
        ``who``; refused here, before sending, when ``who`` is not his to play."""
        fight = self.fight
        if self.guest is None or fight is None or fight.combatant(who) is None:
            return Update(notices={"pl-said": f"{who} is not in the fight this phone shows"}), []
        k = [c.name for c in fight.combatants].index(who)
        draft = statement_draft(fight, k, values, self.statement_of(who))
        if draft is None:
            return Update(notices={"pl-said": f"{who} states nothing now"}), []
        try:
            data = self.guest.state_for(who, to_message(draft))
        except LiveMessageError as exc:
            return Update(notices={"pl-said": str(exc).removeprefix("live table: ")}), []
        return Update(notices={"pl-said": f"{who}'s statement sent to the game master"}), [data]

    def on_roll(self, ask: int) -> tuple[Update, list[bytes]]:
        """A die asked of him, rolled by this phone."""
        asked = self.guest.asks.get(ask) if self.guest is not None else None
        if asked is None:
            return Update(notices={"pl-said": "This die is no longer asked for."}), []
        value = self.dice.roll(asked.sides)
        return Update(notices={"pl-said": f"Rolled {value} on a D{asked.sides}"}), [self.guest.roll(ask, value)]

    def on_typed(self, ask: int, text: str) -> tuple[Update, list[bytes]]:
        """A die asked of him, typed from his own dice (``00`` is a D100's 100)."""
        asked = self.guest.asks.get(ask) if self.guest is not None else None
        if asked is None:
            return Update(notices={"pl-said": "This die is no longer asked for."}), []
        try:
            value = read_typed_roll(text, "pl-typed", "roll", asked.sides)
        except FieldError as exc:
            return Update(errors={"pl-typed": str(exc)}), []
        return Update(errors={"pl-typed": ""}, values={"pl-typed": ""}), [self.guest.roll(ask, value, typed=True)]

    # -- the fight's results on his own adventurer ---------------------------------------------------

    def adventurers(self) -> dict[str, str]:
        """His saved adventurers on this phone, by id: the names to choose from."""
        return {ident: adventurer.name or ident for ident, (adventurer, _) in
                saved_adventurers(self.store, self.tables).items()}

    def on_plan(self, offer: int, character: str) -> Update:
        """What an offer would write to his adventurer ``character`` (one of his records), shown first."""
        made = self.guest.offers.get(offer) if self.guest is not None else None
        if made is None or self.log is None or self.offered.get(offer) != self.guest.fight:
            self.guest and self.guest.offers.pop(offer, None)
            return Update(html={"fw-out": said_html("The fight changed since this was offered: the game master can "
                                                    "offer it again.")})
        fight = self.log.fight
        if fight.combatant(made.who) is None:
            return Update(html={"fw-out": said_html(f"{made.who} is not in this fight.")})
        # Only his combatant is written, to the record he picked on this phone.
        mine = Fight(combatants=tuple(msgspec.structs.replace(c, character=character if c.name == made.who else "")
                                      for c in fight.combatants))
        try:
            self.pending = self.campaign.plan(mine, self.results, dice=None, fight_id=made.fight, label=made.label,
                                              checked=())
        except RulesError as exc:
            return Update(html={"fw-out": said_html(f"The results could not be worked out: {exc}")})
        self.pending_offer = made
        return Update(html={"fw-out": plan_html(self.pending)})

    def on_confirm(self) -> tuple[Update, list[bytes]]:
        """"Confirm": the plan written to his adventurer (and what "Undo" needs, in the same save)."""
        if self.pending is None or self.pending_offer is None or self.guest is None:
            return Update(), []
        pending, offer = self.pending, self.pending_offer

        def keep(store: Store, written: Written) -> None:
            self.written, self.written_offer = written, offer.offer
            self.guest.answered.add(offer.offer)  # kept in the same save: never offered again, even after a reload
            keep_draft(store, "player", self.kept_text())

        try:
            written = self.campaign.confirm(pending, now=self.now(), keep=keep)
        except (ConflictError, StorageError) as exc:
            self.written = None
            return Update(html={"fw-out": said_html(str(exc))}), []
        self.pending = self.pending_offer = None
        return Update(html={"fw-out": written_html(written)}), [self.guest.answer(offer.offer, "confirmed")]

    def on_decline(self) -> tuple[Update, list[bytes]]:
        """"Cancel": nothing written."""
        offer, self.pending, self.pending_offer = self.pending_offer, None, None
        sends = [self.guest.answer(offer.offer, "declined")] if offer is not None and self.guest is not None else []
        return Update(html={"fw-out": said_html("Nothing was written.")}), sends

    def on_undo(self) -> tuple[Update, list[bytes]]:
        """"Undo": his adventurer back as before "Confirm"."""
        written = self.written
        if written is None:
            return Update(), []

        def keep(store: Store) -> None:
            self.written = None
            keep_draft(store, "player", self.kept_text())

        try:
            said = self.campaign.undo(written, now=self.now(), keep=keep)
        except (ConflictError, StorageError, RecordError) as exc:
            self.written = written
            return Update(html={"fw-out": written_html(written, str(exc))}), []
        sends = [self.guest.answer(self.written_offer, "undone")] if self.guest is not None and self.written_offer else []
        return Update(html={"fw-out": said_html(said)}), sends

    # -- kept on the phone ----------------------------------------------------------------------------

    def kept_text(self) -> str:
        guest = self.guest
        whole = guest.whole() if guest is not None else None
        kept = PlayerKept(device=guest.device if guest else "", name=guest.name if guest else "",
                          state=message_link(whole) if whole is not None else "", written=self.written,
                          key=guest.key if guest else "", answered=sorted(guest.answered)[-MAX_ANSWERED:] if guest else [])
        data = msgspec.to_builtins(kept)
        if data["written"] is None:
            del data["written"]
        for field in ("key", "answered"):  # a phone on a channel keeps what it kept before the table by codes
            if not data[field]:
                del data[field]
        return json.dumps(data)

    def save(self) -> Update:
        try:
            keep_draft(self.store, "player", self.kept_text())
        except (StorageError, LiveMessageError) as exc:
            return Update(notices={"pl-error": f"This phone could not keep the table: {exc}"})
        return Update()
