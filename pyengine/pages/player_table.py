"""The player's page (``player.html``, issue 35): joining the game master's table by his join code, then
the fight live on the player's own phone.

:class:`PlayerTable` is what the glue (``web/app/player.py``) calls, over a
:class:`~pyengine.pages.player.PlayerPage` (the table as this phone heard it, statements, dice,
write-back). Joining: the join code comes by the page's address (``#join=…``, a phone's camera app or the
app's scanner opened it) or typed; the player says his name; the glue answers the code's offer with
``web/static/peer.js`` and this shows the answer code for the game master to scan. Then it draws the
table as fight mode draws it (the rows read-only, his own combatants' statement forms open with "Send"),
what happened last, the log, the die asked of him and the results offered to him.

Coming back with no code scanned: once let in (``welcome``) the page prepares its way back (the glue calls
``strikeRankPeer.prepareRejoin`` and :meth:`PlayerTable.on_ticket` sends it as ``rejoin``), and keeps the
spare connection the game master's phone sends back (``spare``: ``keepSpare``). When the channel is gone,
or the page opens with a fight kept, it tries that spare first (``rejoin``), saying "Coming back to the
table…"; when there is none, it fails, or it does not open within :data:`REJOIN_WAIT_MS`, the fight kept
stays on the screen and the page says plainly to scan the join code again.

Every event of the connection goes through :meth:`PlayerTable.on_event`, which gives a :class:`Wire`: what
to draw, the frames to send, and what to ask of ``web/static/peer.js``. The glue only does that.

Regions: ``pl-join`` (name and the answer step), ``pl-answer`` (the answer code), ``pl-status`` (where
this phone stands, in words), ``pl-said``, ``pl-error``, ``fd-list`` (the table's rows), ``pl-send``,
``pl-ask``, ``pl-offers``, ``fw-out``, and :meth:`PlayerPage.shown`'s ``fd-happened``, ``fs-out``,
``fl-out``, ``fd-round``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pyengine.errors import LiveCodeError, RulesError
from pyengine.live import codes, sdp
from pyengine.live.codes import JoinCode
from pyengine.live.guest import Guest
from pyengine.live.messages import Rejected
from pyengine.pages.player import PlayerPage
from pyengine.pages.view import Update
from pyengine.render.fight import declaration_inner_html, declarations_html
from pyengine.render.live import asks_html, code_html, offers_html, send_html
from pyengine.runequest.melee.inputs import statement_draft

LOST = (
    "The connection to the game master's phone is lost and could not be restored by itself (his phone may have "
    "reloaded, closed the table or be out of reach): the fight below is as last seen. To come back, scan the join "
    "code again: the game master shows a new one (Code for the next player)."
)
COMING_BACK = "Coming back to the table\u2026 (the fight below is as last seen)"
#: How long the way back may take to open before the page falls back to the codes (milliseconds): the
#: page was back at the table about 100 ms after its channel was lost, and about 20 ms after a reloaded page
#: was working, in the browser tests (tests/browser/live/test_table_rejoin.py); a slow phone gets far more.
REJOIN_WAIT_MS = 5000
#: The name the phone's one way back is kept under (web/static/peer.js's IndexedDB store).
REJOIN_KEY = "table"


@dataclass
class Wire:
    """What an event of the player's page gives its glue: what to draw, the frames to send on the channel,
    and what to ask of ``web/static/peer.js`` under :attr:`key` (:data:`REJOIN_KEY`): ``prepare`` the way back
    (``prepareRejoin``, its ticket to :meth:`PlayerTable.on_ticket`), ``keep`` this spare offer (``keepSpare``),
    ``rejoin`` by the spare kept (``rejoin``: ``null`` or a throw is the event ``rejoin-none``, and the glue
    gives ``rejoin-late`` after :data:`REJOIN_WAIT_MS`), ``close`` the connection it holds."""

    update: Update = field(default_factory=Update)
    sends: list[bytes] = field(default_factory=list)
    key: str = ""
    prepare: bool = False
    keep: str = ""
    rejoin: bool = False
    close: bool = False


class PlayerTable:
    """The player's page: the join code being answered, the channel's state, the table drawn."""

    wait_ms = REJOIN_WAIT_MS

    def __init__(self, page: PlayerPage) -> None:
        self.page = page
        self.join: JoinCode | None = None
        self.channel = "none"
        """``none`` (no channel yet), ``joining`` (a join code read), ``answering``, ``open``, ``rejoining`` (by
        the spare kept), ``lost``, ``codes`` (no channel: the fight followed by codes,
        :mod:`pyengine.pages.player_codes`)."""
        self._rows = ""
        self.editing: dict[str, dict[str, Any]] = {}
        """His statements as his forms hold them, not yet taken by the game master (a state that comes in
        draws his forms from these, not over what he is changing)."""
        self.errors: dict[str, str] = {}
        """His statements' refusals, by the form's field ids (``fd-<k>`` for the row)."""
        self._rows = ""
        """What the rows were last drawn from (his statement forms are drawn again only when it changes)."""

    # -- opening and joining -------------------------------------------------------------------------

    def open(self, fragment: str) -> Wire:
        """The page opens (``fragment``: its address's ``#…``): the fight kept shown at once; a join code in
        the address read (the name step shown), else, with a fight kept, the way back tried first."""
        update = self.page.open()
        kept = self.page.guest
        name = kept.name if kept is not None else ""
        update |= Update(values={"pl-name": name})
        if fragment.startswith(f"#{codes.JOIN_KEY}="):
            return Wire(update | self.on_code(fragment[1:]) | self.drawn())
        if kept is not None and kept.fight:
            return self._come_back(update)
        return Wire(update | self.drawn())

    @property
    def key(self) -> str:
        """What the way back is kept under on this phone (``""``: no table yet): one name, not the table's id,
        which a table opened again changes between the ``welcome`` and the state that says it."""
        guest = self.page.guest
        return REJOIN_KEY if guest is not None and guest.table else ""

    def _come_back(self, update: Update | None = None) -> Wire:
        """The channel lost (or the page opened with a fight kept): the spare kept tried first, else the codes."""
        guest, update = self.page.guest, update or Update()
        if not self.key or guest is None or guest.status == "refused":
            self.channel = "lost"
            return Wire(update | self.drawn(), close=True)
        self.channel = "rejoining"
        return Wire(update | self.drawn(), key=self.key, rejoin=True, close=True)

    def on_event(self, kind: str, detail: bytes | str = "") -> Wire:
        """An event of the connection (``web/static/peer.js``'s ``open``, ``message`` with its bytes,
        ``close``, ``state`` with the connection's state, ``error``) or of the way back (``rejoin-none``:
        nothing kept, or it failed; ``rejoin-late``: it did not open in time)."""
        if kind == "open":
            update, sends = self.connected()
            return Wire(update, sends)
        if kind == "message" and isinstance(detail, bytes):
            update, sends = self.received(detail)
            heard = {h.kind: h.message for h in self.page.heard}
            spare = heard.get("spare")
            return Wire(update, sends, key=self.key, prepare="welcome" in heard, keep=getattr(spare, "offer", "") if spare is not None else "")
        if kind == "close" or (kind == "state" and detail in ("failed", "closed")):
            return self.lost()
        if kind in ("rejoin-none", "rejoin-late") and self.channel == "rejoining":
            self.channel = "lost"
            return Wire(self.drawn(), close=kind == "rejoin-late")
        return Wire()

    def on_ticket(self, fingerprint: str, ufrag: str, pwd: str) -> Wire:
        """The way back prepared (``prepareRejoin``'s ticket): sent to the game master's phone, which makes a
        spare connection for it and sends its offer back."""
        guest = self.page.guest
        if guest is None or guest.status != "seated" or self.channel != "open":
            return Wire()
        return Wire(sends=[guest.rejoin(fingerprint, ufrag, pwd)])

    def on_code(self, text: str) -> Update:
        """A join code (link, scanned or typed): read, and the name step shown."""
        try:
            join = codes.read_join(text if "#" in text or "=" not in text else f"#{text}")
        except LiveCodeError as exc:
            return Update(errors={"pl-code": str(exc)})
        self.join, self.channel = join, "joining"
        return Update(
            errors={"pl-code": ""},
            hidden={"pl-named": False},
            html={"pl-answer": ""},
            text={"pl-status": "Join code read. Say your name, then make your answer code."},
            focus="pl-name",
        )

    def on_typed_code(self, values: Mapping[str, str]) -> Update:
        return self.on_code(values.get("pl-code", "").strip())

    def on_join(self, values: Mapping[str, str]) -> tuple[Update, str]:
        """ "Make my answer code": his name kept; the offer's description the glue answers (``""``: not now)."""
        if self.join is None:
            return Update(errors={"pl-code": "Scan or type the game master's join code first"}), ""
        update, _ = self.page.join(values.get("pl-name", ""))
        if update.errors:
            return update, ""
        self.channel = "answering"
        return update | Update(errors={"pl-name": ""}, text={"pl-status": "Making your answer code\u2026"}), sdp.to_sdp(self.join.session)

    def answer_made(self, description: str) -> Update:
        """This phone's answer (its SDP text) made: the answer code for the game master to scan."""
        if self.join is None:
            return Update()
        try:
            answer = codes.make_answer(sdp.from_sdp(description), self.join)
        except LiveCodeError as exc:
            return Update(text={"pl-status": f"No answer code could be made on this phone: {exc}"})
        from pyengine import qr  # the QR encoder loads with the answer code, not as the page starts

        text = codes.answer_text(answer)
        try:
            code = qr.encode(text)
        except RulesError as exc:
            return Update(text={"pl-status": f"The answer code cannot be drawn: {exc}"})
        html = code_html(
            "pl-code-shown",
            qr.svg(code, "QR code: your answer code"),
            codes.answer_typed(answer),
            "Show this to the game master: his phone scans it",
            code.describe(),
        )
        return Update(html={"pl-answer": html}, text={"pl-status": "Show your answer code to the game master."}, scroll="pl-answer")

    # -- the channel -------------------------------------------------------------------------------

    def connected(self) -> tuple[Update, list[bytes]]:
        """The channel to the game master's phone is open: the hello (naming what this phone holds). The join
        code leaves the address: a reload shows the fight kept, not this code's answer step again."""
        self.channel = "open"
        self.join = None
        update = Update(html={"pl-answer": ""}, hidden={"pl-named": True}, address="./player.html")
        return update | self.drawn(), self.page.connected()

    def lost(self) -> Wire:
        """The channel is gone (closed, failed). The fight stays shown; an open channel lost is come back to by
        the spare kept; the way back itself lost, the page says to scan the join code again."""
        if self.channel == "open":
            return self._come_back()
        if self.channel == "rejoining":
            self.channel = "lost"
            return Wire(self.drawn(), close=True)
        return Wire(self.drawn())

    def received(self, data: bytes) -> tuple[Update, list[bytes]]:
        update, sends = self.page.received(data)
        return update | self.answered(), sends

    def answered(self) -> Update:
        """What the game master did with his statements (heard on the channel, or read in a fight code): his
        forms cleared or their refusals put on their fields, each said once; the table drawn."""
        guest, fight = self.page.guest, self.page.fight
        names = [c.name for c in fight.combatants] if fight is not None else []
        for who, answer in guest.answers.items() if guest is not None else ():
            if who in names:
                self._clear(names.index(who))
                if not isinstance(answer, Rejected):
                    self.editing.pop(who, None)
                if isinstance(answer, Rejected):  # in the form's own words, on its field and its row
                    k = names.index(who)
                    self.errors[f"fd-{k}"] = f"{who} \u2014 {answer.why}"
                    if answer.field.startswith(f"fd-{k}-"):
                        self.errors[answer.field] = answer.why
        if guest is not None:
            guest.answers.clear()  # each answer said once
        return self.drawn()

    def _clear(self, k: int) -> None:
        self.errors = {f: m for f, m in self.errors.items() if f != f"fd-{k}" and not f.startswith(f"fd-{k}-")}

    def status(self) -> str:
        """Where this phone stands, in words."""
        guest = self.page.guest
        if guest is not None and guest.status == "refused" and self.channel in ("open", "lost"):
            if guest.seat is None:
                return f"Turned away: {guest.why}."
            return f"The table let this phone go: {guest.why}. The fight below is as last seen; to join again, scan the join code he shows."
        if self.channel == "lost":
            return LOST
        if self.channel == "rejoining":
            return COMING_BACK
        if self.channel == "joining":
            return "Join code read. Say your name, then make your answer code."
        if self.channel == "answering":
            return "Show your answer code to the game master."
        if self.channel == "codes":
            return by_codes_status(guest)
        if guest is None or self.channel == "none":
            return "Scan the join code on the game master's phone, or open it from its link."
        if guest.status == "seated":
            plays = f"you play {' and '.join(guest.mine)}" if guest.mine else "the game master gives you whom you play"
            return f"Connected to the game master's table as {guest.name} (seat {guest.seat}): {plays}."
        return "Connected: waiting for the game master to let you in."

    # -- the table drawn -----------------------------------------------------------------------------

    def drawn(self) -> Update:
        """The status, the table's rows (his own open onto their forms), Send, the dice asked, the offers."""
        page, guest = self.page, self.page.guest
        update = Update(text={"pl-status": self.status()})
        fight, state = page.fight, page.state()
        mine = tuple(guest.mine) if guest is not None else ()
        if fight is None or state is None:
            rows = ""
            if rows != self._rows:
                self._rows = rows
                update |= Update(html={"fd-list": declarations_html(None, None, {}), "pl-send": ""})
        else:
            names = [c.name for c in fight.combatants]
            drafts = {n: self.editing.get(n) or page.statement_of(n) for n in names}
            rows = repr((guest.fight if guest else "", mine, sorted((n, repr(d)) for n, d in drafts.items()), sorted(self.errors.items())))
            if rows != self._rows:
                self._rows = rows
                gone = page.log.gone() if page.log is not None else {}
                own = [(k, n) for k, n in enumerate(names) if n in mine and n not in gone and state.bodies[n].condition != "dead"]
                update |= Update(
                    html={
                        "fd-list": declarations_html(
                            fight, state, _filled(drafts), opened={n for _, n in own}, errors=self.errors, gone=gone, drawn=False
                        ),
                        "pl-send": send_html(own),
                    }
                )
        asks = {n: (a.sides, a.purpose) for n, a in guest.asks.items()} if guest is not None else {}
        offers = [(n, o.who, o.label) for n, o in guest.offers.items()] if guest is not None else []
        update |= Update(html={"pl-ask": asks_html(asks), "pl-offers": offers_html(offers, page.adventurers() if offers else {})})
        return update

    # -- acting ---------------------------------------------------------------------------------------

    def on_form(self, values: Mapping[str, str], field_id: str) -> Update:
        """A field of his statement's form changed (``values``: his form's fields): kept as he has it; what he
        does chosen anew draws the form again (its fields depend on it), as fight mode's does."""
        fight, state = self.page.fight, self.page.state()
        m = re.match(r"fd-(\d+)-", field_id)
        if fight is None or state is None or m is None or int(m.group(1)) >= len(fight.combatants):
            return Update()
        k = int(m.group(1))
        name = fight.combatants[k].name
        draft = statement_draft(fight, k, values, self.editing.get(name) or self.page.statement_of(name))
        if draft is None:
            return Update()
        self.editing[name] = draft
        if not field_id.endswith("-do"):
            return Update()
        gone = self.page.log.gone() if self.page.log is not None else {}
        form = declaration_inner_html(fight, state, k, draft, None, same=None, note="", gone=gone)
        return Update(html={f"fd-{k}": form}, focus=field_id)

    def on_click(self, data: Mapping[str, str], values: Mapping[str, str]) -> tuple[Update, list[bytes]]:
        """A button: "Send" (``data-send``), "Roll" (``data-roll``), "Use my roll" (``data-typed``), "Show what
        it writes" (``data-plan``), the write-back's "Confirm", "Cancel", "Undo" (``fw-…``)."""
        page = self.page
        act = data.get("id", "")
        if data.get("send"):
            who, fight = data["send"], page.fight
            update, sends = page.on_statement(who, values)
            if sends and fight is not None and fight.combatant(who) is not None:
                k = [c.name for c in fight.combatants].index(who)
                self._clear(k)
                sent = statement_draft(fight, k, values, self.editing.get(who) or page.statement_of(who))
                if sent is not None:
                    self.editing[who] = sent  # shown as sent until the game master takes it
        elif data.get("roll", "").isdigit():
            update, sends = page.on_roll(int(data["roll"]))
        elif data.get("typed", "").isdigit():
            update, sends = page.on_typed(int(data["typed"]), values.get("pl-typed", ""))
        elif data.get("plan", "").isdigit():
            number = int(data["plan"])
            return page.on_plan(number, values.get(f"pl-adv-{number}", "")), []
        elif act == "fw-confirm":
            update, sends = page.on_confirm()
        elif act == "fw-cancel":
            update, sends = page.on_decline()
        elif act == "fw-undo":
            update, sends = page.on_undo()
        else:
            return Update(), []
        if data.get("roll") or data.get("typed"):
            guest = page.guest
            if sends and guest is not None:
                guest.asks.pop(int(data.get("roll") or data.get("typed")), None)  # given: not asked twice
        return update | self.drawn(), sends


def by_codes_status(guest: Guest | None) -> str:
    """Where a phone that follows the table by codes alone stands, in words."""
    if guest is not None and guest.status == "seated":
        plays = f"you play {' and '.join(guest.mine)}" if guest.mine else "the game master gives you whom you play"
        return (
            f"At the table by codes as {guest.name} (seat {guest.seat}): {plays}. Scan the game master's fight code "
            "to follow the fight; what you state or roll becomes a code to show him."
        )
    if guest is not None and guest.status == "waiting":
        return "Show your code to join to the game master; once he lets you in, scan his fight code again."
    if guest is not None and guest.status == "refused":  # read in the fight code (no channel to say it)
        return "The game master did not let you in. You still follow the fight by codes; to ask again, make a new code to join."
    return "You follow the fight by codes (no network): to play, say your name and make your code to join."


def _filled(drafts: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {name: draft for name, draft in drafts.items() if draft}
